"""The code editor of the "Your game" tab: Python highlighted, lines numbered, the failing line marked.

:class:`CodeEditor` is a QPlainTextEdit with a margin of line numbers (:class:`_Numbers`), a
:class:`PythonHighlighter` (keywords, strings, comments, numbers, ``def`` names) and
:meth:`CodeEditor.mark_line`: the line a mistake names gets a red background and a red number,
until the code is edited. Ctrl+Enter is the tab's Run (the editor emits ``run_requested``).
"""

from __future__ import annotations

import keyword
import re
from typing import ClassVar

from PySide6.QtCore import QRect, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontDatabase,
    QKeyEvent,
    QPainter,
    QPaintEvent,
    QResizeEvent,
    QSyntaxHighlighter,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
    QTextFormat,
)
from PySide6.QtWidgets import QPlainTextEdit, QTextEdit, QWidget

MARK = QColor("#FBD3CF")
"""The background of the failing line."""
MARK_INK = QColor("#B3261E")


def _format(colour: str, bold: bool = False, italic: bool = False) -> QTextCharFormat:
    f = QTextCharFormat()
    f.setForeground(QColor(colour))
    if bold:
        f.setFontWeight(QFont.Weight.Bold)
    f.setFontItalic(italic)
    return f


class PythonHighlighter(QSyntaxHighlighter):
    """Python's keywords, builtins, strings, comments, numbers and defined names, in colour."""

    KEYWORD = _format("#7A3E9D", bold=True)
    BUILTIN = _format("#0B6E99")
    STRING = _format("#2E7D32")
    COMMENT = _format("#8A8A8A", italic=True)
    NUMBER = _format("#B5520B")
    DEFINED = _format("#1565C0", bold=True)
    RULES: ClassVar[list[tuple[re.Pattern, QTextCharFormat]]] = [
        (re.compile(r"\b(?:" + "|".join(keyword.kwlist) + r")\b"), KEYWORD),
        (re.compile(r"\b(?:range|len|min|max|sorted|set|frozenset|tuple|list|int|str|abs|sum|any|all|"
                    r"enumerate|zip|reversed|divmod|print)\b"), BUILTIN),
        (re.compile(r"\b[0-9]+(?:\.[0-9]*)?\b"), NUMBER),
        (re.compile(r"(?<=\bdef\s)\w+|(?<=\bclass\s)\w+"), DEFINED),
        (re.compile(r"(?:[rbuf]{0,2})(?:'[^'\\\n]*(?:\\.[^'\\\n]*)*'"
                    r"|\"[^\"\\\n]*(?:\\.[^\"\\\n]*)*\")"), STRING),
        (re.compile(r"#[^\n]*"), COMMENT),
    ]
    TRIPLE = re.compile(r'"""|\'\'\'')

    def __init__(self, document: QTextDocument) -> None:
        super().__init__(document)

    def highlightBlock(self, text: str) -> None:
        for pattern, form in self.RULES:
            for m in pattern.finditer(text):
                self.setFormat(m.start(), m.end() - m.start(), form)
        self._triple(text)

    def _triple(self, text: str) -> None:
        """Docstrings over several lines: block state 1 while inside one."""
        start = 0
        inside = self.previousBlockState() == 1
        self.setCurrentBlockState(0)
        while True:
            m = self.TRIPLE.search(text, start)
            if inside:
                end = m.end() if m else len(text)
                self.setFormat(start, end - start, self.STRING)
                if m is None:
                    self.setCurrentBlockState(1)
                    return
                inside, start = False, m.end()
            else:
                if m is None:
                    return
                inside, start = True, m.start()
                close = self.TRIPLE.search(text, m.end())
                if close is not None:
                    self.setFormat(m.start(), close.end() - m.start(), self.STRING)
                    inside, start = False, close.end()
                else:
                    self.setFormat(m.start(), len(text) - m.start(), self.STRING)
                    self.setCurrentBlockState(1)
                    return


