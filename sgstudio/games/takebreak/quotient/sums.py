"""Sums of heaps decided in the misère quotient: multiply the heaps' elements, look the product up
in P. O(components) to read the heaps, then O(|Q| log n) multiplications (equal elements are
counted and raised to their count), so a sum of 10^6 heaps takes a few numpy passes.

Examples
--------
>>> from sgstudio.games.takebreak.quotient.solver import QuotientSolver
>>> s = QuotientSolver("0.77"); _ = s.run(200)
>>> misere_wins(s, [1]), misere_wins(s, [2]), misere_wins(s, [1, 1])
(False, True, True)
>>> winning_moves(s, [4, 1])   # (index, take, heaps left): leave 1 + 1 beside the 1, or take the 1
[(0, 2, (1, 1)), (1, 1, ())]
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from sgstudio.games.takebreak.quotient.solver import QuotientSolver


def elements(solver: QuotientSolver, heaps: Sequence[int] | np.ndarray) -> np.ndarray:
    """Each heap's element Φ(h) (through the period beyond the heaps done; ValueError when the
    quotient has not stabilised and a heap is beyond it)."""
    arr = np.asarray(heaps, dtype=np.int64)
    phi = np.array(solver.phi, np.int64)
    if arr.size and int(arr.max()) >= len(phi):
        if solver.solved is None:
            raise ValueError(f"heap {int(arr.max())} is beyond the quotient's heaps (0..{solver.heaps}), "
                             "which has not stabilised")
        n0, p = solver.solved.preperiod, solver.solved.period
        arr = np.where(arr >= len(phi), n0 + (arr - n0) % p, arr)
    return phi[arr]


def element_of_sum(solver: QuotientSolver, heaps: Sequence[int] | np.ndarray) -> int:
    """The element of the sum of ``heaps`` in Q."""
    counts = np.bincount(elements(solver, heaps), minlength=solver.size)
    return solver.monoid.product(counts)


def misere_wins(solver: QuotientSolver, heaps: Sequence[int] | np.ndarray) -> bool:
    """Whether the player to move wins the misère sum of ``heaps``."""
    return not bool(solver.monoid.p[element_of_sum(solver, heaps)])


def winning_moves(solver: QuotientSolver, heaps: Sequence[int], limit: int | None = None
                  ) -> list[tuple[int, int, tuple[int, ...]]]:
    """Every winning move ``(heap_index, take, heaps_left)``: after it the sum's element is in P.

    The other heaps' product is found once per distinct heap size (the whole product with one of
    those heaps left out), then each option of that heap is one multiplication.
    """
    q = solver.monoid
    rows = q.mul.tolist()
    elems = elements(solver, heaps)
    counts = np.bincount(elems, minlength=solver.size)
    rest_of: dict[int, int] = {}
    found = []
    for i, h in enumerate(heaps):
        x = int(elems[i])
        if x not in rest_of:
            counts[x] -= 1
            rest_of[x] = q.product(counts)
            counts[x] += 1
        rest = rest_of[x]
        for take, after in solver.game.options(int(h)):
            y = rest
            for part in after:
                y = rows[y][solver.element(part)]
            if q.p[y]:
                found.append((i, take, tuple(after)))
                if limit is not None and len(found) >= limit:
                    return found
    return found
