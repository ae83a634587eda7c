"""The Play panel's widgets and layout (its behaviour is in :mod:`sgstudio.gui.panels.play`).

Three columns: the controls; the state line and the move list; the "Type a move" line over the
moves from the current position.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
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
    QTreeWidget,
    QVBoxLayout,
    QWidget,
)

from sgstudio.core.moves import SYNTAX
from sgstudio.core.play import Mode
from sgstudio.gui import palette

MODES = [("You against the computer", Mode.HUMAN_VS_COMPUTER),
         ("Computer against itself", Mode.COMPUTER_VS_COMPUTER),
         ("Two people (with hints)", Mode.TWO_HUMANS)]
COLUMNS = ["#", "Who", "Move", "Nim-sum", "Why (the computer's reason)"]
EXAMPLES = {"dag": "A -> D", "snim": "2 take 3", "splitnim": "2 -> 2 + 3 + 4", "board": "2: 18 -> 19"}
"""The "Type a move" line's placeholder for each game (the full syntax is its tooltip)."""


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
        self.auto_row.hide()
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
        for w in (self.start_button, self.mode_box, self.first_box, self.auto_row):
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
        self.status = QLabel("", box)
        self.status.setWordWrap(True)
        bold = self.status.font()
        bold.setBold(True)
        self.status.setFont(bold)
        self.last = QLabel("", box)
        self.last.setWordWrap(True)
        self.last.setToolTip("The move that led to the position shown, and why it was chosen")
        self.notice = QLabel("", box)
        self.notice.setWordWrap(True)
        self.notice.setStyleSheet(f"color: {palette.VERMILLION};")
        col.addWidget(self.status)
        col.addWidget(self.last)
        col.addWidget(self.notice)
        return box

    def _moves(self) -> QWidget:
        self.history = QTreeWidget(self)
        self.history.setHeaderLabels(COLUMNS)
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
        self.move_edit.setPlaceholderText("Type a move, then Enter")
        col.addWidget(self.move_edit)
        col.addWidget(self.choices)
        return box

    def show_syntax(self, kind: str) -> None:
        """The "Type a move" line names the syntax of the game being played (``kind``)."""
        example = EXAMPLES.get(kind)
        self.move_edit.setPlaceholderText(f"Type a move, e.g. {example}" if example else "Type a move")
        self.move_edit.setToolTip(SYNTAX[kind].capitalize() + "; Enter plays it" if kind in SYNTAX else "")

    def _set_playing(self, on: bool) -> None:
        self.start_button.setText("■ Stop playing" if on else "▶ Play from this position")
        for w in (self.restart_button, self.back_button, self.forward_button, self.run_button,
                  self.move_edit):
            w.setEnabled(on)
        mode = MODES[self.mode_box.currentIndex()][1]
        self.hint_button.setEnabled(on and mode is not Mode.COMPUTER_VS_COMPUTER)
        target = getattr(self, "target", None)
        self.keep_button.setEnabled(on and bool(target is not None and target.can_keep))
        self.drag_button.setVisible(bool(target is not None and hasattr(target, "use_drag")))
