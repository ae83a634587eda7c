"""The heap editor of the S-Nim tab: a table of sizes (editable, any size) and Grundy values.

Edits become requests (``edit_requested``, ``add_requested``, ``remove_requested``) that the tab turns
into undo commands; the table is rewritten by the tab from the model's events. While read-only (play
mode) a double-click or Enter on a row asks for the number of stones to take there
(``move_typed(row, text)``).
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QKeySequence, QShortcut, QValidator
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractSpinBox,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from sgstudio.gui.tabs.play_mode import MoveAsker

SIZE, VALUE = 0, 1  # table columns
EDIT_TRIGGERS = (QAbstractItemView.EditTrigger.DoubleClicked | QAbstractItemView.EditTrigger.EditKeyPressed
                 | QAbstractItemView.EditTrigger.AnyKeyPressed)


class HeapSpinBox(QAbstractSpinBox):
    """A spin box for a heap size of any size (Python int; QSpinBox stops at 2^31 - 1)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccelerated(True)
        self.setCorrectionMode(QAbstractSpinBox.CorrectionMode.CorrectToPreviousValue)
        self._last = 0
        self.lineEdit().setText("0")

    def value(self) -> int:
        text = self.lineEdit().text().strip()
        return int(text) if text.isdigit() else self._last

    def setValue(self, value: int) -> None:
        self._last = int(value)
        self.lineEdit().setText(str(self._last))

    def validate(self, text: str, pos: int) -> object:
        stripped = text.strip()
        if stripped.isdigit():
            return QValidator.State.Acceptable, text, pos
        state = QValidator.State.Intermediate if stripped == "" else QValidator.State.Invalid
        return state, text, pos

    def fixup(self, text: str) -> str:
        return str(self._last)

    def stepBy(self, steps: int) -> None:
        self.setValue(max(0, self.value() + steps))
        self.lineEdit().selectAll()

    def stepEnabled(self) -> QAbstractSpinBox.StepEnabledFlag:
        up = QAbstractSpinBox.StepEnabledFlag.StepUpEnabled
        return up | QAbstractSpinBox.StepEnabledFlag.StepDownEnabled if self.value() > 0 else up


class HeapDelegate(QStyledItemDelegate):
    """Edits a heap size with a :class:`HeapSpinBox`; the edit becomes a request, not a write."""

    def __init__(self, table: HeapTable) -> None:
        super().__init__(table)
        self.table = table

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: QModelIndex) -> QWidget:
        return HeapSpinBox(parent)

    def setEditorData(self, editor: QWidget, index: QModelIndex) -> None:
        editor.setValue(self.table.heaps[index.row()])  # type: ignore[attr-defined]
        editor.selectAll()  # typing replaces the size (the view does this for QSpinBox only)

    def setModelData(self, editor: QWidget, model: QObject,
                     index: QModelIndex | QPersistentModelIndex) -> None:
        editor.interpretText()  # type: ignore[attr-defined]
        size = editor.value()  # type: ignore[attr-defined]
        if size != self.table.heaps[index.row()]:
            self.table.edit_requested.emit(index.row(), size)


LONG_NUMBER = 9
"""A size or value with more digits than this has its tooltip (the cell may cut it short)."""


