"""A progress dialog for the stages of opening a big file (reading, parsing, building the graph),
so the window says what it is doing instead of freezing silently. Small files open without it.

``with opening(parent, path) as step: ...; step("Parsing", 40)`` shows the dialog only when the
file is bigger than :data:`BIG_FILE` bytes; each ``step`` updates it and lets the window repaint.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QProgressDialog, QWidget

BIG_FILE = 1_000_000  # bytes

Step = Callable[[str, int], None]


def quiet(_text: str, _percent: int) -> None:
    """No dialog: nothing to update."""


@contextmanager
def opening(parent: QWidget | None, path: str, shown: bool = True) -> Iterator[Step]:
    """A step function for the stages of opening ``path``; a dialog shows them for a big file."""
    try:
        big = shown and os.path.getsize(path) > BIG_FILE
    except OSError:
        big = False
    if not big:
        yield quiet
        return
    dialog = QProgressDialog(f"Opening {os.path.basename(path)}…", "", 0, 100, parent)
    dialog.setWindowTitle("Opening a big file")
    dialog.setCancelButton(None)
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setMinimumDuration(0)

    def step(text: str, percent: int) -> None:
        dialog.setLabelText(text)
        dialog.setValue(percent)
        QApplication.processEvents()

    step(f"Reading {os.path.basename(path)}…", 5)
    try:
        yield step
    finally:
        dialog.close()
        dialog.deleteLater()
