"""Patterns in one-number tables g(0..N-1): the simplest family that fits the whole table.

Every family is one formula with a preperiod n0 and a period p: for n >= n0, write
n = n0 + j + q p with 0 <= j < p; then g(n) = base[j] + q steps[j]. The families, simplest first
(the first that fits the whole table wins):

- **periodic** (**eventually constant** when p = 1): every step 0, g(n + p) = g(n);
- **arithmetic-periodic** (a saltus s): every step s != 0, g(n + p) = g(n) + s; when s = p this is
  **n plus a periodic correction**, g(n) = n + c(n mod p) (split-nim's and Lasker's Nim's shape);
- **linear on residue classes**: steps differ, g(n) = a_r n + b_r for n = r (mod p), a_r = step / p.

How each is found (in O(N) for the periodic families, whatever the table):

- periodic: the smallest period of every suffix g[i:] at once, from the prefix function of the
  reversed table (:func:`sgstudio.core.patterns.kernels.borders`); the pattern is the smallest i
  whose suffix is evidence enough (below) for its smallest period.
- arithmetic-periodic: g(n + p) = g(n) + s for n0 <= n < N - p exactly when the differences
  d(n) = g(n + 1) - g(n) satisfy d(n + p) = d(n) for n0 <= n < N - 1 - p; the same search on d.
- linear on residue classes: g(n + 2p) - 2 g(n + p) + g(n) = 0; p ascending, each p costing the
  length of its run at the end of the table (:func:`sgstudio.core.patterns.kernels.first_linear`):
  O(N) when no p has a long run, more only on tables built to have many long runs that fall short.

Smallest preperiod, then smallest period, never a multiple of the true period: for the periodic
families the search returns the smallest n0 for which some p is evidence enough, and then the
smallest such p (evidence only gets harder as p grows, so it is the suffix's smallest period). A
multiple q of p cannot do better: if q = kp held from m < n0, then g(n0 - 1) = g(n0 - 1 + q) =
g(n0 - 1 + p) (the last step inside p's run), so p would hold from n0 - 1. For the residue classes
the smallest p comes first, then its smallest n0 (a multiple of p never starts earlier, likewise).

**Evidence.** A pattern must be seen to repeat: with ``params`` values it reads off the table (p for
a period, p + 1 with a saltus, 2p for lines on residue classes), the values of the patterned part
N - n0 beyond them (the checks) number at least max(2p, MIN_CHECKS) (so a period is seen at least
three times), and the patterned part is at least half the table. Otherwise: no pattern. A random
table, subtract-a-square or Grundy's game to a few thousand values get none.

Examples
--------
>>> kayles = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6] + [4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7] * 20
>>> pattern = find_sequence_pattern(kayles)
>>> pattern.family, pattern.preperiod, pattern.period
('periodic', 12, 12)
>>> split3 = [0] + [n + 1 if n % 8 == 7 else n - 1 if n % 8 == 0 else n for n in range(1, 200)]
>>> pattern = find_sequence_pattern(split3)
>>> pattern.family, pattern.preperiod, pattern.period, pattern.correction()
('n_plus', 1, 8, (-1, 0, 0, 0, 0, 0, 0, 1))
>>> pattern.value(10**20)
99999999999999999999
>>> find_sequence_pattern(np.random.default_rng(1).integers(0, 4, 5000)) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from sgstudio.core.errors import SGStudioError
from sgstudio.core.patterns.kernels import borders, first_linear

MIN_CHECKS = 24
"""Values beyond a pattern's parameters that must agree with it (however small its period)."""


class PatternError(SGStudioError, ValueError):
    """A table the pattern search cannot read (not integers, wrong shape)."""


@dataclass(frozen=True)
class SequencePattern:
    """g(n) = prefix[n] for n < n0; g(n0 + j + q p) = base[j] + q steps[j] (0 <= j < p, q >= 0).

    ``checked`` is the length of the table it was found on (it holds for every n < checked).

    >>> pattern = SequencePattern(1, 2, (7,), (1, 2), (3, 3), 40)
    >>> pattern.family, pattern.saltus, [pattern.value(n) for n in range(6)]
    ('saltus', 3, [7, 1, 2, 4, 5, 7])
    """

    preperiod: int
    period: int
    prefix: tuple[int, ...]
    base: tuple[int, ...]
    steps: tuple[int, ...]
    checked: int

    @property
    def family(self) -> str:
        """``constant``, ``periodic``, ``saltus``, ``n_plus`` or ``linear`` (module docstring)."""
        if not any(self.steps):
            return "constant" if self.period == 1 else "periodic"
        if len(set(self.steps)) == 1:
            return "n_plus" if self.steps[0] == self.period else "saltus"
        return "linear"

    @property
    def saltus(self) -> int:
        """The common step s of g(n + p) = g(n) + s (0 when periodic); ValueError for residue lines."""
        if len(set(self.steps)) != 1:
            raise ValueError("the steps differ between residue classes: there is no single saltus")
        return self.steps[0]

    def value(self, n: int) -> int:
        """g(n) by the pattern, for any n >= 0 (exact integers).

        >>> SequencePattern(0, 3, (), (0, 1, 1), (0, 0, 0), 99).value(10**30)
        1
        """
        if n < 0:
            raise ValueError(f"n must be >= 0, got {n}")
        if n < self.preperiod:
            return self.prefix[n]
        q, j = divmod(n - self.preperiod, self.period)
        return self.base[j] + q * self.steps[j]

    def values(self, n: np.ndarray) -> np.ndarray:
        """g of every entry of an array of n >= 0, as int64 (the values must fit).

        >>> SequencePattern(2, 2, (5, 5), (0, 1), (2, 2), 40).values(np.arange(8)).tolist()
        [5, 5, 0, 1, 2, 3, 4, 5]
        """
        n = np.asarray(n, np.int64)
        q, j = np.divmod(np.maximum(n - self.preperiod, 0), self.period)
        out = np.asarray(self.base, np.int64)[j] + q * np.asarray(self.steps, np.int64)[j]
        if self.preperiod:
            early = n < self.preperiod
            out[early] = np.asarray(self.prefix, np.int64)[n[early]]
        return out

    def correction(self) -> tuple[int, ...]:
        """c(r) for r = 0..p-1 with g(n) = n + c(n mod p) for n >= n0 (family ``n_plus``).

        >>> SequencePattern(0, 4, (), (0, 1, 2, 4), (4, 4, 4, 4), 99).correction()
        (0, 0, 0, 1)
        """
        if self.family != "n_plus":
            raise ValueError("only a pattern of the form n + c(n mod p) has a correction")
        c = [0] * self.period
        for j, b in enumerate(self.base):
            n = self.preperiod + j
            c[n % self.period] = b - n
        return tuple(c)

    def lines(self) -> tuple[tuple[int, Fraction, Fraction], ...]:
        """(r, a_r, b_r) for r = 0..p-1: g(n) = a_r n + b_r for n >= n0 with n = r (mod p).

        >>> SequencePattern(0, 2, (), (1, 0), (2, 6), 99).lines()
        ((0, Fraction(1, 1), Fraction(1, 1)), (1, Fraction(3, 1), Fraction(-3, 1)))
        """
        out = []
        for j, (b, s) in enumerate(zip(self.base, self.steps, strict=True)):
            n = self.preperiod + j
            slope = Fraction(s, self.period)
            out.append((n % self.period, slope, b - slope * n))
        return tuple(sorted(out))


