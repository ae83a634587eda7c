"""The layer that draws a big graph: one item, the visible part only, a few C++ calls per paint.

Vertices come from the grid of :class:`~sgstudio.games.graph.tab.canvas.big.data.BigData` (only those in the
exposed rectangle), edges from a compiled box test, cached per view rectangle. What is drawn
depends on the zoom and on how much is in sight (level of detail):

- more than :data:`DENSE` vertices in sight: the *overview*, one picture of edges and vertices made
  by compiled loops (:func:`~sgstudio.games.graph.tab.canvas.big.kernels.overview_image`): a cell per 2x2
  screen
  pixels coloured as most of the vertices there are (blue value 0, orange non-zero, reddish purple
  ∞ on a loopy graph: :data:`~sgstudio.gui.palette.KIND_COLOURS`), darker where denser, black
  where selected, over the lines of an even sample of the edges;
- vertices a few pixels wide: dots (one wide-point call per colour);
- closer (a vertex at least :data:`DETAIL_PX` pixels across and at most :data:`DETAIL_CAP` in
  sight): discs with their outline and the white inner ring of value 0. Labels and values come
  with the vertices' own items, which the scene makes for what is in sight at reading zoom.

Edges: all of those in sight up to :data:`EDGE_CAP` (fewer when long: :data:`PIXEL_BUDGET`), else
an even sample of them (lighter), with
arrowheads when zoomed in. Vertices that have an item of their own (selected, holding tokens,
highlighted, under the mouse, in sight at reading zoom) are left to it. Polygons of points are
filled from numpy through pyqtgraph's zero-copy view of a QPolygonF.
"""

from __future__ import annotations

import math

import numpy as np
from PySide6.QtCore import QPoint, QPointF, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from sgstudio.games.graph.tab.canvas.big import kernels as big_kernels
from sgstudio.games.graph.tab.canvas.big.data import BigData
from sgstudio.games.graph.tab.canvas.items import ARROW, ARROW_LOD, RADIUS, TEXT_LOD
from sgstudio.gui import palette

DENSE = 12_000  # vertices in sight above which the density picture is drawn
DETAIL_PX = 9.0  # a vertex this many pixels across or more is drawn as a disc with its outline
DETAIL_CAP = 3_000  # ... when no more than this many are in sight
EDGE_CAP = 12_000  # edges drawn per paint at most (beyond: an even sample) ...
PIXEL_BUDGET = 150_000  # ... and fewer when they are long: about this many pixels of line per paint
CLEAR_EDGES = 1_500  # up to this many edges in sight are drawn in full ink; more, lighter
ARROW_CAP = 4_000  # arrowheads drawn only when no more edges than this are in sight
LAYER = QGraphicsItem.UserType + 5


def polygon(points: np.ndarray):
    """A QPolygonF holding ``points`` (an (n, 2) array), filled without a Python loop."""
    from pyqtgraph import functions as fn

    poly = fn.create_qpolygonf(len(points))
    fn.ndarray_from_qpolygonf(poly)[:] = points
    return poly


