"""The split-nim tab's analysis: keeps the Analysis panel and the brute-force table current, running
the long work in the tab's background work (:class:`sgstudio.gui.work.Work`: progress and Cancel).

Every change of the position schedules one refresh (many events, one rebuild). The verdict and the
nim-sum come at once from the position, whose heaps' values are kept current edit by edit; values
for parts >= 4 need the core's computed table, built in a worker first (meanwhile the panel says
so). The winning moves are found in two tasks: the first rows, then the count of the rest (the
line under the moves says how far it got; cancelled, it offers to count again). Results of tasks
started for an older position are dropped (a generation number), and such tasks are cancelled.
While the tab is in play mode the analyst is held (:meth:`Analyst.hold`): the panel shows the
played position, and nothing of the tab's own position overwrites it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QPushButton

from sgstudio.core.analysis import Analysis, listed_moves, sum_analysis
from sgstudio.games.splitnim.position import SplitNimPosition
from sgstudio.games.splitnim.steps import compare_table, prepare_table, scan_winning_moves
from sgstudio.games.splitnim.tab.heaps import HeapTableModel
from sgstudio.games.splitnim.tab.panels import ComparisonPanel
from sgstudio.gui.panels.analysis import AnalysisPanel
from sgstudio.gui.tasks import TaskProgress
from sgstudio.gui.work import Work

MOVE_ROWS = 200
"""Winning moves listed; the rest are counted ("… and N more")."""


def position_analysis(pos: SplitNimPosition) -> Analysis:
    """The analysis of ``pos`` without its winning moves (they are looked for in a worker): the
    heaps' values kept current by the position, their nim-sum, who wins (ValueError when a heap is
    beyond the computed table)."""
    values, total = pos.values(), pos.nim_sum()
    heaps = pos.heap_array
    return sum_analysis(values, None if total else (), part="heap", component_of=lambda m: m[0], text=str,
                        detail=lambda i: str(heaps[i]), detail_title="size", total=total)


def with_scanned_moves(analysis: Analysis, game: Any, heaps: Any, values: Any, moves: list,
                       count: int | None) -> Analysis:
    """``analysis`` (of ``heaps`` of these ``values`` in ``game``) with the winning moves a scan found
    (``count`` of them in all, None: not counted)."""
    listed = listed_moves(moves, values, int(analysis.total or 0), lambda m: m[0],
                          lambda m: game.move_text(m, heaps))
    return analysis.with_moves(listed, count)


class Analyst(QObject):
    """Fills the Analysis panel and the comparison from the position, off the UI thread when slow."""

    def __init__(self, position: SplitNimPosition, heap_model: HeapTableModel, panel: AnalysisPanel,
                 compare: ComparisonPanel, progress: TaskProgress, compute_button: QPushButton, work: Work,
                 parent: QObject) -> None:
        super().__init__(parent)
        self.position, self.heap_model, self.panel, self.compare = position, heap_model, panel, compare
        self.progress, self.compute_button, self.work = progress, compute_button, work
        self._generation = 0
        self.held = False
        self._table_key: tuple[int, int] | None = None
        self._refused_key: tuple[int, int] | None = None  # a table the user cancelled
        self._compare_key: tuple[int, int] | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.refresh)
        #: the tab's misère view: ``misere(pos)`` shows ``pos`` under misère and returns True, or
        #: returns False under normal play
        self.misere: Callable[[SplitNimPosition], bool] | None = None
        compute_button.clicked.connect(self._compute_again)
        panel.more_link.connect(lambda _link: self.refresh())

    def schedule(self, *_args: object) -> None:
        """Refresh on the next turn of the event loop."""
        if not self._timer.isActive():
            self._timer.start()

    def hold(self, on: bool) -> None:
        """Hold (play mode: the panel is the play's, pending results are dropped) or release
        (show the tab's own position again)."""
        self.held = on
        self._generation += 1
        self.work.cancel("moves")
        self.work.cancel("count")
        self._timer.stop()
        if not on:
            self.refresh()

    def refresh(self) -> None:
        """Show the position's verdict now; start the winning moves (or the table first)."""
        self._timer.stop()
        if self.held:
            return
        self._generation += 1
        self.work.cancel("moves")
        self.work.cancel("count")
        pos = self.position
        self.compute_button.hide()
        if self.misere is not None and self.misere(pos):
            return
        missing = pos.missing_table()
        if missing:
            self._need_table(pos.parts, missing)
            return
        if self.work.running("table"):
            self._table_key = None  # no longer needed (other parts or heaps): stop it quietly
            self.work.cancel("table")
        analysis = show_verdict(self.panel, pos)
        if analysis is not None and analysis.moves is None:
            self._start_moves(analysis)

    def busy(self) -> bool:
        """Whether a refresh is still to come."""
        return self._timer.isActive()

    # -- tasks -------------------------------------------------------------------------------
    def _need_table(self, parts: int, count: int) -> None:
        key = (parts, count)
        text = f"Computing g(0..{count - 1}) for {parts} parts (no closed form)…"
        if key == self._refused_key:
            self.panel.show_pending("?", "Computing the table was cancelled: no values yet.",
                                    "Waiting for the table of values.")
            self.compute_button.show()
            return
        self.panel.show_pending("…", text, "Waiting for the table of values.")
        if self._table_key == key and self.work.running("table"):
            return
        self._table_key = key
        self.work.run("table", lambda progress: prepare_table(parts, count, progress), text, self.progress,
                      lambda _r: self._table_done(), lambda: self._table_cancelled(key))

    def _table_done(self) -> None:
        self.heap_model.values_changed()
        self.schedule()
        self.refresh_comparison()

    def _table_cancelled(self, key: tuple[int, int]) -> None:
        if self._table_key == key:
            self._refused_key = key
            self.schedule()
            self.refresh_comparison()

    def _compute_again(self) -> None:
        self._refused_key = None
        self.refresh()

    def _start_moves(self, analysis: Analysis) -> None:
        pos = self.position
        gen, game, heaps, values, total = self._generation, pos.game, pos.heap_array, pos.values(), int(
            analysis.total or 0)

        def first(progress: Callable) -> Any:
            return scan_winning_moves(game, heaps, values, total, 0, MOVE_ROWS, MOVE_ROWS, progress)

        def shown(scan: Any) -> None:
            if gen != self._generation:
                return
            done = scan.stop >= len(heaps)
            count = scan.count if done else None
            self.panel.show_moves(with_scanned_moves(analysis, game, heaps, values, scan.moves, count))
            if done:
                return
            self.panel.set_more(f"… and more: counting the rest from heap {scan.stop + 1:,}…")
            self.work.run(
                "count", lambda progress: scan_winning_moves(game, heaps, values, total, scan.stop, 0, None,
                                                             progress),
                "Counting the winning moves…", self.progress,
                lambda rest: gen == self._generation and self._counted(len(scan.moves),
                                                                       scan.count + rest.count),
                lambda: gen == self._generation and self.panel.set_more(
                    "… and more: counting was cancelled. <a href='recount'>Count them</a>"))

        self.work.run("moves", first, "Finding the winning moves…", self.progress, shown)

    def _counted(self, shown: int, total: int) -> None:
        more = total - shown
        self.panel.moves_box.setTitle(f"Winning moves ({total:,})")
        self.panel.set_more(f"… and {more:,} more winning moves ({total:,} in all)" if more else "")

    def refresh_comparison(self, *_args: object) -> None:
        parts, count = self.position.parts, self.compare.count.value() + 1
        self.work.cancel("compare")
        if parts >= 4 and self.work.running("table"):
            self.compare.show_comparison(None, "Waiting for the table of values…")
            return
        key = (parts, count)
        self.compare.show_comparison(None, f"Computing g(0..{count - 1}) by brute force…")
        self._compare_key = key

        def done(result: Any) -> None:
            if self._compare_key == key:
                self.compare.show_comparison(result)

        def cancelled() -> None:
            if self._compare_key == key:
                self.compare.show_comparison(None, "Cancelled: change N or the parts to compute again.")

        self.work.run("compare", lambda progress: compare_table(parts, count, progress), "Brute force…",
                      self.compare.progress, done, cancelled)


def show_verdict(panel: AnalysisPanel, pos: SplitNimPosition) -> Analysis | None:
    """Show the verdict of ``pos`` at once (its winning moves when there are none to look for);
    the analysis (its moves None while they are to be found), or None when no value is known."""
    try:
        analysis = position_analysis(pos)
    except ValueError as err:
        panel.show_pending("?", f"No verdict: {err}.", "No winning moves without every heap's value.")
        return None
    panel.show_analysis(analysis, "Finding the winning moves…", has_move=lambda: any(pos.heaps))
    return analysis
