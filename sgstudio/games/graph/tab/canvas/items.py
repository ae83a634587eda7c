"""Scene items. They only draw; a vertex also drags its attached edges along (Qt's elasticnodes idea).

Geometry (bounding rects, lines) is computed when something changes, and what only a close view
shows (text layouts, arrowheads) the first time it is drawn after a change; never per ``paint``, so
a scene of thousands of items repaints without allocating. Zoomed out, the edges are drawn by one
:class:`~sgstudio.games.graph.tab.canvas.edges_layer.EdgeLayer` instead of one Python call each.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QPainterPath, QPainterPathStroker, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsRectItem, QStyle

from sgstudio.core.values import Gamma, Infinite

# RADIUS, ARROW and the edges' geometry: imported from here too
from sgstudio.games.graph.tab.canvas.geometry import (
    ARROW,
    BADGE_DISTANCE,
    LOOP_SPREAD,
    RADIUS,
    arrowhead,
    badge_angle,
    bend_control,
    bent_path,
    loop_angle,
    loop_path,
    rim_to_rim,
)
from sgstudio.games.graph.tab.canvas.texts import LABEL_WIDTH, VALUE_WIDTH, PlacedText, fitted_text
from sgstudio.gui import palette

RIM = 7.0  # a press this close to a vertex's edge starts drawing an edge
TEXT_LOD = 0.4  # below this zoom, labels and values are not drawn
# The texts' point sizes (scene units): at the built-in example's opening zoom (about 0.64 in a
# 1280x800 window) a label is about 12 pixels high and g=value about 9, both readable.
LABEL_PT, VALUE_PT = 14.0, 11.0
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
            towards = [a for e in self.edges for a in e.angles_at(self)]
            angle = badge_angle(towards)
            self._badge_at = QPointF(BADGE_DISTANCE * math.cos(angle), BADGE_DISTANCE * math.sin(angle))
        return self._badge_at

    # -- state set by the scene ------------------------------------------------------------
    def set_label(self, label: str) -> None:
        self.label = label
        self._texts = None
        self.update()

    def set_value(self, value: Gamma) -> None:
        """The vertex's value: a nimber, or ∞(K) on a loopy graph (drawn in the third colour, as ``∞{K}``)."""
        if value == self.value and type(value) is type(self.value):
            return
        self.value = value
        self._texts = None
        self._fill = palette.fill(value)
        self._text_pen = palette.pen(palette.KIND_INK[palette.value_kind(value)])
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
            label, size = fitted_text(self.label, LABEL_PT, True, LABEL_WIDTH)
            value = fitted_text(value_text(self.value), min(VALUE_PT, size), False, VALUE_WIDTH)  # not bigger
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


_LABEL_AT, _VALUE_AT = QPointF(0, -8), QPointF(0, 9)  # the centres of the label and of g=value


def value_text(value: Gamma) -> str:
    """The value as a vertex shows it: ``g=3``, or ``∞{0,2}`` (∞ with K) on a loopy graph.

    >>> value_text(3), value_text(Infinite(frozenset({2, 0}))), value_text(Infinite(frozenset()))
    ('g=3', '∞{0,2}', '∞')
    """
    return str(value) if isinstance(value, Infinite) else f"g={value}"


_VERTEX_FLAGS = (QGraphicsItem.GraphicsItemFlag.ItemIsSelectable
                 | QGraphicsItem.GraphicsItemFlag.ItemSendsGeometryChanges)
_NO_CONTENTS = QGraphicsItem.GraphicsItemFlag.ItemHasNoContents
_HIGHLIGHT = {MOVE: palette.SKY, FLASH: palette.VERMILLION, TARGET: palette.INK, None: palette.INK}


