"""Kernels compiled ahead of time: plain extension modules that load without numba.

A process that runs a kernel through numba pays for importing numba and for loading the kernel from
its cache, some 0.4-0.6 s before any work: more than most judge files and most tables take. So the
kernels the command line needs are also compiled ahead of time with ``numba.pycc``, for this
machine's CPU, one extension module per kernel module, kept in that module's ``__pycache__``;
:func:`kernel` hands them out and numba is never imported. The package's build (the hatchling hook
``hatch_build.py``) compiles them into the wheel, so ``pip install`` has them; ``python -m
sgstudio.core.compiled [--if-missing]`` compiles them beside the sources (``make`` does, for an
editable install). Where no compiler is found, or a build fails, numba's jit serves the same
sources, only slower to start.

A kernel module names its exports in ``AOT`` (export name -> (kernel name, result type, argument
types)), holds each kernel's Python source in ``SOURCES`` (kernel name -> function) and compiles one
through numba with ``jitted(name)``, which also turns the helpers the kernel calls into numba
functions (pycc compiles them into the kernel). Argument types: ``x`` a scalar, ``x[]``,
``x[:,:]``, ``x[:,:,:]`` C-contiguous arrays of 1, 2 or 3 dimensions, with x one of :data:`DTYPES`.
Each export has one exact signature and checks nothing: :func:`kernel` calls the first export of a
kernel whose argument types the call's arguments have exactly (:func:`fits`), else numba's jit.

The exports release the GIL while they run, as ``nogil=True`` does for the jit
(:func:`releasing_the_gil`): the window computes in worker threads, and a kernel holding the GIL
stopped its event loop for the whole call.

An extension's name carries a hash of its module's source, of the exports, of numba's version and
of the interpreter's tag: a changed kernel is never served by an old build.

>>> from sgstudio.games.takebreak import kernels as takebreak_kernels
>>> signature(takebreak_kernels.AOT["runs_u4"])
'UniTuple(i8, 3)(u4[::1], i8, i8, i8, i8, i8)'
>>> kernel(takebreak_kernels, "no such kernel") is None
True
"""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import os
import sys
import zlib
from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pathlib costs a command line's start 5 ms: paths are strings until built
    from pathlib import Path

import numpy as np

KERNEL_MODULES = (
    "sgstudio.games.takebreak.kernels",
    "sgstudio.games.graph.dag.kernels",
    "sgstudio.games.graph.loopy.kernels",
    "sgstudio.games.snim.kernels",
    "sgstudio.games.graph.hdu1524_kernels",
    "sgstudio.formats.scan_kernels",
)
"""The modules whose kernels are compiled ahead of time (by name: the kernel imports no game)."""
DTYPES = {"u1": np.dtype(np.uint8), "u2": np.dtype(np.uint16), "u4": np.dtype(np.uint32),
          "u8": np.dtype(np.uint64), "i4": np.dtype(np.int32), "i8": np.dtype(np.int64),
          "b1": np.dtype(np.bool_)}
_DIMS = {"[]": 1, "[:,:]": 2, "[:,:,:]": 3}
_NUMBA_DIMS = {"[]": "[::1]", "[:,:]": "[:, ::1]", "[:,:,:]": "[:, :, ::1]"}
_SCALARS = (int, bool, np.integer, np.bool_)
Export = tuple[str, str, tuple[str, ...]]
_loaded: dict[str, ModuleType | None] = {}


def signature(export: Export) -> str:
    """The numba signature of an export ``(kernel, result, argument types)``.

    >>> signature(("k", "i8", ("u4[]", "u8[:,:,:]", "b1")))
    'i8(u4[::1], u8[:, :, ::1], b1)'
    """
    _, result, kinds = export
    args = []
    for kind in kinds:
        dims = kind[2:]
        args.append(kind[:2] + _NUMBA_DIMS[dims] if dims else kind)
    return f"{result}({', '.join(args)})"


