"""Crash logs: the traceback of an unexpected error, kept for a developer, pointed to in one line.

Neither the command line nor the window ever shows a traceback. When something fails that no rule
of sgstudio foresaw (a bug), :func:`write` saves the traceback with the command line, the versions
and the time to ``crash-YYYYmmdd-HHMMSS-PID-XXXXXX.log`` in :func:`~sgstudio.paths.user_cache_dir`, and
the user sees one line that names the file. The newest :data:`KEEP` logs are kept.

This module imports nothing beyond the standard library and :mod:`sgstudio.paths`: it must work
when everything else is broken.

>>> import os, tempfile
>>> from unittest import mock
>>> with mock.patch.dict(os.environ, XDG_CACHE_HOME=tempfile.mkdtemp()):
...     try:
...         1 / 0
...     except ZeroDivisionError as err:
...         path = write(err)
>>> path.name.startswith("crash-"), "ZeroDivisionError" in path.read_text()
(True, True)
"""

from __future__ import annotations

import contextlib
import os
import platform
import secrets
import sys
import time
import traceback
from pathlib import Path

from sgstudio.paths import user_cache_dir
from sgstudio.private_files import NOFOLLOW, private_folder

KEEP = 20
"""How many crash logs are kept (the oldest are removed)."""


def write(err: BaseException, context: str = "") -> Path:
    """Save the traceback of ``err`` (with ``context``, what was being done) and return the log's path.

    OSError if the log cannot be written (the caller says so in its one line).
    """
    folder = private_folder(user_cache_dir())  # 0700, this user's (UnsafeFolderError, an OSError, if not)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"crash-{stamp}-{os.getpid()}-{secrets.token_hex(3)}.log"
    lines = [
        f"sgstudio crash log, {time.strftime('%Y-%m-%d %H:%M:%S %z')}",
        f"command: {' '.join(map(repr, sys.argv))}",
        f"context: {context or '-'}",
        f"python {platform.python_version()} on {platform.platform()}",
        f"sgstudio {_version()}",
        "",
        *traceback.format_exception(type(err), err, err.__traceback__),
    ]
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | NOFOLLOW, 0o600)  # new, never a link
    with open(fd, "w", encoding="utf-8", errors="backslashreplace") as handle:
        handle.write("\n".join(line.rstrip("\n") for line in lines) + "\n")
    _prune(folder)
    return path


def summary(err: BaseException) -> str:
    """The exception in a few words: its type and the start of its message.

    >>> summary(ValueError("bad")), len(summary(KeyError("x" * 200)))
    ('ValueError: bad', 78)
    """
    text = f"{type(err).__name__}: {err}".splitlines()[0] if str(err) else type(err).__name__
    return text if len(text) <= 80 else text[:77] + "…"


def _version() -> str:
    try:
        from importlib.metadata import version

        return version("sgstudio")
    except Exception:  # not installed (a checkout): the version is not essential here
        return "(not installed)"


def _prune(folder: Path) -> None:
    logs = sorted(folder.glob("crash-*.log"), key=lambda p: p.stat().st_mtime)
    for old in logs[:-KEEP]:
        with contextlib.suppress(OSError):
            old.unlink()
