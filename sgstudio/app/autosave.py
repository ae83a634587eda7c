"""Autosave and crash recovery for the window, as trusted editors do it.

Every N seconds (Preferences, default 60; 0 turns it off) a document edited since the last
autosave is written to this session's recovery file (:mod:`sgstudio.document.recovery`), atomically; the
snapshot is taken on the UI thread (plain data) and, for a large document, formatted and written
by a worker thread so that the window never stalls. Saving the document, opening another one, or
undoing back to the saved state removes the recovery file; a clean close removes it with the
session's lock. After a crash (the process killed, the power gone) the next start finds the
orphaned file and asks: Restore (the document comes back as it was, unsaved, under its file
name) or Discard.
"""

from __future__ import annotations

import threading
from typing import Any

from PySide6.QtCore import QObject, QSettings, QTimer, Signal
from PySide6.QtWidgets import QMessageBox, QWidget

from sgstudio.document import recovery, sgs
from sgstudio.gui import errors

SETTING = "autosave/seconds"
DEFAULT_SECONDS = 60
MAX_SECONDS = 3600
LARGE = 20_000
"""Documents with at least this many vertices and edges are written off the UI thread."""


class Autosave(QObject):
    """Writes the window's unsaved document to the recovery file on a timer; offers recoveries.

    Signals: ``written(str)`` (the recovery file, after each write) and ``failed(str)`` (why a
    write failed; the window shows it in the status bar, the next round tries again).
    """

    written = Signal(str)
    failed = Signal(str)

    def __init__(self, document: Any, tabs: Any, settings: QSettings, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document, self.tabs, self.settings = document, tabs, settings
        self.session = recovery.Session()
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.autosave)
        self._edits = self._written = 0  # edit counter now, and when the recovery file was written
        self._writer: threading.Thread | None = None
        self._closed = False
        for stack in tabs.stacks():
            stack.indexChanged.connect(self._edited)
            stack.cleanChanged.connect(self._clean_changed)
        document.saved.connect(self._drop)
        document.model_replaced.connect(self._drop)
        self.apply(self.seconds())

    # -- the interval --------------------------------------------------------------------------------
    def seconds(self) -> int:
        """The autosave interval from the settings (0: off)."""
        try:
            value = int(self.settings.value(SETTING, DEFAULT_SECONDS))
        except (TypeError, ValueError):
            value = DEFAULT_SECONDS
        return min(max(value, 0), MAX_SECONDS)

    def set_seconds(self, seconds: int) -> None:
        """Store and use a new interval (0: off)."""
        seconds = min(max(int(seconds), 0), MAX_SECONDS)
        self.settings.setValue(SETTING, seconds)
        self.settings.sync()
        self.apply(seconds)

    def apply(self, seconds: int) -> None:
        if seconds:
            self.timer.start(seconds * 1000)
        else:
            self.timer.stop()

    # -- writing -------------------------------------------------------------------------------------
    def autosave(self) -> bool:
        """Write the recovery file now if something was edited since the last write; True if started."""
        if self.document.is_clean():
            self._drop()
            return False
        if self._edits == self._written or self.busy():
            return False
        data = sgs.to_dict(self.document.model, self.document.current_tabs())
        origin = str(self.document.path) if self.document.path is not None else None
        job = (data, self.document.name, origin, self._edits)
        if len(data["graph"]["vertices"]) + len(data["graph"]["edges"]) < LARGE:
            self._write(*job)
        else:
            self._writer = threading.Thread(target=self._write, args=job, name="sgstudio autosave")
            self._writer.start()
        return True

    def _write(self, data: dict, name: str, origin: str | None, edits: int) -> None:
        try:
            self.session.write(data, name, origin)
        except Exception as err:  # a full disk or a bug: the next round tries again
            self.failed.emit(f"Autosave failed: {errors.describe(err, str(self.session.path))}")
            if not isinstance(err, OSError):
                errors.log_unexpected(err, "autosave")
            return
        self._written = edits
        self.written.emit(str(self.session.path))

    def busy(self) -> bool:
        return self._writer is not None and self._writer.is_alive()

    def wait(self) -> None:
        """Block until a write in progress has finished."""
        if self._writer is not None:
            self._writer.join()
            self._writer = None

    def close(self) -> None:
        """A clean close: the recovery file and the session's lock are removed (once)."""
        self.timer.stop()
        if self._closed:
            return
        self._closed = True
        for stack in self.tabs.stacks():
            stack.indexChanged.disconnect(self._edited)
            stack.cleanChanged.disconnect(self._clean_changed)
        self.wait()
        self.session.close()

    def _edited(self, _index: int) -> None:
        self._edits += 1

    def _clean_changed(self, clean: bool) -> None:
        try:
            if clean and self.document.is_clean():  # undone back to the saved state: nothing to recover
                self._drop()
        except RuntimeError:  # the window is being destroyed: its stacks go first
            pass

    def _drop(self, *_args: object) -> None:
        """The document is saved or replaced: the recovery file has nothing left to offer."""
        self.wait()
        self.session.discard()
        self._written = self._edits

    # -- recovering ----------------------------------------------------------------------------------
    def offer_recovery(self, parent: QWidget | None = None) -> bool:
        """Ask about each orphaned recovery file (newest first) until one is restored; True if one was."""
        for found in recovery.orphans():
            if not ask_restore(parent, found):
                found.discard()
                continue
            return self.restore(found, parent)
        return False

    def restore(self, found: recovery.Recovery, parent: QWidget | None = None) -> bool:
        """Install a recovery as the open document, unsaved, and make it this session's recovery."""
        from pathlib import Path

        from sgstudio.app.files import Loaded

        try:
            doc = found.load()
            self.tabs.check_states(doc.tabs)
        except Exception as err:  # damaged: kept aside for a person to look at, never offered again
            damaged = found.path.with_suffix(".damaged")
            found.path.replace(damaged)
            errors.show_error(parent, "Could not restore the document",
                              f"{errors.describe(err, str(found.path))}\n\nThe file is kept as {damaged}.")
            return False
        origin = Path(found.origin) if found.origin else None
        self.document.install(Loaded(doc.graph, found.name, origin, doc.tabs))
        self.tabs.graph.undo_stack.resetClean()  # restored work is unsaved work
        self._edits += 1
        found.discard()
        self.autosave()  # this session now holds it
        return True


def ask_restore(parent: QWidget | None, found: recovery.Recovery) -> bool:
    """Restore or Discard? (a real dialog: tests click its buttons)."""
    box = QMessageBox(QMessageBox.Icon.Question, "Recover unsaved work",
                      "sgstudio did not close properly last time. Unsaved work was kept:\n\n"
                      f"{found.describe()}\n\nRestore it? Discard deletes it.", parent=parent)
    restore = box.addButton("Restore", QMessageBox.ButtonRole.AcceptRole)
    box.addButton("Discard", QMessageBox.ButtonRole.DestructiveRole)
    box.setDefaultButton(restore)
    box.setObjectName("recovery_dialog")
    box.exec()
    return box.clickedButton() is restore
