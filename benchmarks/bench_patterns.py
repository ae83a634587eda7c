"""The pattern finder on tables of 10^6 values (target: under a second), against a naive search.

1. ``find_pattern`` on four tables of 10^6 values: random (every family searched, none fits), Kayles
   (0.77: periodic, found first), split-nim (n plus a correction: found by the differences), and a
   planted pattern linear on the residue classes mod 5 (the last family). Best of 3, after one
   warm-up call (which loads the compiled kernels from numba's cache, or compiles them once).
2. Baseline, measured in the same run: the naive quadratic period search (for every p, compare the
   whole table with itself shifted by p: the reference of the tests) on a table of 20,000 values,
   scaled by (10^6 / 20,000)^2 to 10^6 values; and the same naive search run on 10^6 values with
   p only up to 200, scaled linearly to p up to N / 3.
3. Two-number tables: Wythoff's 1000 x 1000 table (P-positions on Beatty pairs) by a plain mex is
   too slow to build here, so its P-positions are planted; and 1000 x 1000 x XOR y.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import common
import numpy as np

from sgstudio.core.patterns.report import find_pattern
from sgstudio.core.patterns.surd import Surd
from sgstudio.games.splitnim.closed import closed_form_array
from sgstudio.games.takebreak.game import TakeBreakGame

N = 10**6
SMALL = 20_000


def tables() -> dict[str, np.ndarray]:
    rng = np.random.default_rng(24)
    n = np.arange(N, dtype=np.int64)
    slopes, offsets = np.array([1, 3, 2, 5, 4]), np.array([0, 2, 1, 7, 3])
    linear = slopes[n % 5] * n + offsets[n % 5]
    linear[:40] = rng.integers(0, 50, 40)
    return {
        "random values 0..7": rng.integers(0, 8, N),
        "Kayles 0.77": TakeBreakGame("0.77").values(N).astype(np.int64),
        "split-nim split:3": closed_form_array(n, 3),
        "linear on residues mod 5": linear,
    }


def naive_period(g: np.ndarray, pmax: int) -> tuple[int, int] | None:
    """The plain search: for every p, the smallest start of the run g(n + p) = g(n) to the end."""
    best = None
    for p in range(1, pmax + 1):
        bad = np.flatnonzero(g[p:] != g[:-p])
        n0 = int(bad[-1]) + 1 if bad.size else 0
        if g.size - n0 >= 3 * p + 24 and 2 * (g.size - n0) >= g.size and (best is None or n0 < best[0]):
            best = (n0, p)
    return best


def wythoff_mask(side: int) -> np.ndarray:
    g = np.ones((side, side), np.int64)
    phi, phi2 = Surd(1, 1, 5, 2), Surd(3, 1, 5, 2)
    n = 0
    while phi.floor_times(n) < side:
        a, b = phi.floor_times(n), phi2.floor_times(n)
        if b < side:
            g[a, b] = g[b, a] = 0
        n += 1
    return g


def main() -> None:
    for name, g in tables().items():
        start = time.perf_counter()
        report = find_pattern(g)
        first = time.perf_counter() - start
        best = common.best_of(lambda g=g: find_pattern(g))
        pattern = report.pattern
        what = "no pattern" if pattern is None else \
            f"{pattern.family} p={pattern.period} n0={pattern.preperiod}"
        print(f"find_pattern, {name}, 10^6 values: {best:.3f} s (first call {first:.3f} s) -> {what}")
    g = tables()["random values 0..7"]
    small = common.best_of(lambda: naive_period(g[:SMALL], SMALL // 3), repeat=1)
    scaled = small * (N / SMALL) ** 2
    print(f"baseline: naive quadratic period search, {SMALL:,} values: {small:.3f} s; scaled to 10^6 values: "
          f"{scaled:.0f} s")
    short = common.best_of(lambda: naive_period(g, 200), repeat=1)
    print(f"baseline: naive search on 10^6 values, p <= 200: {short:.3f} s; scaled to p <= N/3: "
          f"{short * (N // 3) / 200:.0f} s")
    ours = common.best_of(lambda: find_pattern(g))
    print(f"ratio on random 10^6 values: sgstudio {ours:.3f} s vs naive (scaled) {scaled:.0f} s: "
          f"{scaled / ours:,.0f}x faster")
    for name, table in (("Wythoff (planted P-positions), 1000 x 1000", wythoff_mask(1000)),
                        ("x XOR y, 1000 x 1000", np.bitwise_xor(*np.indices((1000, 1000))))):
        best = common.best_of(lambda t=table: find_pattern(t))
        print(f"find_pattern, {name}: {best:.3f} s -> {find_pattern(table).formula()}")


if __name__ == "__main__":
    main()
