"""The command line: `sgstudio solve FORMAT [FILE]` as a real process, output and errors exact."""

from __future__ import annotations

import subprocess
import sys

import pytest

from sgstudio.cli import main as cli
from sgstudio.games.graph.hdu1524 import Case, generate

SAMPLE = "4\n2 1 2\n0\n1 3\n0\n1 0\n2 0 2\n0\n\n4\n1 1\n1 2\n0\n0\n2 0 1\n2 1 1\n3 0 1 3\n0\n"
SAMPLE_OUT = "WIN\nWIN\nWIN\nLOSE\nWIN\n"


def run(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "sgstudio", *args], input=stdin, capture_output=True,
                          check=False)


def test_sample_from_a_file(tmp_path):
    path = tmp_path / "in.txt"
    path.write_text(SAMPLE)
    out = run("solve", "hdu1524", str(path))
    assert (out.returncode, out.stdout.decode(), out.stderr) == (0, SAMPLE_OUT, b"")


@pytest.mark.parametrize("args", [("solve", "hdu1524"), ("solve", "hdu1524", "-")])
def test_sample_from_stdin(args):
    out = run(*args, stdin=SAMPLE.encode())
    assert (out.returncode, out.stdout.decode(), out.stderr) == (0, SAMPLE_OUT, b"")


def test_bad_input_is_one_line_on_stderr_and_status_2(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("3\n1 1\n1 2\n1 0\n0\n")
    out = run("solve", "hdu1524", str(path))
    assert out.returncode == 2 and out.stdout == b""
    assert out.stderr.decode() == f"{path}:4:3: the graph has the cycle 0 -> 1 -> 2 -> 0\n"
    out = run("solve", "hdu1524", stdin=b"2\n1 1\n0\n1 x\n0\n")
    assert (out.returncode, out.stdout) == (2, b"")
    assert out.stderr.decode() == "<stdin>:4:3: expected a position in 0..1, found 'x'\n"


def test_undecodable_bytes(tmp_path):
    path = tmp_path / "bin.txt"
    path.write_bytes(b"2\n0\n0 \xff\xfe\n")
    out = run("solve", "hdu1524", str(path))
    assert (out.returncode, out.stdout) == (2, b"")
    assert out.stderr.decode() == f"{path}:3:3: not UTF-8 text (byte 0xff)\n"


@pytest.mark.parametrize(("args", "message"), [
    (("solve", "nosuch", "x"),
     "sgstudio: unknown format 'nosuch' (known: hdu1524, hdu1536, hdu1907, hdu2509, hdu5724, hdu5795)"),
    (("solve", "hdu1524", "/no/such/file"), "/no/such/file: cannot read: No such file or directory"),
])
def test_unknown_format_and_missing_file(args, message):
    out = run(*args)
    assert (out.returncode, out.stdout, out.stderr.decode()) == (2, b"", message + "\n")


def test_chain_of_200000_positions_through_the_cli(tmp_path):
    n = 200_000
    path = tmp_path / "chain.txt"
    path.write_text(generate([Case(n, [[v + 1] for v in range(n - 1)] + [[]], [[0], [n - 2], [n - 1, 0]])]))
    g = [(n - 1 - v) % 2 for v in (0, n - 2)]
    out = run("solve", "hdu1524", str(path))
    assert out.returncode == 0, out.stderr
    assert out.stdout.decode().split() == ["WIN" if g[0] else "LOSE", "WIN" if g[1] else "LOSE",
                                           "WIN" if g[0] else "LOSE"]


def test_cli_start_up_imports_no_qt_networkx_or_numba():
    code = ("import io, sys; sys.stdin = io.TextIOWrapper(io.BytesIO(" + repr(SAMPLE.encode()) + "))\n"
            "from sgstudio.cli import main as cli; rc = cli.main(['solve', 'hdu1524'])\n"
            "print(rc, sorted(m.split('.')[0] for m in sys.modules\n"
            "               if m.split('.')[0] in ('PySide6', 'shiboken6', 'networkx', 'numba')))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.splitlines()[-1] == "0 []"
    assert out.stdout.startswith(SAMPLE_OUT)


def test_no_subcommand_goes_to_the_gui_with_argv(monkeypatch, tmp_path):
    seen = []
    monkeypatch.setattr(cli, "run_gui", lambda argv: seen.append(argv) or 0)
    game = tmp_path / "game.sgs"
    game.write_text("{}")
    assert cli.main([str(game)]) == 0 and cli.main(["--tab", "snim"]) == 0
    assert seen == [[str(game)], ["--tab", "snim"]]


def test_help_lists_the_formats(capsys):
    assert cli.main(["solve", "--help"]) == 0  # main never raises: it returns the exit status
    assert "hdu1524" in capsys.readouterr().out


def test_play_subcommand_runs_as_a_process(tmp_path):
    import json

    path = tmp_path / "in.txt"
    path.write_text(SAMPLE)
    out = run("play", "hdu1524", str(path), "--query", "2", "--json")
    assert out.returncode == 0, out.stderr
    line = json.loads(out.stdout)
    players = [m["player"] for m in line["moves"]]
    assert players == [1 + i % 2 for i in range(len(players))]
    assert line["winner"] == players[-1]
    assert line["moves"][0]["value_after"] == 0  # query 2 is a WIN: the first move reaches nim-sum 0
    bad = run("play", "hdu1524", str(path), "--case", "7")
    assert bad.returncode == 2 and bad.stdout == b"" and len(bad.stderr.splitlines()) == 1


@pytest.mark.parametrize("fmt, text", [
    ("hdu1524", "10000000000\n"),  # a position count far beyond the file: no huge allocation, a clear error
    ("hdu1524", "1\n0\n1 \uff10\n0\n"),  # full-width digit
    ("hdu5795", "1\n1\n1_000\n"),
    ("hdu5724", "1\n1\n1 1_9\n"),
    ("hdu1536", "2 1 1\n1\n1 1_0\n0\n"),
])
def test_numbers_a_judge_would_not_read_are_errors(fmt, text):
    out = run("solve", fmt, stdin=text.encode())
    assert out.returncode == 2 and out.stdout == b""
    assert out.stderr.decode().startswith("<stdin>:") and len(out.stderr.splitlines()) == 1


def test_a_utf8_byte_order_mark_is_dropped():
    out = run("solve", "hdu1524", stdin=b"\xef\xbb\xbf" + SAMPLE.encode())
    assert out.returncode == 0 and out.stdout.decode() == SAMPLE_OUT
