"""The right-hand panels of the split-nim tab: who wins and why, the winning moves, and the table
of g(0..N) by brute force beside the closed form. They only show what they are given (from the
core) and report what the user does with signals; the tab wires them to the model and the tasks.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFontDatabase
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from sgstudio.core.games.splitnim import SplitNim
from sgstudio.core.positions.splitnim_steps import Comparison
from sgstudio.gui import palette
from sgstudio.gui.tasks import TaskProgress
from sgstudio.gui.widgets import FittedLabel, OutcomeBanner

MOVE_ROLE = Qt.ItemDataRole.UserRole
SHOWN_XOR = 12  # heaps written out in the nim-sum line
Move = tuple[int, tuple[int, ...]]
TEXT = SplitNim(3)  # writes a move (the number of parts does not change the words)


def nim_sum_text(values: Sequence[int], total: int, count: int, shown: int = SHOWN_XOR) -> str:
    """The nim-sum written out for a few heaps, summed up for many.

    >>> nim_sum_text([9, 8, 4], 5, 3), nim_sum_text([], 0, 0)
    ('nim-sum = 9 ⊕ 8 ⊕ 4 = 5', 'nim-sum = 0 (no heaps)')
    >>> nim_sum_text([1] * 12, 0, 10**6), nim_sum_text([9, 8, 4], 5, 3, shown=0)
    ('nim-sum of the 1,000,000 heap values = 0', 'nim-sum of the 3 heap values = 5')
    """
    if count == 0:
        return "nim-sum = 0 (no heaps)"
    if count > shown:
        return f"nim-sum of the {count:,} heap value{'s' * (count != 1)} = {total}"
    return "nim-sum = " + " ⊕ ".join(map(str, values)) + f" = {total}"


class OutcomePanel(QWidget):
    """WIN or LOSE in large type, a sentence saying why, and the nim-sum."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.outcome = OutcomeBanner(self, 34)
        self.verdict = FittedLabel("", self, lines=2)  # two lines whatever the verdict: nothing moves
        self.verdict.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
        self.nim_sum = FittedLabel("", self, lines=2)
        self.nim_sum.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.nim_sum.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
        self.nim_sum.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout = QVBoxLayout(self)
        for w in (self.outcome, self.verdict, self.nim_sum):
            layout.addWidget(w)

    def show_result(self, values: Sequence[int], total: int, count: int) -> None:
        """The position's verdict from its heaps' values (the first few) and their XOR."""
        self.outcome.set_outcome(bool(total))
        if total:
            self.verdict.setText(f"The player to move wins: the nim-sum is {total}, not 0.")
        else:
            self.verdict.setText("The player to move loses: the nim-sum is 0, every move makes it non-zero."
                                 if count else "No heaps: the player to move has no move and loses.")
        self.nim_sum.setText(nim_sum_text(values, total, count), short=nim_sum_text(values, total, count, 0))

    def show_unknown(self, title: str, message: str) -> None:
        """No verdict yet (a table being computed) or none possible (a heap beyond the table)."""
        self.outcome.set_outcome(None, title)
        self.verdict.setText(message)
        self.nim_sum.setText("")


class MovesPanel(QWidget):
    """The winning moves (at most ``limit`` rows) and a line for the rest; double-click plays one."""

    played = Signal(object)
    recount = Signal()

    def __init__(self, limit: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.limit = limit
        self.list = QListWidget(self)
        self.list.setToolTip("Double-click a winning move to play it (one undo step).")
        self.list.setWordWrap(True)  # a long note wraps instead of widening the column
        self.list.itemDoubleClicked.connect(self._played)
        self.more = QLabel("", self)
        self.more.setWordWrap(True)
        self.more.linkActivated.connect(lambda _link: self.recount.emit())
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.more)

    def show_note(self, text: str) -> None:
        """No moves to list, and why."""
        self.list.clear()
        item = QListWidgetItem(text)
        item.setFlags(Qt.ItemFlag.NoItemFlags)
        self.list.addItem(item)
        self.more.setText("")

    def show_moves(self, heaps: Sequence[int] | np.ndarray, moves: Sequence[Move]) -> None:
        """The first ``limit`` moves as rows ("heap 1: 9 -> 2 + 3 + 4")."""
        self.list.clear()
        for move in moves[: self.limit]:
            item = QListWidgetItem(TEXT.move_text(move, heaps))
            item.setData(MOVE_ROLE, move)
            item.setToolTip(item.text() + "\nDouble-click to play it.")
            self.list.addItem(item)

    def show_rest(self, shown: int, total: int | None, counting: str = "", recount: bool = False) -> None:
        """The line under the rows: how many more moves there are (or how far counting got)."""
        if total is None:
            link = " <a href='recount'>Count them</a>" if recount else ""
            self.more.setText(f"… and more: {counting}{link}" if counting else "")
        elif total > shown:
            self.more.setText(f"… and {total - shown:,} more winning moves ({total:,} in all)")
        else:
            self.more.setText(f"{total} winning move{'s' if total != 1 else ''}")

    def _played(self, item: QListWidgetItem) -> None:
        move = item.data(MOVE_ROLE)
        if move:
            self.played.emit((int(move[0]), tuple(int(x) for x in move[1])))

    def moves(self) -> list[Move]:
        """The moves listed, in order (for tests and the play hook)."""
        found = (self.list.item(i).data(MOVE_ROLE) for i in range(self.list.count()))
        return [(int(m[0]), tuple(m[1])) for m in found if m]


