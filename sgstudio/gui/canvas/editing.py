"""Editing actions of the canvas (keyboard, context menu, the window's Edit menu). Each pushes one
undo command; the scene then follows the model. Mixed into :class:`GraphCanvas`."""

from __future__ import annotations

import json

from PySide6.QtCore import QPointF
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMenu

from sgstudio.core.errors import CycleError
from sgstudio.gui.canvas.layout import layered_positions
from sgstudio.gui.canvas.rename import RenameEditor
from sgstudio.gui.canvas.tips import refusal_text
from sgstudio.gui.commands import (
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


def free_shift(taken: set[tuple[int, int]], clip: dict, steps: int = 1) -> float:
    """The shift (``k * PASTE_STEP`` for the least ``k >= steps``) that puts no pasted vertex exactly
    where a vertex already is (``taken``: positions rounded to whole units), so copies never hide.

    >>> clip = {"vertices": [[0, "A", 0, 0]]}
    >>> free_shift(set(), clip), free_shift({(40, 40)}, clip), free_shift({(40, 40), (80, 80)}, clip, 2)
    (40.0, 80.0, 120.0)
    """
    rows = [(float(x), float(y)) for _, _, x, y in clip["vertices"]]
    k = steps
    while any((round(x + k * PASTE_STEP), round(y + k * PASTE_STEP)) in taken for x, y in rows):
        k += 1
    return k * PASTE_STEP


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
        """Paste the copied sub-graph (one undo step), shifted a little each time; select it."""
        clip = EditActions._shared_clip
        if clip:
            self._paste_count += 1
            self._paste_clip(clip, "Paste", PASTE_STEP * self._paste_count)

    def duplicate(self) -> None:
        """Copy and paste the selection in one go, leaving the clipboard alone."""
        clip = self._selection_clip()
        if clip:
            self._paste_clip(clip, "Duplicate", PASTE_STEP)

    def _paste_clip(self, clip: dict, text: str, shift: float) -> None:
        taken = {(round(p[0]), round(p[1])) for p in map(self.model.pos, self.model.nodes()) if p is not None}
        shift = free_shift(taken, clip, round(shift / PASTE_STEP))
        cmd = PasteCommand(self.model, clip, (shift, shift), text=text)
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
