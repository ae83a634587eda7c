"""The pattern in the values of a game file: one-number search for a game on integers, two-number
search for a game on pairs (:mod:`sgstudio.core.patterns`).

The file runs in its worker process (:mod:`sgstudio.games.custom.worker`). Which kind of game it is
comes from its ``start``: an int, a game on integers (g(0..N) is searched); a pair of ints, a game
on pairs (g(x, y) for x, y <= N). Without a ``start`` the integers are tried first, then the pairs
(the first failure is told when both fail). A game with cycles (an ∞ value) has no Grundy table to
search: that is refused in words, as is a start of any other shape.

Examples
--------
>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "take12.py")
>>> _ = open(path, "w").write("def options(n):\\n    return [n - k for k in (1, 2) if k <= n]\\n")
>>> found = file_pattern(path, 60)
>>> found.kind, found.report.python()
('integers', '[0, 1, 2][n % 3]')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from sgstudio.core.patterns.report import PatternReport, find_pattern
from sgstudio.games.custom.errors import CancelledError, GameError, LimitError
from sgstudio.games.custom.worker import Limits

INTEGERS_UPTO = 1000
"""The default last n of a game on integers."""
PAIRS_UPTO = 63
"""The default last x and y of a game on pairs (a 64 x 64 table)."""


@dataclass(frozen=True)
class FilePattern:
    """What was found in a game file: its name, its kind (``integers`` or ``pairs``), the report."""

    name: str
    kind: str
    report: PatternReport


def kind_of(start: Any) -> str | None:
    """``integers``, ``pairs``, None (no start), or ``other`` for a game's ``start``.

    >>> kind_of(5), kind_of((3, 5)), kind_of(None), kind_of("abc"), kind_of(True)
    ('integers', 'pairs', None, 'other', 'other')
    """
    if start is None:
        return None
    if _is_int(start):
        return "integers"
    if isinstance(start, tuple) and len(start) == 2 and all(_is_int(v) for v in start):
        return "pairs"
    return "other"


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _finite(values: list[Any], where: Callable[[int], str], path: str) -> np.ndarray:
    """The values as int64; a GameError naming the first ∞ when the game has cycles."""
    for i, v in enumerate(values):
        if not _is_int(v):
            raise GameError(f"{path}: {where(i)} = {v}: the game has cycles, and the pattern finder reads "
                            "finite Grundy values only", file=path)
    return np.asarray(values, np.int64)


def _integers(game: Any, upto: int, path: str) -> np.ndarray:
    return _finite(game.values(upto + 1), lambda i: f"g({i})", path)


def _pairs(game: Any, upto: int, path: str) -> np.ndarray:
    side = upto + 1
    rows = game.table(side, side).values
    flat = _finite([v for row in rows for v in row], lambda i: f"g({i // side}, {i % side})", path)
    return flat.reshape(side, side)


def file_pattern(path: str, upto: int | None = None, limits: Limits | None = None,
                 progress: Callable[[int, int], object] | None = None,
                 cancel: Callable[[], bool] | None = None) -> FilePattern:
    """The pattern of the game in ``path`` (module docstring), searched up to ``upto``.

    Parameters
    ----------
    path : str
        The game file (``options(position)``, optionally ``start``).
    upto : int, optional
        The last n (integers) or the last x and y (pairs); default :data:`INTEGERS_UPTO` or
        :data:`PAIRS_UPTO`.
    limits, progress, cancel
        As for :class:`sgstudio.games.custom.api.Game.from_file`.

    Raises
    ------
    GameError
        The file is not a game, its code fails, a limit is met, or its values are not a table of
        finite Grundy values on integers or pairs.
    """
    from sgstudio.games.custom.api import Game

    limits = limits or Limits()
    game = Game.from_file(path, max_positions=limits.max_positions, memory_mb=limits.memory_mb,
                          seconds=limits.seconds, progress=progress, cancel=cancel)
    try:
        kind = kind_of(game.start)
        if kind == "other":
            raise GameError(f"{path}: start = {game.start!r} is neither an integer nor a pair of "
                            "integers: the pattern finder reads games on integers or on pairs", file=path)
        if kind == "pairs":
            table = _pairs(game, PAIRS_UPTO if upto is None else upto, path)
        elif kind == "integers":
            table = _integers(game, INTEGERS_UPTO if upto is None else upto, path)
        else:
            kind, table = _guess(game, upto, path)
        return FilePattern(game.name, kind, find_pattern(table))
    finally:
        game.close()


def _guess(game: Any, upto: int | None, path: str) -> tuple[str, np.ndarray]:
    """No start: integers, else pairs; the integers' failure is told when both fail."""
    try:
        return "integers", _integers(game, INTEGERS_UPTO if upto is None else upto, path)
    except (LimitError, CancelledError):
        raise
    except GameError as first:
        try:
            return "pairs", _pairs(game, PAIRS_UPTO if upto is None else upto, path)
        except (LimitError, CancelledError):
            raise
        except GameError:
            raise first from None
