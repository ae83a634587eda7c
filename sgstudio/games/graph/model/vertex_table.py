"""The vertices of a :class:`~sgstudio.games.graph.model.graph.GameGraph`: their order, labels and positions,
in
flat arrays (about 30 bytes a vertex) rather than dicts of Python objects (about 150).

- the order in which the vertices were added (a removed vertex that comes back goes last, as a
  dict's key would): an array of ids in which entries of removed vertices go stale, and for every
  id the index of its live entry;
- labels: a vertex labelled with its own number (every vertex of an imported judge file) stores
  nothing; other labels live in a dict;
- positions: two float arrays, NaN for "no position yet".

Examples
--------
>>> table = VertexTable.numbered(3)
>>> table.add(7, "seven", (1.0, 2.0)); table.remove(1); table.add(1, None, None)
>>> table.ids(), table.label(7), table.label(2), table.pos(7), table.pos(1)
([0, 2, 7, 1], 'seven', '2', (1.0, 2.0), None)
>>> table.set_positions(np.array([0, 2]), np.array([[5.0, 6.0], [7.0, 8.0]])); table.pos(2)
(7.0, 8.0)
"""

from __future__ import annotations

import math
from array import array

import numpy as np

Pos = tuple[float, float]
NAN = float("nan")


class VertexTable:
    """Order, labels and positions of vertices with non-negative int ids (the caller checks ids)."""

    __slots__ = ("_count", "_entry", "_labels", "_order", "_x", "_y")

    def __init__(self) -> None:
        self._order = array("q")  # ids in the order added; stale where _entry[id] points elsewhere
        self._entry = array("q")  # per id: the index of its live entry in _order, or -1
        self._labels: dict[int, str] = {}  # only labels other than str(id)
        self._x = array("d")
        self._y = array("d")
        self._count = 0

    @classmethod
    def numbered(cls, n: int) -> VertexTable:
        """Vertices 0..n-1 labelled by their numbers, without positions."""
        table = cls()
        table._order = array("q", range(n))
        table._entry = array("q", range(n))
        table._x = array("d", [NAN]) * n
        table._y = array("d", [NAN]) * n
        table._count = n
        return table

    def _grow(self, v: int) -> None:
        grow = v + 1 - len(self._entry)
        if grow > 0:
            self._entry.extend(array("q", [-1]) * grow)
            self._x.extend(array("d", [NAN]) * grow)
            self._y.extend(array("d", [NAN]) * grow)

    def add(self, v: int, label: str | None, pos: Pos | None) -> None:
        """Add v last in the order."""
        self._grow(v)
        if len(self._order) > 2 * len(self) + 1024:
            self._squeeze()
        self._entry[v] = len(self._order)
        self._order.append(v)
        self._count += 1
        self.set_label(v, str(v) if label is None else label)
        self.set_pos(v, pos)

    def remove(self, v: int) -> None:
        self._entry[v] = -1
        self._count -= 1
        self._labels.pop(v, None)
        self._x[v] = self._y[v] = NAN

    def _squeeze(self) -> None:
        """Drop the stale entries of the order."""
        live = self.ids()
        self._order = array("q", live)
        for k, v in enumerate(live):
            self._entry[v] = k

    def __len__(self) -> int:
        return self._count

    def ids(self) -> list[int]:
        """The vertices in the order they were added."""
        if not self._order:
            return []
        order = np.frombuffer(self._order, np.int64)
        entry = np.frombuffer(self._entry, np.int64)
        return order[entry[order] == np.arange(order.size)].tolist()

    def label(self, v: int) -> str:
        label = self._labels.get(v)
        return str(v) if label is None else label

    def set_label(self, v: int, label: str) -> None:
        if label == str(v):
            self._labels.pop(v, None)
        else:
            self._labels[v] = label

    def pos(self, v: int) -> Pos | None:
        x = self._x[v]
        return None if math.isnan(x) else (x, self._y[v])

    def set_pos(self, v: int, pos: Pos | None) -> None:
        if pos is None:
            self._x[v] = self._y[v] = NAN
        else:
            self._x[v], self._y[v] = float(pos[0]), float(pos[1])

    def set_positions(self, ids: np.ndarray, xy: np.ndarray) -> None:
        """Positions of many vertices at once (``xy`` has a row (x, y) per id)."""
        ids = np.asarray(ids, np.int64)
        np.frombuffer(self._x, np.float64)[ids] = xy[:, 0]
        np.frombuffer(self._y, np.float64)[ids] = xy[:, 1]

    def positions(self) -> np.ndarray:
        """A copy of every id's position as an (ids, 2) array, NaN where there is none."""
        if not self._x:
            return np.zeros((0, 2))
        return np.stack([np.frombuffer(self._x, np.float64), np.frombuffer(self._y, np.float64)], axis=1)

    def custom_labels(self) -> dict[int, str]:
        """The labels other than the vertices' own numbers."""
        return dict(self._labels)
