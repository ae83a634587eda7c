"""grundy_values against the same reverse-Kahn algorithm in C++ (benchmarks/cpp/dag.cpp).

Graphs: a random DAG with 10^6 vertices and 5x10^6 edges, a chain-like DAG of depth 10^6 (edges
i -> i+1 plus four short jumps forward per vertex, also 5x10^6 edges) and a bare chain of 10^6.
Both sides get the same int64 arrays (C++ reads them from a binary file) and time only the
computation, best of 3; a checksum of the values must agree. Also shows the numpy level-step
path that the CLI uses for large shallow graphs. Run: .venv/bin/python benchmarks/bench_dag.py
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent))
import common

from sgstudio.core.games.dag import grundy_values, grundy_values_levels


def random_dag(n: int, m: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """m edges between random pairs, oriented along a random vertex order."""
    a = rng.integers(0, n, m)
    b = rng.integers(0, n - 1, m)
    b += b >= a  # no self-loops
    lo, hi = np.minimum(a, b), np.maximum(a, b)
    perm = rng.permutation(n)
    return perm[lo], perm[hi]


def chain_like(n: int, jumps: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """i -> i+1 for every i (depth n), plus ``jumps`` edges i -> i+k, k in 2..9, per vertex."""
    src = [np.arange(n - 1)]
    dst = [np.arange(1, n)]
    for _ in range(jumps):
        s = np.arange(n - 9)
        src.append(s)
        dst.append(s + rng.integers(2, 10, s.size))
    return np.concatenate(src), np.concatenate(dst)


def checksum(values: np.ndarray) -> int:
    return int((values * (np.arange(values.size) % 1000 + 1)).sum())


def compare(name: str, n: int, src: np.ndarray, dst: np.ndarray, exe: Path | None) -> None:
    grundy_values(n, src[:10], dst[:10])  # load the compiled kernel (not timed)
    ours = common.best_of(lambda: grundy_values(n, src, dst))
    values = grundy_values(n, src, dst)
    base = None
    if exe is not None:
        with tempfile.NamedTemporaryFile(suffix=".bin") as f:
            f.write(np.array([n, src.size], np.int64).tobytes())
            f.write(src.astype(np.int64).tobytes())
            f.write(dst.astype(np.int64).tobytes())
            f.flush()
            out = subprocess.run([str(exe), f.name, "3"], capture_output=True, text=True, check=True)
        t, cpp_sum, _ = out.stdout.split()
        base = float(t)
        if int(cpp_sum) != checksum(values):
            print(f"{name}: VALUES DIFFER from C++")
    common.report(f"{name} (n={n}, m={src.size})", ours, base)
    levels = common.best_of(lambda: grundy_values_levels(n, src, dst), repeat=1)
    print(f"  numpy level steps: {levels:.4f} s"
          + ("" if grundy_values_levels(n, src, dst) is not None else " (gave up: too deep)"))


def main() -> None:
    rng = np.random.default_rng(2024)
    exe = common.compile_cpp("dag")
    n = 10**6
    compare("random DAG", n, *random_dag(n, 5 * n, rng), exe)
    compare("chain-like DAG, depth 10^6", n, *chain_like(n, 4, rng), exe)
    compare("chain, depth 10^6", n, *chain_like(n, 0, rng), exe)


if __name__ == "__main__":
    main()
