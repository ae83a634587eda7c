"""P-positions on Beatty pairs: (floor(n alpha), floor(n beta)), alpha and beta found from the data.

The P-positions of a square table, in the half x <= y when they are symmetric (then the pattern is
the pairs and their mirror images), sorted by x, must be (a_n, b_n) with both coordinates strictly
increasing; n counts from 0 when (0, 0) is one of them, else from 1. Each a_n = floor(n alpha) says
a_n / n <= alpha < (a_n + 1) / n, so alpha lies in the intersection [lo, hi) of those intervals
(exact fractions); an empty one means no Beatty sequence fits. alpha is then recognised, simplest
first (:mod:`sgstudio.core.patterns.surd`): a rational of denominator at most a quarter of the pairs
seen, else a quadratic irrational read from a periodic continued fraction; failing both, the
simplest rational of the interval stands for alpha, marked as not recognised. The same for beta.
The pattern counts only if the pairs it predicts are exactly the P-positions of the whole table.

Examples
--------
>>> wythoff = np.zeros((150, 150), bool)
>>> for n in range(100):
...     a, b = Surd(1, 1, 5, 2).floor_times(n), Surd(3, 1, 5, 2).floor_times(n)
...     if b < 150:
...         wythoff[a, b] = wythoff[b, a] = True
>>> fit = fit_beatty(wythoff)
>>> fit.alpha.text(), fit.beta.text(), fit.mirrored, fit.start, fit.pairs
('(1 + √5)/2 = φ', '(3 + √5)/2 = φ²', True, 0, 58)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from sgstudio.core.patterns.surd import Surd, common_quotients, periodic_surd, simplest_rational

MIN_PAIRS = 8
"""Pairs the table must show before a Beatty pattern is considered."""


@dataclass(frozen=True)
class BeattyPattern:
    """P-positions exactly (floor(n alpha), floor(n beta)) for n >= start, and their mirror images when
    ``mirrored``; ``interval`` holds the ranges [lo, hi) of alpha and beta that the ``pairs`` seen allow,
    ``recognised`` whether each number was recognised (else the simplest rational of its range)."""

    alpha: Surd
    beta: Surd
    start: int
    mirrored: bool
    pairs: int
    intervals: tuple[tuple[Fraction, Fraction], tuple[Fraction, Fraction]]
    recognised: tuple[bool, bool]
    checked: tuple[int, int]

    on_p = True

    def pair(self, n: int) -> tuple[int, int]:
        """(floor(n alpha), floor(n beta))."""
        return self.alpha.floor_times(n), self.beta.floor_times(n)

    def is_p(self, x: int, y: int) -> bool:
        """Whether (x, y) is a P-position by the pattern (exact, any size).

        >>> phi, wide = Surd(1, 1, 5, 2), (Fraction(1), Fraction(2))
        >>> wythoff = BeattyPattern(phi, Surd(3, 1, 5, 2), 0, True, 0, (wide, wide), (True, True), (0, 0))
        >>> wythoff.is_p(5, 3), wythoff.is_p(10**12, 1618033988750), wythoff.is_p(10**12, 1618033988751)
        (True, True, False)
        """
        for u, v in ((x, y), (y, x)) if self.mirrored else ((x, y),):
            n = self._index(u)
            if n is not None and self.pair(n) == (u, v):
                return True
        return False

    def _index(self, u: int) -> int | None:
        """The n >= start with floor(n alpha) = u, if any (alpha >= 1: at most one)."""
        if self.alpha.is_rational:
            r = Fraction(self.alpha.a, self.alpha.c)
            n = -((-u * r.denominator) // r.numerator)  # ceil(u / alpha)
        else:
            n = self.alpha.reciprocal().floor_times(u + 1)  # the largest n < (u + 1) / alpha
        return n if n >= self.start and self.alpha.floor_times(n) == u else None

    def predict(self, shape: tuple[int, int]) -> np.ndarray:
        """The P-positions the pattern puts in a table of ``shape``, as a boolean array.

        >>> one, wide = Surd(1, 0, 1, 1), (Fraction(1), Fraction(2))
        >>> doubles = BeattyPattern(one, Surd(2, 0, 1, 1), 1, False, 0, (wide, wide), (True, True), (0, 0))
        >>> np.argwhere(doubles.predict((4, 7))).tolist()
        [[1, 2], [2, 4], [3, 6]]
        """
        mask = np.zeros(shape, bool)
        n, top = self.start, max(shape)
        while True:
            a, b = self.pair(n)
            if min(a, b) >= top:
                return mask
            for u, v in ((a, b), (b, a)) if self.mirrored else ((a, b),):
                if u < shape[0] and v < shape[1]:
                    mask[u, v] = True
            n += 1


def _interval(values: np.ndarray, start: int) -> tuple[Fraction, Fraction] | None:
    """The alphas with floor(n alpha) = values[n - start] for every listed n (n = 0 must give 0)."""
    lo, hi = Fraction(1), None  # alpha >= 1: the values strictly increase
    for i, v in enumerate(values.tolist()):
        n = start + i
        if n == 0:
            if v != 0:
                return None
            continue
        lo, top = max(lo, Fraction(v, n)), Fraction(v + 1, n)
        hi = top if hi is None else min(hi, top)
    return (lo, hi) if hi is not None and lo < hi else None


def recognise(lo: Fraction, hi: Fraction, count: int) -> tuple[Surd, bool]:
    """A number in [lo, hi) in closed form (module docstring) and whether it was recognised.

    >>> recognise(Fraction(2), Fraction(2) + Fraction(1, 50), 50)
    (Surd(a=2, b=0, d=1, c=1), True)
    """
    r = simplest_rational(lo, hi)
    if 4 * r.denominator <= count:
        return Surd.rational(r), True
    surd = periodic_surd(common_quotients(lo, hi))
    if surd is not None and surd.inside(lo, hi):
        return surd, True
    return Surd.rational(r), False


def _tied(known: Surd, lo: Fraction, hi: Fraction, fallback: Surd) -> tuple[Surd, bool]:
    """The first number tied to ``known`` (:meth:`Surd.related`, both ways) inside [lo, hi)."""
    for candidate in known.related():
        if candidate.inside(lo, hi):
            return candidate, True
    for candidate in (known + -1, known + -2, known * Surd(1, 0, 1, 2), known * Surd(1, 0, 1, 3)):
        if candidate.compare(Fraction(1)) >= 0 and candidate.inside(lo, hi):
            return candidate, True
    return fallback, False


def _pairs(mask: np.ndarray, mirrored: bool) -> np.ndarray | None:
    """The P-positions (x <= y when mirrored) sorted by x, when both coordinates strictly increase."""
    xs, ys = np.nonzero(mask)
    if mirrored:
        keep = xs <= ys
        xs, ys = xs[keep], ys[keep]
    order = np.argsort(xs, kind="stable")
    xs, ys = xs[order], ys[order]
    if np.any(np.diff(xs) <= 0) or np.any(np.diff(ys) <= 0):
        return None
    return np.stack([xs, ys], axis=1)


def fit_beatty(p_mask: np.ndarray) -> BeattyPattern | None:
    """A Beatty pattern that gives exactly the P-positions ``p_mask`` (True = P) of a table, or None.

    Fitted on the table's square part, checked on all of it (module docstring).
    """
    side = min(p_mask.shape)
    square = p_mask[:side, :side]
    mirrored = bool(np.array_equal(square, square.T))
    pairs = _pairs(square, mirrored)
    if pairs is None or len(pairs) < MIN_PAIRS:
        return None
    start = 0 if tuple(pairs[0]) == (0, 0) else 1
    ranges = [_interval(pairs[:, k], start) for k in (0, 1)]
    if ranges[0] is None or ranges[1] is None:
        return None
    count = len(pairs) - (start == 0)
    (alpha, known_a), (beta, known_b) = (recognise(lo, hi, count) for lo, hi in ranges)
    if known_a != known_b:  # the recognised one may give the other: beta = alpha + 1, alpha / (alpha - 1)
        if known_a:
            beta, known_b = _tied(alpha, *ranges[1], beta)
        else:
            alpha, known_a = _tied(beta, *ranges[0], alpha)
    fit = BeattyPattern(alpha, beta, start, mirrored, len(pairs), (ranges[0], ranges[1]), (known_a, known_b),
                        (int(p_mask.shape[0]), int(p_mask.shape[1])))
    return fit if np.array_equal(fit.predict(p_mask.shape), p_mask) else None

