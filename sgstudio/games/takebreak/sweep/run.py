"""The Dask driver of a sweep: each game a task, results stored as games finish.

:func:`connect` gives a ``distributed.Client``: by default on a ``LocalCluster`` of one single-threaded
worker process per core (started with the ``spawn`` method, so that numba's cached kernels and the
ahead-of-time build are loaded fresh, never inherited half-initialised from a fork), or on an existing
cluster by its scheduler's address. :func:`sweep` skips the games already stored, sends the others,
and stores each result as it arrives (``as_completed``), one transaction a game: stopping the sweep
at any point (Ctrl+C, a killed worker) loses nothing stored, and a worker lost mid-task has its tasks
rescheduled by Dask on another, which computes the same result (:func:`.job.run_game` is
deterministic).

This module is the only one of the package that imports dask; only ``sgstudio sweep`` imports it.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import threading
import time
import uuid
from collections.abc import Callable, Iterator, Sequence

import dask
from distributed import Client, KilledWorker, LocalCluster, WorkerPlugin, as_completed

from sgstudio.core.errors import SGStudioError, printable
from sgstudio.games.takebreak.sweep.job import GameResult, run_batch, run_game
from sgstudio.games.takebreak.sweep.progress import Progress
from sgstudio.games.takebreak.sweep.store import Store

CONNECT_TIMEOUT = 10
"""Seconds to reach a scheduler given by address before saying it cannot be reached."""
WORKER_WAIT = 60
"""Seconds to wait for a scheduler without workers to get one."""
BATCH_VALUES = 100_000
MAX_BATCH = 16
TASKS_PER_WORKER = 4
POLL = 0.1
"""Seconds between two looks at Cancel while a sweep waits for its games."""
Task = Callable[[str, int], GameResult]


class SweepError(OSError):
    """The cluster cannot run the sweep (unreachable, no workers, a task that fails): exit status 1."""


class IgnoreInterrupt(WorkerPlugin):
    """Local workers ignore SIGINT: Ctrl+C reaches the whole process group, and it is the driver's
    to stop the sweep (it closes the cluster); a worker would only die noisily."""

    name = "sgstudio-ignore-sigint"

    def setup(self, worker: object) -> None:
        if threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextlib.contextmanager
def connect(scheduler: str | None = None, workers: int | None = None) -> Iterator[Client]:
    """A client on an existing cluster (``scheduler``: ``tcp://HOST:PORT``) or on a new LocalCluster
    of ``workers`` processes (default: one per core), closed on leaving the block."""
    dask.config.set({"distributed.worker.multiprocessing-method": "spawn",
                     "distributed.comm.timeouts.connect": f"{CONNECT_TIMEOUT}s",
                     # the workers' statistical profiler samples every 10 ms, taking the GIL from the game
                     "distributed.worker.profile.enabled": False})
    if scheduler is None:
        with local_cluster(workers) as cluster, Client(cluster) as client:
            client.register_plugin(IgnoreInterrupt())
            yield client
        return
    with _remote(scheduler) as client:
        yield client


def local_cluster(workers: int | None = None) -> LocalCluster:
    """One single-threaded worker process per core (or ``workers``), no dashboard, quiet logs (a
    worker's heartbeat racing the close would print a traceback)."""
    return LocalCluster(n_workers=workers or os.cpu_count() or 1, threads_per_worker=1, processes=True,
                        dashboard_address=None, silence_logs=logging.CRITICAL)


@contextlib.contextmanager
def _remote(address: str) -> Iterator[Client]:
    where = printable(address)
    try:
        client = Client(address, timeout=CONNECT_TIMEOUT)
    except (ValueError, TypeError) as err:
        raise SGStudioError(f"sgstudio: sweep: --scheduler {where}: not a scheduler address such as "
                            f"tcp://HOST:PORT ({err})") from None
    except (OSError, TimeoutError) as err:
        raise SweepError(f"sweep: cannot reach the Dask scheduler at {where} within {CONNECT_TIMEOUT} s "
                         f"({type(err).__name__}: {err})") from None
    with client:
        try:
            client.wait_for_workers(1, timeout=WORKER_WAIT)
        except (OSError, TimeoutError):
            raise SweepError(f"sweep: the Dask scheduler at {where} has had no worker for {WORKER_WAIT} s "
                             f"(start some: dask worker {where})") from None
        yield client


def batches(todo: Sequence[str], n: int, workers: int) -> list[list[str]]:
    """``todo`` cut into the tasks of a sweep: games of few values go several to a task (each task
    costs the driver and a worker a few milliseconds, as much as a game of 10^4 values), so that a
    task is about :data:`BATCH_VALUES` values, with at least :data:`TASKS_PER_WORKER` tasks a worker
    to share the work; games of :data:`BATCH_VALUES` values or more go one to a task.

    >>> [len(b) for b in batches([f"0.{i}" for i in range(8)], 10**6, 2)]
    [1, 1, 1, 1, 1, 1, 1, 1]
    >>> [len(b) for b in batches([str(i) for i in range(512)], 1000, 2)][:3]
    [16, 16, 16]
    >>> len(batches(["0.1"] * 40, 1000, 2))
    8
    """
    share = len(todo) // (TASKS_PER_WORKER * max(workers, 1))
    size = max(1, min(MAX_BATCH, BATCH_VALUES // max(n, 1), share))
    return [list(todo[i : i + size]) for i in range(0, len(todo), size)]


def sweep(codes: Sequence[str], n: int, store: Store, client: Client, task: Task = run_game,
          progress: Progress | None = None) -> int:
    """Compute the games of ``codes`` at ``n`` values that ``store`` lacks, storing each as its task
    finishes (:func:`batches`); returns how many were computed. ``task(code, n)`` computes one game
    (tests pass one that kills its worker). A task that fails raises :class:`SweepError` (what is
    stored stays)."""
    stored = store.done(codes, n)
    todo = [code for code in codes if code not in stored]
    if not todo:
        return 0
    run = uuid.uuid4().hex[:8]
    workers = len(client.scheduler_info().get("workers", {})) or 1
    tasks = {f"sweep-{n}-{batch[0]}-{len(batch)}-{run}": batch for batch in batches(todo, n, workers)}
    futures = client.map(run_batch, [task] * len(tasks), list(tasks.values()), [n] * len(tasks),
                         key=list(tasks))
    try:
        for future, result in _finished(futures, progress):
            for game in _results(future, result, tasks[future.key]):
                store.put(game)
            future.release()
            if progress is not None:
                progress.advance(len(tasks[future.key]))
    finally:
        client.cancel(futures)
    return len(todo)


def _finished(futures: list, progress: Progress | None) -> Iterator[tuple[object, object]]:
    """``(future, result)`` as each task finishes; while none does, every :data:`POLL` seconds the
    progress is polled (the window's Cancel raises there, so a sweep stops within that time, not when
    the game running finishes)."""
    poll = getattr(progress, "poll", None)
    finished = as_completed(futures, with_results=True, raise_errors=False)
    while not finished.is_empty():
        batch = finished.next_batch(block=False)
        if not batch:
            if poll is not None:
                poll()
            time.sleep(POLL)
        yield from batch


def _results(future: object, result: object, codes: list[str]) -> list[GameResult]:
    """The results of a finished task, or SweepError saying why there are none."""
    if getattr(future, "status", "") != "error":
        return result  # type: ignore[return-value]
    which = f"game {codes[0]}" if len(codes) == 1 else f"one of the games {codes[0]} .. {codes[-1]}"
    err = result[1]  # type: ignore[index]  # (type, exception, traceback)
    if isinstance(err, KilledWorker):
        raise SweepError(f"sweep: {which} killed every worker that ran it ({err})")
    hint = " (is sgstudio installed on the workers?)" if isinstance(err, ImportError) else ""
    raise SweepError(f"sweep: {which} failed on a worker: {type(err).__name__}: {err}{hint}")
