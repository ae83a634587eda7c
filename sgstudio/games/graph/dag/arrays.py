"""Tokens on a big DAG held in arrays: :class:`ArrayDagGame` plays exactly as
:class:`~sgstudio.games.graph.dag.game.DagGame` but keeps the graph as CSR arrays (row starts and
heads), so a game of 2*10^5 vertices and 10^6 edges costs a few arrays, not a tuple per vertex and
a set of a million pairs. The window's Play starts from it on a graph's bulk arrays.

Successors are kept in ascending order (a move is checked by a binary search in its row), and the
longest remaining game comes from a compiled pass over a topological order.

>>> import numpy as np
>>> game = ArrayDagGame(4, np.array([0, 0, 1]), np.array([2, 1, 2]))
>>> game.successors[0], len(game.successors), game.values.tolist()
((1, 2), 4, [2, 1, 0, 0])
>>> game.legal_moves((0, 3)), game.winning_moves((0, 3)), game.apply((0, 3), (0, 2))
([(0, 1), (0, 2)], [(0, 2)], (2, 3))
>>> game.remaining_length((0, 1, 3))
3
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from sgstudio.games.graph.dag.game import DagGame, grundy_values_auto

_compiled: dict = {}


class CsrRows(Sequence):
    """Row ``v`` of a CSR pair (``start``, ``heads``) as a tuple: the successors of ``v``."""

    def __init__(self, start: np.ndarray, heads: np.ndarray) -> None:
        self.start, self.heads = start, heads

    def __len__(self) -> int:
        return len(self.start) - 1

    def __getitem__(self, v):  # a vertex id (no slices)
        if not -len(self) <= v < len(self):
            raise IndexError(v)
        v %= len(self)
        return tuple(self.heads[self.start[v]:self.start[v + 1]].tolist())


def sorted_edges(n: int, src: np.ndarray, dst: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(start, src, dst)``: the edges sorted by tail then head, repeats dropped, and where each
    tail's row starts (CSR); ValueError for an endpoint outside 0..n-1.

    >>> [a.tolist() for a in sorted_edges(3, np.array([2, 0, 2, 0]), np.array([0, 1, 0, 0]))]
    [[0, 2, 2, 3], [0, 0, 2], [0, 1, 0]]
    """
    src, dst = np.asarray(src, np.int64), np.asarray(dst, np.int64)
    if src.size and (min(src.min(), dst.min()) < 0 or max(src.max(), dst.max()) >= n):
        raise ValueError(f"an edge has an endpoint outside 0..{n - 1}")
    order = np.lexsort((dst, src))
    src, dst = src[order], dst[order]
    if src.size:
        keep = np.concatenate(([True], (src[1:] != src[:-1]) | (dst[1:] != dst[:-1])))
        src, dst = src[keep], dst[keep]
    return np.searchsorted(src, np.arange(n + 1)).astype(np.int64), src, dst


class CsrEdges:
    """The successors of a token game as CSR arrays (``_start``, ``_heads``: see :func:`sorted_edges`),
    read as rows (``successors``), and a move checked by a binary search in its row."""

    _start: np.ndarray
    _heads: np.ndarray

    def _set_edges(self, n: int, src: np.ndarray, dst: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Keep the edges as CSR; returns them sorted, repeats dropped (for the values)."""
        self._start, src, dst = sorted_edges(n, src, dst)
        self._heads = dst
        self.successors = CsrRows(self._start, dst)
        return src, dst

    def _is_edge(self, v: int, w: int) -> bool:
        row = self._heads[self._start[v]:self._start[v + 1]]
        k = int(np.searchsorted(row, w))
        return k < len(row) and int(row[k]) == w


class ArrayDagGame(CsrEdges, DagGame):
    """:class:`DagGame` on vertices 0..n-1 with the edges ``src[i] -> dst[i]`` (repeats count once)."""

    def __init__(self, n: int, src: np.ndarray, dst: np.ndarray) -> None:  # no super(): arrays, not lists
        src, dst = self._set_edges(n, src, dst)
        self.values = grundy_values_auto(n, src, dst)
        self._depths = None

    @classmethod
    def from_edges(cls, n: int, edges) -> ArrayDagGame:
        pairs = np.asarray(edges, np.int64).reshape(-1, 2)
        return cls(n, pairs[:, 0], pairs[:, 1])

    def remaining_length(self, position: Sequence[int]) -> int:
        """The longest remaining game: the sum of the tokens' longest paths (computed once)."""
        if self._depths is None:
            self._depths = longest_paths_csr(self._start, self._heads)
        return int(sum(int(self._depths[v]) for v in position))


def longest_paths_csr(start: np.ndarray, heads: np.ndarray) -> np.ndarray:
    """Length of the longest path from every vertex of a DAG given as CSR (0 at a sink).

    >>> longest_paths_csr(np.array([0, 2, 3, 3, 4]), np.array([1, 2, 2, 0])).tolist()
    [2, 1, 0, 3]
    """
    if "depths" not in _compiled:
        from numba import njit

        _compiled["depths"] = njit(cache=True, nogil=True)(_depths)
    return _compiled["depths"](np.ascontiguousarray(start, np.int64), np.ascontiguousarray(heads, np.int64))


def _depths(start, heads):  # pragma: no cover - compiled
    """Depth-first, iterative: a vertex is finished once all its successors are."""
    n = start.shape[0] - 1
    depth = np.zeros(n, np.int64)
    state = np.zeros(n, np.int8)  # 0 new, 1 on the stack, 2 done
    stack = np.empty(n, np.int64)
    nxt = np.empty(n, np.int64)  # the next successor to look at, per vertex on the stack
    for root in range(n):
        if state[root]:
            continue
        top = 0
        stack[0], nxt[root], state[root] = root, start[root], 1
        while top >= 0:
            v = stack[top]
            if nxt[v] < start[v + 1]:
                w = heads[nxt[v]]
                nxt[v] += 1
                if state[w] == 0:
                    top += 1
                    stack[top], nxt[w], state[w] = w, start[w], 1
                else:
                    depth[v] = max(depth[v], depth[w] + 1)
            else:
                state[v] = 2
                top -= 1
                if top >= 0:
                    u = stack[top]
                    depth[u] = max(depth[u], depth[v] + 1)
    return depth
