"""Editing actions of the canvas (keyboard, context menu, the window's Edit menu). Each pushes one
undo command; the scene then follows the model. Mixed into :class:`GraphCanvas`."""

from __future__ import annotations

import json

import numpy as np
from PySide6.QtCore import QPointF
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMenu

from sgstudio.core.errors import CycleError
from sgstudio.games.graph.layout.layered import layered_positions
from sgstudio.games.graph.tab.canvas.geometry import RADIUS
from sgstudio.games.graph.tab.canvas.rename import RenameEditor
from sgstudio.games.graph.tab.canvas.tips import refusal_text
from sgstudio.games.graph.tab.commands import (
    AddEdgeCommand,
    AddTokenCommand,
    AddVertexCommand,
    CompositeCommand,
    MoveVerticesCommand,
    PasteCommand,
    RemoveTokenCommand,
    RemoveVerticesCommand,
    RenameVertexCommand,
    SetPositionsCommand,
)

PASTE_STEP = 40.0
CLEAR = 2 * RADIUS + 12.0  # a pasted vertex's centre keeps this far from every other vertex's


def free_shift(taken: np.ndarray, clip: dict, start: tuple[float, float],
               step: tuple[float, float]) -> tuple[float, float]:
    """The first shift ``start + k * step`` (k = 0, 1, ...) that puts every pasted vertex of ``clip``
    at least :data:`CLEAR` from every vertex at ``taken`` (an (n, 2) array of positions), so that a
    copy never lies over a vertex.

    >>> clip = {"vertices": [[0, "A", 0, 0]]}
    >>> free_shift(np.zeros((0, 2)), clip, (40, 40), (40, 40))
    (40.0, 40.0)
    >>> free_shift(np.array([[0.0, 0.0]]), clip, (40, 40), (40, 40))  # (40, 40) is 57 from A: too near
    (80.0, 80.0)
    """
    rows = np.array([(float(x), float(y)) for _, _, x, y in clip["vertices"]]).reshape(-1, 2)
    taken = taken[~np.isnan(taken).any(axis=1)] if taken.size else taken.reshape(-1, 2)
    shift, step_by = np.array(start, float), np.array(step, float)
    while True:
        moved = rows + shift
        low, high = moved.min(axis=0) - CLEAR, moved.max(axis=0) + CLEAR
        near = taken[((taken >= low) & (taken <= high)).all(axis=1)]
        gaps = np.linalg.norm(moved[:, None, :] - near[None, :, :], axis=2) if near.size else np.zeros(0)
        if not gaps.size or gaps.min() >= CLEAR:
            return float(shift[0]), float(shift[1])
        shift += step_by


def beside(clip: dict) -> tuple[float, float]:
    """The shift that puts a copy of ``clip`` just right of it (its left edge :data:`CLEAR` beyond
    the right edge of the copied vertices).

    >>> beside({"vertices": [[0, "A", 0, 0], [1, "B", 100, 50]]}) == (100 + CLEAR, 0.0)
    True
    """
    xs = [float(x) for _, _, x, _ in clip["vertices"]]
    return max(xs) - min(xs) + CLEAR, 0.0


