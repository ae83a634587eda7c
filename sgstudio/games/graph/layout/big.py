"""Layout of a big DAG (tens of thousands of vertices and more): layers by depth, wrapped into a grid,
and a readable layered drawing of the part where the game is.

The layered layout of :mod:`~sgstudio.games.graph.layout.layered` (Sugiyama) is quadratic in places and, on
a deep graph, draws one vertical line: a random DAG of 200,000 vertices has tens of thousands of
layers of a few vertices each. Here:

1. A vertex's *depth* is the length of its longest path to a sink (the layered layout's layers:
   every edge goes from a deeper layer to a shallower one); the deepest layer comes first.
2. Within a layer, vertices are ordered by the mean place of their predecessors (one sweep, top
   down: the barycentre heuristic of the layered layout, once).
3. Each layer becomes a block: columns of at most ``tall`` vertices (``tall`` is the square root
   of a typical layer's size, so a typical block is square; a chain's layers are single vertices).
   The blocks, deepest first, are *wrapped* like words into lines, left to right, the lines as
   long as makes the whole grid about the shape of a window (a layer wider than a line becomes a
   block a line wide and as tall as it needs: random graphs have a few huge layers); so an
   overview shows the whole graph evenly instead of a line, and most edges join neighbouring
   blocks.

On a graph with cycles (a loopy game) the layers are those of an acyclic part of it: the edges
that a depth-first search finds going back to a vertex still on its path (and self-loops) are
left out of the layering (:func:`forward_edges`); every other edge is kept, so the picture reads
as on a DAG with the cycles closing upwards.

All of it is compiled (numba) and linear apart from sorting: about a second for 200,000 vertices
and 10^6 edges. :func:`focus_positions` lays out a few hundred vertices (the tokens and their
neighbourhoods) with the layered layout itself, beside the grid.

>>> import numpy as np
>>> xy = wrapped_layers(4, np.array([0, 1, 2]), np.array([1, 2, 3]), dx=10, dy=10)
>>> xy.tolist()  # a chain of four, wrapped into two lines of two: the source first
[[0.0, 0.0], [10.0, 0.0], [0.0, 10.0], [10.0, 10.0]]
>>> wrapped_layers(4, np.array([0, 1, 2, 3]), np.array([1, 2, 3, 0]), dx=10, dy=10).tolist()  # a cycle
[[0.0, 0.0], [10.0, 0.0], [0.0, 10.0], [10.0, 10.0]]
"""

from __future__ import annotations

import math

import numpy as np

ASPECT = 1.6  # width : height of the wrapped grid (a window's shape)
BAND_GAP = 2.0  # columns of empty room between two bands, in units of dx

_compiled: dict = {}


def _kernel(name: str):
    """The compiled form of a kernel below (compiled on first use, cached on disk); the helper the
    kernels call, :func:`_grouped`, is compiled first and stands in for the Python one."""
    global _grouped
    if name not in _compiled:
        from numba import njit

        if "grouped" not in _compiled:
            _compiled["grouped"] = _grouped = njit(cache=True, nogil=True)(_grouped_py)
        _compiled[name] = njit(cache=True, nogil=True)(globals()[f"_{name}"])
    return _compiled[name]


def _grouped_py(n, keys, values):  # pragma: no cover - compiled
    """``(start, packed)``: ``values`` grouped by their ``keys`` (0..n-1) by a counting sort, in order
    within a group: ``packed[start[k]:start[k + 1]]`` are the values of key k (a CSR row)."""
    m = keys.shape[0]
    start = np.zeros(n + 1, np.int64)
    for e in range(m):
        start[keys[e] + 1] += 1
    for v in range(n):
        start[v + 1] += start[v]
    fill = start[:-1].copy()
    packed = np.empty(m, np.int64)
    for e in range(m):
        packed[fill[keys[e]]] = values[e]
        fill[keys[e]] += 1
    return start, packed


_grouped = _grouped_py


def depths(n: int, src: np.ndarray, dst: np.ndarray) -> np.ndarray:
    """Longest path from each vertex to a sink (sinks: 0); -1 on a vertex on or behind a cycle.

    >>> depths(4, np.array([0, 0, 1]), np.array([1, 2, 2])).tolist()
    [2, 1, 0, 0]
    """
    return _kernel("depths")(int(n), np.ascontiguousarray(src, np.int64), np.ascontiguousarray(dst, np.int64))


