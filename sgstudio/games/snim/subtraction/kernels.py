"""numba kernels for subtraction games whose set S is large or infinite (see subtraction_engine).

Every value kernel fills ``g[start:end]`` from ``g[:start]``, g(x) = mex{ g(x - s) : s in S, s <= x },
so the engine can call them chunk by chunk (progress, cancel) and switch kernels between chunks.
``s`` holds the members of S up to the last position, ascending, as uint64: unsigned indices keep
numba from testing every index for a negative wrap-around.

- :func:`_plain_py`: for each x, stamp the values of its moves, take the first unstamped value.
  O(|S|) per position, but one scattered store per move.
- ``blocked`` (in :mod:`sgstudio.games.snim.subtraction.blocked`): the same O(|S|) per position,
  cache-blocked and on several threads;
- :func:`_classes_py`: one bitset per value class (the classes of Eppstein's algorithm, tested
  word-parallel instead of by convolution): g(x) is the first class v with no member y = x - s,
  s in S; the test ANDs the class's words with the words of {x - s : s in S} (S reflected, read at
  a bit offset), 64 moves per word, and stops at the first common bit. It pays when S is dense and
  the values few (take-a-prime: 12 values, |S| ~ n / ln n).
- :func:`_losing_py`: the losing positions (g = 0) only, by sieving: each losing position y marks
  y + s, for every s, as winning; the next unmarked position is losing. O(|losing| * |S|).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np


def _plain_py(g, start, end, s):  # pragma: no cover - compiled
    """g[start:end] by a stamped mex per position; returns the largest value written."""
    mark = np.full(s.shape[0] + 2, -1, np.int64)
    k = 0
    top = 0
    for x in range(start, end):
        xu = np.uint64(x)
        while k < s.shape[0] and s[k] <= xu:
            k += 1
        for j in range(k):
            mark[np.uint64(g[xu - s[j]])] = x
        v = 0
        while mark[v] == x:
            v += 1
        g[x] = v
        top = max(top, v)
    return top


def _classes_py(g, start, end, srev, levels, count):  # pragma: no cover - compiled
    """g[start:end] with one bitset per value class (``levels``, ``count`` classes in use).

    srev is S reflected: bit k of srev is set iff N - 1 - k is in S, N = 64 * (srev.size - 1) (the
    last word is a zero pad). The moves of x land on the y with bit N - 1 - x + y of srev set, so
    word w of "x - S" is srev read at the bit offset N - 1 - x + 64 w. A class is tested on a few
    words first (a common class shares a bit with x - S at once), then on ever longer runs.
    Returns (position reached, classes in use): it stops early when every row of ``levels`` is in
    use and a new class is needed (the caller adds rows).
    """
    total = (srev.shape[0] - 1) * 64
    one = np.uint64(1)
    for x in range(start, end):
        offset = np.uint64(total - 1 - x)
        q = offset >> np.uint64(6)
        r = offset & np.uint64(63)
        up = np.uint64(63) - r  # (w << (63 - r)) << 1 is w << (64 - r), and 0 when r = 0
        used = np.uint64((x + 63) >> 6)  # words holding positions 0..x-1
        v = 0
        while v < count:
            row = levels[v]
            w, step, hit = np.uint64(0), np.uint64(16), np.uint64(0)
            while w < used and hit == 0:
                stop = min(used, w + step)
                for i in range(w, stop):
                    hit |= row[i] & ((srev[q + i] >> r) | ((srev[q + i + one] << up) << one))
                w, step = stop, min(step * np.uint64(4), np.uint64(4096))
            if hit == 0:
                break
            v += 1
        if v == count:
            if count == levels.shape[0]:
                return x, count
            count += 1
        g[x] = v
        levels[v, x >> 6] |= np.uint64(1) << np.uint64(x & 63)
    return end, count


def _losing_py(n, s):  # pragma: no cover - compiled
    """The losing positions below n (ascending, int64): a sieve from each losing position."""
    winning = np.zeros(n, np.bool_)
    out = np.empty(n, np.int64)
    count = 0
    nu = np.uint64(n)
    for x in range(n):
        if winning[x]:
            continue
        out[count] = x
        count += 1
        xu = np.uint64(x)
        for i in range(s.shape[0]):
            y = xu + s[i]
            if y >= nu:
                break
            winning[y] = True
    return out[:count]


_JIT: dict[str, Callable] = {}


def kernel(name: str) -> Callable:
    """The compiled kernel ``"plain"``, ``"blocked"``, ``"classes"`` or ``"losing"`` (numba is imported,
    and the kernel compiled or loaded from its cache, the first time it is asked for)."""
    if name not in _JIT:
        import numba

        if name == "blocked":
            from sgstudio.games.snim.subtraction.blocked import blocked

            _JIT[name] = blocked
        else:
            source = {"plain": _plain_py, "classes": _classes_py, "losing": _losing_py}[name]
            _JIT[name] = numba.njit(cache=True, nogil=True)(source)
    return _JIT[name]


def loaded(name: str) -> bool:
    """Whether the kernel is already compiled (or loaded from the cache) in this process."""
    return name in _JIT


def threads() -> int:
    """How many threads the blocked kernel uses (numba's thread count, at least 1)."""
    import numba

    return max(1, int(numba.get_num_threads()))