def fits(kinds: tuple[str, ...], args: tuple) -> bool:
    """Whether the arguments have exactly these types: the compiled code checks nothing (a wrong
    dtype or stride would be read as if right), so anything else goes to numba's jit.

    >>> g = np.zeros(4, np.uint32)
    >>> fits(("u4[]", "i8"), (g, 3)), fits(("u4[]", "i8"), (g[::2], 3)), fits(("u4[]", "i8"), (g, 0.5))
    (True, False, False)
    """
    if len(args) != len(kinds):
        return False
    for arg, kind in zip(args, kinds, strict=True):
        dims = kind[2:]
        if dims:
            if not (isinstance(arg, np.ndarray) and arg.ndim == _DIMS[dims] and arg.dtype == DTYPES[kind[:2]]
                    and arg.flags.c_contiguous):
                return False
        elif not isinstance(arg, _SCALARS):
            return False
    return True


def stem(name: str) -> str:
    """The start of a kernel module's extension name: its own name, its package's first where a game
    calls it ``kernels`` (so the extensions keep the names they had before the games had packages).

    >>> stem("sgstudio.games.takebreak.kernels"), stem("sgstudio.formats.scan_kernels")
    ('takebreak_kernels', 'scan_kernels')
    """
    parts = name.split(".")
    return "_".join(parts[-2:]) if parts[-1] == "kernels" else parts[-1]


def module_name(module: ModuleType) -> str:
    """The extension's name: the module's name (:func:`stem`), and a hash of its source, its exports, numba's
    version, the interpreter's tag and the GIL's release (two 32-bit checksums: cheaper to import
    and to compute than a cryptographic hash, which a start of the command line would pay for)."""
    with open(module.__file__, "rb") as source:  # type: ignore[arg-type]
        data = source.read()
    data += repr(sorted(module.AOT.items())).encode() + b" release_gil "
    data += sys.implementation.cache_tag.encode()
    spec = importlib.util.find_spec("numba")  # its version from the dist-info's name (importlib.metadata
    if spec is None or spec.origin is None:    # would cost 30 ms of a process's start)
        return f"{stem(module.__name__)}_aot_unknown"  # pragma: no cover - no build matches
    site = os.path.dirname(os.path.dirname(os.path.realpath(spec.origin)))
    found = sorted(n for n in os.listdir(site) if n.startswith("numba-") and n.endswith(".dist-info"))
    data += " ".join(found).encode()
    return f"{stem(module.__name__)}_aot_{zlib.crc32(data):08x}{zlib.adler32(data):08x}"


def _path(module: ModuleType) -> str:
    folder = os.path.join(os.path.dirname(os.path.realpath(module.__file__)), "__pycache__")  # type: ignore
    return os.path.join(folder, module_name(module) + importlib.machinery.EXTENSION_SUFFIXES[0])


def module_path(module: ModuleType) -> Path:
    """Where the module's built extension lives: its ``__pycache__`` (beside numba's cache)."""
    from pathlib import Path

    return Path(_path(module))


def load(module: ModuleType) -> ModuleType | None:
    """The module's built extension, imported once; None when there is none (or it cannot load)."""
    if module.__name__ not in _loaded:
        path, built = _path(module), None
        if os.path.exists(path):
            name = module_name(module)
            try:
                loader = importlib.machinery.ExtensionFileLoader(name, path)
                spec = importlib.util.spec_from_file_location(name, path, loader=loader)
                built = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
                loader.exec_module(built)
            except (ImportError, OSError):  # pragma: no cover - a broken build: jit instead
                built = None
        _loaded[module.__name__] = built
    return _loaded[module.__name__]


