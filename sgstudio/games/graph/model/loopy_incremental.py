"""The store behind :class:`~sgstudio.games.graph.model.graph.GameGraph` in loopy mode: any digraph, with its
generalized Sprague-Grundy values γ and least counters c kept current under edits.

Theory. γ and the least counter are unique (:mod:`sgstudio.games.graph.loopy.values`), and both are
characterised *locally*: a labelling is the right one exactly when every vertex x agrees with
the rule read off its followers and theirs. Let m = mex of the finite values of x's followers;
call a follower v *relevant* when γ(v) > m or γ(v) = ∞. Then x is finite = m with
c(x) = 1 + max over relevant v of min{ c(w) : w follows v, γ(w) = m } (0 without relevant v),
unless some relevant v has no follower of value m: then x is ∞.

So an edit of u's out-edges is repaired in a *region* R, first {u}: the labelling algorithm is run
on R alone, every vertex outside R keeping its label (an outside vertex of value m takes part as
a vertex labelled m with its counter, a larger or ∞ one as a vertex to be covered). Then only the
vertices outside R whose rule reads something that changed are checked: predecessors of u that
read the edited follower list, predecessors of relabelled vertices, and predecessors of those
when the relabelled vertex has the value their rule looks for. The vertices that disagree join R
and are solved on their own (R keeping its labels), or, when a vertex of R itself disagrees, R is
solved again as a whole. When every check passes the labelling is right everywhere, by
uniqueness. When
the work grows past a budget (a change that is not local), the compiled kernel recomputes
everything instead, from edge arrays kept current alongside the adjacency.

Examples
--------
>>> store = LoopyStore.from_arrays(3, np.array([0, 1]), np.array([1, 2]))   # 0 -> 1 -> 2
>>> store.val.tolist(), store.counter.tolist()
([0, 1, 0], [1, 0, 0])
>>> before = store.gamma_of(2)
>>> store.link(2, 0)                  # close the cycle 0 -> 1 -> 2 -> 0: nobody can win
>>> sorted((v, str(g)) for v, g in store.update_from(2, before, 0).items())
[(0, '∞'), (1, '∞'), (2, '∞')]
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable
from heapq import heapify, heappop, heappush

import numpy as np

from sgstudio.core.values import Gamma, Infinite
from sgstudio.games.graph.loopy.values import INF, generalized_values_auto
from sgstudio.games.graph.model.incremental import DagStore, bulk_adjacency, int64_assign, int64_copy

ALIVE = -2
#: A repair may do about (vertices + edges) / BUDGET_DIVISOR units of work (a unit: a vertex
#: visited or a follower read) before the compiled kernel recomputes everything instead.
BUDGET_DIVISOR = 64
MIN_BUDGET = 4096
Label = tuple[int, int]


class LoopyStore(DagStore):
    """Adjacency, edge arrays, γ (``val``, :data:`~sgstudio.games.graph.loopy.values.INF` for ∞) and least
    counters (``counter``, -1 for ∞) of any digraph under edits. The topological order of the base
    class is not kept (there may be cycles)."""

    def __init__(self) -> None:
        super().__init__()
        self.counter = array("q")

    @classmethod
    def adopt(cls, store: DagStore) -> LoopyStore:
        """A loopy store on the adjacency and edge arrays of ``store`` (taken over, not copied),
        with γ and c computed from scratch (into new arrays: if that fails, ``store`` is intact)."""
        loopy = cls()
        loopy.succ, loopy.pred, loopy.n = store.succ, store.pred, store.n
        loopy.src, loopy.dst, loopy.val = store.src, store.dst, array("q", store.val)
        loopy.counter = array("q", [0]) * len(store.val)
        loopy.recompute_all()
        return loopy

    @classmethod
    def from_arrays(cls, n: int, src: np.ndarray, dst: np.ndarray) -> LoopyStore:  # type: ignore[override]
        """A store for vertices 0..n-1 and the given distinct edges (any digraph)."""
        base = DagStore()
        base.n = n
        base.succ, base.pred = bulk_adjacency(n, src, dst)
        base.src.frombytes(np.ascontiguousarray(src, dtype=np.int64).tobytes())
        base.dst.frombytes(np.ascontiguousarray(dst, dtype=np.int64).tobytes())
        base.val = array("q", [0]) * n
        return cls.adopt(base)

    # -- structure ---------------------------------------------------------------------------
    def add_vertex(self, v: int) -> None:
        """Add the isolated vertex v (γ = 0, c = 0)."""
        super().add_vertex(v)
        grow = len(self.val) - len(self.counter)
        if grow > 0:
            self.counter.extend([0] * grow)
        self.counter[v] = 0

    def remove_vertex(self, v: int) -> None:
        """Remove v, which must have no edges left."""
        super().remove_vertex(v)
        self.counter[v] = 0

    # -- values ------------------------------------------------------------------------------
    def reach(self, v: int) -> frozenset[int]:
        """K(v): the finite values among v's followers."""
        val = self.val
        return frozenset(val[w] for w in self.succ[v] if val[w] != INF)  # type: ignore[union-attr]

    def gamma_of(self, v: int) -> Gamma:
        """γ(v) as an int, or ∞(K) as an :class:`~sgstudio.games.graph.loopy.values.Infinite`."""
        g = self.val[v]
        return Infinite(self.reach(v)) if g == INF else g

    def budget(self) -> int:
        """Work a repair may do before a full recompute is cheaper."""
        return max(MIN_BUDGET, (self.n + len(self.src)) // BUDGET_DIVISOR)

    def update_from(self, start: int, before: Gamma | None = None,  # type: ignore[override]
                    head: int | None = None) -> dict[int, Gamma]:
        """Bring γ and c up to date after ``start``'s follower list changed (by ``head``, when known).

        ``before`` is γ(start) as it was before the edit (its K may have changed with the edit).
        Returns {vertex: γ} for exactly the vertices whose γ, K or counter changed. All or nothing:
        if it raises, every label is as it was.
        """
        repair = _Repair(self, start, head)
        try:
            return self._repaired(repair, start, before)
        except BaseException:
            repair.undo()  # all or nothing: the labels as they were
            raise

    def _repaired(self, repair: _Repair, start: int, before: Gamma | None) -> dict[int, Gamma]:
        old = repair.run()
        if old is None:
            repair.undo()
            repair.old = {}
            return self.recompute_all(start, before)
        changed = {x: self.gamma_of(x) for x, label in old.items() if label != (self.val[x], self.counter[x])}
        moved = {x for x in changed if old[x][0] != self.val[x]}
        old_gamma = {x: old[x][0] for x in moved}
        for p in {p for x in moved for p in self.pred[x]} | {start}:  # type: ignore[union-attr]
            if p not in changed and self.val[p] == INF:
                was = before if p == start else Infinite(_old_reach(self, p, old_gamma))
                if was != Infinite(self.reach(p)):
                    changed[p] = Infinite(self.reach(p))
        return changed

    def recompute_all(self, start: int | None = None, before: Gamma | None = None) -> dict[int, Gamma]:  # type: ignore[override]
        """Recompute γ and c with the bulk kernel; return {v: γ} for every vertex whose γ, K or c
        changed (``start`` and ``before`` as in :meth:`update_from`, when an edit is the reason)."""
        src, dst = int64_copy(self.src), int64_copy(self.dst)
        values = generalized_values_auto(len(self.val), src, dst)
        previous, counter = int64_copy(self.val), int64_copy(self.counter)
        where = np.flatnonzero((previous != values.gamma) | (counter != values.counter))
        int64_assign(self.val, where, values.gamma[where])
        int64_assign(self.counter, where, values.counter[where])
        suspects = _reach_suspects(src, dst, previous, values.gamma, start)
        changed = {x: self.gamma_of(x) for x in where.tolist()}
        for p in suspects:
            if p not in changed:
                was = before if p == start else Infinite(_old_reach(self, p, previous))
                if was != Infinite(self.reach(p)):
                    changed[p] = Infinite(self.reach(p))
        return changed


def _reach_suspects(src: np.ndarray, dst: np.ndarray, previous: np.ndarray, gamma: np.ndarray,
                    start: int | None) -> list[int]:
    """The vertices ∞ before and after whose K may have changed: tails of edges into a vertex whose
    γ changed (vectorised over the edge arrays ``src``/``dst``), and ``start``."""
    moved = previous != gamma
    tails = np.unique(src[moved[dst]]) if src.size else src
    tails = tails[(gamma[tails] == INF) & (previous[tails] == INF)]
    found = tails.tolist()
    if start is not None and gamma[start] == INF and previous[start] == INF and start not in found:
        found.append(start)
    return found


def _old_reach(store: LoopyStore, v: int, old: dict[int, int] | np.ndarray) -> frozenset[int]:
    """K(v) as it was: the followers' old values from ``old`` (a dict of the relabelled ones, or a
    whole array)."""
    if isinstance(old, np.ndarray):
        return frozenset(g for w in store.succ[v] if (g := int(old[w])) != INF)  # type: ignore[union-attr]
    val = store.val
    return frozenset(g for w in store.succ[v] if (g := old.get(w, val[w])) != INF)  # type: ignore[union-attr]


def local_label(store: LoopyStore, x: int) -> Label:
    """The label (γ, c) the local rule of the module docstring gives x from its followers' labels.

    >>> store = LoopyStore.from_arrays(3, np.array([0, 1, 1]), np.array([1, 0, 2]))
    >>> [local_label(store, x) for x in range(3)] == list(zip(store.val, store.counter))
    True
    """
    succ, val, counter = store.succ, store.val, store.counter
    seen = {val[v] for v in succ[x]}  # type: ignore[union-attr]
    m = 0
    while m in seen:
        m += 1
    best = -1
    for v in succ[x]:  # type: ignore[union-attr]
        gv = val[v]
        if gv == INF or gv > m:
            least = min((counter[w] for w in succ[v] if val[w] == m), default=-1)  # type: ignore[union-attr]
            if least < 0:
                return INF, -1
            best = max(best, least)
    return m, best + 1


class _Repair:
    """One repair: solve a region, check around it, grow it, until consistent or over budget."""

    def __init__(self, store: LoopyStore, start: int, head: int | None) -> None:
        self.store = store
        self.start = start
        self.head = head
        self.budget = store.budget()
        self.work = 0
        self.old: dict[int, Label] = {}  # every vertex written: its label before the repair

    def run(self) -> dict[int, Label] | None:
        """The labels before the repair of every vertex written, or None when over budget.

        Vertices that fail their check are solved on their own first (the vertices already solved
        keep their labels); only when an already solved vertex then fails is the whole region
        solved together. So a change that travels up a long path costs one step per vertex, and
        a cycle is solved as a whole.
        """
        region: set[int] = set()
        pending = {self.start}
        while True:
            together = bool(pending & region)
            first = not region
            region |= pending
            solve = region if together else pending
            labels = _solve_region(self.store, solve)
            self.work += 4 * len(solve) + sum(len(self.store.succ[x]) for x in solve)  # type: ignore[arg-type]
            changed = self._write(labels)
            pending = self._check(solve, changed, first)
            if not pending:
                return self.old
            if self.work > self.budget or (together and pending <= solve):
                return None  # over budget, or (never expected) a solved region that disagrees

    def _write(self, labels: dict[int, Label]) -> dict[int, Label]:
        """Store the region's labels; return {vertex: label before} for those that changed."""
        val, counter = self.store.val, self.store.counter
        changed = {}
        for x, (g, c) in labels.items():
            was = (val[x], counter[x])
            if was != (g, c):
                self.old.setdefault(x, was)
                changed[x] = was
                val[x], counter[x] = g, c
        return changed

    def _readers_of_start(self, changed: dict[int, Label]) -> set[int]:
        """Predecessors of the edited vertex whose rule reads the edited entry of its list."""
        pred = self.store.pred[self.start]
        if self.head is None:
            return set(pred)  # type: ignore[arg-type]
        h = self.head
        targets = {g for g in (self.store.val[h], changed.get(h, (INF, -1))[0]) if g != INF}
        if not targets:
            return set()
        return {x for x in pred if _reads(self.store, x, self.start, targets)}  # type: ignore[union-attr]

    def undo(self) -> dict[int, Label]:
        """Put back every label written; return them."""
        val, counter = self.store.val, self.store.counter
        for x, (g, c) in self.old.items():
            val[x], counter[x] = g, c
        return self.old

    def _check(self, solved: set[int], changed: dict[int, Label], first: bool) -> set[int]:
        """Vertices whose label disagrees with the local rule among those whose rule reads
        something that changed (see the module docstring; the edited list only on the ``first``
        check, later changes of its entries are relabellings), and the ones just solved."""
        store = self.store
        val, pred = store.val, store.pred
        suspects = (self._readers_of_start(changed) if first else set()) | solved
        for y, (old_g, _) in changed.items():
            new_g = val[y]
            if new_g != old_g:
                suspects.update(pred[y])  # type: ignore[arg-type]
            targets = {g for g in (old_g, new_g) if g != INF}
            for p in pred[y]:  # type: ignore[union-attr]
                self.work += 1 + len(pred[p])  # type: ignore[arg-type]
                for x in pred[p]:  # type: ignore[union-attr]
                    if x not in suspects and _reads(store, x, p, targets):
                        suspects.add(x)
        failing = set()
        for x in suspects:
            self.work += 1 + len(store.succ[x])  # type: ignore[arg-type]
            if local_label(store, x) != (val[x], store.counter[x]):
                failing.add(x)
        return failing


def _reads(store: LoopyStore, x: int, p: int, targets: set[int]) -> bool:
    """Whether x's rule reads the followers of p whose value is in ``targets`` (p follows x)."""
    val = store.val
    gx, gp = val[x], val[p]
    if gx != INF:
        return (gp == INF or gp > gx) and gx in targets
    seen = {val[v] for v in store.succ[x]}  # type: ignore[union-attr]
    m = 0
    while m in seen:
        m += 1
    return m in targets and (gp == INF or gp > m)


def _solve_region(store: LoopyStore, region: set[int]) -> dict[int, Label]:
    """The labelling algorithm on ``region`` alone, every other vertex keeping its label."""
    labels: dict[int, int] = dict.fromkeys(region, ALIVE)
    counters: dict[int, int] = {}
    alive = set(region)
    m = 0
    while alive:
        _round(store, labels, counters, alive, m)
        m += 1
    return {x: (labels[x], counters.get(x, -1)) for x in region}


def _round(store: LoopyStore, labels: dict[int, int], counters: dict[int, int], alive: set[int],
           m: int) -> None:
    """Round m: label m every alive vertex whose relevant followers all get covered, breadth first
    by counter. A heap orders the events, since outside vertices of value m come with their own
    counters: (t, v) covers v at time t; (t, ~w) is region vertex w labelled m at time t."""
    succ, val = store.succ, store.val
    waiting: dict[int, int] = {}
    blocked: set[int] = set()
    to_cover = [x for x, g in labels.items() if g < 0]
    for q in alive:
        k = 0
        for v in succ[q]:  # type: ignore[union-attr]
            if v in labels:
                k += labels[v] < 0
            elif val[v] == m:
                blocked.add(q)
            elif val[v] == INF or val[v] > m:
                k += 1
                to_cover.append(v)
        waiting[q] = k
    heap = _outside_covers(store, to_cover, labels, m)
    for q in alive:
        if waiting[q] == 0 and q not in blocked:
            labels[q], counters[q] = m, 0
            heap.append((0, ~q))
    heapify(heap)
    covered = _sweep(store, labels, counters, waiting, blocked, heap, m)
    for q in list(alive):
        if labels[q] == ALIVE and q not in covered:
            labels[q] = INF
        if labels[q] != ALIVE:
            alive.discard(q)


def _outside_covers(store: LoopyStore, vertices: list[int], labels: dict[int, int],
                    m: int) -> list[tuple[int, int]]:
    """(t, v): each vertex v is covered at time t by its outside followers of value m (the least
    counter), if it has any."""
    succ, val, counter = store.succ, store.val, store.counter
    events = []
    for v in set(vertices):
        least = -1
        for w in succ[v]:  # type: ignore[union-attr]
            if val[w] == m and w not in labels and (least < 0 or counter[w] < least):
                least = counter[w]
        if least >= 0:
            events.append((least, v))
    return events


def _sweep(store: LoopyStore, labels: dict[int, int], counters: dict[int, int], waiting: dict[int, int],
           blocked: set[int], heap: list[tuple[int, int]], m: int) -> dict[int, int]:
    """Process the events by time; return {covered vertex: time covered}."""
    pred, val = store.pred, store.val
    covered: dict[int, int] = {}
    while heap:
        t, event = heappop(heap)
        if event >= 0:
            targets: Iterable[int] = (event,)
        else:
            targets = pred[~event]  # type: ignore[assignment]
        for p in targets:
            if p in covered:
                continue
            g = labels[p] if p in labels else val[p]
            if not (g < 0 or (p not in labels and g > m)):
                continue
            covered[p] = t
            for q in pred[p]:  # type: ignore[union-attr]
                if labels.get(q) == ALIVE and q not in blocked and q not in covered:
                    waiting[q] -= 1
                    if waiting[q] == 0:
                        labels[q], counters[q] = m, t + 1
                        heappush(heap, (t + 1, ~q))
    return covered
