"""The structure behind :class:`~sgstudio.games.graph.model.graph.GameGraph`: a DAG whose Grundy values stay
current under edits, recomputing only what can change.

Theory: g(x) = mex{ g(y) : x -> y } depends only on x's successors. After an edge u -> v is
added or removed, only u's set of successor values changed, so only u and vertices that *reach*
u can change value, and a vertex whose successors all kept their values keeps its own. The upkeep
therefore recomputes u, then the predecessors of every vertex whose value changed, in decreasing
topological index (a heap), so each vertex is recomputed once, after all its successors are
final; the wave stops where values stay the same. A mex costs O(outdeg).

When a wave grows past a budget proportional to the graph's size, it is undone and the bulk
kernel :func:`~sgstudio.games.graph.dag.game.grundy_values` recomputes everything from edge arrays
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
>>> place = dag.place(1, 2); dag.unlink(1, 2); dag.relink(1, 2, place); dag.src.tolist(), dag.dst.tolist()
([1], [2])
"""

from __future__ import annotations

from array import array
from heapq import heappop, heappush

import numpy as np

from sgstudio.games.graph.model.adjacency import Adjacency
from sgstudio.games.graph.model.topo import TopoOrder

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
    keys; both are None for absent ids (an :class:`~sgstudio.games.graph.model.adjacency.Adjacency` each:
    compact
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
        """Add u -> v to the adjacency and the edge arrays (order already repaired).

        All or nothing: the arrays grow first (the step that can fail), the adjacency after.
        """
        self.compact()
        slot = len(self.src)
        self.src.append(u)
        try:
            self.dst.append(v)
        except BaseException:
            self.src.pop()
            raise
        self.succ[u][v] = slot  # type: ignore[index]
        self.pred[v][u] = None  # type: ignore[index]

    def unlink(self, u: int, v: int) -> None:
        """Remove u -> v; the last edge of the arrays moves into its slot.

        All or nothing: the arrays shrink first (the step that can fail), the adjacency after.
        """
        self.compact()
        slot = self.succ[u][v]  # type: ignore[index]
        src, dst = self.src, self.dst
        a = src.pop()
        try:
            b = dst.pop()
        except BaseException:
            src.append(a)
            raise
        if slot < len(src):
            src[slot] = a
            dst[slot] = b
            self.succ[a][b] = slot  # type: ignore[index]
        del self.succ[u][v]  # type: ignore[union-attr]
        del self.pred[v][u]  # type: ignore[union-attr]

    def place(self, u: int, v: int) -> tuple[int, int, int]:
        """Where the edge u -> v is kept: (its slot in the edge arrays, its place among u's heads,
        its place among v's tails); what :meth:`relink` needs to put it back after :meth:`unlink`."""
        heads, tails = self.succ[u], self.pred[v]
        return heads[v], list(heads).index(v), list(tails).index(u)  # type: ignore[index,arg-type]

    def relink(self, u: int, v: int, place: tuple[int, int, int]) -> None:
        """Undo :meth:`unlink` of u -> v exactly (``place`` read before it): the same slot, the same
        order of neighbours, so the edges read back in the same order. All or nothing."""
        slot, at_head, at_tail = place
        self.compact()
        src, dst = self.src, self.dst
        moved = (src[slot], dst[slot]) if slot < len(src) else (u, v)  # the edge unlink moved there
        src.append(moved[0])
        try:
            dst.append(moved[1])
        except BaseException:
            src.pop()
            raise
        if moved != (u, v):
            src[slot], dst[slot] = u, v
            self.succ[moved[0]][moved[1]] = len(src) - 1  # type: ignore[index]
        _insert(self.succ[u], at_head, v, slot)  # type: ignore[arg-type]
        _insert(self.pred[v], at_tail, u, None)  # type: ignore[arg-type]

    # -- values ------------------------------------------------------------------------------
    def budget(self) -> int:
        """Work a wave may do before the bulk kernel is cheaper."""
        return max(MIN_BUDGET, (self.n + len(self.src)) // BUDGET_DIVISOR)

    def update_from(self, start: int) -> dict[int, int]:
        """Bring every value up to date after ``start``'s successor set changed.

        Returns {vertex: new value} for exactly the vertices whose value changed. All or nothing: if
        it raises, every value is as it was.
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
        old = {start: self.val[start]}
        try:
            return self._spread(start, g, old)
        except BaseException:
            for x, was in old.items():  # all or nothing: the values as they were
                self.val[x] = was
            raise

    def _spread(self, start: int, g: int, old: dict[int, int]) -> dict[int, int]:
        """The wave itself; ``old`` gets the value before of every vertex written."""
        succ, pred, val, order = self.succ, self.pred, self.val, self.topo.ord
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
                old.clear()
                return self.recompute_all()
        return {x: val[x] for x in old}

    def recompute_all(self) -> dict[int, int]:
        """Recompute every value with the bulk kernel; return just the ones that changed."""
        from sgstudio.games.graph.dag.game import grundy_values

        new = grundy_values(len(self.val), int64_copy(self.src), int64_copy(self.dst))
        where = np.flatnonzero(int64_copy(self.val) != new)
        fresh = new[where]
        int64_assign(self.val, where, fresh)
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


def _insert(neighbours: dict, at: int, key: int, value: int | None) -> None:
    """Put ``key: value`` back into ``neighbours`` at position ``at`` (the dict keeps its identity)."""
    items = list(neighbours.items())
    items.insert(at, (key, value))
    neighbours.clear()
    neighbours.update(items)


def bulk_adjacency(n: int, src: np.ndarray, dst: np.ndarray) -> tuple[Adjacency, Adjacency]:
    """(succ, pred) of vertices 0..n-1 and the edges src[k] -> dst[k] (slot k), in compact form."""
    src = np.ascontiguousarray(src, dtype=np.int64)
    dst = np.ascontiguousarray(dst, dtype=np.int64)
    return (Adjacency.from_edges(n, src, dst, with_slots=True),
            Adjacency.from_edges(n, dst, src, with_slots=False))


def int64_copy(buffer: array) -> np.ndarray:
    """A numpy copy of an ``array('q')`` (what the kernels read).

    Never a view: while a numpy view of the array lives, the array cannot grow or shrink, so every
    later edit would fail. A view passed to a kernel that raises (a cycle found while leaving the
    loopy mode) lives on in the traceback, kept by whoever keeps the error.

    >>> values = array("q", [3, 1]); copy = int64_copy(values); values.append(2)
    >>> copy.tolist(), values.tolist()
    ([3, 1], [3, 1, 2])
    """
    return np.array(buffer, dtype=np.int64)


def int64_assign(buffer: array, where: np.ndarray | slice, values: np.ndarray) -> None:
    """``buffer[where] = values`` for an ``array('q')``, through a numpy view that ends here.

    >>> values = array("q", [0, 0, 0]); int64_assign(values, np.array([0, 2]), np.array([5, 7]))
    >>> values.append(1); values.tolist()
    [5, 0, 7, 1]
    """
    if not buffer:
        return
    view = np.frombuffer(buffer, dtype=np.int64)
    try:
        view[where] = values
    finally:
        del view  # even when the assignment raises, no view outlives the call
