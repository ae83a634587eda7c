"""The generalized Sprague-Grundy values of a graph's vertices, as computed (γ, counters, CSR successors).

Made by every engine of :mod:`sgstudio.games.graph.loopy.values` (pure Python, numpy levels, numba).

>>> import numpy as np
>>> values = LoopyValues(np.array([0, INF]), np.array([0, -1]), np.array([0, 0, 2]), np.array([0, 1]))
>>> values.gamma_of(0), values.gamma_of(1)
(0, Infinite(followers=frozenset({0})))
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from sgstudio.core.values import Gamma, Infinite

INF = -1
"""How an ∞ value is stored in a ``gamma`` array (finite values are >= 0)."""


@dataclass(frozen=True)
class LoopyValues:
    """γ and c of every vertex 0..n-1, with the successors they were computed on (CSR).

    ``gamma[v]`` is the finite value or :data:`INF`; ``counter[v]`` is c(v), or -1 when γ(v) is
    ∞. The successors of v are ``heads[start[v]:start[v + 1]]`` (edge order kept).
    """

    gamma: np.ndarray
    counter: np.ndarray
    start: np.ndarray
    heads: np.ndarray

    def followers(self, v: int) -> np.ndarray:
        """The heads of v's out-edges."""
        return self.heads[self.start[v]:self.start[v + 1]]

    def reach(self, v: int) -> frozenset[int]:
        """K(v): the finite values among v's followers."""
        vals = self.gamma[self.followers(v)]
        return frozenset(vals[vals >= 0].tolist())

    def gamma_of(self, v: int) -> Gamma:
        """γ(v) as an int, or as :class:`Infinite` with its K."""
        g = int(self.gamma[v])
        return g if g >= 0 else Infinite(self.reach(v))
