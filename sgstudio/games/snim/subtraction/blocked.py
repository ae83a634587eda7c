"""The cache-blocked, multi-threaded O(|S|)-per-position kernel (numba, parallel, ``cache=True``).

Imported only when this kernel is first needed (it imports numba at once).

Positions go by super-blocks [a, a + D), D = marks.shape[0], and within them by chunks of
CHUNK_ROWS rows; marks hold one byte per (row, value). A *far* member s >= D moves every position
of the super-block to a position before a, whose value is known, so all far moves of the
super-block are marked at once, in parallel, chunk by chunk: a chunk's rows stay in the L1 cache
while every far member adds its marks, each member reading CHUNK_ROWS consecutive values. Then,
in order, chunk by chunk: the members CHUNK_ROWS <= s < D move the chunk's positions to positions
before the chunk (known by then), marked the same way; the few members s < CHUNK_ROWS, row by row;
and each row's mex, read off 8 bytes at a time. One parallel region per super-block keeps the
threads' meeting points rare, which matters on a shared machine where a thread may wait a
scheduler tick for another.
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import njit, prange, types
from numba.core import cgutils
from numba.cpython.unsafe.numbers import trailing_zeros
from numba.extending import intrinsic

CHUNK_ROWS = 32
AHEAD = 24  # members between a prefetch and the reads it serves
ONES = np.uint64(0x0101010101010101)


@intrinsic
def _prefetch(typingctx, array, index):  # pragma: no cover - inlined into compiled code
    """Ask the CPU to bring array[index] into the L2 cache (a hint: never faults, returns nothing).

    Each far member reads CHUNK_ROWS values far back in g for every chunk: thousands of streams
    at once, too many for the hardware prefetchers once g outgrows the L3 cache."""
    def codegen(context, builder, signature, args):
        kind = signature.args[0]
        ary = context.make_array(kind)(context, builder, args[0])
        ptr = cgutils.get_item_pointer(context, builder, kind, ary, [args[1]], wraparound=False)
        byte_ptr = ir.IntType(8).as_pointer()
        i32 = ir.IntType(32)
        fn = cgutils.get_or_insert_function(
            builder.module, ir.FunctionType(ir.VoidType(), [byte_ptr, i32, i32, i32]), "llvm.prefetch.p0i8")
        builder.call(fn, [builder.bitcast(ptr, byte_ptr), i32(0), i32(2), i32(1)])  # read, L2, data
        return context.get_dummy_value()

    return types.void(array, index), codegen


@njit(cache=True, nogil=True)
def _mark_chunk(g, a, rows, s, lo, hi, marks, width):  # pragma: no cover - compiled
    """Mark, in rows[0]..rows[1] of marks, the values of the moves by s[lo..hi), which all land
    before position a + rows[0] (every member is at least the number of rows)."""
    au = np.uint64(a)
    wu = np.uint64(width)
    first_row, end_row = np.uint64(rows[0]), np.uint64(rows[1])
    for i in range(lo, hi):
        st = s[i]
        first = first_row
        if st > au + first:  # the move must not go below 0
            if st >= au + end_row:
                break  # nor for any larger member
            first = st - au
        if i + AHEAD < hi and s[i + AHEAD] <= au + first_row:  # what a later member will read
            later = au + first_row - s[i + AHEAD]
            _prefetch(g, later)
            _prefetch(g, later + np.uint64(CHUNK_ROWS - 1))
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
    tiny = 0
    while tiny < near and s[tiny] < np.uint64(CHUNK_ROWS):
        tiny += 1
    top = 0
    for x in range(start):
        top = max(top, np.int64(g[x]))
    a = start
    while a < end:
        if top + CHUNK_ROWS + 2 > width:
            return a
        b = min(depth, end - a)
        hi = near
        while hi < s.shape[0] and s[hi] < np.uint64(a + b):
            hi += 1
        chunks = (b + CHUNK_ROWS - 1) // CHUNK_ROWS
        for c in prange(chunks):  # the far members, s >= D: every move lands before a
            rows = (c * CHUNK_ROWS, min(b, (c + 1) * CHUNK_ROWS))
            flat[rows[0] * width : rows[1] * width] = 0
            _mark_chunk(g, a, rows, s, near, hi, flat, width)
        for c in range(chunks):
            if top + CHUNK_ROWS + 2 > width:
                return a + c * CHUNK_ROWS
            rows = (c * CHUNK_ROWS, min(b, (c + 1) * CHUNK_ROWS))
            _mark_chunk(g, a, rows, s, tiny, near, flat, width)  # CHUNK_ROWS <= s < D
            top = max(top, _tiny_and_mex(g, a, rows, s, tiny, flat, width))
        a += b
    return end


@njit(cache=True, nogil=True)
def _tiny_and_mex(g, a, rows, s, tiny, marks, width):  # pragma: no cover - compiled
    """Row by row: the marks of the members s < CHUNK_ROWS (moves that may stay in the chunk), then
    the mex, which is the row's value. Returns the largest value written."""
    wu = np.uint64(width)
    top = 0
    for j in range(rows[0], rows[1]):
        ju = np.uint64(j)
        x = np.uint64(a + j)
        for i in range(tiny):
            if s[i] > x:
                break
            marks[ju * wu + np.uint64(g[x - s[i]])] = 1
        v = _mex_of_row(marks, j, width)
        g[x] = v
        top = max(top, v)
    return top
