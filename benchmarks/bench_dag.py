"""grundy_values against two C++ algorithms, compared with the faster of the two.

- benchmarks/cpp/dag.cpp: reverse Kahn with predecessor slots (what the numpy level steps and
  the cycle diagnosis of sgstudio.games.graph.dag.kernels still do);
- benchmarks/cpp/dag_csr.cpp: CSR successor lists by counting sort, Kahn's order, values in
  reverse topological order with a stamp array (what grundy_values does now).

Graphs: a random DAG with 10^6 vertices and 5x10^6 edges, a chain-like DAG of depth 10^6 (edges
i -> i+1 plus four short jumps forward per vertex, also 5x10^6 edges) and a bare chain of 10^6.
All get the same int64 arrays (C++ reads them from a binary file) and time only the computation
(process start and reading excluded). Each side runs REPEAT times per round, in ROUNDS rounds
that alternate the three, and the best time is kept: the machine may be shared, and the best of
many runs is the figure least disturbed by other load. A checksum of the values must agree.
Also shows the numpy level-step path that the CLI uses for large shallow graphs.
Run: .venv/bin/python benchmarks/bench_dag.py
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

from sgstudio.games.graph.dag.game import grundy_values, grundy_values_levels


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


REPEAT, ROUNDS = 5, 3


def run_cpp(exe: Path, path: str, values: np.ndarray, name: str) -> float:
    out = subprocess.run([str(exe), path, str(REPEAT)], capture_output=True, text=True, check=True)
    t, cpp_sum, _ = out.stdout.split()
    if int(cpp_sum) != checksum(values):
        print(f"{name}: VALUES DIFFER from {exe.name}")
    return float(t)


def compare(name: str, n: int, src: np.ndarray, dst: np.ndarray, exes: dict[str, Path]) -> None:
    grundy_values(n, src[:10], dst[:10])  # load the compiled kernel (not timed)
    values = grundy_values(n, src, dst)
    ours, base = float("inf"), dict.fromkeys(exes, float("inf"))
    with tempfile.NamedTemporaryFile(suffix=".bin") as f:
        f.write(np.array([n, src.size], np.int64).tobytes())
        f.write(src.astype(np.int64).tobytes())
        f.write(dst.astype(np.int64).tobytes())
        f.flush()
        for _ in range(ROUNDS):
            ours = min(ours, common.best_of(lambda: grundy_values(n, src, dst), REPEAT))
            for label, exe in exes.items():
                base[label] = min(base[label], run_cpp(exe, f.name, values, name))
    fastest = min(base, key=base.get) if base else None
    common.report(f"{name} (n={n}, m={src.size})", ours, base[fastest] if fastest else None)
    for label, t in base.items():
        faster = " (the faster)" if label == fastest else ""
        print(f"  C++ {label}: {t:.4f} s, sgstudio / it = {ours / t:.2f}x{faster}")
    levels = common.best_of(lambda: grundy_values_levels(n, src, dst), repeat=1)
    print(f"  numpy level steps: {levels:.4f} s"
          + ("" if grundy_values_levels(n, src, dst) is not None else " (gave up: too deep)"))


def main() -> None:
    rng = np.random.default_rng(2024)
    exes = {label: exe for label, exe in (("predecessor slots", common.compile_cpp("dag")),
                                          ("CSR + Kahn", common.compile_cpp("dag_csr"))) if exe}
    n = 10**6
    compare("random DAG", n, *random_dag(n, 5 * n, rng), exes)
    compare("chain-like DAG, depth 10^6", n, *chain_like(n, 4, rng), exes)
    compare("chain, depth 10^6", n, *chain_like(n, 0, rng), exes)


if __name__ == "__main__":
    main()