class EditActions:
    """Selection-based edits. Needs ``model``, ``undo_stack``, ``scene()`` and ``status_message``."""

    _shared_clip: dict | None = None
    _paste_count = 0
    _editor: RenameEditor | None = None

    # -- edges ------------------------------------------------------------------------------
    def add_edge(self, u: int, v: int) -> bool:
        """Push an AddEdgeCommand; a refused edge flashes its cycle and says why. True if added."""
        if self.model.has_edge(u, v):
            self.status_message.emit(f"{self.model.label(u)} -> {self.model.label(v)} is already there")
            return False
        cmd = AddEdgeCommand(self.model, u, v, on_refused=self._edge_refused)
        self.undo_stack.push(cmd)
        if cmd.refusal is None:
            self.status_message.emit(f"Added {self.model.label(u)} -> {self.model.label(v)}")
        return cmd.refusal is None

    def _edge_refused(self, u: int, v: int, err: CycleError) -> None:
        self.scene().flash_cycle(err.cycle, (u, v))
        self.status_message.emit(refusal_text(self.model, u, v, err.cycle))

    # -- selection ------------------------------------------------------------------------
    def select_all(self) -> None:
        self.scene().select_all()  # a big drawing: by its arrays, without an item per vertex

    def select_vertices(self, vertices) -> None:
        """Make exactly ``vertices`` selected."""
        self.scene().select_ids(vertices)

    def delete_selection(self) -> None:
        vs = self.selected_vertices()
        if vs:
            self.undo_stack.push(RemoveVerticesCommand(self.model, vs))

    # -- tokens and labels ------------------------------------------------------------------
    def add_token_to_selection(self) -> None:
        vs = self.selected_vertices()
        if len(vs) == 1:
            self.undo_stack.push(AddTokenCommand(self.model, vs[0]))
        elif vs:
            self._push_all("Add tokens", [AddTokenCommand(self.model, v) for v in vs])

    def remove_token_from_selection(self) -> None:
        m = self.model
        cmds = [RemoveTokenCommand(m, v) for v in self.selected_vertices() if m.token_count(v)]
        if len(cmds) == 1:
            self.undo_stack.push(cmds[0])
        elif cmds:
            self._push_all("Remove tokens", cmds)
        else:
            self.status_message.emit("No token on the selected vertices")

    def _push_all(self, text: str, children: list) -> None:
        cmd = CompositeCommand(text)
        cmd.children = children
        self.undo_stack.push(cmd)

    def rename_selected(self) -> None:
        vs = self.selected_vertices()
        if len(vs) == 1:
            self.rename_vertex(vs[0])

    def rename_vertex(self, v: int) -> None:
        """Open the inline label editor over vertex v."""
        if self._editor is not None:
            self._editor.cancel()
        item = self.item_for_vertex(v)
        centre = self.mapFromScene(item.pos())
        self._editor = RenameEditor(self.viewport(), v, self.model.label(v), centre, self._rename)

    def rename_editor(self) -> RenameEditor | None:
        """The open inline editor, if any (tests type into it)."""
        return self._editor

    def _rename(self, v: int, text: str) -> None:
        self._editor = None
        self.setFocus()
        if self.model.has_node(v) and text != self.model.label(v):
            self.undo_stack.push(RenameVertexCommand(self.model, v, text))

    # -- clipboard ----------------------------------------------------------------------------
    def _selection_clip(self) -> dict | None:
        vs = self.selected_vertices()
        if not vs:
            return None
        chosen, m = set(vs), self.model
        verts = [[v, m.label(v), *(m.pos(v) or (0.0, 0.0))] for v in vs]
        edges = [[u, w] for u in vs for w in m.successors(u) if w in chosen]
        tokens = {str(v): m.token_count(v) for v in vs if m.token_count(v)}
        return {"vertices": verts, "edges": sorted(edges), "tokens": tokens}

    def copy(self) -> None:
        """Copy the selected vertices, the edges among them and their tokens (shared by every canvas
        of this process; the system clipboard gets the same sub-graph as JSON text)."""
        clip = self._selection_clip()
        if clip is None:
            return
        EditActions._shared_clip = clip
        self._paste_count = 0
        QGuiApplication.clipboard().setText(json.dumps(clip))
        self.status_message.emit(f"Copied {len(clip['vertices'])} vertices")

    def paste(self) -> None:
        """Paste the copied sub-graph (one undo step), shifted a little more each time and never over
        a vertex; select it."""
        clip = EditActions._shared_clip
        if clip:
            self._paste_count += 1
            start = PASTE_STEP * self._paste_count
            self._paste_clip(clip, "Paste", (start, start), (PASTE_STEP, PASTE_STEP))

    def duplicate(self) -> None:
        """Copy and paste the selection in one go, beside it and never over a vertex, leaving the
        clipboard alone."""
        clip = self._selection_clip()
        if clip:
            self._paste_clip(clip, "Duplicate", beside(clip), (CLEAR, 0.0))

    def _paste_clip(self, clip: dict, text: str, start: tuple[float, float],
                    step: tuple[float, float]) -> None:
        shift = free_shift(self.model.positions(), clip, start, step)
        cmd = PasteCommand(self.model, clip, shift, text=text)
        self.undo_stack.push(cmd)
        self.select_vertices(cmd.new_ids)
        self.status_message.emit(f"{'Pasted' if text == 'Paste' else 'Duplicated'} {cmd.summary}")

    # -- placement ----------------------------------------------------------------------------
    def nudge(self, dx: float, dy: float) -> None:
        """Move the selection a little; successive nudges merge into one undo step."""
        vs = self.selected_vertices()
        old = {v: self.model.pos(v) or (0.0, 0.0) for v in vs}
        new = {v: (p[0] + dx, p[1] + dy) for v, p in old.items()}
        if vs:
            self.undo_stack.push(MoveVerticesCommand(self.model, new, old, nudge=True))

    def layout_graph(self) -> None:
        """Place the vertices in layers by topological generation, sinks at the bottom (one step)."""
        if not self.model.nodes():
            return
        self.undo_stack.push(SetPositionsCommand(self.model, layered_positions(self.model)))
        self.scene().fit_scene_rect()
        self.fit_graph()

    # -- context menu -------------------------------------------------------------------------
    def build_context_menu(self, pos: QPointF) -> QMenu:
        """The menu for a right-click at scene position ``pos`` (on a vertex or on empty space)."""
        menu = QMenu(self)
        item = self.vertex_at(pos)
        if item is not None:
            if not item.isSelected():
                self.select_vertices([item.vertex])
            v = item.vertex
            menu.addAction("Add token\t+", self.add_token_to_selection)
            remove = menu.addAction("Remove token\t-", self.remove_token_from_selection)
            remove.setEnabled(self.model.token_count(v) > 0)
            menu.addAction("Rename…\tF2", lambda: self.rename_vertex(v))
            if self.is_big():
                menu.addAction("Expand neighbourhood\tX", lambda: self.expand_neighbourhood(v))
            menu.addSeparator()
            menu.addAction("Duplicate\tCtrl+D", self.duplicate)
            menu.addAction("Delete\tDel", self.delete_selection)
        else:
            p = self.snapped(pos)
            menu.addAction("New vertex here", lambda: self.undo_stack.push(
                AddVertexCommand(self.model, (p.x(), p.y()))))
            menu.addAction("Paste\tCtrl+V", self.paste)
            menu.addAction("Select all\tCtrl+A", self.select_all)
            menu.addSeparator()
            menu.addAction("Layout", self.layout_graph)
            menu.addAction("Fit graph\tF", self.fit_graph)
            menu.addAction("Go to vertex…\tCtrl+G", self.go_to_vertex)
        return menu
