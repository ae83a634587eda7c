"""Horizontal placement for the layered layout, and the clearance check that keeps every straight
edge away from the vertices it does not touch.

The layers come with their order fixed (dummy vertices included, one per layer an edge passes).
:func:`place_rows` gives each layer x-coordinates that keep that order with a minimum gap between
neighbours and stay as close as possible to where the vertex would like to be (the mean of its
neighbours; for a dummy, the point where its edge's straight segment crosses the layer). Each layer
is an isotonic regression, solved exactly by pool-adjacent-violators (Ayer et al. 1955): with
``z_k = x_k - offset_k`` the gaps become "z non-decreasing".

Edges are drawn as straight segments, so the dummies only reserve room; :func:`clear_edges` then
checks every segment against every vertex of the layers it spans (a vertex closer than ``clearance``
to a segment it is not an end of). While some are, it goes through the layers: the edges crossing a
layer sweep bands (``clearance`` measured square to the edge), and the layer's vertices move out of
them to the nearer side, keeping their order and gaps. Moving a vertex turns its own edges, so this
repeats, a bounded number of rounds (Gauss-Seidel style); the caller makes the rows taller if it
did not converge, which narrows every band.

>>> fit_ordered([0.0, 0.0, 0.0], [10.0, 10.0])
[-10.0, 0.0, 10.0]
>>> [round(p, 2) for p in fit_ordered([5.0, 0.0, 50.0], [10.0, 10.0], weights=[1.0, 1000.0, 1.0])]
[-9.99, 0.01, 50.0]
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from itertools import pairwise

REACH = 6.0  # a vertex keeps its neighbours at most this many clearances away for its own edges


def fit_ordered(desired: Sequence[float], gaps: Sequence[float],
                weights: Sequence[float] | None = None) -> list[float]:
    """Positions ``x`` closest (weighted least squares) to ``desired`` with
    ``x[k+1] - x[k] >= gaps[k]``, by pool-adjacent-violators.

    >>> fit_ordered([3.0, 1.0], [0.0])
    [2.0, 2.0]
    """
    offset, offsets = 0.0, []
    for k in range(len(desired)):
        offsets.append(offset)
        if k < len(gaps):
            offset += gaps[k]
    means: list[float] = []
    sizes: list[float] = []
    counts: list[int] = []
    for k, d in enumerate(desired):
        m, w, c = d - offsets[k], (weights[k] if weights else 1.0), 1
        while means and means[-1] > m:
            pm, pw, pc = means.pop(), sizes.pop(), counts.pop()
            m, w, c = (pm * pw + m * w) / (pw + w), pw + w, pc + c
        means.append(m)
        sizes.append(w)
        counts.append(c)
    out: list[float] = []
    for m, c in zip(means, counts, strict=True):
        out.extend([m] * c)
    return [z + o for z, o in zip(out, offsets, strict=True)]


def place_rows(rows: list[list], up: dict, down: dict, gap_of, want_of, sweeps: int = 6) -> dict:
    """x for every item of ``rows``: first evenly spaced, then ``sweeps`` passes alternately down
    (each item towards the mean of its neighbours above) and up (below). ``gap_of(a, b)`` is the
    least distance between neighbours a, b of a layer; ``want_of(item, x)`` may say where an item
    would like to be (None: at the mean of its neighbours on the side already placed)."""
    x: dict = {}
    for row in rows:
        gaps = [gap_of(a, b) for a, b in pairwise(row)]
        for v, p in zip(row, fit_ordered([0.0] * len(row), gaps), strict=True):
            x[v] = p
    for sweep in range(sweeps):
        downward = sweep % 2 == 0
        order = range(1, len(rows)) if downward else range(len(rows) - 2, -1, -1)
        side = up if downward else down
        for i in order:
            row = rows[i]
            desired = []
            for v in row:
                want = want_of(v, x)
                if want is None:
                    near = side[v]
                    want = sum(x[w] for w in near) / len(near) if near else x[v]
                desired.append(want)
            gaps = [gap_of(a, b) for a, b in pairwise(row)]
            for v, p in zip(row, fit_ordered(desired, gaps), strict=True):
                x[v] = p
    return x


def segment_distance(px: float, py: float, ax: float, ay: float, bx: float, by: float) -> float:
    """Distance from the point p to the segment a-b.

    >>> segment_distance(0, 5, -10, 0, 10, 0), segment_distance(13, 4, -10, 0, 10, 0)
    (5.0, 5.0)
    """
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def violations(rows: list[list], x: dict, y: list[float], edges: list[tuple], layer: dict,
               clearance: float) -> dict:
    """{vertex: x it should move to} for every vertex closer than ``clearance`` to a segment of an
    edge (u, v) it is not an end of. Only the layers from u's to v's can hold such a vertex."""
    xs = [[x[v] for v in row] for row in rows]  # sorted: the rows keep their order
    moves: dict = {}
    for u, v in edges:
        lu, lv = layer[u], layer[v]
        ax, ay, bx, by = x[u], y[lu], x[v], y[lv]
        slope = (bx - ax) / (by - ay)
        half = clearance * math.sqrt(1.0 + slope * slope)  # horizontal reach of the clearance band
        for i in range(lu, lv + 1):
            xc = ax + slope * (y[i] - ay)
            row, where = rows[i], xs[i]
            for k in range(bisect_left(where, xc - half), bisect_right(where, xc + half)):
                w = row[k]
                if w in (u, v) or w in moves:
                    continue
                if segment_distance(where[k], y[i], ax, ay, bx, by) < clearance:
                    moves[w] = xc + math.copysign(half + 1.0, where[k] - xc if where[k] != xc else 1.0)
    return moves


def _bands(crossing: list[tuple], x: dict, y: list[float], layer: dict, yl: float,
           clearance: float) -> list[list[float]]:
    """The merged intervals of a layer (at height ``yl``) that the edges ``crossing`` it pass within
    ``clearance`` of, measured square to each edge."""
    spans = []
    for u, v in crossing:
        ax, ay, bx, by = x[u], y[layer[u]], x[v], y[layer[v]]
        slope = (bx - ax) / (by - ay)
        xc, half = ax + slope * (yl - ay), clearance * math.sqrt(1.0 + slope * slope)
        spans.append((xc - half, xc + half))
    spans.sort()
    merged: list[list[float]] = []
    for a, b in spans:
        if merged and a <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], b)
        else:
            merged.append([a, b])
    return merged


def _reach(v, x: dict, y: list[float], layer: dict, out: dict, inn: dict, clearance: float) -> tuple:
    """(left, right): how far v's own edges heading left/right keep the other vertices of v's layer
    (an edge leaving at slope s passes a vertex h to that side at h / sqrt(1 + s^2))."""
    left = right = 0.0
    for w in (*out[v], *inn[v]):
        slope = (x[w] - x[v]) / abs(y[layer[w]] - y[layer[v]])
        reach = min(clearance * math.sqrt(1.0 + slope * slope), REACH * clearance)
        if slope < 0:
            left = max(left, reach)
        else:
            right = max(right, reach)
    return left, right


def _fit_layer(row: list, x: dict, bands: list[list[float]], gap: float, reach: dict) -> None:
    """Move the vertices of ``row`` out of ``bands`` (each to its nearer side, the row keeping its
    order), ``gap`` apart and clear of each other's edges, as little as possible; updates ``x``."""
    starts = [a for a, _ in bands]
    items = []  # (key, rank, kind, payload)
    for k, v in enumerate(row):
        j = bisect_right(starts, x[v]) - 1
        if j >= 0 and x[v] < bands[j][1]:
            a, b = bands[j]
            items.append((a, 0, k, v) if x[v] - a < b - x[v] else (b, 2, k, v))
        else:
            items.append((x[v], 0, k, v))
    items += [(a, 1, -1, (a, b)) for a, b in bands]
    items.sort(key=lambda t: (t[0], t[1], t[2]))
    desired, gaps, weights, last, first_band = [], [], [], None, None
    for _, _, k, what in items:
        if k >= 0:
            if desired:
                need = gap if last is not None and first_band is None else 0.0
                if last is not None:
                    need = max(gap, reach[last][1], reach[what][0])
                    if first_band is not None:
                        need = max(0.0, need - (desired[-1] - first_band))
                gaps.append(need)
            desired.append(x[what])
            weights.append(1.0)
            last, first_band = what, None
        else:
            a, b = what
            if desired:
                gaps.append(0.0)
            first_band = a if first_band is None else first_band
            desired += [a, b]
            weights += [1e6, 1e6]
            gaps.append(b - a)
    fitted = fit_ordered(desired, gaps, weights)
    proposed, at = {}, 0
    for _, _, k, what in items:
        proposed[what if k >= 0 else None] = fitted[at]
        at += 1 if k >= 0 else 2
    _legalise(row, x, proposed, bands, starts, gap, reach)


