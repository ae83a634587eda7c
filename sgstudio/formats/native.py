"""Judge files answered by a compiled C pass (``judges_native.c``), numpy and the readers unloaded.

A command line that answers a judge file pays for its start: the interpreter, then numpy (some
0.1 s, more than the C++ reference takes for the whole file). For the formats named in
:data:`SOLVERS`, ``sgstudio solve`` asks :func:`solve` first: where the C pass is built and the file
is plain (unsigned integers of at most 18 digits, the structure complete, nothing after the end,
sizes within the pass's bounds) it gives exactly the judge's output; anywhere else None, and the
format's module reads the file its exact way (which says what is wrong, where). The same function
serves each format module's ``solve``, so both paths answer the same files (the tests compare them).

>>> out = solve("hdu5795", "2\\n2\\n4 4\\n3\\n1 2 4\\n")
>>> out is None or out == "Second player wins.\\nFirst player wins.\\n"
True
>>> solve("hdu5795", "1\\n1\\n-3\\n"), solve("hdu1524", "0\\n")   # not plain; no C pass for it
(None, None)
"""

from __future__ import annotations

import os

from sgstudio.core.native import Extension

EXTENSION = Extension(os.path.join(os.path.dirname(os.path.abspath(__file__)), "judges_native.c"),
                      "judges_native")
SOLVERS = {"hdu1536": "snim", "hdu5795": "splitnim3"}
"""Format -> the function of the C pass that answers it."""


def solve(fmt: str, text: str) -> str | None:
    """The judge's output for ``text`` in format ``fmt`` by the C pass; None where it does not serve."""
    name = SOLVERS.get(fmt)
    built = EXTENSION.load() if name is not None else None
    return None if built is None else getattr(built, name)(text)
