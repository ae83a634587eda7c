"""Tokens on a big loopy graph held in arrays: :class:`ArrayLoopyGame` plays exactly as
:class:`~sgstudio.games.graph.loopy.game.LoopyGame` but keeps the graph as CSR arrays (row starts and
heads) and the values as the arrays they are computed in, so a game of 2*10^5 vertices and 10^6
edges costs a few arrays, not a tuple per vertex, two lists of values and a set of a million pairs
(measured on a random one: 0.43 s and 7 MB more at the peak, against 1.1 s and 223 MB from lists).
The window's Play starts from it on a loopy graph's bulk arrays, as it does from
:class:`~sgstudio.games.graph.dag.arrays.ArrayDagGame` on a DAG.

Successors are kept in ascending order (a move is checked by a binary search in its row).

>>> import numpy as np
>>> game = ArrayLoopyGame(4, np.array([0, 1, 1, 3]), np.array([1, 0, 2, 3]))
>>> game.successors[1], [str(game.gamma(v)) for v in range(4)]
((0, 2), ['0', '1', '0', '∞'])
>>> game.winning_moves((1,)), game.progress_moves((1,)), game.outcome((3,)), game.drawing_moves((3,))
([(1, 2), (1, 0)], [(1, 2)], <Outcome.DRAW: 'DRAW'>, [(3, 3)])
>>> game.apply((0, 1), (1, 2))
(0, 2)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from sgstudio.games.graph.dag.arrays import CsrEdges
from sgstudio.games.graph.loopy.game import LoopyGame
from sgstudio.games.graph.loopy.moves import TokenRules
from sgstudio.games.graph.loopy.values import generalized_values_auto


class IntView(Sequence):
    """An integer array read as a sequence of Python ints (the values the rules compute with)."""

    def __init__(self, values: np.ndarray) -> None:
        self.values = values

    def __len__(self) -> int:
        return len(self.values)

    def __getitem__(self, v):  # a vertex id (no slices)
        return int(self.values[v])


class ArrayLoopyGame(CsrEdges, LoopyGame):
    """:class:`LoopyGame` on vertices 0..n-1 with the edges ``src[i] -> dst[i]`` (repeats count once;
    self-loops and cycles allowed)."""

    def __init__(self, n: int, src: np.ndarray, dst: np.ndarray) -> None:  # no super(): arrays, not lists
        src, dst = self._set_edges(n, src, dst)
        self.values = generalized_values_auto(n, src, dst)
        self.rules = TokenRules(self.successors, IntView(self.values.gamma), IntView(self.values.counter))

    @classmethod
    def from_edges(cls, n: int, edges) -> ArrayLoopyGame:
        """The game on vertices 0..n-1 with these edges (pairs)."""
        pairs = np.asarray(edges, np.int64).reshape(-1, 2)
        return cls(n, pairs[:, 0], pairs[:, 1])
