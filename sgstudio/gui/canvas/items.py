"""Scene items. They only draw; a vertex also drags its attached edges along (Qt's elasticnodes idea).

Geometry (bounding rects, lines) is computed when something changes, and what only a close view
shows (text layouts, arrowheads) the first time it is drawn after a change; never per ``paint``, so
a scene of thousands of items repaints without allocating. Zoomed out, the edges are drawn by one
:class:`~sgstudio.gui.canvas.edges_layer.EdgeLayer` instead of one Python call each.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QPainterPath, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsRectItem, QStyle

from sgstudio.gui import palette
from sgstudio.gui.canvas.texts import LABEL_WIDTH, VALUE_WIDTH, PlacedText, fitted_text

RADIUS = 26.0  # vertex radius in scene units
RIM = 7.0  # a press this close to a vertex's edge starts drawing an edge
ARROW = 11.0  # arrowhead length
TEXT_LOD = 0.4  # below this zoom, labels and values are not drawn
TOKEN_LOD = 0.4  # below this zoom, the token badge is not drawn (the scene's token layer marks tokens)
ARROW_LOD = 0.12  # below this zoom, arrowheads are not drawn
VERTEX = QGraphicsItem.UserType + 1
EDGE = QGraphicsItem.UserType + 2

# Highlight kinds an item can carry (drawn over its normal look).
MOVE = "move"  # a winning move hovered in the analysis panel
FLASH = "flash"  # part of a refused cycle
TARGET = "target"  # the vertex under a rubber edge


class VertexItem(QGraphicsRectItem):
    """A vertex: a disc coloured by its Grundy value, its label, ``g=value`` and a token badge.

    A QGraphicsRectItem (its rectangle = the bounds, no pen) only so that Qt answers
    ``boundingRect`` in C++: the scene asks for it several times per item per paint, and a Python
    answer for every vertex costs more than blitting its cached pixmap.
    """

    _CIRCLE = QRectF(-RADIUS, -RADIUS, 2 * RADIUS, 2 * RADIUS)
    _INNER = QRectF(-RADIUS + 3.5, -RADIUS + 3.5, 2 * RADIUS - 7, 2 * RADIUS - 7)
    _HALO = QRectF(-RADIUS - 4, -RADIUS - 4, 2 * RADIUS + 8, 2 * RADIUS + 8)
    _BOUNDS = QRectF(-RADIUS - 11, -RADIUS - 11, 2 * RADIUS + 22, 2 * RADIUS + 22)  # room for the badge
    _SHAPE: QPainterPath | None = None

    def __init__(self, vertex: int, label: str, value: int) -> None:
        super().__init__(self._BOUNDS)
        self.setPen(Qt.PenStyle.NoPen)
        self.vertex = vertex
        self.edges: list[EdgeItem] = []
        self.tokens = 0
        self.token_layer = None  # the scene's TokenLayer: it marks the tokens when zoomed out
        self.highlight: str | None = None
        self.token_highlight = False
        self.rim_cue = False  # the mouse is where a drag would start an edge from this vertex
        self.mirror = None  # a big drawing's callback: told of every move (its arrays follow the item)
        self.setFlags(_VERTEX_FLAGS)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)  # repaints blit, not Python
        self.setZValue(1)
        self.label = ""
        self.value = -1
        self._texts: tuple | None = None  # laid-out label and value, made when first needed
        self.set_label(label)
        self.set_value(value)
        self._badge_text: PlacedText | None = None
        self._badge_at: QPointF | None = None  # where the token badge goes, found when first drawn

    def type(self) -> int:
        return VERTEX

    def edges_moved(self) -> None:
        """An attached edge came, went or turned: the badge may have to move out of its way."""
        self._badge_at = None
        if self.tokens:
            self.update()

    def badge_centre(self) -> QPointF:
        """The token badge's centre (item coordinates): on the rim at the first of the preferred
        places (top-right, right, bottom-right, ...) that no attached edge or arrowhead reaches."""
        if self._badge_at is None:
            here, towards = self.pos(), []
            for e in self.edges:
                there = (e.head if e.tail is self else e.tail).pos()
                towards.append(math.atan2(there.y() - here.y(), there.x() - here.x()))
            angle = badge_angle(towards)
            self._badge_at = QPointF(BADGE_DISTANCE * math.cos(angle), BADGE_DISTANCE * math.sin(angle))
        return self._badge_at

    # -- state set by the scene ------------------------------------------------------------
    def set_label(self, label: str) -> None:
        self.label = label
        self._texts = None
        self.update()

    def set_value(self, value: int) -> None:
        if value == self.value:
            return
        self.value = value
        self._texts = None
        self._fill = palette.fill(value)
        self._text_pen = palette.pen(palette.PAPER if value == 0 else palette.INK)
        self.update()

    def set_tokens(self, count: int) -> None:
        if count == self.tokens:
            return
        self.tokens = count
        self._badge_text = PlacedText(str(count), 7, True) if count > 1 else None
        self.update()
        if self.token_layer is not None:  # the document's tokens, or play's shown over them
            self.token_layer.changed()

    def set_highlight(self, kind: str | None) -> None:
        if kind != self.highlight:
            self.highlight = kind
            self.update()

    def set_rim_cue(self, on: bool) -> None:
        if on != self.rim_cue:
            self.rim_cue = on
            self.update()

    def set_token_highlight(self, on: bool) -> None:
        if on != self.token_highlight:
            self.token_highlight = on
            self.update()

    def fill_colour(self) -> str:
        """The fill colour shown, as ``#rrggbb``."""
        return self._fill.color().name()

    def shown_text(self) -> tuple[str, str]:
        """The label and value texts drawn on the vertex."""
        label, value = self._laid_out()
        return label.text(), value.text()

    def _laid_out(self) -> tuple[PlacedText, PlacedText]:
        """(label, where, value, where), laid out once per change of label or value (lazily: a
        zoomed-out view never draws text)."""
        if self._texts is None:
            label, size = fitted_text(self.label, 10, True, LABEL_WIDTH)
            value = fitted_text(f"g={self.value}", min(9.0, size), False, VALUE_WIDTH)  # never the bigger
            self._texts = PlacedText(label, size, True), PlacedText(*value, False)
        return self._texts

    def on_rim(self, scene_pos: QPointF) -> bool:
        """Whether a press at ``scene_pos`` is on this vertex's rim (where edges start)."""
        d = QLineF(self.pos(), scene_pos).length()
        return RADIUS - RIM <= d <= RADIUS + 2

    # -- Qt overrides ------------------------------------------------------------------------
    def shape(self) -> QPainterPath:
        if VertexItem._SHAPE is None:
            path = QPainterPath()
            path.addEllipse(QRectF(-RADIUS - 2, -RADIUS - 2, 2 * RADIUS + 4, 2 * RADIUS + 4))
            VertexItem._SHAPE = path
        return VertexItem._SHAPE

    def itemChange(self, change: QGraphicsItem.GraphicsItemChange, value: object) -> object:
        if change == QGraphicsItem.GraphicsItemChange.ItemPositionHasChanged:
            for edge in self.edges:
                edge.adjust()
            if self.tokens and self.token_layer is not None:
                self.token_layer.changed()
            if self.mirror is not None:
                self.mirror(self)
        return super().itemChange(change, value)

    def paint(self, painter, option, widget=None) -> None:
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        if self.highlight or selected:
            colour = palette.SELECTION if selected and not self.highlight else _HIGHLIGHT[self.highlight]
            style = Qt.PenStyle.DashLine if selected else Qt.PenStyle.SolidLine
            painter.setPen(palette.pen(colour, 3.0, style))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(self._HALO)
        painter.setPen(palette.pen(palette.SKY, 5.0) if self.rim_cue else palette.pen(palette.INK, 1.5))
        painter.setBrush(self._fill)
        painter.drawEllipse(self._CIRCLE)
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        if lod >= TEXT_LOD:  # else too small to read
            if self.value == 0:  # the shape cue: value-0 vertices carry an inner ring
                painter.setPen(palette.pen(palette.PAPER, 1.5))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawEllipse(self._INNER)
            label, value = self._laid_out()
            painter.setPen(self._text_pen)
            label.draw(painter, _LABEL_AT)
            value.draw(painter, _VALUE_AT)
        if self.tokens and lod >= TOKEN_LOD:  # else the token layer marks them, a few pixels wide
            self._paint_badge(painter)

    def _paint_badge(self, painter) -> None:
        painter.setPen(palette.pen(palette.SKY if self.token_highlight else palette.PAPER,
                                   3.0 if self.token_highlight else 1.5))
        painter.setBrush(palette.brush(palette.INK))
        r = 9.0 if self._badge_text else 7.0
        centre = self.badge_centre()
        painter.drawEllipse(centre, r, r)
        if self._badge_text:
            painter.setPen(palette.pen(palette.PAPER))
            self._badge_text.draw(painter, centre)


