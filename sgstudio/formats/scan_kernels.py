"""The judge files' numbers read in one compiled pass over the bytes (when the kernel is built).

``numpy.fromstring`` reads a text of integers at some 6 ns a byte, after the readers have checked in
separate passes that every byte is a digit, a minus sign or white space; :func:`plain_ints` does
both in one pass at about 1 ns a byte. It serves only when compiled ahead of time (``AOT``, see
:mod:`sgstudio.core.compiled`): compiling it through numba on a judge file would cost more than it
saves, so without a build the readers keep their numpy path (:func:`at_hand` says which).

>>> values, bad = plain_ints(np.frombuffer(b" 12 -3\\n0 45", np.uint8))
>>> values.tolist(), int(bad)
([12, -3, 0, 45], -1)
>>> int(plain_ints(np.frombuffer(b"12 x3", np.uint8))[1])   # the offending byte
3
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from sgstudio.core.interrupts import guard

MAX_DIGITS = 18
"""Tokens of more digits are not read here (they may not fit in 64 bits): the caller's exact path does."""


def plain_ints(data):  # pragma: no cover - compiled; runs as Python in the doctests
    """``(values, bad)``: the tokens of ``data`` (ASCII bytes) as int64 when every token is
    ``-?[0-9]{1,18}`` and tokens are separated by white space (space, tab, newline, vertical tab,
    form feed, carriage return), ``bad`` = -1; else ``bad`` is the index of the first byte that breaks
    that (and the values are meaningless)."""
    n = data.shape[0]
    out = np.empty(n // 2 + 1, np.int64)
    k = 0
    i = 0
    while i < n:
        c = np.int64(data[i])
        if c == 32 or 9 <= c <= 13:
            i += 1
            continue
        negative = c == 45
        if negative:
            i += 1
            if i == n or not 48 <= np.int64(data[i]) <= 57:
                return out[:0], i - 1
        begin = i
        value = np.int64(0)
        while i < n:
            d = np.int64(data[i]) - 48
            if d < 0 or d > 9:
                break
            if i - begin == MAX_DIGITS:  # a 19th digit
                return out[:0], begin
            value = value * 10 + d
            i += 1
        if i == begin:  # not a digit, nor a minus sign, nor white space
            return out[:0], i
        if i < n:
            c = np.int64(data[i])
            if not (c == 32 or 9 <= c <= 13):
                return out[:0], i
        out[k] = -value if negative else value
        k += 1
    return out[:k], np.int64(-1)


SOURCES: dict[str, Callable] = {"plain_ints": plain_ints}
AOT: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "plain_ints_u1": ("plain_ints", "Tuple((i8[::1], i8))", ("u1[]",))}
"""The export compiled ahead of time."""
_JIT: dict[str, Callable] = {}
_KERNELS: dict[str, Callable | None] = {}


def jitted(name: str = "plain_ints") -> Callable:
    """The kernel compiled by numba (imported now)."""
    if name not in _JIT:
        from numba import njit

        _JIT[name] = njit(cache=True, nogil=True)(SOURCES[name])
    return _JIT[name]


def built(name: str = "plain_ints") -> Callable | None:
    """The kernel built ahead of time, or None when there is no build (then read with numpy)."""
    if name not in _KERNELS:
        import sys

        from sgstudio.core import compiled

        _KERNELS[name] = guard(compiled.kernel(sys.modules[__name__], name))
    return _KERNELS[name]


def at_hand() -> bool:
    """Whether the compiled pass is available at no cost (built ahead of time)."""
    return built() is not None


def read_ints(text: str) -> np.ndarray | None:
    """All tokens of ``text`` as int64 by the compiled pass; None without a build, or when the text
    is not only plain integers of at most 18 digits and white space (the caller reads it its way).

    >>> values = read_ints("3\\n1 2 3\\n")
    >>> values is None or values.tolist() == [3, 1, 2, 3]
    True
    """
    kernel = built()
    if kernel is None:
        return None
    try:
        data = np.frombuffer(text.encode("ascii"), np.uint8)
    except UnicodeEncodeError:
        return None
    values, bad = kernel(data)
    return values if bad < 0 else None
