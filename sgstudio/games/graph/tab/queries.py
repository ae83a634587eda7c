"""The queries of an imported HDU 1524 test case, each with its WIN/LOSE; choosing one places its tokens.

A query is a multiset of token positions; its answer is WIN exactly when the XOR of the tokens'
Grundy values is non-zero (Sprague-Grundy theorem). Answers follow the current graph, so they
stay right after edits. The row highlighted is the query whose tokens are the ones on the graph
(none when no query's are; after an import, query 1, whose tokens are placed). Placing a query's
tokens is one undo step
(:class:`sgstudio.games.graph.tab.commands.PlaceTokensCommand`).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from sgstudio.core.mex import nim_sum
from sgstudio.core.outcome import Outcome
from sgstudio.core.values import outcome_of, sum_value
from sgstudio.games.graph.model.graph import GameGraph

QUERY_ROLE = Qt.ItemDataRole.UserRole
MAX_ROWS = 200  # rows listed at most (a judge file may ask 10^5 queries): the rest are counted
NO_IMPORT = "No HDU 1524 file imported (File > Import HDU 1524…)."


def query_answer(model: GameGraph, tokens: Sequence[int]) -> Outcome | None:
    """The outcome for tokens on these vertices (WIN or LOSE; DRAW too on a loopy graph), None if
    one no longer exists.

    >>> g = GameGraph.from_edges(3, [(0, 1), (1, 2)])
    >>> print(query_answer(g, [1]), query_answer(g, [1, 1]), query_answer(g, [9]))
    WIN LOSE None
    >>> print(query_answer(GameGraph.from_edges(2, [(0, 1), (1, 0)], loopy=True), [0]))
    DRAW
    """
    if not all(model.has_node(v) for v in tokens):
        return None
    if model.loopy:
        return outcome_of(sum_value(model.grundy(v) for v in tokens))
    return Outcome.from_nim_sum(nim_sum(model.grundy(v) for v in tokens))


class QueriesPanel(QWidget):
    """Lists the queries; a click (or Enter) on one emits ``query_chosen(tokens)``."""

    query_chosen = Signal(list)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model: GameGraph | None = None
        self.queries: list[list[int]] = []
        layout = QVBoxLayout(self)
        self.title = QLabel(NO_IMPORT, self)
        self.title.setWordWrap(True)
        self.list = QListWidget(self)
        self.list.setWordWrap(True)  # a query of many tokens wraps: the list never scrolls sideways
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setToolTip("Click a query to place its tokens on the graph (one undo step).")
        layout.addWidget(self.title)
        layout.addWidget(self.list, 1)
        self.list.itemClicked.connect(self._chosen)
        self.list.itemActivated.connect(self._chosen)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.refresh)

    def set_queries(self, model: GameGraph | None, queries: Sequence[Sequence[int]], title: str = "") -> None:
        """Show these queries against ``model`` (an empty list clears the panel)."""
        for signal in self._signals(self.model):
            signal.disconnect(self._schedule)
        self.model = model
        self.queries = queries  # not copied (a file may hold 10^5 queries); only read
        for signal in self._signals(model):
            signal.connect(self._schedule)
        self.title.setText(title or NO_IMPORT)
        self.refresh()

    @staticmethod
    def _signals(model: GameGraph | None) -> list:
        return [] if model is None else [model.values_changed, model.token_added, model.token_removed]

    def _schedule(self, *_args: object) -> None:
        if not self._timer.isActive():
            self._timer.start()

    def refresh(self) -> None:
        """Rebuild the rows (answers follow the current graph)."""
        self._timer.stop()
        self.list.clear()
        if self.model is None:
            return
        shown = self.queries[:MAX_ROWS]
        for i, tokens in enumerate(shown, 1):
            names = ", ".join(self.model.label(v) if self.model.has_node(v) else str(v) for v in tokens)
            answer = query_answer(self.model, tokens)
            item = QListWidgetItem(f"{i}. tokens at {names}: {'?' if answer is None else answer}")
            item.setData(QUERY_ROLE, tokens)
            self.list.addItem(item)
        if len(self.queries) > len(shown):
            more = QListWidgetItem(f"… and {len(self.queries) - len(shown):,} more queries (the first "
                                   f"{len(shown):,} are listed; sgstudio solve hdu1524 answers them all)")
            more.setFlags(Qt.ItemFlag.NoItemFlags)
            self.list.addItem(more)
        placed = self.model.tokens()
        row = next((i for i, tokens in enumerate(shown) if sorted(tokens) == placed), -1)
        self.list.setCurrentRow(row)  # the query on the graph, or none

    def answers(self) -> list[str]:
        """The WIN/LOSE shown on each row, in order."""
        rows = min(self.list.count(), MAX_ROWS)
        return [self.list.item(i).text().rsplit(": ", 1)[1] for i in range(rows)]

    def _chosen(self, item: QListWidgetItem) -> None:
        tokens = item.data(QUERY_ROLE)
        model = self.model
        if not tokens or model is None or not all(model.has_node(v) for v in tokens):
            return
        if sorted(tokens) != model.tokens():
            self.query_chosen.emit(list(tokens))
