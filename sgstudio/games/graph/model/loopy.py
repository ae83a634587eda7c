"""What :class:`~sgstudio.games.graph.model.graph.GameGraph` does differently in loopy mode, as small
functions
of its store: switching the mode, moves and outcomes of its tokens, cycles and orders.

In loopy mode the graph may have cycles; values are the generalized Sprague-Grundy values
(:mod:`sgstudio.games.graph.loopy.values`), kept current by
:class:`~sgstudio.games.graph.model.loopy_incremental.LoopyStore`.
Switching the mode keeps the adjacency as it is (no copy) and recomputes the values once; switching
back to a DAG is refused while there is a cycle.

Examples
--------
>>> from sgstudio.games.graph.model.incremental import DagStore
>>> store = to_loopy(DagStore())
>>> for v in range(3):
...     store.add_vertex(v)
>>> for u, v in [(0, 1), (1, 0), (1, 2)]:
...     store.link(u, v)
>>> _ = store.recompute_all()
>>> cycle_through(store, 2, 0), cycle_through(store, 0, 2)
([2, 0, 1], None)
>>> to_dag(store)
Traceback (most recent call last):
...
sgstudio.core.errors.CycleError: the graph has the cycle 0 -> 1 -> 0: remove it to leave the loopy mode
"""

from __future__ import annotations

from array import array
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import numpy as np

from sgstudio.core.errors import CycleError, format_cycle
from sgstudio.core.events import Signal
from sgstudio.core.values import Gamma
from sgstudio.games.graph.loopy.moves import TokenRules
from sgstudio.games.graph.model.incremental import DagStore, int64_copy
from sgstudio.games.graph.model.loopy_incremental import LoopyStore
from sgstudio.games.graph.model.topo import TopoOrder

SMALL = 20_000  # vertices + edges up to which the order is found in pure Python (no numba load)


class SortedHeads:
    """``heads[v]``: the heads of v's out-edges, sorted (the order moves are listed in)."""

    def __init__(self, succ: list[Mapping[int, int] | None]) -> None:
        self.succ = succ

    def __getitem__(self, v: int) -> list[int]:
        return sorted(self.succ[v])  # type: ignore[arg-type]


def token_rules(store: LoopyStore) -> TokenRules:
    """Outcomes and classified moves of tokens on the store's graph (a live view, not a copy)."""
    return TokenRules(SortedHeads(store.succ), store.val, store.counter)


def to_loopy(store: DagStore) -> LoopyStore:
    """A loopy store on the same adjacency, with γ and c computed."""
    return LoopyStore.adopt(store)


def to_dag(store: LoopyStore) -> DagStore:
    """A DAG store on the same adjacency, with Grundy values and a topological order; raises
    CycleError (nothing changed) while the graph has a cycle."""
    from sgstudio.games.graph.dag.game import grundy_values_auto

    size = len(store.val)
    src, dst = int64_copy(store.src), int64_copy(store.dst)  # copies: the error below keeps them
    try:
        values = grundy_values_auto(size, src, dst)
    except CycleError as err:
        raise CycleError(err.cycle, f"the graph has the cycle {format_cycle(err.cycle)}: "
                         "remove it to leave the loopy mode") from None
    dag = DagStore()
    dag.succ, dag.pred, dag.n = store.succ, store.pred, store.n
    dag.src, dag.dst = store.src, store.dst
    dag.val = array("q", values.astype(np.int64).tobytes())  # new: if the order fails, store is intact
    dag.topo = TopoOrder.from_ranks(_ranks(size, src, dst, store.succ))
    return dag


def _ranks(size: int, src: np.ndarray, dst: np.ndarray, succ: list) -> list[int]:
    if size + src.size > SMALL:
        from sgstudio.games.graph.model.topo import topological_ranks

        return topological_ranks(size, src, dst).tolist()
    order = kahn_order(range(size), succ)
    ranks = [0] * size
    for rank, v in enumerate(order):  # type: ignore[arg-type]
        ranks[v] = rank
    return ranks


def acyclic_order(store: DagStore, vertices: Iterable[int]) -> list[int]:
    """The vertices in a topological order of the store's graph; CycleError if it has a cycle."""
    order = kahn_order(vertices, store.succ)
    if order is None:
        from sgstudio.games.graph.dag.game import grundy_values_auto

        grundy_values_auto(len(store.val), int64_copy(store.src), int64_copy(store.dst))  # raises
        raise AssertionError("a cycle was expected")
    return order


def kahn_order(vertices: Iterable[int], succ: list) -> list[int] | None:
    """The vertices in a topological order (Kahn, ties in the given order), or None on a cycle.

    Absent ids (``succ[v] is None``) count as isolated vertices.

    >>> kahn_order([0, 1, 2], [{1: 0}, {}, {0: 1}]), kahn_order([0, 1], [{1: 0}, {0: 1}])
    ([2, 0, 1], None)
    """
    order = list(vertices)
    indeg = dict.fromkeys(order, 0)
    for v in order:
        for w in succ[v] or ():
            indeg[w] += 1
    ready = deque(v for v in order if indeg[v] == 0)
    out = []
    while ready:
        v = ready.popleft()
        out.append(v)
        for w in succ[v] or ():
            indeg[w] -= 1
            if indeg[w] == 0:
                ready.append(w)
    return out if len(out) == len(order) else None


