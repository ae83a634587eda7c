"""g(h) of one huge S-Nim heap computed directly, from the few positions play can reach from it.

When S's members are huge next to a heap h (S = {10^18}, h = 10^18 + 5), neither a table up to h
nor a period search within its limit is possible, but play from h only reaches the positions
h - t, t a sum of members of S (repeats allowed). Those below the table's length are read from the
table; the others are computed in decreasing order of t (each needs only positions further down,
that is, larger t), g(p) = mex{ g(p - s) : s in S, s <= p }. :mod:`sgstudio.games.snim.game` calls
this within a budget of positions.

>>> import numpy as np
>>> table = np.array([0, 0, 1, 1, 0, 2, 1], np.int64)      # g(0..6) for S = {2, 5}
>>> sums = reachable_sums((2, 5), 20 - 7, budget=100)
>>> direct_values((2, 5), table, 7, 20, sums)[20]           # g(20) = g(20 mod 7) = g(6)
1
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np


def reachable_sums(S: Sequence[int], top: int, budget: int) -> set[int] | None:  # noqa: N803
    """Every sum t <= top of members of S (repeats allowed), or None when there are more than
    ``budget`` of them.

    >>> sorted(reachable_sums((2, 5), 7, 100))
    [0, 2, 4, 5, 6, 7]
    """
    found, frontier = {0}, [0]
    while frontier:
        t = frontier.pop()
        for s in S:
            if t + s > top:
                break
            if t + s not in found:
                found.add(t + s)
                frontier.append(t + s)
        if len(found) > budget:
            return None
    return found


def direct_values(S: Sequence[int], table: np.ndarray, known: int, h: int, sums: set[int]) -> dict[int, int]:  # noqa: N803
    """g(h - t) for every t of ``sums`` (the sums of members up to h - known): from ``table`` (g of
    the first ``known`` heaps) below ``known``, else by the mex, in increasing order of h - t."""
    values: dict[int, int] = {}
    for t in sorted(sums, reverse=True):
        p = h - t
        seen = {int(table[q]) if q < known else values[q] for q in (p - s for s in S if s <= p)}
        values[p] = next(v for v in range(len(seen) + 1) if v not in seen)
    return values
