"""Atomic file writes that keep the replaced file's mode, write through symlinks, and clean up.

Every file sgstudio saves (``.sgs`` documents, recovery files, exports) goes through
:func:`write_atomic`:

- the bytes go to a temporary sibling file, are flushed to the disk, and the sibling is renamed
  over the target (``os.replace``): a crash or a full disk half-way leaves the old file intact;
- a file that is replaced keeps its permission bits (and its group, where allowed); a new file
  gets the usual ``0666`` minus the umask, as any editor would create it;
- a path that is a symlink is written through: the link stays and its target gets the new content;
- temporary files are named ``.NAME.sgstudio-HOST-PID-RANDOM.tmp``; one left behind by a process of
  this host that no longer runs (killed during a save) is removed by the next save to the same
  name, and so is a ``.NAME.XXXXXXXX.tmp`` of older versions once it is an hour old.

Examples
--------
>>> import os, stat, tempfile
>>> folder = tempfile.mkdtemp()
>>> target = os.path.join(folder, "game.sgs")
>>> write_atomic(target, "first\\n")
>>> os.chmod(target, 0o640)
>>> write_atomic(target, "second\\n")
>>> open(target).read(), oct(stat.S_IMODE(os.stat(target).st_mode)), os.listdir(folder)
('second\\n', '0o640', ['game.sgs'])
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import socket
import stat
import time
from collections.abc import Callable
from pathlib import Path

TAG = "sgstudio"
LEGACY_AGE = 3600.0
"""Seconds after which a temporary file in the old naming (no owner in its name) counts as stale."""

Writer = Callable[[Path], object]


def write_atomic(path: str | os.PathLike[str], content: str | bytes | Writer) -> None:
    """Replace the file at ``path`` with ``content`` (text is written as UTF-8) atomically.

    ``content`` may also be a function that writes the file at the path it is given (a Qt exporter,
    say) and returns False or raises OSError on failure. The temporary file is removed whatever
    happens; OSError reaches the caller with the target's name in it.
    """
    target = Path(os.path.realpath(path))
    if not target.parent.is_dir():
        raise FileNotFoundError(errno.ENOENT, "no such folder", str(target.parent))
    remove_stale_temporaries(target)
    old = _stat_or_none(target)
    tmp = target.with_name(f".{target.name}.{TAG}-{_host()}-{os.getpid()}-{secrets.token_hex(4)}.tmp")
    try:
        if callable(content):
            _write_with(tmp, content, target)
        else:
            _write_bytes(tmp, content.encode("utf-8") if isinstance(content, str) else content)
        if old is not None:
            _keep_mode(tmp, old)
        os.replace(tmp, target)
    except OSError as err:
        _unlink_quietly(tmp)
        if err.filename != str(tmp):
            raise
        # the target is what the person named (a folder, a place they may not write): not the temporary
        raise type(err)(err.errno, err.strerror, str(path)) from None
    except BaseException:
        _unlink_quietly(tmp)
        raise
    _sync_directory(target.parent)


def _write_bytes(tmp: Path, data: bytes) -> None:
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())


def _write_with(tmp: Path, writer: Writer, target: Path) -> None:
    if writer(tmp) is False or not tmp.exists():
        raise OSError(errno.EIO, "the file could not be written", str(target))
    with open(tmp, "rb+") as handle:
        os.fsync(handle.fileno())


def _keep_mode(tmp: Path, old: os.stat_result) -> None:
    """The replaced file's permission bits, and its owner and group where this process may set them."""
    os.chmod(tmp, stat.S_IMODE(old.st_mode))
    if hasattr(os, "chown"):
        with contextlib.suppress(OSError):  # only root may give a file away; a group we belong to stays
            os.chown(tmp, old.st_uid, old.st_gid)
        os.chmod(tmp, stat.S_IMODE(old.st_mode))  # chown may clear set-id bits


def _stat_or_none(target: Path) -> os.stat_result | None:
    try:
        return os.stat(target)
    except FileNotFoundError:
        return None


def _sync_directory(directory: Path) -> None:
    """Make the rename durable (POSIX); a file system that cannot sync a directory is fine too."""
    if os.name != "posix":
        return
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# -- stale temporaries -------------------------------------------------------------------------
def remove_stale_temporaries(target: str | os.PathLike[str]) -> list[Path]:
    """Remove our temporary files for ``target`` whose writer is gone; return the removed paths.

    A file ``.NAME.sgstudio-HOST-PID-X.tmp`` is stale when HOST is this host and no process PID
    runs; one of another host is left alone (it may be saving over a network share right now).
    """
    target = Path(target)
    ours = re.compile(re.escape(f".{target.name}.{TAG}-") + r"(?P<host>.*)-(?P<pid>\d+)-[0-9a-f]+\.tmp")
    legacy = re.compile(re.escape(f".{target.name}.") + r"[a-z0-9_]{8}\.tmp")
    removed = []
    try:
        names = os.listdir(target.parent)
    except OSError:
        return removed
    for name in names:
        match = ours.fullmatch(name)
        path = target.parent / name
        if match:
            stale = match["host"] == _host() and not _running(int(match["pid"]))
        else:
            stale = legacy.fullmatch(name) is not None and _age(path) > LEGACY_AGE
        if stale and _unlink_quietly(path):
            removed.append(path)
    return removed


def _host() -> str:
    return re.sub(r"[^A-Za-z0-9.]", "_", socket.gethostname())[:40] or "host"


def _running(pid: int) -> bool:
    """Whether a process ``pid`` runs on this host (this process counts; so does one we may not signal)."""
    if pid == os.getpid() or os.name != "posix":  # Windows' os.kill(pid, 0) would end the process
        return True
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True
    return True


def _age(path: Path) -> float:
    try:
        return time.time() - path.stat().st_mtime
    except OSError:
        return 0.0


def _unlink_quietly(path: Path) -> bool:
    try:
        path.unlink()
    except OSError:
        return False
    return True