def cycle_through(store: DagStore, u: int, v: int) -> list[int] | None:
    """The cycle that the edge u -> v closes (present or not), as ``[u, v, ..., x]`` with x -> u an
    edge, or None: a shortest path from v back to u, breadth first."""
    if u == v:
        return [u]
    parent = {v: v}
    queue = deque([v])
    while queue:
        x = queue.popleft()
        for w in store.succ[x]:  # type: ignore[union-attr]
            if w in parent:
                continue
            parent[w] = x
            if w == u:
                path = [x]
                while path[-1] != v:
                    path.append(parent[path[-1]])
                return [u, *reversed(path)]
            queue.append(w)
    return None


class LoopyMode:
    """The loopy-mode part of :class:`~sgstudio.games.graph.model.graph.GameGraph` (a mixin: it uses the
    graph's
    store ``_dag``, its flag ``_loopy``, its events and its queries)."""

    _dag: Any
    _loopy: bool
    loopy_changed: Signal
    values_changed: Signal
    _require: Callable[[int], None]

    @property
    def loopy(self) -> bool:
        """Whether cycles are allowed (values are then generalized Sprague-Grundy values)."""
        return self._loopy

    def set_loopy(self, on: bool) -> None:
        """Switch the loopy mode; emits ``loopy_changed(on)``, then ``values_changed`` if a value
        changed. Switching it off raises CycleError (nothing changed) while there is a cycle."""
        if bool(on) == self._loopy:
            return
        before = self.values()
        self._dag = to_loopy(self._dag) if on else to_dag(self._dag)
        self._loopy = bool(on)
        after = self.values()
        self.loopy_changed.emit(self._loopy)
        changed = {v: g for v, g in after.items() if g != before[v]}
        if changed:
            self.values_changed.emit(changed)

    def counter(self, v: int) -> int | None:
        """c(v) in loopy mode (None where γ(v) is ∞); None in DAG mode."""
        self._require(v)
        if not self._loopy or self._dag.val[v] < 0:
            return None
        return self._dag.counter[v]

    def witness(self, v: int) -> int | None:
        """Why γ(v) is ∞ in loopy mode: the follower that keeps the game going (a follower at ∞
        without a follower of value mex K(v)); None when γ(v) is finite or in DAG mode."""
        self._require(v)
        return self._rules().witness(v) if self._loopy else None

    def infinite_values(self) -> np.ndarray:
        """For every id up to the largest, whether its value is ∞ (never in DAG mode; False for ids
        that are not vertices), as a bool array (a big drawing colours those vertices).

        >>> from sgstudio.games.graph.model.graph import GameGraph
        >>> GameGraph.from_edges(3, [(0, 1), (1, 0), (1, 2)], loopy=True).infinite_values().tolist()
        [False, False, False]
        >>> GameGraph.from_edges(3, [(0, 1), (1, 0), (2, 2)], loopy=True).infinite_values().tolist()
        [True, True, True]
        """
        values = int64_copy(self._dag.val)  # a removed vertex's value is 0
        return values < 0 if self._loopy else np.zeros(len(values), bool)

    def position_value(self) -> Gamma:
        """The value of the whole position: the nim-sum, or ∞(K) in loopy mode (see
        :mod:`sgstudio.games.graph.loopy.sums`); truthy exactly when the player to move wins."""
        if not self._loopy:
            return self.nim_sum()
        return self._rules().value(self.tokens())

    def progress_moves(self) -> list[tuple[int, int]]:
        """The winning moves that make progress (all winning moves in DAG mode, where every game
        ends): played every time, they win in finitely many moves."""
        if not self._loopy:
            return self.winning_moves()
        return self._rules().progress_moves(self.tokens())

    def drawing_moves(self) -> list[tuple[int, int]]:
        """The moves after which the opponent can only draw or lose (none in DAG mode)."""
        return self._rules().drawing_moves(self.tokens()) if self._loopy else []

    def _rules(self) -> TokenRules:
        return token_rules(self._dag)

    def _loopy_edit(self, change: Callable[[int, int], None], back: Callable[[int, int], None], u: int,
                    v: int, event: Signal) -> None:
        """Link or unlink u -> v in loopy mode (``back``: the opposite), repair the values, emit
        ``event`` then the changes; all or nothing (a repair that raises takes the edit back)."""
        before = self._dag.gamma_of(u)
        change(u, v)
        try:
            changed = self._dag.update_from(u, before, v)
        except BaseException:
            back(u, v)
            raise
        event.emit(u, v)
        if changed:
            self.values_changed.emit(changed)