def _depths(n, src, dst):  # pragma: no cover - compiled
    """Kahn's algorithm on the reversed graph (sinks first), taking the longest way."""
    outdeg = np.zeros(n, np.int64)
    for e in range(src.shape[0]):
        outdeg[src[e]] += 1
    start, tails = _grouped(n, dst, src)
    depth = np.full(n, -1, np.int64)
    queue = np.empty(n, np.int64)
    tail = 0
    for v in range(n):
        if outdeg[v] == 0:
            queue[tail] = v
            tail += 1
            depth[v] = 0
    head = 0
    while head < tail:
        v = queue[head]
        head += 1
        for i in range(start[v], start[v + 1]):
            u = tails[i]
            if depth[v] + 1 > depth[u]:
                depth[u] = depth[v] + 1
            outdeg[u] -= 1
            if outdeg[u] == 0:
                queue[tail] = u
                tail += 1
    return depth


def forward_edges(n: int, src: np.ndarray, dst: np.ndarray) -> np.ndarray:
    """Which edges to keep so that none closes a cycle: all but the back edges of a depth-first
    search (from vertex 0 up, successors in edge order) and the self-loops, as a bool mask. On a
    DAG every edge is kept.

    >>> forward_edges(3, np.array([0, 1, 2, 1, 2]), np.array([1, 2, 0, 1, 1])).tolist()
    [True, True, False, False, False]
    """
    return _kernel("forward_edges")(int(n), np.ascontiguousarray(src, np.int64),
                                    np.ascontiguousarray(dst, np.int64))


def _forward_edges(n, src, dst):  # pragma: no cover - compiled
    """Iterative DFS over the out-edges (an explicit stack: 10^6-deep paths are fine); an edge is
    kept when its head finished before its tail (tree, forward and cross edges)."""
    m = src.shape[0]
    start, heads = _grouped(n, src, dst)
    finish = np.full(n, -1, np.int64)
    seen = np.zeros(n, np.bool_)
    stack = np.empty(n, np.int64)
    cursor = start[:-1].copy()
    clock = 0
    for root in range(n):
        if seen[root]:
            continue
        seen[root] = True
        stack[0] = root
        depth = 1
        while depth:
            v = stack[depth - 1]
            if cursor[v] < start[v + 1]:
                w = heads[cursor[v]]
                cursor[v] += 1
                if not seen[w]:
                    seen[w] = True
                    stack[depth] = w
                    depth += 1
            else:
                finish[v] = clock
                clock += 1
                depth -= 1
    keep = np.empty(m, np.bool_)
    for e in range(m):
        keep[e] = finish[dst[e]] < finish[src[e]]
    return keep


def _ordered(n, src, dst, layer, layers):  # pragma: no cover - compiled
    """Vertices layer by layer (layer 0 first), each layer sorted by the mean rank of its
    predecessors in theirs (rank within the layer: ``rank``). Returns (order, starts, rank)."""
    start, tails = _grouped(n, dst, src)
    counts = np.zeros(layers + 1, np.int64)
    for v in range(n):
        if layer[v] >= 0:
            counts[layer[v] + 1] += 1
    for k in range(layers):
        counts[k + 1] += counts[k]
    order = np.empty(counts[layers], np.int64)
    slot = counts[:-1].copy()
    for v in range(n):
        if layer[v] >= 0:
            order[slot[layer[v]]] = v
            slot[layer[v]] += 1
    rank = np.zeros(n, np.float64)
    for k in range(layers):
        a, b = counts[k], counts[k + 1]
        keys = np.empty(b - a, np.float64)
        for i in range(a, b):
            v = order[i]
            total, seen = 0.0, 0
            for j in range(start[v], start[v + 1]):
                u = tails[j]
                if layer[u] >= 0 and layer[u] < k:
                    total += rank[u]
                    seen += 1
            keys[i - a] = total / seen if seen else (i - a) * 1.0
        perm = np.argsort(keys, kind="mergesort")
        chunk = order[a:b].copy()
        for i in range(b - a):
            order[a + i] = chunk[perm[i]]
            rank[chunk[perm[i]]] = i * 1.0
    return order, counts


