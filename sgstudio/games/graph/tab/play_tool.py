"""Play on the Graph tab: the token game of the graph, the private copy the Analysis panel follows
while play is on, and the mouse mode that moves a token by dragging it.

A person moves a token by dragging it from its vertex to a successor (the :class:`PlayTool` mouse
mode); the drop asks the tab to play that move (``target.on_drop``), and the Play panel plays it or
refuses it with the game's reason.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import numpy as np
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QWidget

from sgstudio.games.graph.dag.arrays import ArrayDagGame
from sgstudio.games.graph.dag.game import DagGame
from sgstudio.games.graph.loopy.arrays import ArrayLoopyGame
from sgstudio.games.graph.loopy.game import LoopyGame
from sgstudio.games.graph.model.graph import GameGraph
from sgstudio.games.graph.tab.canvas import animation
from sgstudio.games.graph.tab.canvas.tools import DoneGesture, Gesture, Tool


def graph_game(model: GameGraph) -> DagGame | LoopyGame:
    """The token game of ``model`` (vertex ids kept; ids no longer used become isolated sinks): on a
    DAG, or on a graph with cycles in loopy mode (where play may be a draw).

    >>> g = GameGraph.from_edges(3, [(0, 2), (2, 1)]); g.remove_node(1); g.add_token(0)
    >>> game = graph_game(g); game.legal_moves((0,)), game.value((0,))
    ([(0, 2)], 1)
    >>> print(graph_game(GameGraph.from_edges(2, [(0, 1), (1, 0)], loopy=True)).outcome((0,)))
    DRAW
    """
    n = max(model.nodes(), default=-1) + 1
    if model.loopy:
        return ArrayLoopyGame(n, *model.edge_arrays())
    return ArrayDagGame(n, *model.edge_arrays())  # from the bulk arrays: no tuple per vertex


def shadow_copy(model: GameGraph) -> GameGraph:
    """A copy of the graph (same ids, labels, values; no tokens) for the Analysis panel to follow.

    >>> g = GameGraph.from_edges(3, [(0, 2)]); g.remove_node(1); g.set_label(0, "A"); g.add_token(0)
    >>> c = shadow_copy(g); c.nodes(), c.label(0), c.grundy(0), c.tokens()
    ([0, 2], 'A', 1, [])
    """
    ids = np.array(model.nodes(), np.int64)
    n = int(ids.max()) + 1 if ids.size else 0
    copy = GameGraph.from_edges(n, np.stack(model.edge_arrays(), axis=1), loopy=model.loopy)
    alive = np.zeros(n, bool)
    alive[ids] = True
    for v in np.flatnonzero(~alive).tolist():  # ids no longer used (few): gone in the copy too
        copy.remove_node(v)
    for v, label in model.custom_labels().items():
        copy.set_label(v, label)
    copy.set_positions(ids, model.positions()[ids])  # in bulk: a big graph's copy is arrays
    return copy


def set_tokens(model: GameGraph, tokens: Sequence[int]) -> None:
    """Make ``model``'s tokens exactly ``tokens`` (a private copy: no undo step)."""
    want, have = Counter(tokens), Counter(model.tokens())
    for v, n in (have - want).items():
        for _ in range(n):
            model.remove_token(v)
    for v, n in (want - have).items():
        for _ in range(n):
            model.add_token(v)


class PlayTool(Tool):
    """Play mode's mouse: drag a token from its vertex to a successor to move it."""

    name, title = "play", "Play"
    tooltip = "Play: drag a token from its vertex to a successor to move it"
    context_menu = False

    def __init__(self, canvas: QWidget, target: Any) -> None:
        super().__init__(canvas)
        self.target = target  # the Graph tab: its token counts, labels and on_drop

    def press(self, button, mods, pos, view_pos):
        item = self.canvas.vertex_at(pos)
        if button != Qt.MouseButton.LeftButton or item is None:
            return None
        if not self.target.counts[item.vertex]:
            self.canvas.status_message.emit(f"No token on {self.target.label(item.vertex)} to move")
            return DoneGesture()
        return TokenDrag(self.canvas, self.target, item.vertex, pos)

    def double_click(self, pos: QPointF) -> bool:
        return True  # no new vertex, no rename while playing

    def hover_cursor(self, pos):
        item = self.canvas.vertex_at(pos)
        if item is not None and self.target.counts[item.vertex]:
            return Qt.CursorShape.OpenHandCursor
        return Qt.CursorShape.ArrowCursor


class TokenDrag(Gesture):
    """A token follows the mouse from vertex ``u``; dropping it on a vertex asks to play u -> that."""

    def __init__(self, canvas: QWidget, target: Any, u: int, start: QPointF) -> None:
        self.canvas, self.target, self.u = canvas, target, u
        self.disc = animation.token_disc()
        self.disc.setPos(start)
        canvas.scene().addItem(self.disc)
        canvas.scene().begin_rubber(u)
        canvas.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)

    def move(self, pos: QPointF, view_pos: QPointF) -> None:
        self.disc.setPos(pos)
        over = self.canvas.vertex_at(pos)
        self.canvas.scene().move_rubber(pos, None if over is None or over.vertex == self.u else over)

    def release(self, pos: QPointF, view_pos: QPointF) -> None:
        over = self.canvas.vertex_at(pos)
        self.cancel()
        if over is None or over.vertex == self.u:
            self.canvas.status_message.emit(
                f"Drop the token on a successor of {self.target.label(self.u)} to move it")
            return
        self.target.on_drop((self.u, over.vertex))

    def cancel(self) -> None:
        scene = self.canvas.scene()
        scene.end_rubber()
        if self.disc.scene() is scene:
            scene.removeItem(self.disc)
        self.canvas.viewport().unsetCursor()
