"""A topological order kept current under edge insertions (Pearce–Kelly), and a bulk one.

Theory: a directed graph is acyclic exactly when its vertices have a topological order, an
injective ``ord`` with ``ord[u] < ord[v]`` for every edge u -> v. Inserting u -> v with
``ord[u] < ord[v]`` keeps the order valid. Otherwise (Pearce & Kelly, 2006) only the *affected
region* ``ord[v] <= ord[x] <= ord[u]`` can be out of place: the vertices reachable from v inside
it (R_F) must come after those reaching u inside it (R_B), since every path from v to u stays
inside the region. The forward search (from v) and the backward one (from u) run in alternation;
if they meet there is a path v -> ... -> u, i.e. a cycle, found without exhausting the region.
Otherwise R_B followed by R_F is laid back onto the same sorted ``ord`` slots, and every other
vertex keeps its index. Vertices outside the region are never touched.

Two O(1) shortcuts come first: a tail without in-edges may move before everything, and a head
without out-edges after everything (neither can lie on a cycle through the new edge).

Examples
--------
>>> succ = [{1: 0}, {}, {3: 1}, {}]          # edges 0 -> 1 and 2 -> 3
>>> pred = [{}, {0: None}, {}, {2: None}]
>>> topo = TopoOrder.from_ranks([2, 3, 0, 1])  # the order 2, 3, 0, 1
>>> topo.insert(1, 2, succ, pred)             # 1 -> 2: R_B = {0, 1} moves before R_F = {2, 3}
>>> topo.ord
[0, 1, 2, 3]
>>> succ[1][2] = 2; pred[2][1] = None
>>> topo.find_cycle(3, 0, succ, pred)         # 3 -> 0 would close 3 -> 0 -> 1 -> 2 -> 3
[3, 0, 1, 2]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

Adjacency = Sequence[Mapping[int, object] | None]


class TopoOrder:
    """Topological indices ``ord[v]`` of the vertices of a DAG, repaired edge by edge.

    ``ord`` is a list indexed by vertex id (entries of absent ids are meaningless). Indices are
    distinct integers, not necessarily contiguous and possibly negative.
    """

    __slots__ = ("hi", "lo", "ord")

    def __init__(self) -> None:
        self.ord: list[int] = []
        self.lo = 0
        self.hi = -1

    @classmethod
    def from_ranks(cls, ranks: Sequence[int]) -> TopoOrder:
        """An order whose index of vertex v is ``ranks[v]`` (a permutation of 0..n-1)."""
        topo = cls()
        topo.ord = list(ranks)
        topo.hi = len(topo.ord) - 1
        return topo

    def place_last(self, v: int) -> None:
        """Give v an index after every other vertex (a new vertex, or a head with no out-edge)."""
        self._grow(v)
        self.hi += 1
        self.ord[v] = self.hi

    def place_first(self, v: int) -> None:
        """Give v an index before every other vertex (a tail with no in-edge)."""
        self._grow(v)
        self.lo -= 1
        self.ord[v] = self.lo

    def _grow(self, v: int) -> None:
        if v >= len(self.ord):
            self.ord.extend([0] * (v + 1 - len(self.ord)))

    def find_cycle(self, u: int, v: int, succ: Adjacency, pred: Adjacency) -> list[int] | None:
        """The cycle that u -> v would close, as ``[u, v, ..., x]`` (x -> u an edge), or None.

        Only the affected region is searched.
        """
        if u == v:
            return [u]
        if self.ord[u] < self.ord[v] or not pred[u] or not succ[v]:
            return None
        return self._search(u, v, succ, pred)[0]

    def insert(self, u: int, v: int, succ: Adjacency, pred: Adjacency) -> list[int] | None:
        """Prepare for the edge u -> v (not yet in ``succ``/``pred``): repair the order and
        return None, or return the cycle it would close and change nothing."""
        order = self.ord
        if u == v:
            return [u]
        if order[u] < order[v]:
            return None
        if not pred[u]:
            self.place_first(u)
            return None
        if not succ[v]:
            self.place_last(v)
            return None
        cycle, forward, backward = self._search(u, v, succ, pred)
        if cycle is None:
            self._reorder(backward, forward)
        return cycle

    def _search(self, u: int, v: int, succ: Adjacency, pred: Adjacency
                ) -> tuple[list[int] | None, list[int], list[int]]:
        """Search forward from v (indices below u's) and backward from u (above v's), one vertex
        at a time from the side with the shorter queue, until the two meet (a cycle) or both are
        exhausted (then they are R_F and R_B). Returns (cycle or None, R_F, R_B)."""
        order = self.ord
        low, high = order[v], order[u]
        ahead, behind = {v: v}, {u: u}  # vertex -> the vertex it was reached from
        forward, backward = [v], [u]
        i = j = 0
        while i < len(forward) or j < len(backward):
            if i < len(forward) and (j >= len(backward) or len(forward) - i <= len(backward) - j):
                x = forward[i]
                i += 1
                for w in succ[x]:  # type: ignore[union-attr]
                    if w in behind:
                        return _join(u, x, w, ahead, behind), forward, backward
                    if w not in ahead and order[w] < high:
                        ahead[w] = x
                        forward.append(w)
            else:
                x = backward[j]
                j += 1
                for w in pred[x]:  # type: ignore[union-attr]
                    if w in ahead:
                        return _join(u, w, x, ahead, behind), forward, backward
                    if w not in behind and order[w] > low:
                        behind[w] = x
                        backward.append(w)
        return None, forward, backward

    def _reorder(self, backward: list[int], forward: list[int]) -> None:
        """Lay R_B then R_F, each in its old relative order, onto their pooled sorted indices."""
        order = self.ord
        key = order.__getitem__
        backward.sort(key=key)
        forward.sort(key=key)
        moved = backward + forward
        slots = sorted(map(key, moved))
        for x, slot in zip(moved, slots, strict=True):
            order[x] = slot


def _join(u: int, x: int, w: int, ahead: dict[int, int], behind: dict[int, int]) -> list[int]:
    """The cycle u, v .. x (forward tree), w .. before u (backward tree), for an edge x -> w."""
    path = [x]
    while ahead[x] != x:
        x = ahead[x]
        path.append(x)
    path.reverse()
    while w != u:
        path.append(w)
        w = behind[w]
    return [u, *path]


def topological_ranks(n: int, src: np.ndarray, dst: np.ndarray) -> np.ndarray:
    """Rank of every vertex 0..n-1 in a topological order of an acyclic edge list (Kahn).

    The caller guarantees acyclicity (e.g. ``grundy_values`` succeeded on the same edges).
    Compiled with numba on first use, so importing this module stays cheap.

    >>> topological_ranks(3, np.array([2, 1]), np.array([1, 0])).tolist()
    [2, 1, 0]
    """
    global _compiled_ranks
    if _compiled_ranks is None:
        from numba import njit

        _compiled_ranks = njit(cache=True)(_kahn_ranks)
    return _compiled_ranks(int(n), np.ascontiguousarray(src, dtype=np.int64),
                           np.ascontiguousarray(dst, dtype=np.int64))


_compiled_ranks = None


def _kahn_ranks(n, src, dst):  # pragma: no cover - compiled
    """Kahn's algorithm on CSR successors; vertices past the end of a cycle keep rank -1."""
    m = src.shape[0]
    start = np.zeros(n + 1, np.int64)
    indeg = np.zeros(n, np.int64)
    for e in range(m):
        start[src[e] + 1] += 1
        indeg[dst[e]] += 1
    for v in range(n):
        start[v + 1] += start[v]
    fill = start[:-1].copy()
    succ = np.empty(m, np.int64)
    for e in range(m):
        succ[fill[src[e]]] = dst[e]
        fill[src[e]] += 1
    ranks = np.full(n, -1, np.int64)
    queue = np.empty(n, np.int64)
    tail = 0
    for v in range(n):
        if indeg[v] == 0:
            queue[tail] = v
            tail += 1
    head = 0
    while head < tail:
        v = queue[head]
        ranks[v] = head
        head += 1
        for i in range(start[v], start[v + 1]):
            w = succ[i]
            indeg[w] -= 1
            if indeg[w] == 0:
                queue[tail] = w
                tail += 1
    return ranks
