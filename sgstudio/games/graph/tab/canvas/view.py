"""GraphCanvas: the QGraphicsView the user draws on. It routes mouse gestures to the current tool,
keys to editing actions, and owns zoom, pan, snap, fit, the legend overlay and export."""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QCursor, QPainter, QUndoStack
from PySide6.QtWidgets import QGraphicsView, QWidget

from sgstudio.games.graph.model.graph import GameGraph
from sgstudio.games.graph.tab.canvas import export
from sgstudio.games.graph.tab.canvas.big import canvas as big_canvas
from sgstudio.games.graph.tab.canvas.big.actions import BigGraphActions
from sgstudio.games.graph.tab.canvas.big.scene import BigGraphScene
from sgstudio.games.graph.tab.canvas.big.select import BandGesture
from sgstudio.games.graph.tab.canvas.editing import EditActions
from sgstudio.games.graph.tab.canvas.items import VertexItem
from sgstudio.games.graph.tab.canvas.legend import EmptyHint, LegendWidget
from sgstudio.games.graph.tab.canvas.minimap import Minimap
from sgstudio.games.graph.tab.canvas.scene import GraphScene
from sgstudio.games.graph.tab.canvas.tools import TOOLS, Gesture, PanGesture, Tool
from sgstudio.games.graph.tab.commands import SetPositionsCommand
from sgstudio.gui import palette

GRID = 20.0
ZOOM_STEP = 1.25
MIN_SCALE, MAX_SCALE, MAX_FIT_SCALE = 0.03, 8.0, 1.5
FOCUS_ZOOM = 0.45  # a big graph's F shows where the game is at least this close (labels readable)
NUDGE, BIG_NUDGE = 1.0, 10.0
C = Qt.KeyboardModifier.ControlModifier
K = Qt.Key
_KEYS = {  # (key, ctrl) -> method name; the window may call the same methods from its menus
    (K.Key_Delete, False): "delete_selection", (K.Key_Backspace, False): "delete_selection",
    (K.Key_F2, False): "rename_selected", (K.Key_A, True): "select_all",
    (K.Key_C, True): "copy", (K.Key_V, True): "paste", (K.Key_D, True): "duplicate",
    (K.Key_Equal, True): "zoom_in", (K.Key_Plus, True): "zoom_in", (K.Key_Minus, True): "zoom_out",
    (K.Key_F, False): "fit_graph", (K.Key_Plus, False): "add_token_to_selection",
    (K.Key_Equal, False): "add_token_to_selection", (K.Key_Minus, False): "remove_token_from_selection",
    (K.Key_S, False): "_tool_select", (K.Key_E, False): "_tool_edge", (K.Key_T, False): "_tool_token",
    (K.Key_G, True): "go_to_vertex", (K.Key_X, False): "expand_selected",
}
_ARROWS = {K.Key_Left: (-1, 0), K.Key_Right: (1, 0), K.Key_Up: (0, -1), K.Key_Down: (0, 1)}


def _fit_scale(rect: QRectF, area: QRectF, least: float = MIN_SCALE) -> float:
    """The zoom that fits ``rect`` into ``area`` (at most :data:`MAX_FIT_SCALE`; tiny areas: the least).

    >>> _fit_scale(QRectF(0, 0, 100, 50), QRectF(0, 0, 300, 300)), _fit_scale(QRectF(0, 0, 10, 10), QRectF())
    (1.5, 0.03)
    """
    if area.width() <= 1 or area.height() <= 1:
        return least
    return max(least, min(area.width() / rect.width(), area.height() / rect.height(), MAX_FIT_SCALE))


