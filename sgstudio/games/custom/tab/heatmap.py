"""The heat map of g(x, y) of a game on pairs: a cell per pair, P-positions marked, a hover readout.

Cell (x, y) is drawn at column y, row x (x grows downwards, as the table's lines): blue for value
0, the P-positions, each with a white dot; orange, darker for larger values, for the other
nimbers; purple for ∞ (a loopy game); grey for a cell whose value is not known. Hovering a cell
emits ``hovered(text)``: ``g(3, 5) = 0: a P-position (the player to move loses)``.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

from sgstudio.core.values import Infinite
from sgstudio.gui import palette

MARGIN = 26
"""Room for the axis numbers, in pixels."""
UNKNOWN = QColor("#DDDDDD")


def cell_colour(value: Any, top: int) -> QColor:
    """The colour of a cell: blue 0, orange (darker for larger) nimbers, purple ∞, grey unknown.

    >>> cell_colour(0, 5).name(), cell_colour(Infinite(frozenset()), 5).name() == palette.PURPLE.lower()
    ('#0072b2', True)
    """
    if value is None:
        return UNKNOWN
    if isinstance(value, Infinite):
        return QColor(palette.PURPLE)
    if value == 0:
        return QColor(palette.BLUE)
    light = 0.92 - 0.5 * min(1.0, value / max(1, top))
    return QColor.fromHslF(30 / 360, 1.0, light)


def readout(x: int, y: int, value: Any) -> str:
    """What the hover line says of cell (x, y).

    >>> readout(3, 5, 0)
    'g(3, 5) = 0: a P-position (the player to move loses)'
    >>> readout(1, 2, 2)
    'g(1, 2) = 2: the player to move wins'
    """
    if value is None:
        return f"g({x}, {y}) is not known"
    if isinstance(value, Infinite):
        wins = 0 in value.followers
        return f"g({x}, {y}) = {value}: " + ("the player to move wins" if wins else "a draw")
    if value == 0:
        return f"g({x}, {y}) = 0: a P-position (the player to move loses)"
    return f"g({x}, {y}) = {value}: the player to move wins"


class HeatMap(QWidget):
    """g(x, y) for x < A, y < B as coloured cells (see the module docstring)."""

    hovered = Signal(str)
    chosen = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.grid: list[list[Any]] = []
        self.top = 1
        self.marked: tuple[int, int] | None = None  # the tab's position, outlined
        self.setMouseTracking(True)
        self.setMinimumSize(150, 150)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def sizeHint(self) -> QSize:
        return QSize(420, 420)

    def set_grid(self, grid: list[list[Any]], marked: tuple[int, int] | None = None) -> None:
        """Show ``grid[x][y]`` (None: not known); outline ``marked``."""
        self.grid = grid
        finite = [v for row in grid for v in row if isinstance(v, int)]
        self.top = max(finite, default=1) or 1
        self.marked = marked
        self.update()

    @property
    def rows(self) -> int:
        return len(self.grid)

    @property
    def columns(self) -> int:
        return len(self.grid[0]) if self.grid else 0

    def cell_size(self) -> float:
        if not self.grid:
            return 0.0
        across = (self.width() - MARGIN - 4) / self.columns
        return max(1.0, min(across, (self.height() - MARGIN - 4) / self.rows))

    def cell_rect(self, x: int, y: int) -> QRectF:
        """The rectangle of cell (x, y): row x, column y."""
        s = self.cell_size()
        return QRectF(MARGIN + y * s, MARGIN + x * s, s, s)

    def cell_at(self, point: QPoint | QPointF) -> tuple[int, int] | None:
        """The cell under a point of the widget, None outside the cells."""
        s = self.cell_size()
        if not s:
            return None
        y = int((point.x() - MARGIN) // s)
        x = int((point.y() - MARGIN) // s)
        if 0 <= x < self.rows and 0 <= y < self.columns and point.x() >= MARGIN and point.y() >= MARGIN:
            return x, y
        return None

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor(palette.PAPER))
        if not self.grid:
            painter.setPen(QColor(palette.EDGE))
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, "Run a game on pairs to see g(x, y)")
            painter.end()
            return
        s = self.cell_size()
        for x, row in enumerate(self.grid):
            for y, value in enumerate(row):
                painter.fillRect(self.cell_rect(x, y), cell_colour(value, self.top))
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(palette.PAPER))
        radius = max(1.0, s * 0.18)
        for x, row in enumerate(self.grid):
            for y, value in enumerate(row):
                if value == 0 and not isinstance(value, Infinite):
                    painter.drawEllipse(self.cell_rect(x, y).center(), radius, radius)
        if self.marked is not None and 0 <= self.marked[0] < self.rows and 0 <= self.marked[1] < self.columns:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(palette.pen(palette.INK, 2))
            painter.drawRect(self.cell_rect(*self.marked).adjusted(-1, -1, 1, 1))
        self._axes(painter, s)
        painter.end()

    def _axes(self, painter: QPainter, s: float) -> None:
        painter.setPen(QColor(palette.EDGE))
        painter.setFont(palette.font(8))
        step = max(1, int(24 // max(s, 1)) + 1)
        step = next(k for k in (1, 2, 5, 10, 20, 25, 50, 100, 200) if k >= step)
        painter.drawText(QRectF(0, 0, MARGIN, MARGIN), Qt.AlignmentFlag.AlignCenter, "x\\y")
        for y in range(0, self.columns, step):
            painter.drawText(QRectF(MARGIN + (y + 0.5) * s - 15, 4, 30, MARGIN - 6),
                             Qt.AlignmentFlag.AlignCenter, str(y))
        for x in range(0, self.rows, step):
            painter.drawText(QRectF(0, MARGIN + (x + 0.5) * s - 8, MARGIN - 3, 16),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, str(x))

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        cell = self.cell_at(event.position())
        if cell is not None:
            self.hovered.emit(readout(*cell, self.grid[cell[0]][cell[1]]))
        super().mouseMoveEvent(event)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        cell = self.cell_at(event.position())
        if cell is not None:
            self.chosen.emit(*cell)
        super().mouseDoubleClickEvent(event)
