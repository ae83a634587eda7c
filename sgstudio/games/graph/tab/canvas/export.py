"""Export the drawn graph as PNG (raster) or SVG (vector, through QtSvg's QSvgGenerator).

An export shows the game, not the session: the scene is drawn as in :meth:`GraphScene.plain`
(no selection ring, no highlighted move, no rubber edge), and the area is wide enough for the
legend under the graph even when the graph is narrower than the legend.
"""

from __future__ import annotations

from contextlib import nullcontext

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QGraphicsScene

from sgstudio.games.graph.tab.canvas.legend import draw_legend, legend_size

PAD = 24.0


def _source_rect(scene: QGraphicsScene, graph_rect: QRectF) -> QRectF:
    """The graph with a margin, a strip below for the legend, and at least the legend's width."""
    rect = graph_rect if not graph_rect.isNull() else QRectF(0, 0, 100, 100)
    legend = legend_size(_loopy(scene))
    rect = rect.adjusted(-PAD, -PAD, PAD, PAD + legend.height() + 8)
    short = legend.width() + 16 - rect.width()
    return rect.adjusted(-short / 2, 0, short / 2, 0) if short > 0 else rect


def _paint(painter: QPainter, scene: QGraphicsScene, source: QRectF, target: QRectF, scale: float) -> None:
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    plain = getattr(scene, "plain", None)
    with plain() if plain is not None else nullcontext():
        scene.render(painter, target, source, Qt.AspectRatioMode.KeepAspectRatio)
    painter.save()
    painter.scale(scale, scale)
    loopy = _loopy(scene)
    draw_legend(painter, QPointF(8, target.height() / scale - legend_size(loopy).height() - 8), loopy)
    painter.restore()


def _loopy(scene: QGraphicsScene) -> bool:
    """Whether the scene draws a loopy game (its legend then explains purple ∞)."""
    return bool(getattr(getattr(scene, "model", None), "loopy", False))


def export_png(scene: QGraphicsScene, graph_rect: QRectF, path: str, scale: float = 2.0) -> bool:
    """Render the graph (and the legend) to a PNG at ``scale`` pixels per scene unit."""
    source = _source_rect(scene, graph_rect)
    size = QSize(max(1, round(source.width() * scale)), max(1, round(source.height() * scale)))
    image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("white"))
    painter = QPainter(image)
    _paint(painter, scene, source, QRectF(0, 0, size.width(), size.height()), scale)
    painter.end()
    return image.save(str(path), "PNG")


def export_svg(scene: QGraphicsScene, graph_rect: QRectF, path: str, title: str = "sgstudio game") -> bool:
    """Write the graph (and the legend) as an SVG file."""
    source = _source_rect(scene, graph_rect)
    gen = QSvgGenerator()
    gen.setFileName(str(path))
    gen.setSize(source.size().toSize())
    gen.setViewBox(QRectF(0, 0, source.width(), source.height()))
    gen.setTitle(title)
    painter = QPainter()
    if not painter.begin(gen):
        return False
    painter.fillRect(QRectF(0, 0, source.width(), source.height()), QColor("white"))
    _paint(painter, scene, source, QRectF(0, 0, source.width(), source.height()), 1.0)
    return painter.end()