def show_verdict(outcome: OutcomePanel, moves: MovesPanel, pos) -> tuple[np.ndarray, int] | None:
    """Show the verdict of ``pos`` (a :class:`~sgstudio.core.positions.splitnim.SplitNimPosition`).

    Returns the heaps' values and their nim-sum when there are winning moves to list (the caller
    lists them, at once or in a worker), else None (the moves panel says why there are none).
    """
    try:
        values, total = pos.values(), pos.nim_sum()
    except ValueError as err:
        outcome.show_unknown("?", f"No verdict: {err}.")
        moves.show_note("No winning moves without every heap's value.")
        return None
    outcome.show_result(values[:SHOWN_XOR].tolist(), total, len(pos))
    if total == 0:
        moves.show_note("None: the player to move loses whatever they do.")
        return None
    return values, total


class ComparisonModel(QAbstractTableModel):
    """Rows n = 0..N: g(n) by brute force, g(n) by the closed form; mismatching rows highlighted."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.comparison: Comparison | None = None
        self._bad: set[int] = set()

    def set_comparison(self, comparison: Comparison | None) -> None:
        self.beginResetModel()
        self.comparison = comparison
        self._bad = set(comparison.mismatches()) if comparison else set()
        self.endResetModel()

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() or self.comparison is None else len(self.comparison.brute)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else 2

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole):
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            return ("brute force", "closed form")[section]
        return f"n = {section}"

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole):
        c, row = self.comparison, index.row()
        if c is None:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            if index.column() == 0:
                return str(int(c.brute[row]))
            return "—" if c.closed is None else str(int(c.closed[row]))
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.BackgroundRole and row in self._bad:
            return QBrush(QColor(palette.VERMILLION))
        if role == Qt.ItemDataRole.ForegroundRole and row in self._bad:
            return QBrush(QColor(palette.PAPER))
        return None


class ComparisonPanel(QWidget):
    """N, the two-column table, a summary of the agreement and the pattern; a progress bar."""

    count_changed = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.count = QSpinBox(self)
        self.count.setRange(1, 4095)
        self.count.setValue(64)
        self.count.setKeyboardTracking(False)
        self.count.setPrefix("N = ")
        self.count.setToolTip("Show g(0..N); larger tables are computed in the background.")
        self.count.valueChanged.connect(self.count_changed)
        self.model = ComparisonModel(self)
        self.view = QTableView(self)
        self.view.setModel(self.model)
        self.view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.view.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        self.summary = QLabel("", self)
        self.pattern = QLabel("", self)
        for label in (self.summary, self.pattern):  # two lines kept free: a splitter ignores heightForWidth
            label.setWordWrap(True)
            label.setMinimumHeight(2 * self.fontMetrics().lineSpacing() + 4)
        self.progress = TaskProgress(self)
        top = QHBoxLayout()
        top.addWidget(QLabel("g(0..N):", self))
        top.addWidget(self.count, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.summary)
        layout.addWidget(self.pattern)
        layout.addWidget(self.progress)

    def show_comparison(self, comparison: Comparison | None, note: str = "") -> None:
        """Fill the table (None: empty, with ``note`` saying why)."""
        self.model.set_comparison(comparison)
        if comparison is None:
            self.summary.setText(note)
            self.pattern.setText("")
            return
        rows, bad = len(comparison.brute), comparison.mismatches()
        if comparison.closed is None:
            self.summary.setText(f"g(0..{rows - 1}) by brute force; no closed form is known for these parts.")
        elif bad:
            self.summary.setText(f"{len(bad)} of {rows} values differ (highlighted): first at n = {bad[0]}.")
        else:
            self.summary.setText(f"Brute force and the closed form agree on all {rows} values, "
                                 f"g(0..{rows - 1}).")
        self.pattern.setText(f"Pattern: {comparison.pattern}")
