"""The worker helper: results, errors, progress and Cancel reach the UI thread as signals."""

from __future__ import annotations

import threading

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from sgstudio.gui.tasks import Task, TaskCancelled, TaskProgress, progress_dialog


def _spin_until_cancelled(started: threading.Event):
    """A function that never ends by itself: it reports until the flag makes ``progress`` raise."""

    def fn(progress):
        started.set()
        done = 0
        while True:
            done += 1
            progress(done % 1000, 1000)

    return fn


def test_result_and_progress_arrive_on_the_ui_thread(qtbot):
    seen, threads = [], []
    main = threading.get_ident()

    def fn(progress):
        threads.append(threading.get_ident())
        for i in range(1, 11):
            progress(i, 10)
        return "done"

    task = Task(fn, interval=0.0)
    task.progress.connect(lambda d, t: seen.append((d, t, threading.get_ident())))
    with qtbot.waitSignal(task.finished, timeout=5000) as blocker:
        task.start()
    assert blocker.args == ["done"]
    assert threads and threads[0] != main
    assert [(d, t) for d, t, _ in seen] == [(i, 10) for i in range(1, 11)]
    assert all(ident == main for *_, ident in seen)
    assert not task.is_running()


def test_an_exception_becomes_failed(qtbot):
    def fn(progress):
        raise ValueError("no period")

    task = Task(fn)
    with qtbot.waitSignal(task.failed, timeout=5000) as blocker:
        task.start()
    assert isinstance(blocker.args[0], ValueError) and str(blocker.args[0]) == "no period"


def test_cancel_stops_a_function_that_polls(qtbot):
    started = threading.Event()
    task = Task(_spin_until_cancelled(started))
    ends = []
    task.finished.connect(lambda r: ends.append("finished"))
    task.cancelled.connect(lambda: ends.append("cancelled"))
    task.start()
    assert started.wait(5)
    assert task.is_running()
    with qtbot.waitSignal(task.cancelled, timeout=5000):
        task.cancel()
    assert ends == ["cancelled"] and task.is_cancelled() and not task.is_running()


def test_cancel_and_wait_blocks_until_stopped(qtbot):
    started = threading.Event()
    task = Task(_spin_until_cancelled(started))
    ends = []
    task.cancelled.connect(lambda: ends.append("cancelled"))
    task.start()
    assert started.wait(5)
    task.cancel_and_wait()
    assert ends == ["cancelled"] and not task.is_running()


def test_progress_raises_after_cancel():
    task = Task(lambda progress: None)
    task.cancel()
    try:
        task._thread.report(1, 2)
    except TaskCancelled:
        pass
    else:  # pragma: no cover - the assertion below fails
        raise AssertionError("progress did not raise after cancel")


def test_progress_widget_shows_cancels_and_hides(qtbot):
    widget = TaskProgress()
    qtbot.addWidget(widget)
    widget.show()
    started = threading.Event()
    task = Task(_spin_until_cancelled(started), interval=0.0)
    widget.track(task, "Computing g")
    task.start()
    assert started.wait(5)
    assert widget.isVisible() and widget.label.text() == "Computing g"
    qtbot.waitUntil(lambda: widget.bar.maximum() == 1000, timeout=5000)
    with qtbot.waitSignal(task.cancelled, timeout=5000):
        qtbot.mouseClick(widget.cancel_button, Qt.MouseButton.LeftButton)
    assert not widget.isVisible() and widget.task is None


def test_progress_dialog_cancel_button_cancels(qtbot):
    started = threading.Event()
    task = Task(_spin_until_cancelled(started))
    dialog = progress_dialog(task, None, "Searching for the period", delay_ms=0)
    qtbot.addWidget(dialog)
    task.start()
    assert started.wait(5)
    button = dialog.findChild(QPushButton)
    with qtbot.waitSignal(task.cancelled, timeout=5000):
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert task.is_cancelled()
    assert not dialog.isVisible()


def test_many_progress_reports_do_not_exhaust_true(qtbot):
    """Each emit dropped a reference to True on PySide6 6.12.0 / CPython 3.11 (hence the pin below 6.12)."""
    task = Task(lambda progress: [progress(i, 5000) for i in range(5000)] and "ok", interval=0.0)
    count = []
    task.progress.connect(lambda d, t: count.append(d))
    with qtbot.waitSignal(task.finished, timeout=10000):
        task.start()
    qtbot.waitUntil(lambda: len(count) == 5000, timeout=5000)
