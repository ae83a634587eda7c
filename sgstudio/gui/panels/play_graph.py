"""Play on the Graph tab: the session's position shown on the canvas, tokens moved by dragging.

While play mode is on, the document (the GameGraph on the undo stack) is never changed: the canvas's
vertex items show the *session's* token counts as an overlay, and the Analysis panel follows a
private copy of the graph whose tokens follow the session. So every undo command, built and run
against the document, stays valid; an edit (any change of the undo stack) simply ends play mode
and the canvas shows the document's own tokens again — the position from before play began.
"Keep this position" ends play mode and then places the played tokens as one undo step.

A person moves a token by dragging it from its vertex to a successor (the :class:`PlayTool` mouse
mode); a slide animation (:mod:`sgstudio.gui.canvas.animation`) shows every move.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QWidget

from sgstudio.core.games.dag import DagGame
from sgstudio.core.graph import GameGraph
from sgstudio.core.play import MoveRecord
from sgstudio.gui.canvas import animation
from sgstudio.gui.canvas.tools import DoneGesture, Gesture, Tool
from sgstudio.gui.commands import PlaceTokensCommand
from sgstudio.gui.panels.play_target import PlayTarget


def graph_game(model: GameGraph) -> DagGame:
    """The token game of ``model`` (vertex ids kept; ids no longer used become isolated sinks).

    >>> g = GameGraph.from_edges(3, [(0, 2), (2, 1)]); g.remove_node(1); g.add_token(0)
    >>> game = graph_game(g); game.legal_moves((0,)), game.value((0,))
    ([(0, 2)], 1)
    """
    n = max(model.nodes(), default=-1) + 1
    return DagGame.from_edges(n, model.edges())


def shadow_copy(model: GameGraph) -> GameGraph:
    """A copy of the graph (same ids, labels, values; no tokens) for the Analysis panel to follow.

    >>> g = GameGraph.from_edges(3, [(0, 2)]); g.remove_node(1); g.set_label(0, "A"); g.add_token(0)
    >>> c = shadow_copy(g); c.nodes(), c.label(0), c.grundy(0), c.tokens()
    ([0, 2], 'A', 1, [])
    """
    n = max(model.nodes(), default=-1) + 1
    copy = GameGraph.from_edges(n, model.edges())
    for v in range(n):
        if not model.has_node(v):
            copy.remove_node(v)
    for v in model.nodes():
        copy.set_label(v, model.label(v))
        copy.set_pos(v, model.pos(v))
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


class GraphPlayTarget(PlayTarget):
    """The Graph tab as seen by the Play panel."""

    title = "Graph"
    can_keep = True
    can_drag = True

    def __init__(self, canvas, analysis, on_drop: Callable[[tuple], None]) -> None:
        self.canvas, self.analysis, self.on_drop = canvas, analysis, on_drop
        self.undo_stack = canvas.undo_stack
        self.model: GameGraph = canvas.model
        self.shadow: GameGraph | None = None
        self.counts: Counter[int] = Counter()
        self.slide: animation.TokenSlide | None = None
        self.duration: int | None = None  # None: animation.DURATION_MS

    # -- the Play panel's side -------------------------------------------------------------------
    def game_and_position(self) -> tuple[DagGame, tuple[int, ...]]:
        return graph_game(self.model), tuple(self.model.tokens())

    def label(self, v: int) -> str:
        return self.model.label(v) if self.model.has_node(v) else str(v)

    def begin(self) -> None:
        self.shadow = shadow_copy(self.model)
        set_tokens(self.shadow, self.model.tokens())
        self.analysis.set_model(self.shadow)
        self.use_drag()

    def use_drag(self) -> None:
        """Make the canvas's mouse mode the token drag."""
        self.canvas.use_tool(PlayTool(self.canvas, self))

    def show(self, position: Sequence[int], record: MoveRecord | None, animate: bool) -> None:
        self._stop_slide()
        self.counts = Counter(position)
        items = self.canvas.scene().vertex_items
        for v, item in items.items():
            item.set_tokens(self.counts[v])
        if self.shadow is not None:
            set_tokens(self.shadow, position)
        if animate and record is not None:
            u, v = record.move
            if u in items and v in items:
                items[v].set_tokens(self.counts[v] - 1)  # the token is on its way
                self.slide = animation.slide_between(self.canvas.scene(), items[u].pos(), items[v].pos(),
                                                     self.duration, lambda: self._arrived(v))

    def _arrived(self, v: int) -> None:
        self.slide = None
        item = self.canvas.scene().vertex_items.get(v)
        if item is not None:
            item.set_tokens(self.counts[v])

    def _stop_slide(self) -> None:
        if self.slide is not None:
            slide, self.slide = self.slide, None
            slide.finish()

    def highlight(self, move: tuple | None) -> None:
        if move is None:
            self.canvas.clear_highlight()
        else:
            self.canvas.highlight_move(*move)

    def finish(self) -> None:
        self._stop_slide()
        self.canvas.clear_highlight()
        model = self.canvas.model  # the document's (a newly opened one, if that is what ended play)
        for v, item in self.canvas.scene().vertex_items.items():
            item.set_tokens(model.token_count(v))
        self.analysis.set_model(model)
        self.shadow = None
        if self.canvas.tool() == PlayTool.name:
            self.canvas.set_tool("select")

    def keep(self, position: Sequence[int]) -> None:
        self.undo_stack.push(PlaceTokensCommand(self.model, position, "Keep the played position"))


class PlayTool(Tool):
    """Play mode's mouse: drag a token from its vertex to a successor to move it."""

    name, title = "play", "Play"
    tooltip = "Play: drag a token from its vertex to a successor to move it"
    context_menu = False

    def __init__(self, canvas: QWidget, target: GraphPlayTarget) -> None:
        super().__init__(canvas)
        self.target = target

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

    def __init__(self, canvas: QWidget, target: GraphPlayTarget, u: int, start: QPointF) -> None:
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
