"""`sgstudio solve hdu1524` against a C++ solver (benchmarks/cpp/hdu1524.cpp), whole processes.

The input: 200,000 positions, 10^6 random edges oriented along a random order (a DAG), 10^5
queries of 1..10 tokens. Both programs read it on standard input; wall time includes process
start; best of 3 after one warm-up run each (the warm-up also fills numba's cache if the CLI
needs it). Outputs must be identical. Run: .venv/bin/python benchmarks/bench_cli_hdu1524.py
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
import common


def make_input(path: Path, n: int = 200_000, m: int = 1_000_000, q: int = 100_000) -> None:
    rng = np.random.default_rng(1524)
    a = rng.integers(0, n, m)
    b = rng.integers(0, n - 1, m)
    b += b >= a
    perm = rng.permutation(n)
    src, dst = perm[np.minimum(a, b)], perm[np.maximum(a, b)]
    order = np.argsort(src, kind="stable")
    src, dst = src[order], dst[order]
    bounds = np.concatenate(([0], np.cumsum(np.bincount(src, minlength=n)))).tolist()
    flat = dst.tolist()
    lines = [str(n)]
    for i in range(n):
        lines.append(" ".join(map(str, [bounds[i + 1] - bounds[i], *flat[bounds[i]:bounds[i + 1]]])))
    sizes = rng.integers(1, 11, q).tolist()
    tokens = rng.integers(0, n, sum(sizes)).tolist()
    at = 0
    for k in sizes:
        lines.append(" ".join(map(str, [k, *tokens[at:at + k]])))
        at += k
    lines.append("0")
    path.write_text("\n".join(lines) + "\n")


def output_of(cmd: list[str], path: Path) -> bytes:
    with open(path, "rb") as stdin:
        return subprocess.run(cmd, stdin=stdin, capture_output=True, check=True).stdout


def main() -> None:
    exe = common.compile_cpp("hdu1524")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "hdu1524_big.txt"
        make_input(path)
        print(f"input: 200,000 positions, 10^6 edges, 10^5 queries, {path.stat().st_size / 1e6:.1f} MB")
        ours_cmd = common.python_cmd("solve", "hdu1524")
        ours_out = output_of(ours_cmd, path)
        ours = common.run_timed(ours_cmd, path)
        base = None
        if exe is not None:
            cpp_out = output_of([str(exe)], path)
            print("outputs identical:", ours_out == cpp_out, f"({len(ours_out.splitlines())} lines)")
            base = common.run_timed([str(exe)], path)
        common.report("sgstudio solve hdu1524 (wall, process start included)", ours, base)
        bare = common.run_timed([sys.executable, "-c", "import numpy"])
        print(f"  for scale: python -c 'import numpy' {bare:.4f} s")


if __name__ == "__main__":
    main()
