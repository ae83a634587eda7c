"""The array passes over an explored game: predecessors, values with sum nodes, and remoteness.

Plain Python sources, compiled with numba on first use (``cache=True``) for large graphs and run as
they are for small ones (:data:`SMALL`), so that a small game never pays for numba. All passes are
iterative and linear in positions + options.

The graph is CSR: the options of v are ``heads[start[v]:start[v + 1]]``; ``is_sum[v]`` marks a sum
node, whose row lists its parts.

- :func:`sum_values`: reverse Kahn. A node is *ready* once all its options (or parts) have values;
  a plain node's value is the mex of its options' values, a sum node's the XOR of its parts'
  (Sprague-Grundy). Nodes never ready are those that can reach a cycle: -1.
- :func:`retrograde`: who wins and how fast, by the rules alone (no values): a node with no option
  is lost in 0 moves; a node with a lost option is won, in 1 + the least remoteness of its lost
  options; a node all of whose options are won is lost, in 1 + the greatest remoteness of them;
  the rest are draws. Breadth first, so remotenesses are settled in increasing order. Sum nodes
  are not moves here: it runs on graphs without them.

>>> import numpy as np
>>> start, heads = np.array([0, 2, 3, 3]), np.array([1, 2, 2], np.int32)   # 0 -> 1, 2; 1 -> 2
>>> sum_values(start, heads, np.zeros(3, bool)).tolist()
[2, 1, 0]
>>> [a.tolist() for a in retrograde(start, heads)]
[[1, 1, 0], [1, 1, 0]]
"""

from __future__ import annotations

import numpy as np

from sgstudio.core.interrupts import guard

SMALL = 20_000
"""Positions + options up to which the passes run as plain Python (no numba to load)."""
LOSE, WIN, DRAW = 0, 1, 2
_compiled: dict[str, object] = {}


def _predecessors(start, heads):  # pragma: no cover - compiled
    """The reverse CSR: the nodes having v as an option are ``tails[in_start[v]:in_start[v + 1]]``."""
    n = start.shape[0] - 1
    in_start = np.zeros(n + 1, np.int64)
    for e in range(heads.shape[0]):
        in_start[heads[e] + 1] += 1
    for v in range(n):
        in_start[v + 1] += in_start[v]
    fill = in_start[:-1].copy()
    tails = np.empty(heads.shape[0], np.int32)
    for u in range(n):
        for e in range(start[u], start[u + 1]):
            w = heads[e]
            tails[fill[w]] = u
            fill[w] += 1
    return in_start, tails


def _sum_values(start, heads, is_sum, in_start, tails):  # pragma: no cover - compiled
    n = start.shape[0] - 1
    pending = np.empty(n, np.int64)
    values = np.full(n, -1, np.int64)
    stack = np.empty(n, np.int64)
    top = 0
    widest = 1
    for v in range(n):
        pending[v] = start[v + 1] - start[v]
        widest = max(widest, pending[v] + 1)
        if pending[v] == 0:
            stack[top] = v
            top += 1
    stamp = np.full(widest + 1, -1, np.int64)
    while top > 0:
        top -= 1
        v = stack[top]
        g = 0
        if is_sum[v]:
            for e in range(start[v], start[v + 1]):
                g ^= values[heads[e]]
        else:
            width = start[v + 1] - start[v]
            for e in range(start[v], start[v + 1]):
                x = values[heads[e]]
                if x <= width:
                    stamp[x] = v
            while stamp[g] == v:
                g += 1
        values[v] = g
        for e in range(in_start[v], in_start[v + 1]):
            u = tails[e]
            pending[u] -= 1
            if pending[u] == 0:
                stack[top] = u
                top += 1
    return values


def _retrograde(start, heads, in_start, tails):  # pragma: no cover - compiled
    n = start.shape[0] - 1
    left = np.empty(n, np.int64)
    code = np.full(n, 2, np.int8)
    far = np.full(n, -1, np.int64)
    queue = np.empty(n, np.int64)
    tail = 0
    for v in range(n):
        left[v] = start[v + 1] - start[v]
        if left[v] == 0:
            code[v] = 0
            far[v] = 0
            queue[tail] = v
            tail += 1
    head = 0
    while head < tail:
        v = queue[head]
        head += 1
        for e in range(in_start[v], in_start[v + 1]):
            u = tails[e]
            if code[u] != 2:
                continue
            if code[v] == 0:
                code[u] = 1
            else:
                left[u] -= 1
                if left[u] > 0:
                    continue
                code[u] = 0
            far[u] = far[v] + 1
            queue[tail] = u
            tail += 1
    return code, far


def _kernel(name: str, size: int):
    """The pass ``name``: compiled when the graph is large (or numba is loaded already), else as is."""
    if size <= SMALL and name not in _compiled:
        return globals()[name]
    if name not in _compiled:
        from numba import njit

        _compiled[name] = guard(njit(cache=True, nogil=True)(globals()[name]))
    return _compiled[name]


def _csr(start, heads) -> tuple[np.ndarray, np.ndarray]:
    return np.ascontiguousarray(start, np.int64), np.ascontiguousarray(heads, np.int32)


def predecessors(start, heads) -> tuple[np.ndarray, np.ndarray]:
    """``(in_start, tails)``: who has each node as an option (see :func:`_predecessors`).

    >>> [a.tolist() for a in predecessors(np.array([0, 2, 3, 3]), np.array([1, 2, 2]))]
    [[0, 0, 1, 3], [0, 0, 1]]
    """
    start, heads = _csr(start, heads)
    return _kernel("_predecessors", len(start) + len(heads))(start, heads)


def sum_values(start, heads, is_sum, reverse: tuple[np.ndarray, np.ndarray] | None = None) -> np.ndarray:
    """Grundy values, a sum node's being the XOR of its parts'; -1 for the nodes that reach a cycle.

    >>> sum_values(np.array([0, 2, 2, 4]), np.array([1, 2, 1, 1]), np.array([0, 0, 1], bool)).tolist()
    [1, 0, 0]
    """
    start, heads = _csr(start, heads)
    in_start, tails = reverse if reverse is not None else predecessors(start, heads)
    flags = np.ascontiguousarray(is_sum, np.bool_)
    return _kernel("_sum_values", len(start) + len(heads))(start, heads, flags, in_start, tails)


def retrograde(start, heads, reverse: tuple[np.ndarray, np.ndarray] | None = None
               ) -> tuple[np.ndarray, np.ndarray]:
    """``(codes, remoteness)`` of every node of a graph without sum nodes: codes :data:`LOSE`,
    :data:`WIN` or :data:`DRAW`, remoteness -1 for a draw (see the module docstring).

    >>> [a.tolist() for a in retrograde(np.array([0, 1, 2, 3]), np.array([1, 0, 0]))]  # 0 <-> 1, 2 -> 0
    [[2, 2, 2], [-1, -1, -1]]
    """
    start, heads = _csr(start, heads)
    in_start, tails = reverse if reverse is not None else predecessors(start, heads)
    return _kernel("_retrograde", len(start) + len(heads))(start, heads, in_start, tails)
