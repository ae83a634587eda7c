"""The loops the pattern search runs over a whole table: plain Python sources numba compiles on first use.

Small tables run the same sources as plain Python (no JIT to load: the command line stays light);
larger ones the compiled kernels (``cache=True``, kept beside this module).

- :func:`_borders_py`: the prefix function (Knuth-Morris-Pratt failure function) of an array: for
  each prefix a[0..k], the length of its longest proper border. Run on the reversed table it gives
  the smallest period of every suffix, in linear time: a suffix of length L has smallest period
  L - (its longest border).
- :func:`_first_linear_py`: the smallest p for which the end of the table is linear on the residue
  classes mod p (g(n + 2p) - 2 g(n + p) + g(n) = 0) over a run long enough to count as evidence.
  Each p costs the length of its run plus one, so a table with no such pattern costs O(N).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from sgstudio.core.interrupts import guard

PYTHON_WORK = 20_000
"""Tables up to this length run the Python sources (loading the JIT would cost more)."""
_JIT: dict[str, Callable] = {}


def _borders_py(a):  # pragma: no cover - compiled (also run as Python on small tables)
    """pi[k] = the length of the longest proper border of a[0..k] (a prefix that is also a suffix)."""
    n = a.shape[0]
    pi = np.zeros(n, np.int64)
    k = 0
    for i in range(1, n):
        while k > 0 and a[i] != a[k]:
            k = pi[k - 1]
        if a[i] == a[k]:
            k += 1
        pi[i] = k
    return pi


def _first_linear_py(g, pmax, min_checks):  # pragma: no cover - compiled (also run as Python)
    """(p, n0): the smallest p <= pmax whose run of n with g(n + 2p) - 2 g(n + p) + g(n) = 0 at the
    end of the table has at least max(2p, min_checks) members and spans half the table; (0, 0) if
    none. n0 is where the run starts."""
    size = g.shape[0]
    for p in range(1, pmax + 1):
        n = size - 2 * p - 1
        while n >= 0 and g[n + 2 * p] - 2 * g[n + p] + g[n] == 0:
            n -= 1
        run = size - 2 * p - 1 - n
        if run >= max(2 * p, min_checks) and 2 * (run + 2 * p) >= size:
            return p, n + 1
    return 0, 0


def kernel(name: str, size: int) -> Callable:
    """The kernel ``name`` ("borders" or "first_linear"): compiled for tables longer than PYTHON_WORK.

    >>> kernel("borders", 7)(np.array([1, 2, 1, 2, 1, 1, 2])).tolist()
    [0, 0, 1, 2, 3, 1, 2]
    """
    source = {"borders": _borders_py, "first_linear": _first_linear_py}[name]
    if size <= PYTHON_WORK:
        return source
    if name not in _JIT:
        from numba import njit

        _JIT[name] = guard(njit(cache=True, nogil=True)(source))
    return _JIT[name]


def borders(a: np.ndarray) -> np.ndarray:
    """The prefix function of an int64 array (see :func:`_borders_py`), in linear time.

    >>> borders(np.array([0, 1, 0, 1, 0], np.int64)).tolist()
    [0, 0, 1, 2, 3]
    """
    a = np.ascontiguousarray(a, np.int64)
    return kernel("borders", a.size)(a)


def first_linear(g: np.ndarray, pmax: int, min_checks: int) -> tuple[int, int]:
    """(p, n0) of :func:`_first_linear_py` on an int64 array, or (0, 0).

    >>> first_linear(np.array([0, 5] + [3 * (n // 2) + n % 2 for n in range(2, 60)]), 15, 24)
    (2, 2)
    """
    g = np.ascontiguousarray(g, np.int64)
    p, n0 = kernel("first_linear", g.size)(g, pmax, min_checks)
    return int(p), int(n0)
