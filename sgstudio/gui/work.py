"""A tab's background work: long computations off the UI thread, one helper for every tab.

:class:`Work` runs functions as :class:`~sgstudio.gui.tasks.Task` workers, by *kind*: starting a
task of a kind cancels the one of that kind still running (a new S searches its period; the old
search is no longer wanted). Each task shows its progress and a Cancel button in a
:class:`~sgstudio.gui.tasks.TaskProgress` of the tab, ends with exactly one of its callbacks
(done, cancelled, failed) on the UI thread, and a failure is told in people's words (the core's
message; a bug is logged to the crash log and said to be one). The tab cancels and joins all of
them before it goes away (:meth:`Work.cancel_and_wait`, called by ``GameTab.cancel_work``).

Examples
--------
>>> from PySide6.QtWidgets import QApplication
>>> app = QApplication.instance() or QApplication([])
>>> told, results = [], []
>>> work = Work(None, told.append)
>>> task = work.run("sum", lambda progress: sum(range(10)), "Adding", done=results.append)
>>> work.settle(5000), results, work.running()
(True, [45], False)
>>> task = work.run("bad", lambda progress: int("x"), "Reading", done=results.append)
>>> work.settle(5000), told[-1]
(True, "Reading failed: invalid literal for int() with base 10: 'x'")
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject

from sgstudio.core.errors import SGStudioError, one_line
from sgstudio.gui.tasks import Progress, Task, TaskProgress


def failure_text(what: str, err: BaseException) -> str:
    """``what`` failed, and why, in people's words: the message of an error sgstudio raises on
    purpose (or of a ValueError), else "an internal error" with where its log is.

    >>> failure_text("Judging the positions", SGStudioError("no period of g found for S = {3, 1000}"))
    'Judging the positions failed: no period of g found for S = {3, 1000}'
    """
    if isinstance(err, SGStudioError | ValueError | OverflowError | MemoryError):
        reason = one_line(str(err)) or type(err).__name__
    else:
        from sgstudio.gui.errors import log_unexpected

        reason = f"an internal error ({type(err).__name__}). {log_unexpected(err, what)}"
    return f"{what.rstrip('…')} failed: {reason}"


class Work(QObject):
    """The background tasks of one tab, by kind; ``tell(text)`` says a failure (the status bar)."""

    def __init__(self, parent: QObject | None, tell: Callable[[str], object]) -> None:
        super().__init__(parent)
        self.tell = tell
        self.tasks: dict[str, Task] = {}
        self._alive: set[Task] = set()

    def run(self, kind: str, fn: Callable[[Progress], Any], text: str, progress: TaskProgress | None = None,
            done: Callable[[Any], object] | None = None, cancelled: Callable[[], object] | None = None,
            failed: Callable[[BaseException], object] | None = None) -> Task:
        """Start ``fn(progress)`` as the one task of ``kind`` (the previous one is cancelled), shown in
        ``progress`` under ``text``; ``done(result)``, ``cancelled()`` or ``failed(error)`` follows
        (without ``failed``, the failure is told)."""
        self.cancel(kind)
        task = Task(fn, self)
        self.tasks[kind] = task
        self._alive.add(task)
        for end in (task.finished, task.failed, task.cancelled):  # first: the callbacks see it ended
            end.connect(lambda *_args, t=task, k=kind: self._ended(k, t))
        if done is not None:
            task.finished.connect(done)
        if cancelled is not None:
            task.cancelled.connect(cancelled)
        task.failed.connect(failed if failed is not None else lambda err: self.tell(failure_text(text, err)))
        if progress is not None:
            progress.track(task, text)
        task.start()
        return task

    def _ended(self, kind: str, task: Task) -> None:
        if self.tasks.get(kind) is task:
            del self.tasks[kind]
        self._alive.discard(task)
        task.deleteLater()

    def cancel(self, kind: str) -> None:
        """Ask the task of ``kind`` to stop (its ``cancelled`` follows when it has)."""
        task = self.tasks.pop(kind, None)
        if task is not None:
            task.cancel()

    def running(self, kind: str | None = None) -> bool:
        """Whether a task (of ``kind``) runs."""
        if kind is not None:
            return kind in self.tasks
        return any(task.is_running() for task in self._alive)

    def cancel_and_wait(self) -> None:
        """Cancel every task and wait until each stopped (before the tab goes away)."""
        for task in list(self._alive):
            task.cancel_and_wait()

    def settle(self, msecs: int = 30_000, busy: Callable[[], bool] | None = None) -> bool:
        """Process events until no task runs and ``busy()`` (if given) is False; False on timeout."""
        deadline = time.monotonic() + msecs / 1000
        while time.monotonic() < deadline:
            QCoreApplication.processEvents()
            if not self.running() and not (busy is not None and busy()):
                QCoreApplication.processEvents()  # the layout requests of what the results changed
                return True
            time.sleep(0.005)
        return False