class BigLayer(QGraphicsItem):
    """Draws every vertex and edge of ``data`` that has no item of its own."""

    _EMPTY = QPainterPath()

    def __init__(self, data: BigData) -> None:
        super().__init__()
        self.data = data
        self.setZValue(-1)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self._bounds = QRectF()
        self._edge_cache: tuple | None = None
        self.moving_edges = np.zeros(0, np.int64)  # edges of vertices being dragged (always drawn)
        self.last_lod = ""  # what the last paint drew ("density", "dots", "discs"): for tests
        self.refresh_bounds()

    def type(self) -> int:
        return LAYER

    def refresh_bounds(self) -> None:
        """The graph's extent changed (or may have)."""
        extent = self.data.extent()
        rect = QRectF()
        if extent is not None:
            rect = QRectF(QPointF(extent[0], extent[1]), QPointF(extent[2], extent[3]))
        rect = rect.adjusted(-4 * RADIUS, -4 * RADIUS, 4 * RADIUS, 4 * RADIUS)
        if rect != self._bounds:
            self.prepareGeometryChange()
            self._bounds = rect

    def boundingRect(self) -> QRectF:
        return self._bounds

    def shape(self) -> QPainterPath:
        return self._EMPTY  # clicks find vertices through the grid, not through this item

    # -- painting -----------------------------------------------------------------------------
    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        t = painter.worldTransform()
        scale = t.m11()
        area = option.exposedRect
        view = area
        if widget is not None:
            view = t.inverted()[0].mapRect(QRectF(widget.rect()))
            area = area.intersected(view)
        pad = RADIUS + 4 / max(scale, 1e-9)
        box = area.adjusted(-pad, -pad, pad, pad)
        wide = view.adjusted(-pad, -pad, pad, pad)
        if self.data.grid.count_in_rect(box.left(), box.top(), box.right(), box.bottom()) > DENSE:
            self._paint_overview(painter, t, area, wide)
            return
        ids = self.data.grid.in_rect(box.left(), box.top(), box.right(), box.bottom())
        self._paint_edges(painter, scale, wide, box)
        crowd = ids.size
        ids = ids[~self.data.live[ids]]
        if 2 * RADIUS * scale < DETAIL_PX or crowd > DETAIL_CAP:
            self._paint_dots(painter, scale, ids)
        else:
            self._paint_discs(painter, scale, ids)

    def _edges_in_view(self, view: QRectF) -> np.ndarray:
        """Candidate edges for ``view``: a superset found for a rectangle three views wide (so a pan
        or a zoom in reuses it), plus the edges added or moved since (``fresh``)."""
        cached = self._edge_cache
        if cached is None or cached[0] != self.data.shape_version or not cached[1].contains(view) \
                or cached[1].width() * cached[1].height() > 16 * view.width() * view.height():
            wide = view.adjusted(-view.width(), -view.height(), view.width(), view.height())
            found = self.data.edges_in(wide.left(), wide.top(), wide.right(), wide.bottom())
            self._edge_cache = cached = (self.data.shape_version, wide, found)
            self.data.fresh_edges.clear()
        found = cached[2]
        extra = [*self.data.fresh_edges]
        if self.moving_edges.size or extra:
            found = np.union1d(found, np.concatenate([self.moving_edges, np.array(extra, np.int64)]))
        return found[found < self.data.m]

    def _paint_edges(self, painter: QPainter, scale: float, view: QRectF, box: QRectF) -> None:
        data = self.data
        found = self._edges_in_view(view)
        if len(found) > 4 * EDGE_CAP:  # far too many to draw: sample before looking closer
            found = found[:: len(found) // (4 * EDGE_CAP)]
        src, dst = data.src[found], data.dst[found]
        a, b = data.xy[src], data.xy[dst]
        low, high = np.minimum(a, b), np.maximum(a, b)
        keep = ((low[:, 0] <= box.right()) & (high[:, 0] >= box.left())
                & (low[:, 1] <= box.bottom()) & (high[:, 1] >= box.top()))
        a, b = a[keep], b[keep]
        near = _inside(a, view) & _inside(b, view)  # both ends in sight: in ink; the others faint
        groups = []
        for chosen, pixels in ((near, 2 * PIXEL_BUDGET), (~near, PIXEL_BUDGET)):
            ga, gb = a[chosen], b[chosen]
            lengths = np.abs(gb - ga).sum(axis=1) * scale  # about the pixels each line costs
            budget = min(EDGE_CAP, int(pixels / max(float(lengths.mean()), 1.0))) if len(ga) else 0
            if len(ga) > budget:
                step = math.ceil(len(ga) / max(budget, 1))
                ga, gb = ga[::step], gb[::step]
            groups.append((ga, gb))
        shown = sum(len(ga) for ga, _ in groups)
        if not shown:
            return
        arrows = scale >= ARROW_LOD and shown <= ARROW_CAP
        full = int(min(255, max(60, 255 * CLEAR_EDGES / max(len(groups[0][0]), 1))))
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)  # hairlines: the fast path
        for (ga, gb), alpha in zip(groups, (full, min(full, 40)), strict=True):
            if not len(ga):
                continue
            if 2 * RADIUS * scale >= 3:
                ga, gb = _rim_to_rim(ga, gb)
            colour = QColor(palette.EDGE)
            colour.setAlpha(alpha)
            pen = QPen(colour, 1.0)
            pen.setCosmetic(True)
            painter.setPen(pen)
            painter.drawLines(polygon(_pairs(ga, gb)))
            if arrows:
                painter.drawLines(polygon(_arrow_strokes(ga, gb)))
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)

    def _paint_overview(self, painter: QPainter, t, area: QRectF, view: QRectF) -> None:
        """Far out: edges and vertices rasterised into one picture (:mod:`big_kernels`)."""
        self.last_lod = "density"
        device = t.mapRect(area).toAlignedRect().intersected(QRect(QPoint(0, 0), self._device_size(painter)))
        if device.isEmpty():
            return
        data = self.data
        transform = (t.m11(), t.dx() - device.left(), t.m22(), t.dy() - device.top())
        pixels = big_kernels.overview_image(
            data.xy, data.alive, data.kind, data.selected, data.src, data.dst, self._edges_in_view(view),
            data.m, transform, device.width(), device.height())
        image = QImage(pixels.data, device.width(), device.height(), 4 * device.width(),
                       QImage.Format.Format_ARGB32_Premultiplied)
        painter.save()
        painter.resetTransform()
        painter.drawImage(device.topLeft(), image)
        painter.restore()

    @staticmethod
    def _device_size(painter: QPainter) -> QSize:
        device = painter.device()
        return QSize(device.width(), device.height()) if device is not None else QSize(1 << 14, 1 << 14)

    def _paint_dots(self, painter: QPainter, scale: float, ids: np.ndarray) -> None:
        self.last_lod = "dots"
        across = max(2.5, 2 * RADIUS * scale)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        chosen = ids[self.data.selected[ids]]
        if chosen.size:  # the selected ones: a dark ring around the dot
            painter.setPen(_point_pen(palette.SELECTION, across + 5))
            painter.drawPoints(polygon(self.data.xy[chosen]))
        kind = self.data.kind[ids]
        for code, colour in enumerate(palette.KIND_COLOURS):
            chosen = ids[kind == code]
            if chosen.size:
                points = polygon(self.data.xy[chosen])
                if across >= 5:
                    painter.setPen(_point_pen(palette.INK, across + 1.5))
                    painter.drawPoints(points)
                painter.setPen(_point_pen(colour, across))
                painter.drawPoints(points)
        painter.restore()

    def _paint_discs(self, painter: QPainter, scale: float, ids: np.ndarray) -> None:
        self.last_lod = "discs"
        xy, kind = self.data.xy[ids].tolist(), self.data.kind[ids].tolist()
        chosen = self.data.selected[ids].tolist()
        outline, ring = palette.pen(palette.INK, 1.5), palette.pen(palette.PAPER, 1.5)
        halo = palette.pen(palette.SELECTION, 3.0, Qt.PenStyle.DashLine)  # as a selected item's
        fills = [palette.brush(colour) for colour in palette.KIND_COLOURS]
        inner = RADIUS - 3.5
        for (x, y), k, selected in zip(xy, kind, chosen, strict=True):
            centre = QPointF(x, y)
            if selected:
                painter.setPen(halo)
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawEllipse(centre, RADIUS + 4, RADIUS + 4)
            painter.setPen(outline)
            painter.setBrush(fills[k])
            painter.drawEllipse(centre, RADIUS, RADIUS)
            if k == palette.ZERO and scale >= TEXT_LOD:
                painter.setPen(ring)
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawEllipse(centre, inner, inner)


