"""numba's cache (the index and data files of ``cache=True`` kernels) in the user's cache folder,
not in the installed package's ``__pycache__`` (issue 29, item 9): ``NUMBA_CACHE_DIR`` is set when
sgstudio is imported, before numba can be; a value the user set is kept.

Only ``os`` is used (importing sgstudio stays cheap): the folder is the ``numba`` subfolder of
:func:`sgstudio.paths.user_cache_dir`, worked out the same way.

>>> import os
>>> folder({"XDG_CACHE_HOME": "/tmp/c"}, "linux", "/home/ada")
'/tmp/c/sgstudio/numba'
>>> folder({}, "linux", "/home/ada")
'/home/ada/.cache/sgstudio/numba'
"""

from __future__ import annotations

import os
import sys


def folder(environ: dict[str, str], platform: str, home: str) -> str:
    """The numba cache folder for this environment (see :func:`sgstudio.paths.user_cache_dir`)."""
    xdg = environ.get("XDG_CACHE_HOME")
    if xdg and os.path.isabs(xdg):
        base = os.path.join(xdg, "sgstudio")
    elif platform == "win32" and environ.get("LOCALAPPDATA"):
        base = os.path.join(environ["LOCALAPPDATA"], "sgstudio", "Cache")
    elif platform == "darwin":
        base = os.path.join(home, "Library", "Caches", "sgstudio")
    else:
        base = os.path.join(home, ".cache", "sgstudio")
    return os.path.join(base, "numba")


def set_default() -> None:
    """Point ``NUMBA_CACHE_DIR`` at the user's cache folder unless it is set (or numba is loaded)."""
    if "NUMBA_CACHE_DIR" in os.environ or "numba" in sys.modules:
        return
    os.environ["NUMBA_CACHE_DIR"] = folder(dict(os.environ), sys.platform, os.path.expanduser("~"))
