"""Subtraction games with an infinite S (sgstudio.games.snim.subtraction.engine) against C++ and
against Eppstein's published counts.

1. ``sgstudio values subtract:squares 5000000`` (process start, imports, the cached kernels and
   printing the 5*10^6 values included) against benchmarks/cpp/subtract_squares.cpp given ``all``,
   the naive evaluator (mex over every square, O(n sqrt n), g++ -O2), which prints the same line;
   outputs compared byte for byte. Best and median of REPEAT wall times each, interleaved, and the
   CPU times (steadier on a loaded machine, but the kernel runs on every core: wall is the figure).
   Target: ratio <= 0.5x, moonshot 0.1x.
2. Subtract-a-square to n = 26,215,013 (just past 2.6*10^7, to the table's entry 26,215,012): one
   process, wall time and peak memory (its own ru_maxrss); Eppstein's counts of losing positions
   checked at every table entry up to there. Target: under 60 s and 1 GB.
3. The losing positions alone (Eppstein's "winning set", by sieving) up to 104,857,942, the last
   table entry: time, and every count of the table.
4. Each method on each named set at one size, in process (the engine picks the one marked *).

The machine may be shared with other jobs: every figure is a best of several runs, and the ratios,
measured in the same session, are the figures to compare.
Run: .venv/bin/python benchmarks/bench_subtraction.py
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import common
import numpy as np

from sgstudio.games.snim.subtraction.engine import (
    choose_method,
    losing_positions,
    members_below,
    values,
)
from sgstudio.games.snim.subtraction.kernels import threads

N = 5_000_000
N_BIG = 26_215_013
REPEAT = 3
# Eppstein's table of subtract-a-square P-positions (11011110.github.io/blog/2016/11/16): C losing
# positions up to and including the losing position p, 0 counted.
TABLE = [(22, 109), (39, 204), (66, 425), (99, 827), (158, 1625), (255, 3209), (419, 6414),
         (682, 12812), (1087, 25647), (1752, 51202), (2821, 102517), (4497, 204817), (7436, 409687),
         (12068, 819267), (19659, 1638632), (31742, 3276892), (51489, 6553775), (83851, 13107272),
         (136858, 26215012), (221074, 52429275), (358248, 104857942)]

CHILD = """
import json, resource, sys, time
import numpy as np
from sgstudio.games.snim.subtraction.engine import values
from sgstudio.games.snim.subtraction.kernels import threads
n, table = int(sys.argv[1]), json.loads(sys.argv[2])
began = time.perf_counter()
g = values("squares", n)
seconds = time.perf_counter() - began
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # before the checks below
zero = np.flatnonzero(g == 0)
checksum = 0
for a in range(0, n, 1 << 22):
    part = g[a : a + (1 << 22)].astype(np.int64)
    checksum += int((part * (np.arange(a, a + part.size) % 1000 + 1)).sum())
out = {"losing": int(zero.size), "largest": int(g.max()), "seconds": seconds, "checksum": checksum,
       "counts": [int(np.searchsorted(zero, p, side="right")) for p in table if p < n],
       "is_losing": [bool(g[p] == 0) for p in table if p < n], "maxrss_mb": peak, "threads": threads()}
print(json.dumps(out))
"""


def engine_command(n: int, table: list[int] | None = None) -> list[str]:
    """The process that computes subtract-a-square's values g(0..n-1) with sgstudio."""
    return [sys.executable, "-c", CHILD, str(n), json.dumps(table or [])]


def run_engine(n: int, table: list[int] | None = None) -> dict:
    out = subprocess.run(engine_command(n, table), capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def timed(cmd: list[str]) -> tuple[float, float]:
    """Wall time and CPU time (user + system) of one whole process, its output discarded."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def bench_against_naive(exe: Path | None) -> None:
    ours_cmd = common.python_cmd("values", "subtract:squares", str(N))
    ours_out = subprocess.run(ours_cmd, capture_output=True, check=True).stdout  # also loads the cache
    runs: dict[str, list[tuple[float, float]]] = {"sgstudio": [], "C++": []}
    for _ in range(REPEAT):
        runs["sgstudio"].append(timed(ours_cmd))
        if exe is not None:
            runs["C++"].append(timed([str(exe), str(N), "all"]))
    for name, got in runs.items():
        if got:
            walls = [w for w, _ in got]
            print(f"  {name}: wall best {min(walls):.3f} s, median {common.median(walls):.3f} s; "
                  f"CPU best {min(c for _, c in got):.3f} s")
    if exe is None:
        common.report(f"sgstudio values subtract:squares {N}", min(w for w, _ in runs["sgstudio"]), None)
        return
    cpp_out = subprocess.run([str(exe), str(N), "all"], capture_output=True, check=True).stdout
    print(f"  outputs equal byte for byte: {ours_out == cpp_out} ({len(ours_out):,} bytes)")
    walls = {k: [w for w, _ in got] for k, got in runs.items()}
    common.report(f"sgstudio values subtract:squares {N:,} (wall, start included)", min(walls["sgstudio"]),
                  min(walls["C++"]))
    print(f"  median ratio {common.median(walls['sgstudio']) / common.median(walls['C++']):.2f}x; "
          f"{threads()} threads; target <= 0.5x, moonshot 0.1x")


def bench_big() -> None:
    table = [p for _, p in TABLE]
    began = time.perf_counter()
    result = run_engine(N_BIG, table)
    wall = time.perf_counter() - began
    expected = [c for c, p in TABLE if p < N_BIG]
    ok = result["counts"] == expected and all(result["is_losing"])
    print(f"subtract-a-square to n = {N_BIG:,}: {wall:.1f} s wall (values {result['seconds']:.1f} s), "
          f"peak memory {result['maxrss_mb']:.0f} MB, largest value {result['largest']}; "
          f"Eppstein's counts at {len(expected)} table entries agree: {ok}  (target < 60 s, < 1 GB)")


def bench_losing() -> None:
    n = TABLE[-1][1] + 1
    began = time.perf_counter()
    losing = losing_positions("squares", n)
    seconds = time.perf_counter() - began
    counts = [int(np.searchsorted(losing, p, side="right")) for _, p in TABLE]
    agree = counts == [c for c, _ in TABLE]
    print(f"losing positions of subtract-a-square below {n:,} by the sieve: {seconds:.1f} s, "
          f"{losing.size:,} of them; all {len(TABLE)} counts of the table agree: {agree}")


def bench_methods() -> None:
    print("each method in process (best of 2; * = the engine's choice):")
    for name, n, methods in [("squares", 10**6, ("plain", "blocked")),
                             ("triangular", 10**6, ("plain", "blocked")),
                             ("primes", 2 * 10**5, ("plain", "blocked", "classes")),
                             ("fibonacci", 10**7, ("plain", "blocked")),
                             ("factorials", 10**7, ("plain", "blocked"))]:
        chosen = choose_method(members_below(name, n), n)
        cells = []
        for method in methods:
            values(name, 5000, method=method)
            seconds = common.best_of(lambda s=name, k=n, m=method: values(s, k, method=m), 2)
            cells.append(f"{method}{'*' if method == chosen else ''} {seconds:.3f} s")
        print(f"  {name}, n = {n:,}: " + ", ".join(cells))


def main() -> None:
    exe = common.compile_cpp("subtract_squares")
    bench_against_naive(exe)
    bench_big()
    bench_losing()
    bench_methods()


if __name__ == "__main__":
    main()
