"""The Board tab's saved state, checked strictly before anything is loaded.

A state is exactly ``{"width": w, "rows": [[c, ...], ...]}``: both keys required, no other key;
``width`` an integer in 1..24, ``rows`` a list of lists of integer columns in 1..width, none
repeated in a row. Anything else raises a ValueError naming what is wrong (and where).

>>> parse_state({"width": 20, "rows": [[20, 19], []]}).rows
((19, 20), ())
>>> parse_state({"width": 20, "rows": [[3, 3]]})
Traceback (most recent call last):
...
ValueError: row 1: column 3 is repeated
>>> parse_state({"rows": []})
Traceback (most recent call last):
...
ValueError: the board state lacks 'width' (it needs width, rows)
>>> parse_state({"width": 20, "rows": [], "height": 3})
Traceback (most recent call last):
...
ValueError: the board state has an unknown key: 'height' (known: width, rows)
"""

from __future__ import annotations

from typing import Any

from sgstudio.core.games import board
from sgstudio.core.positions.board import BoardPosition

KEYS = ("width", "rows")


def parse_state(state: Any) -> BoardPosition:
    """The board of ``state`` (a new model: the tab is not touched); ValueError if invalid."""
    if not isinstance(state, dict):
        raise ValueError(f"the board state must be a mapping with 'width' and 'rows', not "
                         f"{type(state).__name__}")
    missing = [k for k in KEYS if k not in state]
    if missing:
        raise ValueError(f"the board state lacks {', '.join(map(repr, missing))} (it needs width, rows)")
    unknown = sorted(str(k) for k in state if k not in KEYS)
    if unknown:
        raise ValueError(f"the board state has an unknown key: {unknown[0]!r} (known: width, rows)")
    width = board.check_width(state["width"])
    rows = state["rows"]
    if not isinstance(rows, list):
        raise ValueError(f"'rows' must be a list of rows (lists of columns), not {rows!r}")
    for i, row in enumerate(rows, 1):
        if not isinstance(row, list):
            raise ValueError(f"row {i} must be a list of columns, not {row!r}")
    return BoardPosition(rows, width)