def as_table(table: object, ndim: int) -> np.ndarray:
    """``table`` as an int64 array of ``ndim`` dimensions; PatternError when it is not one.

    >>> as_table([1.0, 2.0], 1)
    Traceback (most recent call last):
    ...
    sgstudio.core.patterns.sequence.PatternError: a value table must hold integers, got float64 values
    """
    arr = np.asarray(table)
    if arr.ndim != ndim:
        raise PatternError(f"a table of {'one' if ndim == 1 else 'two'} number{'s' * (ndim > 1)} must be a "
                           f"{ndim}-dimensional array, got {arr.ndim} dimension{'s' * (arr.ndim != 1)}")
    if arr.size and arr.dtype.kind not in "iu":
        raise PatternError(f"a value table must hold integers, got {arr.dtype} values")
    if arr.dtype.kind == "u" and arr.size and int(arr.max()) >= 2**63:
        raise PatternError("a value table's entries must be below 2^63")
    return arr.astype(np.int64, copy=False)


def enough(n0: int, p: int, params: int, size: int) -> bool:
    """Whether a pattern of period p from n0 reading ``params`` values is evidence enough in a table
    of ``size`` values (module docstring).

    >>> enough(71, 12, 12, 1000), enough(71, 12, 12, 130), enough(0, 40, 40, 110)
    (True, False, False)
    """
    span = size - n0
    return span - params >= max(2 * p, MIN_CHECKS) and 2 * span >= size


def _periodic_start(a: np.ndarray, size: int, extra: int) -> tuple[int, int] | None:
    """(n0, p): the smallest start i whose suffix a[i:] has a smallest period p that is evidence
    enough (a table of ``size`` values, ``p + extra`` parameters); None when no suffix is."""
    if a.size == 0:
        return None
    length = np.arange(1, a.size + 1, dtype=np.int64)
    period = length - borders(a[::-1])  # smallest period of the suffix of each length
    span = length + (size - a.size)  # the part of the table that suffix describes
    ok = (span - period - extra >= np.maximum(2 * period, MIN_CHECKS)) & (2 * span >= size)
    hits = np.flatnonzero(ok)
    if not hits.size:
        return None
    k = int(hits[-1])  # the longest suffix, i.e. the smallest start
    return a.size - 1 - k, int(period[k])


def _pattern(g: np.ndarray, n0: int, p: int) -> SequencePattern:
    base = g[n0 : n0 + p]
    steps = g[n0 + p : n0 + 2 * p] - base
    return SequencePattern(n0, p, tuple(g[:n0].tolist()), tuple(base.tolist()), tuple(steps.tolist()),
                           int(g.size))


def find_sequence_pattern(table: object) -> SequencePattern | None:
    """The simplest pattern (module docstring) that fits all of ``table`` = g(0..N-1), or None.

    Parameters
    ----------
    table : sequence or 1-D array of int
        The values, from n = 0.

    Returns
    -------
    SequencePattern or None
        None when no family fits the whole table with evidence enough ("no pattern found up to N").

    Examples
    --------
    >>> find_sequence_pattern([3] * 5 + [0] * 40).family
    'constant'
    >>> p = find_sequence_pattern([2 * n + (n % 3 == 1) * n for n in range(90)])
    >>> p.family, p.period, [(r, str(a), str(b)) for r, a, b in p.lines()]
    ('linear', 3, [(0, '2', '0'), (1, '3', '0'), (2, '2', '0')])
    """
    g = as_table(table, 1)
    size = int(g.size)
    if size <= MIN_CHECKS:
        return None
    hit = _periodic_start(g, size, 0)
    if hit is None:
        hit = _periodic_start(np.diff(g), size, 1)
    if hit is None:
        p, n0 = first_linear(g, size // 4, MIN_CHECKS)
        hit = (n0, p) if p else None
    return None if hit is None else _pattern(g, *hit)
