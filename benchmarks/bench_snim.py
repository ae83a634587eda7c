"""S-Nim (HDU 1536): the values kernel and `sgstudio solve hdu1536` against C++.

1. ``SubtractionGame(S).values(10**7 + 1)`` for 100 scattered members in 5..958 (numba kernel,
   compiled code loaded from the cache) vs the same stamp-and-mex loop in C++
   (benchmarks/cpp/snim_values.cpp); both best of 3, timed inside the process, checksums compared.
2. ``sgstudio solve hdu1536`` on a judge-maximum file (20 cases of k = m = l = 100, members and heaps
   up to 10^4, seeded) vs a plain C++ solver (benchmarks/cpp/snim_solve.cpp), whole processes, start
   included; outputs compared. Also a variant whose sets all contain 1 (the numpy path cannot batch
   there, so the JIT is loaded), and the floor of any Python answer: an interpreter importing numpy.

Run: ``.venv/bin/python benchmarks/bench_snim.py``
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import common
import numpy as np

from sgstudio.games.snim.game import SubtractionGame


def scattered_set() -> list[int]:
    """100 members in 5..958, both ends included (seeded)."""
    rng = random.Random(1536)
    return sorted({5, 958} | set(rng.sample(range(6, 958), 98)))


def bench_values() -> None:
    members = scattered_set()
    n = 10**7 + 1
    SubtractionGame(members).values(300_000)  # load the compiled kernel from the cache
    ours = common.best_of(lambda: SubtractionGame(members).values(n), 3)
    checksum = int(SubtractionGame(members).values(n).sum(dtype=np.int64))
    exe = common.compile_cpp("snim_values")
    baseline = None
    if exe is not None:
        cmd = [str(exe), str(n), *map(str, members)]
        out = subprocess.run(cmd, capture_output=True, text=True, check=True)
        seconds, cpp_checksum = out.stdout.split()
        baseline = float(seconds)
        print(f"checksums: sgstudio {checksum}, C++ {cpp_checksum}, equal: {checksum == int(cpp_checksum)}")
    common.report(f"values(10**7 + 1), |S| = {len(members)} in 5..958", ours, baseline)


def judge_max_file(name: str, with_one: bool) -> Path:
    """20 cases, k = m = l = 100, members in 1..10^4 and heaps in 0..10^4 (seeded)."""
    rng = random.Random(1536 + with_one)
    lines = []
    for _ in range(20):
        members = [rng.randint(1, 10**4) for _ in range(99)] + [1 if with_one else rng.randint(1, 10**4)]
        lines += [" ".join(map(str, (100, *members))), "100"]
        lines += [" ".join(map(str, (100, *(rng.randint(0, 10**4) for _ in range(100))))) for _ in range(100)]
    lines.append("0")
    common.BUILD.mkdir(exist_ok=True)
    path = common.BUILD / name
    path.write_text("\n".join(lines) + "\n")
    return path


def bench_solve(path: Path, label: str) -> None:
    exe = common.compile_cpp("snim_solve")
    ours_cmd = common.python_cmd("solve", "hdu1536", str(path))
    ours_out = subprocess.run(ours_cmd, capture_output=True, text=True, check=True).stdout
    baseline = None
    if exe is not None:
        with open(path, "rb") as stdin:
            cpp_out = subprocess.run([str(exe)], stdin=stdin, capture_output=True, check=True).stdout.decode()
        print(f"{label}: outputs equal: {ours_out == cpp_out} ({len(ours_out.splitlines())} lines)")
        baseline = common.run_timed([str(exe)], stdin_path=path, repeat=5)
    ours = common.run_timed(ours_cmd, repeat=5)
    common.report(f"sgstudio solve hdu1536, {label}", ours, baseline)


def main() -> None:
    bench_values()
    bench_solve(judge_max_file("hdu1536_max.txt", False), "judge maximum (20 x k = m = l = 100)")
    bench_solve(judge_max_file("hdu1536_max_one.txt", True), "judge maximum, every S contains 1")
    floor = common.run_timed([sys.executable, "-c", "import numpy"], repeat=5)
    print(f"floor of a Python process: start + import numpy {floor:.4f} s")


if __name__ == "__main__":
    main()
