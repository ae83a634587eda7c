"""Recovery files: the unsaved document of each running studio, kept for after a crash (Qt-free).

Each studio session that has something unsaved writes it to ``recovery/session-ID.sgs`` in
:func:`~sgstudio.paths.user_cache_dir`: an ordinary ``.sgs`` document with one more top-level
member, ``"recovery": {"name", "path", "saved"}`` (the window title, the file it belongs to or
null, the time of writing). Writes are atomic (:func:`~sgstudio.formats.atomic.write_atomic`).

While a session lives it holds an exclusive lock on ``session-ID.lock`` (``flock`` on POSIX,
``msvcrt.locking`` on Windows). The operating system drops the lock when the process ends, however
it ends (``kill -9`` included), so a recovery file whose lock can be taken belongs to a session
that did not close cleanly: an *orphan*, offered on the next start. A clean close removes the
session's files; so does a save (nothing is left to recover).

>>> import os, tempfile
>>> from unittest import mock
>>> patch = mock.patch.dict(os.environ, XDG_CACHE_HOME=tempfile.mkdtemp()); _ = patch.start()
>>> from sgstudio.games.graph.model.graph import GameGraph
>>> from sgstudio.document import sgs
>>> session = Session()
>>> session.write(sgs.to_dict(GameGraph.from_edges(2, [(0, 1)])), "game.sgs", None)
>>> orphans()  # our own session is alive: not an orphan
[]
>>> session.close()
>>> session.path.exists()
False
>>> _ = patch.stop()
"""

from __future__ import annotations

import contextlib
import os
import secrets
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from sgstudio.core.errors import SGStudioError
from sgstudio.document import sgs
from sgstudio.formats import json_text
from sgstudio.formats.atomic import write_atomic
from sgstudio.paths import user_cache_dir


def folder() -> Path:
    """Where the recovery files are."""
    return user_cache_dir() / "recovery"


class Session:
    """This process's recovery file (created, and its lock taken, on the first :meth:`write`)."""

    def __init__(self) -> None:
        self.id = f"{os.getpid()}-{secrets.token_hex(4)}"
        self.path = folder() / f"session-{self.id}.sgs"
        self._lock: IO[bytes] | None = None

    def write(self, data: dict[str, Any], name: str, origin: str | None) -> None:
        """Save a :func:`sgstudio.document.sgs.to_dict` snapshot (any thread; OSError if it fails)."""
        self._hold_lock()
        extra = {"recovery": {"name": name, "path": origin, "saved": time.time()}}
        write_atomic(self.path, sgs.text_of(data, extra))

    def discard(self) -> None:
        """Remove the recovery file (the document was saved or is no longer wanted); keep the lock."""
        with contextlib.suppress(OSError):
            self.path.unlink()

    def close(self) -> None:
        """A clean end: the recovery file and the lock go."""
        self.discard()
        if self._lock is not None:
            self._lock.close()
            self._lock = None
            with contextlib.suppress(OSError):
                _lock_path(self.path).unlink()

    def _hold_lock(self) -> None:
        if self._lock is not None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(_lock_path(self.path), "a+b")  # noqa: SIM115 - held for the session's life
        if not _try_lock(handle):
            handle.close()
            raise OSError(f"the recovery lock {_lock_path(self.path)} is taken")
        self._lock = handle


@dataclass(frozen=True)
class Recovery:
    """An orphaned recovery file: what it holds and where it came from."""

    path: Path
    name: str
    origin: str | None
    saved: float

    def load(self) -> sgs.Document:
        """The document (ParseError if the file is damaged)."""
        return sgs.read(self.path)

    def discard(self) -> None:
        """Remove the file and its lock (the user chose Discard, or it was restored)."""
        for path in (self.path, _lock_path(self.path)):
            with contextlib.suppress(OSError):
                path.unlink()

    def describe(self) -> str:
        """In words, for the dialog."""
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.saved))
        where = f" ({self.origin})" if self.origin else " (never saved)"
        return f"{self.name}{where}, autosaved {when}"


def orphans() -> list[Recovery]:
    """Recovery files of sessions that ended without a clean close, newest first."""
    found = []
    for path in sorted(folder().glob("session-*.sgs")):
        if _alive(path):
            continue
        try:
            meta = json_text.decode(path.read_text(encoding="utf-8"), str(path)).get("recovery") or {}
            origin = meta.get("path")
            found.append(Recovery(path, str(meta.get("name") or path.name), str(origin) if origin else None,
                                  float(meta.get("saved") or _mtime(path))))
        except (OSError, SGStudioError, ValueError, TypeError, AttributeError):
            found.append(Recovery(path, path.name, None, _mtime(path)))  # damaged: still offered
    return sorted(found, key=lambda r: r.saved, reverse=True)


def _lock_path(path: Path) -> Path:
    return path.with_suffix(".lock")


def _alive(path: Path) -> bool:
    """Whether the session of a recovery file still runs: its lock is held by someone."""
    try:
        handle = open(_lock_path(path), "rb+")  # noqa: SIM115 - closed below
    except FileNotFoundError:
        return False
    except OSError:
        return True  # cannot tell: leave it alone
    with handle:  # a lock we take is released when the handle closes
        return not _try_lock(handle)


def _try_lock(handle: IO[bytes]) -> bool:
    """Take an exclusive lock without waiting; False when another handle holds it."""
    try:
        import fcntl
    except ImportError:  # Windows
        import msvcrt

        try:
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0

