"""The heaps: a virtualised table (QTableView over a QAbstractTableModel), one row per heap.

Nothing is made per heap: the view asks only for the rows it shows, and each row's value and rule
come from the position model (values kept as one array there). A million heaps scroll smoothly.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QColor, QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QWidget,
)

from sgstudio.games.splitnim.position import SplitNimPosition
from sgstudio.gui.tabs.play_mode import MoveAsker

Index = QModelIndex | QPersistentModelIndex
SIZE, VALUE, RULE = range(3)
HEADERS = ("heap size", "g(n)", "rule that gives g(n)")
RESET_ABOVE = 10_000  # bigger structural changes reset the view instead of moving rows
EDIT_TRIGGERS = (QAbstractItemView.EditTrigger.DoubleClicked | QAbstractItemView.EditTrigger.EditKeyPressed
                 | QAbstractItemView.EditTrigger.AnyKeyPressed)


class HeapTableModel(QAbstractTableModel):
    """Rows are heaps: size (editable as text), Grundy value, and the rule giving it.

    ``edit(row, text) -> bool`` is called when a size is edited; it validates and pushes the
    undo command (the model itself never changes the position).
    """

    def __init__(self, position: SplitNimPosition, edit: Callable[[int, str], bool],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.position, self._edit = position, edit
        self._pending: tuple[str, int, int, int] | None = None
        position.about_to_change.connect(self._about_to_change)
        position.changed.connect(self._changed)
        position.parts_changed.connect(self.values_changed)

    # -- Qt model ----------------------------------------------------------------------------
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self.position)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole):
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        return HEADERS[section] if orientation == Qt.Orientation.Horizontal else str(section + 1)

    def flags(self, index: Index) -> Qt.ItemFlag:
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        return flags | Qt.ItemFlag.ItemIsEditable if index.column() == SIZE else flags

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole):
        row, col = index.row(), index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            if col == SIZE:
                return str(self.position.heap(row))
            return self._analysis(row, col)
        if role == Qt.ItemDataRole.TextAlignmentRole and col != RULE:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole:
            if col == SIZE:
                return f"{self.position.heap(row)}\nDouble-click or type to change this heap's size."
            return self._analysis(row, col)
        return None

    def _analysis(self, row: int, col: int) -> str:
        if self.position.missing_table():
            return "…"  # the table is being computed (never computed here, on the UI thread)
        try:
            return str(self.position.value(row)) if col == VALUE else self.position.explain(row)
        except ValueError as err:
            return "?" if col == VALUE else str(err)

    def setData(self, index: Index, value: object, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or index.column() != SIZE:
            return False
        return self._edit(index.row(), str(value))

    # -- following the position --------------------------------------------------------------
    def _about_to_change(self, index: int, removed: int, inserted: int) -> None:
        whole = index == 0 and removed == len(self.position)
        if (whole and max(removed, inserted) > RESET_ABOVE) or abs(removed - inserted) > RESET_ABOVE:
            self._pending = ("reset", index, removed, inserted)
            self.beginResetModel()
        elif removed > inserted:
            self._pending = ("remove", index, removed, inserted)
            self.beginRemoveRows(QModelIndex(), index + inserted, index + removed - 1)
        elif inserted > removed:
            self._pending = ("insert", index, removed, inserted)
            self.beginInsertRows(QModelIndex(), index + removed, index + inserted - 1)
        else:
            self._pending = ("same", index, removed, inserted)

    def _changed(self, *_args: object) -> None:
        kind, index, removed, inserted = self._pending or ("same", 0, 0, 0)
        self._pending = None
        {"reset": self.endResetModel, "remove": self.endRemoveRows,
         "insert": self.endInsertRows}.get(kind, lambda: None)()
        if kind != "reset":
            changed = min(removed, inserted)
            if changed:
                self.dataChanged.emit(self.index(index, 0), self.index(index + changed - 1, RULE))

    def values_changed(self, *_args: object) -> None:
        """Values may differ everywhere (another nim-sum does not change them, but parts or a
        finished table do): repaint the value and rule columns of the rows shown."""
        rows = len(self.position)
        if rows:
            self.dataChanged.emit(self.index(0, VALUE), self.index(rows - 1, RULE))


class PlayHeapModel(HeapTableModel):
    """The heaps of a played position (play mode): rows may be highlighted, a size shown counting."""

    def __init__(self, position: SplitNimPosition, edit: Callable[[int, str], bool],
                 parent: QWidget | None = None) -> None:
        super().__init__(position, edit, parent)
        self.colour: QColor | None = None
        self.rows: range = range(0)
        self.sizes: dict[int, str] = {}

    def set_flash(self, rows: range, colour: QColor | None, sizes: dict[int, str] | None = None) -> None:
        """Highlight ``rows`` in ``colour`` (None: none), showing ``sizes`` for some of them."""
        old = self.rows
        self.rows, self.colour, self.sizes = rows, colour, sizes or {}
        for span in (old, rows):
            if len(span) and span.stop <= self.rowCount():
                self.dataChanged.emit(self.index(span.start, 0), self.index(span.stop - 1, RULE))

    def flags(self, index: Index) -> Qt.ItemFlag:
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable  # read-only

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole):
        row = index.row()
        if role == Qt.ItemDataRole.BackgroundRole and self.colour is not None and row in self.rows:
            return QBrush(self.colour)
        if role == Qt.ItemDataRole.DisplayRole and index.column() == SIZE and row in self.sizes:
            return self.sizes[row]
        return super().data(index, role)


class NumberDelegate(QStyledItemDelegate):
    """Numbers too wide for their cell keep their first and last digits (``10000…00001``)."""

    def initStyleOption(self, option: QStyleOptionViewItem, index: Index) -> None:
        super().initStyleOption(option, index)
        option.textElideMode = Qt.TextElideMode.ElideMiddle


class HeapView(QTableView):
    """The heap table; Delete removes the selected heaps (``remove_requested`` with row ranges).

    While read-only (play mode) a double-click or Enter on a row asks for a move of that heap
    (``move_typed(row, text)``): a take, what is left, or a split.
    """

    remove_requested = Signal(list)
    move_typed = Signal(int, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setEditTriggers(EDIT_TRIGGERS)
        self.setAlternatingRowColors(True)
        self.setWordWrap(False)
        self._numbers = NumberDelegate(self)
        self.setItemDelegateForColumn(SIZE, self._numbers)
        self.setItemDelegateForColumn(VALUE, self._numbers)
        vertical = self.verticalHeader()
        vertical.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        vertical.setDefaultSectionSize(self.fontMetrics().height() + 8)
        horizontal = self.horizontalHeader()
        horizontal.setStretchLastSection(True)  # the rule gets the room the numbers do not need
        horizontal.setDefaultSectionSize(self.fontMetrics().horizontalAdvance("heap size") + 24)
        self._fit = QTimer(self, singleShot=True, interval=0)
        self._fit.timeout.connect(self.fit_numbers)
        self.verticalScrollBar().valueChanged.connect(self._fit.start)
        self.read_only = False
        self.asker = MoveAsker(self.viewport())
        self.asker.answered.connect(self.move_typed)
        self.activated.connect(lambda index: self.ask_move(index.row()) if self.read_only else None)

    def setModel(self, model) -> None:  # the Qt name: every model shown has its numbers fitted
        super().setModel(model)
        for signal in (model.modelReset, model.rowsInserted, model.rowsRemoved, model.dataChanged,
                       model.layoutChanged):
            signal.connect(self._fit.start)
        self._fit.start()

    def fit_numbers(self) -> None:
        """Size and value columns as wide as the widest number in sight (at most a third of the
        view each; a longer one keeps its first and last digits): the rule gets the rest."""
        model, metrics = self.model(), self.fontMetrics()
        first = max(0, self.rowAt(0))
        last = self.rowAt(self.viewport().height() - 1)
        last = min(model.rowCount() - 1 if last < 0 else last, first + 200)
        cap = max(60, self.viewport().width() // 3)
        for column in (SIZE, VALUE):
            texts = [str(model.data(model.index(r, column)) or "") for r in range(first, last + 1)]
            widest = max([metrics.horizontalAdvance(HEADERS[column]), *map(metrics.horizontalAdvance, texts)])
            self.setColumnWidth(column, min(cap, widest + 24))

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit.start()

    def set_read_only(self, on: bool) -> None:
        self.read_only = on
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers if on else EDIT_TRIGGERS)

    def ask_move(self, row: int) -> None:
        """Ask, over ``row``, for a move of that heap (play mode)."""
        model = self.model()
        if 0 <= row < model.rowCount():
            rect = self.visualRect(model.index(row, SIZE))
            rect.setRight(self.viewport().width() - 2)
            size = model.data(model.index(row, SIZE))
            self.asker.ask(row, rect, f"heap {row + 1} ({size}): take 3,  -> 5 (leave 5),  or 2 + 3 + 4")

    def shown_sizes(self) -> list[str]:
        """The size column as shown (for tests)."""
        model = self.model()
        return [model.data(model.index(r, SIZE)) for r in range(model.rowCount())]

    def selected_ranges(self) -> list[tuple[int, int]]:
        """The selected rows as disjoint (start, count) ranges (fast for a million rows)."""
        rows: list[tuple[int, int]] = []
        for r in self.selectionModel().selection():
            rows.append((r.top(), r.bottom() - r.top() + 1))
        merged: list[tuple[int, int]] = []
        for start, count in sorted(rows):
            if merged and start <= merged[-1][0] + merged[-1][1]:
                last_start, last_count = merged[-1]
                merged[-1] = (last_start, max(last_count, start + count - last_start))
            else:
                merged.append((start, count))
        return merged

    def keyPressEvent(self, event: QKeyEvent) -> None:
        editing = self.state() == self.State.EditingState
        if event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace) and not editing:
            ranges = self.selected_ranges()
            if ranges:
                self.remove_requested.emit(ranges)
                return
        super().keyPressEvent(event)
