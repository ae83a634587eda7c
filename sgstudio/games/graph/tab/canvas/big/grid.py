"""A spatial grid over vertex positions: which vertices lie in a rectangle, which one is nearest a
point, in time proportional to what is found (numpy, no Python loop per vertex).

The vertices are sorted by cell (row-major), so the vertices of a row of cells are one slice of
the sorted ids, found by binary search. Vertices added or moved after the grid was built are kept
in a short list checked directly, until there are enough of them to rebuild (a rebuild of 200,000
vertices costs about 20 ms). Every answer is checked against the current positions, so a moved
vertex is never reported where it was.

>>> import numpy as np
>>> xy = np.array([[0.0, 0.0], [500.0, 0.0], [500.0, 500.0]])
>>> grid = SpatialGrid(xy, np.ones(3, bool), cell=100.0)
>>> grid.in_rect(-10, -10, 510, 10).tolist(), grid.nearest(490, 480, 30)
([0, 1], 2)
>>> xy[0] = (480.0, 480.0); grid.moved(0); grid.nearest(490, 480, 30)
0
"""

from __future__ import annotations

import numpy as np

CELL = 400.0  # scene units per cell (about four vertex spacings)
REBUILD = 2048  # loose vertices (added or moved since the build) that trigger a rebuild


class SpatialGrid:
    """Cells over ``xy`` (an (n, 2) array, shared: the grid reads the current positions) of the
    vertices with ``alive[v]`` and a finite position."""

    def __init__(self, xy: np.ndarray, alive: np.ndarray, cell: float = CELL) -> None:
        self.xy, self.alive, self.cell = xy, alive, cell
        self.loose: set[int] = set()
        self._build()

    def _build(self) -> None:
        xy = self.xy
        ok = self.alive[: len(xy)] & np.isfinite(xy[:, 0])
        ids = np.flatnonzero(ok)
        self.x0 = float(xy[ids, 0].min()) if ids.size else 0.0
        self.y0 = float(xy[ids, 1].min()) if ids.size else 0.0
        cx, cy = self._cells(xy[ids, 0], xy[ids, 1])
        self.columns = int(cx.max()) + 1 if ids.size else 1
        key = cy * self.columns + cx
        order = np.argsort(key, kind="stable")
        self.ids, self.keys = ids[order], key[order]
        self.loose.clear()

    def _cells(self, x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        cx = np.floor((x - self.x0) / self.cell).astype(np.int64)
        cy = np.floor((y - self.y0) / self.cell).astype(np.int64)
        return cx, cy

    def moved(self, v: int) -> None:
        """v was added or moved (or its array grew): look for it directly until the next rebuild."""
        self.loose.add(v)
        if len(self.loose) > REBUILD:
            self._build()

    def rebuild(self, xy: np.ndarray, alive: np.ndarray) -> None:
        """Start again on (possibly new, larger) arrays."""
        self.xy, self.alive = xy, alive
        self._build()

    def _row_slices(self, left: float, top: float, right: float, bottom: float
                    ) -> tuple[np.ndarray, np.ndarray]:
        """Where each row of cells meeting the rectangle starts and ends in the sorted ids."""
        (c0, c1), (r0, r1) = (self._cells(np.array([left, right]), np.array([top, bottom])))
        c0, c1 = max(int(c0), 0), min(int(c1), self.columns - 1)
        r0, r1 = max(int(r0), 0), int(r1)
        if c0 > c1 or r0 > r1 or not self.keys.size:
            return np.zeros(0, np.int64), np.zeros(0, np.int64)
        rows = np.arange(r0, r1 + 1) * self.columns
        return np.searchsorted(self.keys, rows + c0, "left"), np.searchsorted(self.keys, rows + c1, "right")

    def count_in_rect(self, left: float, top: float, right: float, bottom: float) -> int:
        """About how many vertices lie in the rectangle (those of the cells it meets; at once)."""
        lo, hi = self._row_slices(left, top, right, bottom)
        return int((hi - lo).sum()) + len(self.loose)

    def in_rect(self, left: float, top: float, right: float, bottom: float) -> np.ndarray:
        """The ids of the live vertices inside the rectangle (each once)."""
        lo, hi = self._row_slices(left, top, right, bottom)
        parts = [self.ids[a:b] for a, b in zip(lo.tolist(), hi.tolist(), strict=True) if b > a]
        if self.loose:
            parts.append(np.fromiter(self.loose, np.int64, len(self.loose)))
        if not parts:
            return np.zeros(0, np.int64)
        found = np.unique(np.concatenate(parts)) if self.loose else np.concatenate(parts)
        found = found[found < len(self.xy)]
        x, y = self.xy[found, 0], self.xy[found, 1]
        keep = self.alive[found] & (x >= left) & (x <= right) & (y >= top) & (y <= bottom)
        return found[keep]

    def nearest(self, x: float, y: float, reach: float) -> int | None:
        """The live vertex nearest (x, y) within ``reach``, or None."""
        found = self.in_rect(x - reach, y - reach, x + reach, y + reach)
        if not found.size:
            return None
        d2 = (self.xy[found, 0] - x) ** 2 + (self.xy[found, 1] - y) ** 2
        best = int(np.argmin(d2))
        return int(found[best]) if d2[best] <= reach * reach else None
