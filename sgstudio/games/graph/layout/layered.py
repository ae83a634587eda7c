"""Layered layout of a DAG (Sugiyama et al. 1981): sinks on the bottom row, every edge pointing down,
and no edge drawn through (or within a vertex radius of) a vertex it does not touch.

1. Layers are the topological generations of the *reversed* graph (what networkx's
   ``topological_generations`` gives on ``graph.reverse()``): generation 0 holds the sinks,
   generation k the vertices whose longest path to a sink has k edges, so every edge goes from a
   higher layer to a lower one.
2. An edge spanning several layers gets a *dummy* vertex in every layer it crosses, so that it
   takes part in the ordering and owns a slot of its own in each of those layers.
3. Within a layer, vertices and dummies are ordered by the barycentre (mean position) of their
   neighbours in the layer above, then of those below, sweeping down and up: a heuristic that
   removes most crossings.
4. x-coordinates keep that order with gaps (:mod:`~sgstudio.games.graph.layout.place`): vertices
   move towards their neighbours, dummies towards the point where their edge's straight segment
   crosses the layer. Finally every segment is checked against the vertices of the layers it spans
   and vertices that come too close are pushed aside (the layer gap grows only if that fails).

Any graph with ``nodes()``, ``successors(v)`` and ``predecessors(v)`` will do: a networkx DiGraph or
a :class:`~sgstudio.games.graph.model.graph.GameGraph` itself (which spares building a networkx copy first).
Deterministic and bounded in time: beyond :data:`BIG` vertices, dummies and edges (a dense graph of
thousands of vertices, which no straight-line drawing keeps clear) it falls back to ordering the
vertices alone and spacing them evenly (a few ms for 2,000 vertices and 6,000 edges).

>>> import networkx as nx
>>> pos = layered_positions(nx.DiGraph([(0, 1), (0, 2), (1, 2)]), dx=100, dy=100)
>>> pos[0][1] < pos[1][1] < pos[2][1]
True
>>> from sgstudio.games.graph.model.graph import GameGraph
>>> layered_positions(GameGraph.from_edges(3, [(0, 1), (0, 2), (1, 2)]), dx=100, dy=100) == pos
True

A graph with cycles (a loopy game) is laid out on an acyclic view of it (:class:`Acyclic`): the
edges that close cycles (found by a depth-first search) count as turned round, self-loops not at all.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Protocol

from sgstudio.games.graph.layout.place import clear_edges, place_rows, violations

Pos = tuple[float, float]


class Digraph(Protocol):
    """What the layout reads of a directed graph."""

    def nodes(self) -> Iterable[Hashable]: ...

    def successors(self, v) -> Iterable[Hashable]: ...

    def predecessors(self, v) -> Iterable[Hashable]: ...


class Acyclic:
    """The graph with every edge that closes a cycle turned round (the back edges of an iterative
    depth-first search, in the graph's order) and without self-loops: a DAG on the same vertices.

    >>> view = Acyclic(SuccessorLists({0: [1, 0], 1: [2], 2: [0]}))
    >>> [sorted(view.successors(v)) for v in view.nodes()], layers(view)
    ([[1, 2], [2], []], [[0], [1], [2]])
    """

    def __init__(self, graph: Digraph) -> None:
        self._nodes = list(graph.nodes())
        self._succ: dict = {v: set() for v in self._nodes}
        self._pred: dict = {v: set() for v in self._nodes}
        state: dict = {}  # 1: on the search's path, 2: done
        for root in self._nodes:
            if root in state:
                continue
            state[root] = 1
            stack = [(root, iter(sorted(graph.successors(root))))]
            while stack:
                v, todo = stack[-1]
                w = next(todo, None)
                if w is None:
                    state[v] = 2
                    stack.pop()
                elif w != v:
                    back = state.get(w) == 1
                    self._link(w, v) if back else self._link(v, w)
                    if w not in state:
                        state[w] = 1
                        stack.append((w, iter(sorted(graph.successors(w)))))

    def _link(self, u, v) -> None:
        self._succ[u].add(v)
        self._pred[v].add(u)

    def nodes(self) -> list:
        return self._nodes

    def successors(self, v) -> set:
        return self._succ[v]

    def predecessors(self, v) -> set:
        return self._pred[v]


class SuccessorLists:
    """A tiny digraph from successor lists (for examples and tests).

    >>> sorted(SuccessorLists({0: [1], 1: []}).predecessors(1))
    [0]
    """

    def __init__(self, succ: dict) -> None:
        self._succ = {v: list(ws) for v, ws in succ.items()}

    def nodes(self) -> list:
        return list(self._succ)

    def successors(self, v) -> list:
        return self._succ[v]

    def predecessors(self, v) -> list:
        return [u for u, ws in self._succ.items() if v in ws]


def has_cycle(graph: Digraph) -> bool:
    """Whether ``graph`` has a cycle (a self-loop counts): the layered layout then needs :class:`Acyclic`."""
    if getattr(graph, "loopy", None) is False:
        return False  # a GameGraph in DAG mode never has one
    try:
        layers(graph)
    except ValueError:
        return True
    return any(v in set(graph.successors(v)) for v in graph.nodes())


def layers(graph: Digraph) -> list[list[int]]:
    """Rows from top to bottom; the last row holds the sinks. A cycle raises ``ValueError``.

    >>> import networkx as nx
    >>> layers(nx.DiGraph([(0, 1), (2, 1), (0, 2)]))
    [[0], [2], [1]]
    """
    waiting = {v: sum(1 for _ in graph.successors(v)) for v in graph.nodes()}
    generation = [v for v, n in waiting.items() if n == 0]
    rows: list[list[int]] = []
    while generation:
        rows.append(sorted(generation))
        after = []
        for v in generation:
            for u in graph.predecessors(v):
                waiting[u] -= 1
                if waiting[u] == 0:
                    after.append(u)
        generation = after
    if sum(map(len, rows)) != len(waiting):
        raise ValueError("the graph has a cycle: no layered layout")
    return rows[::-1]


CLEARANCE = 26.0 + 6.0  # a vertex's radius and a little: how far edges keep from other vertices
BIG = 6_000  # vertices + dummies + edges above which the simple layered layout is used (a dense graph
# of thousands of vertices cannot be drawn with straight edges clear of every vertex anyway)
WORK = 60_000  # rounds of clearing times (vertices + dummies + edges): bounds the time a layout takes
GROW = 12  # at most this many times the rows move 25 % further apart to clear the edges


class _Dummy:
    """Where an edge u -> v crosses an intermediate layer (``at``: the fraction of the way down)."""

    __slots__ = ("at", "u", "v")

    def __init__(self, u, v, at: float) -> None:
        self.u, self.v, self.at = u, v, at


def _with_dummies(rows: list[list], layer: dict, edges: list[tuple]) -> tuple[list[list], dict, dict]:
    """(rows with dummies, up, down): ``up[x]``/``down[x]`` are x's neighbours in the layers
    above/below, dummies included."""
    rows = [list(r) for r in rows]
    up: dict = {v: [] for v in layer}
    down: dict = {v: [] for v in layer}
    for u, v in edges:
        prev, span = u, layer[v] - layer[u]
        for i in range(layer[u] + 1, layer[v]):
            d = _Dummy(u, v, (i - layer[u]) / span)
            rows[i].append(d)
            up[d], down[d] = [prev], []
            down[prev].append(d)
            prev = d
        down[prev].append(v)
        up[v].append(prev)
    return rows, up, down


def _centred(row: list) -> dict:
    """{vertex: index} of a row, centred on 0 so rows of different widths line up."""
    mid = (len(row) - 1) / 2
    return {v: k - mid for k, v in enumerate(row)}


def _barycentre_sort(row: list, neighbours: dict, where: dict) -> list:
    """Order ``row`` by the mean place of each vertex's neighbours (stable; no neighbours: keep)."""
    def key(v) -> float:
        near = neighbours[v]
        return sum(where[w] for w in near) / len(near) if near else where[v]
    return sorted(row, key=key)


def _sweep(rows: list[list], up: dict, down: dict, sweeps: int) -> list[list]:
    """Reorder each row by barycentres, sweeping down (by ``up``) then up (by ``down``)."""
    rows = [list(r) for r in rows]
    where: dict = {}
    for row in rows:
        where.update(_centred(row))
    for _ in range(sweeps):
        for order, neighbours in ((range(1, len(rows)), up), (range(len(rows) - 2, -1, -1), down)):
            for i in order:
                rows[i] = _barycentre_sort(rows[i], neighbours, where)
                where.update(_centred(rows[i]))
    return rows


def order_layers(graph: Digraph, rows: list[list[int]], sweeps: int = 2) -> list[list[int]]:
    """Reorder each row by barycentres, sweeping down (by predecessors) then up (by successors).
    (Without dummies; :func:`layered_positions` orders the rows with their dummies.)

    >>> import networkx as nx
    >>> order_layers(nx.DiGraph([(0, 3), (1, 2)]), [[0, 1], [2, 3]])
    [[0, 1], [3, 2]]
    """
    nodes = [v for row in rows for v in row]
    up = {v: list(graph.predecessors(v)) for v in nodes}
    down = {v: list(graph.successors(v)) for v in nodes}
    return _sweep(rows, up, down, sweeps)


def layered_positions(graph: Digraph, dx: float = 90.0, dy: float = 110.0) -> dict[int, Pos]:
    """Positions for every vertex: rows at least ``dy`` apart (sinks at the bottom), vertices of a
    row at least ``dx`` apart, edges clear of the vertices they do not touch.

    >>> import networkx as nx
    >>> layered_positions(nx.DiGraph([(0, 1), (0, 2)]), dx=10, dy=20)
    {0: (0.0, 0.0), 1: (-5.0, 20.0), 2: (5.0, 20.0)}
    >>> sorted(layered_positions(SuccessorLists({0: [1], 1: [0, 1]}), dx=10, dy=20).items())
    [(0, (0.0, 0.0)), (1, (0.0, 20.0))]
    """
    if has_cycle(graph):
        graph = Acyclic(graph)
    real = layers(graph)
    layer = {v: i for i, row in enumerate(real) for v in row}
    edges = [(u, v) for row in real for u in row for v in sorted(graph.successors(u))]
    size = len(layer) + len(edges) + sum(layer[v] - layer[u] - 1 for u, v in edges)
    if size > BIG:  # too dense to clear: order the vertices alone and space them evenly
        return _evenly(order_layers(graph, real), dx, dy)
    rows, up, down = _with_dummies(real, layer, edges)
    rows = _sweep(rows, up, down, sweeps=4)
    x = place_rows(rows, up, down, _gaps(dx), _want_on_segment)
    real = [[v for v in row if not isinstance(v, _Dummy)] for row in rows]
    first, plain_y = dict(x), [i * dy for i in range(len(real))]
    clearance = min(CLEARANCE, dx / 2)
    budget, gap_y, left = max(8, WORK // size), dy, 0  # rounds of clearing; a large graph gets fewer
    for _ in range(GROW):  # taller only if moving vertices aside did not clear the edges
        y = [i * gap_y for i in range(len(real))]
        rounds = min(40, budget)
        budget -= rounds
        left = clear_edges(real, x, y, edges, layer, clearance, dx, rounds)
        if not left or budget <= 0:
            break
        gap_y *= 1.25
    if left and len(violations(real, first, plain_y, edges, layer, clearance)) <= left:
        x, y = first, plain_y  # clearing did not converge and made it no better: keep the first placement
    return dict(sorted((v, (float(x[v]), float(y[layer[v]]))) for v in layer))


def _evenly(rows: list[list], dx: float, dy: float) -> dict:
    """Rows ``dy`` apart, vertices ``dx`` apart, each row centred on x = 0."""
    pos = {}
    for r, row in enumerate(rows):
        mid = (len(row) - 1) / 2
        for k, v in enumerate(row):
            pos[v] = ((k - mid) * dx, float(r * dy))
    return dict(sorted(pos.items()))


def _gaps(dx: float):
    """Least distance between neighbours of a layer: ``dx`` between vertices, less next to dummies."""
    def gap(a, b) -> float:
        dummies = isinstance(a, _Dummy) + isinstance(b, _Dummy)
        return dx if dummies == 0 else dx / 2 if dummies == 1 else dx / 8
    return gap


def _want_on_segment(v, x: dict) -> float | None:
    """A dummy wants to be on its edge's straight segment; a vertex has no wish of its own."""
    if isinstance(v, _Dummy):
        return x[v.u] + (x[v.v] - x[v.u]) * v.at
    return None