class _Numbers(QWidget):
    """The margin of line numbers (the marked line's in red)."""

    def __init__(self, editor: CodeEditor) -> None:
        super().__init__(editor)
        self.editor = editor

    def sizeHint(self) -> QSize:
        return QSize(self.editor.number_width(), 0)

    def paintEvent(self, event: QPaintEvent) -> None:
        self.editor.paint_numbers(event)


class CodeEditor(QPlainTextEdit):
    """A Python code editor (see the module docstring); ``run_requested`` on Ctrl+Enter."""

    run_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        font.setPointSizeF(10.5)
        self.setFont(font)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.setTabStopDistance(4 * self.fontMetrics().horizontalAdvance(" "))
        self.highlighter = PythonHighlighter(self.document())
        self.numbers = _Numbers(self)
        self.marked: int | None = None  # the failing line, from 1
        self.blockCountChanged.connect(self._margin)
        self.updateRequest.connect(self._scrolled)
        self.textChanged.connect(self._edited)
        self._margin()

    # -- the failing line ------------------------------------------------------------------------
    def mark_line(self, line: int | None) -> None:
        """Mark line ``line`` (from 1) as the failing one and scroll to it; None: no mark."""
        self.marked = line if line is not None and 1 <= line <= self.blockCount() else None
        selections = []
        if self.marked is not None:
            sel = QTextEdit.ExtraSelection()
            sel.format.setBackground(MARK)
            sel.format.setProperty(QTextFormat.Property.FullWidthSelection, True)
            cursor = QTextCursor(self.document().findBlockByNumber(self.marked - 1))
            sel.cursor = cursor
            selections.append(sel)
            self.setTextCursor(cursor)
            self.ensureCursorVisible()
        self.setExtraSelections(selections)
        self.numbers.update()

    def _edited(self) -> None:
        if self.marked is not None:
            self.mark_line(None)

    # -- keys ------------------------------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:
        enter = event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        if enter and event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.run_requested.emit()
            return
        if event.key() == Qt.Key.Key_Tab and not self.isReadOnly():
            self.insertPlainText("    ")
            return
        if enter and not self.isReadOnly():  # keep the indentation (and indent after a colon)
            line = self.textCursor().block().text()
            indent = line[:len(line) - len(line.lstrip(" "))]
            if line.rstrip().endswith(":"):
                indent += "    "
            super().keyPressEvent(event)
            self.insertPlainText(indent)
            return
        super().keyPressEvent(event)

    # -- the margin ------------------------------------------------------------------------------
    def number_width(self) -> int:
        digits = len(str(max(1, self.blockCount())))
        return 12 + self.fontMetrics().horizontalAdvance("9") * max(2, digits)

    def _margin(self, *_args: object) -> None:
        self.setViewportMargins(self.number_width(), 0, 0, 0)

    def _scrolled(self, rect: QRect, dy: int) -> None:
        if dy:
            self.numbers.scroll(0, dy)
        else:
            self.numbers.update(0, rect.y(), self.numbers.width(), rect.height())
        if rect.contains(self.viewport().rect()):
            self._margin()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        r = self.contentsRect()
        self.numbers.setGeometry(QRect(r.left(), r.top(), self.number_width(), r.height()))

    def paint_numbers(self, event: QPaintEvent) -> None:
        painter = QPainter(self.numbers)
        painter.fillRect(event.rect(), QColor("#F3F3F3"))
        block = self.firstVisibleBlock()
        number = block.blockNumber()
        top = round(self.blockBoundingGeometry(block).translated(self.contentOffset()).top())
        bottom = top + round(self.blockBoundingRect(block).height())
        height = self.fontMetrics().height()
        while block.isValid() and top <= event.rect().bottom():
            if block.isVisible() and bottom >= event.rect().top():
                marked = number + 1 == self.marked
                painter.setPen(MARK_INK if marked else QColor("#8A8A8A"))
                font = self.font()
                font.setBold(marked)
                painter.setFont(font)
                painter.drawText(0, top, self.numbers.width() - 6, height, Qt.AlignmentFlag.AlignRight,
                                 str(number + 1))
            block = block.next()
            top = bottom
            bottom = top + round(self.blockBoundingRect(block).height())
            number += 1
        painter.end()
