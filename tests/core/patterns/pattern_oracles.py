"""Reference searches for the pattern tests: the definitions, by plain scans (no failure function).

For every period p the smallest start from which the family's relation holds to the end of the
table is the last violation plus one; a pattern is then the smallest start over the p that are
evidence enough (then the smallest p), or for lines on residue classes the smallest p (then its
start). Quadratic in the table's length: for small tables only.
"""

from __future__ import annotations

import math

import numpy as np

from sgstudio.core.patterns.sequence import enough


def _start(ok: np.ndarray) -> int:
    """The smallest i with ok[i:] all True."""
    bad = np.flatnonzero(~ok)
    return int(bad[-1]) + 1 if bad.size else 0


def reference(table) -> tuple[str, int, int] | None:
    """(group, n0, p) of the simplest pattern: group ``periodic`` (steps 0), ``saltus`` or ``linear``."""
    g = np.asarray(table, np.int64)
    size = g.size
    if size <= 24:
        return None
    best = None
    for p in range(1, size):
        n0 = _start(g[p:] == g[:-p])
        if enough(n0, p, p, size) and (best is None or n0 < best[0]):
            best = (n0, p)
    if best is not None:
        return ("periodic", *best)
    for p in range(1, size - 1):
        diff = g[p:] - g[:-p]
        n0 = _start(diff == diff[-1])
        if enough(n0, p, p + 1, size) and (best is None or n0 < best[0]):
            best = (n0, p)
    if best is not None:
        return ("saltus", *best)
    for p in range(1, size // 4 + 1):
        n0 = _start(g[2 * p:] - 2 * g[p:-p] + g[: -2 * p] == 0)
        if enough(n0, p, 2 * p, size):
            return ("linear", n0, p)
    return None


def group(family: str) -> str:
    """The reference's group of a family name."""
    return {"constant": "periodic", "periodic": "periodic", "saltus": "saltus", "n_plus": "saltus"}.get(
        family, family)


def wythoff_p_positions(limit: int) -> set[tuple[int, int]]:
    """Wythoff's P-positions with both coordinates below ``limit`` by his construction (no irrational
    number): a_n = the least number not among a_i, b_i (i < n), b_n = a_n + n."""
    used: set[int] = set()
    out: set[tuple[int, int]] = set()
    a, n = 0, 0
    while a < limit:
        while a in used:
            a += 1
        b = a + n
        used.update((a, b))
        if b < limit:
            out.update({(a, b), (b, a)})
        n += 1
    return out


def as_function(expr: str, names: str = "n"):
    """The pasted Python line as a function of ``names`` (compiled once; ``math`` available)."""
    code = compile(expr, "<pattern>", "eval")
    keys = names.split(",")

    def call(*args):
        return eval(code, {"math": math, **dict(zip(keys, args, strict=True))})

    return call
