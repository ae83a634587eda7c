"""The Graph tab's Analysis panel: the one panel (:class:`~sgstudio.gui.panels.analysis.AnalysisPanel`)
following a :class:`~sgstudio.games.graph.model.graph.GameGraph`, with the Graph tab's own part below it: why
the
selected vertex has its value (its successors' values and their mex).

Theory shown here: a vertex's Grundy value is the mex of its successors' values; a position with
several tokens is a sum of games, so its value is the XOR (nim-sum) of the tokens' values.

The panel subscribes to the model's events and rebuilds at most once per turn of the event loop,
however many events arrive together. It never edits anything.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

from sgstudio.core.mex import mex
from sgstudio.games.graph.analysis import analyse_graph
from sgstudio.games.graph.model.graph import GameGraph
from sgstudio.games.graph.tab.loopy_text import draw_reason, why_loopy
from sgstudio.gui.panels.analysis import AnalysisPanel
from sgstudio.gui.widgets import group_box

MODEL_EVENTS = ("node_added", "node_removed", "edge_added", "edge_removed", "token_added",
                "token_removed", "node_changed", "values_changed", "loopy_changed")


def mex_text(model: GameGraph, v: int) -> str:
    """Why vertex ``v`` has its value: its successors' values and their mex (HTML).

    >>> g = GameGraph.from_edges(3, [(0, 1), (0, 2), (1, 2)])
    >>> mex_text(g, 0)
    '<b>0</b> has successors 2 = 0, 1 = 1.<br>mex{0, 1} = <b>2</b>, so g(0) = 2.'
    """
    succ = sorted(model.successors(v), key=lambda w: (model.grundy(w), model.label(w)))
    name = _html(model.label(v))
    if not succ:
        return f"<b>{name}</b> has no successor: no move, so mex{{}} = <b>0</b> and g({name}) = 0."
    parts = ", ".join(f"{_html(model.label(w))} = {model.grundy(w)}" for w in succ)
    values = sorted({model.grundy(w) for w in succ})
    g = mex(values)
    return (f"<b>{name}</b> has successors {parts}.<br>"
            f"mex{{{', '.join(map(str, values))}}} = <b>{g}</b>, so g({name}) = {g}.")


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class GraphAnalysis(AnalysisPanel):
    """The Analysis panel of a game graph: outcome, nim-sum table, winning moves, and the mex of the
    selected vertex (:meth:`set_selection`)."""

    def __init__(self, model: GameGraph | None = None, parent: QWidget | None = None,
                 rule_choice: bool = False) -> None:
        super().__init__(parent, fit_rows=True, rule_choice=rule_choice)
        #: ``misere_hook(model) -> bool``: shows the model's position under misère play and says True
        #: (the Graph tab's, when it plays misère); None or False: the normal analysis is shown
        self.misere_hook: Callable[[GameGraph], bool] | None = None
        self.layout_.setContentsMargins(9, 9, 9, 9)
        self.table_box.setTitle("Nim-sum of the tokens (XOR of their values)")
        # short of room (a small window, the dock shared), the moves give it up before the tokens'
        # table does: their list asks for no more than its least height (it still takes what is spare)
        self.moves.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Ignored)
        self.more.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)  # why a draw: whole
        self.model: GameGraph | None = None
        self._selection: list[int] = []
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.refresh)
        self.why = QLabel("", self)
        self.why.setWordWrap(True)
        self.why.setTextFormat(Qt.TextFormat.RichText)
        self.why.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        self.add_part(group_box("Why this value (selected vertex)", self.why))
        if model is not None:
            self.set_model(model)

    def set_model(self, model: GameGraph | None) -> None:
        """Follow another model (disconnects from the previous one)."""
        if self.model is not None:
            for name in MODEL_EVENTS:
                getattr(self.model, name).disconnect(self.schedule)
        self.model = model
        self._selection = []
        if model is not None:
            for name in MODEL_EVENTS:
                getattr(model, name).connect(self.schedule)
        self.refresh()

    def set_selection(self, vertices: list[int]) -> None:
        """The canvas selection changed: explain the first selected vertex."""
        self._selection = list(vertices)
        self._show_why()

    def schedule(self, *_args: object) -> None:
        """Rebuild on the next turn of the event loop (many events, one rebuild)."""
        if not self._timer.isActive():
            self._timer.start()

    def refresh(self) -> None:
        """Rebuild everything from the model now."""
        self._timer.stop()
        if self.model is None:
            self.show_pending("", "No game open.")
            self.outcome.clear_outcome()
        elif self.misere_hook is not None and self.misere_hook(self.model):
            pass  # misère play: the tab's runner shows it (the theory that decides, not the nim-sum)
        else:
            model = self.model
            self.show_analysis(analyse_graph(model),
                               has_move=lambda: any(model.successors(t) for t in model.tokens()))
            if self.model.loopy:
                self.set_more(draw_reason(self.model))  # a draw says which token keeps it going
            self.table_box.setTitle("Values of the tokens (γ; ∞ in a loopy game)" if self.model.loopy
                                    else "Nim-sum of the tokens (XOR of their values)")
        self._show_why()

    def _show_why(self) -> None:
        model = self.model
        chosen = [v for v in self._selection if model is not None and model.has_node(v)]
        if not chosen:
            self.why.setText("Select a vertex to see why it has its value (γ: a nimber, or ∞ with K)."
                             if model is not None and model.loopy else
                             "Select a vertex to see its successors' values and the mex that gives its own.")
            return
        self.why.setText((why_loopy if model.loopy else mex_text)(model, chosen[0]))