def wrapped_layers(n: int, src: np.ndarray, dst: np.ndarray, keep: np.ndarray | None = None,
                   dx: float = 90.0, dy: float = 110.0, aspect: float = ASPECT) -> np.ndarray:
    """Positions (an (n, 2) array) of vertices 0..n-1: layers by depth wrapped into a grid of
    about ``aspect`` (width : height). Only vertices with ``keep[v]`` (all by default) are placed;
    the others get NaN. Edges that close a cycle are left out of the layering
    (:func:`forward_edges`)."""
    src = np.ascontiguousarray(src, np.int64)
    dst = np.ascontiguousarray(dst, np.int64)
    if keep is not None:
        inside = keep[src] & keep[dst]
        src, dst = src[inside], dst[inside]
    depth = depths(n, src, dst)
    if keep is not None:
        depth[~keep] = -1
    if (depth < 0).any() and (keep is None or (depth[keep] < 0).any()):  # cycles: layer a DAG of them
        forward = forward_edges(n, src, dst)
        src, dst = src[forward], dst[forward]
        depth = depths(n, src, dst)
        if keep is not None:
            depth[~keep] = -1
    xy = np.full((n, 2), np.nan)
    if not (depth >= 0).any():
        return xy
    top = int(depth.max())
    layer = np.where(depth >= 0, top - depth, -1)
    order, starts = _kernel("ordered")(int(n), src, dst, layer, top + 1)
    widths = np.diff(starts)
    tall = max(1, math.ceil(math.sqrt(np.percentile(widths, 90))))  # a typical layer: a square block
    rows = np.minimum(widths, tall)
    columns = -(-widths // tall)
    gap = 0.5 if tall > 1 else 0.0
    line = max(1.0, math.sqrt(aspect * float((columns + gap).sum()) * tall * dy / dx))
    wide = columns > line  # a layer wider than a line: a block a line wide and as tall as it needs
    columns[wide] = int(line)
    rows[wide] = -(-widths[wide] // columns[wide])
    x0, y0 = _kernel("wrap")(columns.astype(np.float64), rows, float(line), gap, float(tall))
    index = np.arange(order.size) - np.repeat(starts[:-1], widths)  # place within its layer
    per_column = np.repeat(rows, widths)
    xy[order, 0] = (np.repeat(x0, widths) + index // per_column) * dx
    xy[order, 1] = (np.repeat(y0, widths) + index % per_column) * dy
    return xy


def _wrap(columns, rows, line, gap, tall):  # pragma: no cover - compiled
    """Where each layer's block starts (in grid units), placed left to right in lines of at most
    ``line`` columns like words in a text (no block is wider than a line); a line is as tall as
    its tallest block (at least ``tall``), and ``gap`` apart from the next."""
    k = columns.shape[0]
    x0 = np.zeros(k, np.float64)
    y0 = np.zeros(k, np.float64)
    x, y, height = 0.0, 0.0, tall
    for i in range(k):
        if x > 0 and x + columns[i] > line:
            x, y, height = 0.0, y + height + gap, tall
        x0[i], y0[i] = x, y
        x += columns[i] + gap
        height = max(height, rows[i] * 1.0)
    return x0, y0


def focus_positions(model, vertices: list[int], origin: tuple[float, float],
                    dx: float = 90.0, dy: float = 110.0) -> dict[int, tuple[float, float]]:
    """A layered drawing of ``vertices`` (a few hundred at most) with the edges among them, its
    top-right corner at ``origin``: {vertex: position}."""
    from sgstudio.games.graph.layout.layered import layered_positions

    chosen = set(vertices)
    sub = _Induced(model, chosen)
    pos = layered_positions(sub, dx=dx, dy=dy)
    if not pos:
        return {}
    right = max(x for x, _ in pos.values())
    top = min(y for _, y in pos.values())
    return {v: (x - right + origin[0], y - top + origin[1]) for v, (x, y) in pos.items()}


class _Induced:
    """The sub-graph of ``model`` on ``chosen`` as the layered layout reads it."""

    def __init__(self, model, chosen: set[int]) -> None:
        self.model, self.chosen = model, chosen

    def nodes(self) -> list[int]:
        return sorted(self.chosen)

    def successors(self, v: int) -> list[int]:
        return [w for w in self.model.successors(v) if w in self.chosen]

    def predecessors(self, v: int) -> list[int]:
        return [u for u in self.model.predecessors(v) if u in self.chosen]
