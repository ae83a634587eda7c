"""Selection on a big drawing: a mask over the vertices, not a flag per item.

A big scene keeps which vertices are selected in ``data.selected`` (a bool array), so Select All
or a rubber band over 10^5 vertices selects every one of them without making an item for any:
the layer draws the selected vertices that have no item (a dark cell far out, a dark ring on a
dot, the dashed halo of an item on a disc). Items mirror the mask both ways: an item made for a
selected vertex comes selected, and a change of an item's selection (a click, Ctrl+click, Qt's
own clearing) is written back into the mask. :class:`MaskSelection` is mixed into
:class:`~sgstudio.games.graph.tab.canvas.big.scene.BigGraphScene`; :class:`BandGesture` is the rubber band of
a big canvas (the grid finds every vertex whose centre is inside it).
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
from PySide6.QtCore import QPointF, QRect, QSize, Qt
from PySide6.QtWidgets import QGraphicsSceneMouseEvent, QRubberBand

from sgstudio.games.graph.tab.canvas.tools import Gesture


class MaskSelection:
    """Needs ``data`` (with ``selected`` and ``alive``), ``vertex_items``, ``layer`` and Qt's
    ``selectionChanged``; call :meth:`_follow_items` once the scene exists."""

    def _follow_items(self) -> None:
        self.selectionChanged.connect(self._items_selected)

    def _items_selected(self) -> None:
        """An item's selection changed: the mask follows (items are the truth for their vertices)."""
        for v, item in self.vertex_items.items():
            self.data.selected[v] = item.isSelected()

    def selected_vertices(self) -> list[int]:
        """Ids of the selected vertices, sorted (every one, with an item or without)."""
        data = self.data
        return np.flatnonzero(data.selected[: len(data.alive)] & data.alive).tolist()

    def selected_count(self) -> int:
        data = self.data
        return int(np.count_nonzero(data.selected[: len(data.alive)] & data.alive))

    def set_selected(self, mask: np.ndarray, quiet: bool = False) -> None:
        """Make exactly the vertices of ``mask`` selected (one ``selectionChanged``, none if ``quiet``)."""
        data = self.data
        k = min(len(mask), len(data.selected), len(data.alive))
        data.selected[:] = False
        data.selected[:k] = mask[:k] & data.alive[:k]
        blocked = self.blockSignals(True)
        try:
            for v, item in self.vertex_items.items():
                item.setSelected(bool(data.selected[v]))
        finally:
            self.blockSignals(blocked)
        data.version += 1
        self.layer.update()
        if not quiet:
            self.selectionChanged.emit()

    def select_ids(self, vertices: Iterable[int], add: bool = False) -> None:
        """Select ``vertices`` (and keep the selection there was, with ``add``)."""
        mask = self.data.selected.copy() if add else np.zeros(len(self.data.selected), bool)
        ids = np.fromiter(vertices, np.int64)
        mask[ids[(ids >= 0) & (ids < len(mask))]] = True
        self.set_selected(mask)

    def select_all(self) -> None:
        self.set_selected(self.data.alive.copy())

    def clearSelection(self) -> None:  # Qt's name (called from Python: Escape, the tools)
        if self.data.selected.any() or self.selectedItems():
            self.set_selected(np.zeros(0, bool))

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        """Qt clears the items' selection on a press that no item takes (without Ctrl): the mask too."""
        super().mousePressEvent(event)
        if not event.isAccepted() and not event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.clearSelection()


class BandGesture(Gesture):
    """Drag a rectangle on a big canvas: every vertex whose centre is inside gets selected (Ctrl:
    added to the selection there was); the drawing shows it as the band moves, the selection is
    announced on release. A click without a drag clears the selection (Ctrl: keeps it)."""

    def __init__(self, canvas, view_start: QPointF, mods: Qt.KeyboardModifier) -> None:
        self.canvas, self.start = canvas, view_start.toPoint()
        scene = canvas.scene()
        self.before = scene.data.selected.copy()
        self.add = bool(mods & Qt.KeyboardModifier.ControlModifier)
        self.band = QRubberBand(QRubberBand.Shape.Rectangle, canvas.viewport())
        self.band.setGeometry(QRect(self.start, QSize()))
        self.band.show()

    def _mask(self, view_pos: QPointF) -> np.ndarray:
        rect = QRect(self.start, view_pos.toPoint()).normalized()
        self.band.setGeometry(rect)
        area = self.canvas.mapToScene(rect).boundingRect()
        scene = self.canvas.scene()
        mask = self.before.copy() if self.add else np.zeros(len(self.before), bool)
        if rect.width() > 1 or rect.height() > 1:
            mask[scene.data.grid.in_rect(area.left(), area.top(), area.right(), area.bottom())] = True
        return mask

    def move(self, pos: QPointF, view_pos: QPointF) -> None:
        self.canvas.scene().set_selected(self._mask(view_pos), quiet=True)

    def release(self, pos: QPointF, view_pos: QPointF) -> None:
        mask = self._mask(view_pos)
        self.band.hide()
        self.band.deleteLater()
        scene = self.canvas.scene()
        scene.set_selected(mask)
        count = scene.selected_count()
        if count > 1:
            self.canvas.status_message.emit(f"{count:,} vertices selected")

    def cancel(self) -> None:
        self.band.hide()
        self.band.deleteLater()
        self.canvas.scene().set_selected(self.before, quiet=True)

