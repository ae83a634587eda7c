"""Take-and-break values: `sgstudio values` against a naive C++ evaluator, and Grundy's game to 10^7.

1. ``sgstudio values grundy 100000`` and ``sgstudio values 0.007 100000`` as whole processes (start,
   imports and the cached numba kernels included) against benchmarks/cpp/takebreak_naive.cpp (mex
   over every option, O(n) per heap, g++ -O2), best of 3 wall times in the same run; outputs compared
   byte for byte. The target is at most 0.5x the C++ time (moonshot 0.1x). CPU times are printed too:
   on a loaded machine they are the steadier figure.
2. Grundy's game to 10^7 values in a fresh process: wall time, peak memory (the child's maximum
   resident set), the method, the mask, and the rare heaps found, against the count Flammenkamp
   publishes (1287 rare values known for Grundy's game).

Run: ``.venv/bin/python benchmarks/bench_takebreak.py [--skip-big]``
"""

from __future__ import annotations

import resource
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import common

N = 100_000
BIG = 10**7
PUBLISHED_RARE = 1287  # Flammenkamp, "Sprague-Grundy Values of Grundy's Game": rare values known

BIG_SCRIPT = f"""
import resource, time
from sgstudio.core.games.takebreak_rules import parse_rule
from sgstudio.core.games.takebreak_values import ValueTable
start = time.perf_counter()
table = ValueTable(parse_rule("grundy"))
values = table.values({BIG})
seconds = time.perf_counter() - start
rare = table.rare_heaps()
print(seconds, table.method, hex(table.mask), table.rho, rare.size, int(rare[-1]) if rare.size else -1,
      int(values.max()), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def timed(cmd: list[str], repeat: int = 3) -> tuple[float, float]:
    """Best wall time and best CPU time (user + system of the child) of a whole process."""
    walls, cpus = [], []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return min(walls), min(cpus)


def bench_values(exe: Path | None, rule: str) -> None:
    ours_cmd = common.python_cmd("values", rule, str(N))
    ours_out = subprocess.run(ours_cmd, capture_output=True, check=True).stdout  # also warms the cache
    ours_wall, ours_cpu = timed(ours_cmd)
    if exe is None:
        common.report(f"sgstudio values {rule} {N}", ours_wall, None)
        return
    cpp_out = subprocess.run([str(exe), rule, str(N)], capture_output=True, check=True).stdout
    print(f"values {rule} {N}: outputs equal: {ours_out == cpp_out}")
    cpp_wall, cpp_cpu = timed([str(exe), rule, str(N)])
    common.report(f"sgstudio values {rule} {N} (wall, start included)", ours_wall, cpp_wall)
    print(f"  CPU time: sgstudio {ours_cpu:.3f} s, C++ {cpp_cpu:.3f} s, ratio {ours_cpu / cpp_cpu:.2f}x")


def bench_big() -> None:
    out = subprocess.run([sys.executable, "-c", BIG_SCRIPT], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parent.parent).stdout.split()
    seconds, method, mask, rho, rare, last, top, peak_kb = out
    print(f"Grundy's game, {BIG:,} values: {float(seconds):.1f} s, peak memory {int(peak_kb) / 1024:.0f} MB "
          f"(the process's maximum resident set), method {method}, mask {mask} (rare: parity {rho}), "
          f"largest value {top}")
    print(f"  rare heaps found below {BIG:,}: {rare} (the largest {last}); "
          f"Flammenkamp publishes {PUBLISHED_RARE} rare values known for Grundy's game")


def main() -> None:
    exe = common.compile_cpp("takebreak_naive")
    for rule in ("grundy", "0.007"):
        bench_values(exe, rule)
    floor_wall, floor_cpu = timed([sys.executable, "-c", "import numpy, numba"])
    print(f"floor of a Python process: start + import numpy, numba {floor_wall:.3f} s wall, "
          f"{floor_cpu:.3f} s CPU")
    if "--skip-big" not in sys.argv:
        bench_big()


if __name__ == "__main__":
    main()
