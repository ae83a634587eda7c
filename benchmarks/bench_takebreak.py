"""Take-and-break values: `sgstudio values` against a naive C++ evaluator, and Grundy's game to 10^7.

1. ``sgstudio values grundy 100000`` and ``sgstudio values 0.007 100000`` as whole processes (start,
   imports and the cached numba kernels included) against benchmarks/cpp/takebreak_naive.cpp (mex
   over every option, O(n) per heap, g++ -O2), best and median of 5 wall times, interleaved, in the
   same run; outputs compared byte for byte. The target is at most 0.5x the C++ time (moonshot
   0.1x). CPU times are printed too: on a loaded machine they are the steadier figure. The kernels
   compiled ahead of time (sgstudio.core.compiled) are built first when missing, as
   ``make bench`` does, and the package's bytecode is compiled (as an installed package has it; an
   editable install run with PYTHONDONTWRITEBYTECODE=1, as here, would compile every module at each
   start, some 20 ms). Then the floor every such process pays: Python and numpy imported, one
   kernel loaded, from the build and (for comparison) through numba.
2. Grundy's game to 10^7 values in a fresh process: wall time, peak memory (the child's maximum
   resident set), the method, the mask, and the rare heaps found, against the count Flammenkamp
   publishes (1287 rare values known for Grundy's game).

Run: ``.venv/bin/python benchmarks/bench_takebreak.py [--skip-big]``
"""

from __future__ import annotations

import compileall
import resource
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import common

from sgstudio.games.takebreak import aot as takebreak_aot

N = 100_000
BIG = 10**7
REPEAT = 5
PUBLISHED_RARE = 1287  # Flammenkamp, "Sprague-Grundy Values of Grundy's Game": rare values known

FLOOR = ("from sgstudio.games.takebreak.kernels import {fn}\n"  # the built kernels, or numba's
         "import numpy as np\n"                                    # (its first call costs as much
         "{fn}('runs')(np.zeros(8, np.uint32), 8, 2, 0, 0, 1)\n")  # as its import)

BIG_SCRIPT = f"""
import resource, time
from sgstudio.games.takebreak.parse import parse_rule
from sgstudio.games.takebreak.values import ValueTable
start = time.perf_counter()
table = ValueTable(parse_rule("grundy"))
values = table.values({BIG})
seconds = time.perf_counter() - start
rare = table.rare_heaps()
print(seconds, table.method, hex(table.mask), table.rho, rare.size, int(rare[-1]) if rare.size else -1,
      int(values.max()), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def timed(cmd: list[str], repeat: int = REPEAT) -> tuple[list[float], list[float]]:
    """Wall times and CPU times (user + system of the child) of ``repeat`` runs of a whole process."""
    walls, cpus = [], []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return walls, cpus


def bench_values(exe: Path | None, rule: str) -> None:
    ours_cmd = common.python_cmd("values", rule, str(N))
    ours_out = subprocess.run(ours_cmd, capture_output=True, check=True).stdout  # also warms the cache
    if exe is None:
        common.report(f"sgstudio values {rule} {N}", min(timed(ours_cmd)[0]), None)
        return
    cpp_out = subprocess.run([str(exe), rule, str(N)], capture_output=True, check=True).stdout
    print(f"values {rule} {N}: outputs equal: {ours_out == cpp_out}")
    ours, base = ([], []), ([], [])
    for _ in range(REPEAT):  # interleaved, so that a burst of load hits both
        for runs, cmd in ((ours, ours_cmd), (base, [str(exe), rule, str(N)])):
            wall, cpu = timed(cmd, 1)
            runs[0].extend(wall)
            runs[1].extend(cpu)
    common.report(f"sgstudio values {rule} {N} (wall, start included, best of {REPEAT})", min(ours[0]),
                  min(base[0]))
    print(f"  median wall: sgstudio {common.median(ours[0]):.3f} s, C++ {common.median(base[0]):.3f} s, "
          f"ratio {common.median(ours[0]) / common.median(base[0]):.2f}x")
    print(f"  best CPU time: sgstudio {min(ours[1]):.3f} s, C++ {min(base[1]):.3f} s, "
          f"ratio {min(ours[1]) / min(base[1]):.2f}x")


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
    began = time.perf_counter()
    built = (takebreak_aot.module_path().exists(), takebreak_aot.ensure_built())
    print(f"kernels compiled ahead of time: {built[1].name}"
          + ("" if built[0] else f" (built now, {time.perf_counter() - began:.0f} s)"))
    compileall.compile_dir(Path(takebreak_aot.__file__).parents[2], quiet=1)
    exe = common.compile_cpp("takebreak_naive")
    for rule in ("grundy", "0.007"):
        bench_values(exe, rule)
    for fn, what in (("kernel", "the built kernels"), ("jitted", "numba and its cached kernel")):
        walls, cpus = timed([sys.executable, "-c", FLOOR.format(fn=fn)])
        print(f"floor of a Python process: start, import numpy, load {what}: {min(walls):.3f} s wall "
              f"(median {common.median(walls):.3f} s), {min(cpus):.3f} s CPU")
    if "--skip-big" not in sys.argv:
        bench_big()


if __name__ == "__main__":
    main()
