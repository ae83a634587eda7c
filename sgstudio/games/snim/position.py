"""The editable S-Nim position of the S-Nim tab: a subtraction set S and heaps (Qt-free).

:class:`SNimPosition` holds S (sorted, without repeats), the heaps (any sizes >= 0), and the test
case of an imported judge file, validates every edit (ValueError with a one-line reason, nothing
changed) and announces each change with a :class:`~sgstudio.core.events.Signal`. Heaps are indexed
from 0 here, as in :class:`~sgstudio.games.snim.game.SubtractionGame`; the screen and the messages
number them from 1.

Theory (all numbers come from :mod:`sgstudio.games.snim.game`): a position is a sum of one-heap
subtraction games, so its value is the XOR (nim-sum) of the heaps' Grundy values and the player to
move wins iff it is non-zero; a move from heap value a wins iff it leads to value a XOR total.

A heap of size at least :data:`~sgstudio.games.snim.game.DIRECT` is answered through the certified
period of g, whose search can take seconds: the model answers only what it can answer at once
(:meth:`SNimPosition.ready`) and takes a game whose period was searched elsewhere (off the UI
thread) with :meth:`SNimPosition.adopt`.

Examples
--------
>>> p = SNimPosition((2, 5), (5, 12))
>>> seen = []
>>> p.heaps_changed.connect(lambda: seen.append("heaps"))
>>> p.insert_heap(2, 7); p.heaps, seen
((5, 12, 7), ['heaps'])
>>> a = p.analyse()
>>> print(a.values, a.total, a.outcome)
(2, 2, 0) 0 LOSE
>>> p.set_heap(2, 9); [m.row() for m in p.analyse().moves]
['heap 3: take 2 -> 7, value 1 -> 0', 'heap 3: take 5 -> 4, value 1 -> 0']
>>> p.set_S(parse_subtraction_set("1, 2, 0"))
Traceback (most recent call last):
...
ValueError: a member of S must be positive, got 0
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np

from sgstudio.core.analysis import Analysis
from sgstudio.core.events import Signal
from sgstudio.games.snim.game import DIRECT, PeriodNotFoundError, Progress, SNimError, SubtractionGame
from sgstudio.games.snim.named import NamedSubtractionGame, compute_named
from sgstudio.games.snim.state import (
    JudgeCase,
    check_heap,
    parse_subtraction_set,
    read_state,
)

__all__ = ["JudgeCase", "PeriodResult", "SNimPosition", "check_heap", "compute_values", "make_game",
           "parse_subtraction_set", "search_period"]

Heaps = tuple[int, ...]
DEFAULT_S: tuple[int, ...] = (2, 5, 7)
DEFAULT_HEAPS: Heaps = (7, 12, 20)
PLOT_DEFAULT_MAX = 10**6
"""The default plot limit never exceeds this (the user may go further)."""
MAX_MOVES_LISTED = 10**6
"""Every winning move of a position is listed (S-Nim has at most |S| per heap)."""
RESULTS_KEPT = 8
"""Period search results kept per S, so that undoing a change of S does not search again."""


@dataclass(frozen=True)
class PeriodResult:
    """What a period search found for S: the game (its table filled), the period or why not.

    ``known`` is how many values g(0..known-1) the game answers without a new search (all of them
    when the period is certified).
    """

    game: SubtractionGame | NamedSubtractionGame
    period: tuple[int, int] | None
    text: str
    known: int | float

    @property
    def S(self) -> tuple[int, ...] | str:
        return self.game.S


def make_game(S: Iterable[int] | str) -> SubtractionGame | NamedSubtractionGame:  # noqa: N803
    """The game of S: its members, or the name of an infinite set (``"squares"``); SNimError if bad."""
    return NamedSubtractionGame(S) if isinstance(S, str) else SubtractionGame(S)


def compute_values(name: str, n: int, progress: Progress | None = None) -> PeriodResult:
    """The values g(0..n-1) (at least) for the named infinite set ``name`` (no period is known or
    claimed; meant for a worker thread, like :func:`search_period`).

    >>> r = compute_values("squares", 2000)
    >>> r.S, r.period, r.known, r.text
    ('squares', None, 2000, 'S = the squares 1, 4, 9, 16, ...: no period is known; g(0..1,999) computed')
    """
    game = compute_named(name, n, progress)
    text = f"S = {game.describe()}: no period is known; g(0..{game.known - 1:,}) computed"
    return PeriodResult(game, None, text, game.known)


def search_period(S: Iterable[int], progress: Progress | None = None,  # noqa: N803
                  limit: int | None = None) -> PeriodResult:
    """Search and certify the period of g for S on a fresh game (meant for a worker thread).

    ``progress(done, total)`` is passed to :meth:`SubtractionGame.period`; it may raise to cancel.

    >>> r = search_period([2, 5])
    >>> r.period, r.text
    ((0, 7), 'period 7 from n = 0, certified by 5 agreeing values: g(0..4) = g(7..11)')
    >>> r = search_period([3, 1000], limit=1500)
    >>> r.period, r.known, r.text
    (None, 1500, 'no period of g found within the first 1,500 values')
    """
    game = SubtractionGame(S) if limit is None else SubtractionGame(S, limit=limit)
    try:
        game.period(progress=progress)
    except PeriodNotFoundError as err:
        return PeriodResult(game, None, f"no period of g found within the first {err.limit:,} values",
                            err.limit)
    return PeriodResult(game, game.period(), game.describe_period(), float("inf"))


def grundy_range(game: SubtractionGame, stop: int, progress: Progress | None = None,
                 chunk: int = 1 << 20) -> np.ndarray:
    """g(0), ..., g(stop - 1) from ``game`` in chunks, reporting ``progress(done, stop)`` (may raise).

    Reads the game only (no table growth) when its period is certified or ``stop`` is within its
    table, so a worker may call it while the UI thread reads the same game.

    >>> r = search_period([2, 5])
    >>> grundy_range(r.game, 20, chunk=8).tolist() == r.game.values(20).tolist()
    True
    """
    out = np.empty(stop, game.values(0).dtype)
    for start in range(0, stop, chunk):
        end = min(stop, start + chunk)
        out[start:end] = game.grundy_array(np.arange(start, end, dtype=np.int64))
        if progress is not None:
            progress(end, stop)
    return out


def default_plot_limit(period: tuple[int, int] | None) -> int:
    """The plot's default H: about three periods after the preperiod, else 200.

    >>> default_plot_limit((0, 7)), default_plot_limit((8, 3)), default_plot_limit(None)
    (30, 30, 200)
    >>> default_plot_limit((100, 1000))
    3100
    """
    if period is None:
        return 200
    n0, p = period
    return max(30, min(n0 + 3 * p, PLOT_DEFAULT_MAX))


Snapshot = tuple[tuple[int, ...], Heaps, JudgeCase | None]


class SNimPosition:
    """S and the heaps, with an event for every change.

    Events: ``s_changed()``, ``heaps_changed()``, ``judge_changed()``, and ``period_changed()``
    when a period search result for the current S arrives (or S changed, which resets it).

    >>> p = SNimPosition((1, 2), ())
    >>> p.insert_heap(0, 10**20); p.ready()
    False
    >>> p.adopt(search_period(p.S)), p.ready(), p.analyse().values
    (True, True, (1,))
    >>> p.play((0, 1)); print(p.heaps, p.analyse().outcome)
    (99999999999999999999,) LOSE
    >>> p.play((0, 3))
    Traceback (most recent call last):
    ...
    ValueError: take 3 is not in S
    """

    def __init__(self, S: Iterable[int] = DEFAULT_S, heaps: Iterable[int] = DEFAULT_HEAPS) -> None:  # noqa: N803
        self.s_changed, self.heaps_changed = Signal(), Signal()
        self.judge_changed, self.period_changed = Signal(), Signal()
        self._heaps: Heaps = tuple(check_heap(h, i) for i, h in enumerate(heaps))
        self._judge: JudgeCase | None = None
        self._results: dict[tuple[int, ...], PeriodResult] = {}
        self._install(make_game(S))

    # -- reading ---------------------------------------------------------------------------------
    @property
    def S(self) -> tuple[int, ...] | str:
        """The members of S, or the name of an infinite S (``"squares"``)."""
        return self._game.S

    @property
    def named(self) -> bool:
        """Whether S is an infinite set given by name (its values are computed, no period)."""
        return isinstance(self._game.S, str)

    @property
    def heaps(self) -> Heaps:
        return self._heaps

    @property
    def judge(self) -> JudgeCase | None:
        return self._judge

    @property
    def game(self) -> SubtractionGame | NamedSubtractionGame:
        """The core game of S (read it from the UI thread only)."""
        return self._game

    @property
    def period_result(self) -> PeriodResult | None:
        """The period search result for S, or None while it is pending."""
        return self._result

    def ready(self) -> bool:
        """True when every heap's value can be answered at once (no period search needed)."""
        top = max(self._heaps, default=0)
        return top < self._known

    def analyse(self) -> Analysis | None:
        """The core's analysis of the heaps (:meth:`SubtractionGame.analyse`); None if not :meth:`ready`
        (then the game may still answer, off the UI thread: a period search or a direct evaluation)."""
        if not self.ready():
            return None
        return self._game.analyse(self._heaps, max_moves=MAX_MOVES_LISTED)

    def snapshot(self) -> Snapshot:
        """Everything an edit may change, for undo."""
        return (self.S, self._heaps, self._judge)

    # -- editing ---------------------------------------------------------------------------------
    def set_S(self, S: Iterable[int] | str) -> None:  # noqa: N803
        """Replace S (validated by the core: positive integers, at least one; or a set's name)."""
        try:
            game = make_game(S)
        except SNimError as err:
            raise ValueError(str(err)) from None
        if game.S != self.S:
            self._install(game)
            self.s_changed.emit()

    def insert_heap(self, index: int, size: int) -> None:
        if not 0 <= index <= len(self._heaps):
            raise ValueError(f"cannot insert a heap at {index + 1}: there are {len(self._heaps)} heaps")
        size = check_heap(size, index)
        self._set_heaps((*self._heaps[:index], size, *self._heaps[index:]))

    def remove_heap(self, index: int) -> int:
        """Remove heap ``index`` and return its size."""
        size = self._heaps[self._check_index(index)]
        self._set_heaps(self._heaps[:index] + self._heaps[index + 1 :])
        return size

    def set_heap(self, index: int, size: int) -> None:
        size = check_heap(size, self._check_index(index))
        self._set_heaps((*self._heaps[:index], size, *self._heaps[index + 1 :]))

    def set_heaps(self, heaps: Iterable[int]) -> None:
        self._set_heaps(tuple(check_heap(h, i) for i, h in enumerate(heaps)))

    def play(self, move: tuple[int, int]) -> None:
        """Play ``(heap_index, take)``; ValueError with the core's reason if it is illegal."""
        try:
            after = self._game.apply(self._heaps, tuple(move))  # type: ignore[arg-type]
        except (SNimError, TypeError) as err:
            raise ValueError(str(err)) from None
        self._set_heaps(after)

    def set_judge(self, judge: JudgeCase | None) -> None:
        if judge != self._judge:
            self._judge = judge
            self.judge_changed.emit()

    def restore(self, snapshot: Snapshot) -> None:
        """Put back a :meth:`snapshot` (emits only the events of what differs)."""
        S, heaps, judge = snapshot  # noqa: N806
        self.set_S(S)
        self.set_heaps(heaps)
        self.set_judge(judge)

    def adopt(self, result: PeriodResult) -> bool:
        """Take a period search result; ignored (False) if it is for another S."""
        self._results[result.S] = result
        while len(self._results) > RESULTS_KEPT:
            del self._results[next(iter(self._results))]
        if result.S != self.S:
            return False
        self._game, self._result, self._known = result.game, result, result.known
        self.period_changed.emit()
        return True

    # -- saving ----------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data: S, heaps and the imported judge case (or None)."""
        return {"S": self.S if self.named else list(self.S), "heaps": list(self._heaps),
                "judge": self._judge.to_dict() if self._judge else None}

    @classmethod
    def from_dict(cls, data: Any) -> SNimPosition:
        """The inverse of :meth:`to_dict`; StateError (a ValueError) naming what is wrong and where.

        >>> p = SNimPosition((3, 1), (4, 0))
        >>> SNimPosition.from_dict(p.to_dict()).snapshot() == p.snapshot()
        True
        """
        return cls.from_state(data)[0]

    @classmethod
    def from_state(cls, state: Any) -> tuple[SNimPosition, dict[str, Any]]:
        """The position of a tab's saved state and its view settings (``plot_limit``), checked once
        (:func:`~sgstudio.games.snim.state.read_state`)."""
        S, heaps, judge, limit = read_state(state)  # noqa: N806
        position = cls(S, heaps)
        position.set_judge(judge)
        return position, {"plot_limit": limit}

    @staticmethod
    def empty_state() -> dict[str, Any]:
        """S as a new tab has it, no heap, no judge file."""
        return {"S": list(DEFAULT_S), "heaps": [], "judge": None, "plot_limit": None}

    # -- internals -------------------------------------------------------------------------------
    def _install(self, game: SubtractionGame | NamedSubtractionGame) -> None:
        cached = self._results.get(game.S)
        self._game = cached.game if cached else game
        self._result = cached
        self._known = cached.known if cached else (game.known if isinstance(game.S, str) else DIRECT)
        self.period_changed.emit()

    def _set_heaps(self, heaps: Heaps) -> None:
        if heaps != self._heaps:
            self._heaps = heaps
            self.heaps_changed.emit()

    def _check_index(self, index: int) -> int:
        if not 0 <= index < len(self._heaps):
            raise ValueError(f"there is no heap {index + 1}: the position has {len(self._heaps)} heaps")
        return index
