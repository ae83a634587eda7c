"""An editable list of heaps, for the tab of any game whose positions are heaps (Qt-free).

:class:`HeapsPosition` holds the heaps (integers >= 0 of any size), validates every edit (ValueError
with a one-line reason, nothing changed), announces each change with ``changed`` and reads its
saved state strictly (:meth:`HeapsPosition.from_state`: ``{"heaps": [...]}``). Heaps are indexed
from 0 here, as in the games; people number them from 1.

>>> p = HeapsPosition((3, 4))
>>> seen = []
>>> p.changed.connect(lambda: seen.append(p.heaps))
>>> p.set_heaps(parse_heaps("3 4 5")); seen
[(3, 4, 5)]
>>> HeapsPosition.from_state({"heaps": [3, -1]})
Traceback (most recent call last):
...
sgstudio.core.state.StateError: heap 2: a heap size must be >= 0, got -1
"""

from __future__ import annotations

import operator
import re
from collections.abc import Iterable
from typing import Any

from sgstudio.core.events import Signal
from sgstudio.core.state import StateError, check_keys, located, mapping

Heaps = tuple[int, ...]


def check_heap(size: object, index: int | None = None) -> int:
    """A heap size: an integer >= 0 of any size; ValueError naming heap ``index + 1`` otherwise.

    >>> check_heap(10**30) == 10**30
    True
    >>> check_heap(-1, 0)
    Traceback (most recent call last):
    ...
    ValueError: heap 1: a heap size must be >= 0, got -1
    """
    prefix = f"heap {index + 1}: " if index is not None else ""
    if isinstance(size, bool):
        raise ValueError(f"{prefix}a heap size must be an integer, got {size!r}")
    try:
        n = operator.index(size)  # type: ignore[arg-type]
    except TypeError:
        raise ValueError(f"{prefix}a heap size must be an integer, got {size!r}") from None
    if n < 0:
        raise ValueError(f"{prefix}a heap size must be >= 0, got {n}")
    return n


def parse_heaps(text: str) -> Heaps:
    """Heap sizes written as text: whole numbers separated by spaces or commas.

    >>> parse_heaps("3, 4 5")
    (3, 4, 5)
    >>> parse_heaps("3 x")
    Traceback (most recent call last):
    ...
    ValueError: 'x' is not a heap size: type whole numbers of stones, like 3 4 5
    """
    sizes = []
    for word in (w for w in re.split(r"[\s,;]+", text.strip()) if w):
        if not word.isdigit():
            raise ValueError(f"{word!r} is not a heap size: type whole numbers of stones, like 3 4 5")
        sizes.append(int(word))
    return tuple(sizes)


class HeapsPosition:
    """Heaps with an event (``changed()``) for every change."""

    def __init__(self, heaps: Iterable[int] = ()) -> None:
        self.changed = Signal()
        self._heaps: Heaps = tuple(check_heap(h, i) for i, h in enumerate(heaps))

    @property
    def heaps(self) -> Heaps:
        return self._heaps

    def set_heaps(self, heaps: Iterable[int]) -> None:
        """Replace the heaps (each checked: an integer >= 0)."""
        new = tuple(check_heap(h, i) for i, h in enumerate(heaps))
        if new != self._heaps:
            self._heaps = new
            self.changed.emit()

    def snapshot(self) -> Heaps:
        """Everything an edit may change, for undo."""
        return self._heaps

    def restore(self, snapshot: Heaps) -> None:
        self.set_heaps(snapshot)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data: ``{"heaps": [3, 4, 5]}``."""
        return {"heaps": list(self._heaps)}

    @classmethod
    def from_state(cls, state: Any) -> tuple[HeapsPosition, dict[str, Any]]:
        """The position of a tab's saved state, checked strictly (StateError naming what is wrong and
        where); no view settings."""
        mapping(state, "the heaps' state", "heaps")
        check_keys(state, ("heaps",), (), "the heaps' state", "heaps")
        heaps = state["heaps"]
        if not isinstance(heaps, list):
            raise StateError(f"'heaps' must be a list of heap sizes, not {heaps!r}", ("heaps",))
        for i, h in enumerate(heaps):
            try:
                check_heap(h, i)
            except ValueError as err:
                raise located(err, ("heaps", i)) from None
        return cls(heaps), {}

    @staticmethod
    def empty_state() -> dict[str, Any]:
        """No heap."""
        return {"heaps": []}