def _inside(points: np.ndarray, rect: QRectF) -> np.ndarray:
    x, y = points[:, 0], points[:, 1]
    return (x >= rect.left()) & (x <= rect.right()) & (y >= rect.top()) & (y <= rect.bottom())


def _point_pen(colour: str, width: float) -> QPen:
    pen = QPen(QColor(colour), width)
    pen.setCosmetic(True)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    return pen


def _pairs(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    out = np.empty((2 * len(a), 2))
    out[0::2], out[1::2] = a, b
    return out


def _rim_to_rim(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Segments from rim to rim (a vertex's radius off each end; overlapping ends: unchanged)."""
    d = b - a
    length = np.hypot(d[:, 0], d[:, 1])
    far = length > 2 * RADIUS + 1
    unit = np.zeros_like(d)
    unit[far] = d[far] / length[far, None]
    return a + unit * RADIUS, b - unit * RADIUS


def _arrow_strokes(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Two strokes per edge, a "V" whose tip is at b."""
    d = b - a
    length = np.maximum(np.hypot(d[:, 0], d[:, 1]), 1e-9)
    unit = d / length[:, None]
    normal = np.stack([-unit[:, 1], unit[:, 0]], axis=1)
    back = b - unit * ARROW
    out = np.empty((4 * len(a), 2))
    out[0::4], out[1::4] = b, back + normal * ARROW * 0.45
    out[2::4], out[3::4] = b, back - normal * ARROW * 0.45
    return out
