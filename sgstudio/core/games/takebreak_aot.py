"""The take-and-break kernels compiled ahead of time: a plain extension module, loaded without numba.

A process that computes values with numba pays for importing numba and for its first call (the
target's registries), some 0.4 s before any work, more than the pairs kernel needs for 10^5 heaps of
most rules. ``python -m sgstudio.core.games.takebreak_aot [--if-missing]`` (run by ``make``)
compiles the same sources (:mod:`.takebreak_kernels`) with ``numba.pycc`` for this machine's CPU
into one extension module in the package's ``__pycache__``; :func:`kernel` then hands them out and
numba is never imported.

The module's name carries a hash of the kernels' source, numba's version and the interpreter's
tag: a changed kernel is never served by an old build (the jitted kernel answers until it is
rebuilt). Each exported function has one exact signature and checks nothing; :func:`kernel` picks
the export by the dtype of ``g`` and calls it only when every argument fits (:func:`fits`), else
numba's jitted kernel.

>>> kernel("no such kernel") is None
True
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.machinery
import importlib.util
import sys
import sysconfig
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import numpy as np

_HERE = Path(__file__).resolve().parent
_PAIRS = ("{t}[]", "{t}[]", "i8", "i8", "b1[]", "i8[]", "i8", "i8[]", "b1", "b1", "i8", "u8[]", "i8[]",
          "i8[]", "i8[]", "i8[]", "u8[]", "i8", "i8", "i8", "i8[]")
EXPORTS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "pairs_u2": ("pairs", "i8", tuple(a.format(t="u2") for a in _PAIRS)),
    "pairs_u4": ("pairs", "i8", tuple(a.format(t="u4") for a in _PAIRS)),
    "runs_u4": ("runs", "UniTuple(i8, 3)", ("u4[]", "i8", "i8", "i8", "i8", "i8")),
}
"""Export name -> (kernel, result type, argument types: ``x[]`` a C-contiguous array of dtype x);
the name ends in the dtype of the kernel's ``g``."""
_DTYPES = {"u2": np.dtype(np.uint16), "u4": np.dtype(np.uint32), "u8": np.dtype(np.uint64),
           "i8": np.dtype(np.int64), "b1": np.dtype(np.bool_)}
_SUFFIX = {np.dtype(np.uint16): "u2", np.dtype(np.uint32): "u4"}
_SCALARS = (int, bool, np.integer, np.bool_)


def signature(export: str) -> str:
    """The numba signature of an export.

    >>> signature("runs_u4")
    'UniTuple(i8, 3)(u4[::1], i8, i8, i8, i8, i8)'
    """
    _, result, args = EXPORTS[export]
    return f"{result}({', '.join(a.replace('[]', '[::1]') for a in args)})"


def fits(export: str, args: tuple) -> bool:
    """Whether the arguments have exactly the export's types: the compiled code checks nothing (a
    wrong dtype or stride would be read as if right), so anything else goes to numba's jit.

    >>> g = np.zeros(4, np.uint32)
    >>> fits("runs_u4", (g, 4, 2, 1, 0, 0)), fits("runs_u4", (g[::2], 2, 1, 1, 0, 0))
    (True, False)
    """
    kinds = EXPORTS[export][2]
    if len(args) != len(kinds):
        return False
    for arg, kind in zip(args, kinds, strict=True):
        if kind.endswith("[]"):
            if not (isinstance(arg, np.ndarray) and arg.ndim == 1 and arg.dtype == _DTYPES[kind[:2]]
                    and arg.flags.c_contiguous):
                return False
        elif not isinstance(arg, _SCALARS):
            return False
    return True


_loaded: list[ModuleType | None] = []


def module_name() -> str:
    """The extension's name: a hash of the kernels' source, numba's version and the interpreter."""
    digest = hashlib.sha256((_HERE / "takebreak_kernels.py").read_bytes())
    digest.update(repr(sorted(EXPORTS.items())).encode() + b" release_gil")
    digest.update(sys.implementation.cache_tag.encode())
    spec = importlib.util.find_spec("numba")  # its version from the dist-info's name (importlib.metadata
    if spec is None or spec.origin is None:    # would cost 30 ms of a values process's start)
        return "takebreak_aot_unknown"  # pragma: no cover - without numba no build can match
    site = Path(spec.origin).resolve().parent.parent
    digest.update(" ".join(sorted(p.name for p in site.glob("numba-*.dist-info"))).encode())
    return "takebreak_aot_" + digest.hexdigest()[:16]


