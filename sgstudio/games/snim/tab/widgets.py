"""The S-Nim tab's own panels: the S field and the positions of an imported test case (the heap
table is in :mod:`.heaps`; who wins is the one Analysis panel's, :mod:`sgstudio.gui.panels.analysis`).

Panels only show and ask: they emit requests (``s_typed``, ``load_requested``) that the tab turns
into undo commands; they are refreshed by the tab from the model's events.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QMenu,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from sgstudio.games.snim.named import PRESETS as NAMED_PRESETS
from sgstudio.games.snim.named import named_set_name
from sgstudio.games.snim.position import JudgeCase, parse_subtraction_set
from sgstudio.games.snim.subtraction.sets import resolve
from sgstudio.gui import palette
from sgstudio.gui.undo_keys import LIVE
from sgstudio.gui.widgets import FittedLabel, set_text, tip_text

MOVE_ROLE = Qt.ItemDataRole.UserRole
S_TIP = "The subtraction set S: a move removes exactly s stones, s in S."


class SetEditor(QWidget):
    """The S field, validated as you type; an invalid S shows a red message and changes nothing.

    Emits ``s_typed(S, session)`` with the parsed S when the text is valid and differs from the
    shown S; ``session`` changes when editing finishes, so one typing session is one undo step.
    """

    s_typed = Signal(object, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.field = QLineEdit()
        self.field.setPlaceholderText("takes allowed, e.g. 2 5 7, or squares")
        self.field.setToolTip(S_TIP)
        self.message = FittedLabel(lines=2)  # its two lines are kept when empty: nothing moves
        self.message.setStyleSheet(f"color: {palette.VERMILLION};")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        row.addWidget(QLabel("S ="))
        row.addWidget(self.field, 1)
        row.addWidget(self._presets())
        layout.addLayout(row)
        layout.addWidget(self.message)
        self.session = 0
        self._shown: tuple[int, ...] = ()
        self.field.textEdited.connect(self._edited)
        self.field.editingFinished.connect(self._finish)
        self.field.setProperty(LIVE, True)  # Ctrl+Z here undoes the tab's steps, not the field's own

    def _presets(self) -> QToolButton:
        """The presets button: S = all squares, all primes, ... (infinite sets, by name)."""
        button = QToolButton()
        button.setText("Presets")
        button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(button)
        for name, text in NAMED_PRESETS:
            action = menu.addAction(text)
            action.setData(name)
            action.triggered.connect(lambda _checked=False, n=name: self._preset(n))
        button.setMenu(menu)
        button.setToolTip("An infinite S: its values are computed in the background (no period is known)")
        self.presets = button
        return button

    def preset_actions(self) -> list:
        """The presets menu's actions (their data: the set's name)."""
        return self.presets.menu().actions()

    def _preset(self, name: str) -> None:
        self._finish()
        if self._shown != name:
            self.s_typed.emit(name, self.session)
        self._finish()

    def show_S(self, S: tuple[int, ...] | str) -> None:  # noqa: N803
        """Follow the model: rewrite the text unless it already means S (a tuple, or a set's name)."""
        self._shown = S
        try:
            same = self._read(self.field.text()) == S
        except ValueError:
            same = False
        if not same:
            self.field.setText(f"all {S}" if isinstance(S, str) else " ".join(map(str, S)))
            self._finish()
        if isinstance(S, str):
            self.field.setToolTip(tip_text(f"{S_TIP}\nS = {resolve(S).title} (OEIS {resolve(S).oeis} "
                                           "lists the values)"))
        else:
            self.field.setToolTip(S_TIP if len(S) <= 12 else tip_text(f"{S_TIP}\nS = {set_text(S, len(S))}"))
        self._set_message("")

    @staticmethod
    def _read(text: str) -> tuple[int, ...] | str:
        """The members typed, or the name of an infinite set ("squares", "all primes")."""
        return named_set_name(text) or parse_subtraction_set(text)

    def _edited(self, text: str) -> None:
        try:
            S = self._read(text)  # noqa: N806
        except ValueError as err:
            self._set_message(f"S unchanged: {err}")
            return
        self._set_message("")
        if self._shown != S:
            self.s_typed.emit(S, self.session)

    def _finish(self) -> None:
        self.session += 1

    def _set_message(self, text: str) -> None:
        self.message.setText(text)


class JudgeList(QWidget):
    """The positions of an imported test case with the judge's W/L; choosing one loads its heaps."""

    load_requested = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = FittedLabel(lines=2)
        self.list = QListWidget()
        self.list.setWordWrap(True)  # a long position wraps: the list never scrolls sideways
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setToolTip("Double-click a position (or press Load) to load its heaps")
        self.list.setMinimumHeight(2 * self.list.fontMetrics().lineSpacing() + 12)  # two rows at least
        self.load_button = QPushButton("Load")
        self._judge: JudgeCase | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.load_button, 0, Qt.AlignmentFlag.AlignRight)
        self.list.itemActivated.connect(lambda item: self.load_requested.emit(self.list.row(item)))
        self.load_button.clicked.connect(self._load_current)

    def show_case(self, judge: JudgeCase | None, answers: str | None, note: str = "") -> None:
        """List ``judge``'s positions, each with its letter of ``answers`` (``…`` while unknown, or
        ``?`` with ``note`` saying why they cannot be answered)."""
        self.list.clear()
        self._judge = judge
        if judge is None:
            self.title.setText("No judge file imported (File > Import, HDU 1536).")
            self.load_button.setEnabled(False)
            return
        line = answers or (note or "…")
        self.title.setText(f"{judge.file}: test case {judge.number} of {judge.count}, S = {set_text(judge.S)}"
                           f"  —  judge line: {line}")
        for j, heaps in enumerate(judge.positions):
            letter = answers[j] if answers else ("?" if note else "…")
            shown = " ".join(map(str, heaps[:12])) + (" …" if len(heaps) > 12 else "")
            self.list.addItem(f"{letter}   position {j + 1}: {shown}")
            self.list.item(j).setToolTip(tip_text(f"position {j + 1}: {len(heaps)} heaps: {shown}"))
        self.load_button.setEnabled(True)

    def mark(self, heaps: tuple[int, ...]) -> None:
        """Bold the positions equal to the current heaps."""
        positions = self._judge.positions if self._judge else ()
        for j, position in enumerate(positions):
            item = self.list.item(j)
            font = item.font()
            font.setBold(position == heaps)
            item.setFont(font)

    def letters(self) -> str:
        return "".join(self.list.item(i).text()[0] for i in range(self.list.count()))

    def _load_current(self) -> None:
        if self.list.currentRow() >= 0:
            self.load_requested.emit(self.list.currentRow())
