"""The compiled kernels behind :func:`sgstudio.core.games.dag.grundy_values` (numba, ``cache=True``).

Two algorithms, both linear in n + m and iterative (a chain 10^6 deep is fine):

- :func:`_csr_kernel`, the fast one: successor lists in CSR form built by a counting sort, a
  topological order by Kahn's algorithm (sources first), then the values in reverse topological
  order, each mex taken with a stamp array. It touches 4m + O(n) bytes of working memory (int32
  throughout) besides the output. A graph with a cycle leaves vertices out of the order.
- :func:`_slot_kernel`, reverse Kahn with slots: a vertex is *ready* once all its successors are
  finished; a finished vertex pushes its value into a slot of each predecessor; a ready vertex's
  value is the mex of its slots. Slower (it builds predecessor lists too), but the vertices it
  leaves unfinished are exactly those that can reach a cycle, which is what
  :func:`sgstudio.core.games.dag.find_cycle` walks; so it runs only to name a cycle.

Indices are cast to unsigned integers in the hot loops: numba then emits no negative-index
wrap-around test (a signed index costs a compare and a select on every access). numba is
imported on first use only.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

_JIT: dict[str, Callable] = {}


def _csr_kernel(n, src, dst):  # pragma: no cover - compiled by numba (see kernel)
    """CSR + Kahn + mex in reverse order. Returns (values as uint32, ordered count, first bad edge
    or -1); the values are meaningful only when every vertex was ordered."""
    m = src.shape[0]
    nn = np.uint64(n)
    one = np.uint32(1)
    start = np.zeros(n + 1, np.uint32)  # start[u]..start[u+1]: u's successors in succ
    indegree = np.zeros(n, np.uint32)
    for e in range(m):
        u = np.uint64(src[e])  # a negative endpoint becomes huge and fails the test below
        v = np.uint64(dst[e])
        if u >= nn or v >= nn:
            return indegree, 0, e
        start[u + np.uint64(1)] += one
        indegree[v] += one
    for v in range(n):
        start[v + 1] += start[v]
    end = start[1:].copy()
    succ = np.empty(m, np.uint32)
    for e in range(m - 1, -1, -1):  # backwards, so each range keeps the input order
        u = np.uint64(src[e])
        slot = end[u] - one
        end[u] = slot
        succ[slot] = np.uint32(dst[e])
    order = end  # reused: n entries, no longer needed
    tail = 0
    for v in range(n):
        if indegree[v] == 0:
            order[tail] = v
            tail += 1
    head = 0
    while head < tail:
        u = order[head]
        head += 1
        for i in range(start[u], start[u + one]):
            w = succ[i]
            left = indegree[w] - one
            indegree[w] = left
            if left == 0:
                order[tail] = w
                tail += 1
    if tail < n:
        return indegree, tail, -1
    values = indegree  # reused for the values: every in-degree is 0 now
    stamp = np.full(n + 1, np.uint32(0xFFFFFFFF), np.uint32)
    for k in range(n - 1, -1, -1):
        v = order[k]
        for i in range(start[v], start[v + one]):
            stamp[values[succ[i]]] = v
        g = np.uint32(0)
        while stamp[g] == v:
            g += one
        values[v] = g
    return values, tail, -1


def _slot_kernel(n, src, dst):  # pragma: no cover - compiled by numba (see kernel)
    """Reverse Kahn with slots. Returns (values, finished count, first bad edge or -1); the
    vertices left unfinished (value -1) are those that can reach a cycle."""
    m = src.shape[0]
    start = np.zeros(n + 1, np.int32)  # start[u]..start[u+1]: the slots of u's successors
    in_start = np.zeros(n + 1, np.int32)
    for e in range(m):
        u = src[e]
        v = dst[e]
        if u < 0 or u >= n or v < 0 or v >= n:
            return np.full(n, -1, np.int64), 0, e
        start[u + 1] += 1
        in_start[v + 1] += 1
    for v in range(n):
        start[v + 1] += start[v]
        in_start[v + 1] += in_start[v]
    fill = in_start[:-1].copy()
    pred = np.empty(m, np.int32)
    for e in range(m):
        v = dst[e]
        pred[fill[v]] = src[e]
        fill[v] += 1
    fill = start[:-1].copy()  # next free slot of each vertex
    slot = np.empty(m, np.int32)
    values = np.full(n, -1, np.int64)
    mark = np.full(n + 1, -1, np.int32)
    stack = np.empty(n, np.int32)
    top = 0
    for v in range(n):
        if start[v] == start[v + 1]:
            stack[top] = v
            top += 1
    done = 0
    while top > 0:
        top -= 1
        v = stack[top]
        for i in range(start[v], start[v + 1]):
            mark[slot[i]] = v
        g = 0
        while mark[g] == v:
            g += 1
        values[v] = g
        done += 1
        for i in range(in_start[v], in_start[v + 1]):
            u = pred[i]
            slot[fill[u]] = g
            fill[u] += 1
            if fill[u] == start[u + 1]:
                stack[top] = u
                top += 1
    return values, done, -1


def kernel(name: str) -> Callable:
    """The compiled kernel ``"csr"`` or ``"slot"`` (numba is imported the first time one is needed)."""
    if name not in _JIT:
        from numba import njit

        _JIT[name] = njit(cache=True, nogil=True)({"csr": _csr_kernel, "slot": _slot_kernel}[name])
    return _JIT[name]


def loaded() -> bool:
    """Whether the fast kernel is already compiled in this process."""
    return "csr" in _JIT