_LABEL_AT, _VALUE_AT = QPointF(0, -7), QPointF(0, 8)  # the centres of the label and of g=value
BADGE_DISTANCE = RADIUS * 1.02  # from a vertex's centre to its token badge's
BADGE_CLEAR = math.radians(38)  # a badge this far (in angle) from every edge misses lines and arrowheads
_BADGE_PLACES = [math.radians(a) for a in (-45, 0, 45, -135, 180, 135, -90, 90, -22.5, 22.5, -67.5, 67.5,
                                           -112.5, 112.5, -157.5, 157.5)]


def badge_angle(edge_angles: list[float]) -> float:
    """The angle (radians, y down) of a vertex's token badge given the directions of its edges: the
    first preferred place (top-right first) at least :data:`BADGE_CLEAR` from every edge, else the
    place farthest from the nearest edge.

    >>> round(math.degrees(badge_angle([])))  # no edges: top-right
    -45
    >>> round(math.degrees(badge_angle([math.radians(-40)])))  # an edge from the top-right: right
    0
    >>> round(math.degrees(badge_angle([math.radians(a) for a in (-60, -10, 30, 70)])))
    -135
    """
    def room(place: float) -> float:
        return min((abs(math.remainder(place - a, math.tau)) for a in edge_angles), default=math.pi)
    for place in _BADGE_PLACES:
        if room(place) >= BADGE_CLEAR:
            return place
    return max(_BADGE_PLACES, key=room)