def kernel(module: ModuleType, name: str) -> Callable | None:
    """The kernel ``name`` of ``module`` from its built extension, calling the first export whose
    argument types fit the call (else numba's jit); None without a build or an export of it."""
    kinds = [(export, spec[2]) for export, spec in module.AOT.items() if spec[0] == name]
    built = load(module) if kinds else None
    if built is None:
        return None
    exports = [(getattr(built, export), types) for export, types in kinds]

    def call(*args: object) -> object:
        for fn, types in exports:
            if fits(types, args):
                return fn(*args)
        return module.jitted(name)(*args)

    call.__module__ = built.__name__
    return call


def is_built(module: ModuleType) -> bool:
    """Whether the module's kernels are built for this source (no numba needed to run them)."""
    return load(module) is not None


class releasing_the_gil:  # noqa: N801 - used as a context manager, like contextlib's
    """numba.pycc compiling exports that release the GIL while they run, as ``nogil=True`` does for
    the jit: its wrappers are numba's own CPython wrappers, made by ``compile_extra`` with the flags
    it is given, whose ``release_gil`` pycc never sets."""

    def __enter__(self) -> None:
        from numba.pycc import compiler

        self.original = original = compiler.compile_extra

        def compile_extra(*args: object, **kwargs: object) -> object:
            flags = kwargs["flags"] if "flags" in kwargs else args[5]
            flags.release_gil = True  # type: ignore[attr-defined]
            return original(*args, **kwargs)

        compiler.compile_extra = compile_extra

    def __exit__(self, *exc: object) -> None:
        from numba.pycc import compiler

        compiler.compile_extra = self.original


def build(module: ModuleType, folder: Path | None = None) -> Path:
    """Compile the module's exports with numba.pycc for this CPU into ``folder`` (default: beside
    the module, where :func:`load` looks); returns the extension's path. Older builds there go."""
    import tempfile
    import warnings
    from pathlib import Path

    for name in {spec[0] for spec in module.AOT.values()}:
        module.jitted(name)  # the helpers the kernel calls become numba functions
    target = module_path(module) if folder is None else folder / module_path(module).name
    target.parent.mkdir(parents=True, exist_ok=True)
    with warnings.catch_warnings(), releasing_the_gil():
        warnings.simplefilter("ignore")  # numba.pycc is marked as pending deprecation
        from numba.pycc import CC

        with tempfile.TemporaryDirectory(dir=target.parent) as tmp:
            cc = CC(module_name(module))
            cc.output_dir = tmp
            cc.target_cpu = "host"
            cc.verbose = False
            for export, spec in module.AOT.items():
                cc.export(export, signature(spec))(module.SOURCES[spec[0]])
            cc.compile()
            built = next(Path(tmp).glob(module_name(module) + "*"))
            built.replace(target)
    stem = module_name(module).rpartition("_aot_")[0] + "_aot_"
    for stale in target.parent.glob(stem + "*"):  # builds of older kernels
        if stale != target:
            stale.unlink(missing_ok=True)
    _loaded.pop(module.__name__, None)
    return target


def ensure_built(module: ModuleType) -> Path:
    """The extension's path, built first when it is missing (or stale: a new name)."""
    path = module_path(module)
    return path if path.exists() else build(module)


def build_all(if_missing: bool = False, folder: Path | None = None,
              report: Callable[[str], object] = print) -> list[Path]:
    """Build the extension of every module of :data:`KERNEL_MODULES` (``if_missing``: only those
    not built for their present source); a module whose build fails is reported and skipped (numba's
    jit serves it)."""
    built = []
    for name in KERNEL_MODULES:
        module = importlib.import_module(name)
        try:
            if if_missing and folder is None and module_path(module).exists():
                built.append(module_path(module))
                continue
            built.append(build(module, folder))
            report(f"compiled {built[-1].name}")
        except Exception as err:  # no compiler, or a numba without pycc: the jit serves, only slower to start
            report(f"{name}: kernels not compiled ahead of time ({type(err).__name__}: {err}); "
                   f"numba's jit will serve them")
    return built


if __name__ == "__main__":  # pragma: no cover - run by `make` and the benchmarks
    build_all("--if-missing" in sys.argv)
