"""What the Take & break tab computes off the UI thread, and what it must not compute again.

The tab needs, for its rule: the period searched within the tab's bound, the values of g(0..H)
for the plot and the values table, and the values its heaps need (:func:`values_needed`). A
:class:`Need` names what is missing; :class:`Computing` runs it as one task of the tab's
background work on a copy of the game (:func:`~sgstudio.games.takebreak.position.compute_on`),
and the position adopts the copy when it is done: the UI thread never reads a game that a worker
extends. A task replaced by a newer one gives what it computed to the position too.

Missing values come first, in a task of their own, and the period search after it: the heaps'
W/L and winning moves never wait for a long search. A task the person cancels (or one that
fails) is not started again by itself: its period search, and its values, are remembered as
halted until the person asks to compute again (or asks for something else); what it had
computed is kept. Heaps a finished task could not make answerable at
once (beyond every table and every certified period) are remembered as tried: the tab then asks
the game once, on the UI thread, and says why they cannot be evaluated.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sgstudio.games.takebreak.game import TakeBreakGame
from sgstudio.games.takebreak.position import (
    TakeBreakPosition,
    answers_at_once,
    clone,
    compute_on,
    period_pending,
    values_needed,
)
from sgstudio.games.takebreak.tab.rule_editor import rule_title
from sgstudio.gui.tasks import TaskProgress
from sgstudio.gui.work import Work, failure_text

Heaps = tuple[int, ...]


@dataclass(frozen=True)
class Need:
    """What is missing for a rule: the period search within ``search`` values (None: not in this
    task), the first ``values`` values, and answers for ``heaps`` at the plot's ``plot_limit``;
    ``bound`` is the tab's search bound (a cancelled task halts the search within it too)."""

    rule: str
    search: int | None
    values: int
    heaps: Heaps
    plot_limit: int
    bound: int = 0


class Computing:
    """The tab's computations: :meth:`need` says what is missing, :meth:`start` computes it."""

    def __init__(self, model: TakeBreakPosition, work: Work, progress: TaskProgress,
                 tell: Callable[[str], object], changed: Callable[[], object]) -> None:
        self.model, self.work, self.progress, self.tell, self.changed = model, work, progress, tell, changed
        self.halted_search: set[tuple[str, int]] = set()
        self.halted_values: dict[tuple[str, int, Heaps], str] = {}
        self.tried: set[tuple[str, Heaps]] = set()
        self.running: Need | None = None
        self._job = 0

    def need(self, game: TakeBreakGame, heaps: Heaps, plot_limit: int, search_limit: int) -> Need | None:
        """What the tab still needs for these heaps and this plot (None: nothing, or only what halted)."""
        rule = game.rule.text
        search = period_pending(game, search_limit) and (rule, search_limit) not in self.halted_search
        n = values_needed(game, heaps, plot_limit)
        more = n > game.table.computed or not (answers_at_once(game, heaps) or (rule, heaps) in self.tried)
        if (rule, n, heaps) in self.halted_values:
            more = False
        if not (search or more):
            return None
        if more and n > game.table.computed:  # the values first: W/L need not wait for a long search
            return Need(rule, None, n, heaps, plot_limit, search_limit)
        return Need(rule, search_limit if search else None, n, heaps, plot_limit, search_limit)

    def halted(self, rule: str) -> str:
        """Why something of ``rule`` is not computed ("" when nothing halted)."""
        if any(r == rule for r, _n, _h in self.halted_values):
            return next(why for (r, _n, _h), why in self.halted_values.items() if r == rule)
        return "cancelled" if any(r == rule for r, _l in self.halted_search) else ""

    def resume(self, rule: str) -> None:
        """Forget what of ``rule`` halted: it is computed again when needed."""
        self.halted_search = {k for k in self.halted_search if k[0] != rule}
        self.halted_values = {k: v for k, v in self.halted_values.items() if k[0] != rule}

    def start(self, game: TakeBreakGame, need: Need) -> None:
        """Compute ``need`` on a copy of ``game`` in the background (replacing a running task)."""
        self._job += 1
        job, self.running = self._job, need
        work = clone(game)
        search = need.search if need.search is not None else 0

        def run(progress):
            return compute_on(work, need.heaps, need.plot_limit, search, progress, search=bool(search))

        title = rule_title(game.rule)
        text = (f"Searching the period of {title} within {search:,} values" if search
                else f"Computing g(0..{need.values - 1:,}) of {title}")
        self.work.run("values", run, text, self.progress, lambda done: self._done(job, need, done),
                      lambda: self._stopped(job, need, work, "cancelled"),
                      lambda err: self._stopped(job, need, None, failure_text(text, err)))

    def _done(self, job: int, need: Need, game: TakeBreakGame) -> None:
        if job == self._job:
            self.running = None
            self.tried.add((need.rule, need.heaps))
        if not self.model.adopt(game) and job == self._job:
            self.changed()

    def _stopped(self, job: int, need: Need, work: TakeBreakGame | None, why: str) -> None:
        """Cancelled (``work``: what it computed) or failed (``why``: the failure in words)."""
        if job == self._job:  # the person's cancel, or a failure: not started again by itself
            self.running = None
            if work is None or period_pending(work, need.bound):  # the search waits for the person
                self.halted_search.add((need.rule, need.bound))
            if work is None or work.table.computed < need.values:
                self.halted_values[(need.rule, need.values, need.heaps)] = why
            self.tell(why if why != "cancelled" else "Computation cancelled: what was computed is kept")
        if work is None or not self.model.adopt(work):
            self.changed()
