"""The command line's one rule (issue 9): every failure is one line on stderr, exit 2 for bad input,
1 for I/O, a crash log for a bug; ``play`` is bounded by --max-moves and streams its text."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sgstudio.cli import main as cli
from sgstudio.cli import play as cli_play
from sgstudio.games.graph import hdu1524

SAMPLE = "4\n2 1 2\n0\n1 3\n0\n1 0\n2 0 2\n0\n\n4\n1 1\n1 2\n0\n0\n2 0 1\n2 1 1\n3 0 1 3\n0\n"


def run(*args: str, stdin: bytes = b"", env: dict | None = None, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "sgstudio", *args], input=stdin, capture_output=True,
                          check=False, env=env, timeout=120, **kwargs)


def one_line(stderr: bytes) -> str:
    text = stderr.decode()
    assert text.count("\n") == 1 and text.endswith("\n") and "Traceback" not in text, text
    return text[:-1]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("args", [("solve", "hdu1524"), ("play", "hdu1524", "-"), ("play", "hdu1524", "-",
                                                                                   "--json")])
def test_a_full_disk_is_one_line_and_status_1(args):
    with open("/dev/full", "wb") as full:
        out = subprocess.run([sys.executable, "-m", "sgstudio", *args], input=SAMPLE.encode(), stdout=full,
                             stderr=subprocess.PIPE, check=False, timeout=120)
    assert out.returncode == 1
    assert one_line(out.stderr) == "sgstudio: cannot write the output: No space left on device"


@pytest.mark.skipif(os.name != "posix", reason="a closed pipe as on POSIX")
def test_a_closed_pipe_is_one_line_and_status_1(tmp_path):
    path = tmp_path / "heaps.txt"
    path.write_text(f"1\n2\n{10**18} {10**18 + 1}\n")
    child = subprocess.Popen([sys.executable, "-m", "sgstudio", "play", "hdu5795", str(path), "--max-moves",
                              "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert child.stdout.readline().startswith(b"1. player 1: ")  # the line streams
    child.stdout.close()  # the reader goes away while play goes on
    err = child.stderr.read()
    assert child.wait(timeout=60) == 1
    assert one_line(err) == "sgstudio: cannot write the output: the reader closed the pipe"


def test_a_bug_is_one_line_and_a_crash_log(monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))

    def broken(text, file="<string>"):
        raise ZeroDivisionError("a bug in a solver")

    monkeypatch.setattr(hdu1524, "solve", broken)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(SAMPLE.encode())))
    assert cli.main(["solve", "hdu1524"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("sgstudio: internal error (ZeroDivisionError: a bug in a solver); the details are "
                          "in ")
    log = Path(err.strip().rsplit(" ", 1)[-1])
    assert log.parent == tmp_path / "cache" / "sgstudio"
    text = log.read_text()
    assert "Traceback" in text and "a bug in a solver" in text and "broken" in text


@pytest.mark.parametrize(("args", "words"), [
    (("solve",), "the following arguments are required"),
    (("play", "hdu1524", "x", "--max-moves", "-1"), "--max-moves"),
    (("play", "hdu1524", "x", "--case", "one"), "--case"),
    (("solve", "hdu9999", "x"), "unknown format"),
    (("play", "nosuch", "x"), "invalid choice"),
])
def test_bad_options_are_one_line_and_status_2(args, words):
    out = run(*args)
    assert out.returncode == 2 and out.stdout == b"" and words in one_line(out.stderr)


def test_bad_input_messages_are_one_line_whatever_the_file_name(tmp_path):
    path = tmp_path / "a\nb.txt"
    path.write_text("1\n1\n3 4 4")
    out = run("solve", "hdu5724", str(path))
    assert out.returncode == 2 and out.stdout == b""
    assert one_line(out.stderr).endswith("a\\nb.txt:3:5: column 4 is repeated in row 1 of test 1")
    out = run("solve", "hdu5724", str(tmp_path / "no\nsuch.txt"))
    assert out.returncode == 2
    assert one_line(out.stderr).endswith("no\\nsuch.txt: cannot read: No such file or directory")


def test_undecodable_bytes_after_cr_line_breaks_are_located_in_lines_and_characters():
    out = run("solve", "hdu1524", stdin=b"2\r1 1\r0\r1 0\r\xff")
    assert out.returncode == 2 and one_line(out.stderr) == "<stdin>:5:1: not UTF-8 text (byte 0xff)"


def test_an_empty_hdu1524_file_is_refused_like_the_other_formats():
    for fmt in ("hdu1524", "hdu1536", "hdu5724", "hdu5795"):
        out = run("solve", fmt, stdin=b"\n")
        assert out.returncode == 2 and out.stdout == b""
        assert one_line(out.stderr).startswith("<stdin>:1:1: the input is empty: expected ")


def test_a_million_character_token_gives_a_short_line():
    out = run("solve", "hdu5795", stdin=b"1\n1\n" + b"7" * 500_000 + b"x" * 500_000 + b"\n")
    line = one_line(out.stderr)
    assert out.returncode == 2 and len(line) < 200 and "1,000,000 characters" in line


# -- play ----------------------------------------------------------------------------------------------
def test_play_stops_after_1000_moves_by_default_and_says_so(tmp_path, capsys):
    path = tmp_path / "heap.txt"
    path.write_text("1 1\n1\n1 5001\n0\n")  # S = {1}: a line of 5,001 moves, won by player 1
    assert cli_play.main(["hdu1536", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1001 and lines[999] == "1000. player 2: heap 1, take 1, nim-sum 1"
    assert lines[-1] == "stopped after 1,000 moves (--max-moves 1000); player 1 wins with best play"
    assert cli_play.main(["hdu1536", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["moves"]) == 1000 and data["stopped"] is True and data["winner"] == 1
    assert cli_play.DEFAULT_MAX_MOVES == 1000


def test_play_writes_each_move_as_it_is_made(tmp_path, monkeypatch):
    path = tmp_path / "heaps.txt"
    path.write_text(f"1\n2\n{10**18} {10**18 + 3}\n")
    events = []

    class Recorder(io.StringIO):
        def write(self, text):
            events.append(("write", text))
            return super().write(text)

        def flush(self):
            events.append(("flush", None))

    monkeypatch.setattr(sys, "stdout", Recorder())
    assert cli_play.main(["hdu5795", str(path), "--max-moves", "5"]) == 0
    moves = [i for i, (kind, text) in enumerate(events) if kind == "write" and ". player " in text]
    assert len(moves) == 5
    assert all(events[i + 1][0] == "flush" for i in moves)  # flushed before the next move is computed


def test_play_on_an_s_without_a_period_is_one_line_and_status_2(tmp_path):
    path = tmp_path / "s.txt"
    path.write_text(f"2 1 {10**9}\n1\n1 {10**18}\n0\n")
    out = run("play", "hdu1536", str(path))
    assert out.returncode == 2 and out.stdout == b""
    assert "test case 1, position 1: no period of g found" in one_line(out.stderr)


def test_play_answers_huge_members_directly(tmp_path, capsys):
    path = tmp_path / "s.txt"
    path.write_text(f"1 {10**18}\n1\n1 {2 * 10**18 + 5}\n0\n")
    assert cli_play.main(["hdu1536", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    take = f"take {10**18}"
    assert [line.split(": ", 1)[1].split(",")[1].strip() for line in lines[:-1]] == [take, take]
    assert lines[-1] == "player 2 wins"  # two takes, then 5 stones that no move can touch


def test_screenshot_of_a_bad_document_is_one_line_and_status_2(tmp_path):
    bad = tmp_path / "bad.sgs"
    bad.write_text('{"format":"sgstudio","version":1,"graph":{"vertices":[{"id":3000000000}]}}')
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "QT_QPA_PLATFORM")}
    out = run("--screenshot", str(tmp_path / "o.png"), str(bad), env=env)
    assert out.returncode == 2 and not (tmp_path / "o.png").exists()
    assert one_line(out.stderr) == f"{bad}:1:61: expected a vertex id: an integer in 0..2147483647"
