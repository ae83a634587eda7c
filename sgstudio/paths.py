"""Where the shipped resources are (in a wheel and in a checkout alike), and the user's cache folder."""

from __future__ import annotations

import os
import sys
from importlib import resources
from pathlib import Path


def resource_path(*parts: str) -> Path:
    """Path of a shipped resource file, e.g. ``resource_path("examples", "hdu1524.txt")``.

    An installed wheel has ``sgstudio/resources``; an editable checkout has ``resources/`` at the top.
    """
    packaged = resources.files("sgstudio").joinpath("resources", *parts)
    if packaged.is_file() or packaged.is_dir():
        return Path(str(packaged))
    return Path(__file__).resolve().parent.parent.joinpath("resources", *parts)


def user_cache_dir() -> Path:
    """The per-user folder for sgstudio's crash logs and recovery files (not created here).

    ``$XDG_CACHE_HOME/sgstudio`` when that is set (tests point it at a temporary folder), else the
    platform's cache folder: ``~/.cache/sgstudio`` on Linux and the BSDs, ``~/Library/Caches/sgstudio``
    on macOS, ``%LOCALAPPDATA%\\sgstudio\\Cache`` on Windows.

    >>> import os
    >>> from unittest import mock
    >>> with mock.patch.dict(os.environ, XDG_CACHE_HOME="/tmp/cache-example"):
    ...     str(user_cache_dir())
    '/tmp/cache-example/sgstudio'
    """
    xdg = os.environ.get("XDG_CACHE_HOME")
    if xdg and os.path.isabs(xdg):
        return Path(xdg) / "sgstudio"
    if sys.platform == "win32" and os.environ.get("LOCALAPPDATA"):
        return Path(os.environ["LOCALAPPDATA"]) / "sgstudio" / "Cache"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "sgstudio"
    return Path.home() / ".cache" / "sgstudio"
