"""The scene follows the model: it subscribes to GameGraph's events and keeps an item per vertex and
per edge. It never edits the model; it only mirrors it and carries view state (highlights, the
rubber edge, a flashing refused cycle).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from itertools import pairwise

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QPainterPath, QTransform
from PySide6.QtWidgets import (
    QGraphicsLineItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsSceneHelpEvent,
    QToolTip,
)

from sgstudio.games.graph.model.graph import GameGraph
from sgstudio.games.graph.tab.canvas.edges_layer import EdgeLayer
from sgstudio.games.graph.tab.canvas.geometry import edge_geometry, rubber_geometry
from sgstudio.games.graph.tab.canvas.items import FLASH, MOVE, TARGET, EdgeItem, VertexItem
from sgstudio.games.graph.tab.canvas.tips import edge_tip, vertex_tip
from sgstudio.games.graph.tab.canvas.token_layer import TokenLayer
from sgstudio.gui import palette

FLASH_MS = 1100
MARGIN = 3000.0  # room around the graph for panning


class GraphScene(QGraphicsScene):
    """Items for a :class:`GameGraph`, kept in step with it through the model's events."""

    def __init__(self, model: GameGraph, parent=None) -> None:
        super().__init__(parent)
        self.model: GameGraph | None = None
        self.vertex_items: dict[int, VertexItem] = {}
        self.edge_items: dict[tuple[int, int], EdgeItem] = {}
        self._highlighted: list = []
        self._flashed: list = []
        self._target: VertexItem | None = None
        self._rim: VertexItem | None = None  # the vertex whose rim cue shows
        self._rubber: QGraphicsLineItem | None = None
        self._refused: QGraphicsPathItem | None = None
        self.held: set[int] = set()  # vertices a gesture is moving (a big scene keeps their items)
        self._flash_timer = QTimer(self)
        self._flash_timer.setSingleShot(True)
        self._flash_timer.setInterval(FLASH_MS)
        self._flash_timer.timeout.connect(self.clear_flash)
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.BspTreeIndex)
        self.set_model(model)

    # -- following the model ---------------------------------------------------------------
    def _links(self, model: GameGraph) -> list:
        return [(model.node_added, self._on_node_added), (model.node_removed, self._on_node_removed),
                (model.edge_added, self._on_edge_added), (model.edge_removed, self._on_edge_removed),
                (model.token_added, self._on_tokens), (model.token_removed, self._on_tokens),
                (model.node_changed, self._on_node_changed), (model.values_changed, self._on_values)]

    def set_model(self, model: GameGraph) -> None:
        """Drop every item and build the items of ``model``; follow its events from now on."""
        if self.model is not None:
            for signal, slot in self._links(self.model):
                signal.disconnect(slot)
        self.clear_flash()
        self.clear_highlight()
        self.end_rubber()
        self._rim = None
        self.clear()
        self.vertex_items.clear()
        self.edge_items.clear()
        self.edge_layer = EdgeLayer()  # draws all edges in one call when zoomed out
        self.addItem(self.edge_layer)
        self.token_layer = TokenLayer(self._token_holders)  # marks the tokens when zoomed out
        self.addItem(self.token_layer)
        self.model = model
        for v in model.nodes():
            self._on_node_added(v)
        for u, v in model.edges():
            self._on_edge_added(u, v)
        for v in set(model.tokens()):
            self._on_tokens(v)
        self.fit_scene_rect()
        for signal, slot in self._links(model):
            signal.connect(slot)

    def _on_node_added(self, v: int) -> None:
        m = self.model
        item = VertexItem(v, m.label(v), m.grundy(v))
        pos = m.pos(v)
        item.setPos(QPointF(*pos) if pos is not None else self._spare_place())
        item.token_layer = self.token_layer
        self.addItem(item)
        self.vertex_items[v] = item
        self._grow_to(item.pos())

    def _on_node_removed(self, v: int) -> None:
        item = self.vertex_items.pop(v)
        if item.tokens:
            self.token_layer.changed()
        for edge in list(item.edges):  # normally none left: the model removes edges first
            self._drop_edge(edge)
        self._forget(item)
        self.removeItem(item)

    def _on_edge_added(self, u: int, v: int) -> None:
        edge = EdgeItem(self.vertex_items[u], self.vertex_items[v])
        self.addItem(edge)
        self.edge_layer.add(edge)
        self.edge_items[(u, v)] = edge
        self._curves_near(u, v)

    def _on_edge_removed(self, u: int, v: int) -> None:
        self._drop_edge(self.edge_items[(u, v)])
        self._curves_near(u, v)

    def _curves_near(self, u: int, v: int) -> None:
        """After u -> v came or went (loopy graphs): two opposite edges bow apart, a lone one is
        straight, and the self-loops at u and v move out of the way."""
        pair = [e for e in (self.edge_items.get((u, v)), self.edge_items.get((v, u))) if e is not None]
        for edge in pair if u != v else ():
            edge.set_bend(1.0 if len(pair) == 2 else 0.0)
        for w in {u, v}:
            loop = self.edge_items.get((w, w))
            if loop is not None:
                loop.adjust()

    def _drop_edge(self, edge: EdgeItem) -> None:
        self.edge_layer.remove(edge)
        edge.detach()
        self.edge_items.pop((edge.tail.vertex, edge.head.vertex), None)
        self._forget(edge)
        self.removeItem(edge)

    def _on_tokens(self, v: int) -> None:
        item = self.vertex_items.get(v)
        if item is not None:
            item.set_tokens(self.model.token_count(v))

    def _token_holders(self) -> Iterator[tuple[QPointF, int]]:
        return ((item.pos(), item.tokens) for item in self.vertex_items.values() if item.tokens)

    def _on_node_changed(self, v: int) -> None:
        item = self.vertex_items[v]
        label = self.model.label(v)
        if label != item.label:
            item.set_label(label)
        pos = self.model.pos(v)
        if pos is not None and (item.pos().x(), item.pos().y()) != tuple(pos):
            item.setPos(QPointF(*pos))
            self._grow_to(item.pos())

    def _on_values(self, changed: dict[int, int]) -> None:
        items = self.vertex_items
        for v, g in changed.items():
            item = items.get(v)
            if item is not None:
                item.set_value(g)

    def _forget(self, item) -> None:
        for group in (self._highlighted, self._flashed):
            if item in group:
                group.remove(item)
        if item is self._target:
            self._target = None
        if item is self._rim:
            self._rim = None

    # -- geometry ----------------------------------------------------------------------------
    def graph_rect(self) -> QRectF:
        """The rectangle around every vertex (not the rubber edge or margins)."""
        rect = QRectF()
        for item in self.vertex_items.values():
            rect = rect.united(item.sceneBoundingRect())
        return rect

    def fit_scene_rect(self) -> None:
        """Scene rect = graph plus a wide margin, so the view can pan past the graph."""
        r = self.graph_rect()
        if r.isNull():
            r = QRectF(-100, -100, 200, 200)
        self.setSceneRect(r.adjusted(-MARGIN, -MARGIN, MARGIN, MARGIN))

    def _grow_to(self, p: QPointF) -> None:
        rect = self.sceneRect()
        if not rect.adjusted(MARGIN / 2, MARGIN / 2, -MARGIN / 2, -MARGIN / 2).contains(p):
            self.setSceneRect(rect.united(QRectF(p, p).adjusted(-MARGIN, -MARGIN, MARGIN, MARGIN)))

    def _spare_place(self) -> QPointF:
        """Where a vertex without a position goes: right of the others."""
        r = self.graph_rect()
        return QPointF(0, 0) if r.isNull() else QPointF(r.right() + 60, r.top() + 30)

    def vertex_at(self, pos: QPointF, transform: QTransform | None = None) -> VertexItem | None:
        """The topmost vertex under ``pos`` (scene coordinates), if any."""
        for item in self.items(pos, Qt.ItemSelectionMode.IntersectsItemShape,
                               Qt.SortOrder.DescendingOrder, transform or QTransform()):
            if isinstance(item, VertexItem):
                return item
        return None

    def selected_vertices(self) -> list[int]:
        """Ids of the selected vertices, sorted."""
        return sorted(item.vertex for item in self.selectedItems() if isinstance(item, VertexItem))

    def select_ids(self, vertices, add: bool = False) -> None:
        """Select ``vertices`` (keeping the selection there was, with ``add``)."""
        if not add:
            self.clearSelection()
        for v in vertices:
            self.vertex_items[v].setSelected(True)

    def select_all(self) -> None:
        for item in self.vertex_items.values():
            item.setSelected(True)

    def is_empty(self) -> bool:
        """Whether the drawing has no vertex."""
        return not self.vertex_items

    def any_vertex_in(self, rect: QRectF) -> bool:
        """Whether a vertex shows in ``rect`` (scene coordinates)."""
        return any(isinstance(item, VertexItem) for item in self.items(rect))

    def view_changed(self, visible: QRectF, scale: float) -> None:
        """The view now shows ``visible`` at ``scale`` (a big drawing makes items for what is in sight)."""

    def _vertex_for(self, v: int) -> VertexItem | None:
        """The item of vertex v for a highlight (None if v has none)."""
        return self.vertex_items.get(v)

    def _edge_for(self, u: int, v: int) -> EdgeItem | None:
        """The item of the edge u -> v for a highlight (None if there is none)."""
        return self.edge_items.get((u, v))

    def _unmarked(self) -> None:
        """A highlight or flash ended (a big drawing drops the items it made for it)."""

    # -- view state: highlight, rim cue, rubber edge, refused cycle -----------------------------
    def set_rim_cue(self, item: VertexItem | None) -> None:
        """Show where an edge drag would start: ``item``'s rim lights up (None: no vertex's)."""
        if item is not self._rim:
            if self._rim is not None:
                self._rim.set_rim_cue(False)
            self._rim = item
            if item is not None:
                item.set_rim_cue(True)

    def rim_cued(self) -> int | None:
        """The vertex whose rim cue shows, if any."""
        return None if self._rim is None else self._rim.vertex

    def highlight_move(self, u: int, v: int) -> None:
        """Show the move of a token from u along u -> v (the edge and u's token)."""
        self.clear_highlight()
        edge, tail = self._edge_for(u, v), self._vertex_for(u)
        if edge is not None:
            edge.set_highlight(MOVE)
            self._highlighted.append(edge)
        if tail is not None:
            tail.set_token_highlight(True)
            self._highlighted.append(tail)
        head = self._vertex_for(v)
        if head is not None:
            head.set_highlight(MOVE)
            self._highlighted.append(head)

    def clear_highlight(self) -> None:
        for item in self._highlighted:
            item.set_highlight(None)
            if isinstance(item, VertexItem):
                item.set_token_highlight(False)
        self._highlighted.clear()
        self._unmarked()

    def begin_rubber(self, u: int) -> None:
        """Start the rubber edge that follows the mouse from vertex u."""
        self.end_rubber()
        self._rubber = QGraphicsLineItem()
        self._rubber.setPen(palette.pen(palette.INK, 2.0, Qt.PenStyle.DashLine))
        self._rubber.setZValue(3)
        self._rubber.setData(0, u)
        self.addItem(self._rubber)

    def move_rubber(self, pos: QPointF, target: VertexItem | None) -> None:
        if self._rubber is None:
            return
        tail = self.vertex_items[self._rubber.data(0)]
        self._rubber.setLine(rubber_geometry(tail.pos(), pos))
        if target is not self._target:
            if self._target is not None:
                self._target.set_highlight(None)
            self._target = target
            if target is not None:
                target.set_highlight(TARGET)

    def end_rubber(self) -> None:
        if self._target is not None:
            self._target.set_highlight(None)
            self._target = None
        if self._rubber is not None:
            self.removeItem(self._rubber)
            self._rubber = None

    def flash_cycle(self, cycle: list[int], refused: tuple[int, int]) -> None:
        """Flash the cycle a refused edge would have closed, and the refused edge itself, for ~1 s."""
        self.clear_flash()
        ring = [*cycle, cycle[0]] if cycle else []
        for a, b in pairwise(ring):
            edge = self._edge_for(a, b)
            if edge is not None:
                edge.set_highlight(FLASH)
                self._flashed.append(edge)
        for v in cycle:
            item = self._vertex_for(v)
            if item is not None:
                item.set_highlight(FLASH)
                self._flashed.append(item)
        self._refused = self._refused_edge_item(*refused)
        self._flash_timer.start()

    def _refused_edge_item(self, u: int, v: int) -> QGraphicsPathItem:
        a, b = self._vertex_for(u).pos(), self._vertex_for(v).pos()
        path = QPainterPath()
        if u == v:  # a self-loop: a small dashed loop above the vertex
            path.addEllipse(QRectF(a.x() - 14, a.y() - 60, 28, 40))
        else:
            line, arrow = edge_geometry(a, b)
            path.moveTo(line.p1())
            path.lineTo(line.p2())
            path.addPolygon(arrow)
        item = QGraphicsPathItem(path)
        item.setPen(palette.pen(palette.VERMILLION, 4.0, Qt.PenStyle.DashLine))
        item.setZValue(3)
        self.addItem(item)
        return item

    @contextmanager
    def plain(self) -> Iterator[None]:
        """Within this block the scene draws the bare graph: no selection, no highlight, no rubber
        edge or refused edge (for exports). Everything comes back afterwards, without signals (the
        selection ends as it began, so nobody needs to hear of it)."""
        blocked = self.blockSignals(True)
        selected = self.selectedItems()
        marked = [(item, item.highlight, getattr(item, "token_highlight", False))
                  for item in {*self._highlighted, *self._flashed, self._target} if item is not None]
        extras = [item for item in (self._rubber, self._refused) if item is not None and item.isVisible()]
        try:
            for item in selected:
                item.setSelected(False)
            for item, _, _ in marked:
                item.set_highlight(None)
                if isinstance(item, VertexItem):
                    item.set_token_highlight(False)
            for item in extras:
                item.setVisible(False)
            yield
        finally:
            for item in extras:
                item.setVisible(True)
            for item, kind, token in marked:
                item.set_highlight(kind)
                if isinstance(item, VertexItem):
                    item.set_token_highlight(token)
            for item in selected:
                item.setSelected(True)
            self.blockSignals(blocked)

    def is_flashing(self) -> bool:
        return self._flash_timer.isActive()

    def clear_flash(self) -> None:
        self._flash_timer.stop()
        for item in self._flashed:
            item.set_highlight(None)
        self._flashed.clear()
        if self._refused is not None:
            self.removeItem(self._refused)
            self._refused = None
        self._unmarked()

    # -- Qt overrides ------------------------------------------------------------------------
    def helpEvent(self, event: QGraphicsSceneHelpEvent) -> None:
        """Tooltips, written on demand from the model (nothing to keep up to date)."""
        text = ""
        for item in self.items(event.scenePos()):
            if isinstance(item, VertexItem):
                text = vertex_tip(self.model, item.vertex)
                break
            if isinstance(item, EdgeItem):
                text = edge_tip(self.model, item.tail.vertex, item.head.vertex)
                break
        if text:
            QToolTip.showText(event.screenPos(), text, event.widget())
            event.setAccepted(True)
        else:
            QToolTip.hideText()
            event.ignore()
