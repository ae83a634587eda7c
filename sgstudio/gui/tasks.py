"""Run a function off the UI thread with progress and Cancel.

A :class:`Task` runs ``fn(progress)`` in a QThread. The function reports with
``progress(done, total)`` and, by the same call, polls the cancel flag: once :meth:`Task.cancel`
was called, ``progress`` raises :class:`TaskCancelled`, which unwinds the function. The task then
emits exactly one of ``finished(result)``, ``failed(exception)`` or ``cancelled()`` on the UI
thread (queued), never before the worker thread has stopped. ``progress(int, int)`` signals reach
the UI thread at most every ``interval`` seconds (plus the final report), so a function may call
``progress`` millions of times without flooding the event loop.

Progress may be shown with :class:`TaskProgress` (a slim bar with a Cancel button that hides when
idle, to put in a layout) or with :func:`progress_dialog` (a modal-less QProgressDialog).

Functions given to a task must not touch widgets; they may read and compute, and return the result.
Keep a reference to a running task (an attribute of the tab) until it ended, and call
:meth:`Task.cancel_and_wait` before its owner goes away (a tab's ``cancel_work`` does it for every
task below the tab, and the window calls it when it closes).

Teardown is safe whatever the owner does: the worker thread is not a Qt child of the task but is
held by this module until it stopped, so deleting a task (or the tab that owns it) while it runs
never destroys a running QThread (which would abort the process); the deleted task's flag is set,
the function stops at its next ``progress`` call, and the thread is joined when it ends, when the
application quits, or at interpreter exit (:func:`join_all`).
The core's long computations take such a callback already (``SubtractionGame.period(progress=...)``
stops when it raises).

Examples
--------
>>> from PySide6.QtCore import QCoreApplication
>>> app = QCoreApplication.instance() or QCoreApplication([])
>>> def count(progress):
...     total = 0
...     for i in range(1, 101):
...         progress(i, 100)          # reports, and raises TaskCancelled after cancel()
...         total += i
...     return total
>>> task = Task(count)
>>> results = []
>>> _ = task.finished.connect(results.append)
>>> task.start()
>>> task.wait(5000)                   # a test may block; a tab just returns to the event loop
True
>>> results
[5050]
>>> task.is_running()
False
"""

from __future__ import annotations

import atexit
import threading
import time
import weakref
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Qt, QThread, Signal, Slot
from PySide6.QtWidgets import QHBoxLayout, QProgressBar, QProgressDialog, QPushButton, QWidget

from sgstudio.gui.widgets import FittedLabel

Progress = Callable[[int, int], None]
_LIVE: set[_Thread] = set()  # started worker threads, held until they stopped and were joined


class TaskCancelled(Exception):  # noqa: N818 - a signal to unwind, not an error
    """Raised by the progress callback once the task was cancelled."""


class _Thread(QThread):
    """Runs the function; results are picked up by the owning Task after ``finished``."""

    reported = Signal(int, int)

    def __init__(self, fn: Callable[[Progress], Any], flag: threading.Event, interval: float) -> None:
        super().__init__()
        self.fn, self.flag, self.interval = fn, flag, interval
        self.result: Any = None
        self.error: BaseException | None = None
        self._last = 0.0

    def report(self, done: int, total: int) -> None:
        if self.flag.is_set():
            raise TaskCancelled
        now = time.monotonic()
        if now - self._last >= self.interval or done >= total:
            self._last = now
            self.reported.emit(int(done), int(total))

    def run(self) -> None:
        try:
            self.result = self.fn(self.report)
        except Exception as err:  # handed to the UI thread as ``failed``
            self.error = err


