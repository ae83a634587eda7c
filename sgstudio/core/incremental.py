"""The structure behind :class:`~sgstudio.core.graph.GameGraph`: a DAG whose Grundy values stay
current under edits, recomputing only what can change.

Theory: g(x) = mex{ g(y) : x -> y } depends only on x's successors. After an edge u -> v is
added or removed, only u's set of successor values changed, so only u and vertices that *reach*
u can change value, and a vertex whose successors all kept their values keeps its own. The upkeep
therefore recomputes u, then the predecessors of every vertex whose value changed, in decreasing
topological index (a heap), so each vertex is recomputed once, after all its successors are
final; the wave stops where values stay the same. A mex costs O(outdeg).

When a wave grows past a budget proportional to the graph's size, it is undone and the bulk
kernel :func:`~sgstudio.core.games.dag.grundy_values` recomputes everything from edge arrays
that are kept current alongside the adjacency (so the fallback costs about one full recompute).

Examples
--------
>>> dag = DagStore()
>>> for v in range(3):
...     dag.add_vertex(v)
>>> dag.link(0, 1); dag.update_from(0)
{0: 1}
>>> dag.link(1, 2); dag.update_from(1)
{1: 1, 0: 0}
>>> dag.unlink(0, 1); dag.update_from(0)
{}
"""

from __future__ import annotations

from array import array
from heapq import heappop, heappush

import numpy as np

from sgstudio.core.adjacency import Adjacency
from sgstudio.core.topo import TopoOrder

#: A wave may do about (vertices + edges) / BUDGET_DIVISOR units of work (a unit: one vertex
#: recomputed or one successor read) before it hands over to the bulk kernel. A unit in Python costs
#: about a hundred times a unit of the compiled kernel, so a wave that ends up in the kernel wastes
#: a few per cent of a full recompute.
BUDGET_DIVISOR = 256
#: ... but at least this much, so small graphs (and short waves) never pay the kernel's start-up.
MIN_BUDGET = 2048


