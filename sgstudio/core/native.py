"""Small C extensions of the package: compiled by the package's build, loaded without numba or numpy.

Where a loop over Python objects or over a judge file's bytes is the whole cost, a few dozen lines
of C do it (the CPython C API only): the exploration's inner loop of games written in Python
(:mod:`sgstudio.games.custom.native`), the judge files that a command line answers before numpy
would have finished importing (:mod:`sgstudio.formats.native`). An :class:`Extension` is one C
source beside its Python module. The package's build (the hook ``hatch_build.py`` calling
:func:`sgstudio.core.compiled.build_all`, as ``make`` does) compiles each with the interpreter's own
compiler and flags into the ``__pycache__`` beside the source, under a name carrying a checksum of
the source and the interpreter's tag (an edited source is never served by an old build; the C
source gets the module's name as the macro ``SGS_MODULE``). Without a build (no compiler, or
``SGSTUDIO_NO_NATIVE=1``) :meth:`Extension.load` gives None and the callers run their Python path,
which gives the same answers (the tests compare them).

>>> ext = Extension(__file__.replace("native.py", "no_such_source.c"), "none")
>>> ext.load() is None
True
"""

from __future__ import annotations

import importlib.machinery
import os
import sys
import zlib
from types import ModuleType

TYPE_CHECKING = False  # typing itself costs a command line's start some ms (so does pathlib)
if TYPE_CHECKING:
    from pathlib import Path

EXTENSIONS = ("sgstudio.games.custom.native", "sgstudio.formats.native",
              "sgstudio.games.takebreak.period_native")
"""The modules whose ``EXTENSION`` the package's build compiles (by name: the core imports neither)."""
_UNSET = object()


class Extension:
    """One C source compiled into an extension module, imported once on first use.

    Parameters
    ----------
    source : str
        The C file (its init function is ``PyInit_`` + the macro ``SGS_MODULE``).
    stem : str
        The module name's beginning; a checksum follows it.
    """

    def __init__(self, source: str, stem: str) -> None:
        self.source, self.stem = source, stem
        self._module: object = _UNSET

    def module_name(self) -> str:
        """``STEM_`` and checksums of the source and of the interpreter's tag."""
        with open(self.source, "rb") as handle:
            data = handle.read() + sys.implementation.cache_tag.encode()
        return f"{self.stem}_{zlib.crc32(data):08x}{zlib.adler32(data):08x}"

    def _path(self) -> str:
        folder = os.path.join(os.path.dirname(os.path.realpath(self.source)), "__pycache__")
        return os.path.join(folder, self.module_name() + importlib.machinery.EXTENSION_SUFFIXES[0])

    def module_path(self) -> Path:
        """Where the built extension lives (the ``__pycache__`` beside the source)."""
        from pathlib import Path

        return Path(self._path())

    def load(self) -> ModuleType | None:
        """The built extension; None without one (no source, no build, ``SGSTUDIO_NO_NATIVE`` set)."""
        if self._module is _UNSET:
            built = None
            if not os.environ.get("SGSTUDIO_NO_NATIVE") and os.path.exists(self.source):
                path = self._path()
                if os.path.exists(path):
                    name = self.module_name()
                    try:  # importlib.util would cost a command line's start some ms
                        loader = importlib.machinery.ExtensionFileLoader(name, path)
                        spec = importlib.machinery.ModuleSpec(name, loader, origin=path)
                        built = loader.create_module(spec)
                        loader.exec_module(built)  # type: ignore[arg-type]
                    except (ImportError, OSError):  # pragma: no cover - a broken build: Python instead
                        built = None
            self._module = built
        return self._module  # type: ignore[return-value]

    def build(self, folder: Path | None = None) -> Path:
        """Compile with the interpreter's compiler and flags into ``folder`` (default: where
        :meth:`load` looks); returns the path. Older builds there go. OSError when there is no
        compiler or the source does not compile."""
        import shlex
        import subprocess
        import sysconfig
        import tempfile
        from pathlib import Path

        target = self.module_path() if folder is None else folder / self.module_path().name
        target.parent.mkdir(parents=True, exist_ok=True)
        link = sysconfig.get_config_var("LDSHARED") or "cc -shared"
        include = sysconfig.get_paths()["include"]
        with tempfile.TemporaryDirectory(dir=target.parent) as tmp:
            out = Path(tmp) / target.name
            run = subprocess.run([*shlex.split(link), "-O2", "-fPIC", f"-I{include}",
                                  f"-DSGS_MODULE={self.module_name()}", self.source, "-o", str(out)],
                                 capture_output=True, text=True)
            if run.returncode:
                said = (run.stderr.strip().splitlines() or ["no message"])[-1]
                raise OSError(f"{os.path.basename(self.source)} did not compile: {said}")
            out.replace(target)
        for stale in target.parent.glob(self.stem + "_*"):
            if stale != target:
                stale.unlink(missing_ok=True)
        self._module = _UNSET
        return target
