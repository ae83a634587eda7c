"""Write the two 200,000-vertex HDU 1524 files of issue 14 (and, on request, a 2,000,000-vertex one).

- ``big-random.txt``: a random DAG of 200,000 positions and 10^6 distinct edges u -> v with u < v
  (every pair equally likely, so the graph is deep and its edges long), and 10^5 queries of 1..10
  tokens;
- ``big-chain.txt``: a chain-like DAG of 2 * 10^5 positions: i -> i+1 for every i, plus a short jump
  i -> i+2..i+5 from every third position, and 10 queries;
- ``huge-random.txt`` (``--huge``): 2,000,000 positions, 10^7 edges, 10 queries;
- ``big-cyclic.txt`` (``--cyclic``): a random directed graph with cycles (a loopy game: issue 13)
  of 200,000 positions, 10^6 distinct edges u -> v, u != v, in either direction, 10^4 queries;
  opened as a loopy game (``sgstudio solve hdu1524 --loopy``, or the window's "open it as a loopy
  game?").

The files are large (the random one is about 8 MB) and never committed: rebuild them with
``python benchmarks/make_big_graphs.py [OUT_DIR] [--huge]`` (default OUT_DIR: ``benchmarks/_big``).
Deterministic for a given seed. The arrays are made with numpy; the text is written in blocks.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

DEFAULT_DIR = Path(__file__).resolve().parent / "_big"


def random_dag(n: int, m: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """m distinct edges u -> v, u < v, drawn uniformly among all such pairs; sorted by (u, v)."""
    keys = np.zeros(0, np.int64)
    while keys.size < m:
        u = rng.integers(0, n, size=2 * m)
        v = rng.integers(0, n, size=2 * m)
        keep = u != v
        lo, hi = np.minimum(u, v)[keep], np.maximum(u, v)[keep]
        keys = np.unique(np.concatenate([keys, lo * n + hi]))
    keys = rng.permutation(keys)[:m]
    keys.sort()
    return keys // n, keys % n


def random_digraph(n: int, m: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """m distinct edges u -> v, u != v, drawn uniformly among all ordered pairs (cycles of every
    length); sorted by (u, v)."""
    keys = np.zeros(0, np.int64)
    while keys.size < m:
        u = rng.integers(0, n, size=2 * m)
        v = rng.integers(0, n, size=2 * m)
        keep = u != v
        keys = np.unique(np.concatenate([keys, u[keep] * n + v[keep]]))
    keys = rng.permutation(keys)[:m]
    keys.sort()
    return keys // n, keys % n


def chain_dag(n: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """i -> i+1 for every i, and from every third i a jump of 2..5 (kept inside 0..n-1)."""
    steps_src = np.arange(n - 1, dtype=np.int64)
    jump_src = np.arange(0, n, 3, dtype=np.int64)
    jump_dst = jump_src + rng.integers(2, 6, size=jump_src.size)
    inside = jump_dst < n
    src = np.concatenate([steps_src, jump_src[inside]])
    dst = np.concatenate([steps_src + 1, jump_dst[inside]])
    order = np.lexsort((dst, src))
    return src[order], dst[order]


def queries(n: int, count: int, rng: np.random.Generator) -> list[np.ndarray]:
    """``count`` queries of 1..10 token positions each."""
    sizes = rng.integers(1, 11, size=count)
    flat = rng.integers(0, n, size=int(sizes.sum()))
    return np.split(flat, np.cumsum(sizes)[:-1])


def hdu1524_text(n: int, src: np.ndarray, dst: np.ndarray, asked: list[np.ndarray]) -> str:
    """One HDU 1524 test case: n, the n successor lists (edges sorted by tail), the queries, 0."""
    counts = np.bincount(src, minlength=n)
    starts = np.concatenate([[0], np.cumsum(counts)])
    heads = dst.tolist()
    lines = [str(n)]
    for u in range(n):
        a, b = starts[u], starts[u + 1]
        lines.append(" ".join(map(str, [b - a, *heads[a:b]])))
    lines += [" ".join(map(str, [len(q), *q.tolist()])) for q in asked]
    lines.append("0")
    return "\n".join(lines) + "\n"


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="ascii")
    print(f"{path}: {len(text) / 1e6:.1f} MB", file=sys.stderr)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default=str(DEFAULT_DIR))
    parser.add_argument("--huge", action="store_true", help="also the 2,000,000-vertex file")
    parser.add_argument("--cyclic", action="store_true", help="also the 200,000-vertex graph with cycles")
    parser.add_argument("--seed", type=int, default=14)
    args = parser.parse_args(argv)
    out, rng = Path(args.out), np.random.default_rng(args.seed)
    n = 200_000
    src, dst = random_dag(n, 1_000_000, rng)
    write(out / "big-random.txt", hdu1524_text(n, src, dst, queries(n, 100_000, rng)))
    src, dst = chain_dag(n, rng)
    write(out / "big-chain.txt", hdu1524_text(n, src, dst, queries(n, 10, rng)))
    if args.cyclic:
        src, dst = random_digraph(n, 1_000_000, rng)
        write(out / "big-cyclic.txt", hdu1524_text(n, src, dst, queries(n, 10_000, rng)))
    if args.huge:
        n = 2_000_000
        src, dst = random_dag(n, 10_000_000, rng)
        write(out / "huge-random.txt", hdu1524_text(n, src, dst, queries(n, 10, rng)))


if __name__ == "__main__":
    main()
