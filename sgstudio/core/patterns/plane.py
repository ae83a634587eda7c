"""Patterns in two-number tables g(x, y), 0 <= x < X, 0 <= y < Y: simplest first.

1. **x XOR y** (two-heap Nim);
2. **f(x) XOR h(y)**, a disguised sum: then f(x) = g(x, 0) XOR g(0, 0) and h(y) = g(0, y) (so
   f(0) = 0), checked on the whole table; f and h get the one-number search
   (:func:`sgstudio.core.patterns.sequence.find_sequence_pattern`);
3. otherwise the P-positions (g = 0): the diagonal x = y; one residue class x - y = c or
   x + y = c (mod k), 2 <= k <= min(X, Y) / 3; Beatty pairs (:mod:`sgstudio.core.patterns.beatty`).

Each must fit the whole table; none does: None ("no pattern found").

Examples
--------
>>> x, y = np.indices((40, 40))
>>> find_plane_pattern(x ^ y).kind
'xor'
>>> find_plane_pattern((x % 3) ^ (y % 4)).describe_axes()
('periodic', 'periodic')
>>> lines = find_plane_pattern(np.where((x + y) % 5 == 2, 0, 1 + x))
>>> lines.kind, lines.modulus, lines.residue
('sum', 5, 2)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from sgstudio.core.patterns.beatty import BeattyPattern, fit_beatty
from sgstudio.core.patterns.sequence import SequencePattern, as_table, find_sequence_pattern

MIN_SIDE = 8
"""The smallest table side searched."""


@dataclass(frozen=True)
class XorPattern:
    """g(x, y) = x XOR y."""

    checked: tuple[int, int]
    kind = "xor"
    on_p = False

    def value(self, x: int, y: int) -> int:
        return x ^ y

    def predict(self, shape: tuple[int, int]) -> np.ndarray:
        x, y = np.indices(shape)
        return x ^ y


@dataclass(frozen=True)
class SumPattern:
    """g(x, y) = f(x) XOR h(y) on the table; ``f`` and ``h`` are their patterns (None when the
    one-number search found none), ``f_table`` and ``h_table`` the values read off the table."""

    f: SequencePattern | None
    h: SequencePattern | None
    f_table: tuple[int, ...]
    h_table: tuple[int, ...]
    checked: tuple[int, int]
    kind = "sum"
    on_p = False

    def describe_axes(self) -> tuple[str, str]:
        """The families of f and h (``none`` where no pattern was found)."""
        return tuple(p.family if p else "none" for p in (self.f, self.h))  # type: ignore[return-value]

    def value(self, x: int, y: int) -> int:
        """f(x) XOR h(y): beyond the table only through f's and h's patterns."""
        return _axis(self.f, self.f_table, x, "f") ^ _axis(self.h, self.h_table, y, "h")

    def predict(self, shape: tuple[int, int]) -> np.ndarray:
        f = _axis_array(self.f, self.f_table, shape[0], "f")
        h = _axis_array(self.h, self.h_table, shape[1], "h")
        return f[:, None] ^ h[None, :]


@dataclass(frozen=True)
class LinePattern:
    """P-positions exactly where x = y (``diagonal``), x - y = residue (``difference``) or
    x + y = residue (``sum``) mod ``modulus``."""

    form: str
    modulus: int
    residue: int
    checked: tuple[int, int]
    on_p = True

    @property
    def kind(self) -> str:
        return self.form

    def is_p(self, x: int, y: int) -> bool:
        if self.form == "diagonal":
            return x == y
        return ((x - y) if self.form == "difference" else (x + y)) % self.modulus == self.residue

    def predict(self, shape: tuple[int, int]) -> np.ndarray:
        x, y = np.indices(shape)
        if self.form == "diagonal":
            return x == y
        return ((x - y) if self.form == "difference" else (x + y)) % self.modulus == self.residue


PlanePattern = XorPattern | SumPattern | LinePattern | BeattyPattern


def _axis(pattern: SequencePattern | None, table: tuple[int, ...], n: int, name: str) -> int:
    if n < len(table):
        return table[n]
    if pattern is None:
        raise ValueError(f"{name} is known only below {len(table)}: no pattern was found in it")
    return pattern.value(n)


def _axis_array(pattern: SequencePattern | None, table: tuple[int, ...], size: int, name: str) -> np.ndarray:
    if size <= len(table):
        return np.asarray(table[:size], np.int64)
    if pattern is None:
        raise ValueError(f"{name} is known only below {len(table)}: no pattern was found in it")
    return pattern.values(np.arange(size))


def _disguised_sum(g: np.ndarray) -> SumPattern | None:
    f = g[:, 0] ^ g[0, 0]
    h = g[0, :]
    if not np.array_equal(f[:, None] ^ h[None, :], g):
        return None
    shape = (int(g.shape[0]), int(g.shape[1]))
    return SumPattern(find_sequence_pattern(f), find_sequence_pattern(h), tuple(f.tolist()),
                      tuple(h.tolist()), shape)


def _smallest_class(key: np.ndarray, cells: np.ndarray, kmax: int) -> tuple[int, int] | None:
    """(k, c), the smallest 2 <= k <= kmax such that the cells whose ``cells`` value is c mod k are
    exactly the P-positions (whose values are ``key``), or None.

    Such a class contains every P-position, so k divides every difference of their keys; it is the
    P-positions exactly when it has as many cells (counted from the sizes of the table's diagonals,
    O(X + Y) for each k).
    """
    low = int(cells.min())
    sizes = np.bincount((cells - low).ravel())  # cells on each diagonal, by value
    values = np.arange(low, low + sizes.size)
    spread = int(np.gcd.reduce(np.abs(key - key[0])))  # 0 when every P-position has the same value
    for k in range(2, kmax + 1):
        c = int(key[0]) % k
        if spread % k == 0 and int(sizes[values % k == c].sum()) == key.size:
            return k, c
    return None


def _lines(p: np.ndarray) -> LinePattern | None:
    """The simplest line or residue class (smallest k, x - y before x + y) that is exactly the
    P-positions ``p``."""
    shape = (int(p.shape[0]), int(p.shape[1]))
    xs, ys = np.nonzero(p)
    if not xs.size:
        return None
    if np.all(xs == ys) and xs.size == min(shape):
        return LinePattern("diagonal", 0, 0, shape)
    x, y = np.indices(p.shape)
    kmax = min(shape) // 3
    forms = (("difference", xs - ys, x - y), ("sum", xs + ys, x + y))
    found = [(hit[0], form, hit[1]) for form, key, cells in forms
             if (hit := _smallest_class(key, cells, kmax)) is not None]
    if not found:
        return None
    k, form, c = min(found, key=lambda f: f[0])
    return LinePattern(form, k, c, shape)


def find_plane_pattern(table: object) -> PlanePattern | None:
    """The simplest pattern (module docstring) that fits all of ``table`` = g(x, y), or None.

    Parameters
    ----------
    table : 2-D array of int
        ``table[x, y]`` = g(x, y), from (0, 0); both sides at least MIN_SIDE.

    Examples
    --------
    >>> x, y = np.indices((30, 30))
    >>> find_plane_pattern(np.where(x == y, 0, 1)).kind, find_plane_pattern(x * y % 7) is None
    ('diagonal', True)
    """
    g = as_table(table, 2)
    if min(g.shape) < MIN_SIDE:
        return None
    shape = (int(g.shape[0]), int(g.shape[1]))
    x, y = np.indices(g.shape)
    if np.array_equal(g, x ^ y):
        return XorPattern(shape)
    found = _disguised_sum(g)
    if found is not None:
        return found
    p = g == 0
    return _lines(p) or fit_beatty(p)
