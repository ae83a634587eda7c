"""Output written in full or refused in one line (issue 29, item 1): a disk that fills up half-way
is exit status 1 with one line, never a silently cut file with status 0; a reader that goes away
ends the run quietly with status 141; writes that take only part of the bytes are written on."""

from __future__ import annotations

import errno
import os
import subprocess
import sys

import pytest

from sgstudio import output
from sgstudio.cli import main as cli

FULL = "sgstudio: cannot write the output: No space left on device"


def run_into(args: list[str], stdout) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "sgstudio", *args], stdout=stdout, stderr=subprocess.PIPE,
                          check=False, timeout=180)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("args", [["values", "0.77", "1000000"], ["values", "0.77", "1000000", "--json"],
                                  ["sum", "0.77:1000", "nim:3,4,5"], ["period", "0.16"]])
def test_a_full_disk_is_exit_status_1_and_one_line(args):
    with open("/dev/full", "wb") as full:
        done = run_into(args, full)
    assert (done.returncode, done.stderr.decode()) == (1, FULL + "\n")


@pytest.mark.skipif(os.name != "posix", reason="a closed pipe as on POSIX")
@pytest.mark.parametrize("args", [["values", "0.77", "3000000"], ["values", "0.77", "3000000", "--json"]])
def test_a_reader_that_closes_the_pipe_ends_the_run_quietly_non_zero(args):
    child = subprocess.Popen([sys.executable, "-m", "sgstudio", *args], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE)
    assert len(child.stdout.read(10)) == 10  # what `| head -c 10` reads
    child.stdout.close()
    err = child.stderr.read()
    assert child.wait(timeout=120) == output.EXIT_CLOSED_PIPE
    assert err == b""


class ShortWrites:
    """os.write that takes at most ``step`` bytes a call, then fails with ENOSPC after ``room`` bytes
    (a disk filling up: CPython's buffered writer turned this into a short count and status 0)."""

    def __init__(self, room: int | None, step: int = 4096) -> None:
        self.room, self.step, self.got = room, step, bytearray()

    def __call__(self, fd: int, data) -> int:
        if self.room is not None and len(self.got) >= self.room:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        take = bytes(data[: self.step])
        self.got += take
        return len(take)


def test_short_writes_are_written_on_to_the_end(monkeypatch, tmp_path):
    writes = ShortWrites(None, step=1000)
    monkeypatch.setattr(output.os, "write", writes)
    with open(tmp_path / "out", "wb") as handle:
        monkeypatch.setattr(sys, "stdout", open(handle.fileno(), "w", closefd=False))  # noqa: SIM115
        assert cli.main(["values", "0.77", "100000"]) == 0
    got = bytes(writes.got).split()
    assert len(got) == 100000 and got[:6] == [b"0", b"1", b"2", b"3", b"1", b"4"]


def test_a_disk_that_fills_up_after_a_short_write_is_status_1(monkeypatch, capsys, tmp_path):
    writes = ShortWrites(room=50_000, step=30_000)
    monkeypatch.setattr(output.os, "write", writes)
    with open(tmp_path / "out", "wb") as handle:
        capsys.readouterr()
        monkeypatch.setattr(sys, "stdout", open(handle.fileno(), "w", closefd=False))  # noqa: SIM115
        status = cli.main(["values", "0.77", "100000"])
    assert status == 1
    assert capsys.readouterr().err == FULL + "\n"
    assert 0 < len(writes.got) < 200_000


def test_help_names_every_tab_and_every_exit_status(capsys):
    from sgstudio.app.start import tab_keys

    assert cli.main(["--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert all(f" {key}," in text or f" {key} " in text for key in tab_keys()), text
    assert "130 interrupted" in text and "141 the reader closed the pipe" in text
