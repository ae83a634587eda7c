"""What the canvas offers on every drawing and needs most on a big one: Go to vertex (Ctrl+G),
Expand neighbourhood (X, or the context menu), keeping a played move in sight, and the view
reporting what it shows (so a big scene makes items for the vertices in sight, and the minimap
follows). Mixed into
:class:`~sgstudio.games.graph.tab.canvas.view.GraphCanvas`.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QTimer
from PySide6.QtWidgets import QInputDialog

from sgstudio.games.graph.tab.canvas.big import canvas as big_canvas
from sgstudio.games.graph.tab.commands import SetPositionsCommand

READING_ZOOM = 0.8  # Go to vertex zooms in to at least this
IN_SIGHT = 80.0  # a played move's vertex stays at least this far (view pixels) inside the view's edges


class BigGraphActions:
    """Needs ``model``, ``scene()``, ``undo_stack``, ``status_message``, ``select_vertices``,
    ``zoom``/``scale``/``centerOn`` and ``viewport()``."""

    _view_timer: QTimer | None = None

    def view_moved(self) -> None:
        """Schedule telling the scene (and the minimap) what is in sight, once per event-loop turn."""
        if self._view_timer is None:
            self._view_timer = QTimer(self)
            self._view_timer.setSingleShot(True)
            self._view_timer.setInterval(0)
            self._view_timer.timeout.connect(self.report_view)
        self._view_timer.start()

    def report_view(self) -> None:
        """Tell the scene what the view shows now."""
        seen = self.mapToScene(self.viewport().rect()).boundingRect()
        self.scene().view_changed(seen, self.zoom())
        minimap = getattr(self, "_minimap", None)
        if minimap is not None and minimap.isVisible():
            minimap.update()

    def go_to_vertex(self) -> None:
        """Ask for a vertex (its label or its id), then show and select it."""
        text, ok = QInputDialog.getText(self, "Go to vertex", "Vertex (label or id):")
        if ok:
            self.go_to(text)

    def go_to(self, text: str) -> int | None:
        """Centre on the vertex named ``text`` (label or id) at a readable zoom and select it."""
        v = big_canvas.find_vertex(self.model, text)
        if v is None:
            self.status_message.emit(f"No vertex {text.strip()!r}: give its label or its id")
            return None
        pos = self.model.pos(v) or (0.0, 0.0)
        if self.zoom() < READING_ZOOM:
            self.resetTransform()
            self.scale(READING_ZOOM, READING_ZOOM)
        self.centerOn(QPointF(*pos))
        self.select_vertices([v])
        self.report_view()
        self.status_message.emit(f"Vertex {self.model.label(v)} (id {v}), value {self.model.grundy(v)}")
        return v

    def keep_in_view(self, u: int, v: int) -> None:
        """A token moved from u to v: if v is not well inside the view, centre on the move (on v
        alone when u and v do not fit together), at the same zoom."""
        a, b = self.item_for_vertex(u).pos(), self.item_for_vertex(v).pos()
        if self.in_sight(b):
            return
        view = QRectF(self.viewport().rect()).adjusted(IN_SIGHT, IN_SIGHT, -IN_SIGHT, -IN_SIGHT)
        inside = self.mapToScene(view.toAlignedRect()).boundingRect()
        both = QRectF(a, b).normalized()
        fits = both.width() <= inside.width() and both.height() <= inside.height()
        self.centerOn(both.center() if fits else b)
        self.report_view()

    def in_sight(self, p: QPointF) -> bool:
        """Whether scene point ``p`` shows well inside the view, under neither the legend nor the
        minimap."""
        at = QPointF(self.mapFromScene(p))
        view = QRectF(self.viewport().rect())
        if not view.adjusted(IN_SIGHT, IN_SIGHT, -IN_SIGHT, -IN_SIGHT).contains(at):
            return False
        offset = QPointF(self.viewport().pos())
        overlays = [getattr(self, name, None) for name in ("_legend", "_minimap")]
        shown = [QRectF(o.geometry()).translated(-offset) for o in overlays if o and o.isVisible()]
        return not any(area.contains(at) for area in shown)

    def expand_selected(self) -> None:
        """Expand the neighbourhood of the (first) selected vertex."""
        chosen = self.selected_vertices()
        if chosen:
            self.expand_neighbourhood(chosen[0])

    def expand_neighbourhood(self, v: int) -> None:
        """Lay out v with its predecessors above and successors below, in the next free slot where
        the game is (one undo step), and show it there."""
        scene = self.scene()
        focus = getattr(scene, "focus", None)
        if focus is None:  # a small drawing: every neighbour is in sight already
            self.status_message.emit("Expand neighbourhood is for big graphs: here every edge is drawn")
            return
        origin = _focus_origin(scene)
        slot = getattr(scene, "slots_used", 0)
        members, pos = big_canvas.cluster(self.model, v, big_canvas.slot_centre(origin, slot), {v})
        scene.slots_used = slot + 1
        text = f"Expand the neighbourhood of {self.model.label(v)}"
        self.undo_stack.push(SetPositionsCommand(self.model, pos, text))
        focus.extend(w for w in members if w not in focus)
        self.centerOn(QPointF(*pos[v]))
        self.select_vertices([v])
        self.report_view()
        self.status_message.emit(f"{self.model.label(v)}: {len(members) - 1} neighbours laid out around it")


def _focus_origin(scene) -> tuple[float, float]:
    """The top-right corner of the area where the game is (left of the grid)."""
    if getattr(scene, "focus_origin", None) is None:
        rect = scene.graph_rect()
        scene.focus_origin = (rect.left() - 2 * big_canvas.DX, rect.top())
    return scene.focus_origin