class DagStore:
    """Adjacency, edge arrays, topological order and Grundy values of a DAG under edits.

    Vertices are non-negative ints (storage grows with the largest id). ``succ[u]`` maps each
    head v to the slot of u -> v in the edge arrays ``src``/``dst``; ``pred[v]`` has the tails as
    keys; both are None for absent ids (an :class:`~sgstudio.core.adjacency.Adjacency` each: compact
    arrays, with a dict only for the vertices touched lately). ``val[v]`` is g(v) (0 for absent ids).
    The caller validates arguments (vertex present, edge absent or present, acyclicity via
    :attr:`topo`); this class only keeps its parts consistent.
    """

    def __init__(self) -> None:
        self.succ = Adjacency()
        self.pred = Adjacency()
        self.val = array("q")
        self.src = array("q")
        self.dst = array("q")
        self.topo = TopoOrder()
        self.n = 0

    # -- structure ---------------------------------------------------------------------------
    def has_vertex(self, v: object) -> bool:
        """Whether v is a present vertex id."""
        return type(v) is int and 0 <= v < len(self.succ) and self.succ.present(v)

    def compact(self) -> None:
        """Fold the adjacency's dicts back into arrays when there are many (between edits)."""
        self.succ.compact()
        self.pred.compact()

    def add_vertex(self, v: int) -> None:
        """Add the isolated vertex v (value 0), last in the topological order."""
        self.compact()
        grow = v + 1 - len(self.succ)
        if grow > 0:
            self.succ.extend([None] * grow)
            self.pred.extend([None] * grow)
            self.val.extend([0] * grow)
        self.succ[v] = {}
        self.pred[v] = {}
        self.val[v] = 0
        self.topo.place_last(v)
        self.n += 1

    def remove_vertex(self, v: int) -> None:
        """Remove v, which must have no edges left."""
        self.succ[v] = None
        self.pred[v] = None
        self.val[v] = 0
        self.n -= 1

    def link(self, u: int, v: int) -> None:
        """Add u -> v to the adjacency and the edge arrays (order already repaired)."""
        self.compact()
        self.succ[u][v] = len(self.src)  # type: ignore[index]
        self.pred[v][u] = None  # type: ignore[index]
        self.src.append(u)
        self.dst.append(v)

    def unlink(self, u: int, v: int) -> None:
        """Remove u -> v; the last edge of the arrays moves into its slot."""
        self.compact()
        slot = self.succ[u].pop(v)  # type: ignore[union-attr]
        del self.pred[v][u]  # type: ignore[union-attr]
        src, dst = self.src, self.dst
        a, b = src.pop(), dst.pop()
        if slot < len(src):
            src[slot] = a
            dst[slot] = b
            self.succ[a][b] = slot  # type: ignore[index]

    # -- values ------------------------------------------------------------------------------
    def budget(self) -> int:
        """Work a wave may do before the bulk kernel is cheaper."""
        return max(MIN_BUDGET, (self.n + len(self.src)) // BUDGET_DIVISOR)

    def update_from(self, start: int) -> dict[int, int]:
        """Bring every value up to date after ``start``'s successor set changed.

        Returns {vertex: new value} for exactly the vertices whose value changed.
        """
        succ, val = self.succ, self.val
        s = succ[start]
        seen = {val[w] for w in s}  # type: ignore[union-attr]
        g = 0
        while g in seen:
            g += 1
        if g == val[start]:
            return {}
        return self._wave(start, g)

    def _wave(self, start: int, g: int) -> dict[int, int]:
        """Propagate start's new value g upwards in decreasing topological index."""
        succ, pred, val, order = self.succ, self.pred, self.val, self.topo.ord
        old = {start: val[start]}
        val[start] = g
        heap: list[tuple[int, int]] = []
        queued = {start}
        for p in pred[start]:  # type: ignore[union-attr]
            queued.add(p)
            heappush(heap, (-order[p], p))
        work, budget = 0, self.budget()
        while heap:
            x = heappop(heap)[1]
            s = succ[x]
            work += 1 + len(s)  # type: ignore[arg-type]
            seen = {val[w] for w in s}  # type: ignore[union-attr]
            g = 0
            while g in seen:
                g += 1
            if g != val[x]:
                old[x] = val[x]
                val[x] = g
                for p in pred[x]:  # type: ignore[union-attr]
                    if p not in queued:
                        queued.add(p)
                        heappush(heap, (-order[p], p))
            if work > budget:
                for x, g in old.items():
                    val[x] = g
                return self.recompute_all()
        return {x: val[x] for x in old}

    def recompute_all(self) -> dict[int, int]:
        """Recompute every value with the bulk kernel; return just the ones that changed."""
        from sgstudio.core.games.dag import grundy_values

        new = grundy_values(len(self.val), _int64_view(self.src), _int64_view(self.dst))
        current = _int64_view(self.val)
        where = np.flatnonzero(current != new)
        fresh = new[where]
        current[where] = fresh
        del current  # release the buffer export so the array may grow again
        return dict(zip(where.tolist(), fresh.tolist(), strict=True))

    # -- bulk loading ------------------------------------------------------------------------
    @classmethod
    def from_arrays(cls, n: int, src: np.ndarray, dst: np.ndarray, values: np.ndarray,
                    ranks: np.ndarray) -> DagStore:
        """A store for vertices 0..n-1 and the given distinct acyclic edges, values and ranks."""
        dag = cls()
        dag.n = n
        dag.succ, dag.pred = bulk_adjacency(n, src, dst)
        dag.src.frombytes(np.ascontiguousarray(src, dtype=np.int64).tobytes())
        dag.dst.frombytes(np.ascontiguousarray(dst, dtype=np.int64).tobytes())
        dag.val.frombytes(np.ascontiguousarray(values, dtype=np.int64).tobytes())
        dag.topo = TopoOrder.from_ranks(ranks.tolist())
        return dag


def bulk_adjacency(n: int, src: np.ndarray, dst: np.ndarray) -> tuple[Adjacency, Adjacency]:
    """(succ, pred) of vertices 0..n-1 and the edges src[k] -> dst[k] (slot k), in compact form."""
    src = np.ascontiguousarray(src, dtype=np.int64)
    dst = np.ascontiguousarray(dst, dtype=np.int64)
    return (Adjacency.from_edges(n, src, dst, with_slots=True),
            Adjacency.from_edges(n, dst, src, with_slots=False))


def _int64_view(buffer: array) -> np.ndarray:
    """A numpy view (no copy) of an ``array('q')``; an empty array gives an empty view."""
    if not buffer:
        return np.zeros(0, np.int64)
    return np.frombuffer(buffer, dtype=np.int64)
