"""Incremental Grundy upkeep of GameGraph: time per edit, and an all-values edit vs a full recompute.

1. A random DAG with 10^5 vertices and 5x10^5 distinct edges (random pairs oriented along a hidden
   random order), built with GameGraph.from_edges. Then 3,000 rounds of: remove a random existing
   edge, add a random absent edge that respects the hidden order (so it never closes a cycle, but
   often runs against the model's own topological order and needs a Pearce–Kelly repair). Each
   add_edge/remove_edge call is timed alone (events included, nothing connected). Also timed:
   refused edges (random pairs against the hidden order that do close a cycle).
2. A chain-like DAG with 10^5 vertices (i -> i+1, i+3, i+5, i+7, i+9: about 5x10^5 edges; g(i) is
   the parity of the distance to the bottom): hanging a new sink under the bottom vertex flips
   every value. That edit (and removing the edge again, which
   changes every value back) against a full recompute of the same graph: the bulk kernel on the
   model's edge arrays (``GameGraph.recompute``-style: values written back and every changed vertex
   reported) and, for reference, the bare kernel on ready-made arrays.
3. The same random-edit sequence in C++ (benchmarks/cpp/incremental.cpp: same algorithms, hash-free
   vector adjacency), measured in this run, for a ratio.

Run: .venv/bin/python benchmarks/bench_incremental.py
"""

from __future__ import annotations

import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent))
import common

from sgstudio.core.errors import CycleError
from sgstudio.games.graph.dag.game import grundy_values
from sgstudio.games.graph.model import incremental
from sgstudio.games.graph.model.graph import GameGraph

N, M, ROUNDS, REFUSED = 100_000, 500_000, 3_000, 300


