"""Opening a big file without freezing the window: each stage (reading, parsing, building the graph,
laying it out) runs in a worker thread (:class:`~sgstudio.gui.tasks.Task`) while a progress dialog
says which stage it is and offers Cancel; the window keeps repainting meanwhile. Small files open
as before, on the UI thread, without a dialog.

``with opening(parent, path, shown) as work: text = work("Parsing…", parse, text)`` runs
``parse(text)`` in a worker when ``path`` is bigger than :data:`BIG_FILE` bytes (and ``shown``),
else right away. ``work`` returns the stage's result or raises what it raised; after Cancel it
raises :class:`OpeningCancelled` at once (the stage running then finishes in its thread and its
result is dropped), so the caller leaves the open document as it was.

Only the stages run off the UI thread: between them the caller may ask the person something (which
test case to import) with the dialog still up. While a stage runs, the UI thread waits in a local
event loop; the dialog is window-modal, so nothing else in the window can start meanwhile. The
stages must not touch widgets (they build a new document that nothing shows yet).

Opening first checks that the file fits in memory (:func:`sgstudio.gui.memory.check_file`): a
file too big for this machine is refused before it is read.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from PySide6.QtCore import QEventLoop, Qt
from PySide6.QtWidgets import QProgressDialog, QWidget

from sgstudio.gui import memory
from sgstudio.gui.tasks import Task

BIG_FILE = 1_000_000  # bytes
#: How far along the bar each stage starts (by its first words), for a dialog that moves steadily.
STAGE_PERCENT = {"Reading": 3, "Parsing": 12, "Building": 40, "Laying": 65, "Drawing": 85}

Work = Callable[..., Any]


class OpeningCancelled(Exception):  # noqa: N818 - the person's choice, not an error
    """The person cancelled opening a file; nothing was changed."""


def inline(_text: str, fn: Callable[..., Any], *args: Any) -> Any:
    """A stage run on the spot (small files, screenshots, tests)."""
    return fn(*args)


class Stages:
    """Runs each stage in a worker thread, the dialog showing it, until one fails or Cancel."""

    def __init__(self, dialog: QProgressDialog) -> None:
        self.dialog = dialog
        self.cancelled = False
        self.tasks: list[Task] = []  # kept until they end (a cancelled stage may still be running)
        dialog.canceled.connect(self._cancel)

    def __call__(self, text: str, fn: Callable[..., Any], *args: Any) -> Any:
        if self.cancelled:
            raise OpeningCancelled
        self.dialog.setLabelText(text)
        self.dialog.setValue(STAGE_PERCENT.get(text.split()[0], self.dialog.value()))
        loop = QEventLoop()
        outcome: dict[str, Any] = {}
        task = Task(lambda _progress: fn(*args))
        task.finished.connect(lambda result: outcome.setdefault("result", result))
        task.failed.connect(lambda err: outcome.setdefault("error", err))
        for end in (task.finished, task.failed, task.cancelled):
            end.connect(loop.quit)
        self.dialog.canceled.connect(loop.quit)
        self.tasks = [t for t in self.tasks if t.is_running()] + [task]
        task.start()
        loop.exec()
        self.dialog.canceled.disconnect(loop.quit)
        if self.cancelled:
            task.cancel()
            raise OpeningCancelled
        if "error" in outcome:
            raise outcome["error"]
        return outcome["result"]

    def _cancel(self) -> None:
        self.cancelled = True


def is_big(path: str) -> bool:
    """Whether ``path`` opens through the worker stages (a file of more than :data:`BIG_FILE` bytes)."""
    try:
        return os.path.getsize(path) > BIG_FILE
    except OSError:
        return False


@contextmanager
def opening(parent: QWidget | None, path: str, shown: bool = True) -> Iterator[Work]:
    """The stage runner for opening ``path``: threaded with a dialog for a big file, else inline.

    Raises :class:`~sgstudio.gui.memory.TooBigError` (before anything is read) for a file that does
    not fit in the memory available.
    """
    try:
        size = os.path.getsize(path)
    except OSError:
        size = 0
    memory.check_file(path, size)
    if not (shown and size > BIG_FILE):
        yield inline
        return
    dialog = QProgressDialog(f"Opening {os.path.basename(path)}…", "Cancel", 0, 100, parent)
    dialog.setWindowTitle("Opening a big file")
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setAutoClose(False)
    dialog.setAutoReset(False)
    dialog.setMinimumDuration(0)
    dialog.setValue(0)
    dialog.show()
    try:
        yield Stages(dialog)
    finally:
        dialog.close()
        dialog.deleteLater()
