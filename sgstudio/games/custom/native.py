"""The exploration's inner loop compiled from C (``explore_native.c``), where a compiler was found.

Mapping each option of a position to its id costs a pure-Python loop some 140 ns an option (a dict
look-up, a list grown), twice what a user's generator takes to yield it; the C loop does it at a
fraction of that. The package's build compiles it (the build hook ``hatch_build.py`` calls
:func:`sgstudio.core.compiled.build_all`, which builds it beside the numba kernels), into this
package's ``__pycache__`` under a name that carries a hash of the source and the interpreter's tag,
so an edited source is never served by an old build. Without a build (no compiler, or
``SGSTUDIO_NO_NATIVE=1``) :mod:`sgstudio.games.custom.explore` runs its Python loop, which gives the
same ids.

>>> built = load()
>>> built is None or callable(built.ids) and built.table() is not None
True
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
import zlib
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "explore_native.c")
_loaded: list[ModuleType | None] = []


def module_name() -> str:
    """The extension's module name: ``explore_native_`` and a checksum of the source and the tag."""
    with open(SOURCE, "rb") as source:
        data = source.read() + sys.implementation.cache_tag.encode()
    return f"explore_native_{zlib.crc32(data):08x}{zlib.adler32(data):08x}"


def module_path() -> Path:
    """Where the built extension lives (this package's ``__pycache__``)."""
    from pathlib import Path

    return Path(_path())


def _path() -> str:
    folder = os.path.join(os.path.dirname(os.path.realpath(__file__)), "__pycache__")
    return os.path.join(folder, module_name() + importlib.machinery.EXTENSION_SUFFIXES[0])


def load() -> ModuleType | None:
    """The built extension, imported once; None without one (or with ``SGSTUDIO_NO_NATIVE`` set)."""
    if not _loaded:
        built = None
        path = _path() if os.path.exists(SOURCE) else ""
        if path and os.path.exists(path) and not os.environ.get("SGSTUDIO_NO_NATIVE"):
            name = module_name()
            try:
                loader = importlib.machinery.ExtensionFileLoader(name, path)
                spec = importlib.util.spec_from_file_location(name, path, loader=loader)
                built = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
                loader.exec_module(built)
            except (ImportError, OSError):  # pragma: no cover - a broken build: the Python loop
                built = None
        _loaded.append(built)
    return _loaded[0]


def build(folder: Path | None = None) -> Path:
    """Compile the extension with the interpreter's own compiler and flags into ``folder`` (default:
    where :func:`load` looks); returns its path. Older builds there go. OSError or
    CalledProcessError when there is no compiler."""
    import shlex
    import subprocess
    import sysconfig
    import tempfile
    from pathlib import Path

    target = module_path() if folder is None else folder / module_path().name
    target.parent.mkdir(parents=True, exist_ok=True)
    link = sysconfig.get_config_var("LDSHARED") or "cc -shared"
    include = sysconfig.get_paths()["include"]
    with tempfile.TemporaryDirectory(dir=target.parent) as tmp:
        out = Path(tmp) / target.name
        subprocess.run([*shlex.split(link), "-O2", "-fPIC", f"-I{include}", f"-DSGS_MODULE={module_name()}",
                        SOURCE, "-o", str(out)], check=True, capture_output=True)
        out.replace(target)
    for stale in target.parent.glob("explore_native_*"):
        if stale != target:
            stale.unlink(missing_ok=True)
    _loaded.clear()
    return target


def ensure_built(if_missing: bool = True) -> Path:
    """The extension's path, compiled first when missing (or always, ``if_missing=False``)."""
    path = module_path()
    return path if if_missing and path.exists() else build()
