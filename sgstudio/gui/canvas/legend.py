"""The colour legend: what blue and orange (and the inner ring) mean. Drawn by a small overlay widget
in a corner of the canvas, and into exported images. Also the hint an empty canvas shows.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QLabel, QWidget

from sgstudio.core.outcome import Outcome
from sgstudio.gui import palette

ROWS = ((Outcome.LOSE, "g = 0: player to move loses"), (Outcome.WIN, "g ≠ 0: player to move wins"))
"""Each outcome shown, with what its colour means."""
SIZE = QSize(212, 58)


def draw_legend(painter: QPainter, top_left: QPointF) -> None:
    """Paint the legend box with its top-left corner at ``top_left``."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.translate(top_left)
    painter.setPen(palette.pen(palette.GRID, 1.0))
    painter.setBrush(palette.brush(palette.PAPER))
    painter.drawRoundedRect(QRectF(0.5, 0.5, SIZE.width() - 1, SIZE.height() - 1), 6, 6)
    painter.setFont(palette.font(9))
    for row, (outcome, text) in enumerate(ROWS):
        centre = QPointF(16, 16 + 26 * row)
        painter.setPen(palette.pen(palette.INK, 1.2))
        painter.setBrush(palette.brush(palette.OUTCOME_COLOURS[outcome]))
        painter.drawEllipse(centre, 9, 9)
        if outcome is Outcome.LOSE:  # the colour-free cue of a losing vertex: a white ring
            painter.setPen(palette.pen(palette.PAPER, 1.5))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(centre, 6, 6)
        painter.setPen(palette.pen(palette.INK))
        painter.drawText(QRectF(32, centre.y() - 10, SIZE.width() - 36, 20),
                         Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, text)
    painter.restore()


class LegendWidget(QWidget):
    """The legend as a widget (the canvas keeps one in its bottom-left corner)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFixedSize(SIZE)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setToolTip("Grundy value 0 (blue, inner ring) loses for the player to move; "
                        "any other value (orange) wins")

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        draw_legend(painter, QPointF(0, 0))
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
