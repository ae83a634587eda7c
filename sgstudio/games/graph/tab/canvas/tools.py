"""Mouse tools: one small class per mode. A tool turns a press into a *gesture* (an object that
follows the drag and finishes on release) or returns None to let QGraphicsView do its default
(rubber-band selection). Gestures end by pushing one undo command; they never edit the model.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QLineF, QPointF, Qt

from sgstudio.games.graph.tab.commands import (
    AddTokenCommand,
    AddVertexCommand,
    MoveVerticesCommand,
    RemoveTokenCommand,
)

if TYPE_CHECKING:
    from sgstudio.games.graph.tab.canvas.items import VertexItem
    from sgstudio.games.graph.tab.canvas.view import GraphCanvas

CLICK_SLOP = 4.0  # a press that moves less than this (view pixels) is a click, not a drag
MAX_DRAGGED = 5_000  # a drag moves at most this many selected vertices (an item each)


class Gesture:
    """A drag in progress: ``move`` on every mouse move, then ``release`` or ``cancel``."""

    def move(self, pos: QPointF, view_pos: QPointF) -> None:
        """Follow the mouse (scene and viewport coordinates)."""

    def release(self, pos: QPointF, view_pos: QPointF) -> None:
        """Finish: push the command, if any."""

    def cancel(self) -> None:
        """Abandon (Escape, focus lost): leave the model as it was."""


class MoveGesture(Gesture):
    """Drag the selected vertices; edges follow; one MoveVerticesCommand on release."""

    def __init__(self, canvas: GraphCanvas, start: QPointF) -> None:
        self.canvas, self.start = canvas, start
        canvas.scene().held = set(canvas.selected_vertices())  # a big drawing keeps their items meanwhile
        self.items = [canvas.item_for_vertex(v) for v in canvas.scene().held]
        self.origin = {item.vertex: item.pos() for item in self.items}

    def move(self, pos: QPointF, view_pos: QPointF) -> None:
        delta = pos - self.start
        for item in self.items:
            item.setPos(self.canvas.snapped(self.origin[item.vertex] + delta))

    def release(self, pos: QPointF, view_pos: QPointF) -> None:
        moved = [it for it in self.items if it.pos() != self.origin[it.vertex]]
        new = {it.vertex: (it.pos().x(), it.pos().y()) for it in moved}
        if new:
            old = {v: (self.origin[v].x(), self.origin[v].y()) for v in new}
            self.canvas.undo_stack.push(MoveVerticesCommand(self.canvas.model, new, old))
        self.canvas.scene().held = set()

    def cancel(self) -> None:
        for item in self.items:
            item.setPos(self.origin[item.vertex])
        self.canvas.scene().held = set()


class EdgeGesture(Gesture):
    """Draw an edge: a rubber line follows the mouse; releasing on another vertex adds the edge."""

    def __init__(self, canvas: GraphCanvas, u: int, view_start: QPointF) -> None:
        self.canvas, self.u, self.view_start, self.dragged = canvas, u, view_start, False
        canvas.scene().begin_rubber(u)

    def move(self, pos: QPointF, view_pos: QPointF) -> None:
        if QLineF(view_pos, self.view_start).length() >= CLICK_SLOP:
            self.dragged = True
        target = self.canvas.vertex_at(pos)
        if target is not None and target.vertex == self.u:
            target = None
        self.canvas.scene().move_rubber(pos, target)

    def release(self, pos: QPointF, view_pos: QPointF) -> None:
        self.canvas.scene().end_rubber()
        target = self.canvas.vertex_at(pos)
        if not self.dragged:
            self.canvas.status_message.emit("Drag from a vertex to another vertex to draw an edge")
        elif target is None:
            self.canvas.status_message.emit("Drop the edge on a vertex to add it")
        else:
            self.canvas.add_edge(self.u, target.vertex)

    def cancel(self) -> None:
        self.canvas.scene().end_rubber()


class PanGesture(Gesture):
    """Middle-drag or Space-drag: scroll the view with the mouse."""

    def __init__(self, canvas: GraphCanvas, view_start: QPointF) -> None:
        self.canvas, self.last = canvas, view_start
        canvas.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)

    def move(self, pos: QPointF, view_pos: QPointF) -> None:
        d = view_pos - self.last
        self.last = view_pos
        h, v = self.canvas.horizontalScrollBar(), self.canvas.verticalScrollBar()
        h.setValue(h.value() - round(d.x()))
        v.setValue(v.value() - round(d.y()))

    def release(self, pos: QPointF, view_pos: QPointF) -> None:
        self.canvas.viewport().unsetCursor()

    def cancel(self) -> None:
        self.canvas.viewport().unsetCursor()


class DoneGesture(Gesture):
    """A press that already did its work (a click): nothing to follow."""


class Tool:
    """A mouse mode. Subclasses override what they need."""

    name = ""
    title = ""
    tooltip = ""
    context_menu = True  # whether a right-click opens the context menu

    def __init__(self, canvas: GraphCanvas) -> None:
        self.canvas = canvas

    def press(self, button: Qt.MouseButton, mods: Qt.KeyboardModifier, pos: QPointF,
              view_pos: QPointF) -> Gesture | None:
        """A mouse press at ``pos``; return a gesture, or None for QGraphicsView's default."""
        return None

    def double_click(self, pos: QPointF) -> bool:
        """A double-click; return True if handled. Everywhere: new vertex or rename."""
        item = self.canvas.vertex_at(pos)
        if item is not None:
            self.canvas.rename_vertex(item.vertex)
        else:
            p = self.canvas.snapped(pos)
            self.canvas.undo_stack.push(AddVertexCommand(self.canvas.model, (p.x(), p.y())))
        return True

    def hover_cursor(self, pos: QPointF) -> Qt.CursorShape:
        """The cursor over ``pos`` when no button is down."""
        return Qt.CursorShape.ArrowCursor

    def edge_start(self, pos: QPointF) -> VertexItem | None:
        """The vertex a press at ``pos`` would draw an edge from (its rim is cued while hovered)."""
        return None


