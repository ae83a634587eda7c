"""S-Nim value tables: the numba kernels and their numpy stand-in, and which one to use when.

g(n) = mex{ g(n - s) : s in S, s <= n }; the values from n on up to n + min(S) - 1 depend only on
g[:n], which is what lets numpy fill a block of min(S) values at once. The kernels are compiled
ahead of time (``AOT``, see :mod:`sgstudio.core.compiled`), or numba is imported on first use only
(it costs about 0.25 s to load), so that a small job on the command line never pays for it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view


# -- kernels: plain Python sources, compiled by numba (cache=True) on first use ------------------
def _fill_py(g, start, end, s):  # pragma: no cover - compiled
    """g[start:end] from g[:start]: mark the values of the moves with the stamp n, take the mex."""
    k = s.shape[0]
    w = s[k - 1]
    mark = np.full(k + 2, -1, np.int64)
    for n in range(start, min(end, w)):
        for j in range(k):
            if s[j] > n:
                break
            mark[g[n - s[j]]] = n
        v = 0
        while mark[v] == n:
            v += 1
        g[n] = v
    su = s.astype(np.uint64)  # unsigned indices: no negative-index wraparound test in the hot loop
    one = np.uint64(1)
    for n in range(max(start, w), end):
        nu = np.uint64(n)
        for j in range(k):
            mark[np.uint64(g[nu - su[j]])] = n
        v = np.uint64(0)
        while mark[v] == n:
            v += one
        g[nu] = v


def _brent_py(g, n, w):  # pragma: no cover - compiled
    """Brent's cycle search on the windows W(0), W(1), ... in g[:n]: ``(lam, t)`` with W(t) = W(t + lam),
    lam the cycle length, or ``(0, 0)``. Windows are compared by a rolling hash mod 2^64 (equal windows
    have equal hashes) and a hash match is confirmed value by value, so the answer is exact."""
    base = np.uint64(0x9E3779B97F4A7C15)
    one = np.uint64(1)
    top = one
    for _ in range(w):
        top = top * base
    ht = np.uint64(0)
    for j in range(w):
        ht = ht * base + np.uint64(g[j]) + one
    hh = ht * base - (np.uint64(g[0]) + one) * top + np.uint64(g[w]) + one
    t, h, power, lam = 0, 1, 1, 1
    while h + w <= n:
        if hh == ht:
            j = 0
            while j < w and g[t + j] == g[h + j]:
                j += 1
            if j == w:
                return lam, t
        if power == lam:
            t, ht, power, lam = h, hh, 2 * power, 0
        if h + w == n:
            break
        hh = hh * base - (np.uint64(g[h]) + one) * top + np.uint64(g[h + w]) + one
        h += 1
        lam += 1
    return 0, 0


SOURCES: dict[str, Callable] = {"fill": _fill_py, "brent": _brent_py}
AOT: dict[str, tuple[str, str, tuple[str, ...]]] = {
    **{f"fill_{t}": ("fill", "void", (f"{t}[]", "i8", "i8", "i8[]")) for t in ("u1", "u2", "u4")},
    **{f"brent_{t}": ("brent", "UniTuple(i8, 2)", (f"{t}[]", "i8", "i8")) for t in ("u1", "u2", "u4")}}
"""The exports compiled ahead of time (see :mod:`sgstudio.core.compiled`), for each dtype of g."""
_JIT: dict[str, Callable] = {}  # the kernels handed out
_NUMBA: dict[str, Callable] = {}


def jitted(name: str) -> Callable:
    """The kernel compiled by numba (imported now)."""
    if name not in _NUMBA:
        from numba import njit

        _NUMBA[name] = njit(cache=True, nogil=True)(SOURCES[name])
    return _NUMBA[name]


def _kernel(name: str) -> Callable:
    """The compiled kernel: built ahead of time when there is a build, else numba's (imported on
    first use, which keeps the CLI start lean)."""
    if name not in _JIT:
        import sys

        from sgstudio.core import compiled

        _JIT[name] = compiled.kernel(sys.modules[__name__], name) or jitted(name)
    return _JIT[name]


def _built() -> bool:
    """Whether the kernels are built ahead of time (they load at no cost: no rent to pay)."""
    import sys

    from sgstudio.core import compiled

    return compiled.is_built(sys.modules[__name__])


def _fill_blocks(g: np.ndarray, start: int, end: int, s: np.ndarray) -> None:
    """Same values as the kernel, with numpy: the min(S) values from n on depend only on g[:n].

    On a copy padded with w = max(S) sentinels in front (so g(n - s) always has an index), each block
    gathers g(n + i - s) for the c members usable in it (a b x c matrix, through a sliding-window
    view), marks them in a boolean table and takes each row's first unmarked column (the mex).
    """
    if start >= end:
        return
    k, step, w = s.size, int(s[0]), int(s[-1])
    pad = np.full(w + end, k + 1, np.int32)
    pad[w : w + start] = g[:start]
    view = sliding_window_view(pad, w + 1)  # view[n, w - s] = pad[n + w - s] = g(n - s)
    cols, rows, width = w - s, np.arange(step) * (k + 2), k + 2
    n = start
    while n < end:
        b = min(step, end - n)
        c = k if n >= w else int(np.searchsorted(s, n + b - 1, side="right"))
        seen = np.zeros(b * width, bool)
        if c:  # else no move yet: every value is 0
            seen[rows[:b, None] + view[n : n + b][:, cols[:c]]] = True
        pad[w + n : w + n + b] = seen.reshape(b, width).argmin(axis=1)
        n += b
    g[start:end] = pad[w + start : w + end]


_rent = 0.25
"""Seconds of numpy work still allowed before the JIT (about 0.25 s to load) is bought (ski rental)."""


def _fill(g: np.ndarray, start: int, end: int, s: np.ndarray) -> None:
    """Compute g[start:end]: numpy while the JIT is not loaded and the rent so far stays below its
    load time (so at most twice the better choice is spent), then the numba kernel."""
    global _rent
    cost = _numpy_cost(start, end, s)
    if "fill" not in _JIT and cost <= _rent and not _built():
        _rent -= cost
        _fill_blocks(g, start, end, s)
    else:
        _kernel("fill")(g, start, end, s)


def plan(jobs: Iterable[tuple[Iterable[int], int]]) -> None:
    """Announce tables to come, as (S, n) pairs: if numpy would need more than the JIT's load time for
    all of them together, load the JIT now rather than after paying that much rent (see ``_fill``)."""
    total = 0.0
    for members, n in jobs:
        n = min(n, 1 << 26)  # a huge heap needs a period search, not a table of that size
        s = np.array(sorted({m for m in members if m < n}), np.int64)
        total += _numpy_cost(0, n, s) if s.size else 0.0
        if total > _rent:
            _kernel("fill")(np.zeros(1, np.uint8), 0, 1, np.ones(1, np.int64))
            return


def _numpy_cost(start: int, end: int, s: np.ndarray) -> float:
    """Estimated seconds of :func:`_fill_blocks`: per block, plus per gathered value."""
    step = int(s[0])
    blocks = -(-(end - start) // step)
    if blocks * 3.5e-6 > _rent:
        return float("inf")
    block_ends = np.minimum(np.arange(start, end, step) + step - 1, end - 1)
    return blocks * 3.5e-6 + step * int(np.searchsorted(s, block_ends, side="right").sum()) * 3e-9


def _dtype_for(k: int) -> type:
    """Smallest unsigned dtype holding 0..k (every value is at most |S|)."""
    return np.uint8 if k <= 0xFF else np.uint16 if k <= 0xFFFF else np.uint32
