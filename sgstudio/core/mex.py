"""The minimum excludant, the one operation every Grundy value is made of.

Theory: in an impartial game under normal play, the Grundy value of a position x is
g(x) = mex{ g(y) : y is a move from x }, where mex(A) is the least non-negative integer not in A.
A position with no move has g = 0, and g(x) = 0 exactly when the player to move loses.
"""

from __future__ import annotations

from collections.abc import Iterable


def mex(values: Iterable[int]) -> int:
    """Least non-negative integer not in ``values``.

    Runs in time linear in the number of values (values beyond that count cannot matter).

    >>> mex([])
    0
    >>> mex([0, 1, 3])
    2
    >>> mex([1, 2, 2, 5])
    0
    """
    vals = list(values)
    seen = bytearray(len(vals) + 1)
    for v in vals:
        if 0 <= v < len(seen):
            seen[v] = 1
    return seen.index(0)


def nim_sum(values: Iterable[int]) -> int:
    """XOR of all values: the Grundy value of a sum of games (Sprague-Grundy theorem).

    >>> nim_sum([3, 5, 6])
    0
    >>> nim_sum([])
    0
    """
    total = 0
    for v in values:
        total ^= v
    return total
