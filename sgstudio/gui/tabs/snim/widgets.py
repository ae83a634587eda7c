"""The S-Nim tab's panels: the S field, the outcome with the nim-sum table, the winning moves, and
the positions of an imported test case (the heap table is in :mod:`.heaps`).

Panels only show and ask: they emit requests (``s_typed``, ``edit_requested``, ``play_requested``,
...) that the tab turns into undo commands; they are refreshed by the tab from the model's events.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFontDatabase, QPalette, QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from sgstudio.core.analysis import Analysis
from sgstudio.core.outcome import Outcome
from sgstudio.core.positions.snim import JudgeCase, parse_subtraction_set
from sgstudio.gui import palette
from sgstudio.gui.widgets import FittedLabel, OutcomeBanner, set_text, tip_text

MOVE_ROLE = Qt.ItemDataRole.UserRole
S_TIP = "The subtraction set S: a move removes exactly s stones, s in S."


def nim_table(heaps: tuple[int, ...], values: tuple[int, ...]) -> str:
    """Each heap's size and value, the value in binary, then the XOR line (monospace text).

    >>> print(nim_table((5, 12, 9), (2, 2, 1)))
    heap  size  value  binary
    1        5      2      10
    2       12      2      10
    3        9      1      01
    -------------------------
    nim-sum         1      01
    """
    total = 0
    for v in values:
        total ^= v
    bits = max([1, *(v.bit_length() for v in values)])
    size_w = max([4, *(len(str(h)) for h in heaps)])
    value_w = max([5, *(len(str(v)) for v in values)])
    bin_w = max(6, bits)
    head_w = max(4, len(str(len(heaps))))
    line = f"{{:<{head_w}}}  {{:>{size_w}}}  {{:>{value_w}}}  {{:>{bin_w}}}"
    out = [line.format("heap", "size", "value", "binary")]
    out += [line.format(i, h, v, format(v, f"0{bits}b")) for i, (h, v) in enumerate(zip(heaps, values,
                                                                                      strict=True), 1)]
    out.append("-" * len(out[0]))
    tail = f"{{:<{head_w + 2 + size_w}}}  {{:>{value_w}}}  {{:>{bin_w}}}"
    out.append(tail.format("nim-sum", total, format(total, f"0{bits}b")))
    return "\n".join(out)


class SetEditor(QWidget):
    """The S field, validated as you type; an invalid S shows a red message and changes nothing.

    Emits ``s_typed(S, session)`` with the parsed S when the text is valid and differs from the
    shown S; ``session`` changes when editing finishes, so one typing session is one undo step.
    """

    s_typed = Signal(tuple, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.field = QLineEdit()
        self.field.setPlaceholderText("takes allowed, e.g. 2 5 7")
        self.field.setToolTip(S_TIP)
        self.message = FittedLabel(lines=2)  # its two lines are kept when empty: nothing moves
        self.message.setStyleSheet(f"color: {palette.VERMILLION};")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        row.addWidget(QLabel("S ="))
        row.addWidget(self.field, 1)
        layout.addLayout(row)
        layout.addWidget(self.message)
        self.session = 0
        self._shown: tuple[int, ...] = ()
        self.field.textEdited.connect(self._edited)
        self.field.editingFinished.connect(self._finish)

    def show_S(self, S: tuple[int, ...]) -> None:  # noqa: N803
        """Follow the model: rewrite the text unless it already means S."""
        self._shown = S
        try:
            same = parse_subtraction_set(self.field.text()) == S
        except ValueError:
            same = False
        if not same:
            self.field.setText(" ".join(map(str, S)))
            self._finish()
        self.field.setToolTip(S_TIP if len(S) <= 12 else tip_text(f"{S_TIP}\nS = {set_text(S, len(S))}"))
        self._set_message("")

    def _edited(self, text: str) -> None:
        try:
            S = parse_subtraction_set(text)  # noqa: N806
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


def _monospace_text(parent: QWidget) -> QPlainTextEdit:
    text = QPlainTextEdit(parent)
    text.setReadOnly(True)
    text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
    text.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
    text.setFrameShape(QFrame.Shape.NoFrame)
    return text


class NimTable(QFrame):
    """The nim-sum table: the heaps' rows scroll, the nim-sum line under them always shows.

    Both parts scroll sideways together (long heap sizes); :meth:`text` is the whole table.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setBackgroundRole(QPalette.ColorRole.Base)  # one white box, like a text field
        self.setAutoFillBackground(True)
        self.rows = _monospace_text(self)
        self.total = _monospace_text(self)
        self.total.setObjectName("nim_sum_line")
        self.total.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.total.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.total.setFixedHeight(2 * self.total.fontMetrics().lineSpacing()
                                  + 2 * int(self.total.document().documentMargin()))
        self.rows.horizontalScrollBar().valueChanged.connect(self.total.horizontalScrollBar().setValue)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(1, 1, 1, 1)
        layout.setSpacing(0)
        layout.addWidget(self.rows, 1)
        layout.addWidget(self.total)
        layout.addStretch(0)  # room left over goes under the table, not between its rows and its total

    def setPlainText(self, text: str) -> None:  # the QPlainTextEdit name: the table reads like one
        lines = text.split("\n")
        split = len(lines) - 2 if len(lines) > 2 and lines[-2].startswith("---") else len(lines)
        self.rows.setPlainText("\n".join(lines[:split]))
        self.total.setPlainText("\n".join(lines[split:]))
        self._fit_rows()
        self.total.horizontalScrollBar().setValue(self.rows.horizontalScrollBar().value())

    def _fit_rows(self) -> None:
        """The rows' part no taller than its lines (and the sideways scroll bar when it needs one)."""
        lines = self.rows.toPlainText().split("\n")
        metrics, margin = self.rows.fontMetrics(), 2 * int(self.rows.document().documentMargin())
        room = self.contentsRect().width()  # the rows' own viewport may not have its new size yet
        if self.rows.verticalScrollBar().isVisible():
            room -= self.rows.verticalScrollBar().width()
        wide = max(metrics.horizontalAdvance(line) for line in lines) + margin > room
        bar = self.rows.horizontalScrollBar().sizeHint().height() if wide else 0
        self.rows.setMaximumHeight(len(lines) * metrics.lineSpacing() + margin + bar + 2)  # 2: no scroll bar

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_rows()

    def toPlainText(self) -> str:
        tail = self.total.toPlainText()
        return self.rows.toPlainText() + ("\n" + tail if tail else "")


