"""Autosave and crash recovery (issue 9): the recovery file follows the edits, a save or a clean
close removes it, Preferences sets the interval, and after a kill -9 the next start restores it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox, QSpinBox

from sgstudio.app import autosave
from sgstudio.document import recovery, sgs
from sgstudio.games.graph.tab.commands import AddVertexCommand


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    """A private cache folder (recovery files of other tests never show up here)."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(folder))
    return folder / "sgstudio" / "recovery"


@pytest.fixture
def studio(qtbot, dialogs, settings, cache):
    """A window whose session writes to the private cache folder."""
    from sgstudio.app.main_window import MainWindow

    def make():
        w = MainWindow(settings=settings)
        qtbot.addWidget(w)
        w.document.load_example()
        return w

    return make


def add_vertex(window, label: str) -> None:
    window.undo_stack.push(AddVertexCommand(window.document.model, (12.0, 34.0), label))


def labels(model) -> list[str]:
    return sorted(model.label(v) for v in model.nodes())


def click_when_shown(text: str, seen: list[str]) -> None:
    """Click the button ``text`` of the next modal message box as soon as it is open."""

    def attempt() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(10, attempt)
            return
        seen.append(box.text())
        next(b for b in box.buttons() if b.text() == text).click()

    QTimer.singleShot(0, attempt)


def test_preferences_set_the_interval(qtbot, studio, settings):
    window = studio()
    assert window.autosave.seconds() == autosave.DEFAULT_SECONDS == 60
    assert window.autosave.timer.interval() == 60_000 and window.autosave.timer.isActive()

    def fill_in() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, QDialog):
            QTimer.singleShot(10, fill_in)
            return
        spin = dialog.findChild(QSpinBox, "autosave_seconds")
        spin.setValue(5)
        dialog.buttons.button(dialog.buttons.StandardButton.Ok).click()

    QTimer.singleShot(0, fill_in)
    window.actions["preferences"].trigger()
    assert window.autosave.seconds() == 5 and window.autosave.timer.interval() == 5000
    assert int(settings.value(autosave.SETTING)) == 5
    window.autosave.set_seconds(0)
    assert not window.autosave.timer.isActive()


def test_the_timer_writes_the_edits_and_a_save_removes_the_file(qtbot, studio, dialogs, cache, tmp_path):
    window = studio()
    window.autosave.set_seconds(1)
    add_vertex(window, "unsaved work")
    with qtbot.waitSignal(window.autosave.written, timeout=10_000) as blocker:
        pass
    path = Path(blocker.args[0])
    assert path.parent == cache and "unsaved work" in labels(sgs.read(path).graph)
    assert not window.autosave.autosave()  # nothing new since: no second write
    dialogs.save_path = str(tmp_path / "game.sgs")
    assert window.document.save()
    assert not path.exists()


def test_undo_to_the_saved_state_and_a_clean_close_remove_the_file(qtbot, studio, cache):
    window = studio()
    add_vertex(window, "x")
    assert window.autosave.autosave()
    path = window.autosave.session.path
    assert path.exists()
    window.undo_stack.undo()  # back to the opened document: nothing to recover
    assert not path.exists()
    add_vertex(window, "y")
    assert window.autosave.autosave() and path.exists()
    assert window.close()  # the unsaved-changes prompt answers Discard: a clean close
    assert not path.exists() and list(cache.iterdir()) == []  # the file and the session's lock are gone


def test_a_large_document_is_written_off_the_ui_thread(qtbot, studio, monkeypatch):
    monkeypatch.setattr(autosave, "LARGE", 1)
    window = studio()
    add_vertex(window, "big")
    threads = []
    original = window.autosave.session.write

    def recording(*args):
        import threading

        threads.append(threading.current_thread() is threading.main_thread())
        original(*args)

    monkeypatch.setattr(window.autosave.session, "write", recording)
    with qtbot.waitSignal(window.autosave.written, timeout=10_000):
        assert window.autosave.autosave()
    assert threads == [False]
    window.autosave.wait()
    assert "big" in labels(sgs.read(window.autosave.session.path).graph)


CHILD = """
import os, sys
os.environ["QT_QPA_PLATFORM"] = "offscreen"
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
app = QApplication([])
from sgstudio.app.main_window import MainWindow
from sgstudio.games.graph.tab.commands import AddVertexCommand
settings = QSettings(sys.argv[1], QSettings.Format.IniFormat)
settings.setValue("autosave/seconds", 1)
window = MainWindow(settings=settings)
window.document.load_example()
window.undo_stack.push(AddVertexCommand(window.document.model, (1.0, 2.0), "survivor"))
window.show()
app.exec()
"""


def wait_for_recovery(cache: Path, label: str, child: subprocess.Popen, seconds: float = 60) -> Path:
    """Poll the recovery folder until a file holding ``label`` appears."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        assert child.poll() is None, child.stderr.read()
        for path in cache.glob("session-*.sgs") if cache.exists() else ():
            try:
                if label in path.read_text(encoding="utf-8"):
                    return path
            except OSError:
                pass
        time.sleep(0.05)
    raise AssertionError("no recovery file appeared")


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL")
def test_after_kill_9_the_next_start_offers_the_work_and_restores_it(qtbot, studio, cache, tmp_path):
    env = {**os.environ, "XDG_CACHE_HOME": str(cache.parent.parent)}
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(tmp_path / "child.ini")], env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        path = wait_for_recovery(cache, "survivor", child)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
        child.stderr.close()
    assert path.exists()  # a crash leaves the recovery file behind
    found = recovery.orphans()
    assert [r.path for r in found] == [path] and found[0].name == "example.sgs"

    window = studio()  # the next start
    seen: list[str] = []
    click_when_shown("Restore", seen)
    assert window.autosave.offer_recovery(window)
    assert "did not close properly" in seen[0] and "example.sgs" in seen[0]
    assert "survivor" in labels(window.document.model)
    assert window.isWindowModified() and window.document.path is None
    assert not path.exists()  # the orphan is gone; this session holds the work now
    assert "survivor" in labels(sgs.read(window.autosave.session.path).graph)


def test_discard_deletes_an_orphan_and_keeps_the_document(qtbot, studio, cache):
    orphan = recovery.Session()
    window = studio()
    add_vertex(window, "other session")
    orphan.write(sgs.to_dict(window.document.model, {}), "lost.sgs", "/somewhere/lost.sgs")
    orphan._lock.close()  # its process is gone: the lock is free
    orphan._lock = None
    window.undo_stack.undo()
    before = labels(window.document.model)
    seen: list[str] = []
    click_when_shown("Discard", seen)
    assert not window.autosave.offer_recovery(window)
    assert "lost.sgs (/somewhere/lost.sgs)" in seen[0]
    assert not orphan.path.exists() and labels(window.document.model) == before
    assert recovery.orphans() == []


def test_a_live_session_is_not_an_orphan(studio):
    first, second = studio(), studio()
    add_vertex(first, "alive")
    assert first.autosave.autosave()
    assert recovery.orphans() == []  # the first window still holds its lock
    assert not second.autosave.offer_recovery(second)


def test_settings_other_than_a_number_fall_back_to_the_default(studio, settings):
    settings.setValue(autosave.SETTING, "often")
    window = studio()
    assert window.autosave.seconds() == autosave.DEFAULT_SECONDS
    assert isinstance(settings, QSettings)