class HeapTable(QWidget):
    """The heaps: size (editable) and Grundy value per row; Add and Remove buttons (Insert, Delete)."""

    edit_requested = Signal(int, object)
    add_requested = Signal(int, object)
    remove_requested = Signal(list)
    move_typed = Signal(int, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.heaps: tuple[int, ...] = ()
        self.view = QTableWidget(0, 2)
        self.view.setHorizontalHeaderLabels(["size", "g(size)"])
        self.view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.view.setTextElideMode(Qt.TextElideMode.ElideMiddle)  # a long size: 1234…9012, in full in its tip
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setEditTriggers(EDIT_TRIGGERS)
        self.read_only = False
        self.view.setItemDelegateForColumn(SIZE, HeapDelegate(self))
        self.add_button = QPushButton("Add heap")
        self.remove_button = QPushButton("Remove")
        self.add_button.setToolTip("Add a heap after the selected one (Insert)")
        self.remove_button.setToolTip("Remove the selected heaps (Delete)")
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view, 1)
        layout.addLayout(buttons)
        self.asker = MoveAsker(self.view.viewport())
        self.asker.answered.connect(self.move_typed)
        self.view.activated.connect(self._activated)  # double-click or Enter (when no editor opens)
        self.add_button.clicked.connect(self.request_add)
        self.remove_button.clicked.connect(self.request_remove)
        for key, slot in ((QKeySequence.StandardKey.Delete, self.request_remove),
                          (Qt.Key.Key_Insert, self.request_add)):
            shortcut = QShortcut(QKeySequence(key), self.view)
            shortcut.setContext(Qt.ShortcutContext.WidgetShortcut)
            shortcut.activated.connect(slot)

    def show_heaps(self, heaps: tuple[int, ...], values: tuple[int, ...] | None) -> None:
        """Rewrite the rows (sizes, values or ``…`` while they are computed), keeping the selection."""
        current = self.view.currentRow()
        self.heaps = heaps
        if self.view.rowCount() != len(heaps):
            self.view.setRowCount(len(heaps))
        for row, size in enumerate(heaps):
            self._cell(row, SIZE, str(size), editable=True)
            self._cell(row, VALUE, "…" if values is None else str(values[row]), editable=False)
        if heaps and current >= 0:
            self.view.setCurrentCell(min(current, len(heaps) - 1), SIZE)
        self.remove_button.setEnabled(bool(heaps) and not self.read_only)

    def set_read_only(self, on: bool) -> None:
        """No editing, adding or removing (play mode shows the played heaps here)."""
        self.read_only = on
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers if on else EDIT_TRIGGERS)
        self.add_button.setEnabled(not on)
        self.remove_button.setEnabled(not on and bool(self.heaps))

    def _activated(self, index: QModelIndex) -> None:
        if self.read_only:
            self.ask_move(index.row())

    def ask_move(self, row: int) -> None:
        """Ask, over ``row``, for the stones to take from that heap (play mode)."""
        if 0 <= row < len(self.heaps):
            rect = self.view.visualRect(self.view.model().index(row, SIZE))
            rect.setRight(self.view.viewport().width() - 2)
            self.asker.ask(row, rect, f"heap {row + 1} ({self.heaps[row]}): take how many? e.g. 3")

    def flash_row(self, row: int, colour: QColor | None, size_text: str | None = None) -> None:
        """Highlight ``row`` in ``colour`` showing ``size_text`` as its size (None: back to normal)."""
        if not 0 <= row < self.view.rowCount():
            return
        for column in (SIZE, VALUE):
            item = self.view.item(row, column)
            if item is not None:
                item.setBackground(QBrush(colour) if colour is not None else QBrush())
        item = self.view.item(row, SIZE)
        if item is not None:
            item.setText(size_text if size_text is not None else str(self.heaps[row]))

    def shown_sizes(self) -> list[str]:
        """The size column as shown."""
        return [self.view.item(r, SIZE).text() for r in range(self.view.rowCount())]

    def _cell(self, row: int, column: int, text: str, editable: bool) -> None:
        item = self.view.item(row, column)
        if item is None:
            item = QTableWidgetItem()
            item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            flags = Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEnabled
            item.setFlags(flags | Qt.ItemFlag.ItemIsEditable if editable else flags)
            self.view.setItem(row, column, item)
        if item.text() != text:
            item.setText(text)
            item.setToolTip(text if len(text) > LONG_NUMBER else "")

    def selected_rows(self) -> list[int]:
        rows = {index.row() for index in self.view.selectionModel().selectedRows()}
        if not rows and self.view.currentRow() >= 0:
            rows = {self.view.currentRow()}
        return sorted(rows)

    def request_add(self) -> None:
        """Add after the current heap a copy of it (or a heap of 1 at the end of an empty list)."""
        if self.read_only:
            return
        row = self.view.currentRow()
        if 0 <= row < len(self.heaps):
            self.add_requested.emit(row + 1, self.heaps[row])
        else:
            self.add_requested.emit(len(self.heaps), self.heaps[-1] if self.heaps else 1)

    def request_remove(self) -> None:
        rows = self.selected_rows() if not self.read_only else []
        if rows:
            self.remove_requested.emit(rows)