_VERTEX_FLAGS = (QGraphicsItem.GraphicsItemFlag.ItemIsSelectable
                 | QGraphicsItem.GraphicsItemFlag.ItemSendsGeometryChanges)
_NO_CONTENTS = QGraphicsItem.GraphicsItemFlag.ItemHasNoContents
_HIGHLIGHT = {MOVE: palette.SKY, FLASH: palette.VERMILLION, TARGET: palette.INK, None: palette.INK}


class EdgeItem(QGraphicsRectItem):
    """An edge tail -> head: a line between the rims and an arrowhead at the head.

    When zoomed out, an :class:`~sgstudio.gui.canvas.edges_layer.EdgeLayer` (``layer``) draws the
    plain edges in one call, and the item draws only while highlighted (see :meth:`set_low`).
    Like :class:`VertexItem`, a QGraphicsRectItem (rectangle = bounds, no pen) so that Qt answers
    ``boundingRect`` in C++.
    """

    def __init__(self, tail: VertexItem, head: VertexItem) -> None:
        super().__init__()
        self.setPen(Qt.PenStyle.NoPen)
        self.tail = tail
        self.head = head
        self.highlight: str | None = None
        self.layer = None  # the EdgeLayer drawing this edge when zoomed out, if any
        self._low = False
        self._empty = False  # whether the item has ItemHasNoContents set (it paints nothing)
        self._line = QLineF()
        self._arrow: QPolygonF | None = None  # made when first drawn (never, zoomed out)
        self._bounds = QRectF()
        tail.edges.append(self)
        head.edges.append(self)
        self.adjust()

    def type(self) -> int:
        return EDGE

    def detach(self) -> None:
        """Forget the end vertices (called before the scene drops this edge)."""
        for end in (self.tail, self.head):
            if self in end.edges:
                end.edges.remove(self)
                end.edges_moved()

    def set_highlight(self, kind: str | None) -> None:
        if kind != self.highlight:
            self.highlight = kind
            self._sync_contents()
            self.update()
            if self.layer is not None:  # a highlight drawn while zoomed out must be wiped by the layer
                self.layer.update(self._bounds)

    def set_low(self, low: bool) -> None:
        """Whether the edge layer draws this edge (zoomed out): then the item paints only highlights."""
        self._low = low
        self._sync_contents()

    def _sync_contents(self) -> None:
        empty = self._low and not self.highlight
        if empty != self._empty:
            self._empty = empty
            self.setFlag(_NO_CONTENTS, empty)

    def adjust(self) -> None:
        """Recompute the line and arrowhead after an end vertex moved."""
        old = self._bounds
        a, b = self.tail.pos(), self.head.pos()
        x1, y1, x2, y2 = _rim_to_rim(a.x(), a.y(), b.x(), b.y(), RADIUS)
        self._line = QLineF(x1, y1, x2, y2)
        self._arrow = None
        self._bounds = QRectF(min(x1, x2) - ARROW, min(y1, y2) - ARROW,
                              abs(x2 - x1) + 2 * ARROW, abs(y2 - y1) + 2 * ARROW)
        if self._bounds == old:  # setRect would do nothing, but the line may have turned round
            self.prepareGeometryChange()
        self.setRect(self._bounds)  # prepares the geometry change itself when the rect changes
        self.tail.edges_moved()
        self.head.edges_moved()
        if self.layer is not None:
            self.layer.moved(self, old)

    def line(self) -> QLineF:
        return self._line

    def arrow(self) -> QPolygonF:
        """The arrowhead (a triangle touching the head's rim; empty when the ends overlap)."""
        if self._arrow is None:
            line = self._line
            self._arrow = _arrowhead(line.x1(), line.y1(), line.x2(), line.y2())
        return self._arrow

    def shape(self) -> QPainterPath:
        path = QPainterPath(self._line.p1())
        path.lineTo(self._line.p2())
        path.addPolygon(self.arrow())
        return path

    def paint(self, painter, option, widget=None) -> None:
        if self.highlight:
            colour = _HIGHLIGHT[self.highlight]
            painter.setPen(palette.pen(colour, 4.0))
        else:
            colour = palette.EDGE
            painter.setPen(palette.hairline(colour))
        painter.drawLine(self._line)
        if painter.worldTransform().m11() >= ARROW_LOD:  # else the arrowhead is under a pixel
            painter.setBrush(palette.brush(colour))
            painter.drawPolygon(self.arrow())


