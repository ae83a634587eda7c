"""Compact storage of a graph's neighbour maps: compressed arrays for what was built in bulk, a dict
only for the vertices that an edit or a local search has touched.

:class:`~sgstudio.games.graph.model.incremental.DagStore` reads ``succ[v]`` as a dict {head: slot of the edge}
and ``pred[v]`` as a dict {tail: None}, and writes them on every edit. One dict per vertex costs
about 250 bytes even when empty, so a graph of 200,000 vertices and 10^6 edges spent several
hundred megabytes on them. :class:`Adjacency` keeps the same interface (``adj[v]`` is the dict of
v, or None for an absent id; ``adj[v] = {}``; ``len``; ``extend``) but holds a bulk-built graph in
three arrays (CSR: ``start``, ``heads``, ``slots``; 8-12 bytes per edge) and makes v's dict the
first time ``adj[v]`` is read (then that dict *is* v's map: writes to it are kept). A store calls
:meth:`Adjacency.compact` at moments when no caller holds one of the dicts, which folds the dicts
back into arrays once there are many of them, so memory stays near the arrays' size however long
the editing goes on. Dict order is kept through all of it (the order of the edges' insertion).

Examples
--------
>>> import numpy as np
>>> succ = Adjacency.from_edges(3, np.array([0, 0, 1]), np.array([2, 1, 2]), with_slots=True)
>>> succ[0], succ[2], len(succ)
({2: 0, 1: 1}, {}, 3)
>>> succ[0][3] = 7; succ.extend([None]); succ[3] = {}
>>> succ.compact(force=True); succ[0], succ[3], succ.touched()
({2: 0, 1: 1, 3: 7}, {}, 2)
>>> succ[3] = None; succ[3] is None
True
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

#: Fold the dicts back into arrays when more than this share of the vertices has one ...
COMPACT_SHARE = 8
#: ... and at least this many (small graphs keep their dicts: they cost little).
COMPACT_MIN = 4096


class Adjacency:
    """``adj[v]``: the neighbour dict of vertex v (made on first read), None for an absent id."""

    __slots__ = ("_dicts", "_heads", "_present", "_slots", "_start")

    def __init__(self) -> None:
        self._start = np.zeros(1, np.int64)
        self._heads = np.zeros(0, np.int32)
        self._slots: np.ndarray | None = None
        self._present = bytearray()
        self._dicts: dict[int, dict] = {}

    @classmethod
    def from_edges(cls, n: int, tails: np.ndarray, heads: np.ndarray, *, with_slots: bool) -> Adjacency:
        """The maps of vertices 0..n-1: ``adj[t]`` has the heads of t's edges in edge order, each
        with the edge's index as value (``with_slots``) or None."""
        adj = cls()
        order = stable_order(tails)
        counts = np.bincount(tails, minlength=n) if tails.size else np.zeros(n, np.int64)
        adj._start = np.concatenate(([0], np.cumsum(counts))).astype(np.int64)
        kind = np.int32 if n < 2**31 and heads.size < 2**31 else np.int64
        adj._heads = np.ascontiguousarray(heads[order], dtype=kind)
        adj._slots = order.astype(kind) if with_slots else None
        adj._present = bytearray(b"\x01") * n
        return adj

    def __len__(self) -> int:
        return len(self._present)

    def __getitem__(self, v: int) -> dict | None:
        if not self._present[v]:
            return None
        found = self._dicts.get(v)
        if found is None:
            a, b = self._start[v], self._start[v + 1]
            keys = self._heads[a:b].tolist()
            found = dict(zip(keys, self._slots[a:b].tolist(), strict=True)) if self._slots is not None \
                else dict.fromkeys(keys)
            self._dicts[v] = found
        return found

    def __setitem__(self, v: int, value: dict | None) -> None:
        if value is None:
            self._present[v] = 0
            self._dicts.pop(v, None)
        else:
            self._present[v] = 1
            self._dicts[v] = value

    def extend(self, values: Iterable[dict | None]) -> None:
        """Append ids (as a list does); ``extend([None] * k)`` adds k absent ids."""
        for value in values:
            self._present.append(0)
            if value is not None:
                self[len(self._present) - 1] = value

    def present(self, v: int) -> bool:
        """Whether id v is a vertex (reads no map)."""
        return bool(self._present[v])

    def present_mask(self) -> np.ndarray:
        """For every id, whether it is a vertex (a bool array; a bulk :meth:`present`)."""
        return np.frombuffer(bytes(self._present), np.uint8).astype(bool)

    def keys_of(self, v: int) -> list[int]:
        """v's neighbours in map order, without making v's dict (a bulk read)."""
        found = self._dicts.get(v)
        if found is not None:
            return list(found)
        if not self._present[v]:
            return []
        return self._heads[self._start[v]:self._start[v + 1]].tolist()

    def touched(self) -> int:
        """How many vertices have a dict now."""
        return len(self._dicts)

    def degrees(self) -> np.ndarray:
        """The size of every vertex's map (0 for absent ids), as an array."""
        size = len(self._present)
        base = min(size, len(self._start) - 1)
        out = np.zeros(size, np.int64)
        out[:base] = np.diff(self._start)[:base]
        for v, found in self._dicts.items():
            out[v] = len(found)
        out[np.frombuffer(bytes(self._present), np.uint8) == 0] = 0
        return out

    def compact(self, force: bool = False) -> None:
        """Fold the dicts back into the arrays when there are many (always with ``force``).

        Only call it when no caller holds a dict of this adjacency (a store does, between edits).
        """
        size = len(self._present)
        if not self._dicts or (not force and len(self._dicts) < max(COMPACT_MIN, size // COMPACT_SHARE)):
            return
        lengths = self.degrees()
        start = np.concatenate(([0], np.cumsum(lengths))).astype(np.int64)
        heads = np.zeros(int(start[-1]), self._heads.dtype)
        slots = None if self._slots is None else np.zeros(heads.size, self._slots.dtype)
        base = min(size, len(self._start) - 1)
        keep = np.frombuffer(bytes(self._present[:base]), np.uint8).astype(bool)
        keep[[v for v in self._dicts if v < base]] = False
        rows = np.flatnonzero(keep & (lengths[:base] > 0))
        _copy_rows(self._start, self._heads, start, heads, rows)
        if slots is not None:
            _copy_rows(self._start, self._slots, start, slots, rows)
        for v, found in self._dicts.items():
            a = start[v]
            heads[a:a + len(found)] = list(found)
            if slots is not None:
                slots[a:a + len(found)] = list(found.values())
        self._start, self._heads, self._slots = start, heads, slots
        self._dicts = {}


def stable_order(keys: np.ndarray) -> np.ndarray:
    """``np.argsort(keys, kind="stable")`` for non-negative int keys below 2**31, about four times
    faster: the composite keys ``key * size + index`` are distinct, so numpy's fast (vectorised,
    unstable) sort puts them in the stable order.

    >>> stable_order(np.array([2, 0, 2, 1, 0])).tolist()
    [1, 4, 3, 0, 2]
    """
    size = len(keys)
    if size == 0:
        return np.zeros(0, np.int64)
    if size >= 2**31 or int(keys.max()) >= 2**31:
        return np.argsort(keys, kind="stable")
    composite = np.asarray(keys, np.int64) * size + np.arange(size, dtype=np.int64)
    composite.sort()
    return composite % size


def _copy_rows(old_start: np.ndarray, old: np.ndarray, new_start: np.ndarray, new: np.ndarray,
               rows: np.ndarray) -> None:
    """Copy the entries of ``rows`` from the old CSR arrays to their places in the new ones."""
    if rows.size == 0:
        return
    lengths = old_start[rows + 1] - old_start[rows]
    offsets = np.arange(int(lengths.sum())) - np.repeat(np.cumsum(lengths) - lengths, lengths)
    new[np.repeat(new_start[rows], lengths) + offsets] = old[np.repeat(old_start[rows], lengths) + offsets]
