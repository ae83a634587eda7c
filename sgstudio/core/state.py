"""The saved state of a tab's position, checked once, here in the core, before anything is built.

A document (``.sgs``) keeps each tab's state as a JSON object (``"tabs": {key: state}``). Each
position class (``sgstudio.games.<game>.position``, :mod:`sgstudio.core.heaps`) reads its state with
:meth:`from_state`, which checks it strictly (required and known keys, types: a bool or a float is
not an integer, values) and raises :class:`StateError` naming what is wrong and *where*: its
:attr:`~StateError.path` is the key path inside the state (``("heaps", 2)``), which the document
reader turns into a line and a column of the file. Nothing the tab uses is built until every check
passed.

>>> check_keys({"S": [2]}, ("S", "heaps"), (), "the S-Nim state", "S and heaps")
Traceback (most recent call last):
...
sgstudio.core.state.StateError: the S-Nim state lacks 'heaps' (it needs S and heaps)
>>> try:
...     int_list([1, True], ("heaps",), "heaps must be a list of sizes")
... except StateError as err:
...     print(err, err.path)
heaps must be a list of sizes, not [1, True] ('heaps', 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sgstudio.core.errors import SGStudioError

Path = tuple[str | int, ...]


class StateError(SGStudioError, ValueError):
    """A tab's saved state is refused; ``path`` is where, inside the state (``()``: the whole)."""

    def __init__(self, message: str, path: Path = ()) -> None:
        super().__init__(message)
        self.path = tuple(path)


def is_int(x: object) -> bool:
    """An integer that is not a bool.

    >>> is_int(3), is_int(True), is_int(3.0)
    (True, False, False)
    """
    return isinstance(x, int) and not isinstance(x, bool)


def mapping(state: Any, what: str, needs: str) -> dict:
    """``state`` if it is a JSON object, else StateError."""
    if not isinstance(state, dict):
        raise StateError(f"{what} needs {needs}: it must be a mapping, not {type(state).__name__}")
    return state


def check_keys(data: dict, required: Sequence[str], optional: Sequence[str], what: str, needs: str,
               path: Path = ()) -> None:
    """Every required key present and no other than the optional ones, else StateError."""
    missing = [k for k in required if k not in data]
    if missing:
        raise StateError(f"{what} lacks {', '.join(map(repr, missing))} (it needs {needs})", path)
    unknown = sorted(str(k) for k in data if k not in (*required, *optional))
    if unknown:
        known = ", ".join((*required, *optional))
        raise StateError(f"{what} has an unknown key: {unknown[0]!r} (known: {known})", (*path, unknown[0]))


def int_list(value: object, path: Path, message: str) -> list[int]:
    """``value`` if it is a list of integers, else StateError(``message, not value``)."""
    if not isinstance(value, list) or not all(is_int(x) for x in value):
        listed = isinstance(value, list)
        bad = next((i for i, x in enumerate(value) if not is_int(x)), None) if listed else None
        raise StateError(f"{message}, not {value!r}", path if bad is None else (*path, bad))
    return value


def positive_or_none(state: dict, key: str, what: str) -> int | None:
    """``state[key]`` when it is a positive integer, None when it is missing or null, else StateError.

    >>> positive_or_none({"n": 3}, "n", "n"), positive_or_none({}, "n", "n")
    (3, None)
    """
    value = state.get(key)
    if value is not None and not (is_int(value) and value >= 1):
        raise StateError(f"{what} must be a positive integer, not {value!r}", (key,))
    return value


def located(err: ValueError, path: Path = ()) -> StateError:
    """A refusal of the core (a ValueError) as a StateError at ``path``."""
    return err if isinstance(err, StateError) else StateError(str(err), path)
