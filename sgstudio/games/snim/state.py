"""The S-Nim tab's saved state, checked strictly, and the pieces of an S-Nim position that need no
game: S read from text, heap sizes, an imported HDU 1536 test case.

A state is ``{"S": [...], "heaps": [...], "judge": {...} or None, "plot_limit": H or None}``; ``S``
and ``heaps`` are required, ``judge`` and ``plot_limit`` optional (a missing or null ``plot_limit``
means "automatic": the plot shows the tab's default H for S, about three periods and at least 30).
Unknown keys, wrong types (a bool or a float where an integer belongs, a string where a list
belongs) and invalid values raise a :class:`~sgstudio.core.state.StateError` naming what
is wrong and where (see :mod:`sgstudio.core.state`).

>>> read_state({"S": [2, 5], "heaps": [5, 12], "plot_limit": 30})
((2, 5), (5, 12), None, 30)
>>> read_state({"S": [2, 5], "heaps": [5], "colour": "red"})
Traceback (most recent call last):
...
sgstudio.core.state.StateError: the S-Nim state has an unknown key: 'colour' (known: S, ...)
>>> read_state({"S": "2 5", "heaps": []})
Traceback (most recent call last):
...
sgstudio.core.state.StateError: S must be a list of positive integers, not '2 5' (or the name \
of an infinite set: squares, primes, fibonacci, triangular, factorials)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from sgstudio.core.heaps import check_heap
from sgstudio.core.state import StateError, check_keys, int_list, located, mapping, positive_or_none
from sgstudio.games.snim.game import SNimError, SubtractionGame

Heaps = tuple[int, ...]
REQUIRED = ("S", "heaps")
OPTIONAL = ("judge", "plot_limit")
JUDGE_KEYS = ("file", "number", "count", "S", "positions")
BAD_JUDGE = "bad judge case in the S-Nim state: "
_TOKEN = re.compile(r"[^\s,;{}()\[\]]+")


def parse_subtraction_set(text: str) -> tuple[int, ...]:
    """S from text like ``2 5 7`` or ``{2, 5, 7}``: sorted, repeats dropped; ValueError if invalid.

    >>> parse_subtraction_set("{7, 2, 5, 2}")
    (2, 5, 7)
    >>> parse_subtraction_set("2 x")
    Traceback (most recent call last):
    ...
    ValueError: 'x' is not a whole number: S is a list of takes like 2 5 7
    """
    tokens = _TOKEN.findall(text)
    if not tokens:
        raise ValueError("S is empty: type the takes allowed, like 2 5 7")
    members = []
    for token in tokens:
        if not re.fullmatch(r"[+-]?\d+", token):
            raise ValueError(f"{token!r} is not a whole number: S is a list of takes like 2 5 7")
        members.append(int(token))
    try:
        return SubtractionGame(members).S
    except SNimError as err:
        raise ValueError(str(err)) from None




@dataclass(frozen=True)
class JudgeCase:
    """An imported HDU 1536 test case: where it came from, S as written, its positions."""

    file: str
    number: int
    count: int
    S: tuple[int, ...]
    positions: tuple[Heaps, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"file": self.file, "number": self.number, "count": self.count, "S": list(self.S),
                "positions": [list(p) for p in self.positions]}

    @classmethod
    def from_dict(cls, data: Any) -> JudgeCase:
        """The case saved by :meth:`to_dict`; StateError (a ValueError) naming what is wrong."""
        _check_judge(data)
        try:
            written = tuple(data["S"])
            parse_subtraction_set(" ".join(map(str, written)))  # validates
            positions = tuple(tuple(check_heap(h) for h in p) for p in data["positions"])
        except ValueError as err:
            raise StateError(BAD_JUDGE + str(err), ("judge",)) from None
        return cls(data["file"], data["number"], data["count"], written, positions)


def _check_judge(judge: object) -> None:
    path = ("judge",)
    if not isinstance(judge, dict):
        raise StateError(f"{BAD_JUDGE}judge must be a mapping or null, not {judge!r}", path)
    try:
        check_keys(judge, JUDGE_KEYS, (), "the judge case of the S-Nim state", ", ".join(JUDGE_KEYS), path)
    except StateError as err:
        raise StateError(BAD_JUDGE + str(err), err.path) from None
    if not isinstance(judge["file"], str):
        raise StateError(f"{BAD_JUDGE}judge file must be a string, not {judge['file']!r}", (*path, "file"))
    number, count = judge["number"], judge["count"]
    if not (_is_int(number) and _is_int(count) and 1 <= number <= count):
        raise StateError(f"{BAD_JUDGE}judge number and count must be integers with 1 <= number <= count, "
                         f"not {number!r} and {count!r}", (*path, "number"))
    _judge_list(judge["S"], (*path, "S"), "judge S must be a list of positive integers")
    positions = judge["positions"]
    if not isinstance(positions, list):
        raise StateError(f"{BAD_JUDGE}judge positions must be a list of lists of heap sizes, not "
                         f"{positions!r}", (*path, "positions"))
    for j, p in enumerate(positions, 1):
        _judge_list(p, (*path, "positions", j - 1), f"judge position {j} must be a list of heap sizes")


def _judge_list(value: object, path: tuple, message: str) -> None:
    try:
        int_list(value, path, message)
    except StateError as err:
        raise StateError(BAD_JUDGE + str(err), err.path) from None


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _named(text: str) -> str:
    """The name of an infinite S in a state (``"squares"``), or a StateError at S."""
    from sgstudio.games.snim.named import named_set_name
    from sgstudio.games.snim.subtraction.sets import NAMED_SETS

    name = named_set_name(text)
    if name is None:
        raise StateError(f"S must be a list of positive integers, not {text!r} (or the name of an "
                         f"infinite set: {', '.join(NAMED_SETS)})", ("S",))
    return name


def read_state(state: Any) -> tuple[tuple[int, ...] | str, Heaps, JudgeCase | None, int | None]:
    """S, the heaps, the judge case and the plot limit (None: automatic) of ``state``, all checked;
    StateError (a ValueError) naming what is wrong and where."""
    mapping(state, "the S-Nim state", "S and heaps")
    check_keys(state, REQUIRED, OPTIONAL, "the S-Nim state", "S and heaps")
    if isinstance(state["S"], str):  # an infinite S by name
        S = _named(state["S"])  # noqa: N806
    else:
        members = int_list(state["S"], ("S",), "S must be a list of positive integers or a set's name")
    heaps = int_list(state["heaps"], ("heaps",), "heaps must be a list of sizes (integers >= 0)")
    judge = JudgeCase.from_dict(state["judge"]) if state.get("judge") is not None else None
    limit = positive_or_none(state, "plot_limit", "plot_limit")
    try:
        if not isinstance(state["S"], str):
            S = parse_subtraction_set(" ".join(map(str, members)))  # noqa: N806
    except ValueError as err:
        raise located(err, ("S",)) from None
    checked = []
    for i, h in enumerate(heaps):
        try:
            checked.append(check_heap(h, i))
        except ValueError as err:
            raise located(err, ("heaps", i)) from None
    return S, tuple(checked), judge, limit
