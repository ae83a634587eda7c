"""The n x 20 board (HDU 5724): the Grundy table kernel and `sgstudio solve hdu5724` against C++.

1. ``compute_grundy_table(20)`` (numba, compiled code loaded from the cache) vs the same sweep in
   C++ (benchmarks/cpp/board_table.cpp), best of several runs each, both timed inside the process.
2. How a fresh process gets the 20-wide table: loading the shipped .npy (what the CLI does) vs
   importing numba and running the kernel.
3. ``sgstudio solve hdu5724`` on a judge-maximum file (T = 100, n = 1000, random rows) vs a C++
   solver (benchmarks/cpp/board_solve.cpp, which computes the table at start), whole processes.
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import common

from sgstudio.games.board import game as board


def judge_max_file() -> Path:
    """T = 100 tests of n = 1000 rows, each row a random set of columns (seeded)."""
    path = common.BUILD / "hdu5724_max.txt"
    common.BUILD.mkdir(exist_ok=True)
    rng = random.Random(5724)
    lines = ["100"]
    for _ in range(100):
        lines.append("1000")
        for _ in range(1000):
            columns = rng.sample(range(1, 21), rng.randint(0, 20))
            lines.append(" ".join(map(str, (len(columns), *columns))))
    path.write_text("\n".join(lines) + "\n")
    return path


def bench_table(width: int, repeat: int) -> None:
    board.compute_grundy_table(width)  # compile (or load the numba cache) outside the timing
    ours = common.best_of(lambda: board.compute_grundy_table(width), repeat)
    exe = common.compile_cpp("board_table")
    cpp = None
    if exe is not None:
        out = subprocess.run([str(exe), str(width), str(repeat)], capture_output=True, text=True, check=True)
        cpp = float(out.stdout.split()[0])
    common.report(f"grundy table, width {width} (kernel, best of {repeat})", ours, cpp)


def bench_table_in_fresh_process() -> None:
    load = "from sgstudio.games.board import game as board; board.grundy_table(20)"
    compute = "from sgstudio.games.board import game as board; board.compute_grundy_table(20)"
    t_load = common.run_timed([sys.executable, "-c", load])
    t_compute = common.run_timed([sys.executable, "-c", compute])
    t_bare = common.run_timed([sys.executable, "-c", "import numpy"])
    print(f"fresh process with the 20-wide table: load shipped .npy {t_load:.4f} s, "
          f"import numba + kernel {t_compute:.4f} s (python + numpy alone {t_bare:.4f} s)")


def bench_solve() -> None:
    path = judge_max_file()
    cmd = common.python_cmd("solve", "hdu5724", str(path))
    ours = common.run_timed(cmd, repeat=5)
    exe = common.compile_cpp("board_solve")
    cpp = None
    if exe is not None:
        cpp = common.run_timed([str(exe)], stdin_path=path, repeat=5)
        with open(path, "rb") as stdin:
            expected = subprocess.run([str(exe)], stdin=stdin, capture_output=True, check=True).stdout
        got = subprocess.run(cmd, capture_output=True, check=True).stdout
        print(f"outputs agree: {got == expected} ({got.count(b'YES')} YES, {got.count(b'NO')} NO)")
    size = path.stat().st_size / 2**20
    common.report(f"sgstudio solve hdu5724, T=100 n=1000 ({size:.1f} MiB, start included, best of 5)",
                  ours, cpp)


def main() -> None:
    bench_table(20, repeat=7)
    bench_table(24, repeat=2)
    bench_table_in_fresh_process()
    bench_solve()


if __name__ == "__main__":
    main()
