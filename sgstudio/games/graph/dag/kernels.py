"""The compiled kernels behind :func:`sgstudio.games.graph.dag.game.grundy_values`: Python sources that
numba compiles (``cache=True``) on first use, or that were compiled ahead of time (``AOT``, see
:mod:`sgstudio.core.compiled`: then numba is never imported). :func:`kernel` hands them out. Two
algorithms, both linear in n + m and iterative (a chain 10^6 deep is fine):

- :func:`csr_grundy`, the fast one: successor lists in CSR form built by a counting sort, a
  topological order by Kahn's algorithm (sources first), then the values in reverse topological
  order, each mex taken with a stamp array. It touches 4m + 16n bytes of working memory (uint32
  throughout) besides the result. A graph with a cycle leaves vertices out of the order.
- :func:`slot_grundy`, reverse Kahn with slots: a vertex is *ready* once all its successors are
  finished; a finished vertex pushes its value into a slot of each predecessor; a ready vertex's
  value is the mex of its slots. Slower (it builds predecessor lists too), but the vertices it
  leaves unfinished are exactly those that can reach a cycle, which is what
  :func:`sgstudio.games.graph.dag.game.find_cycle` walks; so it runs only to name a cycle.

Indices are cast to unsigned integers in the hot loops: numba then emits no negative-index
wrap-around test (a signed index costs a compare and a select on every access). The steps of
:func:`csr_grundy` are inlined into it by numba (``inline="always"``): as separate functions their
arrays could alias each other for all LLVM knows, which cost 10% on deep graphs.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

NONE = np.uint32(0xFFFFFFFF)


def _successor_lists_py(n, src, dst, start, indegree):  # pragma: no cover - compiled
    """Fill start (CSR offsets) and indegree; return the heads grouped by tail (input order kept
    within a group), a spare n-array and -1, or empty arrays and the first edge with an endpoint
    outside 0..n-1."""
    m = src.shape[0]
    nn = np.uint64(n)
    one = np.uint32(1)
    for e in range(m):
        u = np.uint64(src[e])  # a negative endpoint becomes huge and fails the test below
        v = np.uint64(dst[e])
        if u >= nn or v >= nn:
            return np.empty(0, np.uint32), np.empty(0, np.uint32), e
        start[u + np.uint64(1)] += one
        indegree[v] += one
    for w in range(n):  # (not v: one name of two types would be typed as a float)
        start[w + 1] += start[w]
    end = start[1:].copy()
    succ = np.empty(m, np.uint32)
    for e in range(m - 1, -1, -1):  # backwards, so each range keeps the input order
        u = np.uint64(src[e])
        slot = end[u] - one
        end[u] = slot
        succ[slot] = np.uint32(dst[e])
    return succ, end, -1  # end is spent: it now equals start[:-1]


def _kahn_order_py(n, start, succ, indegree, order):  # pragma: no cover - compiled
    """Kahn's algorithm from the sources into order; returns how many vertices it ordered (n unless
    there is a cycle). Every in-degree is 0 afterwards for the ordered vertices."""
    one = np.uint32(1)
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
    return tail


def _values_in_reverse_py(n, start, succ, order, values):  # pragma: no cover - compiled
    """values[v] = mex of the successors' values, v taken in reverse topological order."""
    one = np.uint32(1)
    stamp = np.full(n + 1, NONE, np.uint32)
    for k in range(n - 1, -1, -1):
        v = order[k]
        for i in range(start[v], start[v + one]):
            stamp[values[succ[i]]] = v
        g = np.uint32(0)
        while stamp[g] == v:
            g += one
        values[v] = g