class SelectTool(Tool):
    """Click/rubber-band to select, drag to move; a press on a vertex's rim starts an edge."""

    name, title = "select", "Select"
    tooltip = ("Select and move (S). Click or drag a box to select; drag a vertex to move it; drag from "
               "a vertex's rim to draw an edge; double-click empty space for a new vertex")

    def press(self, button, mods, pos, view_pos):
        if button != Qt.MouseButton.LeftButton:
            return None
        item = self.canvas.vertex_at(pos)
        if item is None:
            return None
        if item.on_rim(pos) and not mods & Qt.KeyboardModifier.ControlModifier:
            return EdgeGesture(self.canvas, item.vertex, view_pos)
        if mods & Qt.KeyboardModifier.ControlModifier:
            item.setSelected(not item.isSelected())
            return DoneGesture()
        if not item.isSelected():
            self.canvas.scene().clearSelection()
            item.setSelected(True)
        dragged = len(self.canvas.selected_vertices())
        if dragged > MAX_DRAGGED:  # an item each for 10^5 selected vertices would freeze the window
            self.canvas.status_message.emit(
                f"{dragged:,} vertices are selected: a drag moves at most {MAX_DRAGGED:,} (select fewer)")
            return DoneGesture()
        return MoveGesture(self.canvas, pos)

    def hover_cursor(self, pos):
        item = self.canvas.vertex_at(pos)
        if item is None:
            return Qt.CursorShape.ArrowCursor
        return Qt.CursorShape.CrossCursor if item.on_rim(pos) else Qt.CursorShape.SizeAllCursor

    def edge_start(self, pos):
        item = self.canvas.vertex_at(pos)
        return item if item is not None and item.on_rim(pos) else None


class EdgeTool(Tool):
    """Drag from anywhere on a vertex to another vertex to add an edge."""

    name, title = "edge", "Edge"
    tooltip = "Draw edges (E): drag from one vertex to another; a move goes along the arrow"

    def press(self, button, mods, pos, view_pos):
        item = self.canvas.vertex_at(pos)
        if button != Qt.MouseButton.LeftButton or item is None:
            return None
        return EdgeGesture(self.canvas, item.vertex, view_pos)

    def hover_cursor(self, pos):
        return Qt.CursorShape.CrossCursor if self.canvas.vertex_at(pos) else Qt.CursorShape.ArrowCursor

    def edge_start(self, pos):
        return self.canvas.vertex_at(pos)


class TokenTool(Tool):
    """Click a vertex to add a token, right-click to take one off."""

    name, title = "token", "Token"
    tooltip = "Place tokens (T): click a vertex to add a token, right-click to remove one"
    context_menu = False

    def press(self, button, mods, pos, view_pos):
        item = self.canvas.vertex_at(pos)
        if item is None:
            return None
        model = self.canvas.model
        if button == Qt.MouseButton.LeftButton:
            self.canvas.undo_stack.push(AddTokenCommand(model, item.vertex))
        elif button == Qt.MouseButton.RightButton and model.token_count(item.vertex):
            self.canvas.undo_stack.push(RemoveTokenCommand(model, item.vertex))
        return DoneGesture()

    def hover_cursor(self, pos):
        return Qt.CursorShape.PointingHandCursor if self.canvas.vertex_at(pos) else Qt.CursorShape.ArrowCursor


TOOLS: dict[str, type[Tool]] = {t.name: t for t in (SelectTool, EdgeTool, TokenTool)}
