"""Texts drawn on a vertex: laid out once, and fitted into the disc (a long label shrinks, then is cut)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QFontMetricsF, QPainter, QStaticText, QTransform

from sgstudio.gui import palette

LABEL_WIDTH, VALUE_WIDTH = 34.0, 30.0  # inside the inner ring (value-0 vertices) where the texts are drawn
SMALLEST_PT = 6.0  # a long label shrinks down to this size, then loses its middle to "…"


def fitted_text(text: str, size: float, bold: bool, width: float) -> tuple[str, float]:
    """``(text, point size)`` that fits in ``width`` scene units: ``text`` in a smaller size, down
    to :data:`SMALLEST_PT`, then cut in the middle with "…" (the vertex's tooltip names it whole).

    >>> from PySide6.QtWidgets import QApplication
    >>> app = QApplication.instance() or QApplication([])
    >>> fitted_text("A", 10, True, LABEL_WIDTH)
    ('A', 10)
    >>> text, pt = fitted_text("123456", 10, True, LABEL_WIDTH); text, pt < 10
    ('123456', True)
    >>> fitted_text("a long long label", 10, True, LABEL_WIDTH)[0].count("…")
    1
    """
    pt = size
    while pt >= SMALLEST_PT:
        if QFontMetricsF(palette.font(pt, bold)).horizontalAdvance(text) <= width:
            return text, pt
        pt -= 0.5
    metrics = QFontMetricsF(palette.font(SMALLEST_PT, bold))
    return metrics.elidedText(text, Qt.TextElideMode.ElideMiddle, width), SMALLEST_PT


class PlacedText:
    """A text laid out once in its font, drawn centred on a point.

    QPainter draws a QStaticText in the *painter's* font, so :meth:`draw` sets the font the text was
    laid out in: the centring offset and the drawn text agree at every zoom.
    """

    def __init__(self, text: str, size: float, bold: bool) -> None:
        self.font = palette.font(size, bold)
        self.static = QStaticText(text)
        self.static.setTextFormat(Qt.TextFormat.PlainText)
        self.static.prepare(QTransform(), self.font)
        s = self.static.size()
        self.offset = QPointF(-s.width() / 2, -s.height() / 2)

    def text(self) -> str:
        return self.static.text()

    def draw(self, painter: QPainter, centre: QPointF) -> None:
        painter.setFont(self.font)
        painter.drawStaticText(centre + self.offset, self.static)
