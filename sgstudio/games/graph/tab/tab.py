"""The Graph tab: the canvas that draws and edits the game graph, as a tab like the others.

Its game is the document's graph (:class:`~sgstudio.games.graph.model.graph.GameGraph`, saved as the
document's
``graph``, so the tab keeps no state of its own in ``tabs``); its undo stack is the canvas's. Its
Analysis panel (:class:`~sgstudio.games.graph.tab.analysis.GraphAnalysis`) is shown by the window in
a dock beside the canvas; hovering a winning move lights it on the canvas, double-clicking it plays
it (one undo step). Judge files: HDU 1524, whose test case becomes the tab's graph as one undo step
(the window's document controller does that import, :mod:`sgstudio.app.imports`).

Play mode: the document is never changed. The canvas's vertex items show the *session's* token
counts as an overlay, and the Analysis panel follows a private copy of the graph whose tokens
follow the session, so every undo command, built and run against the document, stays valid; an
edit (any change of the undo stack) simply ends play mode and the canvas shows the document's own
tokens again. A person moves a token by dragging it (:class:`~.play_tool.PlayTool`); every move
slides. "Keep position" ends play mode and then places the played tokens as one undo step.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QVBoxLayout, QWidget

from sgstudio.core.errors import CycleError, format_cycle
from sgstudio.games.graph.analysis import analyse_graph
from sgstudio.games.graph.model.graph import GameGraph
from sgstudio.games.graph.tab.analysis import GraphAnalysis
from sgstudio.games.graph.tab.canvas import GraphCanvas, animation
from sgstudio.games.graph.tab.canvas.legend import LegendWidget
from sgstudio.games.graph.tab.commands import MoveTokenCommand, PlaceTokensCommand, SetLoopyCommand
from sgstudio.games.graph.tab.play_tool import PlayTool, graph_game, set_tokens, shadow_copy
from sgstudio.gui.misere_games import GameMisereRunner
from sgstudio.gui.tabs.base import GameTab

STRUCTURE = ("node_added", "node_removed", "edge_added", "edge_removed", "loopy_changed")
"""The graph's events that change its game (tokens and labels do not)."""


def misere_game(game: Any) -> Any:
    """The misère game of the graph's token game: a retrograde analysis of whole positions on a
    graph with cycles (WIN, LOSE or DRAW), canonical misère forms of the tokens on a DAG."""
    from sgstudio.core.misere.forms_game import FormsMisereGame
    from sgstudio.core.misere.retro_game import RetroMisereGame

    return RetroMisereGame(game) if getattr(game, "may_draw", False) else FormsMisereGame(game)


