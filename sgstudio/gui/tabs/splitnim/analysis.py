"""The split-nim tab's analysis: keeps the verdict, the winning moves and the brute-force table
current, running the long work in :class:`sgstudio.gui.tasks.Task` workers (progress and Cancel).

Every change of the position schedules one refresh (many events, one rebuild). Values for parts
>= 4 need the core's computed table: it is built in a worker first, and meanwhile the panels say
so. The winning moves are found in two tasks: the first rows, then the count of the rest. Results
of tasks started for an older position are dropped (a generation number), and such tasks are
cancelled. While the tab is in play mode the analyst is held (:meth:`Analyst.hold`): the panels show
the played position, and nothing of the tab's own position overwrites them.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QTimer
from PySide6.QtWidgets import QPushButton

from sgstudio.core.positions.splitnim import SplitNimPosition
from sgstudio.core.positions.splitnim_steps import compare_table, prepare_table, scan_winning_moves
from sgstudio.gui.tabs.splitnim.heaps import HeapTableModel
from sgstudio.gui.tabs.splitnim.panels import ComparisonPanel, MovesPanel, OutcomePanel, show_verdict
from sgstudio.gui.tasks import Task, TaskProgress

MOVE_ROWS = 200
"""Winning moves listed; the rest are counted ("… and N more")."""


class Analyst(QObject):
    """Fills the outcome, moves and comparison panels from the position, off the UI thread when slow."""

    def __init__(self, position: SplitNimPosition, heap_model: HeapTableModel, outcome: OutcomePanel,
                 moves: MovesPanel, compare: ComparisonPanel, progress: TaskProgress,
                 compute_button: QPushButton, tell: Callable[..., None], parent: QObject) -> None:
        super().__init__(parent)
        self.position, self.heap_model, self.tell = position, heap_model, tell
        self.outcome, self.moves, self.compare = outcome, moves, compare
        self.progress, self.compute_button = progress, compute_button
        self._generation = 0
        self.held = False
        self._tasks: set[Task] = set()
        self._table_task: Task | None = None
        self._table_key: tuple[int, int] | None = None
        self._refused_key: tuple[int, int] | None = None  # a table the user cancelled
        self._moves_task: Task | None = None
        self._compare_task: Task | None = None
        self._compare_key: tuple[int, int] | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.refresh)
        compute_button.clicked.connect(self._compute_again)
        moves.recount.connect(self.refresh)

    def schedule(self, *_args: object) -> None:
        """Refresh on the next turn of the event loop."""
        if not self._timer.isActive():
            self._timer.start()

    def hold(self, on: bool) -> None:
        """Hold (play mode: the panels are the play's, pending results are dropped) or release
        (show the tab's own position again)."""
        self.held = on
        self._generation += 1
        self._cancel(self._moves_task)
        self._timer.stop()
        if not on:
            self.refresh()

    def refresh(self) -> None:
        """Show the position's verdict now; start the winning moves (or the table first)."""
        self._timer.stop()
        if self.held:
            return
        self._generation += 1
        self._cancel(self._moves_task)
        pos = self.position
        self.compute_button.hide()
        missing = pos.missing_table()
        if missing:
            self._need_table(pos.parts, missing)
            return
        if self._table_task is not None and self._table_task.is_running():
            self._table_key = None  # no longer needed (other parts or heaps): stop it quietly
            self._table_task.cancel()
        verdict = show_verdict(self.outcome, self.moves, pos)
        if verdict is not None:
            self._start_moves(*verdict)

    # -- tasks -------------------------------------------------------------------------------
    def _run(self, fn: Callable, bar: TaskProgress, text: str, done: Callable[[Any], None],
             cancelled: Callable[[], None] | None = None) -> Task:
        task = Task(fn, self)
        self._tasks.add(task)
        task.finished.connect(done)
        task.failed.connect(lambda err: self.tell(f"{text} failed: {err}", error=True))
        if cancelled is not None:
            task.cancelled.connect(cancelled)
        for end in (task.finished, task.failed, task.cancelled):
            end.connect(lambda *_a, t=task: self._tasks.discard(t))
        bar.track(task, text)
        task.start()
        return task

    @staticmethod
    def _cancel(task: Task | None) -> None:
        if task is not None and task.is_running():
            task.cancel()

    def _need_table(self, parts: int, count: int) -> None:
        key = (parts, count)
        text = f"Computing g(0..{count - 1}) for {parts} parts (no closed form)…"
        self.moves.show_note("Waiting for the table of values.")
        if key == self._refused_key:
            self.outcome.show_unknown("?", "Computing the table was cancelled: no values yet.")
            self.compute_button.show()
            return
        self.outcome.show_unknown("…", text)
        if self._table_key == key and self._table_task is not None and self._table_task.is_running():
            return
        self._cancel(self._table_task)
        self._table_key = key
        self._table_task = self._run(lambda progress: prepare_table(parts, count, progress), self.progress,
                                     text, lambda _r: self._table_done(), lambda: self._table_cancelled(key))

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

    def _start_moves(self, values: Any, total: int) -> None:
        gen, game, heaps = self._generation, self.position.game, self.position.heap_array
        self.moves.show_note("Finding the winning moves…")

        def first(progress: Callable) -> Any:
            return scan_winning_moves(game, heaps, values, total, 0, MOVE_ROWS, MOVE_ROWS, progress)

        def shown(scan: Any) -> None:
            if gen != self._generation:
                return
            self.moves.show_moves(heaps, scan.moves)
            if scan.stop >= len(heaps):
                self.moves.show_rest(len(scan.moves), scan.count)
                return
            self.moves.show_rest(len(scan.moves), None, f"counting the rest from heap {scan.stop + 1:,}…")
            self._moves_task = self._run(
                lambda progress: scan_winning_moves(game, heaps, values, total, scan.stop, 0, None, progress),
                self.progress, "Counting the winning moves…",
                lambda rest: gen == self._generation and self.moves.show_rest(len(scan.moves),
                                                                              scan.count + rest.count),
                lambda: gen == self._generation and self.moves.show_rest(
                    len(scan.moves), None, "counting was cancelled.", recount=True))

        self._moves_task = self._run(first, self.progress, "Finding the winning moves…", shown)

    def refresh_comparison(self, *_args: object) -> None:
        parts, count = self.position.parts, self.compare.count.value() + 1
        self._cancel(self._compare_task)
        if parts >= 4 and self._table_task is not None and self._table_task.is_running():
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

        self._compare_task = self._run(lambda progress: compare_table(parts, count, progress),
                                       self.compare.progress, "Brute force…", done, cancelled)

    def settle(self, msecs: int = 30_000) -> bool:
        """Process events until no task runs (for screenshots and tests); False on timeout."""
        deadline = time.monotonic() + msecs / 1000
        while time.monotonic() < deadline:
            QCoreApplication.processEvents()
            if not self._timer.isActive() and not any(t.is_running() for t in self._tasks):
                QCoreApplication.processEvents()  # the layout requests of what the results changed
                return True
            time.sleep(0.005)
        return False

    def shutdown(self) -> None:
        """Stop every task (blocks until the workers stopped)."""
        for task in list(self._tasks):
            task.cancel_and_wait()
        self._tasks.clear()
