"""Colours, pens and fonts of the canvas, made once and shared by every item.

Values are coded with the Okabe–Ito palette (Okabe & Ito 2008), which people with the common
colour-vision deficiencies can tell apart: blue for Grundy value 0 (a losing vertex, a P-position)
and orange for non-zero values. A second cue does not depend on colour at all: value-0 vertices
carry a white inner ring.

>>> value_colour(0).name(), value_colour(3).name()
('#0072b2', '#e69f00')
"""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPen

BLUE = "#0072B2"  # Okabe–Ito blue: value 0 (player to move loses)
ORANGE = "#E69F00"  # Okabe–Ito orange: non-zero value (player to move wins)
VERMILLION = "#D55E00"  # Okabe–Ito vermillion: refused edges, flashing cycles
SKY = "#56B4E9"  # Okabe–Ito sky blue: hover highlight of a winning move
INK = "#1B1B1B"
EDGE = "#4D4D4D"
PAPER = "#FFFFFF"
GRID = "#E4E4E4"
SELECTION = "#000000"


def value_colour(value: int) -> QColor:
    """Fill colour of a vertex with this Grundy value."""
    return QColor(BLUE if value == 0 else ORANGE)


@cache
def brush(colour: str) -> QBrush:
    """A shared solid brush."""
    return QBrush(QColor(colour))


@cache
def pen(colour: str, width: float = 1.0, style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
    """A shared cosmetic-free pen (its width scales with zoom)."""
    p = QPen(QColor(colour), width, style)
    p.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    p.setCapStyle(Qt.PenCapStyle.RoundCap)
    return p


@cache
def hairline(colour: str) -> QPen:
    """A shared cosmetic 1-pixel pen: Qt draws it on its fast path (no stroking) at any zoom, which
    keeps thousands of long edges cheap to repaint."""
    p = QPen(QColor(colour), 1.0)
    p.setCosmetic(True)
    return p


@cache
def font(size: float, bold: bool = False) -> QFont:
    """A shared font (made lazily: fonts need a running QGuiApplication)."""
    f = QFont()
    f.setPointSizeF(size)
    f.setBold(bold)
    return f


def fill(value: int) -> QBrush:
    """Brush of a vertex with this Grundy value."""
    return brush(BLUE if value == 0 else ORANGE)


def text_colour(value: int) -> QColor:
    """Text colour that reads well on :func:`fill` (white on blue, ink on orange)."""
    return QColor(PAPER if value == 0 else INK)