class GraphTab(GameTab):
    """Draw a game graph, place tokens, and see who wins (the Analysis panel, in the window's dock)."""

    key = "graph"
    title = "Graph"
    judge_format = "hdu1524"
    game_key = "dag"
    document_state = False
    can_drag = True
    window_docks = ("analysis", "queries")
    canvas_actions = True
    play_rules = True

    def __init__(self, parent: QWidget | None = None, model: GameGraph | None = None) -> None:
        super().__init__(parent)
        self.canvas = GraphCanvas(GameGraph() if model is None else model, self.undo_stack, self)
        self.undo_stack.indexChanged.connect(self.canvas.stack_moved)  # a fit after Layout is undone
        self._game: Any = None  # the token game of the graph, made again after a change of structure
        self.analysis_panel = GraphAnalysis(self.canvas.model, rule_choice=True)
        self.attach_play_rule(self.analysis_panel)
        self.misere = GameMisereRunner(self, self.analysis_panel, misere_game)
        self.analysis_panel.misere_hook = self._show_misere
        self.canvas.selection_changed.connect(self.analysis_panel.set_selection)
        self.canvas.status_message.connect(self.status_message)
        self.analysis_panel.move_hovered.connect(self._hovered)
        self.analysis_panel.move_activated.connect(self._activated)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.banner)
        layout.addLayout(self._loopy_row())
        layout.addWidget(self.canvas)
        self.shadow: GameGraph | None = None
        self.counts: Counter[int] = Counter()
        self.slide: animation.TokenSlide | None = None
        self.duration: int | None = None  # None: animation.DURATION_MS
        self._followed: GameGraph | None = None
        self.follow_model(self.model)

    @property
    def model(self) -> GameGraph:
        """The document's game graph."""
        return self.canvas.model

    def set_model(self, model: GameGraph) -> None:
        """Show a new document's graph (not an undo step: the caller clears the stack)."""
        self._game = None
        self.canvas.set_model(model)
        self.analysis_panel.set_model(model)
        self.follow_model(model)

    def follow_model(self, model: GameGraph) -> None:
        """The canvas shows ``model`` now (a document was opened): the loopy check box follows it."""
        if self._followed is not None:
            self._followed.loopy_changed.disconnect(self._show_loopy)
            for name in STRUCTURE:
                getattr(self._followed, name).disconnect(self._structure_changed)
        self._followed = model
        model.loopy_changed.connect(self._show_loopy)
        for name in STRUCTURE:
            getattr(model, name).connect(self._structure_changed)
        self._game = None
        self._show_loopy(model.loopy)

    def _structure_changed(self, *_args: object) -> None:
        self._game = None  # the game of the graph is made again when next asked for

    # -- the play rule ----------------------------------------------------------------------------
    def play_rule_changed(self) -> None:
        """Normal or misère: the Analysis panel shows the position under the new rule (the legend
        says that the canvas's values and colours stay normal play's)."""
        legend = self.canvas.findChild(LegendWidget)
        if legend is not None:
            legend.set_misere(self.is_misere)
        self.analysis_panel.refresh()

    def _show_misere(self, model: GameGraph) -> bool:
        """The Analysis panel's misère view of ``model``'s tokens (the document's graph, or the
        private copy play moves): True when the tab plays misère."""
        if not self.is_misere:
            return False
        game, _ = self.game_and_position()
        tokens = model.tokens()
        self.misere.show(game, tuple(tokens), analyse_graph(model),
                         has_move=lambda: any(model.successors(t) for t in tokens), label=model.label)
        return True

    # -- the loopy mode ---------------------------------------------------------------------------
    def _loopy_row(self) -> QHBoxLayout:
        self.loopy_box = QCheckBox("Allow cycles (loopy game)", self)
        self.loopy_box.setChecked(self.model.loopy)
        self.loopy_box.setToolTip(
            "A loopy game: edges may close cycles and play may go on for ever (a draw). Values are\n"
            "generalized Sprague-Grundy values: a nimber, or ∞(K) (purple) with K the finite values\n"
            "among the followers. Turning it off needs an acyclic graph. One undo step.")
        self.loopy_box.toggled.connect(self._loopy_toggled)
        row = QHBoxLayout()
        row.setContentsMargins(6, 2, 6, 0)
        row.addWidget(self.loopy_box)
        row.addStretch(1)
        return row

    def _loopy_toggled(self, on: bool) -> None:
        """The person switched the mode: one undo step (refused while a cycle forbids a DAG)."""
        if on != self.model.loopy:
            command = SetLoopyCommand(self.model, on)
            self.undo_stack.push(command)
            if command.refusal is not None:  # (a refused command is dropped by the stack)
                self._loopy_refused(command.refusal)
            elif on:
                self.tell("Cycles allowed: edges may close cycles; purple ∞ vertices can keep "
                          "the game going for ever (a draw)")
            else:
                self.tell("Cycles forbidden again: the game graph is acyclic")
        self._show_loopy(self.model.loopy)

    def _loopy_refused(self, err: CycleError) -> None:
        cycle = err.cycle or []
        if cycle:
            self.canvas.scene().flash_cycle(cycle, (cycle[-1], cycle[0]))
        text = format_cycle([self.label(v) for v in cycle]) if cycle else "a cycle"
        self.tell(f"Cycles stay allowed: the graph has the cycle {text}. "
                  "Remove an edge of every cycle to make the game acyclic.", error=True)

    def _show_loopy(self, on: bool) -> None:
        """The check box and the legend show the document's mode (after an undo, an opened file, a
        refusal)."""
        blocked = self.loopy_box.blockSignals(True)
        self.loopy_box.setChecked(bool(on))
        self.loopy_box.blockSignals(blocked)
        legend = self.canvas.findChild(LegendWidget)
        if legend is not None:
            legend.set_loopy(bool(on))

    def label(self, v: int) -> str:
        return self.model.label(v) if self.model.has_node(v) else str(v)

    def _hovered(self, move: tuple | None) -> None:
        if move is None:
            self.canvas.clear_highlight()
        else:
            self.canvas.highlight_move(*move)

    def _activated(self, move: tuple) -> None:
        """A winning move double-clicked: played in play mode (it is a move of the played position),
        else one undo step on the document."""
        if self.playing:
            self.play_move_requested.emit(tuple(move))
        else:
            self.push(MoveTokenCommand(self.model, *move))

    # -- the document's share ------------------------------------------------------------------
    def to_state(self) -> dict[str, Any]:
        return {}  # the graph is the document's own part (see document_state)

    def load_state(self, state: dict[str, Any]) -> None:
        self.undo_stack.clear()

    def check_state(self, state: dict[str, Any]) -> None:
        """The graph is read and checked with the document (:mod:`sgstudio.document.sgs`)."""

    def empty_state(self) -> dict[str, Any]:
        return {}

    # -- play -----------------------------------------------------------------------------------
    def game_and_position(self) -> tuple[Any, tuple[int, ...]]:
        """The token game of the graph (one object until the graph's structure changes: its misère
        analyses are kept by it) and the document's tokens."""
        if self._game is None:
            self._game = graph_game(self.model)
        return self._game, tuple(self.model.tokens())

    def begin_play(self) -> None:
        """The Analysis panel follows a private copy whose tokens follow play; dragging moves."""
        if self.playing:
            return
        super().begin_play()
        self.shadow = shadow_copy(self.model)
        set_tokens(self.shadow, self.model.tokens())
        self.analysis_panel.set_model(self.shadow)
        self.use_drag()

    def use_drag(self) -> None:
        """Make the canvas's mouse mode the token drag."""
        self.canvas.use_tool(PlayTool(self.canvas, self))

    def on_drop(self, move: tuple[int, int]) -> None:
        """A token dropped on a vertex: ask to play that move (the Play panel judges it)."""
        self.play_move_requested.emit(move)

    def show_play_position(self, position: Sequence[int], move: tuple | None = None,
                           animate: bool = True) -> bool:
        self._stop_slide()
        self.counts = Counter(position)
        items = self.canvas.scene().vertex_items
        for v in self.counts:  # a big drawing makes the items of the vertices holding tokens here
            items[v]
        for v, item in items.items():
            item.set_tokens(self.counts[v])
        if self.shadow is not None:
            set_tokens(self.shadow, position)
        if move is not None:  # the computer's moves too: the view follows the token on a big graph
            self.canvas.keep_in_view(*move)
        if animate and move is not None:
            u, v = move
            if u in items and v in items:
                items[v].set_tokens(self.counts[v] - 1)  # the token is on its way
                self.slide = animation.slide_between(self.canvas.scene(), items[u].pos(), items[v].pos(),
                                                     self.duration, lambda: self._arrived(v))
        return True

    def _arrived(self, v: int) -> None:
        self.slide = None
        item = self.canvas.scene().vertex_items.get(v)
        if item is not None:
            item.set_tokens(self.counts[v])

    def _stop_slide(self) -> None:
        if self.slide is not None:
            slide, self.slide = self.slide, None
            slide.finish()

    def highlight_play_move(self, move: tuple | None) -> None:
        self._hovered(move)

    def end_play(self) -> None:
        """The canvas shows the document's own tokens again (a newly opened one's, if that ended play)."""
        self._stop_slide()
        self.canvas.clear_highlight()
        model = self.canvas.model
        for v, item in self.canvas.scene().vertex_items.items():
            item.set_tokens(model.token_count(v))
        self.analysis_panel.set_model(model)
        self.shadow = None
        if self.canvas.tool() == PlayTool.name:
            self.canvas.set_tool("select")
        self.finish_play()

    def can_keep_play_position(self) -> bool:
        return True

    def keep_play_position(self, position: Sequence[int]) -> None:
        self.undo_stack.push(PlaceTokensCommand(self.model, position, "Keep the played position"))
