"""Runs that would take hours are told before they take them (issue 29, item 5): ``period c.0``,
``period`` of a 78-digit code, ``values subtract:primes 268435456``, ``values subtract:squares
268435456`` (and ``pattern c.0 --upto 10^6``) end at once (within the engine's first second of
work) in one line with the estimate, the size that fits in 10 minutes and --force, exit status 2;
a moderate run is not refused; the progress line shows on a terminal (a pty) and never in a pipe."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from sgstudio.games.snim.subtraction.engine import estimated_total
from sgstudio.games.takebreak.budget import LIMIT_SECONDS, Budget, TooLong
from sgstudio.games.takebreak.parse import parse_rule
from sgstudio.games.takebreak.values import make_table

CODE_78 = "0." + "7" * 78


def run(args: list[str], tmp_path) -> subprocess.CompletedProcess:
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    return subprocess.run([sys.executable, "-m", "sgstudio", *args], capture_output=True, text=True, env=env,
                          timeout=300, check=False)


@pytest.mark.parametrize(("args", "size", "asked"), [
    (["period", "c.0"], "--max", 10**6),
    (["period", CODE_78], "--max", 10**6),
    (["values", "subtract:primes", "268435456"], "N", 2**28),
    (["values", "subtract:squares", "268435456"], "N", 2**28),
    (["pattern", "c.0", "--upto", "1000000"], "--upto", 10**6),
])
def test_runs_of_hours_are_refused_with_the_estimate(tmp_path, args, size, asked):
    done = run(args, tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    err = done.stderr
    assert err.count("\n") == 1 and err.startswith(f"sgstudio: {args[0]} {args[1]}"), err
    found = re.search(r"would take about ([\d,]+) (minutes|hours|days|years)", err)
    assert found, err
    assert found.group(2) != "minutes" or int(found.group(1).replace(",", "")) > LIMIT_SECONDS / 60
    fits = re.search(rf"ask for a smaller {size} \(about ([\d,]+) take 10 minutes\), or add --force", err)
    assert fits and 0 < int(fits.group(1).replace(",", "")) < asked, err


def test_the_size_said_to_fit_is_within_the_limit_and_twice_it_is_not():
    table = make_table(parse_rule("subtract:primes"))
    with pytest.raises(TooLong) as refused:
        Budget(table, 2**28, "values subtract:primes 268435456", "N").start()
    fits = int(re.search(r"about ([\d,]+) take", str(refused.value)).group(1).replace(",", ""))
    assert estimated_total("primes", fits) <= LIMIT_SECONDS < estimated_total("primes", 2 * fits)
    assert table.computed == 0  # refused before any value was computed


def test_moderate_runs_are_not_refused(tmp_path):
    assert estimated_total("primes", 10**7) < LIMIT_SECONDS  # minutes: it runs, its progress shown
    Budget(make_table(parse_rule("subtract:primes")), 10**7, "values", "N").start()  # no refusal
    done = run(["values", "0.77", "2000000"], tmp_path)
    assert done.returncode == 0 and done.stderr == "" and len(done.stdout.split()) == 2_000_000
    done = run(["period", "0.137"], tmp_path)
    assert done.returncode == 0 and done.stdout.startswith("preperiod 52 period 34")


def test_force_runs_what_the_estimate_refuses():
    table = make_table(parse_rule("c.0"))
    budget = Budget(table, 10**6, "values c.0 1000000", "N", sample=0.0)
    forced = Budget(make_table(parse_rule("c.0")), 10**6, "values c.0 1000000", "N", sample=0.0, force=True)
    with pytest.raises(TooLong):
        table.values(4096, budget)
    forced.table.values(4096, forced)
    assert forced.table.computed == 4096 and forced.left is not None and forced.left > LIMIT_SECONDS


def on_a_pty(args: list[str], tmp_path) -> tuple[int, str, str]:
    """Run with stderr on a pseudo-terminal, stdout to a file: (status, stdout, what the terminal got)."""
    import pty

    leader, follower = pty.openpty()
    out = tmp_path / "out.txt"
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    with open(out, "wb") as handle:
        child = subprocess.Popen([sys.executable, "-m", "sgstudio", *args], stdout=handle, stderr=follower,
                                 stdin=subprocess.DEVNULL, env=env)
    os.close(follower)
    seen = b""
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the child closed its end
            break
        if not chunk:
            break
        seen += chunk
    os.close(leader)
    return child.wait(timeout=300), out.read_text(), seen.decode(errors="replace")


def test_values_show_their_progress_on_a_terminal_only(tmp_path):
    if not hasattr(os, "openpty"):
        pytest.skip("no pseudo-terminals")
    args = ["values", "subtract:squares", "3000000"]
    status, out, terminal = on_a_pty(args, tmp_path)
    assert status == 0 and len(out.split()) == 3_000_000
    assert "sgstudio values subtract:squares: " in terminal and " values done, N = 3,000,000" in terminal
    assert terminal.endswith("\r\x1b[K")  # the line taken away at the end
    piped = run(args, tmp_path)
    assert piped.returncode == 0 and piped.stderr == "" and piped.stdout == out
