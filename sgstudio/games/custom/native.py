"""The exploration's inner loop compiled from C (``explore_native.c``), where a compiler was found.

Mapping each option of a position to its id costs a pure-Python loop some 140 ns an option (a dict
look-up, a list grown), twice what a user's generator takes to yield it; the C loop consumes the
generator itself and finds most positions in a table of packed keys at a fraction of that. Built by
the package's build (:mod:`sgstudio.core.native`); without a build
:mod:`sgstudio.games.custom.explore` runs its Python loop, which gives the same ids.

>>> built = load()
>>> built is None or callable(built.explore) and built.table() is not None
True
"""

from __future__ import annotations

import os
from types import ModuleType

from sgstudio.core.native import Extension

EXTENSION = Extension(os.path.join(os.path.dirname(os.path.abspath(__file__)), "explore_native.c"),
                      "explore_native")


def load() -> ModuleType | None:
    """The built extension (``explore``, ``table``), or None."""
    return EXTENSION.load()
