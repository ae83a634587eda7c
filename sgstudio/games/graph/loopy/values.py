"""Generalized Sprague-Grundy values of any directed graph, cycles allowed (Smith 1966; Fraenkel-Yesha).

Theory. A token on vertex v of a directed graph moves along an out-edge; the player who cannot move
loses, and play that never ends is a draw. Each vertex gets a value γ(v): a nimber m >= 0, or ∞(K)
with K the set of finite values among v's followers. γ is the unique function with

- (A) if γ(u) = m is finite, m = mex of the finite values of u's followers;
- (B) if γ(u) = m is finite and a follower v has γ(v) > m or γ(v) = ∞, then v has a follower w
  with γ(w) = m and a smaller counter c(w) < c(u): a move up can be answered by a move back down
  to m, and the counter proves that this cannot go on for ever;
- (C) if γ(u) = ∞, some follower v is ∞(K) with mex(finite values of u's followers) not in K, so
  u cannot be given that value.

A single token wins (WIN) iff γ is finite and > 0, or ∞(K) with 0 in K; loses (LOSE) iff γ = 0; else
the game is a draw (DRAW). On an acyclic graph no value is ∞ and γ is the Grundy value. Sums of
tokens: :mod:`sgstudio.games.graph.loopy.sums`; moves that win and make progress:
:mod:`sgstudio.games.graph.loopy.moves`.

The counter. Among the counters satisfying (B) this module computes the least one, which is unique:
c(u) = 1 + max over the followers v with γ(v) > m or ∞ of min{ c(w) : w follows v, γ(w) = m }
(0 when there is no such v). For γ(u) = 0 it is half the remoteness: with the loser moving to
keep the game long and the winner answering to the 0-follower of least counter, a token on u
reaches a sink in exactly 2·c(u) moves.

The algorithm (the iterative labelling of Smith / Fraenkel-Yesha), in rounds m = 0, 1, 2, ...:
every vertex not yet labelled is *alive*. A vertex is *covered* once it has a follower labelled m.
An alive vertex is labelled m when it is not covered and every follower that is alive or ∞ is
covered: with counter 0 if it has no such follower, else with counter t + 1 when the last of them
is covered by a vertex of counter t (breadth first, so this is the least counter above). At the
end of the round an alive vertex that is not covered can never be labelled m, nor anything
larger (which needs an m-follower): it is labelled ∞. The covered ones go on to round m + 1.
Each round costs O(V + E) and there are at most (max value + 2) rounds, so O(V·E) at worst, and
O((V + E)·sqrt(E)) in fact (a value m needs m(m + 1)/2 edges). No recursion: a chain 10^6 deep
is fine.

Examples
--------
A 2-cycle is a draw; a sink hanging under one end of it makes that end a win and the other a loss:

>>> values = generalized_values_py(2, [0, 1], [1, 0])
>>> [str(values.gamma_of(v)) for v in range(2)]
['∞', '∞']
>>> values = generalized_values_py(3, [0, 1, 1], [1, 0, 2])
>>> [str(values.gamma_of(v)) for v in range(3)], values.counter.tolist()
(['0', '1', '0'], [1, 0, 0])

A self-loop next to a sink: ∞{0}, a win (move to the sink), though the token may also stay:

>>> values = generalized_values_py(2, [0, 0], [0, 1])
>>> values.gamma_of(0), bool(values.gamma_of(0))
(Infinite(followers=frozenset({0})), True)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from sgstudio.games.graph.loopy import kernels as loopy_kernels
from sgstudio.games.graph.loopy.record import INF, LoopyValues

Ints = Sequence[int] | np.ndarray
_ALIVE = -2
SMALL = 20_000  # n + m up to which pure Python beats loading numba (as in sgstudio.games.graph.dag.game)


def _edge_arrays(src: Ints, dst: Ints) -> tuple[np.ndarray, np.ndarray]:
    s = np.ascontiguousarray(src, dtype=np.int64)
    d = np.ascontiguousarray(dst, dtype=np.int64)
    if s.shape != d.shape or s.ndim != 1:
        raise ValueError("src and dst must be 1-D and of the same length")
    return s, d


def generalized_values(n: int, src: Ints, dst: Ints) -> LoopyValues:
    """γ and the least counter c of every vertex 0..n-1 of the graph ``src[i] -> dst[i]`` (numba).

    Any directed graph: cycles, self-loops and parallel edges are fine. Iterative; see the module
    docstring for the algorithm and its cost.

    Parameters
    ----------
    n : int
        Number of vertices.
    src, dst : array_like of int
        Edge tails and heads, each in 0..n-1.

    Returns
    -------
    LoopyValues
        ``gamma`` (:data:`INF` for ∞), ``counter`` (-1 for ∞) and the successor lists.

    Raises
    ------
    ValueError
        If an endpoint is outside 0..n-1.

    Examples
    --------
    >>> values = generalized_values(4, [0, 1, 2, 2], [1, 2, 1, 3])   # 1 <-> 2, and 2 -> 3 a sink
    >>> values.gamma.tolist(), values.counter.tolist()
    ([1, 0, 1, 0], [0, 1, 0, 0])
    """
    s, d = _edge_arrays(src, dst)
    if n < 0:
        raise ValueError(f"the vertex count must be non-negative, not {n}")
    gamma, counter, start, heads, bad = loopy_kernels.labelling()(int(n), s, d)
    if bad >= 0:
        raise ValueError(f"edge {s[bad]} -> {d[bad]} has an endpoint outside 0..{n - 1}")
    return LoopyValues(gamma, counter, start, heads)


def generalized_values_py(n: int, src: Ints, dst: Ints) -> LoopyValues:
    """The same as :func:`generalized_values`, by the same algorithm in pure Python (small graphs).

    >>> generalized_values_py(4, [0, 1, 2, 2], [1, 2, 1, 3]).gamma.tolist()
    [1, 0, 1, 0]
    """
    s_list, d_list = (np.asarray(a).tolist() for a in (src, dst))
    if len(s_list) != len(d_list):
        raise ValueError("src and dst must be 1-D and of the same length")
    for u, v in zip(s_list, d_list, strict=True):
        if not (0 <= u < n and 0 <= v < n):
            raise ValueError(f"edge {u} -> {v} has an endpoint outside 0..{n - 1}")
    succ: list[list[int]] = [[] for _ in range(n)]
    pred: list[list[int]] = [[] for _ in range(n)]
    for u, v in zip(s_list, d_list, strict=True):
        succ[u].append(v)
        pred[v].append(u)
    gamma, counter = [_ALIVE] * n, [-1] * n
    alive, value = list(range(n)), 0
    covered = [-1] * n
    while alive:
        waiting = {u: sum(1 for v in succ[u] if gamma[v] < 0) for u in alive}
        queue = [u for u in alive if waiting[u] == 0]
        for u in queue:
            gamma[u], counter[u] = value, 0
        for w in queue:  # the queue grows while it is read: breadth first
            for p in pred[w]:
                if gamma[p] < 0 and covered[p] != value:
                    covered[p] = value
                    _uncover(p, pred, gamma, covered, waiting, value, counter[w] + 1, counter, queue)
        for u in alive:
            if gamma[u] == _ALIVE and covered[u] != value:
                gamma[u] = INF
        alive = [u for u in alive if gamma[u] == _ALIVE]
        value += 1
    return _result(n, s_list, succ, gamma, counter)


def _uncover(p: int, pred: list[list[int]], gamma: list[int], covered: list[int], waiting: dict[int, int],
             value: int, time: int, counter: list[int], queue: list[int]) -> None:
    """p was just covered: its alive predecessors wait for one follower fewer."""
    for q in pred[p]:
        if gamma[q] == _ALIVE and covered[q] != value:
            waiting[q] -= 1
            if waiting[q] == 0:
                gamma[q], counter[q] = value, time
                queue.append(q)


def _result(n: int, s_list: list[int], succ: list[list[int]], gamma: list[int],
            counter: list[int]) -> LoopyValues:
    start = np.zeros(n + 1, np.int64)
    if s_list:
        np.cumsum(np.bincount(np.array(s_list, np.int64), minlength=n), out=start[1:])
    heads = np.array([v for s in succ for v in s], np.int64)
    return LoopyValues(np.array(gamma, np.int64), np.array(counter, np.int64), start, heads)


def generalized_values_auto(n: int, src: Ints, dst: Ints) -> LoopyValues:
    """:func:`generalized_values` computed the cheapest way for this process and this graph.

    The compiled kernel if it is loaded already or built ahead of time; else pure Python for small
    graphs, numpy layers (:mod:`sgstudio.games.graph.loopy.levels`) for large graphs settled in few
    rounds, so that a command-line run need not load numba, and the compiled kernel for the rest.

    >>> generalized_values_auto(3, [0, 1], [1, 2]).gamma.tolist()
    [0, 1, 0]
    """
    s, d = _edge_arrays(src, dst)
    if not loopy_kernels.at_hand():
        if n + s.size <= SMALL:
            return generalized_values_py(n, s, d)
        from sgstudio.games.graph.loopy.levels import generalized_values_levels

        values = generalized_values_levels(n, s, d)
        if values is not None:
            return values
    return generalized_values(n, s, d)
