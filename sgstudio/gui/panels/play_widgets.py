"""The Play panel's widgets and layout (its behaviour is in :mod:`sgstudio.gui.panels.play`).

Over three columns, three state lines (whose turn; the last move; a notice: a refusal, a hint);
then the controls, the move list, and the "Type a move" line over the moves from the current
position. Nothing moves when the texts or the mode change: each state line is one line high
whatever its text (a longer one is cut, in full in its tooltip), and the mode's own row (who moves
first, or Run and the speed) keeps the height of the taller of them.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QRect, QSize, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSlider,
    QStackedWidget,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeWidget,
    QVBoxLayout,
    QWidget,
)

from sgstudio.core.play.session import Mode
from sgstudio.gui import palette
from sgstudio.gui.widgets import FittedLabel

MODES = [("You against the computer", Mode.HUMAN_VS_COMPUTER),
         ("Computer against itself", Mode.COMPUTER_VS_COMPUTER),
         ("Two people (with hints)", Mode.TWO_HUMANS)]
COLUMNS = ["#", "Who", "Move", "Nim-sum", "Why"]
WHY_TIP = "Why the computer chose the move (a person's move: by hand)"
TYPE_A_MOVE = "Type a move, then Enter"


WHY = 4
"""The move list's column of reasons."""


class WrappingDelegate(QStyledItemDelegate):
    """Rows as tall as column ``column``'s text wrapped to that column's width (a QTreeView sizes
    rows without knowing the column widths, so its word wrap alone never makes a row taller)."""

    def __init__(self, tree: QTreeWidget, column: int) -> None:
        super().__init__(tree)
        self.tree, self.column = tree, column

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex) -> QSize:
        hint = super().sizeHint(option, index)
        width = self.tree.header().sectionSize(self.column) - 8  # the cell's margins
        text = str(index.data() or "")
        rect = option.fontMetrics.boundingRect(QRect(0, 0, max(width, 20), 10**6),
                                               int(Qt.TextFlag.TextWordWrap), text)
        return QSize(hint.width(), max(hint.height(), rect.height() + 4))


def _button(text: str, tip: str, parent: QWidget, checkable: bool = False) -> QPushButton:
    button = QPushButton(text, parent)
    button.setToolTip(tip)
    button.setCheckable(checkable)
    return button


