"""The edge layer: when the view is zoomed out, every edge is drawn by one item in one ``drawLines`` call.

Painting an edge through its own :class:`~sgstudio.games.graph.tab.canvas.items.EdgeItem` costs a Python call
per edge per paint, which dominates a zoomed-out repaint of thousands of edges. Below
:data:`LINE_LOD` (where arrowheads are under a pixel and edges are plain hairlines anyway), the
layer takes over: it tells the edge items to paint nothing (``ItemHasNoContents``: they stay in the
scene's index, so hit-testing, tooltips and highlights still find them) and draws all the lines
itself with the same pen. A highlighted edge keeps painting itself on top. Above the threshold the
layer paints nothing and the edge items draw themselves, arrowheads and all, as before.

The level of detail is read in ``paint`` from the painter's transform, so every view, export or
``QGraphicsScene.render`` gets the drawing that suits its own scale. The scene adds and removes
edges (:meth:`EdgeLayer.add`, :meth:`EdgeLayer.remove`); an edge whose end moved reports it
(:meth:`EdgeLayer.moved`). The line list is rebuilt lazily at the next paint.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QLineF, QRectF, Qt
from PySide6.QtGui import QPainterPath
from PySide6.QtWidgets import QGraphicsItem

from sgstudio.games.graph.tab.canvas.items import ARROW_LOD
from sgstudio.gui import palette

if TYPE_CHECKING:
    from sgstudio.games.graph.tab.canvas.items import EdgeItem

LINE_LOD = ARROW_LOD  # below this zoom the layer draws every edge (arrowheads would be under a pixel)
LAYER = QGraphicsItem.UserType + 3


class EdgeLayer(QGraphicsItem):
    """One item under the edges that draws all of them as plain lines when zoomed out.

    Examples
    --------
    >>> from PySide6.QtWidgets import QApplication
    >>> app = QApplication.instance() or QApplication([])
    >>> layer = EdgeLayer()
    >>> layer.low, layer.lines()
    (False, [])
    >>> layer.set_low(True); layer.low
    True
    """

    _EMPTY = QPainterPath()

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(-1)  # under the edge items, which draw highlights on top
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.low = False  # True while the layer draws the edges and the edge items draw nothing
        self._edges: dict[EdgeItem, None] = {}  # insertion-ordered set
        self._lines: list[QLineF] | None = []
        self._bounds = QRectF()

    def type(self) -> int:
        return LAYER

    # -- edges ------------------------------------------------------------------------------
    def add(self, edge: EdgeItem) -> None:
        """Draw ``edge`` from now on (the scene calls this after adding the edge item)."""
        self._edges[edge] = None
        edge.layer = self
        edge.set_low(self.low)
        self._lines = None
        self._grow(edge.boundingRect())
        if self.low:  # else the edge item paints itself (and asks for its own repaint)
            self.update(edge.boundingRect())

    def remove(self, edge: EdgeItem) -> None:
        """Stop drawing ``edge`` (the scene calls this before removing the edge item)."""
        if edge in self._edges:
            del self._edges[edge]
            edge.layer = None
            edge.set_low(False)
            self._lines = None
            self.update(edge.boundingRect())

    def moved(self, edge: EdgeItem, old: QRectF) -> None:
        """``edge``'s geometry changed from the rectangle ``old``: repaint both places."""
        self._lines = None
        new = edge.boundingRect()
        self._grow(new)
        self.update(old)
        self.update(new)

    def _grow(self, rect: QRectF) -> None:
        if not self._bounds.contains(rect):
            self.prepareGeometryChange()
            self._bounds = self._bounds.united(rect) if not self._bounds.isNull() else QRectF(rect)

    def lines(self) -> list[QLineF]:
        """Every straight edge's line (rim to rim), in the order the edges were added (a curved
        edge, a self-loop or one of two opposite edges, draws itself)."""
        if self._lines is None:
            self._lines = [edge.line() for edge in self._edges if not edge.curved]
        return self._lines

    def set_low(self, low: bool) -> None:
        """Switch who draws the edges: this layer (``True``) or each edge item (``False``)."""
        if low != self.low:
            self.low = low
            for edge in self._edges:
                edge.set_low(low)

    # -- Qt overrides ------------------------------------------------------------------------
    def boundingRect(self) -> QRectF:
        return self._bounds

    def shape(self) -> QPainterPath:
        return self._EMPTY  # never under the mouse: clicks and tooltips go to the items

    def paint(self, painter, option, widget=None) -> None:
        self.set_low(option.levelOfDetailFromTransform(painter.worldTransform()) < LINE_LOD)
        if self.low:
            painter.setPen(palette.hairline(palette.EDGE))
            painter.drawLines(self.lines())
