"""``sgstudio sweep`` on Dask against a serial run, and what all 4-digit codes to 10^6 values would take.

1. All 512 codes ``0.???`` to 10^4 values: a serial run in this process (each game by
   ``job.run_game``, the kernels loaded first) against the sweep on a LocalCluster of this machine's
   cores (one single-threaded worker process each), into an in-memory store; and the same sweep of
   tasks that do nothing. Interleaved for ``ROUNDS`` rounds (the machine is shared): best and median
   of the wall times and their ratio, and, steadier on a loaded machine, CPU times: a game's in the
   serial run, the workers' and the driver's (client and scheduler) per game on the Dask path; the
   per-game overhead is the workers' CPU beyond the serial run's.
2. On paper: a seeded sample of ``SAMPLE`` codes ``0.????`` computed to 10^5 values on the cluster;
   each game's time scaled to 10^6 values (x 100 where the plain pair search goes on uncertified,
   quadratic; x 10 where a period was certified or the sparse-space method runs, linear), plus the
   measured overhead; then 4,096 games on 1, 16 and 256 workers: ``max(total / w, the longest
   game)``. ``--calibrate`` also times two of the games to 10^6 values, to check the scaling.
"""

from __future__ import annotations

import os
import random
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sgstudio.games.takebreak.sweep import run
from sgstudio.games.takebreak.sweep.codes import expand
from sgstudio.games.takebreak.sweep.job import GameResult, run_game
from sgstudio.games.takebreak.sweep.store import Store

N = 10**4
ROUNDS = 3
SAMPLE = 48
FAR = 10**5
GOAL = 10**6
GAMES = 4096


def nothing(code: str, n: int) -> GameResult:
    """A task that does nothing: what the Dask path costs by itself."""
    return GameResult(code, n, "none")


def cpu() -> float:
    """This process's CPU time (user + system), in seconds."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def serial_pass(codes: list[str]) -> tuple[float, float]:
    """(wall, CPU) of every game in turn in this process."""
    start, used = time.perf_counter(), cpu()
    for code in codes:
        run_game(code, N)
    return time.perf_counter() - start, cpu() - used


def dask_pass(client, codes: list[str], task=None) -> tuple[float, float, float]:
    """(wall, the driver's CPU, the workers' CPU) of the sweep into an in-memory store."""
    with Store(":memory:") as store:
        before, used, start = sum(client.run(cpu).values()), cpu(), time.perf_counter()
        run.sweep(codes, N, store, client, **({"task": task} if task else {}))
        wall, driver = time.perf_counter() - start, cpu() - used
        return wall, driver, sum(client.run(cpu).values()) - before


def far_cost(result: GameResult) -> float:
    """A game's time at 10^5 values scaled to 10^6 (module docstring, 2)."""
    quadratic = result.status != "certified" and result.method in ("pairs", "plain")
    return result.seconds * (GOAL / FAR) ** (2 if quadratic else 1)


def clock(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 2 * 3600:
        return f"{seconds / 60:.0f} min"
    if seconds < 2 * 86400:
        return f"{seconds / 3600:.1f} h"
    return f"{seconds / 86400:.1f} days"


def main() -> None:
    codes = expand(["0.???"])
    run_game("0.77", 5000)  # the kernels loaded here as in the workers
    start = time.perf_counter()
    with run.connect() as client:
        workers = len(client.scheduler_info()["workers"])
        client.run(run_game, "0.77", 5000)
        print(f"LocalCluster: {workers} single-threaded worker processes, started in "
              f"{time.perf_counter() - start:.1f} s; load average {os.getloadavg()[0]:.1f} on "
              f"{os.cpu_count()} cores")
        serial, dask, empty = [], [], []
        for _ in range(ROUNDS):
            serial.append(serial_pass(codes))
            dask.append(dask_pass(client, codes))
            empty.append(dask_pass(client, codes, nothing))
        games = len(codes)

        def row(name: str, values: list[float], unit: float = 1.0, fmt: str = "6.2f",
                what: str = "s") -> None:
            best, median = min(values) * unit, statistics.median(values) * unit
            print(f"  {name:<38}: {best:{fmt}} / {median:{fmt}} {what}")

        print(f"\n{games} codes 0.??? to {N:,} values, {ROUNDS} rounds interleaved (best / median):")
        row("serial, one process, wall", [w for w, _ in serial])
        row(f"Dask, {workers} workers, wall", [w for w, _, _ in dask])
        ratios = [s[0] / d[0] for s, d in zip(serial, dask, strict=True)]
        print(f"  {'ratio serial / Dask, wall':<38}: {max(ratios):6.2f} / {statistics.median(ratios):6.2f}x "
              f"(ideal {workers}x on an idle machine)")
        row("serial: CPU a game", [c / games for _, c in serial], 1e3, "6.1f", "ms")
        row("Dask: workers' CPU a game", [c / games for _, _, c in dask], 1e3, "6.1f", "ms")
        row("Dask: driver's CPU a game", [c / games for _, c, _ in dask], 1e3, "6.1f", "ms")
        overhead = [(d[2] - s[1]) / games for s, d in zip(serial, dask, strict=True)]
        row("Dask overhead a game, workers' CPU", overhead, 1e3, "6.1f", "ms")
        row("tasks doing nothing: all CPU a game", [(c + w) / games for _, c, w in empty], 1e3, "6.1f", "ms")
        per_game = min(overhead) + statistics.median(c / games for _, c, _ in dask)
        project(client, per_game)


def project(client, overhead: float) -> None:
    sample = random.Random(26).sample(expand(["0.????"]), SAMPLE)
    with Store(":memory:") as store:
        start = time.perf_counter()
        run.sweep(sample, FAR, store, client)
        wall = time.perf_counter() - start
        results = list(store.results(FAR))
    costs = [far_cost(r) + overhead for r in results]
    hard = sum(r.status != "certified" and r.method in ("pairs", "plain") for r in results)
    total = statistics.fmean(costs) * GAMES
    print(f"\nOn paper: {SAMPLE} sampled codes 0.???? to {FAR:,} values ({wall:.0f} s here; {hard} still "
          f"uncertified without the sparse-space method), scaled to {GOAL:,} values:")
    print(f"  a game: median {statistics.median(costs):.2f} s, mean {statistics.fmean(costs):.1f} s, "
          f"longest {max(costs):.0f} s; all {GAMES:,} codes: {clock(total)} of worker time")
    for w in (1, 16, 256):
        print(f"  {w:>3} worker{'s' * (w > 1)}: {clock(max(total / w, max(costs)))}")
    if "--calibrate" in sys.argv:
        quadratic = [r for r in results
                     if r.status != "certified" and r.method == "pairs" and far_cost(r) < 200]
        sparse = [r for r in results if r.method == "sparse"]
        for r in sorted(quadratic, key=far_cost)[-1:] + sorted(sparse, key=far_cost)[-1:]:
            measured = run_game(r.code, GOAL).seconds
            print(f"  calibration {r.code} ({r.method}): {measured:.1f} s at {GOAL:,} values, predicted "
                  f"{far_cost(r):.1f} s")


if __name__ == "__main__":
    main()