def module_path() -> Path:
    """Where the built extension lives (beside numba's cache of the same kernels)."""
    return _HERE / "__pycache__" / (module_name() + sysconfig.get_config_var("EXT_SUFFIX"))


def _load() -> ModuleType | None:
    """The built extension, imported once; None when there is none (or it cannot be loaded)."""
    if not _loaded:
        path, module = module_path(), None
        if path.exists():
            try:
                loader = importlib.machinery.ExtensionFileLoader(module_name(), str(path))
                spec = importlib.util.spec_from_file_location(module_name(), path, loader=loader)
                module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
                loader.exec_module(module)
            except (ImportError, OSError):  # pragma: no cover - a broken build: jit instead
                module = None
        _loaded.append(module)
    return _loaded[0]


def kernel(name: str) -> Callable | None:
    """The kernel ``name`` from the built extension, dispatching on the dtype of its first argument
    (``g``); None when there is no build or no export of that kernel."""
    if not any(source == name for source, _, _ in EXPORTS.values()):
        return None
    module = _load()
    if module is None:
        return None
    exports = {n: getattr(module, n) for n, (source, _, _) in EXPORTS.items() if source == name}

    def call(*args: object) -> object:
        g = args[0]
        export = f"{name}_{_SUFFIX.get(getattr(g, 'dtype', None), '')}"
        if export in exports and fits(export, args):
            return exports[export](*args)
        from sgstudio.core.games.takebreak_kernels import jitted

        return jitted(name)(*args)

    return call


def build() -> Path:
    """Compile the exports with numba.pycc for this CPU; returns the extension's path."""
    import tempfile
    import warnings

    from sgstudio.core.games import takebreak_kernels as kernels

    kernels.jitted("pairs")  # the helpers the pairs kernel calls become numba functions
    with warnings.catch_warnings(), releasing_the_gil():
        warnings.simplefilter("ignore")  # numba.pycc is marked as pending deprecation
        from numba.pycc import CC

        target = module_path()
        target.parent.mkdir(exist_ok=True)
        with tempfile.TemporaryDirectory(dir=target.parent) as tmp:
            cc = CC(module_name())
            cc.output_dir = tmp
            cc.target_cpu = "host"
            cc.verbose = False
            for export, (source, _, _) in EXPORTS.items():
                cc.export(export, signature(export))(getattr(kernels, f"_{source}_py"))
            cc.compile()
            built = next(Path(tmp).glob(module_name() + "*"))
            built.replace(target)
        for stale in target.parent.glob("takebreak_aot_*"):  # builds of older kernels
            if stale != target:
                stale.unlink(missing_ok=True)
    _loaded.clear()
    return target


@contextlib.contextmanager
def releasing_the_gil() -> Iterator[None]:
    """numba.pycc compiling exports that release the GIL while they run, as ``nogil=True`` does for
    the jit: its wrappers are numba's own CPython wrappers, made by ``compile_extra`` with the flags
    it is given, whose ``release_gil`` pycc never sets. Without it a kernel running in a worker
    thread would stop every other thread, the window's event loop included, until it returned."""
    from numba.pycc import compiler

    original = compiler.compile_extra

    def compile_extra(*args: object, **kwargs: object) -> object:
        flags = kwargs["flags"] if "flags" in kwargs else args[5]
        flags.release_gil = True  # type: ignore[attr-defined]
        return original(*args, **kwargs)

    compiler.compile_extra = compile_extra
    try:
        yield
    finally:
        compiler.compile_extra = original


def ensure_built() -> Path:
    """The extension's path, built first when it is missing (or stale: a new name)."""
    path = module_path()
    return path if path.exists() else build()


if __name__ == "__main__":  # pragma: no cover - run by `make` and the benchmarks
    try:
        print(ensure_built() if "--if-missing" in sys.argv else build())
    except Exception as err:  # no compiler, or a numba without pycc: numba's jit serves, only slower to start
        print(f"takebreak kernels not compiled ahead of time ({type(err).__name__}: {err}); "
              f"numba's jit will serve them")