def random_dag(n: int, m: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """m distinct edges between random pairs, oriented along a hidden random order (returned)."""
    a = rng.integers(0, n, 2 * m)
    b = rng.integers(0, n - 1, 2 * m)
    b += b >= a
    key = np.unique(np.minimum(a, b) * n + np.maximum(a, b))
    key = rng.permutation(key)[:m]
    rank = rng.permutation(n)  # rank[v]: the hidden order
    vertex = np.argsort(rank)
    return rank, vertex[key // n], vertex[key % n]


def edit_script(rank: list[int], edges: list[tuple[int, int]], rnd: random.Random) -> list[tuple]:
    """ROUNDS pairs (edge to remove, edge to add) replayed identically by Python and C++."""
    present = set(edges)
    edges = list(edges)
    script = []
    for _ in range(ROUNDS):
        i = rnd.randrange(len(edges))
        gone = edges[i]
        edges[i] = edges[-1]
        edges.pop()
        present.discard(gone)
        while True:
            a, b = rnd.randrange(N), rnd.randrange(N)
            if rank[a] > rank[b]:
                a, b = b, a
            if a != b and (a, b) not in present:
                break
        present.add((a, b))
        edges.append((a, b))
        script.append((gone, (a, b)))
    return script


def timed(fn, *args) -> float:
    start = time.perf_counter()
    fn(*args)
    return time.perf_counter() - start


def stats(name: str, samples: list[float]) -> None:
    print(f"  {name}: median {common.median(samples) * 1e6:.1f} us, p99 "
          f"{common.percentile(samples, 99) * 1e6:.1f} us, max {max(samples) * 1e3:.2f} ms "
          f"({len(samples)} edits)")


def random_edits(rng: np.random.Generator) -> tuple[list[tuple], dict[str, float], Path]:
    rank, src, dst = random_dag(N, M, rng)
    pairs = list(zip(src.tolist(), dst.tolist(), strict=True))
    start = time.perf_counter()
    game = GameGraph.from_edges(N, pairs)
    print(f"random DAG: {N} vertices, {M} edges; GameGraph.from_edges {time.perf_counter() - start:.2f} s")
    script = edit_script(rank.tolist(), pairs, random.Random(7))
    fallbacks = _count_fallbacks()
    changed: list[int] = []
    game.values_changed.connect(lambda c: changed.append(len(c)))
    adds, removes = [], []
    for gone, new in script:
        removes.append(timed(game.remove_edge, *gone))
        adds.append(timed(game.add_edge, *new))
    print("random edits (remove a random edge, add a random order-respecting edge):")
    stats("add_edge", adds)
    stats("remove_edge", removes)
    stats("both", adds + removes)
    print(f"  values changed per edit: median {common.median(changed)}, max {max(changed)}; "
          f"bulk fallbacks {fallbacks()}")
    refused = []
    hidden = rank.tolist()
    rnd = random.Random(11)
    while len(refused) < REFUSED:
        a, b = rnd.randrange(N), rnd.randrange(N)
        if hidden[a] < hidden[b] and game.would_close_cycle(b, a) is not None:
            refused.append(timed(_refuse, game, b, a))
    stats("refused add_edge (closes a cycle)", refused)
    assert game.recompute() == {}, "incremental values disagree with the bulk kernel"
    figures = {"add": (common.median(adds), common.percentile(adds, 99)),
               "remove": (common.median(removes), common.percentile(removes, 99)),
               "checksum": sum(game.values().values())}
    return script, figures, _dump(pairs, script)


def cpp_baseline(figures: dict, path: Path) -> None:
    exe = common.compile_cpp("incremental")
    if exe is None:
        return
    out = subprocess.run([str(exe), str(path)], capture_output=True, text=True, check=True).stdout.split()
    add_med, add_p99, rem_med, rem_p99 = (float(x) * 1e-6 for x in out[:4])
    print("C++ baseline, same edit script and algorithms (no bulk fallback), "
          f"values {'agree' if int(out[4]) == figures['checksum'] else 'DISAGREE'}:")
    for name, (med, p99), (c_med, c_p99) in (("add_edge", figures["add"], (add_med, add_p99)),
                                             ("remove_edge", figures["remove"], (rem_med, rem_p99))):
        print(f"  {name}: C++ median {c_med * 1e6:.2f} us, p99 {c_p99 * 1e6:.1f} us; sgstudio/C++ "
              f"median {med / c_med:.1f}x, p99 {p99 / c_p99:.1f}x")


def _refuse(game: GameGraph, u: int, v: int) -> None:
    try:
        game.add_edge(u, v)
    except CycleError:
        return
    raise AssertionError("the edge should have been refused")


def _count_fallbacks():
    calls = [0]
    real = incremental.DagStore.recompute_all

    def counting(self):
        calls[0] += 1
        return real(self)
    incremental.DagStore.recompute_all = counting
    return lambda: calls[0]


def _dump(pairs: list[tuple[int, int]], script: list[tuple]) -> Path:
    path = Path(tempfile.mkdtemp()) / "edits.txt"
    lines = [f"{N} {len(pairs)} {len(script)}"]
    lines += [f"{u} {v}" for u, v in pairs]
    lines += [f"{a} {b} {c} {d}" for (a, b), (c, d) in script]
    path.write_text("\n".join(lines) + "\n")
    return path


def all_values_edit() -> None:
    n = N
    pairs = [(i, i + k) for i in range(n) for k in (1, 3, 5, 7, 9) if i + k < n]
    game = GameGraph.from_edges(n, pairs)
    sink = game.add_node()
    sizes: list[int] = []
    game.values_changed.connect(lambda c: sizes.append(len(c)))
    edits, full = [], []
    for _ in range(5):
        edits.append(timed(game.add_edge, n - 1, sink))
        edits.append(timed(game.remove_edge, n - 1, sink))
        full.append(timed(_full_recompute, game, game._dag.link, n - 1, sink))
        full.append(timed(_full_recompute, game, game._dag.unlink, n - 1, sink))
    assert min(sizes) >= n and game.recompute() == {}
    src = np.frombuffer(game._dag.src, dtype=np.int64).copy()
    dst = np.frombuffer(game._dag.dst, dtype=np.int64).copy()
    kernel = common.best_of(lambda: grundy_values(n + 1, src, dst), 5)
    edit, whole = common.median(edits), common.median(full)
    print(f"edit changing every value ({n + 1} vertices, {len(pairs) + 1} edges, "
          f"{min(sizes)} values change):")
    print(f"  add_edge/remove_edge at the bottom: median {edit * 1e3:.2f} ms")
    print(f"  same edit by full recompute (bulk kernel on the model, write back, report all): median "
          f"{whole * 1e3:.2f} ms; ratio {edit / whole:.2f}x")
    print(f"  bare kernel on ready arrays (no write back, no report): {kernel * 1e3:.2f} ms; "
          f"ratio {edit / kernel:.2f}x")


def _full_recompute(game: GameGraph, change, u: int, v: int) -> None:
    """The edit done the naive way: change the structure, recompute everything, report."""
    change(u, v)
    changed = game._dag.recompute_all()
    game.values_changed.emit(changed)


def main() -> None:
    rng = np.random.default_rng(2024)
    grundy_values(2, np.array([0]), np.array([1]))  # load the compiled kernel outside the timings
    _, figures, path = random_edits(rng)
    cpp_baseline(figures, path)
    all_values_edit()


if __name__ == "__main__":
    main()
