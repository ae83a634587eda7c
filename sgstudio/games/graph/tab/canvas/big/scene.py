"""The scene of a big graph: arrays and one drawing layer for everything, items only for a few.

:class:`BigGraphScene` follows the model like :class:`~sgstudio.games.graph.tab.canvas.scene.GraphScene` and
answers the same questions (``vertex_at``, ``selected_vertices``, ``vertex_items``, highlights,
flashes, the rubber edge), so the canvas, its tools, the undo commands and the panels work the
same. What differs is the storage: positions, values and edges live in the numpy arrays of
:class:`~sgstudio.games.graph.tab.canvas.big.data.BigData`, drawn by one
:class:`~sgstudio.games.graph.tab.canvas.big.layer.BigLayer`, and a vertex gets a
:class:`~sgstudio.games.graph.tab.canvas.items.VertexItem` only while it is *live*: selected, holding tokens,
highlighted, the rubber edge's end, recently under the mouse, or in sight at reading zoom (at most
:data:`DETAIL_ITEMS` of those). ``vertex_items[v]`` makes v's item when it has none
(``vertex_items.get(v)`` does not); iterating ``vertex_items`` gives the live ones. An edge gets an
item only while highlighted or flashing.

A live item that is dragged writes its position into the arrays as it moves, so the layer draws
its edges following it; the model hears of the move on release, as before.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np
from PySide6.QtCore import QPointF, QRectF, QTimer
from PySide6.QtGui import QTransform
from PySide6.QtWidgets import QGraphicsSceneHelpEvent, QToolTip

from sgstudio.games.graph.model.graph import GameGraph
from sgstudio.games.graph.tab.canvas.big import canvas as big_canvas
from sgstudio.games.graph.tab.canvas.big.data import BigData
from sgstudio.games.graph.tab.canvas.big.layer import BigLayer
from sgstudio.games.graph.tab.canvas.big.select import MaskSelection
from sgstudio.games.graph.tab.canvas.items import RADIUS, TEXT_LOD, EdgeItem, VertexItem
from sgstudio.games.graph.tab.canvas.scene import MARGIN, GraphScene
from sgstudio.games.graph.tab.canvas.tips import vertex_tip
from sgstudio.games.graph.tab.canvas.token_layer import TokenLayer
from sgstudio.gui import palette

HOVER_KEEP = 24  # items kept for the vertices last under the mouse
DETAIL_ITEMS = 900  # at reading zoom, vertices in sight get items when there are at most this many
HIT_PX = 5.0  # a click this close (screen pixels) to a tiny vertex hits it
MIN_SCALE = 0.002


class LiveItems(dict):
    """{vertex: item} of the live vertices; ``items[v]`` makes the item of a vertex without one."""

    def __init__(self, make) -> None:
        super().__init__()
        self._make = make

    def __missing__(self, v: int) -> VertexItem:
        return self._make(v)


class BigGraphScene(MaskSelection, GraphScene):
    """A scene for graphs too big for an item per vertex (the canvas picks it by size)."""

    big = True

    def __init__(self, model: GameGraph, parent=None) -> None:
        self.data = BigData()
        self._hovered: OrderedDict[int, None] = OrderedDict()
        self._detail: set[int] = set()
        self._transient: list[EdgeItem] = []
        self._incident: dict[int, np.ndarray] = {}
        self.held: set[int] = set()  # vertices a gesture is moving (their items stay)
        self.focus: list[int] = []  # vertices laid out where the game is, in the order placed
        super().__init__(model, parent)
        self._evict_timer = QTimer(self)
        self._evict_timer.setSingleShot(True)
        self._evict_timer.setInterval(0)
        self._evict_timer.timeout.connect(self.evict)
        self.selectionChanged.connect(self._evict_timer.start)
        self._follow_items()
        self._selection_news = QTimer(self)
        self._selection_news.setSingleShot(True)
        self._selection_news.setInterval(0)
        self._selection_news.timeout.connect(self.selectionChanged.emit)

    # -- following the model ---------------------------------------------------------------
    def set_model(self, model: GameGraph) -> None:
        if self.model is not None:
            for signal, slot in self._links(self.model):
                signal.disconnect(slot)
        self.clear_flash()
        self.clear_highlight()
        self.end_rubber()
        self._rim = None
        self.clear()
        self.vertex_items = LiveItems(self._materialise)
        self.edge_items.clear()
        self._hovered.clear()
        self._detail.clear()
        self.model = model
        self.data = big_canvas.prepared_data(model)
        self.layer = BigLayer(self.data)
        self.addItem(self.layer)
        self.token_layer = TokenLayer(self._token_holders)
        self.addItem(self.token_layer)
        for v in set(model.tokens()):
            self.vertex_items[v].set_tokens(model.token_count(v))
        self.fit_scene_rect()
        for signal, slot in self._links(model):
            signal.connect(slot)

    def _materialise(self, v: int) -> VertexItem:
        m = self.model
        if not m.has_node(v):
            raise KeyError(v)
        item = VertexItem(v, m.label(v), m.grundy(v))
        x, y = self.data.xy[v]
        item.setPos(QPointF(x, y))
        item.token_layer = self.token_layer
        item.mirror = self._item_moved
        item.set_tokens(m.token_count(v))
        blocked = self.blockSignals(True)  # the item takes its selection from the mask: no news
        self.addItem(item)
        item.setSelected(bool(self.data.selected[v]))
        self.blockSignals(blocked)
        dict.__setitem__(self.vertex_items, v, item)
        self.data.live[v] = True
        self.layer.update(_around(x, y))
        return item

    def _release(self, v: int) -> None:
        item = self.vertex_items.pop(v)
        self._forget(item)
        for edge in list(item.edges):
            self._drop_edge(edge)
        self.removeItem(item)
        self.data.live[v] = False
        x, y = self.data.xy[v]
        self.layer.update(_around(x, y))

    def _pinned(self, item: VertexItem) -> bool:
        return bool(item.vertex in self.held or item.tokens or item.highlight or item.token_highlight
                    or item is self._rim or item is self._target or item.vertex in self._detail
                    or item.vertex in self._hovered or item.edges)

    def evict(self) -> None:
        """Drop the items that are no longer needed (the layer draws those vertices again; a
        selected one stays selected in the mask, so its removal is no news)."""
        blocked = self.blockSignals(True)
        try:
            for v, item in list(self.vertex_items.items()):
                if not self._pinned(item):
                    self._release(v)
        finally:
            self.blockSignals(blocked)

    def _on_node_added(self, v: int) -> None:
        m, pos = self.model, self.model.pos(v)
        if pos is None:
            pos = self._spare_xy()
        self.data.add_vertex(v, pos[0], pos[1], palette.value_kind(m.grundy(v)))
        self.layer.refresh_bounds()
        self._grow_to(QPointF(*pos))
        self.layer.update(_around(*pos))

    def _on_node_removed(self, v: int) -> None:
        selected = bool(self.data.selected[v])
        if v in self.vertex_items:
            item = self.vertex_items[v]
            if item.tokens:
                self.token_layer.changed()
            self._release(v)
        self._hovered.pop(v, None)
        self._detail.discard(v)
        x, y = self.data.xy[v]
        self.data.remove_vertex(v)
        self.layer.update(_around(x, y))
        if selected:
            self._selection_news.start()  # once for a whole deletion

    def _on_edge_added(self, u: int, v: int) -> None:
        self.data.add_edge(u, v)
        self._incident.clear()
        self.layer.update(self._span(u, v))

    def _on_edge_removed(self, u: int, v: int) -> None:
        edge = self.edge_items.get((u, v))
        if edge is not None:
            self._drop_edge(edge)
            if edge in self._transient:
                self._transient.remove(edge)
        self.data.remove_edge(u, v)
        self._incident.clear()
        self.layer.update(self._span(u, v))

    def _on_tokens(self, v: int) -> None:
        count = self.model.token_count(v)
        if count or v in self.vertex_items:
            self.vertex_items[v].set_tokens(count)
        if not count:
            self._evict_timer.start()

    def _token_holders(self) -> Iterator[tuple[QPointF, int]]:
        return ((item.pos(), item.tokens) for item in self.vertex_items.values() if item.tokens)

    def _on_node_changed(self, v: int) -> None:
        pos = self.model.pos(v)
        dragged = v in self._incident
        if pos is not None and tuple(self.data.xy[v]) != tuple(pos):
            old = self._span_of(v)
            self.data.move(v, *pos)
            self.layer.refresh_bounds()
            self.layer.update(old)
            self.layer.update(self._span_of(v))
            self._grow_to(QPointF(*pos))
        elif dragged:
            self.data.reshaped()  # the drag wrote the arrays already; the edge cache starts again
            self.layer.refresh_bounds()
        if dragged or pos is not None:
            self.layer.moving_edges = np.zeros(0, np.int64)
            self._incident.clear()
        item = self.vertex_items.get(v)
        if item is None:
            return
        label = self.model.label(v)
        if label != item.label:
            item.set_label(label)
        if pos is not None and (item.pos().x(), item.pos().y()) != tuple(pos):
            item.setPos(QPointF(*pos))

    def _on_values(self, changed: dict) -> None:
        ids = np.fromiter(changed, np.int64, len(changed))
        self.data.kind[ids] = np.fromiter(map(palette.value_kind, changed.values()), np.int8, len(changed))
        self.data.version += 1
        for v, g in changed.items():
            item = self.vertex_items.get(v)
            if item is not None:
                item.set_value(g)
        xy = self.data.xy[ids]
        xy = xy[np.isfinite(xy[:, 0])]
        if len(xy):
            (left, top), (right, bottom) = xy.min(axis=0), xy.max(axis=0)
            self.layer.update(QRectF(QPointF(left, top), QPointF(right, bottom)).adjusted(
                -2 * RADIUS, -2 * RADIUS, 2 * RADIUS, 2 * RADIUS))

    # -- a dragged item -----------------------------------------------------------------------
    def _item_moved(self, item: VertexItem) -> None:
        """A live item moved (a drag): the arrays follow, so its edges are drawn where it is."""
        v = item.vertex
        old = self._span_of(v)
        p = item.pos()
        self.data.xy[v] = (p.x(), p.y())
        self.data.grid.moved(v)
        self.data.version += 1
        edges = self._incident.get(v)
        if edges is None:
            edges = self._incident[v] = self.data.incident(np.array([v]))
            self.layer.moving_edges = np.union1d(self.layer.moving_edges, edges)
        self.layer.update(old)
        self.layer.update(self._span_of(v))

    def _span_of(self, v: int) -> QRectF:
        """The rectangle around v and every vertex it has an edge with."""
        near = [v, *self.model.successors(v), *self.model.predecessors(v)]
        xy = self.data.xy[near]
        (left, top), (right, bottom) = np.nanmin(xy, axis=0), np.nanmax(xy, axis=0)
        return QRectF(QPointF(left, top), QPointF(right, bottom)).adjusted(
            -2 * RADIUS, -2 * RADIUS, 2 * RADIUS, 2 * RADIUS)

    def _span(self, u: int, v: int) -> QRectF:
        (x1, y1), (x2, y2) = self.data.xy[u], self.data.xy[v]
        return QRectF(QPointF(min(x1, x2), min(y1, y2)), QPointF(max(x1, x2), max(y1, y2))).adjusted(
            -2 * RADIUS, -2 * RADIUS, 2 * RADIUS, 2 * RADIUS)

    # -- geometry, hit-testing ---------------------------------------------------------------
    def graph_rect(self) -> QRectF:
        extent = self.data.extent()
        if extent is None:
            return QRectF()
        return QRectF(QPointF(extent[0], extent[1]), QPointF(extent[2], extent[3])).adjusted(
            -RADIUS - 11, -RADIUS - 11, RADIUS + 11, RADIUS + 11)

    def focus_rect(self) -> QRectF:
        """The rectangle around the vertices laid out where the game is (null without any)."""
        chosen = [v for v in self.focus if self.model.has_node(v)]
        if not chosen:
            return QRectF()
        xy = self.data.xy[chosen]
        (left, top), (right, bottom) = xy.min(axis=0), xy.max(axis=0)
        return QRectF(QPointF(left, top), QPointF(right, bottom)).adjusted(
            -RADIUS - 11, -RADIUS - 11, RADIUS + 11, RADIUS + 11)

    def min_scale(self) -> float:
        return MIN_SCALE

    def _spare_xy(self) -> tuple[float, float]:
        r = self.graph_rect()
        return (0.0, 0.0) if r.isNull() else (r.right() + 60, r.top() + 30)

    def _spare_place(self) -> QPointF:
        return QPointF(*self._spare_xy())

    def is_empty(self) -> bool:
        return not self.data.alive.any()

    def any_vertex_in(self, rect: QRectF) -> bool:
        return bool(self.data.grid.in_rect(rect.left(), rect.top(), rect.right(), rect.bottom()).size)

    def vertex_at(self, pos: QPointF, transform: QTransform | None = None) -> VertexItem | None:
        """The vertex under ``pos``: an item if it has one, else the nearest vertex within a hit's
        reach (then it gets an item, kept while it is among the last few under the mouse)."""
        item = super().vertex_at(pos, transform)
        if item is not None:
            return item
        scale = transform.m11() if transform is not None else 1.0
        reach = max(RADIUS + 2, HIT_PX / max(scale, 1e-9))
        v = self.data.grid.nearest(pos.x(), pos.y(), reach)
        if v is None or not self.model.has_node(v):
            return None
        self._hovered[v] = None
        self._hovered.move_to_end(v)
        while len(self._hovered) > HOVER_KEEP:
            self._hovered.popitem(last=False)
            self._evict_timer.start()
        return self.vertex_items[v]

    def vertices_in(self, rect: QRectF) -> list[int]:
        """The vertices whose centres lie in ``rect``."""
        return self.data.grid.in_rect(rect.left(), rect.top(), rect.right(), rect.bottom()).tolist()

    def view_changed(self, visible: QRectF, scale: float) -> None:
        """At reading zoom the vertices in sight get items (labels, values, tooltips); away from
        them they go back to the layer."""
        wanted: set[int] = set()
        if scale >= TEXT_LOD:
            found = self.vertices_in(visible.adjusted(-RADIUS, -RADIUS, RADIUS, RADIUS))
            if len(found) <= DETAIL_ITEMS:
                wanted = set(found)
        gone, self._detail = self._detail - wanted, wanted
        for v in wanted:
            if v not in self.vertex_items:
                self.vertex_items[v]
        if gone:
            self._evict_timer.start()

    # -- highlights ---------------------------------------------------------------------------
    def _vertex_for(self, v: int) -> VertexItem | None:
        return self.vertex_items[v] if self.model.has_node(v) else None

    def _edge_for(self, u: int, v: int) -> EdgeItem | None:
        if not self.model.has_edge(u, v):
            return None
        edge = self.edge_items.get((u, v))
        if edge is None:
            edge = EdgeItem(self.vertex_items[u], self.vertex_items[v])
            self.addItem(edge)
            self.edge_items[(u, v)] = edge
            self._transient.append(edge)
        return edge

    def _unmarked(self) -> None:
        if not hasattr(self, "_transient"):
            return  # still being built
        marked = {*self._highlighted, *self._flashed}
        for edge in [e for e in self._transient if e not in marked]:
            self._transient.remove(edge)
            self._drop_edge(edge)
        if hasattr(self, "_evict_timer"):
            self._evict_timer.start()

    def _drop_edge(self, edge: EdgeItem) -> None:
        edge.detach()
        self.edge_items.pop((edge.tail.vertex, edge.head.vertex), None)
        self._forget(edge)
        self.removeItem(edge)

    @contextmanager
    def plain(self) -> Iterator[None]:
        """The bare graph for an export: the selection drawn by the layer goes too."""
        mask = self.data.selected.copy()
        self.data.selected[:] = False
        try:
            with super().plain():
                yield
        finally:
            self.data.selected[: len(mask)] = mask[: len(self.data.selected)]

    def helpEvent(self, event: QGraphicsSceneHelpEvent) -> None:
        view = event.widget().parent() if event.widget() is not None else None
        transform = view.transform() if hasattr(view, "transform") else None
        item = self.vertex_at(event.scenePos(), transform)
        if item is None:
            super().helpEvent(event)
            return
        QToolTip.showText(event.screenPos(), vertex_tip(self.model, item.vertex), event.widget())
        event.setAccepted(True)

    def fit_scene_rect(self) -> None:
        r = self.graph_rect()
        if r.isNull():
            r = QRectF(-100, -100, 200, 200)
        self.setSceneRect(r.adjusted(-MARGIN, -MARGIN, MARGIN, MARGIN))


def _around(x: float, y: float) -> QRectF:
    return QRectF(x - RADIUS - 12, y - RADIUS - 12, 2 * RADIUS + 24, 2 * RADIUS + 24)