def _legalise(row: list, x: dict, proposed: dict, bands: list, starts: list, gap: float,
              reach: dict) -> None:
    """Left to right: each vertex at its proposed place or the first clear place after it (out of
    every band, far enough from the previous vertex). The least-squares fit is exact when it
    could keep the bands where they are; this repairs it when the bands left too little room."""
    last = None
    for v in row:
        p = proposed[v]
        if last is not None:
            p = max(p, x[last] + max(gap, reach[last][1], reach[v][0]))
        j = bisect_right(starts, p) - 1
        if j >= 0 and p < bands[j][1]:
            p = bands[j][1]
        x[v], last = p, v


def clear_edges(rows: list[list], x: dict, y: list[float], edges: list[tuple], layer: dict,
                clearance: float, gap: float, rounds: int = 40) -> int:
    """Move vertices sideways (each layer keeps its order and ``gap``) until no edge passes closer
    than ``clearance`` to a vertex it does not touch; updates ``x``. Layer by layer, the vertices
    leave the bands the crossing edges sweep. Returns how many vertices are still too close after
    ``rounds`` rounds (0 when every segment is clear)."""
    crossing: list[list[tuple]] = [[] for _ in rows]
    out: dict = {v: [] for row in rows for v in row}
    inn: dict = {v: [] for v in out}
    for u, v in edges:
        out[u].append(v)
        inn[v].append(u)
        for i in range(layer[u] + 1, layer[v]):
            crossing[i].append((u, v))
    for _ in range(rounds):
        if not violations(rows, x, y, edges, layer, clearance):
            return 0
        room = clearance + 1.0  # a little more than checked: a vertex on a band's edge is clear
        for i, row in enumerate(rows):
            reach = {v: _reach(v, x, y, layer, out, inn, room) for v in row}
            _fit_layer(row, x, _bands(crossing[i], x, y, layer, y[i], room), gap, reach)
    return len(violations(rows, x, y, edges, layer, clearance))
