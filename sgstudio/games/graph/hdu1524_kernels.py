"""The compiled walk over the count-prefixed lists of an HDU 1524 file (:mod:`sgstudio.games.graph.hdu1524`).

A plain Python source: walked in Python on a list for a small input, compiled for a big one, ahead
of time (``AOT``, see :mod:`sgstudio.core.compiled`: then numba is never imported) or by numba on
first use (``cache=True``).

>>> heads([2, 7, 8, 0, 1, 5], 0, 2)   # two lists, "2 7 8" and "0"; the next token is 4
(array([0, 3]), 4)
>>> heads([2, 7, 8, 1, 5, 0], 0, -1)  # lists up to a count of 0 (at 5)
(array([0, 3]), 5)
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np


def heads(arr, p, count):  # pragma: no cover - compiled for big inputs; runs as Python on a list
    """The token index of each list ``X v_1 .. v_X`` from token p: ``count`` lists, or (``count``
    < 0) lists up to a count of 0, whose index is returned with them; -1 (and no heads) where a
    count is negative or the lists run past the end."""
    end = len(arr)
    limit = count if count >= 0 else end - p
    found = np.empty(max(limit, 0), np.int64)
    k = 0
    while k < limit:
        if p >= end or int(arr[p]) < 0:
            return found[:0], -1
        if count < 0 and int(arr[p]) == 0:
            return found[:k], p
        found[k] = p
        k += 1
        p += int(arr[p]) + 1
    if count < 0 or p > end:  # no 0 ended the queries, or the last list ran past the end
        return found[:0], -1
    return found[:k], p


SOURCES: dict[str, Callable] = {"heads": heads}
AOT: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "heads_i8": ("heads", "Tuple((i8[::1], i8))", ("i8[]", "i8", "i8"))}
"""The export compiled ahead of time: the tokens as an int64 array."""
_JIT: dict[str, Callable] = {}
_KERNELS: dict[str, Callable] = {}


def jitted(name: str = "heads") -> Callable:
    """The walk compiled by numba (imported now)."""
    if name not in _JIT:
        from numba import njit

        _JIT[name] = njit(cache=True, nogil=True)(SOURCES[name])
    return _JIT[name]


def kernel(name: str = "heads") -> Callable:
    """The compiled walk: built ahead of time when there is a build, else numba's."""
    if name not in _KERNELS:
        import sys

        from sgstudio.core import compiled

        _KERNELS[name] = compiled.kernel(sys.modules[__name__], name) or jitted(name)
    return _KERNELS[name]
