"""The values of an infinite S (the presets "S = all squares", ...) in the S-Nim tab's worker.

No period is known for these sets, so the tab computes the values it needs, g(0..H) for the plot
and every heap's (its own and the played ones), with progress and Cancel
(:func:`~sgstudio.games.snim.position.compute_values`), and computes more when a heap or H grows.
A computation that was cancelled (or failed) is not started again by itself for the same S and
size: the plot's button asks for it again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sgstudio.games.snim.position import PeriodResult, compute_values
from sgstudio.gui.work import failure_text

if TYPE_CHECKING:
    from sgstudio.games.snim.tab.tab import SNimTab


class NamedValues:
    """What of an infinite S is computed, being computed, or halted, for one S-Nim tab."""

    def __init__(self, tab: SNimTab) -> None:
        self.tab = tab
        self.job: tuple[str, int] | None = None  # the set's name and how many values are computed
        self.halted: tuple[str, int] | None = None  # ... and those cancelled (or failed)

    def need(self) -> int:
        """How many values the tab needs now: g(0..H) and every heap's (own and played)."""
        tab = self.tab
        played = tab.play.model.heaps if tab.play.model is not None else ()
        return max((tab.plot.limit.value(), *tab.model.heaps, *played)) + 1

    def compute(self, force: bool = True) -> None:
        """Compute in a worker what the tab needs, unless it is known, or being computed, or (without
        ``force``) was cancelled or failed for this S and size."""
        tab = self.tab
        name, n, result = tab.model.S, self.need(), tab.model.period_result
        if result is not None and n <= result.known:
            return
        if (name, n) == self.job or (not force and (name, n) == self.halted):
            return
        self.job, self.halted = (name, n), None
        if result is None:
            tab.plot.show_message(f"Computing the values of g for S = all {name}…")
        tab.work.run("period", lambda progress: compute_values(name, n, progress),
                     f"g(0..{n - 1:,}) for all {name}", tab.progress,
                     lambda found: self._found(name, n, found),
                     lambda: self._stopped(name, n, "Computing the values cancelled"),
                     lambda err: self._stopped(name, n, failure_text("Computing the values", err)))

    def _found(self, name: str, n: int, found: PeriodResult) -> None:
        if self.job == (name, n):
            self.job = None
        self.tab._period_found(found)

    def _stopped(self, name: str, n: int, why: str) -> None:
        if self.job != (name, n):  # replaced by a newer computation
            return
        self.job, self.halted = None, (name, n)
        tab = self.tab
        tab.status_message.emit(why)
        if name == tab.model.S:
            tab.analysis_panel.show_pending("?", f"{why}: press the button under the plot to compute again.")
            tab.plot.show_message(f"{why}; the values shown are kept", True)
