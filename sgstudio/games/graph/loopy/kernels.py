"""The compiled labelling of :mod:`sgstudio.games.graph.loopy.values`: plain Python sources for numba.

The kernel is compiled ahead of time (``AOT``, :mod:`sgstudio.core.compiled`), or by numba on
first use only (:func:`labelling`), with ``cache=True``, so that importing the studio, or solving a
small graph, never pays for numba. The algorithm and its theory are in the
docstring of :mod:`sgstudio.games.graph.loopy.values`; the pure-Python twin is ``generalized_values_py``.

Encoding: ``gamma[v]`` is -2 while v is alive, -1 once it is ∞, else its finite value;
``counter[v]`` is -1 until v is labelled finite.
"""

from __future__ import annotations

import numpy as np

_compiled = None


def _csr(n, src, dst):  # pragma: no cover - compiled
    """Successor and predecessor lists (CSR, edge order) and the first bad edge or -1."""
    m = src.shape[0]
    start = np.zeros(n + 1, np.int64)
    in_start = np.zeros(n + 1, np.int64)
    for e in range(m):
        u = src[e]
        v = dst[e]
        if u < 0 or u >= n or v < 0 or v >= n:
            return start, start, in_start, start, e
        start[u + 1] += 1
        in_start[v + 1] += 1
    for v in range(n):
        start[v + 1] += start[v]
        in_start[v + 1] += in_start[v]
    heads = np.empty(m, np.int64)
    tails = np.empty(m, np.int64)
    fill = start[:-1].copy()
    back = in_start[:-1].copy()
    for e in range(m):
        u = src[e]
        v = dst[e]
        heads[fill[u]] = v
        fill[u] += 1
        tails[back[v]] = u
        back[v] += 1
    return start, heads, in_start, tails, -1


def _seeds(alive, left, start, heads, gamma, counter, waiting, queue, value):  # pragma: no cover
    """Count each alive vertex's followers that are alive or ∞; label those with none (counter 0)."""
    tail = 0
    for i in range(left):
        u = alive[i]
        k = 0
        for e in range(start[u], start[u + 1]):
            if gamma[heads[e]] < 0:
                k += 1
        waiting[u] = k
        if k == 0:
            queue[tail] = u
            tail += 1
    for i in range(tail):
        gamma[queue[i]] = value
        counter[queue[i]] = 0
    return tail


def _sweep(tail, in_start, tails, gamma, counter, waiting, covered, queue, value):  # pragma: no cover
    """Breadth first from the vertices labelled ``value``: cover their alive or ∞ predecessors;
    an alive vertex whose waiting followers are all covered (and which is not covered) is labelled."""
    head = 0
    while head < tail:
        w = queue[head]
        head += 1
        for e in range(in_start[w], in_start[w + 1]):
            p = tails[e]
            if gamma[p] < 0 and covered[p] != value:
                covered[p] = value
                for f in range(in_start[p], in_start[p + 1]):
                    q = tails[f]
                    if gamma[q] == -2 and covered[q] != value:
                        waiting[q] -= 1
                        if waiting[q] == 0:
                            gamma[q] = value
                            counter[q] = counter[w] + 1
                            queue[tail] = q
                            tail += 1


def _close_round(alive, left, gamma, covered, value):  # pragma: no cover - compiled
    """Alive vertices not covered become ∞; the covered ones stay alive (compacted in place)."""
    kept = 0
    for i in range(left):
        u = alive[i]
        if gamma[u] == -2:
            if covered[u] == value:
                alive[kept] = u
                kept += 1
            else:
                gamma[u] = -1
    return kept


def _labelling(n, src, dst):  # pragma: no cover - compiled
    """All rounds. Returns (gamma, counter, start, heads, first bad edge or -1)."""
    start, heads, in_start, tails, bad = _csr(n, src, dst)
    gamma = np.full(n, -2, np.int64)
    counter = np.full(n, -1, np.int64)
    if bad >= 0:
        return gamma, counter, start, heads, bad
    waiting = np.zeros(n, np.int64)
    covered = np.full(n, -1, np.int64)
    alive = np.arange(n)
    queue = np.empty(n, np.int64)
    left = n
    value = 0
    while left > 0:
        tail = _seeds(alive, left, start, heads, gamma, counter, waiting, queue, value)
        _sweep(tail, in_start, tails, gamma, counter, waiting, covered, queue, value)
        left = _close_round(alive, left, gamma, covered, value)
        value += 1
    return gamma, counter, start, heads, -1


SOURCES = {"labelling": _labelling}
AOT: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "labelling_i8": ("labelling", "Tuple((i8[::1], i8[::1], i8[::1], i8[::1], i8))", ("i8", "i8[]", "i8[]"))}
"""The export compiled ahead of time (see :mod:`sgstudio.core.compiled`): int64 edge arrays."""
_JIT: dict[str, object] = {}


def jitted(name: str = "labelling"):
    """The labelling compiled by numba (imported now; loaded from numba's cache once compiled)."""
    if name not in _JIT:
        from numba import njit

        names = ("_csr", "_seeds", "_sweep", "_close_round")
        space = globals()
        for helper in names:  # the helpers must be compiled before the function that calls them
            if not hasattr(space[helper], "py_func"):
                space[helper] = njit(cache=True, nogil=True)(space[helper])
        _JIT[name] = njit(cache=True, nogil=True)(SOURCES[name])
    return _JIT[name]


def labelling():
    """The compiled ``_labelling(n, src, dst)``: built ahead of time when there is a build, else
    numba's (compiled, or loaded from numba's cache, once)."""
    global _compiled
    if _compiled is None:
        import sys

        from sgstudio.core import compiled

        _compiled = compiled.kernel(sys.modules[__name__], "labelling") or jitted()
    return _compiled


def is_loaded() -> bool:
    """Whether the kernel is loaded in this process already."""
    return _compiled is not None


def at_hand() -> bool:
    """Whether the kernel costs nothing to start: loaded already, or built ahead of time."""
    import sys

    from sgstudio.core import compiled

    return is_loaded() or compiled.is_built(sys.modules[__name__])