class PlayWidgets(QWidget):
    """Builds the widgets; :class:`~sgstudio.gui.panels.play.PlayPanel` gives them behaviour."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        outer = QVBoxLayout(self)
        outer.addWidget(self._state_lines())
        layout = QHBoxLayout()
        outer.addLayout(layout, 1)
        layout.addWidget(self._controls())
        layout.addWidget(self._moves(), 5)
        layout.addWidget(self._choices(), 2)
        self._set_playing(False)

    def _controls(self) -> QWidget:
        box = QWidget(self)
        col = QVBoxLayout(box)
        col.setContentsMargins(0, 0, 0, 0)
        self.start_button = _button("▶ Play from this position",
                                    "Start (or end) play mode on the current tab's position", box)
        self.mode_box = QComboBox(box)
        self.mode_box.addItems([text for text, _ in MODES])
        self.mode_box.setToolTip("Who plays")
        self.first_box = QComboBox(box)
        self.first_box.addItems(["You move first", "The computer moves first"])
        self.first_box.setToolTip("Who makes the first move (you against the computer)")
        self.mode_row = QStackedWidget(box)  # as tall as its tallest page, whichever is shown
        self.auto_row = QWidget(box)
        auto = QHBoxLayout(self.auto_row)
        auto.setContentsMargins(0, 0, 0, 0)
        self.run_button = _button("Run", "Let the computer play both sides (pause to stop)", box, True)
        self.speed = QSlider(Qt.Orientation.Horizontal, box)
        self.speed.setRange(1, 20)
        self.speed.setValue(4)
        self.speed.setToolTip("Speed of the computer against itself (moves per half second)")
        auto.addWidget(self.run_button)
        auto.addWidget(QLabel("Speed", box))
        auto.addWidget(self.speed, 1)
        for page in (self.first_box, self.auto_row, QWidget(box)):  # the last: two people
            self.mode_row.addWidget(page)
        nav = QHBoxLayout()
        self.restart_button = _button("Restart", "Back to the start; the move list is kept for Next", box)
        self.back_button = _button("◀ Back", "Step back one move", box)
        self.forward_button = _button("Next ▶", "Step forward one move (or let the computer move)", box)
        self.hint_button = _button("Hint", "The computer's choice for the player to move", box)
        for b in (self.restart_button, self.back_button, self.forward_button, self.hint_button):
            nav.addWidget(b)
        extra = QHBoxLayout()
        self.keep_button = _button("Keep position", "End play mode and make the played position the "
                                   "document's (one undo step)", box)
        self.drag_button = _button("Drag tokens", "Move tokens on the canvas by dragging them", box)
        extra.addWidget(self.keep_button)
        extra.addWidget(self.drag_button)
        for w in (self.start_button, self.mode_box, self.mode_row):
            col.addWidget(w)
        col.addLayout(nav)
        col.addLayout(extra)
        col.addStretch(1)
        box.setFixedWidth(250)
        return box

    def _state_lines(self) -> QWidget:
        box = QWidget(self)
        col = QVBoxLayout(box)
        col.setContentsMargins(0, 0, 0, 0)
        col.setSpacing(2)
        self.status = FittedLabel("", box)
        bold = self.status.font()
        bold.setBold(True)
        self.status.setFont(bold)
        self.last = FittedLabel("", box, tip="The move that led to the position shown, and why it was chosen")
        self.notice = FittedLabel("", box)
        self.notice.setStyleSheet(f"color: {palette.VERMILLION};")
        for label in (self.status, self.last, self.notice):
            col.addWidget(label)
        return box

    def _moves(self) -> QWidget:
        self.history = QTreeWidget(self)
        self.history.setHeaderLabels(COLUMNS)
        self.history.headerItem().setToolTip(len(COLUMNS) - 1, WHY_TIP)
        self.history.setRootIsDecorated(False)
        self.history.setUniformRowHeights(True)
        self.history.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.history.setToolTip("Every move so far; click a row to go to the position after it")
        header = self.history.header()
        for c in range(4):
            header.setSectionResizeMode(c, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        return self.history

    def _choices(self) -> QWidget:
        box = QGroupBox("Moves from here", self)
        box.setToolTip("Every move from the position shown; ★ marks the winning ones. Double-click to play")
        col = QVBoxLayout(box)
        col.setContentsMargins(4, 4, 4, 4)
        self.choices = QListWidget(box)
        self.choices.setWordWrap(True)
        self.choices.setToolTip("★ marks a winning move (nim-sum becomes 0). Double-click a move to play it")
        self.move_edit = QLineEdit(box)
        self.move_edit.setObjectName("type_a_move")
        self.move_edit.setClearButtonEnabled(True)
        self.move_edit.setPlaceholderText(TYPE_A_MOVE)
        col.addWidget(self.move_edit)
        col.addWidget(self.choices)
        return box

    def show_syntax(self, game: type | None, drag: bool = False) -> None:
        """The "Type a move" line names the syntax of the game class ``game`` (the tab's, shown or
        played: its ``example`` in the placeholder, its ``syntax`` in the tooltip); "Drag tokens" is
        there when the tab moves pieces by dragging (``drag``: tokens on a graph)."""
        example = getattr(game, "example", "")
        self.move_edit.setPlaceholderText(f"e.g. {example}, then Enter" if example else TYPE_A_MOVE)
        syntax = getattr(game, "syntax", "")
        self.move_edit.setToolTip(syntax[:1].upper() + syntax[1:] + "; Enter plays it" if syntax else "")
        self.drag_button.setVisible(drag)

    def _set_playing(self, on: bool) -> None:
        self.start_button.setText("■ Stop playing" if on else "▶ Play from this position")
        for w in (self.restart_button, self.back_button, self.forward_button, self.run_button,
                  self.move_edit):
            w.setEnabled(on)
        mode = MODES[self.mode_box.currentIndex()][1]
        self.hint_button.setEnabled(on and mode is not Mode.COMPUTER_VS_COMPUTER)
        target = getattr(self, "target", None)
        self.keep_button.setEnabled(on and bool(target is not None and target.can_keep))
        self.drag_button.setEnabled(on and bool(target is not None and target.can_drag))
