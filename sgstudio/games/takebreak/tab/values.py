"""The values table of the Take & break tab: g(0..H) in rows, a period a row when it is certified.

A certified period p (4 <= p <= 16) gives rows of p values, so that the periodic part reads down
the columns (the classic way of printing an octal game's values); otherwise rows of ten. The
preperiod's cells are grey, the rare values' cells vermillion-tinted; a cell's tooltip says n and
g(n). Every column is as wide as the widest value (and column number) needs, never cut; a table
wider than its room scrolls sideways, so the last columns of a period are always reachable. The
model reads the array it is given and creates nothing per cell, so 10^7 values cost no more than
a hundred.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, QSize, Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QStyle, QTableView, QWidget

from sgstudio.gui import palette

ROW = 10
PERIOD_ROWS = (4, 16)
"""A certified period within these bounds is the row length."""
Index = QModelIndex | QPersistentModelIndex


def row_length(period: tuple[int, int] | None) -> int:
    """Values a row: the certified period when it is 4..16, else 10.

    >>> row_length((71, 12)), row_length((1, 2)), row_length((52, 34)), row_length(None)
    (12, 10, 10, 10)
    """
    if period is not None and PERIOD_ROWS[0] <= period[1] <= PERIOD_ROWS[1]:
        return period[1]
    return ROW


def _tint(colour: str, alpha: int) -> QBrush:
    c = QColor(colour)
    c.setAlpha(alpha)
    return QBrush(c)


class ValuesModel(QAbstractTableModel):
    """g(0..n-1) as rows of :func:`row_length` values; n of cell (r, c) is r * width + c."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.values = np.zeros(0, np.int64)
        self.width = ROW
        self.preperiod = 0
        self.rare: set[int] = set()
        self._pre, self._rare = _tint(palette.EDGE, 40), _tint(palette.VERMILLION, 70)

    def set_values(self, values: np.ndarray, period: tuple[int, int] | None, rare: np.ndarray) -> None:
        """Show ``values``; ``period`` (certified, or None) sets the rows and the grey preperiod."""
        self.beginResetModel()
        self.values = values
        self.width = row_length(period)
        self.preperiod = period[0] if period is not None else 0
        self.rare = set(rare[rare < len(values)].tolist())
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else -(-len(self.values) // self.width)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else self.width

    def heap(self, index: Index) -> int | None:
        """n of a cell, None past the last value."""
        n = index.row() * self.width + index.column()
        return n if 0 <= n < len(self.values) else None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        n = self.heap(index)
        if n is None:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return str(int(self.values[n]))
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.BackgroundRole:
            return self._rare if n in self.rare else self._pre if n < self.preperiod else None
        if role == Qt.ItemDataRole.ToolTipRole:
            what = " (rare)" if n in self.rare else " (preperiod)" if n < self.preperiod else ""
            return f"g({n:,}) = {int(self.values[n])}{what}"
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            return str(section)  # n of a cell: its row's number plus its column's
        return f"{section * self.width:,}"


    def widest(self) -> str:
        """The widest text of the table's cells and column numbers (digits are equally wide)."""
        top = int(self.values.max()) if len(self.values) else 0
        return "8" * max(len(str(top)), len(str(self.width - 1)))


class ValuesTable(QTableView):
    """The values table (read-only): columns sized to their widest value, scrolling when wider than
    its room."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.values_model = ValuesModel(self)
        self.setModel(self.values_model)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        header.setMinimumSectionSize(1)
        self.verticalHeader().setDefaultSectionSize(self.fontMetrics().lineSpacing() + 4)
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.values_model.modelReset.connect(self._size_columns)
        self._size_columns()

    def column_width(self) -> int:
        """The width of every column: the widest value or column number, with the cell's margins."""
        text = self.values_model.widest()
        margin = self.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, self) + 1
        header = self.horizontalHeader()
        header_margin = header.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, header)
        return max(self.fontMetrics().horizontalAdvance(text) + 2 * margin + 2,
                   header.fontMetrics().horizontalAdvance(text) + 2 * header_margin)

    def _size_columns(self) -> None:
        self.horizontalHeader().setDefaultSectionSize(self.column_width())
        self.updateGeometries()
        self.updateGeometry()

    def sizeHint(self) -> QSize:
        """As wide as every column, the row numbers and a vertical scroll bar need."""
        hint = super().sizeHint()
        frame = 2 * self.frameWidth()
        bar = self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent, None, self)
        columns = self.values_model.columnCount() * self.column_width()
        return QSize(frame + self.verticalHeader().sizeHint().width() + columns + bar, hint.height())

    def cell_text(self, n: int) -> str:
        """What the cell of g(n) shows."""
        model = self.values_model
        return str(model.data(model.index(n // model.width, n % model.width)))
