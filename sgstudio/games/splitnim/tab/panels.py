"""The split-nim tab's own panel: the table of g(0..N) by brute force beside the closed form (who
wins and the winning moves are the one Analysis panel's, :mod:`sgstudio.gui.panels.analysis`). It
only shows what it is given (from the core) and reports what the user does with signals; the tab
wires it to the model and the tasks.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from sgstudio.games.splitnim.steps import Comparison
from sgstudio.gui import palette
from sgstudio.gui.pattern_line import PatternLine
from sgstudio.gui.tasks import TaskProgress


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
    table_shown = Signal(object)  # the Comparison just shown, or None (its table gets the Pattern line)

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
        self.pattern.hide()  # the closed form's claim: the Pattern line below says it, and how sure
        self.pattern_line = PatternLine(self)
        self.progress = TaskProgress(self, lines=2)
        top = QHBoxLayout()
        top.addWidget(QLabel("g(0..N):", self))
        top.addWidget(self.count, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.summary)
        layout.addWidget(self.pattern_line)
        layout.addWidget(self.progress)

    def show_comparison(self, comparison: Comparison | None, note: str = "") -> None:
        """Fill the table (None: empty, with ``note`` saying why)."""
        self.model.set_comparison(comparison)
        if comparison is None:
            self.summary.setText(note)
            self.pattern.setText("")
            self.table_shown.emit(None)
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
        self.table_shown.emit(comparison)
