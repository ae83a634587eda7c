"""sgstudio: a desktop studio for impartial games under the Sprague-Grundy theory.

``from sgstudio import Game`` gives the Python API for notebooks and scripts
(:class:`sgstudio.games.custom.api.Game`); it is loaded on first use, so that importing sgstudio
(as every command line run does) stays cheap.
"""

from __future__ import annotations

from sgstudio import numba_cache as _numba_cache

_numba_cache.set_default()  # numba's cache in the user's cache folder, before numba is imported

__version__ = "0.1.0"
__all__ = ["Game"]


def __getattr__(name: str) -> object:  # no import here: a Ctrl+C at start meets sgstudio's code
    if name == "Game":
        from sgstudio.games.custom.api import Game

        return Game
    raise AttributeError(f"module 'sgstudio' has no attribute {name!r}")