def csr_grundy_py(n, src, dst):  # pragma: no cover - compiled
    """CSR + Kahn + mex in reverse order. Returns (values as uint32, ordered count, first bad edge
    or -1); the values are meaningful only when every vertex was ordered."""
    start = np.zeros(n + 1, np.uint32)  # start[u]..start[u+1]: u's successors in succ
    indegree = np.zeros(n, np.uint32)
    succ, order, bad = _successor_lists(n, src, dst, start, indegree)  # order: the spare array
    if bad >= 0:
        return indegree, 0, bad
    done = _kahn_order(n, start, succ, indegree, order)
    if done == n:
        _values_in_reverse(n, start, succ, order, indegree)  # the in-degrees are all 0 now: reused
    return indegree, done, -1


def slot_grundy_py(n, src, dst):  # pragma: no cover - compiled
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
    return _slot_values(n, start, in_start, pred), 0, -1


def _slot_values_py(n, start, in_start, pred):  # pragma: no cover - compiled
    """The reverse-Kahn stack: finished vertices fill their predecessors' slots."""
    fill = start[:-1].copy()  # next free slot of each vertex
    slot = np.empty(pred.shape[0], np.int32)
    values = np.full(n, -1, np.int64)
    mark = np.full(n + 1, -1, np.int32)
    stack = np.empty(n, np.int32)
    top = 0
    for v in range(n):
        if start[v] == start[v + 1]:
            stack[top] = v
            top += 1
    while top > 0:
        top -= 1
        v = stack[top]
        for i in range(start[v], start[v + 1]):
            mark[slot[i]] = v
        g = 0
        while mark[g] == v:
            g += 1
        values[v] = g
        for i in range(in_start[v], in_start[v + 1]):
            u = pred[i]
            slot[fill[u]] = g
            fill[u] += 1
            if fill[u] == start[u + 1]:
                stack[top] = u
                top += 1
    return values


_successor_lists = _successor_lists_py  # the kernels call these: numba functions once compiled (jitted)
_kahn_order = _kahn_order_py
_values_in_reverse = _values_in_reverse_py
_slot_values = _slot_values_py
SOURCES: dict[str, Callable] = {"csr_grundy": csr_grundy_py, "slot_grundy": slot_grundy_py}
_CSR = "Tuple((u4[::1], i8, i8))"
_SLOT = "Tuple((i8[::1], i8, i8))"
AOT: dict[str, tuple[str, str, tuple[str, ...]]] = {
    f"{name}_{t}": (name, result, ("i8", f"{t}[]", f"{t}[]"))
    for name, result in (("csr_grundy", _CSR), ("slot_grundy", _SLOT)) for t in ("i4", "i8")}
"""The exports compiled ahead of time: both kernels on int32 and on int64 edge arrays."""
_JIT: dict[str, Callable] = {}


def jitted(name: str) -> Callable:
    """The kernel ``name`` compiled by numba (imported now), its helpers first."""
    if name not in _JIT:
        from numba import njit

        global _successor_lists, _kahn_order, _values_in_reverse, _slot_values
        if not hasattr(_kahn_order, "py_func"):
            _successor_lists = njit(cache=True, nogil=True, inline="always")(_successor_lists_py)
            _kahn_order = njit(cache=True, nogil=True, inline="always")(_kahn_order_py)
            _values_in_reverse = njit(cache=True, nogil=True, inline="always")(_values_in_reverse_py)
            _slot_values = njit(cache=True, nogil=True)(_slot_values_py)
        _JIT[name] = njit(cache=True, nogil=True)(SOURCES[name])
    return _JIT[name]


_KERNELS: dict[str, Callable] = {}


def kernel(name: str) -> Callable:
    """The kernel ``name`` (``csr_grundy`` or ``slot_grundy``): built ahead of time when there is a
    build, else numba's."""
    if name not in _KERNELS:
        import sys

        from sgstudio.core import compiled

        _KERNELS[name] = compiled.kernel(sys.modules[__name__], name) or jitted(name)
    return _KERNELS[name]


def is_loaded() -> bool:
    """Whether a kernel was handed out in this process already (then it costs nothing to call)."""
    return bool(_KERNELS)
