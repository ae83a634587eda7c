"""``sgstudio values`` and ``sgstudio period``: output, errors (one line, status 2), and what loads."""

from __future__ import annotations

import json
import os
import pty
import re
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracles import takebreak_children

from sgstudio.cli import main as cli
from sgstudio.core.mex import mex
from sgstudio.games.snim.game import SubtractionGame
from sgstudio.games.snim.subtraction.certificate import certificate


def naive(digits, n):
    g: list[int] = []
    for h in range(n):
        options = []
        for child in takebreak_children(h, digits):
            x = 0
            for part in child:
                x ^= g[part]
            options.append(x)
        g.append(mex(options))
    return g


def run(capsys, *argv):
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_values_prints_one_line_and_json(capsys):
    status, out, err = run(capsys, "values", "0.137", "40")
    assert (status, err) == (0, "") and out == " ".join(map(str, naive([0, 1, 3, 7], 40))) + "\n"
    status, out, _ = run(capsys, "values", "0.77", "25", "--json")
    assert status == 0 and json.loads(out) == naive([0, 7, 7], 25)
    assert run(capsys, "values", "grundy", "0") == (0, "\n", "")


def test_period_prints_the_headline_and_the_certificate(capsys):
    status, out, _ = run(capsys, "period", "0.77")
    lines = out.splitlines()
    assert status == 0 and lines[0] == "preperiod 71 period 12" and len(lines) == 2
    assert "octal periodicity theorem" in lines[1] and "every n >= 71" in lines[1]
    status, out, _ = run(capsys, "period", "split:3")
    assert out.splitlines()[0] == "preperiod 1 period 8 saltus 8"
    assert run(capsys, "period", "grundy", "--max", "3000") == (0, "no period found within 3000 values\n", "")
    status, out, _ = run(capsys, "period", "0.8", "--max", "5000")
    assert status == 0 and "saltus 1" in out.splitlines()[0] and "not certified" in out


def naive_snim(members, n):
    """g(0..n-1) of S-Nim from the definition: the mex of the values one take away."""
    g: list[int] = []
    for h in range(n):
        g.append(mex([g[h - s] for s in members if s <= h]))
    return g


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.integers(1, 9), min_size=1, max_size=4, unique=True))
def test_the_s_nim_certificate_is_worded_as_the_snim_tab_words_it(capsys, members):
    """One wording (issue 21 item 10): ``period snim:S`` prints the certificate the S-Nim tab shows
    (``SubtractionGame.describe_period``), and what it claims holds on values from the definition."""
    status, out, err = run(capsys, "period", "snim:" + ",".join(map(str, members)))
    headline, words = out.splitlines()
    n0, p = map(int, re.fullmatch(r"preperiod (\d+) period (\d+)", headline).groups())
    w = max(members)
    assert (status, err) == (0, "") and words == certificate(n0, p, w)
    assert SubtractionGame(members).describe_period() == f"period {p} from n = {n0}, {words}"
    g = naive_snim(members, n0 + 4 * p + 2 * w)
    assert g[n0:n0 + w] == g[n0 + p:n0 + p + w]  # the w agreeing values it names
    assert all(g[n] == g[n + p] for n in range(n0, len(g) - p))  # periodic from n0 on
    assert n0 == 0 or g[n0 - 1] != g[n0 - 1 + p]  # and not earlier
    assert not any(all(g[n] == g[n + q] for n in range(n0, len(g) - q)) for q in range(1, p))


def read_terminal(fd: int) -> bytes:
    """Everything written to a pty until its last writer closed it."""
    chunks = []
    while True:
        try:
            chunk = os.read(fd, 4096)
        except OSError:  # EIO: the other side is closed
            break
        if not chunk:
            break
        chunks.append(chunk)
    return b"".join(chunks)


