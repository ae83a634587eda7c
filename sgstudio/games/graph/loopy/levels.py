"""The labelling of :mod:`sgstudio.games.graph.loopy.values` one breadth-first layer at a time, in numpy.

Within a round m every vertex labelled at counter t is processed at once: its alive or ∞
predecessors not yet covered become covered, and each alive predecessor of those waits for one
follower fewer; the alive vertices left waiting for none (and not covered) are labelled m with
counter t + 1. This is the breadth-first order of the compiled kernel, so the labels and counters
are the same. It needs no compiler, which pays on large graphs where most vertices are settled in
the first rounds, in a few layers (a dense random graph: most of it is ∞ after round 0); the
command line then never loads numba. Each round reads the follower lists of the vertices still
alive, so when those reads pass ``patience`` times the size of the graph, or ``layers`` layers
have passed with a thin one (under 512 vertices), it gives up and returns None, leaving the graph
(many rounds, or deep ones) to the compiled kernel.

Examples
--------
>>> values = generalized_values_levels(4, np.array([0, 1, 2, 2]), np.array([1, 2, 1, 3]))
>>> values.gamma.tolist(), values.counter.tolist()
([1, 0, 1, 0], [0, 1, 0, 0])
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from sgstudio.games.graph.loopy.record import LoopyValues

_ALIVE = -2


@dataclass
class _Graph:
    start: np.ndarray  # successors of v: heads[start[v]:start[v + 1]]
    heads: np.ndarray
    tails_by_src: np.ndarray  # the tail of each entry of heads
    in_start: np.ndarray  # predecessors of v: tails[in_start[v]:in_start[v + 1]]
    tails: np.ndarray


def _csr(n: int, src: np.ndarray, dst: np.ndarray) -> _Graph:
    if src.size and (np.diff(src) < 0).any():
        order = np.argsort(src, kind="stable")
        src, dst = src[order], dst[order]
    start = np.zeros(n + 1, np.int64)
    np.cumsum(np.bincount(src, minlength=n), out=start[1:])
    in_start = np.zeros(n + 1, np.int64)
    np.cumsum(np.bincount(dst, minlength=n), out=in_start[1:])
    tails = src[np.argsort(dst.astype(np.int32) if n < 2**31 else dst)]  # any order within a list
    return _Graph(start, dst, src, in_start, tails)


def _gather(offsets: np.ndarray, items: np.ndarray, verts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The lists of ``verts`` concatenated (``items[offsets[v]:offsets[v + 1]]``), and whose each is."""
    lens = offsets[verts + 1] - offsets[verts]
    begin = np.cumsum(lens) - lens
    idx = np.repeat(offsets[verts] - begin, lens) + np.arange(int(lens.sum()))
    return items[idx], np.repeat(verts, lens)


def generalized_values_levels(n: int, src: np.ndarray, dst: np.ndarray, patience: float = 1.5,
                              layers: int = 64) -> LoopyValues | None:
    """γ and the least counters, layer by layer in numpy; None when the work passes the bounds of
    the module docstring (then the compiled kernel is the better choice)."""
    src = np.ascontiguousarray(src, np.int64)
    dst = np.ascontiguousarray(dst, np.int64)
    if src.size and (min(src.min(), dst.min()) < 0 or max(src.max(), dst.max()) >= n):
        raise ValueError(f"an edge has an endpoint outside 0..{n - 1}")
    graph = _csr(n, src, dst)
    gamma = np.full(n, _ALIVE, np.int64)
    counter = np.full(n, -1, np.int64)
    covered = np.full(n, -1, np.int64)
    alive = np.arange(n)
    done, value, work = 0, 0, 0
    while alive.size:
        if alive.size == n:
            heads, owner = graph.heads, graph.tails_by_src
        else:
            heads, owner = _gather(graph.start, graph.heads, alive)
        work += heads.size + alive.size
        if work > patience * (n + src.size) + 1024:
            return None
        waiting = np.bincount(owner, weights=gamma[heads] < 0, minlength=n).astype(np.int64)
        frontier = alive[waiting[alive] == 0]
        gamma[frontier], counter[frontier] = value, 0
        time = 0
        while frontier.size:
            frontier, reads = _layer(graph, frontier, gamma, waiting, covered, value)
            work += reads
            if work > patience * (n + src.size) + 1024:
                return None
            time += 1
            gamma[frontier], counter[frontier] = value, time
            done += 1
            if done > layers and 0 < frontier.size < 512:
                return None
        left = alive[gamma[alive] == _ALIVE]
        gamma[left[covered[left] != value]] = -1
        alive = left[covered[left] == value]
        value += 1
    return LoopyValues(gamma, counter, graph.start, graph.heads)


def _layer(graph: _Graph, frontier: np.ndarray, gamma: np.ndarray, waiting: np.ndarray,
           covered: np.ndarray, value: int) -> tuple[np.ndarray, int]:
    """Cover what the vertices just labelled cover; return the vertices labelled next and the
    number of list entries read."""
    preds, _ = _gather(graph.in_start, graph.tails, frontier)
    reads = preds.size
    preds = np.unique(preds[(gamma[preds] < 0) & (covered[preds] != value)])
    covered[preds] = value
    second, _ = _gather(graph.in_start, graph.tails, preds)
    reads += second.size
    second = second[(gamma[second] == _ALIVE) & (covered[second] != value)]
    np.subtract.at(waiting, second, 1)
    return np.unique(second[waiting[second] == 0]), reads