def _rim_to_rim(ax: float, ay: float, bx: float, by: float, head_gap: float) -> tuple[float, ...]:
    """(x1, y1, x2, y2): from ``a``'s rim to ``head_gap`` short of ``b``; a point at ``a`` when the
    vertices overlap."""
    dx, dy = bx - ax, by - ay
    length = math.hypot(dx, dy)
    if length < 2 * RADIUS + 1:
        return ax, ay, ax, ay
    ux, uy = dx / length, dy / length
    return ax + ux * RADIUS, ay + uy * RADIUS, bx - ux * head_gap, by - uy * head_gap


def _arrowhead(x1: float, y1: float, x2: float, y2: float) -> QPolygonF:
    """The arrowhead of the line (x1, y1) -> (x2, y2), its tip at (x2, y2); empty for a point."""
    dx, dy = x2 - x1, y2 - y1
    length = math.hypot(dx, dy)
    if length == 0:
        return QPolygonF()
    ux, uy = dx / length, dy / length
    bx, by = x2 - ux * ARROW, y2 - uy * ARROW
    half = ARROW * 0.45
    return QPolygonF([QPointF(x2, y2), QPointF(bx - uy * half, by + ux * half),
                      QPointF(bx + uy * half, by - ux * half)])


def edge_geometry(a: QPointF, b: QPointF, head_gap: float = RADIUS) -> tuple[QLineF, QPolygonF]:
    """The line from ``a``'s rim to ``b``'s rim and an arrowhead touching ``b``'s rim.

    >>> line, arrow = edge_geometry(QPointF(0, 0), QPointF(100, 0))
    >>> line.x1(), line.x2(), arrow.size()
    (26.0, 74.0, 3)
    >>> edge_geometry(QPointF(0, 0), QPointF(10, 0))[1].size()  # overlapping vertices: no arrowhead
    0
    """
    x1, y1, x2, y2 = _rim_to_rim(a.x(), a.y(), b.x(), b.y(), head_gap)
    return QLineF(x1, y1, x2, y2), _arrowhead(x1, y1, x2, y2)


def rubber_geometry(a: QPointF, b: QPointF) -> QLineF:
    """A line from ``a``'s rim towards the free point ``b`` (the rubber edge while dragging).

    >>> rubber_geometry(QPointF(0, 0), QPointF(0, 50)).p1().y()
    26.0
    """
    full = QLineF(a, b)
    if full.length() <= RADIUS:
        return QLineF(b, b)
    angle = math.atan2(full.dy(), full.dx())
    return QLineF(QPointF(a.x() + RADIUS * math.cos(angle), a.y() + RADIUS * math.sin(angle)), b)