class EdgeItem(QGraphicsRectItem):
    """An edge tail -> head: a line between the rims and an arrowhead at the head.

    On a loopy graph two more shapes: a *self-loop* (tail is head) is an arc out of the vertex and
    back, on the side where no other edge leaves it; each of two opposite edges (u -> v and v -> u,
    ``bend`` 1) is a curve bowing to its own right, so that the two are seen apart. These *curved*
    edges always draw themselves (the edge layer draws straight lines only).

    When zoomed out, an :class:`~sgstudio.games.graph.tab.canvas.edges_layer.EdgeLayer` (``layer``) draws the
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
        self.bend = 0.0  # 1: one of two opposite edges, drawn as a curve (set by the scene)
        self.loop_angle = -math.pi / 2  # where a self-loop sits (radians, y down), found in adjust
        self._path: QPainterPath | None = None  # the curve of a curved edge
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

    @property
    def curved(self) -> bool:
        """Whether the edge is drawn as a curve (a self-loop, or one of two opposite edges)."""
        return self.tail is self.head or bool(self.bend)

    def set_bend(self, bend: float) -> None:
        """Curve the edge (1: its opposite edge exists) or straighten it (0)."""
        if bend != self.bend:
            self.bend = bend
            self.adjust()

    def angles_at(self, vertex: VertexItem) -> list[float]:
        """The directions (radians, y down) in which this edge leaves ``vertex``'s rim."""
        here = vertex.pos()
        if self.tail is self.head:
            return [self.loop_angle - LOOP_SPREAD, self.loop_angle, self.loop_angle + LOOP_SPREAD]
        there = (self.head if vertex is self.tail else self.tail).pos()
        if self.bend:
            there = bend_control(self.tail.pos(), self.head.pos(), self.bend)
        return [math.atan2(there.y() - here.y(), there.x() - here.x())]

    def set_low(self, low: bool) -> None:
        """Whether the edge layer draws this edge (zoomed out): then the item paints only highlights."""
        self._low = low
        self._sync_contents()

    def _sync_contents(self) -> None:
        empty = self._low and not self.highlight and not self.curved
        if empty != self._empty:
            self._empty = empty
            self.setFlag(_NO_CONTENTS, empty)

    def adjust(self) -> None:
        """Recompute the line and arrowhead after an end vertex moved."""
        old = self._bounds
        a, b = self.tail.pos(), self.head.pos()
        self._arrow = None
        if self.curved:
            self._adjust_curve(a, b)
        else:
            self._path = None
            x1, y1, x2, y2 = rim_to_rim(a.x(), a.y(), b.x(), b.y(), RADIUS)
            self._line = QLineF(x1, y1, x2, y2)
            self._bounds = QRectF(min(x1, x2) - ARROW, min(y1, y2) - ARROW,
                                  abs(x2 - x1) + 2 * ARROW, abs(y2 - y1) + 2 * ARROW)
        self._sync_contents()
        if self._bounds == old:  # setRect would do nothing, but the line may have turned round
            self.prepareGeometryChange()
        self.setRect(self._bounds)  # prepares the geometry change itself when the rect changes
        self.tail.edges_moved()
        self.head.edges_moved()
        if self.layer is not None:
            self.layer.moved(self, old)

    def _adjust_curve(self, a: QPointF, b: QPointF) -> None:
        """The curve of a self-loop or of one of two opposite edges; ``_line`` is its last stretch
        (the arrowhead's direction)."""
        if self.tail is self.head:
            self.loop_angle = loop_angle([x for e in self.tail.edges if e.tail is not e.head
                                          for x in e.angles_at(self.tail)])
            self._path, self._line = loop_path(a, self.loop_angle)
        else:
            self._path, self._line = bent_path(a, b, self.bend)
        self._bounds = self._path.boundingRect().adjusted(-ARROW, -ARROW, ARROW, ARROW)

    def line(self) -> QLineF:
        """The straight line drawn (for a curved edge: the end of the curve, into the head's rim)."""
        return self._line

    def path(self) -> QPainterPath | None:
        """The curve drawn for a curved edge (None for a straight one)."""
        return self._path

    def arrow(self) -> QPolygonF:
        """The arrowhead (a triangle touching the head's rim; empty when the ends overlap)."""
        if self._arrow is None:
            line = self._line
            self._arrow = arrowhead(line.x1(), line.y1(), line.x2(), line.y2())
        return self._arrow

    def shape(self) -> QPainterPath:
        if self._path is not None:
            stroker = QPainterPathStroker()
            stroker.setWidth(6.0)
            path = stroker.createStroke(self._path)
        else:
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
        if self._path is not None:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(self._path)
        else:
            painter.drawLine(self._line)
        if painter.worldTransform().m11() >= ARROW_LOD:  # else the arrowhead is under a pixel
            painter.setBrush(palette.brush(colour))
            painter.drawPolygon(self.arrow())
