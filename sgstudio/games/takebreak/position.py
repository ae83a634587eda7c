"""The editable position of the Take & break tab: a rule and heaps (Qt-free), its state read strictly.

:class:`TakeBreakPosition` holds a take-and-break rule (any rule the core parser reads: a code such
as ``0.77`` or a named rule, see :func:`~sgstudio.games.takebreak.parse.parse_rule`) and the
heaps of a position, validates every edit (ValueError with a one-line reason, nothing changed) and
announces each change with a :class:`~sgstudio.core.events.Signal`. The game of each rule (its
table of values and its period report) is kept, so undoing a change of rule finds its values.

Long computations (the values a plot or big heaps need, the period search) run on a copy of the
game off the UI thread (:func:`compute_on` on a :func:`clone`), and the position takes the copy
back with :meth:`TakeBreakPosition.adopt`; :func:`answers_at_once` says whether a game answers some
heaps from what it knows, so that the tab asks it on the UI thread only then.

Examples
--------
>>> p = TakeBreakPosition("0.77", (3, 4, 5))      # Kayles
>>> p.rule.name, p.rule.describe()
('Kayles', 'take 1 or 2 leaving 0, 1 or 2 heaps')
>>> answers_at_once(p.game, p.heaps)               # nothing computed yet
False
>>> p.adopt(compute_on(clone(p.game), p.heaps, plot_limit=100, search_limit=4096))
True
>>> answers_at_once(p.game, p.heaps), p.game.known_period().headline()
(True, 'preperiod 71 period 12')
>>> p.play((2, 1, (1, 3))); p.heaps
(3, 4, 1, 3)
>>> TakeBreakPosition.from_state({"rule": "0.1g7", "heaps": []})
Traceback (most recent call last):
...
sgstudio.core.state.StateError: bad rule '0.1g7': column 4: expected a hexadecimal digit ...
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np

from sgstudio.core.events import Signal
from sgstudio.core.heaps import check_heap
from sgstudio.core.state import StateError, check_keys, is_int, located, mapping
from sgstudio.games.takebreak.game import DIRECT, LIMIT, MAX_SPLITS, PERIOD_SEARCH, TakeBreakGame
from sgstudio.games.takebreak.moves import count_partitions
from sgstudio.games.takebreak.parse import parse_rule
from sgstudio.games.takebreak.period import PeriodReport
from sgstudio.games.takebreak.rules import Rule, RuleError

Heaps = tuple[int, ...]
Progress = Callable[[int, int], object]
DEFAULT_RULE = "0.77"
DEFAULT_HEAPS: Heaps = (5, 9, 14)
SEARCH_MIN, SEARCH_MAX = 1024, 10**7
"""The period search looks within this many values at least and at most (the tab's choice)."""
PERIOD_SEARCH_DEFAULT = PERIOD_SEARCH
"""The tab's period search by default: as far as the game looks by itself to answer a big heap."""
PLOT_MAX = LIMIT
GAMES_KEPT = 8
"""Games (tables of values) kept per position, so that undoing a change of rule computes nothing."""
OPTIONAL = ("plot_limit", "search_limit")

__all__ = ["TakeBreakPosition", "answers_at_once", "clone", "compute_on", "default_plot_limit",
           "period_pending", "rare_heaps", "rare_words", "values_needed"]


# -- what a game answers, and what it still needs --------------------------------------------------
def _searches(rule: Rule) -> bool:
    """Whether the game itself looks for a certified period to answer big heaps (a theorem may apply)."""
    return (rule.finite and not rule.distinct) or rule.family == "split"


def _settled(game: TakeBreakGame) -> bool:
    """Whether the game's own period search for big heaps would search nothing more."""
    report = game.known_period()
    return report is not None and (report.certified or report.checked >= PERIOD_SEARCH)


def answers_at_once(game: TakeBreakGame, heaps: Iterable[int]) -> bool:
    """Whether the values and the winning moves of ``heaps`` need no new values and no period search:
    each heap is in the table, or beyond it answered by the certified period (or by the table's
    periodic fill, when the table itself proved its period).

    >>> game = TakeBreakGame("0.07")
    >>> answers_at_once(game, [3]), answers_at_once(game, []), int(game.values(10)[3])
    (False, True, 1)
    >>> answers_at_once(game, [9]), answers_at_once(game, [10])
    (True, False)
    """
    table, report = game.table, game.known_period()
    certified = report is not None and report.certified
    parts = max(game.rule.max_parts, 1)
    for h in heaps:
        if _searches(game.rule) and not _settled(game) and count_partitions(h, parts) > MAX_SPLITS:
            return False  # its splits are listed through the period, which would be searched
        if h < table.computed:
            continue
        if h < DIRECT:
            if getattr(table, "period", None) is None:  # a new value would be computed
                return False
        elif not (certified and _searches(game.rule)):
            return False
    return True


def period_pending(game: TakeBreakGame, search_limit: int) -> bool:
    """Whether the period search within ``search_limit`` values has still to run (nothing certified,
    and no report of at least that many values).

    >>> game = TakeBreakGame("grundy")
    >>> period_pending(game, 2048), period_pending(compute_on(game, (), 10, 2048), 2048)
    (True, False)
    """
    report = game.known_period()
    return report is None or (not report.certified and report.checked < search_limit)


def values_needed(game: TakeBreakGame, heaps: Iterable[int], plot_limit: int) -> int:
    """How many values g(0..n-1) the plot of g(0..H) and these heaps need (heaps the period answers
    need none; never more than the core computes for one heap).

    >>> values_needed(TakeBreakGame("0.77"), [5, 300], 100)
    301
    """
    n = min(plot_limit + 1, LIMIT)
    for h in heaps:
        if h < LIMIT and not answers_at_once(game, (h,)):
            n = max(n, h + 1)
    return n


def clone(game: TakeBreakGame) -> TakeBreakGame:
    """A copy of ``game`` (its table of values and its period report) that a worker may extend while
    the original is used elsewhere."""
    return copy.deepcopy(game)


def compute_on(game: TakeBreakGame, heaps: Sequence[int], plot_limit: int, search_limit: int,
               progress: Progress | None = None, search: bool = True) -> TakeBreakGame:
    """Make ``game`` answer the tab at once: its period searched within ``search_limit`` values (when
    ``search`` and still pending), then the values of g(0..H) and of ``heaps``; returns ``game``.

    ``progress(done, total)`` is called as values are computed; it may raise to cancel (the game
    keeps what it computed). Meant for a worker thread, on a :func:`clone`.
    """
    if search and period_pending(game, search_limit):
        game.period(search_limit, progress)
    big = [h for h in heaps if h >= DIRECT or count_partitions(h, max(game.rule.max_parts, 1)) > MAX_SPLITS]
    if big and _searches(game.rule) and not _settled(game):  # the search the game makes for big heaps
        game.period(PERIOD_SEARCH, progress)
    game.values(values_needed(game, heaps, plot_limit), progress)
    return game


def default_plot_limit(report: PeriodReport | None) -> int:
    """The plot's default H: three periods after the preperiod when certified (at least 60), else 200.

    >>> default_plot_limit(PeriodReport(True, 71, 12, certified=True)), default_plot_limit(None)
    (107, 200)
    """
    if report is None or not report.certified:
        return 200
    return max(60, min(report.preperiod + 3 * report.period, 10**5))


def rare_heaps(game: TakeBreakGame, n: int) -> np.ndarray:
    """The heaps below n whose values the engine found rare (the sparse-space method's rare class);
    empty when the values are not split into a common and a rare class.

    >>> rare_heaps(TakeBreakGame("0.77"), 100).size
    0
    """
    found = getattr(game.table, "rare_heaps", None)
    if found is None or getattr(game.table, "method", "") != "sparse":
        return np.zeros(0, np.int64)
    heaps = found()
    return heaps[heaps < n]


def _bits(mask: int) -> str:
    """The bits of a sparse-space mask in words (its top bit extends to every higher bit).

    >>> _bits(0xFFFFFFFFFFFFFFFE), _bits(0xFFFFFFFFFFFFFFEE), _bits(0b101)
    ('bits 1 and up', 'bits 1, 2, 3 and 5 and up', 'bits 0 and 2')
    """
    mask &= 0xFFFFFFFFFFFFFFFF
    top = 64
    while top > 0 and mask >> (top - 1) & 1:
        top -= 1
    words = [str(i) for i in range(top) if mask >> i & 1] + ([f"{top} and up"] if top < 64 else [])
    if len(words) == 1:
        return ("bits " if top < 64 else "bit ") + words[0]
    return "bits " + ", ".join(words[:-1]) + " and " + words[-1]


def rare_words(game: TakeBreakGame) -> str:
    """Which values are rare, in words, or that the values are not split into classes.

    >>> game = TakeBreakGame("grundy")
    >>> _ = game.values(5000)
    >>> rare_words(game)
    'rare: the heaps n where g(n) has an even number of 1s in bits 1 and up (the sparse-space method)'
    """
    table = game.table
    if getattr(table, "method", "") != "sparse":
        return "no rare values marked: the engine does not split this rule's values into common and rare"
    parity = "an even" if table.rho == 0 else "an odd"
    twist = ", counting n's lowest bit too" if table.twist else ""
    return (f"rare: the heaps n where g(n) has {parity} number of 1s in {_bits(table.mask)}{twist} "
            f"(the sparse-space method)")


# -- the position ---------------------------------------------------------------------------------
Snapshot = tuple[str, Heaps]


class TakeBreakPosition:
    """A rule and heaps, with events ``rule_changed()``, ``heaps_changed()`` and ``game_changed()``
    (the game of the rule knows more: a computation's result was adopted)."""

    def __init__(self, rule: Rule | str = DEFAULT_RULE, heaps: Iterable[int] = DEFAULT_HEAPS) -> None:
        self.rule_changed, self.heaps_changed, self.game_changed = Signal(), Signal(), Signal()
        self._rule = _read_rule(rule)
        self._heaps: Heaps = tuple(check_heap(h, i) for i, h in enumerate(heaps))
        self._games: dict[str, TakeBreakGame] = {}

    @property
    def rule(self) -> Rule:
        return self._rule

    @property
    def heaps(self) -> Heaps:
        return self._heaps

    @property
    def game(self) -> TakeBreakGame:
        """The game of the rule (kept while the rule is among the last few used)."""
        key = self._rule.text
        game = self._games.pop(key, None) or TakeBreakGame(self._rule)
        self._games[key] = game  # the newest last
        while len(self._games) > GAMES_KEPT:
            del self._games[next(iter(self._games))]
        return game

    def snapshot(self) -> Snapshot:
        """Everything an edit may change, for undo."""
        return (self._rule.text, self._heaps)

    # -- editing ---------------------------------------------------------------------------------
    def set_rule(self, rule: Rule | str) -> None:
        """Replace the rule (its text is read by the core's parser: RuleError, a ValueError, if bad)."""
        rule = _read_rule(rule)
        if rule.text != self._rule.text:
            self._rule = rule
            self.rule_changed.emit()

    def set_heaps(self, heaps: Iterable[int]) -> None:
        """Replace the heaps (each an integer >= 0)."""
        new = tuple(check_heap(h, i) for i, h in enumerate(heaps))
        if new != self._heaps:
            self._heaps = new
            self.heaps_changed.emit()

    def play(self, move: tuple) -> None:
        """Play ``(heap_index, take, heaps_left)``; MoveError (a ValueError) saying why if illegal."""
        self.set_heaps(self.game.apply(self._heaps, move))

    def restore(self, snapshot: Snapshot) -> None:
        """Put back a :meth:`snapshot` (emits only the events of what differs)."""
        rule, heaps = snapshot
        kept = self._games.get(rule)
        self.set_rule(kept.rule if kept is not None else rule)
        self.set_heaps(heaps)

    def adopt(self, game: TakeBreakGame) -> bool:
        """Keep ``game`` (a computed copy of the game of one of the rules) if it knows at least as many
        values as the game kept; True (and ``game_changed``) when it is the current rule's."""
        key = game.rule.text
        kept = self._games.get(key)
        if kept is not None and kept.table.computed > game.table.computed:
            return False
        self._games[key] = game
        if key != self._rule.text:
            return False
        self.game_changed.emit()
        return True

    # -- saving ----------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data: ``{"rule": "0.77", "heaps": [5, 9, 14]}`` (the rule's canonical text)."""
        return {"rule": self._rule.text, "heaps": list(self._heaps)}

    @classmethod
    def from_state(cls, state: Any) -> tuple[TakeBreakPosition, dict[str, Any]]:
        """The position of a tab's saved state and its view settings (``plot_limit``, ``search_limit``:
        None when automatic), checked strictly: StateError naming what is wrong and where."""
        mapping(state, "the Take & break state", "rule and heaps")
        check_keys(state, ("rule", "heaps"), OPTIONAL, "the Take & break state", "rule and heaps")
        text = state["rule"]
        if not isinstance(text, str):
            raise StateError(f"rule must be a rule's text such as \"0.77\", not {text!r}", ("rule",))
        try:
            rule = parse_rule(text)
        except RuleError as err:
            raise StateError(str(err), ("rule",)) from None
        heaps = state["heaps"]
        if not isinstance(heaps, list):
            raise StateError(f"heaps must be a list of heap sizes, not {heaps!r}", ("heaps",))
        for i, h in enumerate(heaps):
            try:
                check_heap(h, i)
            except ValueError as err:
                raise located(err, ("heaps", i)) from None
        view = {"plot_limit": _limit(state, "plot_limit", 1, PLOT_MAX),
                "search_limit": _limit(state, "search_limit", SEARCH_MIN, SEARCH_MAX)}
        return cls(rule, heaps), view

    @staticmethod
    def empty_state() -> dict[str, Any]:
        """The rule of a new tab, no heap."""
        return {"rule": DEFAULT_RULE, "heaps": [], "plot_limit": None, "search_limit": None}


def _read_rule(rule: Rule | str) -> Rule:
    return parse_rule(rule) if isinstance(rule, str) else rule


def _limit(state: dict, key: str, least: int, most: int) -> int | None:
    value = state.get(key)
    if value is not None and not (is_int(value) and least <= value <= most):
        raise StateError(f"{key} must be an integer in {least:,}..{most:,} or null, not {value!r}", (key,))
    return value
