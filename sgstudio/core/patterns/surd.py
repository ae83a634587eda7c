"""Exact numbers (a + b sqrt d) / c, and how to recognise one from an interval it must lie in.

A Beatty sequence floor(n alpha) pins alpha down to an interval [lo, hi) with rational ends. Inside
it we look, simplest first, for a rational with a small denominator (the Stern-Brocot simplest
rational of the interval), then for a quadratic irrational: the partial quotients that every number
of the interval shares (the common part of the continued fractions of lo and hi) are searched for
an eventual period, and a periodic continued fraction is exactly a quadratic irrational
(Lagrange), computed here in closed form. floor(n alpha) is then exact for every integer n:
floor((n a + floor(n b sqrt d)) / c), with floor(t sqrt d) = isqrt(t^2 d) for t >= 0 and
-isqrt(t^2 d) - 1 for t < 0 (d is not a square, so t sqrt d is irrational when t != 0).

Examples
--------
>>> phi = Surd(1, 1, 5, 2)
>>> phi.text(), phi.floor_times(10**6), float(phi)
('(1 + √5)/2 = φ', 1618033, 1.618033988749895)
>>> periodic_surd([1, 1, 1, 1, 1, 1, 1, 1])
Surd(a=1, b=1, d=5, c=2)
>>> simplest_rational(Fraction(31, 10), Fraction(16, 5))
Fraction(19, 6)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

NAMES = {(1, 1, 5, 2): "φ", (3, 1, 5, 2): "φ²", (-1, 1, 5, 2): "1/φ"}


@dataclass(frozen=True)
class Surd:
    """(a + b sqrt d) / c with c > 0, d >= 2 square-free and gcd(a, b, c) = 1; or a rational a / c
    (b = 0, d = 1)."""

    a: int
    b: int
    d: int
    c: int

    @classmethod
    def rational(cls, r: Fraction) -> Surd:
        """The rational r as a Surd.

        >>> Surd.rational(Fraction(6, 4))
        Surd(a=3, b=0, d=1, c=2)
        """
        return cls(r.numerator, 0, 1, r.denominator)

    @property
    def is_rational(self) -> bool:
        return self.b == 0

    def __float__(self) -> float:
        return (self.a + self.b * math.sqrt(self.d)) / self.c

    def floor_times(self, n: int) -> int:
        """floor(n * self), exact for any integer n.

        >>> Surd(1, 1, 5, 2).floor_times(-3), Surd(5, -1, 5, 2).floor_times(7)
        (-5, 9)
        >>> Surd(3, 0, 1, 2).floor_times(5)
        7
        """
        if self.is_rational:
            return n * self.a // self.c
        t = n * self.b
        root = math.isqrt(t * t * self.d)
        return (n * self.a + (root if t >= 0 else -root - 1)) // self.c

    def compare(self, r: Fraction) -> int:
        """-1, 0 or 1 as self is below, equal to or above the rational r (exactly).

        >>> Surd(1, 1, 5, 2).compare(Fraction(8, 5)), Surd(1, 1, 5, 2).compare(Fraction(13, 8))
        (1, -1)
        """
        x = r.denominator * self.a - r.numerator * self.c  # sign of x + y sqrt d
        y = r.denominator * self.b
        if y == 0:
            return (x > 0) - (x < 0)
        if x >= 0 and y > 0:
            return 1
        if x <= 0 and y < 0:
            return -1
        bigger = y * y * self.d > x * x  # |y sqrt d| > |x|: the surd part's sign wins
        return (1 if y > 0 else -1) if bigger else (1 if x > 0 else -1)

    def inside(self, lo: Fraction, hi: Fraction) -> bool:
        """Whether lo <= self < hi.

        >>> root2 = Surd(0, 1, 2, 1)
        >>> root2.inside(Fraction(7, 5), Fraction(3, 2)), root2.inside(Fraction(3, 2), Fraction(2))
        (True, False)
        """
        return self.compare(lo) >= 0 and self.compare(hi) < 0

    def reciprocal(self) -> Surd:
        """1 / self (self != 0).

        >>> Surd(1, 1, 5, 2).reciprocal()
        Surd(a=-1, b=1, d=5, c=2)
        """
        if self.is_rational:
            return Surd.rational(1 / Fraction(self.a, self.c))
        return _reduced(self.c * self.a, -self.c * self.b, self.d, self.a * self.a - self.b * self.b * self.d)

    def __add__(self, k: int) -> Surd:
        """self + k for an integer k.

        >>> Surd(1, 1, 5, 2) + 1
        Surd(a=3, b=1, d=5, c=2)
        """
        return _reduced(self.a + k * self.c, self.b, self.d, self.c)

    def __mul__(self, other: Surd) -> Surd:
        """self * other, both rational or both in the same field Q(sqrt d).

        >>> Surd(1, 1, 5, 2) * Surd(1, 1, 5, 2)
        Surd(a=3, b=1, d=5, c=2)
        """
        if self.is_rational or other.is_rational:
            d = other.d if self.is_rational else self.d
        elif self.d != other.d:
            raise ValueError("the product of surds of different square roots is not a surd")
        else:
            d = self.d
        a = self.a * other.a + self.b * other.b * d
        return _reduced(a, self.a * other.b + self.b * other.a, d, self.c * other.c)

    def related(self) -> list[Surd]:
        """Numbers a second Beatty sequence is often tied to: self + 1, self + 2, 2 self, 3 self and
        self / (self - 1) (the complementary sequence of Beatty's theorem), when not rational.

        >>> [s.text() for s in Surd(1, 1, 5, 2).related()][:2]
        ['(3 + √5)/2 = φ²', '(5 + √5)/2']
        """
        if self.is_rational:
            return []
        out = [self + 1, self + 2, self * Surd(2, 0, 1, 1), self * Surd(3, 0, 1, 1)]
        return [*out, self * (self + -1).reciprocal()]

    def text(self) -> str:
        """In symbols.

        >>> [s.text() for s in (Surd(3, 0, 1, 2), Surd(0, 1, 2, 1), Surd(5, -2, 3, 1), Surd(3, 1, 5, 2))]
        ['3/2', '√2', '5 − 2√3', '(3 + √5)/2 = φ²']
        """
        if self.is_rational:
            return str(Fraction(self.a, self.c))
        root = f"√{self.d}" if abs(self.b) == 1 else f"{abs(self.b)}√{self.d}"
        if self.a == 0:
            top = root if self.b > 0 else f"−{root}"
        else:
            top = f"{self.a} {'+' if self.b > 0 else '−'} {root}"
        words = top if self.c == 1 else (f"({top})/{self.c}" if self.a else f"{top}/{self.c}")
        name = NAMES.get((self.a, self.b, self.d, self.c))
        return f"{words} = {name}" if name else words

    def python_floor(self, m: str) -> str:
        """A Python expression for floor(m * self), exact for the integer expression ``m`` >= 1
        (also for m = 0 when b >= 0); it may use ``math``.

        >>> expr = Surd(1, 1, 5, 2).python_floor("n")
        >>> expr, [eval(expr, {"math": math, "n": n}) for n in range(5)]
        ('(n + math.isqrt(5 * n * n)) // 2', [0, 1, 3, 4, 6])
        """
        times = m if self.a == 1 else f"-{m}" if self.a == -1 else f"{self.a} * {m}"
        if self.is_rational:
            return times if self.c == 1 else f"{times} // {self.c}"
        root = f"math.isqrt({self.b * self.b * self.d} * {m} * {m})"
        num = (f"{times} + {root}" if self.b > 0 else f"{times} - {root} - 1") if self.a else (
            root if self.b > 0 else f"-{root} - 1")
        return f"({num}) // {self.c}" if self.c != 1 else f"({num})"


def _squarefree(n: int) -> tuple[int, int]:
    """(k, d) with n = k^2 d and d square-free (n >= 1)."""
    k, d, f = 1, n, 2
    while f * f <= d:
        while d % (f * f) == 0:
            d //= f * f
            k *= f
        f += 1
    return k, d


def _reduced(a: int, b: int, disc: int, c: int) -> Surd:
    """(a + b sqrt disc) / c in lowest terms."""
    k, d = _squarefree(disc)
    b *= k
    if d == 1:
        return Surd.rational(Fraction(a + b, c))
    if c < 0:
        a, b, c = -a, -b, -c
    g = math.gcd(a, b, c)
    return Surd(a // g, b // g, d, c // g)


def simplest_rational(lo: Fraction, hi: Fraction) -> Fraction:
    """The rational of smallest denominator in [lo, hi) (lo < hi).

    >>> simplest_rational(Fraction(2), Fraction(21, 10)), simplest_rational(Fraction(1, 3), Fraction(1, 2))
    (Fraction(2, 1), Fraction(1, 3))
    """
    return _simplest(lo, True, hi, False)


def _simplest(lo: Fraction, lo_in: bool, hi: Fraction | None, hi_in: bool) -> Fraction:
    """The simplest rational between lo and hi (None: no upper end), each end in or out."""
    k = math.ceil(lo) if lo_in else math.floor(lo) + 1
    if hi is None or k < hi or (hi_in and k == hi):
        return Fraction(k)
    whole = math.floor(lo)  # no integer in between: lo and hi share their integer part
    top = None if lo == whole else 1 / (lo - whole)
    return whole + 1 / _simplest(1 / (hi - whole), hi_in, top, lo_in)


def continued_fraction(x: Fraction) -> list[int]:
    """The partial quotients of a rational.

    >>> continued_fraction(Fraction(13, 8))
    [1, 1, 1, 1, 2]
    """
    terms = []
    while True:
        whole = math.floor(x)
        terms.append(whole)
        if x == whole:
            return terms
        x = 1 / (x - whole)


def common_quotients(lo: Fraction, hi: Fraction) -> list[int]:
    """The partial quotients every number in [lo, hi) shares (lo < hi).

    Peel the integer part a while every number of the interval has it, then map x to 1 / (x - a),
    which turns the interval around (its ends swap, open and closed with them).

    >>> common_quotients(Fraction(21, 13), Fraction(34, 21))
    [1, 1, 1, 1, 1]
    >>> common_quotients(Fraction(3, 2), Fraction(8, 5))   # 2 is inside: x = 1 + 1/2
    [1]
    """
    terms: list[int] = []
    low, low_in, high, high_in = lo, True, hi, False
    while True:
        whole = math.floor(low)
        if high > whole + 1 or (high == whole + 1 and high_in):
            return terms  # the interval holds numbers of different integer parts
        terms.append(whole)
        if low == whole:
            return terms  # whole itself (if inside) ends there; the rest has no bound above
        low, low_in, high, high_in = 1 / (high - whole), high_in, 1 / (low - whole), low_in


def periodic_surd(terms: list[int], min_checks: int = 4) -> Surd | None:
    """The quadratic irrational whose continued fraction is ``terms`` continued periodically, when
    ``terms`` end in a period seen to repeat (at least max(2 * period, min_checks) terms after the
    first period); the smallest period first, then the shortest preperiod. None otherwise.

    >>> periodic_surd([1, 2, 2, 2, 2, 2]), periodic_surd([2, 1, 1, 1, 1, 1, 1])
    (Surd(a=0, b=1, d=2, c=1), Surd(a=3, b=1, d=5, c=2))
    >>> periodic_surd([1, 3, 1, 2, 5]) is None
    True
    """
    size = len(terms)
    for period in range(1, size):
        for start in range(0, size - period):
            if size - start - period < max(2 * period, min_checks):
                break
            if all(terms[i] == terms[i + period] for i in range(start, size - period)):
                return _surd_of(terms[:start], terms[start : start + period])
    return None


def _matrix(terms: list[int]) -> tuple[int, int, int, int]:
    """(A, B, C, D) with [t0; t1, ..., tk, y] = (A y + B) / (C y + D)."""
    a, b, c, d = 1, 0, 0, 1
    for t in terms:
        a, b, c, d = a * t + b, a, c * t + d, c
    return a, b, c, d


def _surd_of(head: list[int], period: list[int]) -> Surd:
    """[head; period, period, ...] in closed form."""
    a, b, c, d = _matrix(period)  # y = (a y + b) / (c y + d): c y^2 + (d - a) y - b = 0, y > 1
    u, disc, v = a - d, (a - d) ** 2 + 4 * b * c, 2 * c  # y = (u + sqrt disc) / v
    e, f, g, h = _matrix(head)  # x = (e y + f) / (g y + h) = (p + e sqrt disc) / (q + g sqrt disc)
    p, q = e * u + f * v, g * u + h * v
    return _reduced(p * q - e * g * disc, e * q - p * g, disc, q * q - g * g * disc)
