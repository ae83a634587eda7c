"""The token layer: zoomed out, every token is a mark of a few pixels, whatever the zoom.

A vertex draws its own token badge (a dot on its rim, with the count when there are several) while
that badge is big enough to see. Below :data:`TOKEN_LOD` the badge would shrink under a pixel, so
the vertices stop drawing it and this one item draws a mark of :data:`MARK_PX` pixels on each vertex
that holds tokens (a bigger one for several), in the same ink. So a token never vanishes, at any
level of detail, in the window or in an export. The scene tells the layer when tokens change or a
vertex holding tokens moves (:meth:`TokenLayer.changed`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainterPath
from PySide6.QtWidgets import QGraphicsItem

from sgstudio.games.graph.tab.canvas.items import TOKEN_LOD  # below it the layer draws the tokens
from sgstudio.gui import palette

MARK_PX, MANY_PX = 4.0, 5.5  # the mark's radius in pixels: one token, several
REACH = 250.0  # scene units around a vertex that a mark may cover, at the smallest zoom
LAYER = QGraphicsItem.UserType + 4


class TokenLayer(QGraphicsItem):
    """One item over the vertices that marks every vertex holding tokens when zoomed out.

    ``holders()`` gives ``(position, count)`` of the vertices with tokens (the scene's items).

    Examples
    --------
    >>> from PySide6.QtWidgets import QApplication
    >>> app = QApplication.instance() or QApplication([])
    >>> layer = TokenLayer(lambda: [(QPointF(0, 0), 2)])
    >>> layer.boundingRect().contains(QPointF(REACH - 1, 0)), layer.marks()
    (True, [(PySide6.QtCore.QPointF(0.000000, 0.000000), 2)])
    """

    _EMPTY = QPainterPath()

    def __init__(self, holders: Callable[[], Iterable[tuple[QPointF, int]]]) -> None:
        super().__init__()
        self.holders = holders
        self.setZValue(2)  # over the vertices
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._marks: list[tuple[QPointF, int]] | None = None
        self._bounds: QRectF | None = None

    def type(self) -> int:
        return LAYER

    def changed(self) -> None:
        """Tokens came or went, or a vertex holding some moved: find the marks again."""
        self.prepareGeometryChange()
        self._marks = self._bounds = None  # found again when next asked for
        self.update()

    def marks(self) -> list[tuple[QPointF, int]]:
        """``(position, count)`` of every vertex holding tokens."""
        if self._marks is None:
            self._marks = [(QPointF(pos), count) for pos, count in self.holders() if count]
        return self._marks

    # -- Qt overrides ------------------------------------------------------------------------
    def boundingRect(self) -> QRectF:
        if self._bounds is None:
            self._bounds = QRectF()
            for pos, _count in self.marks():
                self._bounds = self._bounds.united(QRectF(pos, pos).adjusted(-REACH, -REACH, REACH, REACH))
        return self._bounds

    def shape(self) -> QPainterPath:
        return self._EMPTY  # never under the mouse

    def paint(self, painter, option, widget=None) -> None:
        if option.levelOfDetailFromTransform(painter.worldTransform()) >= TOKEN_LOD:
            return  # the vertices draw their badges
        to_device = painter.worldTransform()
        painter.save()
        painter.resetTransform()
        painter.setPen(palette.pen(palette.PAPER, 1.5))
        painter.setBrush(palette.brush(palette.INK))
        for pos, count in self.marks():
            r = MANY_PX if count > 1 else MARK_PX
            painter.drawEllipse(to_device.map(pos), r, r)
        painter.restore()
