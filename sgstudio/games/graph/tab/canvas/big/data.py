"""What the canvas of a big graph keeps of it: positions, values and edges in numpy arrays (about
40 bytes a vertex and 8 an edge), a spatial grid over the positions, and which vertices have an
item of their own.

The scene (:mod:`~sgstudio.games.graph.tab.canvas.big.scene`) writes these arrays as the model's events come
in;
the layer (:mod:`~sgstudio.games.graph.tab.canvas.big.layer`) reads them to draw. Ids are the model's vertex
ids (the arrays grow with the largest). The edge list is the scene's own (order does not matter):
a removed edge's place is taken by the last one.

>>> import numpy as np
>>> data = BigData.build(3, np.array([[0.0, 0.0], [90.0, 0.0], [0.0, 110.0]]), np.array([0, 1, 2]),
...                      np.array([0, 0]), np.array([1, 2]))
>>> data.add_edge(1, 2); data.remove_edge(0, 1); sorted(zip(*(a.tolist() for a in data.edge_list())))
[(0, 2), (1, 2)]
>>> data.edges_in(45, -1, 91, 1).tolist()  # the edges whose box meets the rectangle: 1 -> 2
[0]
"""

from __future__ import annotations

import numpy as np

from sgstudio.games.graph.tab.canvas.big.grid import SpatialGrid
from sgstudio.gui.palette import kinds


def _grown(array: np.ndarray, size: int, fill) -> np.ndarray:
    """``array`` with at least ``size`` rows (doubling), new rows set to ``fill``."""
    if len(array) >= size:
        return array
    new = np.empty((max(size, 2 * len(array)), *array.shape[1:]), array.dtype)
    new[: len(array)] = array
    new[len(array):] = fill
    return new


