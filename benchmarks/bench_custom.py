"""Games written in Python: exploring Wythoff's game, the engine's own time against the user's.

1. Exploring Wythoff's 400 x 400 positions (every position (a, b) with a, b < 400, reached from
   (399, 399); some 8.5·10^7 options). In one run, ROUNDS interleaved rounds of: the time spent
   inside ``options`` (the user's generator run to its end for every position, nothing else
   done), then the exploration by the compiled loop (:mod:`sgstudio.games.custom.native`), then
   by the Python loop; the engine's own time is the exploration's minus the time inside
   ``options`` (the dict of positions, the CSR rows, checking new positions). CPU times of this
   process (the machine is shared: a process waiting for a core is not charged). Target: engine
   <= 0.5 x user. Then the values (DAG kernel, numba loaded beforehand), the remoteness
   (retrograde pass), and the whole question through the API, the file's code in a worker
   (``Game.from_file(...).table(400, 400)``: start, exploration, transfer, values).
2. Memory per position explored, by each loop: the rise of the resident memory of a fresh process
   across the exploration, divided by the positions; with the part of it that is the options (4
   bytes each).
3. A chain of 10^6 positions (``options(n) = [n + 1]``): exploration and values.

Run: .venv/bin/python benchmarks/bench_custom.py [SIZE]
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from collections import deque
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent.parent))

from sgstudio.games.custom.examples import files

WYTHOFF = dict(files())["Wythoff"]
ROUNDS = 3


def wythoff_options():
    namespace: dict = {}
    with open(WYTHOFF, encoding="utf-8") as handle:
        exec(compile(handle.read(), WYTHOFF, "exec"), namespace)
    return namespace["options"]


def user_time(options, positions: list) -> float:
    """CPU time of running ``options(p)`` to its end for every position, nothing else done."""
    clock = time.process_time
    began = clock()
    for p in positions:
        deque(options(p), 0)
    return clock() - began


def explore_time(options, size: int, native: bool):
    from sgstudio.games.custom.explore import Explorer

    explorer = Explorer(options, max_positions=10**7, native=native)
    began = time.process_time()
    explorer.add((size - 1, size - 1))
    explorer.run()
    return time.process_time() - began, explorer


def explore_timed(size: int) -> None:
    import numpy as np

    from sgstudio.games.custom.explore import Explorer
    from sgstudio.games.custom.native import load
    from sgstudio.games.custom.remoteness import plain_remoteness
    from sgstudio.games.custom.values import game_values
    from sgstudio.games.graph.dag.game import grundy_values

    options = wythoff_options()
    has_native = load() is not None
    _, explorer = explore_time(options, size, True)
    positions = list(explorer.positions)
    n, m = explorer.explored, len(explorer.heads)
    del explorer
    print(f"1. Wythoff {size} x {size}: {n:,} positions, {m:,} options; CPU times, {ROUNDS} interleaved "
          f"rounds "
          f"(the user's options() alone, then the exploration by the compiled loop"
          f"{'' if has_native else ' (not built: the Python loop)'}, then by the Python loop)")
    ratios: dict[str, list[float]] = {"compiled": [], "python": []}
    for r in range(ROUNDS):
        user = user_time(options, positions)
        line = f"   round {r + 1}: inside options() {user:.2f} s"
        for label, native in (("compiled", True), ("python", False)):
            total, explorer = explore_time(options, size, native)
            del explorer
            ratios[label].append((total - user) / user)
            line += (f"; {label} loop: exploring {total:.2f} s, engine {total - user:.2f} s "
                     f"= {ratios[label][-1]:.2f} x")
        print(line, flush=True)
    for label, found in ratios.items():
        print(f"   {label} loop: the engine's own time / the time inside options(): best {min(found):.2f} x, "
              f"median {statistics.median(found):.2f} x (target <= 0.5 x)")
    explorer = Explorer(options, max_positions=10**7)
    explorer.add((size - 1, size - 1))
    explorer.run()
    clock = time.perf_counter
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
explorer = Explorer(options, max_positions=10**7, native={native})
explorer.add(({size} - 1, {size} - 1))
explorer.run()
after = rss()
print(explorer.explored, len(explorer.heads), after - before)
"""


def memory(size: int) -> None:
    for label, native in (("compiled", True), ("python", False)):
        code = MEMORY.format(root=str(Path(__file__).parent.parent), path=WYTHOFF, size=size, native=native)
        run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        n, m, grew = (int(x) for x in run.stdout.split())
        print(f"2. memory, {label} loop: {grew / 2**20:,.0f} MiB for {n:,} positions = "
              f"{grew / n:,.0f} bytes per position, of which {4 * m / n:,.0f} the options (4 bytes each, "
              f"{m / n:,.0f} a position) and "
              f"{(grew - 4 * m) / n:,.0f} the position itself (its tuple, the dict, the row, the table)")


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
