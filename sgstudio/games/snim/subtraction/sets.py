"""Infinite subtraction sets by name: squares, primes, Fibonacci numbers, triangular numbers, factorials.

A subtraction game with set S lets a move remove s stones from one heap, for any s in S with
s <= heap. Here S is infinite, so only its members up to the largest heap ever matter: each named
set gives its members up to a bound (:meth:`NamedSet.members`) and tests membership of any single
number (:meth:`NamedSet.contains`), however large.

The value sequences of these games are in the OEIS (offset 0, g(0) = 0): take-a-square A014586,
take-a-factorial A014587, take-a-Fibonacci A014588, take-a-prime A014589, take-a-triangle A019509.

Examples
--------
>>> NAMED_SETS["squares"].members(30).tolist()
[1, 4, 9, 16, 25]
>>> NAMED_SETS["fibonacci"].members(30).tolist(), NAMED_SETS["fibonacci"].contains(10**20)
([1, 2, 3, 5, 8, 13, 21], False)
>>> resolve("primes").members(20).tolist()
[2, 3, 5, 7, 11, 13, 17, 19]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import numpy as np

from sgstudio.core.errors import SGStudioError


class SubtractionSetError(SGStudioError, ValueError):
    """An unknown set name, or a finite set that is not a set of positive integers."""


@dataclass(frozen=True)
class NamedSet:
    """One infinite subtraction set: its name, what it is, its game's OEIS entry, its members."""

    name: str
    title: str
    oeis: str
    members_up_to: Callable[[int], np.ndarray]
    contains: Callable[[int], bool]

    def members(self, limit: int) -> np.ndarray:
        """The members s <= limit, ascending, as int64 (empty when limit < 1)."""
        return self.members_up_to(int(limit)) if limit >= 1 else np.zeros(0, np.int64)

    def count(self, limit: int) -> int:
        """How many members are <= limit."""
        return int(self.members(limit).size)


def _squares(limit: int) -> np.ndarray:
    k = np.arange(1, math.isqrt(limit) + 1, dtype=np.int64)
    return k * k


def _is_square(k: int) -> bool:
    return k >= 1 and math.isqrt(k) ** 2 == k


def _triangular(limit: int) -> np.ndarray:
    top = (math.isqrt(8 * limit + 1) - 1) // 2  # the largest k with k(k+1)/2 <= limit
    k = np.arange(1, top + 1, dtype=np.int64)
    return k * (k + 1) // 2


def _is_triangular(k: int) -> bool:
    return k >= 1 and math.isqrt(8 * k + 1) ** 2 == 8 * k + 1


def _primes(limit: int) -> np.ndarray:
    """Sieve of Eratosthenes over the odd numbers."""
    if limit < 2:
        return np.zeros(0, np.int64)
    odd = np.ones((limit + 1) // 2, bool)  # odd[i] stands for 2i + 1
    odd[0] = False
    for i in range(1, (math.isqrt(limit) + 1) // 2):
        if odd[i]:
            p = 2 * i + 1
            odd[p * p // 2 :: p] = False
    return np.concatenate(([2], 2 * np.flatnonzero(odd).astype(np.int64) + 1))


_WITNESSES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37)  # exact below 3.3 * 10^24


def _is_prime(k: int) -> bool:
    """Miller-Rabin with the first twelve primes as bases (deterministic below 3.3e24), then
    the same test with more bases beyond (a probable prime there)."""
    if k < 2:
        return False
    for p in _WITNESSES:
        if k % p == 0:
            return k == p
    d, r = k - 1, 0
    while d % 2 == 0:
        d, r = d // 2, r + 1
    bases = _WITNESSES if k < 3_317_044_064_679_887_385_961_981 else (*_WITNESSES, 41, 43, 47, 53, 59, 61)
    for a in bases:
        x = pow(a, d, k)
        if x in (1, k - 1):
            continue
        for _ in range(r - 1):
            x = x * x % k
            if x == k - 1:
                break
        else:
            return False
    return True


def _sequence_up_to(first: Callable[[], Iterable[int]], limit: int) -> np.ndarray:
    out: list[int] = []
    for term in first():
        if term > limit:
            break
        if not out or term != out[-1]:
            out.append(term)
    return np.array(out, np.int64)


def _fibonacci_terms() -> Iterable[int]:
    a, b = 1, 2
    while True:
        yield a
        a, b = b, a + b


def _factorial_terms() -> Iterable[int]:
    term, k = 1, 1
    while True:
        yield term
        k += 1
        term *= k


def _in_sequence(first: Callable[[], Iterable[int]], k: int) -> bool:
    for term in first():
        if term >= k:
            return term == k
    return False  # pragma: no cover - the sequences are infinite


NAMED_SETS: dict[str, NamedSet] = {
    s.name: s
    for s in (
        NamedSet("squares", "the squares 1, 4, 9, 16, ...", "A014586", _squares, _is_square),
        NamedSet("primes", "the primes 2, 3, 5, 7, ...", "A014589", _primes, _is_prime),
        NamedSet("fibonacci", "the Fibonacci numbers 1, 2, 3, 5, 8, ...", "A014588",
                 lambda limit: _sequence_up_to(_fibonacci_terms, limit),
                 lambda k: _in_sequence(_fibonacci_terms, k)),
        NamedSet("triangular", "the triangular numbers 1, 3, 6, 10, ...", "A019509", _triangular,
                 _is_triangular),
        NamedSet("factorials", "the factorials 1, 2, 6, 24, ...", "A014587",
                 lambda limit: _sequence_up_to(_factorial_terms, limit),
                 lambda k: _in_sequence(_factorial_terms, k)),
    )
}
"""The named infinite sets, by name (the names of the rules ``subtract:NAME``)."""


def resolve(name: str) -> NamedSet:
    """The named set called ``name`` (case and surrounding space ignored), or a clear error.

    >>> resolve(" Squares ").oeis
    'A014586'
    >>> resolve("cubes")
    Traceback (most recent call last):
    ...
    sgstudio.games.snim.subtraction.sets.SubtractionSetError: no subtraction set is named 'cubes': \
the names are squares, primes, fibonacci, triangular, factorials
    """
    found = NAMED_SETS.get(name.strip().lower())
    if found is None:
        raise SubtractionSetError(f"no subtraction set is named {name.strip()!r}: "
                                  f"the names are {', '.join(NAMED_SETS)}")
    return found


def finite_members(members: Iterable[int]) -> np.ndarray:
    """A finite set given by its members: sorted, duplicates dropped, every member a positive int.

    >>> finite_members([5, 2, 2]).tolist()
    [2, 5]
    >>> finite_members([3, 0])
    Traceback (most recent call last):
    ...
    sgstudio.games.snim.subtraction.sets.SubtractionSetError: a member of S must be a positive integer, got 0
    """
    out = set()
    for s in members:
        if isinstance(s, bool) or not isinstance(s, int | np.integer) or s < 1:
            raise SubtractionSetError(f"a member of S must be a positive integer, got {s!r}")
        out.add(int(s))
    if not out:
        raise SubtractionSetError("S must have at least one member")
    if max(out) >= 1 << 62:
        raise SubtractionSetError(f"members of S must be below 2^62, got {max(out)}")
    return np.array(sorted(out), np.int64)
