"""Small widgets shared by the panels and the tabs.

:func:`group_box` frames widgets under a title. :class:`FittedLabel` is a label of a fixed number
of lines that never grows or widens its panel: longer text is cut with "…", the full text in its
tooltip. :func:`set_text` writes a set (S of S-Nim) short enough for a heading.
:func:`banner_over_columns` lays a tab out as its banner above columns side by side, and
:func:`message_line` is a tab's line for refusals and errors. :class:`CappedSpinBox` takes a number
typed beyond its maximum and says that it set the maximum.

:class:`OutcomeBanner` is the WIN / LOSE / DRAW banner of every view of a position (the Analysis
panel of every tab): WIN in ink on orange, LOSE in white on blue, DRAW in ink on reddish purple
(the palette's Okabe–Ito colours of the outcomes), or a grey banner while there is no verdict (a
table being computed, a value out of reach).
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QFont, QFontMetrics, QResizeEvent, QTextLayout, QTextOption, QValidator
from PySide6.QtWidgets import QGroupBox, QLabel, QSizePolicy, QSpinBox, QSplitter, QVBoxLayout, QWidget

from sgstudio.core.outcome import Outcome
from sgstudio.gui import palette

PENDING = "…"
SET_SHOWN = 8
"""A set in a heading shows at most this many members."""


def set_text(members: Sequence[int], shown: int = SET_SHOWN) -> str:
    """``{2, 5, 7}``, or the first ``shown`` members and how many there are.

    >>> set_text((2, 5, 7)), set_text(range(1, 101), 3)
    ('{2, 5, 7}', '{1, 2, 3, … (100 members)}')
    """
    members = list(members)
    if len(members) <= shown:
        return "{" + ", ".join(map(str, members)) + "}"
    return "{" + ", ".join(map(str, members[:shown])) + f", … ({len(members)} members)}}"


def tip_text(text: str, width: int = 100) -> str:
    """``text`` with its long lines broken, so that a tooltip of it is never wider than the screen;
    never at a hyphen (the tooltip keeps every word of the text whole).

    >>> tip_text("a " * 60).count("\\n")
    1
    >>> tip_text("whole-position " * 8).count("whole-\\n")
    0
    """
    return "\n".join(textwrap.fill(line, width, break_on_hyphens=False) if line else ""
                     for line in text.split("\n"))


def fitted_lines(text: str, font: QFont, width: int, lines: int) -> list[str]:
    """``text`` word-wrapped to ``width`` pixels in at most ``lines`` lines, the last cut with "…".

    A word longer than the width is broken anywhere; a newline in ``text`` starts a new line.

    >>> from PySide6.QtWidgets import QApplication
    >>> app = QApplication.instance() or QApplication([])
    >>> font = QFont()
    >>> fitted_lines("short", font, 400, 2)
    ['short']
    >>> cut = fitted_lines(" ".join(["word"] * 200), font, 200, 2)
    >>> len(cut), cut[-1].endswith("…")
    (2, True)
    """
    wrapped = [line for paragraph in text.split("\n") for line in _wrap(paragraph, font, width)]
    if len(wrapped) <= lines:
        return wrapped
    rest = " ".join(wrapped[lines - 1:])
    return [*wrapped[:lines - 1], QFontMetrics(font).elidedText(rest, Qt.TextElideMode.ElideRight, width)]


def _wrap(paragraph: str, font: QFont, width: int) -> list[str]:
    layout = QTextLayout(paragraph, font)
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
    layout.setTextOption(option)
    spans = []
    layout.beginLayout()
    while True:
        line = layout.createLine()
        if not line.isValid():
            break
        line.setLineWidth(max(1, width))
        spans.append((line.textStart(), line.textLength()))
    layout.endLayout()
    return [paragraph[start:start + length].rstrip() for start, length in spans] or [""]


class FittedLabel(QLabel):
    """Plain text in exactly ``lines`` lines of height, never wider than its room.

    Text that does not fit is word-wrapped, then cut with "…" (or replaced by the ``short`` text
    given to :meth:`setText`, when there is one); the full text is then the tooltip (else ``tip``).
    :meth:`text` is the full text, :meth:`shown_text` what is drawn. The label is as tall as
    ``lines`` lines whatever the text, so nothing around it moves when the text changes.
    """

    def __init__(self, text: str = "", parent: QWidget | None = None, lines: int = 1, tip: str = "") -> None:
        super().__init__(parent)
        self.lines, self.tip, self._full, self._short, self._cut = lines, tip, "", "", False
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(False)  # the lines are broken here, so that the label never re-wraps them
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setText(text)

    def setText(self, text: str, short: str = "") -> None:  # the Qt name: every caller of a QLabel fits
        self._full, self._short = str(text), short
        self._fit()

    def text(self) -> str:
        return self._full

    def shown_text(self) -> str:
        return super().text()

    def is_cut(self) -> bool:
        """Whether the text is shown cut short."""
        return self._cut

    def _fit(self) -> None:
        margins = self.contentsMargins()
        width = self.width() - margins.left() - margins.right() - 2 * self.margin()
        shown = "\n".join(fitted_lines(self._full, self.font(), width, self.lines)) if self._full else ""
        self._cut = " ".join(shown.split()) != " ".join(self._full.split())
        if self._cut and self._short:
            shown = "\n".join(fitted_lines(self._short, self.font(), width, self.lines))
        super().setText(shown)
        self.setToolTip(tip_text(self._full) if self._cut else self.tip)

    def sizeHint(self) -> QSize:
        margins = self.contentsMargins()
        height = self.fontMetrics().lineSpacing() * self.lines + margins.top() + margins.bottom()
        return QSize(super().sizeHint().width(), height + 2 * self.margin())

    def minimumSizeHint(self) -> QSize:
        return QSize(0, self.sizeHint().height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() in (event.Type.FontChange, event.Type.StyleChange):
            self._fit()
            self.updateGeometry()


class OutcomeBanner(QLabel):
    """The outcome in large type on its colour; :meth:`set_outcome` (None: no verdict yet).

    Examples
    --------
    >>> from PySide6.QtWidgets import QApplication
    >>> app = QApplication.instance() or QApplication([])
    >>> banner = OutcomeBanner()
    >>> banner.set_outcome(Outcome.WIN); print(banner.text(), palette.ORANGE in banner.styleSheet())
    WIN True
    >>> banner.set_outcome(Outcome.DRAW); banner.text(), palette.PURPLE in banner.styleSheet()
    ('DRAW', True)
    >>> banner.set_outcome(None, "?"); banner.text(), palette.GRID in banner.styleSheet()
    ('?', True)
    """

    def __init__(self, parent: QWidget | None = None, point_size: float = 30,
                 height: int | None = None) -> None:
        super().__init__("", parent)
        self.setObjectName("outcome")
        self.setFont(palette.font(point_size, bold=True))
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        # by default as tall as 30 points need, in proportion: a smaller banner leaves its room to the tab
        self.setMinimumHeight(round(56 * point_size / 30) if height is None else height)

    def set_outcome(self, outcome: Outcome | None, text: str | None = None) -> None:
        """Show ``outcome`` (its name on its colour), or no verdict (``None``: ``text``, by default ``…``)."""
        if outcome is None:
            label, back, ink = PENDING if text is None else text, palette.GRID, palette.INK
        else:
            label, back, ink = str(outcome), palette.OUTCOME_COLOURS[outcome], palette.OUTCOME_INK[outcome]
        self.setText(label)
        self.setStyleSheet(f"QLabel#outcome {{ background: {back}; color: {ink}; "
                           "border-radius: 6px; padding: 4px; }")

    def clear_outcome(self) -> None:
        """No banner at all (nothing to judge, like no game open)."""
        self.setText("")
        self.setStyleSheet("")


class CappedSpinBox(QSpinBox):
    """A spin box that takes a number typed beyond its maximum: it sets the maximum and says so
    (``capped(typed)``), where a QSpinBox refuses the keystroke without a word (typing 20000000 in a
    box that goes to 16,777,216 left 2,000,000).

    >>> from PySide6.QtWidgets import QApplication
    >>> app = QApplication.instance() or QApplication([])
    >>> box, seen = CappedSpinBox(), []
    >>> box.setRange(1, 1000); _ = box.capped.connect(seen.append)
    >>> box.lineEdit().setText("25000"); box.interpretText(); box.value(), seen
    (1000, [25000])
    """

    capped = Signal(int)

    def typed_number(self, text: str) -> int | None:
        """The whole number ``text`` writes (group separators, prefix and suffix aside), or None."""
        body = text.removeprefix(self.prefix()).removesuffix(self.suffix()).strip()
        body = body.replace(self.locale().groupSeparator(), "").replace(",", "")
        return int(body) if body.isdigit() else None

    def validate(self, text: str, pos: int) -> object:
        state, text, pos = super().validate(text, pos)
        number = self.typed_number(text)
        if state == QValidator.State.Invalid and number is not None and number > self.maximum():
            state = QValidator.State.Intermediate  # typed on; Enter (fixup) sets the maximum
        return state, text, pos

    def fixup(self, text: str) -> str:
        number = self.typed_number(text)
        if number is not None and number > self.maximum():
            self.capped.emit(number)
            return self.textFromValue(self.maximum())
        return super().fixup(text)


def group_box(title: str, *widgets: QWidget) -> QGroupBox:
    """A titled frame holding ``widgets`` one under the other."""
    box = QGroupBox(title)
    layout = QVBoxLayout(box)
    for widget in widgets:
        layout.addWidget(widget)
    return box


def message_line(parent: QWidget | None = None, lines: int = 2) -> FittedLabel:
    """A tab's message line: empty at first, its refusals and errors in vermillion, in ``lines``
    lines (a longer one is cut with "…", whole in its tooltip: it never widens the tab)."""
    label = FittedLabel("", parent, lines=lines)
    label.setStyleSheet(f"color: {palette.VERMILLION}")
    return label


def banner_over_columns(owner: QWidget, banner: QWidget, columns: Sequence[QWidget],
                        sizes: Sequence[int]) -> QSplitter:
    """Lay ``owner`` out as ``banner`` above a splitter of ``columns`` side by side (their first
    widths ``sizes``; the last column takes any width to spare); the splitter is returned."""
    main = QSplitter(Qt.Orientation.Horizontal)
    for column in columns:
        main.addWidget(column)
    main.setStretchFactor(len(columns) - 1, 1)
    main.setSizes(list(sizes))
    layout = QVBoxLayout(owner)
    layout.setContentsMargins(4, 4, 4, 4)
    layout.addWidget(banner)
    layout.addWidget(main)
    return main
