"""Sums of loopy games: the value and the outcome of several tokens, one at a time or in bulk.

Theory (Smith 1966; Fraenkel-Yesha). Several tokens on a graph form a sum: a move moves one token.
The value of a sum is :func:`sgstudio.core.values.sum_value` of its components' generalized
Sprague-Grundy values (:mod:`sgstudio.games.graph.loopy.values`), its outcome
:func:`~sgstudio.core.values.outcome_of`; here the same, for many sums of tokens at once.

Two tokens on one ∞ vertex do not cancel as two equal nimbers do: they are two ∞ components.
"""

from __future__ import annotations

import numpy as np

from sgstudio.core.outcome import Outcome
from sgstudio.games.graph.loopy.values import LoopyValues

_CODES = (Outcome.LOSE, Outcome.WIN, Outcome.DRAW)


def query_outcomes(values: LoopyValues, flat: np.ndarray, lengths: np.ndarray) -> list[Outcome]:
    """Outcomes of many token sums at once: query i is ``flat[sum(lengths[:i]):][:lengths[i]]``.

    Every length must be at least 1. Vectorised with numpy: linear in the tokens, plus the
    followers of the ∞ token of each query that has exactly one.

    >>> from sgstudio.games.graph.loopy.values import generalized_values_py
    >>> values = generalized_values_py(3, [0, 0, 1], [0, 1, 2])  # 0: ∞{1} (self-loop), 1 -> 2
    >>> print(*query_outcomes(values, np.array([0, 1, 1, 1, 1, 0, 0]), np.array([2, 1, 2, 2])))
    WIN WIN LOSE DRAW
    """
    return [_CODES[c] for c in query_codes(values, flat, lengths).tolist()]


def query_codes(values: LoopyValues, flat: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """:func:`query_outcomes` as codes 0 (LOSE), 1 (WIN), 2 (DRAW), in an int64 array."""
    flat = np.asarray(flat, np.int64)
    lengths = np.asarray(lengths, np.int64)
    if lengths.size == 0:
        return np.zeros(0, np.int64)
    begin = np.cumsum(lengths) - lengths
    g = values.gamma[flat]
    infinite = g < 0
    n_inf = np.add.reduceat(infinite.astype(np.int64), begin)
    total = np.bitwise_xor.reduceat(np.where(infinite, 0, g), begin)
    codes = np.where(n_inf == 0, (total != 0).astype(np.int64), 2)
    one = np.flatnonzero(n_inf == 1)
    if one.size:
        vertex = np.maximum.reduceat(np.where(infinite, flat, -1), begin)[one]
        codes[one[_reaches(values, vertex, total[one])]] = 1
    return codes


def _reaches(values: LoopyValues, vertex: np.ndarray, target: np.ndarray) -> np.ndarray:
    """For each i, whether ``vertex[i]`` (an ∞ vertex, so it has followers) has a follower of value
    ``target[i]``."""
    lens = values.start[vertex + 1] - values.start[vertex]
    begin = np.cumsum(lens) - lens
    idx = np.repeat(values.start[vertex] - begin, lens) + np.arange(int(lens.sum()))
    hit = values.gamma[values.heads[idx]] == np.repeat(target, lens)
    return np.logical_or.reduceat(hit, begin)
