"""Split-nim values by brute force, for the numbers of parts that have no closed form.

A numba kernel computes g(0..count-1) as the mex over takes and over every split into ``parts``
non-empty heaps, the split values being built by XOR-set convolutions (the set of XORs reachable by
splitting n into j parts, as bit sets); ``detect_pattern`` then looks for g(n + p) = g(n) + d.
numba is imported on first use only, so the command line never loads it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

# -- computed table (other parts) --------------------------------------------------------------
_MASKS = np.array([0x5555555555555555, 0x3333333333333333, 0x0F0F0F0F0F0F0F0F,
                   0x00FF00FF00FF00FF, 0x0000FFFF0000FFFF, 0x00000000FFFFFFFF], np.uint64)
_KERNEL = None


def _table_kernel(parts, count, words, masks):  # pragma: no cover - compiled by numba
    """g(0..count-1) and bitsets sets[j-2, n] = {XOR of g over splits of n into j parts}, 2 <= j < parts.

    A split of n into j parts is a first part a and a split of n - a into j - 1 parts, so its set is
    the union over a of g(a) XOR (the set of n - a): a bit permutation (whole words for the high
    bits of g(a), block swaps inside a word for the low 6). Returns the rows done (< count: overflow).
    """
    g = np.zeros(count, np.int64)
    sets = np.zeros((max(parts - 2, 0), count, words), np.uint64)
    seen = np.zeros(words, np.uint64)
    cur = np.zeros(words, np.uint64)
    one = np.uint64(1)
    for n in range(count):
        cur[:] = 0
        for j in range(2, parts + 1):
            dst = cur if j == parts else sets[j - 2, n]
            if j == 2:
                for a in range(1, n // 2 + 1):
                    v = g[a] ^ g[n - a]
                    dst[v >> 6] |= one << np.uint64(v & 63)
                continue
            for a in range(1, n - j + 2):
                src, hi, lo = sets[j - 3, n - a], g[a] >> 6, g[a] & 63
                for w in range(words):
                    x = src[w ^ hi]
                    for b in range(6):
                        if x and (lo >> b) & 1:
                            s = np.uint64(1 << b)
                            x = ((x & masks[b]) << s) | ((x >> s) & masks[b])
                    dst[w] |= x
        w = 0
        while w < words and (seen[w] | cur[w]) == ~np.uint64(0):
            w += 1
        if w == words:
            return g, sets, n
        x, m = seen[w] | cur[w], 0
        while (x >> np.uint64(m)) & one:
            m += 1
        g[n] = w * 64 + m
        seen[w] |= one << np.uint64(m)
    return g, sets, count


def _compiled_kernel():
    """The numba kernel, compiled (or loaded from cache) on first use: the CLI never imports numba."""
    global _KERNEL
    if _KERNEL is None:
        from numba import njit

        _KERNEL = njit(cache=True, nogil=True)(_table_kernel)
    return _KERNEL


def compute_table(parts: int, count: int) -> tuple[np.ndarray, np.ndarray]:
    """(g(0..count-1), split sets) by brute force over takes and all splits; see ``_table_kernel``.

    >>> compute_table(3, 10)[0].tolist()
    [0, 1, 2, 3, 4, 5, 6, 8, 7, 9]
    """
    words = max(1, count // 32)
    while True:
        values, sets, done = _compiled_kernel()(parts, count, words, _MASKS)
        if done == count:
            return values, sets
        words *= 2


def _in_split_set(values: np.ndarray, sets: np.ndarray, j: int, m: int, v: int) -> bool:
    """Can m stones be split into j non-empty heaps whose values XOR to v?"""
    if j == 1:
        return m >= 1 and int(values[m]) == v
    return m >= j and v < 64 * sets.shape[2] and bool((int(sets[j - 2, m, v >> 6]) >> (v & 63)) & 1)


def table_split(values: np.ndarray, sets: np.ndarray, parts: int, n: int, target: int) -> tuple | None:
    """A split of n into ``parts`` heaps of value ``target`` read off the table, or None."""
    chosen = []
    for j in range(parts, 1, -1):
        for a in range(1, n - j + 2):
            if _in_split_set(values, sets, j - 1, n - a, target ^ int(values[a])):
                chosen.append(a)
                n, target = n - a, target ^ int(values[a])
                break
        else:
            return None
    return tuple(sorted([*chosen, n]))


@dataclass(frozen=True)
class Pattern:
    """g(n + period) = g(n) + increment for start <= n (< verified_to - period, unless proven)."""

    start: int
    period: int
    increment: int
    verified_to: int | None = None
    """None when proven for every n; else the table size on which it was checked."""

    def describe(self) -> str:
        """One sentence for the GUI.

        >>> Pattern(24, 28, 32, 4096).describe()
        'g(n + 28) = g(n) + 32 for 24 <= n < 4068 (observed in the computed table, not proven)'
        """
        rule = f"g(n + {self.period}) = g(n) + {self.increment}"
        if self.verified_to is None:
            return f"{rule} for all n >= {self.start} (proven)"
        end = self.verified_to - self.period
        return f"{rule} for {self.start} <= n < {end} (observed in the computed table, not proven)"


def detect_pattern(values: np.ndarray) -> Pattern | None:
    """Smallest period p (then smallest start) with g(n + p) - g(n) constant from start to the end of
    the table, accepted only when checked on at least max(4 p, half the table) values of n.

    >>> detect_pattern(np.array([0, 5] + [n + (n % 2) for n in range(2, 40)]))
    Pattern(start=2, period=2, increment=2, verified_to=40)
    """
    count = len(values)
    for period in range(1, count // 4 + 1):
        diff = values[period:] - values[:-period]
        bad = np.flatnonzero(diff != diff[-1])
        start = int(bad[-1]) + 1 if len(bad) else 0
        if count - period - start >= max(4 * period, count // 2):
            return Pattern(start, period, int(diff[-1]), count)
    return None


# -- the game ----------------------------------------------------------------------------------
