"""The sweep on a real 2-worker LocalCluster: equal to a serial run, a killed worker, Ctrl+C and resume,
an existing cluster by address, and how workers start."""

from __future__ import annotations

import functools
import os
import signal
import sqlite3
import subprocess
import sys
import time

import pytest
import sweep_hooks

from sgstudio.games.takebreak.sweep import run
from sgstudio.games.takebreak.sweep.codes import expand
from sgstudio.games.takebreak.sweep.job import serial
from sgstudio.games.takebreak.sweep.store import Store

CODES = expand(["0.??"])
N = 1000


@pytest.fixture(scope="module")
def client():
    """One LocalCluster for the module (2 single-threaded worker processes), closed at the end."""
    sweep_hooks.PARENT_MARK = "set in the test process"
    with run.connect(workers=2) as c:
        yield c


@pytest.fixture(scope="module")
def reference():
    """The serial run, game by game in this process."""
    return {r.code: r.without_time() for r in serial(CODES, N)}


def stored(path) -> dict:
    with Store(str(path)) as store:
        assert store.check() == "ok"
        return {r.code: r.without_time() for r in store.results(N)}


def test_a_sweep_on_the_cluster_equals_a_serial_run(client, reference, tmp_path):
    info = client.scheduler_info()["workers"]
    assert len(info) == 2 and all(w["nthreads"] == 1 for w in info.values())
    with Store(str(tmp_path / "s.db")) as store:
        assert run.sweep(CODES, N, store, client) == len(CODES)
        assert run.sweep(CODES, N, store, client) == 0  # all stored: nothing sent again
    got = stored(tmp_path / "s.db")
    assert list(got) == sorted(reference) and got == reference
    assert {r.status for r in got.values()} == {"certified", "none"}  # both kinds are compared


def test_a_worker_killed_mid_sweep_loses_nothing(client, reference, tmp_path):
    marker = tmp_path / "killed"
    victim = CODES[len(CODES) // 2]
    pids = set(client.run(os.getpid).values())
    task = functools.partial(sweep_hooks.kill_once, str(marker), victim)
    with Store(str(tmp_path / "s.db")) as store:
        run.sweep(CODES, N, store, client, task=task)
    killed = int(marker.read_text())
    assert killed in pids  # a worker of the cluster did die, running the victim's task
    client.wait_for_workers(2, timeout=60)  # the nanny started a new one
    assert killed not in set(client.run(os.getpid).values())
    assert stored(tmp_path / "s.db") == reference  # the lost tasks ran again, to the same results


def test_workers_are_spawned_and_reuse_the_built_kernels(client):
    from sgstudio.games.takebreak import aot as takebreak_aot

    seen = client.run(sweep_hooks.probe)
    assert len(seen) == 2
    for worker in seen.values():
        assert worker["mark"] is None and worker["parent"]  # a fresh interpreter: spawned, not forked
        if takebreak_aot.kernel("pairs") is not None:  # built by `make kernels`: the workers load it too
            assert worker["aot"] and not worker["numba"]


def sgstudio(*argv: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "sgstudio", *argv], capture_output=True, text=True,
                          timeout=timeout)


def test_ctrl_c_then_resume_gives_the_store_of_an_uninterrupted_run(client, tmp_path):
    patterns = ["0.1??", "0.2??", "0.3??"]
    codes = expand(patterns)
    path = tmp_path / "s.db"
    argv = [sys.executable, "-m", "sgstudio", "sweep", *patterns, "--store", str(path), "--workers", "2"]
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    try:
        rows = 0
        while rows < 4 and proc.poll() is None:  # the first games are in
            time.sleep(0.05)
            if path.exists():
                with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
                    rows = db.execute("SELECT count(*) FROM sqlite_master WHERE name = 'games'").fetchone()[0]
                    rows = rows and db.execute("SELECT count(*) FROM games").fetchone()[0]
        os.killpg(proc.pid, signal.SIGINT)  # what Ctrl+C does: the whole process group
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert (proc.returncode, out, err.splitlines()[-1:]) == (130, "", ["sgstudio: interrupted"]), err
    assert "Traceback" not in err
    first = stored(path)
    assert 4 <= len(first) < len(codes)  # interrupted mid-sweep
    with Store(str(path)) as store:
        before = {r.code: r.seconds for r in store.results(N)}
    done = sgstudio("sweep", *patterns, "--store", str(path), "--workers", "2", "--csv")
    assert done.returncode == 0, done.stderr
    assert len(done.stdout.splitlines()) == 1 + len(codes)
    with Store(str(tmp_path / "straight.db")) as store:
        run.sweep(codes, N, store, client)
    assert stored(path) == stored(tmp_path / "straight.db")
    with Store(str(path)) as store:  # resumed: the games stored before were not computed again
        assert {r.code: r.seconds for r in store.results(N) if r.code in before} == before


