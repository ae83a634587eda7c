"""The user's private folders and files: recovery files, their locks and crash logs (Qt-free).

A cache folder may be shared (``XDG_CACHE_HOME`` pointing at a folder another user can write): then
another user could replace a recovery file by a symlink to the victim's ``.bashrc``, and the next
autosave would overwrite it. So:

- :func:`private_folder` creates a folder (and its missing parents under the cache) ``0700`` and
  refuses one that is a symlink, not a folder, not owned by this user or writable by others
  (:class:`UnsafeFolderError`, a message saying what is wrong and what to do); a folder of this user's
  that others can only read is made ``0700``;
- :func:`write_private` writes a file ``0600`` through a temporary sibling created with
  ``O_CREAT | O_EXCL | O_NOFOLLOW`` and renamed over the target (a symlink there is replaced, never
  followed);
- :func:`open_lock` opens a lock file ``0600`` with ``O_NOFOLLOW`` (``O_EXCL`` when it must be new).

>>> import os, stat, tempfile
>>> home = tempfile.mkdtemp()
>>> folder = private_folder(os.path.join(home, "cache", "recovery"))
>>> oct(stat.S_IMODE(os.stat(folder).st_mode))
'0o700'
>>> write_private(os.path.join(folder, "a.sgs"), b"{}")
>>> oct(stat.S_IMODE(os.stat(os.path.join(folder, "a.sgs")).st_mode)), sorted(os.listdir(folder))
('0o600', ['a.sgs'])
"""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
from pathlib import Path
from typing import IO

NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
CLOEXEC = getattr(os, "O_CLOEXEC", 0)
TEMPORARY = ".tmp-"
"""The prefix of :func:`write_private`'s temporary files (a start removes those no one writes)."""


class UnsafeFolderError(OSError):
    """A folder sgstudio will not keep private files in (someone else owns it or may write in it)."""


def private_folder(path: str | os.PathLike[str]) -> Path:
    """``path`` as a folder only this user may enter, created ``0700`` when missing (its missing
    parents too); :class:`UnsafeFolderError` when it cannot be trusted."""
    folder = Path(path)
    missing = []
    parent = folder
    while not os.path.lexists(parent) and parent != parent.parent:
        missing.append(parent)
        parent = parent.parent
    for made in reversed(missing):
        with contextlib.suppress(FileExistsError):
            os.mkdir(made, 0o700)
    check_folder(folder)
    return folder


def check_folder(folder: Path) -> None:
    """Refuse a folder that is a symlink, not a folder, someone else's or writable by others; make a
    readable one of this user's ``0700``."""
    info = os.lstat(folder)
    where = f"the folder {folder}"
    if stat.S_ISLNK(info.st_mode):
        raise UnsafeFolderError(f"{where} is a symbolic link; sgstudio keeps its recovery files only "
                                "in a real folder of yours (remove the link, or set XDG_CACHE_HOME to a "
                                "folder of yours)")
    if not stat.S_ISDIR(info.st_mode):
        raise UnsafeFolderError(f"{where} is not a folder (remove it, or set XDG_CACHE_HOME elsewhere)")
    if hasattr(os, "geteuid") and info.st_uid != os.geteuid():
        raise UnsafeFolderError(f"{where} belongs to another user (uid {info.st_uid}); sgstudio keeps its "
                                "recovery files only in a folder of yours (set XDG_CACHE_HOME to one)")
    if info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        mode = stat.S_IMODE(info.st_mode)
        raise UnsafeFolderError(f"{where} may be written by other users (mode {mode:o}); "
                                f"make it private (chmod 700 {folder}) or set XDG_CACHE_HOME to a "
                                "folder of yours")
    if stat.S_IMODE(info.st_mode) != 0o700:
        os.chmod(folder, 0o700)


def write_private(path: str | os.PathLike[str], data: bytes) -> None:
    """Replace the file at ``path`` by ``data``, mode ``0600``, atomically and never through a
    symlink (the temporary sibling is removed whatever happens; OSError reaches the caller)."""
    target = Path(path)
    tmp = target.with_name(f"{TEMPORARY}{os.getpid()}-{secrets.token_hex(4)}-{target.name}")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | NOFOLLOW | CLOEXEC, 0o600)
    try:
        with os.fdopen(fd, "wb") as handle:
            view = memoryview(data)
            while view:
                view = view[handle.write(view) or 0:]
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def open_lock(path: str | os.PathLike[str], new: bool) -> IO[bytes]:
    """A lock file opened for reading and writing, never through a symlink: created ``0600`` (and
    required to be new) when ``new``, else an existing one (FileNotFoundError when there is none)."""
    flags = os.O_RDWR | NOFOLLOW | CLOEXEC | ((os.O_CREAT | os.O_EXCL) if new else 0)
    return os.fdopen(os.open(path, flags, 0o600), "rb+")
