"""Atomic saves (issue 9): the replaced file keeps its mode, symlinks are written through, a new
file follows the umask, and temporary files of a writer killed mid-save are cleaned up."""

from __future__ import annotations

import os
import signal
import socket
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sgstudio.document import sgs
from sgstudio.games.graph.model.graph import GameGraph

posix_only = pytest.mark.skipif(os.name != "posix", reason="modes, umask and symlinks as on POSIX")


def atomic():
    from sgstudio.formats import atomic as module  # here: the tests of main fail on behaviour

    return module


def mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


@posix_only
@pytest.mark.parametrize("bits", [0o644, 0o640, 0o600, 0o755])
def test_saving_over_a_file_keeps_its_mode(tmp_path, bits):
    path = tmp_path / "game.sgs"
    path.write_text("old")
    os.chmod(path, bits)
    sgs.write(path, GameGraph.from_edges(2, [(0, 1)]))
    assert mode(path) == bits and sgs.read(path).graph.edges() == [(0, 1)]
    atomic().write_atomic(path, lambda tmp: tmp.write_bytes(b"\x89PNG"))  # an exporter writing itself
    assert mode(path) == bits and path.read_bytes() == b"\x89PNG"


@posix_only
@pytest.mark.parametrize(("umask", "bits"), [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_a_new_file_follows_the_umask(tmp_path, umask, bits):
    old = os.umask(umask)
    try:
        atomic().write_atomic(tmp_path / "new.txt", "x")
    finally:
        os.umask(old)
    assert mode(tmp_path / "new.txt") == bits


@posix_only
def test_saving_through_a_symlink_updates_the_target_and_keeps_the_link(tmp_path):
    real = tmp_path / "real" / "game.sgs"
    real.parent.mkdir()
    real.write_text("stale")
    os.chmod(real, 0o644)
    link = tmp_path / "link.sgs"
    link.symlink_to(real)
    sgs.write(link, GameGraph.from_edges(3, [(0, 1)]))
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert sgs.read(real).graph.edges() == [(0, 1)] and mode(real) == 0o644
    assert sorted(p.name for p in real.parent.iterdir()) == ["game.sgs"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.sgs", "real"]


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    path = tmp_path / "game.sgs"
    path.write_text("old")

    def full_disk(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    with pytest.raises(OSError):
        atomic().write_atomic(path, "new")
    assert path.read_text() == "old" and sorted(p.name for p in tmp_path.iterdir()) == ["game.sgs"]


def a_dead_pid() -> int:
    """The id of a process that has ended (and been reaped)."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


@posix_only
def test_stale_temporaries_of_dead_writers_are_removed_and_live_ones_kept(tmp_path):
    path = tmp_path / "game.sgs"
    host = atomic()._host()
    dead = tmp_path / f".game.sgs.sgstudio-{host}-{a_dead_pid()}-0a1b2c3d.tmp"
    alive = tmp_path / f".game.sgs.sgstudio-{host}-{os.getpid()}-0a1b2c3d.tmp"
    remote = tmp_path / f".game.sgs.sgstudio-elsewhere-{a_dead_pid()}-0a1b2c3d.tmp"
    legacy_old, legacy_new = tmp_path / ".game.sgs.abc_1234.tmp", tmp_path / ".game.sgs.xyz_9876.tmp"
    other = tmp_path / ".other.sgs.sgstudio-x-1-00.tmp"
    for stray in (dead, alive, remote, legacy_old, legacy_new, other):
        stray.write_text("partial")
    hour_ago = time.time() - 2 * atomic().LEGACY_AGE
    os.utime(legacy_old, (hour_ago, hour_ago))
    sgs.write(path, GameGraph())
    left = {p.name for p in tmp_path.iterdir()}
    assert left == {"game.sgs", alive.name, remote.name, legacy_new.name, other.name}
    assert socket.gethostname()  # the host name is part of a temporary's name


WRITER = """
import sys
from sgstudio.formats.atomic import write_atomic

def hang(tmp):
    tmp.write_bytes(b"x" * 100_000)
    print(tmp, flush=True)  # the temporary exists now
    sys.stdin.read()  # wait until killed

write_atomic(sys.argv[1], hang)
"""


@posix_only
def test_a_writer_killed_mid_save_leaves_a_temporary_that_the_next_save_removes(tmp_path):
    path = tmp_path / "game.sgs"
    sgs.write(path, GameGraph.from_edges(2, [(0, 1)]))
    before = path.read_text()
    child = subprocess.Popen([sys.executable, "-c", WRITER, str(path)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    try:
        tmp = Path(child.stdout.readline().strip())  # blocks until the child has written its temporary
        assert tmp.exists() and tmp.parent == tmp_path
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
        child.stdout.close()
        child.stdin.close()
    assert tmp.exists() and path.read_text() == before  # killed: the old file is whole
    sgs.write(path, GameGraph.from_edges(3, [(1, 2)]))
    assert not tmp.exists() and sorted(p.name for p in tmp_path.iterdir()) == ["game.sgs"]
    assert sgs.read(path).graph.edges() == [(1, 2)]


def test_a_missing_folder_is_an_os_error_naming_it(tmp_path):
    with pytest.raises(FileNotFoundError) as info:
        atomic().write_atomic(tmp_path / "no" / "such.sgs", "x")
    assert info.value.filename == str(tmp_path / "no")
