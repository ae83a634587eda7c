"""The rule editor of the Take & break tab: the rule typed and checked as you type, in words, presets.

Every keystroke is read by the core's parser (:func:`~sgstudio.games.takebreak.parse.parse_rule`,
so the editor takes any rule it reads, the named families included: nothing here lists them). A
rule that reads is stated in words as it is typed ("take 1 leaving 0 or 1 heaps; take 2 leaving 2
heaps") and requested on Enter or on leaving the field (``rule_typed(rule, session)``: one undo
step); a rule that does not read changes nothing: the text is shown with its bad character marked,
the column and what was expected there, and the tab keeps its rule. The presets menu lists the core's
:data:`~sgstudio.games.takebreak.families.PRESETS` by name and code (``preset_chosen(rule)``).
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFontDatabase, QFontMetrics, QResizeEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from sgstudio.games.takebreak.families import PRESETS, named_syntax
from sgstudio.games.takebreak.parse import parse_rule
from sgstudio.games.takebreak.rules import Rule, RuleError
from sgstudio.gui import palette
from sgstudio.gui.widgets import FittedLabel, tip_text

CODE_TIP = ("A code d0.d1d2…: digit d_k (hexadecimal) adds 1 to remove k tokens leaving no heap, 2 leaving "
            "one heap, 4 leaving two heaps, 8 leaving three; d0 splits a heap without removing (4: into two, "
            "8: into three). Kayles is 0.77, Dawson's chess 0.137.")


def rule_title(rule: Rule) -> str:
    """The rule's name (capitalised) and text (``Kayles (0.77)``), or its text alone.

    >>> rule_title(parse_rule("0.77")), rule_title(parse_rule("0.34"))
    ('Kayles (0.77)', '0.34')
    """
    return f"{rule.name[:1].upper()}{rule.name[1:]} ({rule.text})" if rule.name else rule.text


def refusal(text: str, err: RuleError) -> str:
    """Why ``text`` is not a rule, without the core's "bad rule '…': column N: " head.

    >>> try:
    ...     parse_rule("0.1g7")
    ... except RuleError as err:
    ...     print(refusal("0.1g7", err))
    expected a hexadecimal digit (0-9, a-f), found 'g'
    """
    message = str(err)
    head = f"bad rule {err.text!r}: column {err.column}: "
    return message[len(head):] if message.startswith(head) else message


def marked(text: str, column: int) -> str:
    """``text`` as HTML with the character at ``column`` (1-based; past the end: a gap) marked.

    >>> marked("0.1g7", 4)[:40]
    '0.1<span style="background:#D55E00; colo'
    """
    i = column - 1
    bad = html.escape(text[i]) if i < len(text) else "&nbsp;"
    style = f"background:{palette.VERMILLION}; color:{palette.PAPER}; font-weight:bold"
    return f'{html.escape(text[:i])}<span style="{style}">{bad}</span>{html.escape(text[i + 1:])}'


def shown_span(length: int, column: int, room: int) -> tuple[int, int]:
    """The part ``[start, end)`` of a text of ``length`` characters shown in ``room`` characters so
    that its ``column`` (1-based; ``length + 1``: just past the end) is in it, with a little after it;
    a cut end costs one character (its "…").

    >>> shown_span(5, 4, 10), shown_span(40, 38, 12), shown_span(40, 3, 12), shown_span(40, 20, 12)
    ((0, 5), (29, 40), (0, 11), (14, 24))
    """
    if length + 1 <= room:
        return 0, length
    end = min(length, column + 4)
    start = max(0, end - (room - (2 if end < length else 1)))
    if start == 0:
        end = min(length, room - 1)
    return start, end


class RuleEditor(QWidget):
    """The rule field, the presets button, the rule in words and, for a refused rule, the text with
    its bad character marked. :attr:`error_column` is that column (None when the text reads)."""

    rule_typed = Signal(object, int)
    preset_chosen = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.field = QLineEdit()
        self.field.setPlaceholderText(f"a code such as 0.77, or {named_syntax()}")
        self.field.setToolTip(tip_text(f"{CODE_TIP}\nNamed rules: {named_syntax()}."))
        self.field.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.presets = QToolButton()
        self.presets.setText("Presets")
        self.presets.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.presets.setMenu(self._presets_menu())
        self.words = FittedLabel(lines=2)  # two lines whatever the rule: nothing below moves
        self.error = QLabel()  # one line, kept when empty: nothing below moves
        self.error.setTextFormat(Qt.TextFormat.RichText)
        self.error.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.error.setMinimumHeight(self.error.fontMetrics().lineSpacing() + 4)
        row = QHBoxLayout()
        row.addWidget(QLabel("Rule:"))
        row.addWidget(self.field, 1)
        row.addWidget(self.presets)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.words)
        layout.addWidget(self.error)
        self.session = 0
        self.error_column: int | None = None
        self._refused: tuple[str, int] | None = None  # the refused text and its bad column
        self._shown: Rule | None = None
        self.field.textEdited.connect(self._edited)
        self.field.editingFinished.connect(self._commit)

    def _presets_menu(self) -> QMenu:
        menu = QMenu(self)
        for name, text in PRESETS:
            action = menu.addAction(f"{name}\t{text}")
            action.setData(text)
            action.setToolTip(parse_rule(text).describe())
            action.triggered.connect(lambda _checked=False, t=text: self.preset_chosen.emit(parse_rule(t)))
        return menu

    def preset_actions(self) -> list:
        """The presets menu's actions, in order (their data: the rule's text)."""
        return self.presets.menu().actions()

    def show_rule(self, rule: Rule) -> None:
        """Follow the model: the rule in words; the text rewritten unless it already reads as ``rule``."""
        self._shown = rule
        try:
            same = parse_rule(self.field.text()).text == rule.text
        except RuleError:
            same = False
        if not same:
            self.field.setText(rule.text)
            self._finish()
        self._show_words(rule)

    def _show_words(self, rule: Rule) -> None:
        self.error_column, self._refused = None, None
        self.error.setText("")
        self.error.setToolTip("")
        self.words.setStyleSheet(f"color: {palette.INK};")
        self.words.setText(f"{rule_title(rule)}: {rule.describe()}")

    def _edited(self, text: str) -> None:
        """Check the text as it is typed: the rule in words, or why it is not one."""
        try:
            rule = parse_rule(text)
        except RuleError as err:
            self._refuse(text, err)
            return
        self._show_words(rule)
        if self._shown is None or rule.text != self._shown.text:
            self.error.setText(f'<span style="color:{palette.EDGE}">press Enter to use this rule</span>')

    def _commit(self) -> None:
        """Enter (or leaving the field): request the typed rule if it reads and is new."""
        try:
            rule = parse_rule(self.field.text())
        except RuleError:
            return  # refused as typed: the tab keeps its rule
        if self._shown is None or rule.text != self._shown.text:
            self.rule_typed.emit(rule, self.session)
        self._finish()

    def _refuse(self, text: str, err: RuleError) -> None:
        self.error_column = err.column
        self._refused = (text, err.column)
        self.words.setStyleSheet(f"color: {palette.VERMILLION};")
        self.words.setText(f"Not a rule: column {err.column}: {refusal(text, err)}.")
        kept = f"; the tab keeps {self._shown.text}" if self._shown is not None else ""
        self.error.setToolTip(tip_text(f"{text}\n{'^'.rjust(err.column)}\ncolumn {err.column}: "
                                       f"{refusal(text, err)}{kept}"))
        self._show_refused()

    def _show_refused(self) -> None:
        """The refused text with its bad character marked, the part around it when the whole is too
        long for the line (the whole is in the tooltip), and the rule the tab keeps when it fits."""
        if self._refused is None:
            return
        text, column = self._refused
        kept = f"  the tab keeps {self._shown.text}" if self._shown is not None else ""
        room = self.error.contentsRect().width()
        char = QFontMetrics(self.field.font()).horizontalAdvance("0")  # the field's fixed font, as <tt>
        plain = self.error.fontMetrics().horizontalAdvance(kept)
        if (len(text) + 1) * char + plain > room:
            kept = ""
        start, end = shown_span(len(text), column, max(3, room // max(1, char) - 1))
        shown = marked(text[start:end], column - start)
        left, right = ("…" if start > 0 else ""), ("…" if end < len(text) else "")
        kept = f"&nbsp;&nbsp;{html.escape(kept.strip())}" if kept else ""
        self.error.setText(f"<tt>{left}{shown}{right}</tt>{kept}")

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._show_refused()

    def _finish(self) -> None:
        self.session += 1

    def set_read_only(self, on: bool) -> None:
        self.field.setReadOnly(on)
        self.presets.setEnabled(not on)
