"""The split-nim tab's saved state, checked strictly before anything is loaded.

A state is ``{"heaps": [...], "parts": k, "table_n": N}``; ``heaps`` and ``parts`` are required,
``table_n`` (the N of the g(0..N) table) optional. Unknown keys, wrong types (a bool or a float
where an integer belongs) and invalid values raise a ValueError naming what is wrong.

>>> position, table_n = parse_state({"heaps": [9, 7], "parts": 2})
>>> position.heaps, position.parts, table_n
((9, 7), 2, None)
>>> parse_state({"heaps": [9], "parts": 3, "rows": []})
Traceback (most recent call last):
...
ValueError: the split-nim state has an unknown key: 'rows' (known: heaps, parts, table_n)
>>> parse_state({"heaps": [9]})
Traceback (most recent call last):
...
ValueError: the split-nim state lacks 'parts' (it needs heaps, parts)
"""

from __future__ import annotations

from typing import Any

from sgstudio.core.positions.splitnim import SplitNimPosition

REQUIRED = ("heaps", "parts")
OPTIONAL = ("table_n",)


def parse_state(state: Any) -> tuple[SplitNimPosition, int | None]:
    """The position and the table's N (None: keep the tab's) of ``state``; ValueError if invalid."""
    if not isinstance(state, dict):
        raise ValueError(f"the split-nim state must be a mapping, not {type(state).__name__}")
    missing = [k for k in REQUIRED if k not in state]
    if missing:
        raise ValueError(f"the split-nim state lacks {', '.join(map(repr, missing))} "
                         f"(it needs {', '.join(REQUIRED)})")
    unknown = sorted(str(k) for k in state if k not in REQUIRED + OPTIONAL)
    if unknown:
        raise ValueError(f"the split-nim state has an unknown key: {unknown[0]!r} "
                         f"(known: {', '.join(REQUIRED + OPTIONAL)})")
    if not isinstance(state["heaps"], list):
        raise ValueError(f"'heaps' must be a list of heap sizes, not {state['heaps']!r}")
    table_n = state.get("table_n")
    if table_n is not None and (isinstance(table_n, bool) or not isinstance(table_n, int) or table_n < 1):
        raise ValueError(f"'table_n' must be a positive integer, not {table_n!r}")
    return SplitNimPosition(state["heaps"], state["parts"]), table_n
