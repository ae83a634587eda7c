"""An editable split-nim position (heaps and the number of parts) and the work the split-nim tab needs.

Theory. Each heap is a game (take stones, or split the heap into ``parts`` non-empty heaps); a
position is their sum, so its value is the XOR (nim-sum) of the heaps' Grundy values and the player
to move wins exactly when it is non-zero (Sprague–Grundy theorem). A move on heap i wins exactly
when it leaves value g_i XOR total there. Every value comes from
:class:`sgstudio.games.splitnim.game.SplitNim`: its proven closed form for parts 2 and 3 (vectorised
with ``closed_form_array``), else its computed table (``SplitNim.values``), which may take seconds:
:func:`prepare_table` builds it in steps that report progress and can be stopped.

Heaps are kept in an immutable-by-convention numpy array (int64 below 2**62, Python ints in an
object array beyond), so a million heaps cost a few megabytes and their nim-sum is one vectorised
reduction, kept current on every edit by XOR-ing out the removed values and XOR-ing in the new ones.

Examples
--------
>>> pos = SplitNimPosition([9, 7, 4], parts=3)
>>> print(pos.values().tolist(), pos.nim_sum(), pos.outcome())
[9, 8, 4] 5 WIN
>>> pos.splice(1, 1, [5]).tolist()          # edit heap 2: 7 -> 5; returns what was removed
[7]
>>> pos.heaps, pos.nim_sum()
((9, 5, 4), 8)
>>> from sgstudio.games.splitnim.steps import scan_winning_moves
>>> scan = scan_winning_moves(pos.game, pos.heap_array, pos.values(), 8)
>>> [pos.game.move_text(m, pos.heaps) for m in scan.moves]
['heap 1: 9 -> 1 (take 8)', 'heap 1: 9 -> 1 + 4 + 4']
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import numpy as np

from sgstudio.core.events import Signal
from sgstudio.core.outcome import Outcome
from sgstudio.core.state import StateError, check_keys, is_int, located, mapping, positive_or_none
from sgstudio.games.splitnim.game import SplitNim, closed_form, closed_form_array
from sgstudio.games.splitnim.steps import table_ready

MAX_PARTS = 16
"""The largest number of parts the tab offers (tables get slower with every part)."""
MAX_DIGITS = 1000
"""Heap sizes have at most this many digits (they are shown and saved as decimal text)."""
VECTOR_BOUND = 1 << 62
"""Heaps below this are stored as int64 (the closed form adds 1 at most)."""

_SIZE = re.compile(r"[0-9]+")


# -- validation --------------------------------------------------------------------------------
def parse_size(text: str) -> int:
    """A heap size typed as text: a non-negative integer in decimal digits (``_`` allowed between).

    >>> parse_size(" 1_000 "), parse_size("0")
    (1000, 0)
    >>> parse_size("-3")
    Traceback (most recent call last):
    ...
    ValueError: a heap size cannot be negative: '-3'
    >>> parse_size("2.5")
    Traceback (most recent call last):
    ...
    ValueError: '2.5' is not a heap size: type a whole number of stones such as 9
    """
    word = text.strip()
    if not word:
        raise ValueError("type a heap size: a whole number of stones such as 9")
    digits = word.replace("_", "")
    if word.startswith("-") and _SIZE.fullmatch(digits[1:]):
        raise ValueError(f"a heap size cannot be negative: {word!r}")
    if not _SIZE.fullmatch(digits) or "__" in word or word[0] == "_" or word[-1] == "_":
        raise ValueError(f"{word!r} is not a heap size: type a whole number of stones such as 9")
    if len(digits.lstrip("0")) > MAX_DIGITS:
        raise ValueError(f"a heap size may have at most {MAX_DIGITS} digits (this one has {len(digits)})")
    return int(digits)


def parse_sizes(text: str) -> list[int]:
    """Heap sizes separated by spaces or commas; the error names the item that is wrong.

    >>> parse_sizes("9 7, 4")
    [9, 7, 4]
    >>> parse_sizes("9 x")
    Traceback (most recent call last):
    ...
    ValueError: item 2: 'x' is not a heap size: type a whole number of stones such as 9
    """
    words = [w for w in re.split(r"[\s,;]+", text) if w]
    if not words:
        raise ValueError("type one or more heap sizes, such as 9 7 4")
    sizes = []
    for k, word in enumerate(words, 1):
        try:
            sizes.append(parse_size(word))
        except ValueError as err:
            raise ValueError(f"item {k}: {err}" if len(words) > 1 else str(err)) from None
    return sizes


def heap_array(sizes: Sequence[int] | np.ndarray) -> np.ndarray:
    """Validated heap sizes as a new array: int64 when all are below 2**62, else Python ints.

    >>> heap_array([3, 0]).dtype, heap_array([2**70]).dtype
    (dtype('int64'), dtype('O'))
    >>> heap_array([1, -1])
    Traceback (most recent call last):
    ...
    ValueError: heap 2: a heap size must be a non-negative integer, not -1
    """
    if isinstance(sizes, np.ndarray) and sizes.dtype == np.int64:
        if len(sizes) and int(sizes.min()) < 0:
            _check(int(np.flatnonzero(sizes < 0)[0]), int(sizes.min()))
        return sizes.copy()
    items = list(sizes)
    for k, n in enumerate(items):
        _check(k, n)
    if not items or max(items) < VECTOR_BOUND:
        return np.array(items, dtype=np.int64)
    return np.array([int(n) for n in items] + [None], dtype=object)[:-1]  # never a 2-d array


def _check(k: int, n: Any) -> None:
    if isinstance(n, bool) or not isinstance(n, int | np.integer) or n < 0:
        raise ValueError(f"heap {k + 1}: a heap size must be a non-negative integer, not {n!r}")
    if n >= VECTOR_BOUND and len(str(n)) > MAX_DIGITS:
        raise ValueError(f"heap {k + 1}: a heap size may have at most {MAX_DIGITS} digits")


def _narrow(heaps: np.ndarray) -> np.ndarray:
    """Back to int64 once no heap needs a Python int."""
    if heaps.dtype == object and (not len(heaps) or max(heaps) < VECTOR_BOUND):
        return heaps.astype(np.int64)
    return heaps


def check_parts(parts: Any) -> int:
    """``parts`` if it is an integer in 2..MAX_PARTS, else ValueError.

    >>> check_parts(1)
    Traceback (most recent call last):
    ...
    ValueError: the number of parts must be an integer from 2 to 16, not 1
    """
    if isinstance(parts, bool) or not isinstance(parts, int) or not 2 <= parts <= MAX_PARTS:
        raise ValueError(f"the number of parts must be an integer from 2 to {MAX_PARTS}, not {parts!r}")
    return parts


class SplitNimPosition:
    """Heaps and the number of parts, edited through methods that validate and emit events.

    Events: ``about_to_change(index, removed, inserted)`` and ``changed(index, removed, inserted)``
    around every change of the heaps (``removed`` heaps at ``index`` replaced by ``inserted`` new
    ones), and ``parts_changed(parts)``. Invalid edits raise ValueError and change nothing.

    >>> pos = SplitNimPosition([4, 4])
    >>> seen = []
    >>> pos.changed.connect(lambda *a: seen.append(a))
    >>> pos.apply_move((0, (1, 1, 2))); pos.heaps, seen
    ((1, 1, 2, 4), [(0, 1, 3)])
    >>> pos.set_parts(2); pos.values().tolist()
    [1, 1, 2, 3]
    >>> SplitNimPosition.from_dict(pos.to_dict()).heaps == pos.heaps
    True
    """

    def __init__(self, heaps: Sequence[int] | np.ndarray = (), parts: int = 3) -> None:
        self._parts = check_parts(parts)
        self._heaps = heap_array(heaps)
        self._values: np.ndarray | None = None
        self._total: int | None = None
        self.about_to_change = Signal()
        self.changed = Signal()
        self.parts_changed = Signal()

    # -- reading -----------------------------------------------------------------------------
    @property
    def parts(self) -> int:
        return self._parts

    @property
    def game(self) -> SplitNim:
        """The core game of this number of parts."""
        return SplitNim(self._parts)

    @property
    def heap_array(self) -> np.ndarray:
        """The heaps (never modified in place: every edit makes a new array)."""
        return self._heaps

    @property
    def heaps(self) -> tuple[int, ...]:
        """The heaps as a tuple of Python ints (the core's position)."""
        return tuple(int(n) for n in self._heaps)

    def __len__(self) -> int:
        return len(self._heaps)

    def heap(self, i: int) -> int:
        return int(self._heaps[i])

    # -- values ------------------------------------------------------------------------------
    def missing_table(self) -> int:
        """How many heaps the core's table must cover (:func:`prepare_table`) before values are
        instant; 0 when they are (closed form, table ready, or a heap beyond any table)."""
        count = self._table_count(self._heaps)
        if table_ready(self._parts, count) or count > self.game.table_limit():
            return 0
        return count

    def _table_count(self, heaps: np.ndarray) -> int:
        if self.game.has_closed_form or not len(heaps):
            return 0
        return int(heaps.max()) + 1

    def _values_of(self, heaps: np.ndarray) -> np.ndarray:
        """Values of some heaps (ValueError from the core when a heap is beyond its table)."""
        game = self.game
        if game.has_closed_form:
            if heaps.dtype == np.int64:
                return closed_form_array(heaps, self._parts)
            return np.array([closed_form(int(n), self._parts) for n in heaps] + [None], dtype=object)[:-1]
        count = self._table_count(heaps)
        if count > game.table_limit():
            game.grundy(int(heaps.max()))  # raises the core's explanation
        return game.values(max(count, 1))[heaps.astype(np.int64)]

    def values(self) -> np.ndarray:
        """The Grundy value of every heap (computed once, then kept current by each edit)."""
        if self._values is None:
            self._values = self._values_of(self._heaps)
            self._total = int(np.bitwise_xor.reduce(self._values)) if len(self._values) else 0
        return self._values

    def value(self, i: int) -> int:
        return int(self.values()[i])

    def nim_sum(self) -> int:
        """XOR of every heap's value: 0 exactly when the player to move loses."""
        self.values()
        return int(self._total or 0)

    def outcome(self) -> Outcome:
        """WIN when the player to move wins, else LOSE."""
        return Outcome.from_nim_sum(self.nim_sum())

    def explain(self, i: int) -> str:
        """Why heap i has its value (the core's rule and residue class)."""
        return self.game.explain(self.heap(i))

    # -- editing -----------------------------------------------------------------------------
    def splice(self, index: int, count: int, sizes: Sequence[int] | np.ndarray) -> np.ndarray:
        """Replace ``count`` heaps from ``index`` by ``sizes``; return the removed heaps."""
        if not 0 <= index <= len(self._heaps) or count < 0 or index + count > len(self._heaps):
            raise ValueError(f"no heaps {index + 1}..{index + count}: there are {len(self._heaps)} heaps")
        new = heap_array(sizes)
        old = self._heaps[index: index + count]
        values, total = self._updated_values(index, count, new)
        self.about_to_change.emit(index, count, len(new))
        heaps = self._heaps
        if new.dtype != heaps.dtype:
            heaps, new = heaps.astype(object), new.astype(object)
        self._heaps = _narrow(np.concatenate([heaps[:index], new, heaps[index + count:]]))
        if values is not None and self._values is not None:
            self._values = np.concatenate([self._values[:index], values, self._values[index + count:]])
        else:
            self._values = None
        self._total = total if self._values is not None else None
        self.changed.emit(index, count, len(new))
        return old.copy()

    def _updated_values(self, index: int, count: int, new: np.ndarray) -> tuple[Any, int | None]:
        """The new heaps' values and the new nim-sum, when values are kept and instant to extend."""
        if self._values is None:
            return None, None
        if not table_ready(self._parts, self._table_count(new)):
            return None, None
        try:
            values = self._values_of(new)
        except ValueError:
            return None, None
        gone = self._values[index: index + count]
        total = int(self._total or 0)
        for part in (gone, values):
            if len(part):
                total ^= int(np.bitwise_xor.reduce(part))
        if values.dtype != self._values.dtype:
            values = values.astype(object)
            self._values = self._values.astype(object)
        return values, total

    def set_heap(self, i: int, size: int) -> int:
        """Set heap i (0-based); return its old size."""
        return int(self.splice(i, 1, [size])[0])

    def apply_move(self, move: tuple[int, tuple[int, ...]]) -> None:
        """Play a move ``(heap_index, after)``, checked by the core game (ValueError if illegal)."""
        i, after = move
        if not 0 <= i < len(self._heaps):
            raise ValueError(f"there is no heap {i + 1}: the position has {len(self._heaps)} heaps")
        self.game.apply((self.heap(i),), (0, tuple(after)))
        self.splice(i, 1, list(after))

    def set_parts(self, parts: int) -> None:
        """Change the number of parts a split makes (values are recomputed)."""
        parts = check_parts(parts)
        if parts != self._parts:
            self._parts, self._values, self._total = parts, None, None
            self.parts_changed.emit(parts)

    def replace(self, heaps: Sequence[int] | np.ndarray, parts: int) -> None:
        """Replace everything (a loaded document or an imported test case)."""
        parts, new = check_parts(parts), heap_array(heaps)
        if parts != self._parts:
            self._parts, self._values, self._total = parts, None, None
            self.parts_changed.emit(parts)
        self.splice(0, len(self._heaps), new)

    # -- saving ------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data: ``{"parts": 3, "heaps": [9, 7, 4]}``."""
        return {"parts": self._parts, "heaps": self._heaps.tolist()}

    @classmethod
    def from_dict(cls, data: Any) -> SplitNimPosition:
        """The position saved by :meth:`to_dict`; StateError (a ValueError) naming what is wrong."""
        return cls.from_state(data)[0]

    @classmethod
    def from_state(cls, state: Any) -> tuple[SplitNimPosition, dict[str, Any]]:
        """The position of a tab's saved state and its view settings (``table_n``: the N of the g(0..N)
        table, None to keep the tab's), checked strictly: ``heaps`` and ``parts`` are required,
        ``table_n`` optional; StateError naming what is wrong and where.

        >>> position, view = SplitNimPosition.from_state({"heaps": [9, 7], "parts": 2})
        >>> position.heaps, position.parts, view
        ((9, 7), 2, {'table_n': None})
        >>> SplitNimPosition.from_state({"heaps": [9]})
        Traceback (most recent call last):
        ...
        sgstudio.core.state.StateError: the split-nim state lacks 'parts' (it needs heaps, parts)
        """
        what = "the split-nim state"
        mapping(state, what, "heaps, parts")
        check_keys(state, ("heaps", "parts"), ("table_n",), what, "heaps, parts")
        heaps = state["heaps"]
        if not isinstance(heaps, list):
            raise StateError(f"'heaps' must be a list of heap sizes, not {heaps!r}", ("heaps",))
        table_n = positive_or_none(state, "table_n", "'table_n'")
        if not is_int(state["parts"]):
            raise StateError(f"the number of parts must be an integer from 2 to {MAX_PARTS}, not "
                             f"{state['parts']!r}", ("parts",))
        try:
            return cls(heaps, state["parts"]), {"table_n": table_n}
        except ValueError as err:
            bad = next((i for i, n in enumerate(heaps) if not (is_int(n) and n >= 0)), None)
            raise located(err, ("parts",) if bad is None else ("heaps", bad)) from None

    @staticmethod
    def empty_state() -> dict[str, Any]:
        """Splits into 3 parts (HDU 5795), no heap."""
        return {"parts": 3, "heaps": []}