class Task(QObject):
    """``fn(progress)`` in a worker thread, with signals on the UI thread.

    Parameters
    ----------
    fn : callable
        Called once as ``fn(progress)`` in the worker thread; its return value is the result.
    interval : float
        Least seconds between two forwarded ``progress`` signals.
    """

    progress = Signal(int, int)
    finished = Signal(object)
    failed = Signal(object)
    cancelled = Signal()

    def __init__(self, fn: Callable[[Progress], Any], parent: QObject | None = None,
                 interval: float = 0.05) -> None:
        super().__init__(parent)
        self._flag = flag = threading.Event()
        self._thread = _Thread(fn, self._flag, interval)  # no Qt parent: see the module docstring
        self._thread.reported.connect(self._forward)
        self._thread.finished.connect(self._done)
        self.destroyed.connect(lambda *_args: flag.set())  # the owner went away: stop the function
        self._ended = False

    def start(self) -> None:
        """Start the worker thread (once)."""
        thread = self._thread
        _LIVE.add(thread)
        ref = weakref.ref(thread)  # a strong one would keep the thread alive through its own signal
        thread.finished.connect(lambda: _reap(ref()))
        thread.start()

    def cancel(self) -> None:
        """Ask the function to stop: its next ``progress`` call raises :class:`TaskCancelled`."""
        self._flag.set()

    def is_cancelled(self) -> bool:
        return self._flag.is_set()

    def is_running(self) -> bool:
        """True from :meth:`start` until the end signal was emitted."""
        return self._thread.isRunning() or (self._thread.isFinished() and not self._ended)

    def wait(self, msecs: int = -1) -> bool:
        """Block until the thread stopped and the end signal was emitted; False on timeout."""
        if not (self._thread.wait() if msecs < 0 else self._thread.wait(msecs)):
            return False
        QCoreApplication.sendPostedEvents(self)  # the queued progress reports, in order
        self._done()
        return True

    def cancel_and_wait(self) -> None:
        """Cancel and block until the worker stopped (for closing a tab)."""
        self.cancel()
        self._thread.wait()
        self._done()

    @Slot(int, int)
    def _forward(self, done: int, total: int) -> None:
        if not self._ended:
            self.progress.emit(done, total)

    @Slot()
    def _done(self) -> None:
        if self._ended or not self._thread.isFinished():
            return
        self._ended = True
        error = self._thread.error
        if self._flag.is_set() or isinstance(error, TaskCancelled):
            self.cancelled.emit()
        elif error is not None:
            self.failed.emit(error)
        else:
            self.finished.emit(self._thread.result)


def _reap(thread: _Thread | None) -> None:
    """Forget a worker thread that has stopped (joined first: ``finished`` comes just before the end)."""
    if thread is not None:
        thread.wait()
        _LIVE.discard(thread)


def join_all() -> None:
    """Cancel every worker thread still running and wait until each stopped (application exit)."""
    for thread in list(_LIVE):
        thread.flag.set()
    for thread in list(_LIVE):
        thread.wait()
        _LIVE.discard(thread)


atexit.register(join_all)


class TaskProgress(QWidget):
    """A label (of ``lines`` lines), a progress bar and a Cancel button for one task at a time; hidden
    when idle."""

    def __init__(self, parent: QWidget | None = None, lines: int = 1) -> None:
        super().__init__(parent)
        self.label = FittedLabel(lines=lines)  # a long text never widens the tab: cut, whole in its tip
        self.label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        self.bar = QProgressBar()
        self.bar.setTextVisible(True)
        self.cancel_button = QPushButton("Cancel")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label, 3)
        layout.addWidget(self.bar, 2)
        layout.addWidget(self.cancel_button)
        self.task: Task | None = None
        self.cancel_button.clicked.connect(self._cancel)
        self.hide()

    def track(self, task: Task, text: str) -> None:
        """Show ``text`` and the task's progress until it ends."""
        self.task = task
        self.label.setText(text)
        self.bar.setRange(0, 0)  # busy until the first report
        task.progress.connect(self._show_progress)
        for end in (task.finished, task.failed, task.cancelled):
            end.connect(self._ended)
        self.show()

    def _show_progress(self, done: int, total: int) -> None:
        scale = max(1, -(-total // 1_000_000))  # keep the bar's ints small
        self.bar.setRange(0, max(1, total // scale))
        self.bar.setValue(min(done, total) // scale)

    def _cancel(self) -> None:
        if self.task is not None:
            self.task.cancel()

    def _ended(self, *_args: object) -> None:
        if self.sender() is self.task:
            self.task = None
            self.hide()


def progress_dialog(task: Task, parent: QWidget | None, text: str, delay_ms: int = 300) -> QProgressDialog:
    """A QProgressDialog that follows ``task``, cancels it, and closes when it ends.

    It appears only if the task is still running after ``delay_ms``.
    """
    dialog = QProgressDialog(text, "Cancel", 0, 0, parent)
    dialog.setMinimumDuration(delay_ms)
    dialog.setAutoClose(False)
    dialog.setAutoReset(False)

    def show_progress(done: int, total: int) -> None:
        scale = max(1, -(-total // 1_000_000))
        dialog.setMaximum(max(1, total // scale))
        dialog.setValue(min(done, total) // scale)

    task.progress.connect(show_progress)
    dialog.canceled.connect(task.cancel)
    for end in (task.finished, task.failed, task.cancelled):
        end.connect(dialog.close)
    return dialog