def test_period_shows_its_progress_on_a_terminal_and_nothing_elsewhere():
    """``period 0.9`` runs for minutes: on a terminal stderr shows the values done and the current N,
    rewritten in place and cleared at the end; a pipe gets nothing but the result on stdout."""
    argv = [sys.executable, "-m", "sgstudio", "period", "0.9", "--max", "3000"]
    master, slave = pty.openpty()
    with subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=slave) as proc:
        os.close(slave)
        shown = read_terminal(master).decode()
        out = proc.stdout.read().decode()
    os.close(master)
    piped = subprocess.run(argv, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0 and (piped.returncode, piped.stderr, piped.stdout) == (0, "", out)
    assert out == "no period found within 3000 values\n"
    progress = r"\rsgstudio period 0\.9: ([\d,]+) values done, N = ([\d,]+) \(--max 3,000\)[^\r\x1b]*\x1b\[K"
    lines = re.findall(progress, shown)
    counts = [(int(d.replace(",", "")), int(n.replace(",", ""))) for d, n in lines]
    done = [d for d, _ in counts]
    assert counts and done == sorted(done) and all(0 < d <= n <= 3000 for d, n in counts)
    assert shown.endswith("\r\x1b[K")  # the line is taken away before the result


@pytest.mark.parametrize(("argv", "message"), [
    (["values", "0.1g7", "5"], "sgstudio: bad rule '0.1g7': column 4: expected a hexadecimal digit"),
    (["values", "0.77", "-1"], "sgstudio: N must be an integer from 0 to"),
    (["values", "0.77", "ten"], "sgstudio: N must be an integer"),
    (["values", "0.77"], "sgstudio: values: the following arguments are required: N"),
    (["period", "snim:", "--max", "9"], "sgstudio: bad rule 'snim:': column 6"),
    (["period", "0.77", "--max", "0"], "sgstudio: --max must be an integer from 1"),
])
def test_bad_rule_or_count_is_one_line_on_stderr_and_status_2(capsys, argv, message):
    try:
        status = cli.main(argv)
    except SystemExit as stop:  # argparse's own errors (a missing argument)
        status = stop.code
    out, err = capsys.readouterr()
    assert status == 2 and out == "" and err.startswith(message) and err.count("\n") == 1


def test_values_loads_neither_qt_nor_formats_nor_the_game(tmp_path):
    """A small ``values`` job: no Qt, no judge formats, no networkx, no game or period module, and
    no numba (the kernels' Python source is enough)."""
    code = ("import sys; from sgstudio.cli import main as cli; cli.main(['values', '0.77', '30']); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'networkx', 'numba') "
            "or m.startswith(('sgstudio.formats.', 'sgstudio.games.takebreak.period', "
            "'sgstudio.core.play.session', 'sgstudio.gui')) or m == 'sgstudio.games.takebreak.game'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=tmp_path).stdout.splitlines()
    assert out[0].split()[:4] == ["0", "1", "2", "3"] and out[1] == "[]"


def test_period_shows_its_progress_on_a_terminal_and_only_there(tmp_path):
    """On a terminal, standard error carries the progress line (values done of the most asked, the
    rare heaps, the mask), written over and rubbed out before the answer; piped, it stays silent."""
    import os
    import pty

    code = ("import sys; from sgstudio.cli import main as cli\n"
            "cli.TerminalProgress.every = 0.0  # every report shown\n"
            "sys.exit(cli.main(['period', '0.16', '--max', '10^8']))")
    leader, follower = pty.openpty()
    run = subprocess.run([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=follower, cwd=tmp_path,
                         check=True)
    os.close(follower)
    shown = b""
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:
            break
        if not chunk:
            break
        shown += chunk
    os.close(leader)
    lines = [line.removesuffix("\x1b[K") for line in shown.decode().split("\r") if line.strip("\x1b[K ")]
    assert run.stdout.decode().startswith("preperiod 105351 period 149459\n")
    assert lines and lines[0].startswith("sgstudio period 0.16: ") and "(--max 100,000,000)" in lines[0]
    assert lines[-1].endswith(", 52 rare, mask 1e")  # the sparse-space method's last state
    done = [int(line.split()[3].replace(",", "")) for line in lines]
    assert done == sorted(done) and done[-1] <= 509_621  # values done, growing, up to the theorem's count
    assert shown.decode().endswith("\r\x1b[K")  # the line is rubbed out: the answer follows clean
    piped = subprocess.run([sys.executable, "-m", "sgstudio", "period", "0.16", "--max", "1e6"],
                           capture_output=True, text=True, check=True, cwd=tmp_path)
    assert piped.stderr == "" and piped.stdout.startswith("preperiod 105351 period 149459")


@pytest.mark.parametrize(("text", "value"), [("10^8", 10**8), ("1e8", 10**8), ("10**6", 10**6),
                                             ("100_000_000", 10**8), ("268435456", 2**28)])
def test_counts_may_be_written_as_powers(text, value):
    from sgstudio.games.takebreak.cli import count

    assert count(text, "--max") == value


@pytest.mark.parametrize("text", ["10^9", "1e-3", "2^", "e8", "10^^8", "1.5e3"])
def test_counts_out_of_range_or_not_integers_are_refused(capsys, text):
    status, out, err = run(capsys, "period", "0.77", "--max", text)
    assert status == 2 and out == "" and err.startswith("sgstudio: --max must be an integer from 1")
