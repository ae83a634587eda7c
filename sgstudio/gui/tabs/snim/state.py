"""The S-Nim tab's saved state, checked strictly before anything is loaded.

A state is ``{"S": [...], "heaps": [...], "judge": {...} or None, "plot_limit": H or None}``; ``S``
and ``heaps`` are required, ``judge`` and ``plot_limit`` optional (a missing or null ``plot_limit``
means "automatic": the plot shows the tab's default H for S, about three periods and at least 30).
Unknown keys, wrong types (a bool or a float where an integer belongs, a string where a list
belongs) and invalid values raise a ValueError naming what is wrong; :func:`parse_state` builds
nothing the tab uses until all passed.

>>> position, limit = parse_state({"S": [2, 5], "heaps": [5, 12], "plot_limit": 30})
>>> position.S, position.heaps, limit
((2, 5), (5, 12), 30)
>>> parse_state({"S": [2, 5], "heaps": [5], "colour": "red"})
Traceback (most recent call last):
...
ValueError: the S-Nim state has an unknown key: 'colour' (known: S, heaps, judge, plot_limit)
>>> parse_state({"S": "2 5", "heaps": []})
Traceback (most recent call last):
...
ValueError: S must be a list of positive integers, not '2 5'
"""

from __future__ import annotations

from typing import Any

from sgstudio.core.positions.snim import SNimPosition

REQUIRED = ("S", "heaps")
OPTIONAL = ("judge", "plot_limit")
JUDGE_KEYS = ("file", "number", "count", "S", "positions")


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _check_keys(data: dict, required: tuple[str, ...], optional: tuple[str, ...], what: str) -> None:
    missing = [k for k in required if k not in data]
    if missing:
        raise ValueError(f"{what} lacks {', '.join(map(repr, missing))} (it needs {', '.join(required)})")
    unknown = sorted(str(k) for k in data if k not in required + optional)
    if unknown:
        known = ", ".join(required + optional)
        raise ValueError(f"{what} has an unknown key: {unknown[0]!r} (known: {known})")


def _check_int_list(value: object, what: str) -> None:
    if not isinstance(value, list) or not all(_is_int(x) for x in value):
        raise ValueError(f"{what}, not {value!r}")


def _check_judge(judge: object) -> None:
    if not isinstance(judge, dict):
        raise ValueError(f"judge must be a mapping or null, not {judge!r}")
    _check_keys(judge, JUDGE_KEYS, (), "the judge case of the S-Nim state")
    if not isinstance(judge["file"], str):
        raise ValueError(f"judge file must be a string, not {judge['file']!r}")
    number, count = judge["number"], judge["count"]
    if not (_is_int(number) and _is_int(count) and 1 <= number <= count):
        raise ValueError(f"judge number and count must be integers with 1 <= number <= count, "
                         f"not {number!r} and {count!r}")
    _check_int_list(judge["S"], "judge S must be a list of positive integers")
    positions = judge["positions"]
    if not isinstance(positions, list):
        raise ValueError(f"judge positions must be a list of lists of heap sizes, not {positions!r}")
    for j, p in enumerate(positions, 1):
        _check_int_list(p, f"judge position {j} must be a list of heap sizes")


def parse_state(state: Any) -> tuple[SNimPosition, int | None]:
    """The position and the plot limit (None: automatic) of ``state``; ValueError if invalid."""
    if not isinstance(state, dict):
        raise ValueError(f"the S-Nim state must be a mapping, not {type(state).__name__}")
    _check_keys(state, REQUIRED, OPTIONAL, "the S-Nim state")
    _check_int_list(state["S"], "S must be a list of positive integers")
    _check_int_list(state["heaps"], "heaps must be a list of sizes (integers >= 0)")
    if state.get("judge") is not None:
        _check_judge(state["judge"])
    limit = state.get("plot_limit")
    if limit is not None and not (_is_int(limit) and limit >= 1):
        raise ValueError(f"plot_limit must be a positive integer, got {limit!r}")
    return SNimPosition.from_dict(state), limit