class BigData:
    """Arrays of a big drawing: ``xy`` (positions), ``kind`` (the kind of each value, an int8 code of
    :func:`~sgstudio.gui.palette.value_kind`: 0 value 0, 1 non-zero, 2 ∞ on a loopy graph),
    ``alive``, ``live`` (has an item), ``selected``, the edges ``src``/``dst`` (first ``m`` rows),
    and the grid."""

    def __init__(self) -> None:
        self.xy = np.zeros((0, 2))
        self.kind = np.zeros(0, np.int8)
        self.alive = np.zeros(0, bool)
        self.live = np.zeros(0, bool)
        self.selected = np.zeros(0, bool)
        self.src = np.zeros(0, np.int32)
        self.dst = np.zeros(0, np.int32)
        self.m = 0
        self.version = 0  # bumped on every change of what is drawn
        self.shape_version = 0  # bumped when the edge culling cache must start again (a vertex moved)
        self.fresh_edges: set[int] = set()  # edge slots written since that cache was made
        self.grid: SpatialGrid | None = None
        self._extent: tuple | None = None
        self._count = 0  # vertices added or removed (part of the extent cache's key)

    @classmethod
    def build(cls, size: int, xy: np.ndarray, kind: np.ndarray, src: np.ndarray, dst: np.ndarray,
              alive: np.ndarray | None = None) -> BigData:
        data = cls()
        data.xy = np.array(xy, np.float64).reshape(-1, 2)
        data.kind = np.asarray(kind).astype(np.int8)
        data.alive = np.ones(size, bool) if alive is None else np.asarray(alive, bool).copy()
        data.live = np.zeros(size, bool)
        data.selected = np.zeros(size, bool)
        data.src, data.dst = src.astype(np.int32), dst.astype(np.int32)
        data.m = len(src)
        data.grid = SpatialGrid(data.xy, data.alive)
        return data

    # -- vertices -----------------------------------------------------------------------------
    def add_vertex(self, v: int, x: float, y: float, kind: int) -> None:
        size = v + 1
        grew = size > len(self.xy)
        self.xy = _grown(self.xy, size, np.nan)
        self.kind = _grown(self.kind, size, 0)
        self.alive = _grown(self.alive, size, False)
        self.live = _grown(self.live, size, False)
        self.selected = _grown(self.selected, size, False)
        self.xy[v] = (x, y)
        self.kind[v], self.alive[v] = kind, True
        self._count += 1
        if grew:
            self.grid.rebuild(self.xy, self.alive)
        else:
            self.grid.moved(v)
        self._changed()

    def remove_vertex(self, v: int) -> None:
        self.alive[v] = self.live[v] = self.selected[v] = False
        self._count += 1
        self._changed()

    def move(self, v: int, x: float, y: float) -> None:
        self.xy[v] = (x, y)
        self.grid.moved(v)
        self._changed(moved=True)

    def reshaped(self) -> None:
        """Vertices moved without :meth:`move` (an item dragged writes ``xy`` itself)."""
        self._changed(moved=True)

    def _changed(self, moved: bool = False) -> None:
        self.version += 1
        if moved:
            self.shape_version += 1

    # -- edges --------------------------------------------------------------------------------
    def add_edge(self, u: int, v: int) -> None:
        self.src = _grown(self.src, self.m + 1, 0)
        self.dst = _grown(self.dst, self.m + 1, 0)
        self.src[self.m], self.dst[self.m] = u, v
        self.fresh_edges.add(self.m)
        self.m += 1
        self._changed()

    def remove_edge(self, u: int, v: int) -> None:
        m = self.m
        where = np.flatnonzero((self.src[:m] == u) & (self.dst[:m] == v))
        if where.size:
            k = int(where[0])
            self.src[k], self.dst[k] = self.src[m - 1], self.dst[m - 1]
            self.fresh_edges.add(k)
            self.m -= 1
            self._changed()

    def edge_list(self) -> tuple[np.ndarray, np.ndarray]:
        """(tails, heads) of every edge (views: do not keep them across edits)."""
        return self.src[: self.m], self.dst[: self.m]

    def incident(self, vertices: np.ndarray) -> np.ndarray:
        """The indices of the edges with an end in ``vertices``."""
        src, dst = self.edge_list()
        mask = np.zeros(len(self.xy), bool)
        mask[vertices] = True
        return np.flatnonzero(mask[src] | mask[dst])

    def edges_in(self, left: float, top: float, right: float, bottom: float) -> np.ndarray:
        """The indices of the edges whose bounding box meets the rectangle."""
        from sgstudio.games.graph.tab.canvas.big.kernels import edges_in_box

        return edges_in_box(self.src, self.dst, self.xy, self.m, left, top, right, bottom)

    # -- extent -------------------------------------------------------------------------------
    def extent(self) -> tuple[float, float, float, float] | None:
        """(left, top, right, bottom) of the live vertices' centres, or None without any."""
        key = (self.shape_version, len(self.xy), self._count)
        if self._extent is None or self._extent[0] != key:
            self._extent = (key, self._find_extent())
        return self._extent[1]

    def _find_extent(self) -> tuple[float, float, float, float] | None:
        ok = self.alive & np.isfinite(self.xy[: len(self.alive), 0])
        if not ok.any():
            return None
        pts = self.xy[: len(self.alive)][ok]
        (left, top), (right, bottom) = pts.min(axis=0), pts.max(axis=0)
        return float(left), float(top), float(right), float(bottom)

    def nbytes(self) -> int:
        """Memory held by the arrays (the grid included)."""
        arrays = [self.xy, self.kind, self.alive, self.live, self.selected, self.src, self.dst]
        if self.grid is not None:
            arrays += [self.grid.ids, self.grid.keys]
        return sum(a.nbytes for a in arrays)


def data_of(model) -> BigData:
    """The arrays of a :class:`~sgstudio.games.graph.model.graph.GameGraph` (every vertex must have a
    position).
    Needs no Qt: a worker thread may build them for a document that nothing shows yet."""
    xy = model.positions()
    size = len(xy)
    alive = np.zeros(size, bool)
    alive[np.array(model.nodes(), np.int64)] = True
    zero = np.ones(size, bool)
    known = model.zero_values()[:size]
    zero[: len(known)] = known
    infinite = np.zeros(size, bool)
    known = model.infinite_values()[:size]
    infinite[: len(known)] = known
    src, dst = model.edge_arrays()
    return BigData.build(size, xy, kinds(zero, infinite), src, dst, alive)

