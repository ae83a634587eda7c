"""Geometry of the canvas's items: where edges, self-loops, curves, arrowheads and token badges go.

Pure functions of positions (scene units, y down); the items (:mod:`~sgstudio.games.graph.tab.canvas.items`)
call them when something moved, never per paint.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QPointF
from PySide6.QtGui import QPainterPath, QPolygonF

RADIUS = 26.0  # vertex radius in scene units
ARROW = 11.0  # arrowhead length
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


def rim_to_rim(ax: float, ay: float, bx: float, by: float, head_gap: float) -> tuple[float, ...]:
    """(x1, y1, x2, y2): from ``a``'s rim to ``head_gap`` short of ``b``; a point at ``a`` when the
    vertices overlap."""
    dx, dy = bx - ax, by - ay
    length = math.hypot(dx, dy)
    if length < 2 * RADIUS + 1:
        return ax, ay, ax, ay
    ux, uy = dx / length, dy / length
    return ax + ux * RADIUS, ay + uy * RADIUS, bx - ux * head_gap, by - uy * head_gap


def arrowhead(x1: float, y1: float, x2: float, y2: float) -> QPolygonF:
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


LOOP_SPREAD = 0.45  # a self-loop leaves its vertex this far (radians) either side of its angle
LOOP_REACH = 3.3 * RADIUS  # how far from the centre a self-loop's control points lie
_LOOP_PLACES = [math.radians(a) for a in (-90, -135, -45, 180, 0, 135, 45, 90)]


def loop_angle(edge_angles: list[float]) -> float:
    """Where a self-loop sits (radians, y down) given the directions of its vertex's other edges: the
    first preferred place (top first) clear of every edge by a loop's width, else the place
    farthest from the nearest edge.

    >>> round(math.degrees(loop_angle([]))), round(math.degrees(loop_angle([math.radians(-80)])))
    (-90, 180)
    """
    def room(place: float) -> float:
        return min((abs(math.remainder(place - a, math.tau)) for a in edge_angles), default=math.pi)
    for place in _LOOP_PLACES:
        if room(place) >= 2 * LOOP_SPREAD + 0.15:
            return place
    return max(_LOOP_PLACES, key=room)


def _at(centre: QPointF, angle: float, distance: float) -> QPointF:
    return QPointF(centre.x() + distance * math.cos(angle), centre.y() + distance * math.sin(angle))


def loop_path(centre: QPointF, angle: float) -> tuple[QPainterPath, QLineF]:
    """A self-loop on the vertex at ``centre``: out of the rim, round, and back in with the arrow."""
    start, end = _at(centre, angle - LOOP_SPREAD, RADIUS), _at(centre, angle + LOOP_SPREAD, RADIUS)
    c1, c2 = _at(centre, angle - 0.6, LOOP_REACH), _at(centre, angle + 0.6, LOOP_REACH)
    path = QPainterPath(start)
    path.cubicTo(c1, c2, end)
    return path, QLineF(c2, end)


def bend_control(a: QPointF, b: QPointF, bend: float) -> QPointF:
    """The control point of the curve a -> b, to the right of the way from a to b (y down)."""
    dx, dy = b.x() - a.x(), b.y() - a.y()
    length = math.hypot(dx, dy) or 1.0
    bow = bend * min(0.22 * length, 60.0)
    return QPointF((a.x() + b.x()) / 2 - dy / length * bow, (a.y() + b.y()) / 2 + dx / length * bow)


def bent_path(a: QPointF, b: QPointF, bend: float) -> tuple[QPainterPath, QLineF]:
    """One of two opposite edges: a curve from a's rim to b's rim bowing to its right."""
    control = bend_control(a, b, bend)
    start = _at(a, math.atan2(control.y() - a.y(), control.x() - a.x()), RADIUS)
    end = _at(b, math.atan2(control.y() - b.y(), control.x() - b.x()), RADIUS)
    if QLineF(a, b).length() < 2 * RADIUS + 1:  # overlapping vertices: nothing to draw
        start = end = a
    path = QPainterPath(start)
    path.quadTo(control, end)
    return path, QLineF(control, end)


def edge_geometry(a: QPointF, b: QPointF, head_gap: float = RADIUS) -> tuple[QLineF, QPolygonF]:
    """The line from ``a``'s rim to ``b``'s rim and an arrowhead touching ``b``'s rim.

    >>> line, arrow = edge_geometry(QPointF(0, 0), QPointF(100, 0))
    >>> line.x1(), line.x2(), arrow.size()
    (26.0, 74.0, 3)
    >>> edge_geometry(QPointF(0, 0), QPointF(10, 0))[1].size()  # overlapping vertices: no arrowhead
    0
    """
    x1, y1, x2, y2 = rim_to_rim(a.x(), a.y(), b.x(), b.y(), head_gap)
    return QLineF(x1, y1, x2, y2), arrowhead(x1, y1, x2, y2)


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