class GraphCanvas(EditActions, BigGraphActions, QGraphicsView):
    """The graph editor widget for one :class:`GameGraph` document.

    Signals: ``status_message(str)`` (plain-words feedback for the status bar),
    ``selection_changed(list)`` (the selected vertex ids, sorted) and ``tool_changed(str)`` (the
    mouse mode's name, also when switched by the S/E/T keys).
    """

    status_message = Signal(str)
    selection_changed = Signal(list)
    tool_changed = Signal(str)

    def __init__(self, model: GameGraph, undo_stack: QUndoStack, parent: QWidget | None = None) -> None:
        QGraphicsView.__init__(self, parent)
        self.undo_stack = undo_stack
        self._tool: Tool = TOOLS["select"](self)
        self._gesture: Gesture | None = None
        self._space = False
        self._snap = False
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setDragMode(QGraphicsView.DragMode.RubberBandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.MinimalViewportUpdate)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontSavePainterState, True)
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setBackgroundBrush(palette.brush(palette.PAPER))
        self.setMouseTracking(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # pan by mouse instead
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._legend = LegendWidget(self)
        self._hint = EmptyHint(self)
        self._minimap = Minimap(self)
        self._minimap.hide()
        self._use_scene(GraphScene(GameGraph(), self))
        self._stack_index = undo_stack.index()  # the owner of the stack connects it to stack_moved
        self.set_model(model)

    # -- document --------------------------------------------------------------------------
    @property
    def model(self) -> GameGraph:
        """The document's game graph."""
        return self.scene().model

    def set_model(self, model: GameGraph) -> None:
        """Show a new document. Vertices without a position get a layered layout (not an undo step:
        it is part of opening the document)."""
        if self._gesture is not None:
            self._gesture.cancel()
            self._gesture = None
        big = big_canvas.wants_big(model)
        if big != isinstance(self.scene(), BigGraphScene):
            self._use_scene((BigGraphScene if big else GraphScene)(GameGraph(), self))
        placed = ([], None, 0)
        if big:
            placed = big_canvas.placement(model)
        elif any(model.pos(v) is None for v in model.nodes()):
            for v, p in self._initial_positions(model).items():
                model.set_pos(v, p)
        self.scene().set_model(model)
        if big:
            scene = self.scene()
            scene.focus, scene.focus_origin, scene.slots_used = list(placed[0]), placed[1], placed[2]
        self._minimap.setVisible(big)
        self._show_hint()
        self.fit_graph()

    def _use_scene(self, scene: GraphScene) -> None:
        """Show ``scene`` (the small or the big kind) from now on."""
        old = self.scene()
        self.setScene(scene)
        scene.selectionChanged.connect(self._emit_selection)
        scene.changed.connect(self._show_hint)
        if old is not None:
            old.selectionChanged.disconnect(self._emit_selection)
            old.changed.disconnect(self._show_hint)
            old.deleteLater()

    def is_big(self) -> bool:
        """Whether the drawing is the big kind (arrays and a layer; items only for a few)."""
        return isinstance(self.scene(), BigGraphScene)

    def _show_hint(self, *_args: object) -> None:
        """The empty-canvas hint, until the first vertex exists."""
        self._hint.setVisible(self.scene().is_empty())

    def stack_moved(self, index: int) -> None:
        """The undo stack's index changed: after an undo or redo of Layout, fit the graph again (the
        layout's zoom no longer suits). The stack's owner connects ``indexChanged`` here (the window:
        its stack outlives the canvas's connections)."""
        old, self._stack_index = self._stack_index, index
        if not shiboken6.isValid(self.undo_stack):  # the stack says goodbye as it is destroyed
            return
        if index != old and any(isinstance(self.undo_stack.command(k), SetPositionsCommand)
                                for k in range(min(index, old), max(index, old))):
            self.scene().fit_scene_rect()
            self.fit_graph()
        self._grow_if_big()

    def _grow_if_big(self) -> None:
        """A small drawing whose graph grew past the big threshold by edits (a large paste, many
        new vertices) becomes a big one, looking where it looked, with the same selection. It does
        not turn small again when the graph shrinks (no flicker between the two at the threshold)."""
        if self.is_big() or not big_canvas.wants_big(self.model):
            return
        chosen = self.selected_vertices()
        centre, zoom = self.mapToScene(self.viewport().rect().center()), self.zoom()
        self.set_model(self.model)
        self.scene().select_ids(chosen)
        self.resetTransform()
        self.scale(zoom, zoom)
        self.centerOn(centre)

    @staticmethod
    def _initial_positions(model: GameGraph) -> dict:
        from sgstudio.games.graph.layout.layered import layered_positions
        laid = layered_positions(model)
        return {v: p for v, p in laid.items() if model.pos(v) is None}

    def item_for_vertex(self, v: int) -> VertexItem:
        """The item that draws vertex v."""
        return self.scene().vertex_items[v]

    def vertex_at(self, pos: QPointF) -> VertexItem | None:
        """The vertex under scene position ``pos``."""
        return self.scene().vertex_at(pos, self.transform())

    def selected_vertices(self) -> list[int]:
        """The selected vertex ids, sorted."""
        return self.scene().selected_vertices()

    def _emit_selection(self) -> None:
        self.selection_changed.emit(self.selected_vertices())

    # -- tools, snap, highlight ------------------------------------------------------------------
    def set_tool(self, name: str) -> None:
        """Switch the mouse mode: ``"select"``, ``"edge"`` or ``"token"``."""
        if self._gesture is not None:
            self._gesture.cancel()
            self._gesture = None
        self._tool = TOOLS[name](self)
        self.tool_changed.emit(name)
        self.status_message.emit(self._tool.tooltip)

    def use_tool(self, tool: Tool) -> None:
        """Use a mouse mode made elsewhere (the Play panel's token drag) until the next ``set_tool``."""
        if self._gesture is not None:
            self._gesture.cancel()
            self._gesture = None
        self._tool = tool
        self.tool_changed.emit(tool.name)

    def tool(self) -> str:
        return self._tool.name

    def _tool_select(self) -> None:
        self.set_tool("select")

    def _tool_edge(self) -> None:
        self.set_tool("edge")

    def _tool_token(self) -> None:
        self.set_tool("token")

    def set_snap(self, on: bool) -> None:
        """Snap new and moved vertices to a grid (drawn while on)."""
        self._snap = bool(on)
        self.resetCachedContent()
        self.viewport().update()

    def snap(self) -> bool:
        return self._snap

    def snapped(self, p: QPointF) -> QPointF:
        if not self._snap:
            return QPointF(p)
        return QPointF(round(p.x() / GRID) * GRID, round(p.y() / GRID) * GRID)

    def highlight_move(self, u: int, v: int) -> None:
        """Highlight the move of a token from u to v (for the analysis panel's hover)."""
        self.scene().highlight_move(u, v)

    def clear_highlight(self) -> None:
        self.scene().clear_highlight()

    # -- zoom and fit ----------------------------------------------------------------------------
    def zoom_by(self, factor: float, anchor: QPoint | None = None) -> None:
        """Zoom by ``factor`` keeping the scene point under ``anchor`` (viewport pixels) in place."""
        current = self.transform().m11()
        factor = max(self._least_zoom() / current, min(MAX_SCALE / current, factor))
        if anchor is None:
            anchor = self.viewport().mapFromGlobal(QCursor.pos())
            if not self.viewport().rect().contains(anchor):
                anchor = self.viewport().rect().center()
        before = self.mapToScene(anchor)
        old = self.transformationAnchor()
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.scale(factor, factor)
        after = self.mapToScene(anchor)
        self._scroll_by_scene(before - after)
        self.setTransformationAnchor(old)
        self.view_moved()

    def _least_zoom(self) -> float:
        return self.scene().min_scale() if self.is_big() else MIN_SCALE

    def _scroll_by_scene(self, d: QPointF) -> None:
        s = self.transform().m11()
        h, v = self.horizontalScrollBar(), self.verticalScrollBar()
        h.setValue(h.value() + round(d.x() * s))
        v.setValue(v.value() + round(d.y() * s))

    def zoom_in(self) -> None:
        self.zoom_by(ZOOM_STEP)

    def zoom_out(self) -> None:
        self.zoom_by(1 / ZOOM_STEP)

    def zoom(self) -> float:
        """The current scale (1.0 = one scene unit per pixel)."""
        return self.transform().m11()

    def fit_graph(self) -> None:
        """Show the whole graph (without zooming in past 150 %), leaving the legend's corner free.

        When the graph fitted to the whole view would put a vertex under the legend, it is fitted
        instead above the legend or right of it, whichever shows it larger.
        """
        scene = self.scene()
        focus = scene.focus_rect() if self.is_big() else QRectF()
        rect = (focus if not focus.isNull() else scene.graph_rect()).adjusted(-30, -30, 30, 30)
        self._fit_rect(rect)
        if not focus.isNull() and self.zoom() < FOCUS_ZOOM:  # where the game is, at reading zoom
            self.resetTransform()
            self.scale(FOCUS_ZOOM, FOCUS_ZOOM)
            seen = self.mapToScene(self.viewport().rect()).boundingRect()
            self.centerOn(rect.right() - seen.width() / 2, rect.top() + seen.height() / 2)
            self.view_moved()

    def fit_whole(self) -> None:
        """Show the whole graph (on a big graph F shows where the game is; Shift+F everything)."""
        self._fit_rect(self.scene().graph_rect().adjusted(-30, -30, 30, 30))

    def _fit_rect(self, rect: QRectF) -> None:
        if rect.isNull():
            return
        view = QRectF(self.viewport().rect())
        self._fit_into(rect, view)
        legend = QRectF(self._legend.geometry()).translated(-QPointF(self.viewport().pos()))
        if not self._under(legend):
            return
        above = QRectF(view.left(), view.top(), view.width(), legend.top() - view.top())
        beside = QRectF(legend.right(), view.top(), view.right() - legend.right(), view.height())
        self._fit_into(rect, max(above, beside, key=lambda area: _fit_scale(rect, area)))

    def _fit_into(self, rect: QRectF, area: QRectF) -> None:
        """Scale so that ``rect`` (scene) fits in ``area`` (viewport pixels), centred there."""
        scale = _fit_scale(rect, area, self._least_zoom())
        self.resetTransform()
        self.scale(scale, scale)
        self.centerOn(rect.center() + (QRectF(self.viewport().rect()).center() - area.center()) / scale)
        self.view_moved()

    def _under(self, area: QRectF) -> bool:
        """Whether a vertex shows in ``area`` (viewport pixels)."""
        shown = self.mapToScene(area.toAlignedRect()).boundingRect()
        return self.scene().any_vertex_in(shown)

    # -- export ----------------------------------------------------------------------------------
    def export_png(self, path: str, scale: float = 2.0) -> bool:
        """Save the whole graph with its legend as a PNG; True on success."""
        return export.export_png(self.scene(), self.scene().graph_rect(), path, scale)

    def export_svg(self, path: str) -> bool:
        """Save the whole graph with its legend as an SVG; True on success."""
        return export.export_svg(self.scene(), self.scene().graph_rect(), path)

    # -- Qt overrides: mouse ---------------------------------------------------------------------
    def mousePressEvent(self, event) -> None:
        pos, vp = self.mapToScene(event.position().toPoint()), event.position()
        if self._gesture is not None:  # a second button during a drag: ignore it
            return
        button = event.button()
        if button == Qt.MouseButton.MiddleButton or (button == Qt.MouseButton.LeftButton and self._space):
            self._gesture = PanGesture(self, vp)
            return
        self.setFocus()
        self.scene().set_rim_cue(None)
        self._gesture = self._tool.press(button, event.modifiers(), pos, vp)
        if self._gesture is None and button == Qt.MouseButton.LeftButton and self.is_big():
            self._gesture = BandGesture(self, vp, event.modifiers())  # selects by the arrays
        if self._gesture is None:
            super().mousePressEvent(event)

    def mouseMoveEvent(self, event) -> None:
        pos, vp = self.mapToScene(event.position().toPoint()), event.position()
        if self._gesture is not None:
            self._gesture.move(pos, vp)
            return
        if not event.buttons():
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor if self._space
                                      else self._tool.hover_cursor(pos))
            self.scene().set_rim_cue(None if self._space else self._tool.edge_start(pos))
        super().mouseMoveEvent(event)

    def leaveEvent(self, event) -> None:
        self.scene().set_rim_cue(None)
        super().leaveEvent(event)

    def mouseReleaseEvent(self, event) -> None:
        if self._gesture is not None:
            gesture, self._gesture = self._gesture, None
            gesture.release(self.mapToScene(event.position().toPoint()), event.position())
            return
        super().mouseReleaseEvent(event)

    def mouseDoubleClickEvent(self, event) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._tool.double_click(self.mapToScene(event.position().toPoint()))
            return
        super().mouseDoubleClickEvent(event)

    def wheelEvent(self, event) -> None:
        steps = event.angleDelta().y() / 120.0
        if steps:
            self.zoom_by(ZOOM_STEP ** steps, event.position().toPoint())

    def contextMenuEvent(self, event) -> None:
        if self._tool.context_menu and self._gesture is None:
            self.build_context_menu(self.mapToScene(event.pos())).exec(event.globalPos())

    # -- Qt overrides: keys, paint, resize -----------------------------------------------------------
    def keyPressEvent(self, event) -> None:
        key, ctrl = event.key(), bool(event.modifiers() & C)
        if key == Qt.Key.Key_Space and not ctrl:
            if not event.isAutoRepeat():
                self._space = True
                self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            return
        if key == Qt.Key.Key_Escape:
            self._escape()
            return
        if key == Qt.Key.Key_F and event.modifiers() & Qt.KeyboardModifier.ShiftModifier and not ctrl:
            self.fit_whole()
            return
        if key in _ARROWS and self.selected_vertices():
            step = BIG_NUDGE if event.modifiers() & Qt.KeyboardModifier.ShiftModifier else NUDGE
            dx, dy = _ARROWS[key]
            self.nudge(dx * step, dy * step)
            return
        name = _KEYS.get((key, ctrl))
        if name is None:
            super().keyPressEvent(event)
            return
        getattr(self, name)()

    def keyReleaseEvent(self, event) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = False
            self.viewport().unsetCursor()
            return
        super().keyReleaseEvent(event)

    def _escape(self) -> None:
        if self._gesture is not None:
            self._gesture.cancel()
            self._gesture = None
        else:
            self.scene().clearSelection()

    def focusOutEvent(self, event) -> None:
        self._space = False
        super().focusOutEvent(event)

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:
        super().drawBackground(painter, rect)
        if not self._snap or self.transform().m11() < 0.3:
            return
        painter.setPen(palette.pen(palette.GRID, 0))
        left, top = int(rect.left() // GRID) * GRID, int(rect.top() // GRID) * GRID
        x = left
        while x < rect.right():
            painter.drawLine(QPointF(x, rect.top()), QPointF(x, rect.bottom()))
            x += GRID
        y = top
        while y < rect.bottom():
            painter.drawLine(QPointF(rect.left(), y), QPointF(rect.right(), y))
            y += GRID

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        vp = self.viewport().geometry()
        self._legend.move(vp.left() + 8, vp.bottom() - self._legend.height() - 8)
        self._hint.setGeometry(vp.adjusted(40, 0, -40, 0))
        self._minimap.move(vp.right() - self._minimap.width() - 8, vp.bottom() - self._minimap.height() - 8)
        self.view_moved()

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        super().scrollContentsBy(dx, dy)
        self.view_moved()
