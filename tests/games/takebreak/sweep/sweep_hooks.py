"""Tasks for the sweep tests that worker processes import (this folder is on their sys.path: spawned
processes get the test process's path)."""

from __future__ import annotations

import os
import signal
import sys

from sgstudio.games.takebreak.sweep.job import GameResult, run_game

PARENT_MARK: str | None = None
"""Set by the test process; a spawned worker imports this module afresh and sees None."""


def kill_once(marker: str, victim: str, code: str, n: int) -> GameResult:
    """``run_game``, except that the first worker to meet the game ``victim`` writes its pid to the
    file ``marker`` and kills its own process (SIGKILL: no cleanup, as a crash or the OOM killer)."""
    if code == victim:
        try:
            fd = os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        except FileExistsError:
            pass
        else:
            os.write(fd, str(os.getpid()).encode())
            os.close(fd)
            os.kill(os.getpid(), signal.SIGKILL)
    return run_game(code, n)


def probe() -> dict[str, object]:
    """How this worker started and which kernels a game loads in it."""
    import multiprocessing

    run_game("0.77", 5000)
    from sgstudio.games.takebreak import aot as takebreak_aot

    return {"mark": PARENT_MARK, "numba": "numba" in sys.modules, "pid": os.getpid(),
            "aot": takebreak_aot.kernel("pairs") is not None,
            "parent": multiprocessing.parent_process() is not None}


def fail(code: str, n: int) -> GameResult:
    """A task that fails on the worker, as a bug or a missing module would."""
    raise ModuleNotFoundError("No module named 'sgstudio_missing'")


def slow(marker: str, code: str, n: int) -> GameResult:
    """``run_game`` after writing ``marker`` (the task has started) and sleeping 15 s: a game that
    is still running when the sweep is cancelled."""
    import time

    with open(marker, "w") as started:
        started.write(code)
    time.sleep(15)
    return run_game(code, n)
