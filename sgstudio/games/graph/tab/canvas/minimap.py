"""The minimap of a big drawing: the whole graph as a density picture in a corner of the canvas,
with the part in sight outlined. A click or a drag on it brings that part into sight.

The picture is made from the scene's arrays
(:func:`~sgstudio.games.graph.tab.canvas.big.kernels.overview_image`,
vertices only) and made again at most every :data:`REFRESH_MS` while the drawing changes.
"""

from __future__ import annotations

import time

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen
from PySide6.QtWidgets import QWidget

from sgstudio.games.graph.tab.canvas.big.kernels import overview_image
from sgstudio.gui import palette

SIZE = (220, 150)
REFRESH_MS = 400


class Minimap(QWidget):
    """An overlay of the canvas ``view`` (a GraphCanvas) showing its big scene whole."""

    def __init__(self, view) -> None:
        super().__init__(view)
        self.view = view
        self.resize(*SIZE)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setToolTip("The whole graph: click or drag to look there (Shift+F shows it all)")
        self._image = None
        self._made_for = (-1, None)
        self._made_at = 0.0
        self._frame = QRectF()  # the graph rectangle the picture covers

    def _scene(self):
        scene = self.view.scene()
        return scene if getattr(scene, "big", False) else None

    def _picture(self, scene) -> None:
        rect = scene.graph_rect()
        stale = self._made_for != (scene.data.version, rect)
        if self._image is not None and not stale:
            return
        if self._image is not None and time.monotonic() - self._made_at < REFRESH_MS / 1000:
            return
        data, w, h = scene.data, self.width() - 4, self.height() - 4
        if rect.isNull():
            return
        scale = min(w / rect.width(), h / rect.height())
        self._frame = QRectF(rect.left(), rect.top(), w / scale, h / scale)
        none = np.zeros(0, np.int64)
        self._pixels = overview_image(data.xy, data.alive, data.kind, data.selected, data.src, data.dst, none,
                                      0, (scale, -rect.left() * scale, scale, -rect.top() * scale), w, h)
        self._image = QImage(self._pixels.data, w, h, 4 * w, QImage.Format.Format_ARGB32_Premultiplied)
        self._made_for, self._made_at = (data.version, rect), time.monotonic()

    def to_scene(self, p: QPointF) -> QPointF:
        """The scene point under the minimap point ``p``."""
        f = self._frame
        return QPointF(f.left() + (p.x() - 2) / (self.width() - 4) * f.width(),
                       f.top() + (p.y() - 2) / (self.height() - 4) * f.height())

    def from_scene(self, p: QPointF) -> QPointF:
        f = self._frame
        return QPointF(2 + (p.x() - f.left()) / f.width() * (self.width() - 4),
                       2 + (p.y() - f.top()) / f.height() * (self.height() - 4))

    def paintEvent(self, _event) -> None:
        scene = self._scene()
        if scene is None:
            return
        self._picture(scene)
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor(255, 255, 255, 230))
        painter.setPen(QPen(QColor(palette.EDGE), 1))
        painter.drawRect(self.rect().adjusted(0, 0, -1, -1))
        if self._image is None or self._frame.isNull():
            return
        painter.drawImage(QPointF(2, 2), self._image)
        seen = self.view.mapToScene(self.view.viewport().rect()).boundingRect()
        box = QRectF(self.from_scene(seen.topLeft()), self.from_scene(seen.bottomRight()))
        painter.setPen(QPen(QColor(palette.VERMILLION), 2))
        if box.width() <= 3:  # too small to see: a little square where it is
            box = QRectF(box.center() - QPointF(3, 3), box.center() + QPointF(3, 3))
        painter.drawRect(box.intersected(QRectF(self.rect())).adjusted(0, 0, -1, -1))

    def mousePressEvent(self, event) -> None:
        self._look(event.position())

    def mouseMoveEvent(self, event) -> None:
        if event.buttons() & Qt.MouseButton.LeftButton:
            self._look(event.position())

    def _look(self, p: QPointF) -> None:
        if self._scene() is not None and not self._frame.isNull():
            self.view.centerOn(self.to_scene(p))
            self.update()
