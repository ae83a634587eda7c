"""Split-nim (HDU 5795): `sgstudio solve hdu5795` against a C++ solver, and the constructive moves.

1. ``sgstudio solve hdu5795`` on a judge-maximum file (one test of 10^6 heaps, each in 1..10^9) vs
   benchmarks/cpp/splitnim_solve.cpp (the same closed-form XOR, fread input), whole processes,
   start included, best of 3 each; the two outputs are compared first.
2. In process: ``winning_moves`` of positions of 1,000 heaps below 10^30 (every winning take plus
   one constructive winning split per heap), and the computed table of parts = 4 (numba).
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import common

from sgstudio.games.splitnim.game import SplitNim, compute_table


def judge_max_file(heaps: int = 10**6) -> Path:
    """One test of ``heaps`` random heap sizes in 1..10^9 (seeded)."""
    path = common.BUILD / "hdu5795_max.txt"
    common.BUILD.mkdir(exist_ok=True)
    rng = random.Random(5795)
    sizes = " ".join(str(rng.randint(1, 10**9)) for _ in range(heaps))
    path.write_text(f"1\n{heaps}\n{sizes}\n")
    return path


def outputs_agree(exe: Path) -> bool:
    """Both solvers on 2,000 small random tests (heaps up to 10^9): byte-identical answers?"""
    rng = random.Random(7)
    lines = ["2000"]
    for _ in range(2000):
        n = rng.randint(1, 6)
        sizes = (rng.choice([rng.randint(1, 40), rng.randint(1, 10**9)]) for _ in range(n))
        lines += [str(n), " ".join(map(str, sizes))]
    text = "\n".join(lines) + "\n"
    ours = subprocess.run(common.python_cmd("solve", "hdu5795"), input=text, capture_output=True, text=True)
    cpp = subprocess.run([str(exe)], input=text, capture_output=True, text=True)
    return ours.stdout == cpp.stdout and ours.stdout.count("\n") == 2000


def bench_cli() -> None:
    path = judge_max_file()
    ours_cmd = common.python_cmd("solve", "hdu5795", str(path))
    exe = common.compile_cpp("splitnim_solve")
    cpp = None
    if exe is not None:
        print(f"outputs agree on 2,000 random tests: {outputs_agree(exe)}")
        cpp = common.run_timed([str(exe)], stdin_path=path)
    ours = common.run_timed(ours_cmd)
    common.report("sgstudio solve hdu5795, 10^6 heaps up to 10^9 (whole process, best of 3)", ours, cpp)


def bench_moves() -> None:
    rng = random.Random(1)
    game = SplitNim(3)
    positions = [tuple(rng.randrange(10**30) for _ in range(1000)) for _ in range(3)]
    count = [0]

    def run() -> None:
        count[0] = sum(len(game.winning_moves(p)) for p in positions)

    elapsed = common.best_of(run, 1)
    print(f"winning_moves, 3 positions of 1000 heaps < 10^30: {elapsed:.4f} s ({count[0]} moves)")
    compute_table(4, 256)  # compile or load the numba cache outside the timing
    for size in (1024, 2048):
        elapsed = common.best_of(lambda size=size: compute_table(4, size), 1)
        print(f"computed table, parts = 4, {size} heaps: {elapsed:.4f} s")


if __name__ == "__main__":
    bench_cli()
    bench_moves()
