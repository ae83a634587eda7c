"""GameGraph: the editable game the canvas shows, a DAG with tokens and live Grundy values.

CONTRACT VERSION (naive recompute). The public API and the events below are fixed; the
incremental upkeep replaces the body of ``_recompute`` without changing them.

Events (each a :class:`~sgstudio.core.events.Signal`, emitted after the model changed):

- ``node_added(v)``, ``node_removed(v)``  (edges and tokens of v are removed first, with their events)
- ``edge_added(u, v)``, ``edge_removed(u, v)``
- ``token_added(v)``, ``token_removed(v)``  (one token each time)
- ``node_changed(v)``  label or position changed
- ``values_changed(changed)``  ``changed`` is a dict {vertex: new value} of just the vertices whose
  Grundy value changed (a new vertex counts as changed)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

import networkx as nx

from sgstudio.core.errors import CycleError
from sgstudio.core.events import Signal
from sgstudio.core.mex import mex, nim_sum

Pos = tuple[float, float]


class GameGraph:
    """A DAG game with tokens. Vertices are ints; several tokens may share one vertex.

    Examples
    --------
    >>> g = GameGraph.from_edges(3, [(0, 1), (1, 2)])
    >>> [g.grundy(v) for v in range(3)]
    [0, 1, 0]
    >>> g.add_token(1); g.outcome()
    'WIN'
    >>> g.winning_moves()
    [(1, 2)]
    """

    def __init__(self) -> None:
        self.graph = nx.DiGraph()
        self._values: dict[int, int] = {}
        self._tokens: Counter[int] = Counter()
        self._next_id = 0
        self.node_added = Signal()
        self.node_removed = Signal()
        self.edge_added = Signal()
        self.edge_removed = Signal()
        self.token_added = Signal()
        self.token_removed = Signal()
        self.node_changed = Signal()
        self.values_changed = Signal()

    # -- building --------------------------------------------------------------------------
    @classmethod
    def from_edges(cls, n: int, edges: Iterable[tuple[int, int]]) -> GameGraph:
        """Vertices 0..n-1 and the given edges (bulk build; raises CycleError on a cycle)."""
        game = cls()
        game.graph.add_nodes_from((v, {"label": str(v), "pos": None}) for v in range(n))
        game.graph.add_edges_from(edges)
        game._next_id = n
        try:
            order = list(nx.topological_sort(game.graph))
        except nx.NetworkXUnfeasible:
            cycle = [u for u, _ in nx.find_cycle(game.graph)]
            raise CycleError(cycle, "the graph has the cycle " + " -> ".join(
                map(str, [*cycle, cycle[0]]))) from None
        for v in reversed(order):
            game._values[v] = mex(game._values[w] for w in game.graph.successors(v))
        return game

    # -- queries ---------------------------------------------------------------------------
    def nodes(self) -> list[int]:
        """All vertices."""
        return list(self.graph.nodes)

    def edges(self) -> list[tuple[int, int]]:
        """All edges as (tail, head)."""
        return list(self.graph.edges)

    def successors(self, v: int) -> list[int]:
        """Heads of v's out-edges."""
        return list(self.graph.successors(v))

    def predecessors(self, v: int) -> list[int]:
        """Tails of v's in-edges."""
        return list(self.graph.predecessors(v))

    def has_node(self, v: int) -> bool:
        return self.graph.has_node(v)

    def has_edge(self, u: int, v: int) -> bool:
        return self.graph.has_edge(u, v)

    def label(self, v: int) -> str:
        return self.graph.nodes[v]["label"]

    def pos(self, v: int) -> Pos | None:
        return self.graph.nodes[v]["pos"]

    def grundy(self, v: int) -> int:
        """Grundy value of a token on v: mex of its successors' values."""
        return self._values[v]

    def values(self) -> dict[int, int]:
        """A copy of {vertex: Grundy value}."""
        return dict(self._values)

    def tokens(self) -> list[int]:
        """The tokens as a sorted multiset of vertices."""
        return sorted(self._tokens.elements())

    def token_count(self, v: int) -> int:
        return self._tokens[v]

    def nim_sum(self) -> int:
        """XOR of the tokens' values: the value of the whole position (Sprague-Grundy theorem)."""
        return nim_sum(self._values[v] for v in self._tokens.elements())

    def outcome(self) -> str:
        """``"WIN"`` if the player to move wins (nim-sum non-zero), else ``"LOSE"``."""
        return "WIN" if self.nim_sum() else "LOSE"

    def winning_moves(self) -> list[tuple[int, int]]:
        """Every distinct (from, to): moving one token from ``from`` to ``to`` leaves nim-sum 0.

        A move changes one component from value a to b, so the total becomes T ^ a ^ b; it is 0
        exactly when b = a ^ T.
        """
        total = self.nim_sum()
        if total == 0:
            return []
        moves = []
        for v in sorted(self._tokens):
            target = self._values[v] ^ total
            moves.extend((v, w) for w in sorted(self.graph.successors(v)) if self._values[w] == target)
        return moves

    # -- edits -----------------------------------------------------------------------------
    def add_node(self, label: str | None = None, pos: Pos | None = None,
                 node_id: int | None = None) -> int:
        """Add a vertex (``node_id`` lets undo bring back a removed vertex under its old id)."""
        v = self._next_id if node_id is None else node_id
        if self.graph.has_node(v):
            raise ValueError(f"vertex {v} already exists")
        self._next_id = max(self._next_id, v + 1)
        self.graph.add_node(v, label=str(v) if label is None else label, pos=pos)
        self._values[v] = 0
        self.node_added.emit(v)
        self.values_changed.emit({v: 0})
        return v

    def remove_node(self, v: int) -> None:
        """Remove v with its edges and tokens."""
        while self._tokens[v]:
            self.remove_token(v)
        for u in self.predecessors(v):
            self.remove_edge(u, v)
        for w in self.successors(v):
            self.remove_edge(v, w)
        self.graph.remove_node(v)
        del self._values[v]
        self._tokens.pop(v, None)
        self.node_removed.emit(v)

    def add_edge(self, u: int, v: int) -> None:
        """Add u -> v; raise CycleError (graph unchanged) if it would close a cycle."""
        if not (self.graph.has_node(u) and self.graph.has_node(v)):
            raise ValueError(f"no vertex {u if not self.graph.has_node(u) else v}")
        if self.graph.has_edge(u, v):
            return
        if u == v:
            raise CycleError([u], f"a self-loop on {u} would be a cycle")
        if nx.has_path(self.graph, v, u):
            path = nx.shortest_path(self.graph, v, u)
            raise CycleError([u, *path[:-1]])
        self.graph.add_edge(u, v)
        self.edge_added.emit(u, v)
        self._recompute()

    def remove_edge(self, u: int, v: int) -> None:
        self.graph.remove_edge(u, v)
        self.edge_removed.emit(u, v)
        self._recompute()

    def add_token(self, v: int) -> None:
        if not self.graph.has_node(v):
            raise ValueError(f"no vertex {v}")
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
        self.graph.nodes[v]["label"] = label
        self.node_changed.emit(v)

    def set_pos(self, v: int, pos: Pos | None) -> None:
        self.graph.nodes[v]["pos"] = pos
        self.node_changed.emit(v)

    def _recompute(self) -> None:
        changed = {}
        for v in reversed(list(nx.topological_sort(self.graph))):
            g = mex(self._values[w] for w in self.graph.successors(v))
            if self._values.get(v) != g:
                changed[v] = g
            self._values[v] = g
        if changed:
            self.values_changed.emit(changed)
