"""GameGraph: the editable game the canvas shows, a DAG with tokens and live Grundy values.

Theory: a token on vertex v is a game whose moves follow v's out-edges, with Grundy value
g(v) = mex{ g(w) : v -> w } (a sink has g = 0). Several tokens form a sum of games; by the
Sprague–Grundy theorem its value is the XOR (nim-sum) of the tokens' values, and the player to
move wins exactly when that nim-sum T is non-zero. Moving one token from a vertex of value a to a
successor of value b changes the total to T ^ a ^ b, which is 0 exactly when b = a ^ T: those are
all the winning moves.

Values are kept current incrementally (see :mod:`sgstudio.games.graph.model.incremental`): an edge edit
recomputes its tail and then only the predecessors whose successors' values changed; the
topological order that drives this, and the cycle check, are repaired locally
(:mod:`sgstudio.games.graph.model.topo`). "No cycles" is enforced in one place, :meth:`GameGraph.add_edge`.

Events (each a :class:`~sgstudio.core.events.Signal`, emitted after the model changed):

- ``node_added(v)``, ``node_removed(v)``  (edges and tokens of v are removed first, with their events)
- ``edge_added(u, v)``, ``edge_removed(u, v)``
- ``token_added(v)``, ``token_removed(v)``  (one token each time)
- ``node_changed(v)``  label or position changed
- ``values_changed(changed)``  ``changed`` is a dict {vertex: new value} of just the vertices whose
  Grundy value changed (a new vertex counts as changed)

An edge edit emits ``edge_added``/``edge_removed`` and then, if any value changed,
``values_changed``; the values are already current when the first of them is emitted.

Loopy mode (:meth:`GameGraph.set_loopy`, a property of the document, off by default): cycles and
self-loops are accepted, and a vertex's value is its generalized Sprague-Grundy value γ
(:mod:`sgstudio.games.graph.loopy.values`): an int, or ∞(K) as an
:class:`~sgstudio.games.graph.loopy.values.Infinite`,
with a counter c (:meth:`GameGraph.counter`) that proves a win takes finitely many moves. Values
are kept current by :class:`~sgstudio.games.graph.model.loopy_incremental.LoopyStore`. In loopy mode
``values_changed`` carries {vertex: γ} for the vertices whose γ, K or counter changed;
``loopy_changed(on)`` is emitted when the mode is switched (then ``values_changed`` if any value
changed). :meth:`~GameGraph.outcome` may then be DRAW, and :meth:`~GameGraph.winning_moves` lists
the moves that make progress first.
"""

from __future__ import annotations

import operator
from collections import Counter
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

import numpy as np

from sgstudio.core.errors import CycleError
from sgstudio.core.events import Signal
from sgstudio.core.outcome import Outcome
from sgstudio.games.graph.model import loopy as loopy_graph
from sgstudio.games.graph.model.incremental import DagStore
from sgstudio.games.graph.model.loopy_incremental import LoopyStore
from sgstudio.games.graph.model.vertex_table import VertexTable
from sgstudio.games.graph.model.views import BulkViews

if TYPE_CHECKING:

    from sgstudio.core.values import Gamma

Pos = tuple[float, float]


