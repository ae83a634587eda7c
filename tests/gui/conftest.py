"""Fixtures of the window tests: settings in a temporary place, recorded dialogs, the window."""

from __future__ import annotations

import gc

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QFileDialog, QInputDialog, QMessageBox

from sgstudio.document import sgs
from sgstudio.games.graph.model.graph import GameGraph
from sgstudio.paths import resource_path


@pytest.fixture(autouse=True)
def _garbage_collected_between_tests():
    """Python's cycle collector runs only between tests, never inside Qt's event processing.

    A test's top-level widget (a canvas shown without a parent) is owned by Python; caught in a
    reference cycle, it lives on after the test and the collector may free it at any allocation,
    including one made while Qt is painting that very widget, which crashed the process now and
    then (a call through a freed pointer in QGraphicsView::paintEvent). With automatic collection
    off during a test, such widgets are freed here, after pytest-qt has closed them. What the test
    made is still in the youngest generation (no collection ran to promote it), so collecting that
    one is enough, and cheap.
    """
    gc.disable()
    yield
    gc.collect(0)
    gc.enable()


class Dialogs:
    """Stands in for every modal dialog: records what was asked, answers what the test set."""

    def __init__(self) -> None:
        self.errors: list[tuple[str, str]] = []
        self.questions: list[str] = []
        self.answer = QMessageBox.StandardButton.Discard
        self.open_path = ""
        self.save_path = ""
        self.case: str | None = None  # the test case item to pick, None: cancel
        self.asked: list[tuple[str, str, str]] = []  # each file dialog: ("open" | "save", title, directory)

    def critical(self, _parent, title, text, *_args):
        self.errors.append((title, text))
        return QMessageBox.StandardButton.Ok

    def question(self, _parent, _title, text, *_args):
        self.questions.append(text)
        return self.answer

    def get_open(self, _parent=None, title="", directory="", *_args, **_kwargs):
        self.asked.append(("open", title, directory))
        return self.open_path, ""

    def get_save(self, _parent=None, title="", directory="", *_args, **_kwargs):
        self.asked.append(("save", title, directory))
        return self.save_path, ""

    def get_item(self, _parent, _title, _label, items, *_args):
        if self.case is None:
            return "", False
        return next(i for i in items if i.startswith(self.case)), True


@pytest.fixture
def dialogs(monkeypatch) -> Dialogs:
    d = Dialogs()
    monkeypatch.setattr(QMessageBox, "critical", d.critical)
    monkeypatch.setattr(QMessageBox, "question", d.question)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", d.get_open)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", d.get_save)
    monkeypatch.setattr(QInputDialog, "getItem", d.get_item)
    return d


@pytest.fixture
def settings(tmp_path) -> QSettings:
    """A private settings file (recent files never touch the user's)."""
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def example() -> GameGraph:
    """The built-in example game as a fresh model."""
    return sgs.read(resource_path("examples", "default.sgs")).graph


@pytest.fixture
def window(qtbot, dialogs, settings):
    """The main window on the built-in example, shown."""
    from sgstudio.app.main_window import MainWindow

    w = MainWindow(settings=settings)
    qtbot.addWidget(w)
    w.document.load_example()
    w.show()
    qtbot.waitExposed(w)
    qtbot.waitUntil(lambda: w.canvas.zoom() > 0.5)  # fitted to the shown view
    return w
