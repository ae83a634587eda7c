"""Out of memory in words (issue 28; issue 29, item 6): every subcommand (values, period, sum, play,
solve, table, pattern, sweep) run under an address-space limit (``ulimit -v``) with a size beyond it
ends in one line that speaks of memory, exit status 1 or 2, and no crash log; ``values`` refuses
before allocating, naming the count, the memory and the way out."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

resource = pytest.importorskip("resource")
pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS as on Linux")


def limited(megabytes: int):
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (megabytes << 20, megabytes << 20))

    return limit


def run_limited(args: list[str], megabytes: int, tmp_path: Path) -> subprocess.CompletedProcess:
    # PYTHONWARNINGS: Dask warns on stderr when its dashboard's port is taken by a sweep running beside
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"), "OPENBLAS_NUM_THREADS": "1",
           "PYTHONWARNINGS": "ignore"}
    return subprocess.run([sys.executable, "-m", "sgstudio", *args], capture_output=True, text=True, env=env,
                          preexec_fn=limited(megabytes), timeout=300, check=False)


def assert_words(done: subprocess.CompletedProcess, tmp_path: Path) -> str:
    err = done.stderr
    assert done.returncode in (1, 2), (done.returncode, err[-500:])
    assert err.count("\n") == 1 and err.startswith("sgstudio: ") and "memory" in err, err[-500:]
    assert "internal error" not in err and "Traceback" not in err
    logs = list((tmp_path / "cache").rglob("crash-*.log")) if (tmp_path / "cache").exists() else []
    assert logs == []
    return err


def test_values_beyond_the_limit_are_refused_before_allocating(tmp_path):
    done = run_limited(["values", "0.77", "268435456"], 3000, tmp_path)
    err = assert_words(done, tmp_path)
    assert done.returncode == 2
    assert "268,435,456 values of 0.77 need about 6.0 GB of memory" in err and "a smaller N" in err


def test_values_as_json_beyond_the_limit_too(tmp_path):
    done = run_limited(["values", "subtract:squares", "100000000", "--json"], 1000, tmp_path)
    assert "100,000,000 values of subtract:squares need about" in assert_words(done, tmp_path)


@pytest.fixture(scope="module")
def big_graph(tmp_path_factory) -> str:
    """A chain of 2,000,000 vertices (hdu1524; a self-loop at its end for --loopy): some 400 MB of work."""
    n = 2_000_000
    path = tmp_path_factory.mktemp("graphs") / "chain.txt"
    lines = [str(n), *(f"1 {i + 1}" for i in range(n - 1)), f"1 {n - 1}", "1 0", "0"]
    path.write_text("\n".join(lines) + "\n")
    return str(path)


@pytest.mark.parametrize("command", ["solve", "solve --loopy", "play", "sum", "play sum"])
def test_the_graph_commands_beyond_the_limit_end_in_words(tmp_path, big_graph, command):
    args = {"solve": ["solve", "hdu1524", big_graph],
            "solve --loopy": ["solve", "hdu1524", "--loopy", big_graph],
            "play": ["play", "hdu1524", big_graph, "--max-moves", "3"],
            "sum": ["sum", f"dag:{big_graph}:1:0", "nim:3"],
            "play sum": ["play", "sum", f"loopy:{big_graph}:1:0", "--max-moves", "3"]}[command]
    assert_words(run_limited(args, 300, tmp_path), tmp_path)


@pytest.mark.parametrize(("args", "megabytes"), [
    (["period", "0.36", "--max", "30000000", "--force"], 200),  # --force: memory, not the time estimate
    (["sweep", "0.16", "--values", "30000000", "--workers", "1"], 300)])
def test_period_and_sweep_beyond_the_limit_end_in_words(tmp_path, args, megabytes):
    assert_words(run_limited(args, megabytes, tmp_path), tmp_path)


WYTHOFF = str(Path(__file__).parents[2] / "sgstudio" / "games" / "custom" / "examples" / "wythoff.py")


@pytest.mark.parametrize(("args", "megabytes"), [
    (["pattern", "0.16", "--upto", "100000000"], 300),
    (["table", WYTHOFF, "400", "400", "--max-positions", "100000000"], 300)])
def test_pattern_and_table_beyond_the_limit_end_in_words(tmp_path, args, megabytes):
    """``table`` runs the game in a worker process, which the limit binds too: its memory limit is
    told as lowered by it (or, when the worker had no room to say a word, that memory may be why)."""
    err = assert_words(run_limited(args, megabytes, tmp_path), tmp_path)
    if args[0] == "pattern":
        assert "100,000,001 values of 0.16 need about" in err
    else:
        assert "address-space limit" in err