def test_an_existing_cluster_by_address(client, reference, tmp_path):
    address = client.scheduler.address
    done = sgstudio("sweep", "0.??", "--scheduler", address, "--csv", "--store", str(tmp_path / "s.db"))
    assert (done.returncode, done.stderr) == (0, "")
    assert stored(tmp_path / "s.db") == reference
    assert done.stdout.splitlines()[0] == "code,preperiod,period,certified,largest,nimbers"


def test_an_unreachable_scheduler_is_one_line_and_exit_1_within_a_minute():
    import socket

    with socket.socket() as s:  # a port on this machine that nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    done = sgstudio("sweep", "0.1", "--scheduler", f"tcp://127.0.0.1:{port}", timeout=60)
    assert (done.returncode, done.stdout) == (1, "")
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"sgstudio: sweep: cannot reach the Dask scheduler at "
                                                   f"tcp://127.0.0.1:{port} within")


def test_a_task_that_fails_on_a_worker_is_one_sweep_error(client, tmp_path):
    with Store(str(tmp_path / "s.db")) as store, pytest.raises(run.SweepError) as caught:
        run.sweep(["0.1", "0.2"], N, store, client, task=sweep_hooks.fail)
    assert str(caught.value).startswith("sweep: game 0.")
    assert "failed on a worker: ModuleNotFoundError" in str(caught.value)
    assert "is sgstudio installed on the workers?" in str(caught.value)


def test_a_scheduler_without_workers_is_one_sweep_error(monkeypatch):
    from distributed import LocalCluster

    monkeypatch.setattr(run, "WORKER_WAIT", 1)
    with (LocalCluster(n_workers=0, processes=False, dashboard_address=":0") as empty,
          pytest.raises(run.SweepError) as caught, run.connect(empty.scheduler_address)):
        pass
    assert str(caught.value) == (f"sweep: the Dask scheduler at {empty.scheduler_address} has had no worker "
                                 f"for 1 s (start some: dask worker {empty.scheduler_address})")


class CancelledError(Exception):
    """What the window's progress raises after Cancel (TaskCancelled there)."""


class CancelOnceStarted:
    """A sweep's progress whose poll cancels once the slow task has started on a worker."""

    def __init__(self, marker) -> None:
        self.marker, self.polls = marker, 0

    def advance(self, games: int = 1) -> None:
        raise AssertionError("no game may finish: the only one sleeps")

    def poll(self) -> None:
        self.polls += 1
        if self.marker.exists():
            raise CancelledError


def test_cancel_stops_a_sweep_while_its_game_still_runs(client, tmp_path):
    marker = tmp_path / "started"
    progress = CancelOnceStarted(marker)
    task = functools.partial(sweep_hooks.slow, str(marker))
    with Store(str(tmp_path / "s.db")) as store:
        with pytest.raises(CancelledError):
            run.sweep(["0.6"], N, store, client, task=task, progress=progress)
        assert list(store.results()) == [] and store.check() == "ok"  # not waited for the game
    assert progress.polls >= 1 and marker.read_text() == "0.6"
    assert not any(client.processing().values()) or _forgotten(client)


def _forgotten(client) -> bool:
    """The scheduler drops the cancelled task (its worker thread sleeps on, unseen)."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if not any(client.processing().values()):
            return True
        time.sleep(0.1)
    return False
