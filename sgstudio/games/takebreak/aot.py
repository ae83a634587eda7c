"""The take-and-break kernels compiled ahead of time (:mod:`sgstudio.core.compiled` does the work).

A process that computes values with numba pays for importing numba and for its first call, some
0.4 s before any work, more than the pairs kernel needs for 10^5 heaps of most rules. The exports
(``AOT`` in :mod:`.takebreak_kernels`) are compiled with ``numba.pycc`` for this machine's CPU into
one extension module in the package's ``__pycache__`` (by the package's build, or ``python -m
sgstudio.games.takebreak.aot [--if-missing]``, which builds every kernel module's); the kernels
then load without numba and release the GIL while they run.

>>> kernel("no such kernel") is None
True
>>> signature("runs_u4")
'UniTuple(i8, 3)(u4[::1], i8, i8, i8, i8, i8)'
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from sgstudio.core import compiled
from sgstudio.games.takebreak import kernels as _kernels

EXPORTS = _kernels.AOT
releasing_the_gil = compiled.releasing_the_gil


def signature(export: str) -> str:
    """The numba signature of an export."""
    return compiled.signature(EXPORTS[export])


def fits(export: str, args: tuple) -> bool:
    """Whether the arguments have exactly the export's types (else numba's jit answers).

    >>> import numpy as np
    >>> g = np.zeros(4, np.uint32)
    >>> fits("runs_u4", (g, 4, 2, 1, 0, 0)), fits("runs_u4", (g[::2], 2, 1, 1, 0, 0))
    (True, False)
    """
    return compiled.fits(EXPORTS[export][2], args)


def module_name() -> str:
    """The extension's name (a hash of the kernels' source, numba's version and the interpreter)."""
    return compiled.module_name(_kernels)


def module_path() -> Path:
    """Where the built extension lives."""
    return compiled.module_path(_kernels)


def kernel(name: str) -> Callable | None:
    """The kernel ``name`` from the built extension; None without a build or an export of it."""
    return compiled.kernel(_kernels, name)


def build() -> Path:
    """Compile the take-and-break exports for this CPU; returns the extension's path."""
    return compiled.build(_kernels)


def ensure_built() -> Path:
    """The extension's path, built first when it is missing (or stale)."""
    return compiled.ensure_built(_kernels)


if __name__ == "__main__":  # pragma: no cover - run by `make` and the benchmarks
    compiled.build_all("--if-missing" in sys.argv)
