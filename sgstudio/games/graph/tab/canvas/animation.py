"""Moves shown as motion: a token slides along its edge from one vertex to the next.

The sliding disc is a transient item of its own (drawn like a vertex's token badge), moved by a
QVariantAnimation; the vertex items are never animated, and the model is never touched. When the
slide ends (or is cut short by the next move) the disc is removed and ``on_done`` runs, so the
caller can show the token on its new vertex.

``DURATION_MS`` is the default length of a slide; tests set it to 0 (no animation at all).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEasingCurve, QObject, QPointF, QRectF, QVariantAnimation
from PySide6.QtWidgets import QGraphicsEllipseItem, QGraphicsScene

from sgstudio.games.graph.tab.canvas.items import RADIUS
from sgstudio.gui import palette

DURATION_MS = 300
BADGE = QPointF(RADIUS * 0.72, -RADIUS * 0.72)  # where a vertex draws its token badge
TOKEN_R = 8.0


def token_disc() -> QGraphicsEllipseItem:
    """A token drawn like a vertex's badge, above everything else (for slides and drags)."""
    disc = QGraphicsEllipseItem(QRectF(-TOKEN_R, -TOKEN_R, 2 * TOKEN_R, 2 * TOKEN_R))
    disc.setBrush(palette.brush(palette.INK))
    disc.setPen(palette.pen(palette.SKY, 3.0))
    disc.setZValue(10)
    return disc


class TokenSlide(QObject):
    """One token sliding in ``scene`` from ``start`` to ``end`` (scene points) over ``duration`` ms.

    Examples
    --------
    >>> from PySide6.QtWidgets import QApplication
    >>> app = QApplication.instance() or QApplication([])
    >>> scene, done = QGraphicsScene(), []
    >>> slide = TokenSlide(scene, QPointF(0, 0), QPointF(100, 0), 0, lambda: done.append(1))
    >>> slide.start(); done, len(scene.items())    # duration 0: no motion, done at once
    ([1], 0)
    """

    def __init__(self, scene: QGraphicsScene, start: QPointF, end: QPointF, duration: int,
                 on_done: Callable[[], None] | None = None) -> None:
        super().__init__(scene)
        self.scene, self.start_at, self.end_at = scene, QPointF(start), QPointF(end)
        self.duration, self.on_done = max(0, int(duration)), on_done
        self.disc: QGraphicsEllipseItem | None = None
        self.animation: QVariantAnimation | None = None

    def start(self) -> None:
        """Begin the slide (with no duration, finish at once)."""
        if self.duration == 0:
            self.finish()
            return
        self.disc = token_disc()
        self.disc.setPos(self.start_at)
        self.scene.addItem(self.disc)
        anim = QVariantAnimation(self)
        anim.setStartValue(self.start_at)
        anim.setEndValue(self.end_at)
        anim.setDuration(self.duration)
        anim.setEasingCurve(QEasingCurve.Type.InOutCubic)
        anim.valueChanged.connect(self._moved)
        anim.finished.connect(self.finish)
        self.animation = anim
        anim.start()

    def is_running(self) -> bool:
        return self.animation is not None

    def _moved(self, point: QPointF) -> None:
        if self.disc is not None:
            self.disc.setPos(point)

    def finish(self) -> None:
        """End now: drop the disc and run ``on_done`` (once)."""
        if self.animation is not None:
            anim, self.animation = self.animation, None
            anim.finished.disconnect(self.finish)
            anim.stop()
            anim.deleteLater()
        if self.disc is not None:
            if self.disc.scene() is self.scene:
                self.scene.removeItem(self.disc)
            self.disc = None
        done, self.on_done = self.on_done, None
        if done is not None:
            done()


def slide_between(scene: QGraphicsScene, tail: QPointF, head: QPointF, duration: int | None = None,
                  on_done: Callable[[], None] | None = None) -> TokenSlide:
    """Start a token's slide from the badge of the vertex at ``tail`` to that of the vertex at ``head``.

    The disc travels between the two badge spots, that is, parallel to the edge tail -> head.
    """
    slide = TokenSlide(scene, tail + BADGE, head + BADGE, DURATION_MS if duration is None else duration,
                       on_done)
    slide.start()
    return slide
