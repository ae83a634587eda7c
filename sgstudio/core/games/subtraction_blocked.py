"""The cache-blocked, multi-threaded O(|S|)-per-position kernel (numba, parallel, ``cache=True``).

Imported only when this kernel is first needed (it imports numba at once).

Positions go by super-blocks [a, a + D). The members split at D: a *far* member s >= D moves every
position of the super-block to a position before a, whose value is known, so all far moves of the
super-block are marked at once, in parallel: one byte per (row, value) in a D x width matrix, the
rows in chunks of CHUNK_ROWS (each chunk's rows stay in the L1 cache while every far member adds
its marks, each member reading CHUNK_ROWS consecutive values). The *near* members s < D (for
squares about sqrt(D) of them) may move inside the super-block, so they are marked row by row, in
order, and each row's mex is read off right after (8 bytes at a time). One parallel region per
super-block keeps the threads' meeting points rare, which matters on a shared machine where a
thread may wait a scheduler tick for the other.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange
from numba.cpython.unsafe.numbers import trailing_zeros

CHUNK_ROWS = 32
ONES = np.uint64(0x0101010101010101)


@njit(cache=True, nogil=True)
def _far_chunk(g, a, rows, s, lo, hi, marks, width):  # pragma: no cover - compiled
    """Zero rows[0]..rows[1] of marks, then mark the values of the moves by s[lo..hi) (all far)."""
    au = np.uint64(a)
    wu = np.uint64(width)
    first_row, end_row = np.uint64(rows[0]), np.uint64(rows[1])
    marks[first_row * wu : end_row * wu] = 0
    for i in range(lo, hi):
        st = s[i]
        first = first_row
        if st > au + first:  # the move must not go below 0
            if st >= au + end_row:
                break  # nor for any larger member
            first = st - au
        base = au - st  # wraps around when s > a; only rows j >= s - a are read
        for j in range(first, end_row):
            marks[j * wu + np.uint64(g[base + j])] = 1


@njit(cache=True, nogil=True)
def _mex_of_row(marks, row, width):  # pragma: no cover - compiled
    """The first unmarked value of a row (width is a multiple of 8 and the row ends unmarked)."""
    words = marks[row * width : (row + 1) * width].view(np.uint64)
    for w in range(words.shape[0]):
        holes = ~words[w] & ONES  # bit 8k set where byte k is 0
        if holes:
            return 8 * w + trailing_zeros(holes) // 8
    return width  # pragma: no cover - the caller keeps the last byte unmarked


@njit(parallel=True, cache=True, nogil=True)
def blocked(g, start, end, s, near, marks):  # pragma: no cover - compiled
    """g[start:end] from g[:start]. ``s``: every member (ascending uint64), the first ``near`` of them
    below D = marks.shape[0]. ``marks``: D x width uint8 scratch. Returns the position reached: end,
    or earlier when a value would not fit the width (the caller widens and calls again)."""
    depth, width = marks.shape
    flat = marks.reshape(depth * width)
    wu = np.uint64(width)
    top = 0
    for x in range(start):
        top = max(top, np.int64(g[x]))
    a = start
    while a < end:
        if top + 2 > width:
            return a
        b = min(depth, end - a)
        hi = near
        while hi < s.shape[0] and s[hi] < np.uint64(a + b):
            hi += 1
        chunks = (b + CHUNK_ROWS - 1) // CHUNK_ROWS
        for c in prange(chunks):
            rows = (c * CHUNK_ROWS, min(b, (c + 1) * CHUNK_ROWS))
            _far_chunk(g, a, rows, s, near, hi, flat, width)
        for j in range(b):
            ju = np.uint64(j)
            x = np.uint64(a + j)
            for i in range(near):
                if s[i] > x:
                    break
                v = np.uint64(g[x - s[i]])
                if v + np.uint64(1) >= wu:
                    return a + j
                flat[ju * wu + v] = 1
            v = _mex_of_row(flat, j, width)
            if v + 1 >= width:
                return a + j
            g[x] = v
            top = max(top, v)
        a += b
    return end
