"""The colour legend: what blue and orange (and the inner ring) mean, and on a loopy graph purple ∞.
Drawn by a small overlay widget in a corner of the canvas, and into exported images. Also the
hint an empty canvas shows.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QLabel, QWidget

from sgstudio.core.outcome import Outcome
from sgstudio.gui import palette

ROWS = ((Outcome.LOSE, "g = 0: player to move loses"), (Outcome.WIN, "g ≠ 0: player to move wins"))
"""Each outcome shown, with what its colour means."""
LOOPY_ROW = (Outcome.DRAW, "∞{K}: play may never end:\na draw, a win if 0 is in K")
"""The third row on a loopy graph: the purple of ∞ vertices."""
MISERE_NOTE = "Values and colours: normal play;\nmisère: see the Analysis panel"
"""The note under the rows while the tab plays misère (the colours are normal play's)."""
SIZE = QSize(212, 58)
LOOPY_SIZE = QSize(212, 96)
MISERE_EXTRA = 34


def legend_size(loopy: bool = False, misere: bool = False) -> QSize:
    """The legend's size: two rows, or three on a loopy graph; misère: the note under them."""
    size = LOOPY_SIZE if loopy else SIZE
    return QSize(size.width(), size.height() + MISERE_EXTRA) if misere else size


def draw_legend(painter: QPainter, top_left: QPointF, loopy: bool = False, misere: bool = False) -> None:
    """Paint the legend box with its top-left corner at ``top_left`` (``loopy``: with the ∞ row;
    ``misere``: with the note that the colours are normal play's)."""
    size = legend_size(loopy, misere)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.translate(top_left)
    painter.setPen(palette.pen(palette.GRID, 1.0))
    painter.setBrush(palette.brush(palette.PAPER))
    painter.drawRoundedRect(QRectF(0.5, 0.5, size.width() - 1, size.height() - 1), 6, 6)
    painter.setFont(palette.font(9))
    for row, (outcome, text) in enumerate((*ROWS, LOOPY_ROW) if loopy else ROWS):
        centre = QPointF(16, 16 + 26 * row)
        painter.setPen(palette.pen(palette.INK, 1.2))
        painter.setBrush(palette.brush(palette.OUTCOME_COLOURS[outcome]))
        painter.drawEllipse(centre, 9, 9)
        if outcome is Outcome.LOSE:  # the colour-free cue of a losing vertex: a white ring
            painter.setPen(palette.pen(palette.PAPER, 1.5))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(centre, 6, 6)
        painter.setPen(palette.pen(palette.INK))
        height = 20 * (text.count("\n") + 1)
        painter.drawText(QRectF(32, centre.y() - 10, size.width() - 36, height),
                         Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, text)
    if misere:
        painter.setPen(palette.pen(palette.INK))
        painter.drawText(QRectF(8, size.height() - MISERE_EXTRA - 2, size.width() - 12, MISERE_EXTRA),
                         Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, MISERE_NOTE)
    painter.restore()


class LegendWidget(QWidget):
    """The legend as a widget (the canvas keeps one in its bottom-left corner)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFixedSize(SIZE)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.loopy = False
        self.misere = False
        self._tip()

    def set_loopy(self, on: bool) -> None:
        """Show the third row (purple ∞) or not; the box keeps its bottom edge where it was."""
        if bool(on) != self.loopy:
            self.loopy = bool(on)
            self._resize()

    def set_misere(self, on: bool) -> None:
        """Show the note that the colours are normal play's (the tab plays misère), or not."""
        if bool(on) != self.misere:
            self.misere = bool(on)
            self._resize()

    def _resize(self) -> None:
        bottom = self.geometry().bottom()
        self.setFixedSize(legend_size(self.loopy, self.misere))
        self.move(self.x(), bottom - self.height() + 1)
        self._tip()
        self.update()

    def _tip(self) -> None:
        tip = ("Grundy value 0 (blue, inner ring) loses for the player to move; "
               "any other value (orange) wins")
        if self.loopy:
            tip += (".\nLoopy game: ∞(K) (purple) means the game may go on for ever from there: "
                    "a draw for a single token, unless 0 is in K (then moving to a 0 wins)")
        if self.misere:
            tip += (".\nThe tab plays misère (the last move loses): these values and colours are normal "
                    "play's; the Analysis panel shows who wins in misère play and why")
        self.setToolTip(tip)

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        draw_legend(painter, QPointF(0, 0), self.loopy, self.misere)
        painter.end()


EMPTY_HINT = "Double-click to add a vertex, drag from a rim to draw an edge"


class EmptyHint(QLabel):
    """What to do on an empty canvas, centred on it (the canvas shows it until the first vertex)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(EMPTY_HINT, parent)
        self.setObjectName("empty_hint")
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setWordWrap(True)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)  # the double-click goes through
        self.setStyleSheet(f"QLabel#empty_hint {{ color: {palette.EDGE}; font-size: 13pt; }}")