class GameGraph(loopy_graph.LoopyMode, BulkViews):
    """A DAG game with tokens. Vertices are non-negative ints; several tokens may share one vertex.

    Examples
    --------
    >>> g = GameGraph.from_edges(3, [(0, 1), (1, 2)])
    >>> [g.grundy(v) for v in range(3)]
    [0, 1, 0]
    >>> g.add_token(1); print(g.outcome())
    WIN
    >>> g.winning_moves()
    [(1, 2)]
    >>> seen = []
    >>> g.values_changed.connect(seen.append)
    >>> g.add_edge(0, 2)          # 0 now sees values {1, 0}: only g(0) changes
    >>> seen
    [{0: 2}]
    >>> g.add_edge(2, 0)
    Traceback (most recent call last):
    ...
    sgstudio.core.errors.CycleError: the edge would close the cycle 2 -> 0 -> 2
    """

    def __init__(self) -> None:
        self._dag = DagStore()
        self._vertices = VertexTable()  # order, labels, positions
        self._tokens: Counter[int] = Counter()
        self._next_id = 0
        self._loopy = False
        self.loopy_changed = Signal()
        self.node_added = Signal()
        self.node_removed = Signal()
        self.edge_added = Signal()
        self.edge_removed = Signal()
        self.token_added = Signal()
        self.token_removed = Signal()
        self.node_changed = Signal()
        self.values_changed = Signal()

    # -- building ----------------------------------------------------------------------------
    @classmethod
    def from_edges(cls, n: int, edges: Iterable[tuple[int, int]], *, loopy: bool = False) -> GameGraph:
        """Vertices 0..n-1 and the given edges (bulk build; raises CycleError on a cycle unless
        ``loopy``, which builds the graph in loopy mode).

        Repeated edges count once. Values come from the compiled bulk kernel
        :func:`~sgstudio.games.graph.dag.game.grundy_values` (loopy:
        :func:`~sgstudio.games.graph.loopy.values.generalized_values`); no events are emitted.

        >>> GameGraph.from_edges(4, [(0, 1), (0, 1), (1, 2), (3, 0)]).values()
        {0: 0, 1: 1, 2: 0, 3: 1}
        >>> loopy = GameGraph.from_edges(3, [(0, 1), (1, 0), (2, 2)], loopy=True)
        >>> [str(g) for g in loopy.values().values()]
        ['∞', '∞', '∞']
        """
        from sgstudio.games.graph.dag.game import grundy_values
        from sgstudio.games.graph.model.topo import topological_ranks

        src, dst = _edge_arrays(n, edges)
        game = cls()
        if loopy:
            game._dag, game._loopy = LoopyStore.from_arrays(n, src, dst), True
        else:
            values = grundy_values(n, src, dst)
            game._dag = DagStore.from_arrays(n, src, dst, values, topological_ranks(n, src, dst))
        game._vertices = VertexTable.numbered(n)
        game._next_id = n
        return game

    # -- queries -----------------------------------------------------------------------------
    def nodes(self) -> list[int]:
        """All vertices, in the order they were added."""
        return self._vertices.ids()

    def edges(self) -> list[tuple[int, int]]:
        """All edges as (tail, head)."""
        heads = self._dag.succ.keys_of
        return [(u, v) for u in self._vertices.ids() for v in heads(u)]

    def successors(self, v: int) -> list[int]:
        """Heads of v's out-edges."""
        return list(self._adjacent(self._dag.succ, v))

    def predecessors(self, v: int) -> list[int]:
        """Tails of v's in-edges."""
        return list(self._adjacent(self._dag.pred, v))

    def _adjacent(self, side: list, v: int) -> dict:
        if not self._dag.has_vertex(v):
            raise KeyError(v)
        return side[v]

    def has_node(self, v: int) -> bool:
        return self._dag.has_vertex(v)

    def has_edge(self, u: int, v: int) -> bool:
        return self._dag.has_vertex(u) and v in self._dag.succ[u]  # type: ignore[operator]

    def __len__(self) -> int:
        return self._dag.n

    def edge_count(self) -> int:
        """How many edges the graph has (the canvas chooses its drawing by size)."""
        return len(self._dag.src)

    def label(self, v: int) -> str:
        if not self._dag.has_vertex(v):
            raise KeyError(v)
        return self._vertices.label(v)

    def pos(self, v: int) -> Pos | None:
        if not self._dag.has_vertex(v):
            raise KeyError(v)
        return self._vertices.pos(v)

    def grundy(self, v: int) -> Gamma:
        """Grundy value of a token on v: mex of its successors' values (an int); in loopy mode γ(v),
        an int or ∞(K)."""
        if not self._dag.has_vertex(v):
            raise KeyError(v)
        if self._loopy:
            return self._dag.gamma_of(v)  # type: ignore[attr-defined,no-any-return]
        return self._dag.val[v]

    def values(self) -> dict[int, Gamma]:
        """A copy of {vertex: Grundy value} ({vertex: γ} in loopy mode)."""
        if self._loopy:
            return {v: self._dag.gamma_of(v) for v in self.nodes()}  # type: ignore[attr-defined]
        val = self._dag.val
        return {v: val[v] for v in self.nodes()}

    def topological_order(self) -> list[int]:
        """The vertices in the maintained topological order (every edge points forward).

        In loopy mode the order is computed afresh, and a cycle raises CycleError.
        """
        if self._loopy:
            return loopy_graph.acyclic_order(self._dag, self.nodes())
        return sorted(self.nodes(), key=self._dag.topo.ord.__getitem__)

    def would_close_cycle(self, u: int, v: int) -> list[int] | None:
        """The cycle that adding u -> v would close, or None (nothing is changed).

        The list starts with u, then a path from v back to a predecessor of u, so that with
        u -> v added each vertex has an edge to the next and the last one to the first.

        >>> g = GameGraph.from_edges(3, [(0, 1), (1, 2)])
        >>> g.would_close_cycle(2, 0), g.would_close_cycle(0, 2), g.would_close_cycle(1, 1)
        ([2, 0, 1], None, [1])
        """
        self._require(u)
        self._require(v)
        if v in self._dag.succ[u]:  # type: ignore[operator]
            return None
        if self._loopy:
            return loopy_graph.cycle_through(self._dag, u, v)
        return self._dag.topo.find_cycle(u, v, self._dag.succ, self._dag.pred)

    def tokens(self) -> list[int]:
        """The tokens as a sorted multiset of vertices."""
        return sorted(self._tokens.elements())

    def token_count(self, v: int) -> int:
        return self._tokens[v]

    def nim_sum(self) -> int:
        """XOR of the tokens' values: the value of the whole position (Sprague–Grundy theorem).

        Two tokens on one vertex cancel (x ^ x = 0), so only odd counts matter. In loopy mode,
        the nim-sum of the finite values (∞ tokens left out; see :meth:`position_value`).
        """
        val = self._dag.val
        total = 0
        for v, count in self._tokens.items():
            if count & 1 and val[v] >= 0:
                total ^= val[v]
        return total

    def outcome(self) -> Outcome:
        """WIN if the player to move wins (nim-sum non-zero), else LOSE; in loopy mode possibly DRAW."""
        if self._loopy:
            return self._rules().outcome(self.tokens())
        return Outcome.from_nim_sum(self.nim_sum())

    def winning_moves(self) -> list[tuple[int, int]]:
        """Every distinct (from, to): moving one token from ``from`` to ``to`` leaves nim-sum 0.

        A move changes one component from value a to b, so the total becomes T ^ a ^ b; it is 0
        exactly when b = a ^ T. In loopy mode: every move after which the opponent is lost, the
        progress moves first (see :meth:`progress_moves`).
        """
        if self._loopy:
            return self._rules().winning_moves(self.tokens())
        total = self.nim_sum()
        if total == 0:
            return []
        val, succ = self._dag.val, self._dag.succ
        moves = []
        for v in sorted(self._tokens):
            target = val[v] ^ total
            moves.extend((v, w) for w in sorted(succ[v]) if val[w] == target)  # type: ignore[arg-type]
        return moves

    # -- edits -------------------------------------------------------------------------------
    def _require(self, v: int) -> None:
        if not self._dag.has_vertex(v):
            raise ValueError(f"no vertex {v}")

    def add_node(self, label: str | None = None, pos: Pos | None = None,
                 node_id: int | None = None) -> int:
        """Add a vertex (``node_id`` lets undo bring back a removed vertex under its old id)."""
        v = self._next_id if node_id is None else node_id
        if type(v) is not int or v < 0:
            raise ValueError(f"a vertex id is a non-negative int, not {v!r}")
        if self._dag.has_vertex(v):
            raise ValueError(f"vertex {v} already exists")
        self._next_id = max(self._next_id, v + 1)
        self._dag.add_vertex(v)
        self._vertices.add(v, label, pos)
        self.node_added.emit(v)
        self.values_changed.emit({v: 0})
        return v

    def remove_node(self, v: int) -> None:
        """Remove v with its edges and tokens (each removal with its own events)."""
        self._require(v)
        while self._tokens[v]:
            self.remove_token(v)
        self._tokens.pop(v, None)
        for u in self.predecessors(v):
            self.remove_edge(u, v)
        for w in self.successors(v):
            self.remove_edge(v, w)
        self._dag.remove_vertex(v)
        self._vertices.remove(v)
        self.node_removed.emit(v)

    def add_edge(self, u: int, v: int) -> None:
        """Add u -> v; raise CycleError (graph unchanged) if it would close a cycle (not in loopy mode).

        Adding an existing edge does nothing.
        """
        self._require(u)
        self._require(v)
        dag = self._dag
        if v in dag.succ[u]:  # type: ignore[operator]
            return
        if self._loopy:
            self._loopy_edit(dag.link, dag.unlink, u, v, self.edge_added)
            return
        cycle = dag.topo.insert(u, v, dag.succ, dag.pred)
        if cycle is not None:
            if u == v:
                raise CycleError(cycle, f"a self-loop on {u} would be a cycle")
            raise CycleError(cycle)
        dag.link(u, v)
        changed = _updated_or_undone(dag.update_from, u, undo=lambda: dag.unlink(u, v))
        self.edge_added.emit(u, v)
        if changed:
            self.values_changed.emit(changed)

    def remove_edge(self, u: int, v: int) -> None:
        """Remove u -> v (ValueError if there is no such edge)."""
        if not self.has_edge(u, v):
            raise ValueError(f"no edge {u} -> {v}")
        dag = self._dag
        place = dag.place(u, v)  # to put it back exactly if the values cannot be repaired

        def back(a: int, b: int) -> None:
            dag.relink(a, b, place)

        if self._loopy:
            self._loopy_edit(dag.unlink, back, u, v, self.edge_removed)
            return
        dag.unlink(u, v)
        changed = _updated_or_undone(dag.update_from, u, undo=lambda: back(u, v))
        self.edge_removed.emit(u, v)
        if changed:
            self.values_changed.emit(changed)

    def recompute(self) -> dict[int, int]:
        """Recompute every value with the bulk kernel (a check; normally nothing changes).

        Emits ``values_changed`` if some value was out of date, and returns what changed.
        """
        changed = self._dag.recompute_all()
        if changed:
            self.values_changed.emit(changed)
        return changed

    def add_token(self, v: int) -> None:
        self._require(v)
        self._tokens[v] += 1
        self.token_added.emit(v)

    def remove_token(self, v: int) -> None:
        if self._tokens[v] <= 0:
            raise ValueError(f"no token on vertex {v}")
        self._tokens[v] -= 1
        if not self._tokens[v]:
            del self._tokens[v]
        self.token_removed.emit(v)

    def set_label(self, v: int, label: str) -> None:
        self._require(v)
        self._vertices.set_label(v, label)
        self.node_changed.emit(v)

    def set_pos(self, v: int, pos: Pos | None) -> None:
        self._require(v)
        self._vertices.set_pos(v, pos)
        self.node_changed.emit(v)


