"""Colours, pens and fonts of the canvas, made once and shared by every item.

Outcomes are coded with the Okabe–Ito palette (Okabe & Ito 2008), which people with the common
colour-vision deficiencies can tell apart: blue for LOSE (Grundy value 0: a losing vertex, a
P-position), orange for WIN (non-zero values), reddish purple for DRAW (play that never ends, on a
loopy graph). A second cue does not depend on colour at all: losing (value-0) vertices carry a
white inner ring.

A vertex is coloured by the *kind* of its value (:func:`value_kind`): 0 blue, a non-zero nimber
orange, and on a loopy graph ∞(K) reddish purple, the third colour (from ∞(K) play may go on for
ever; a single token there is a draw unless 0 is in K). Both drawings use these: the items of a
small graph (:func:`fill`) and the arrays of a big one (:func:`kinds`, :data:`KIND_COLOURS`).

>>> value_colour(0).name(), value_colour(3).name(), outcome_colour(Outcome.DRAW).name()
('#0072b2', '#e69f00', '#cc79a7')
>>> from sgstudio.core.values import Infinite
>>> [value_kind(v) for v in (0, 2, Infinite(frozenset({0, 2})))], fill(Infinite(frozenset())).color().name()
([0, 1, 2], '#cc79a7')
"""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPen

from sgstudio.core.outcome import Outcome

BLUE = "#0072B2"  # Okabe–Ito blue: value 0 (player to move loses)
ORANGE = "#E69F00"  # Okabe–Ito orange: non-zero value (player to move wins)
VERMILLION = "#D55E00"  # Okabe–Ito vermillion: refused edges, flashing cycles
SKY = "#56B4E9"  # Okabe–Ito sky blue: hover highlight of a winning move
PURPLE = "#CC79A7"  # Okabe–Ito reddish purple: a draw (nobody can force a win)
INK = "#1B1B1B"
EDGE = "#4D4D4D"
PAPER = "#FFFFFF"
GRID = "#E4E4E4"
SELECTION = "#000000"


OUTCOME_COLOURS = {Outcome.LOSE: BLUE, Outcome.WIN: ORANGE, Outcome.DRAW: PURPLE}
"""The colour of each outcome (for the player to move)."""
OUTCOME_INK = {Outcome.LOSE: PAPER, Outcome.WIN: INK, Outcome.DRAW: INK}
"""The text colour that reads well on each outcome's colour."""


ZERO, NONZERO, INFINITE = 0, 1, 2
"""The kinds of a vertex's value: 0, a non-zero nimber, ∞(K) (loopy graphs)."""
KIND_COLOURS = (BLUE, ORANGE, PURPLE)
"""The fill colour of each kind of value."""
KIND_INK = (PAPER, INK, INK)
"""The text colour that reads well on each kind's colour."""


def value_kind(value: Any) -> int:
    """:data:`ZERO`, :data:`NONZERO` or :data:`INFINITE` (a value that is not an int: ∞(K))."""
    if not isinstance(value, int | np.integer):
        return INFINITE
    return NONZERO if value else ZERO


def kinds(zero: np.ndarray, infinite: np.ndarray | None) -> np.ndarray:
    """The kind of each of many values, from "is 0" and "is ∞" flags (a big drawing's arrays).

    >>> kinds(np.array([True, False, False]), np.array([False, False, True])).tolist()
    [0, 1, 2]
    """
    out = np.where(zero, ZERO, NONZERO).astype(np.int8)
    if infinite is not None:
        out[infinite] = INFINITE
    return out


def outcome_colour(outcome: Outcome) -> QColor:
    """The colour of ``outcome``: blue LOSE, orange WIN, reddish purple DRAW."""
    return QColor(OUTCOME_COLOURS[outcome])


def value_colour(value: Any) -> QColor:
    """Fill colour of a vertex with this value (blue 0, orange a non-zero nimber, purple ∞)."""
    return QColor(KIND_COLOURS[value_kind(value)])


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


def fill(value: Any) -> QBrush:
    """Brush of a vertex with this value (:func:`value_colour`)."""
    return brush(KIND_COLOURS[value_kind(value)])


def text_colour(value: Any) -> QColor:
    """Text colour that reads well on :func:`fill` (white on blue, ink on orange and purple)."""
    return QColor(KIND_INK[value_kind(value)])