class OutcomeView(QWidget):
    """W/L in large type on its colour (blue: LOSE, orange: WIN), a sentence, the nim-sum table."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.badge = OutcomeBanner(self, 26)
        self.sentence = FittedLabel(lines=2)
        self.table = NimTable()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.badge)
        layout.addWidget(self.sentence)
        layout.addWidget(self.table, 1)

    def show_analysis(self, heaps: tuple[int, ...], analysis: Analysis | None, pending: str = "") -> None:
        if analysis is None:
            self.badge.set_outcome(None)
            self.sentence.setText(pending)
            self.table.setPlainText("")
            return
        win = analysis.outcome is Outcome.WIN
        self.badge.set_outcome(win)
        if win:
            count = len(analysis.moves)
            text = f"nim-sum {analysis.total} ≠ 0: the player to move wins ({count} winning move"
            text += "s)." if count != 1 else ")."
        else:
            text = "nim-sum 0: the player to move loses (every move leaves a non-zero nim-sum)."
        self.sentence.setText(text)
        self.table.setPlainText(nim_table(heaps, analysis.values) if heaps else "no heap: no move, LOSE")

    def outcome(self) -> str:
        return self.badge.text()


class MoveList(QWidget):
    """Every winning move as a row; double-click (or Play, or Enter) plays the chosen one."""

    play_requested = Signal(tuple)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.list = QListWidget()
        self.list.setWordWrap(True)  # a long move wraps: the list never scrolls sideways
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setToolTip("Double-click a move (or press Play) to play it")
        self.play_button = QPushButton("Play")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.play_button, 0, Qt.AlignmentFlag.AlignRight)
        self.list.itemActivated.connect(self._play_item)  # double-click or Enter
        self.play_button.clicked.connect(lambda: self._play_item(self.list.currentItem()))

    def show_moves(self, analysis: Analysis | None) -> None:
        self.list.clear()
        if analysis is None:
            return
        for move in analysis.moves:
            item = QListWidgetItem(move.row())
            item.setData(MOVE_ROLE, move.move)
            self.list.addItem(item)
        if not analysis.moves:
            item = QListWidgetItem("no winning move:\nevery move leaves a non-zero nim-sum")
            item.setFlags(Qt.ItemFlag.NoItemFlags)
            self.list.addItem(item)
        else:
            self.list.setCurrentRow(0)
        self.play_button.setEnabled(bool(analysis.moves))

    def moves(self) -> list[tuple[int, int]]:
        found = (self.list.item(i).data(MOVE_ROLE) for i in range(self.list.count()))
        return [tuple(m) for m in found if m]

    def _play_item(self, item: QListWidgetItem | None) -> None:
        move = item.data(MOVE_ROLE) if item is not None else None
        if move:
            self.play_requested.emit(tuple(move))


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
        self.load_button = QPushButton("Load")
        self._judge: JudgeCase | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.load_button, 0, Qt.AlignmentFlag.AlignRight)
        self.list.itemActivated.connect(lambda item: self.load_requested.emit(self.list.row(item)))
        self.load_button.clicked.connect(self._load_current)

    def show_case(self, judge: JudgeCase | None, answers: str | None) -> None:
        """List ``judge``'s positions, each with its letter of ``answers`` (``…`` while unknown)."""
        self.list.clear()
        self._judge = judge
        if judge is None:
            self.title.setText("No judge file imported (File > Import, HDU 1536).")
            self.load_button.setEnabled(False)
            return
        self.title.setText(f"{judge.file}: test case {judge.number} of {judge.count}, S = {set_text(judge.S)}"
                           f"  —  judge line: {answers or '…'}")
        for j, heaps in enumerate(judge.positions):
            letter = answers[j] if answers else "…"
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