def _updated_or_undone(update: Callable[..., dict], *args: object, undo: Callable[[], None]) -> dict:
    """``update(*args)`` (the values after an edge edit), or, if it raises, ``undo()`` (the edit taken
    back; the store has put its values back) and the error raised: an edit is all or nothing."""
    try:
        return update(*args)
    except BaseException:
        undo()
        raise


def _edge_arrays(n: int, edges: Iterable[tuple[int, int]]) -> tuple[np.ndarray, np.ndarray]:
    """Distinct edges as (src, dst) int64 arrays, first occurrences in input order."""
    n = operator.index(n)
    if n < 0:
        raise ValueError(f"the vertex count must be non-negative, not {n}")
    pairs = np.array(edges if isinstance(edges, np.ndarray) else list(edges), dtype=np.int64)
    pairs = pairs.reshape(-1, 2)
    if pairs.size and (pairs.min() < 0 or pairs.max() >= n):
        raise ValueError(f"edge endpoints must lie in 0..{n - 1}")
    keys = pairs[:, 0] * max(n, 1) + pairs[:, 1]
    ordered = np.sort(keys)  # a fast sort finds out whether any edge repeats (the rare case)
    if not (ordered[1:] == ordered[:-1]).any():
        return pairs[:, 0].copy(), pairs[:, 1].copy()
    _, first = np.unique(keys, return_index=True)
    first.sort()
    return pairs[first, 0].copy(), pairs[first, 1].copy()
