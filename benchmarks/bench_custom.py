"""Games written in Python: exploring Wythoff's game, the engine's own time against the user's.

1. Exploring Wythoff's 400 x 400 positions (every position (a, b) with a, b < 400, reached from
   (399, 399); some 8.5·10^7 options). One run, in this process, ``options`` wrapped so that the
   time spent inside it (the generator run to its end: the user's code) is summed; the engine's
   own time is the rest (the dict of positions, the CSR rows, checking new positions). Target:
   engine <= 0.5 x user. Then the values (DAG kernel, numba loaded beforehand), the remoteness
   (retrograde pass), and the whole question through the API, the file's code in a worker
   (``Game.from_file(...).table(400, 400)``: start, exploration, transfer, values).
2. Memory per position explored: the rise of the resident memory of a fresh process across the
   exploration, divided by the positions; with the part of it that is the options (4 bytes each).
3. A chain of 10^6 positions (``options(n) = [n + 1]``): exploration and values.

Run: .venv/bin/python benchmarks/bench_custom.py [SIZE]
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent.parent))

from sgstudio.games.custom.examples import files

WYTHOFF = dict(files())["Wythoff"]


def wythoff_options():
    namespace: dict = {}
    with open(WYTHOFF, encoding="utf-8") as handle:
        exec(compile(handle.read(), WYTHOFF, "exec"), namespace)
    return namespace["options"]


def explore_timed(size: int) -> None:
    import numpy as np

    from sgstudio.games.custom.explore import Explorer
    from sgstudio.games.custom.remoteness import plain_remoteness
    from sgstudio.games.custom.values import game_values
    from sgstudio.games.graph.dag.game import grundy_values

    options = wythoff_options()
    inside = [0.0]
    clock = time.perf_counter

    def timed(p):
        began = clock()
        out = list(options(p))
        inside[0] += clock() - began
        return out

    explorer = Explorer(timed, max_positions=10**7)
    began = clock()
    explorer.add((size - 1, size - 1))
    explorer.run()
    total = clock() - began
    user = inside[0]
    engine = total - user
    n, m = explorer.explored, len(explorer.heads)
    print(f"1. Wythoff {size} x {size}: {n:,} positions, {m:,} options")
    print(f"   exploring: {total:.2f} s in all, {user:.2f} s inside options(), engine {engine:.2f} s "
          f"= {engine / user:.2f} x the user's time (target <= 0.5 x)")
    print(f"   per option: user {user / m * 1e9:.0f} ns, engine {engine / m * 1e9:.0f} ns")
    grundy_values(2, np.array([0]), np.array([1]))  # numba loaded (and its cache read) before the clock
    start, heads = np.array(explorer.start, np.int64), np.array(explorer.heads, np.int32)
    is_sum = np.zeros(n, bool)
    began = clock()
    values = game_values(start, heads, is_sum)
    print(f"   values ({values.method}, the DAG kernel): {clock() - began:.2f} s")
    plain_remoteness(np.array([0, 1, 1]), np.array([1]))
    began = clock()
    plain_remoteness(start, heads)
    print(f"   remoteness (retrograde pass): {clock() - began:.2f} s")


def through_the_worker(size: int) -> None:
    from sgstudio import Game

    began = time.perf_counter()
    game = Game.from_file(WYTHOFF, max_positions=10**7)
    table = game.table(size, size)
    took = time.perf_counter() - began
    game.close()
    print(f"   the API, the file in a worker: Game.from_file(...).table({size}, {size}) {took:.2f} s, "
          f"{len(table.p_positions())} P-positions")


MEMORY = """
import sys, time
sys.path.insert(0, {root!r})
from sgstudio.games.custom.explore import Explorer
exec(compile(open({path!r}).read(), {path!r}, "exec"))
def rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096
before = rss()
explorer = Explorer(options, max_positions=10**7)
explorer.add(({size} - 1, {size} - 1))
explorer.run()
after = rss()
print(explorer.explored, len(explorer.heads), after - before)
"""


def memory(size: int) -> None:
    code = MEMORY.format(root=str(Path(__file__).parent.parent), path=WYTHOFF, size=size)
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    out = run.stdout.split()
    n, m, grew = (int(x) for x in out)
    print(f"2. memory: {grew / 2**20:,.0f} MiB for {n:,} positions = {grew / n:,.0f} bytes per position, "
          f"of which {4 * m / n:,.0f} the options (4 bytes each, {m / n:,.0f} a position) and "
          f"{(grew - 4 * m) / n:,.0f} the position itself (its tuple, the dict, the row)")


def chain() -> None:
    import numpy as np

    from sgstudio.games.custom.explore import Explorer
    from sgstudio.games.custom.values import game_values

    explorer = Explorer(lambda k: [k + 1] if k < 999_999 else [], max_positions=10**7)
    began = time.perf_counter()
    explorer.add(0)
    explorer.run()
    explored = time.perf_counter() - began
    began = time.perf_counter()
    values = game_values(np.array(explorer.start, np.int64), np.array(explorer.heads, np.int32),
                         np.zeros(explorer.explored, bool))
    print(f"3. a chain of {explorer.explored:,} positions: explored in {explored:.2f} s, valued in "
          f"{time.perf_counter() - began:.2f} s (g(0) = {values.gamma[0]})")


def main() -> None:
    size = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    explore_timed(size)
    through_the_worker(size)
    memory(size)
    chain()


if __name__ == "__main__":
    main()
