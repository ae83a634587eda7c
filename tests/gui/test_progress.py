"""Opening a big file: its stages run in worker threads behind a progress dialog while the window
keeps running, Cancel leaves the open document as it was, and an input too large for the memory
available is refused before anything is built. A small file opens on the spot, without a dialog."""

from __future__ import annotations

import threading
import time

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QProgressDialog, QPushButton

from sgstudio.games.graph import hdu1524_graph as hdu
from sgstudio.games.graph.tab.canvas.big import canvas as big_canvas
from sgstudio.gui import memory, progress


def progress_dialogs() -> list[QProgressDialog]:
    return [w for w in QApplication.topLevelWidgets() if isinstance(w, QProgressDialog) and w.isVisible()]


def chain_file(tmp_path, n: int):
    """An HDU 1524 file: the chain 0 -> 1 -> ... -> n-1, one query with a token on 0."""
    path = tmp_path / f"chain{n}.txt"
    path.write_text(f"{n}\n" + "".join(f"1 {i + 1}\n" for i in range(n - 1)) + "0\n1 0\n0\n")
    return path


@pytest.fixture
def threaded(monkeypatch):
    """Every file counts as big: it opens through the worker stages and the dialog."""
    monkeypatch.setattr(progress, "BIG_FILE", 0)


def test_a_big_file_opens_in_worker_threads_while_the_window_runs(window, dialogs, threaded, tmp_path,
                                                                 monkeypatch):
    path = chain_file(tmp_path, 40)
    seen: dict = {"threads": set(), "labels": [], "ticks": 0}
    parse = hdu.cases

    def slow_parse(text, file):
        seen["threads"].add(threading.current_thread() is threading.main_thread())
        time.sleep(0.3)  # a stage long enough for the event loop to turn meanwhile
        return parse(text, file)

    monkeypatch.setattr(hdu, "cases", slow_parse)
    monkeypatch.setattr(big_canvas, "BIG_VERTICES", 10)  # drawn the big way: laid out while opening
    place = big_canvas.place_big
    monkeypatch.setattr(big_canvas, "place_big", lambda m: seen.setdefault("layout", []).append(
        threading.current_thread() is threading.main_thread()) or place(m))
    ticker = QTimer()
    ticker.setInterval(10)
    ticker.timeout.connect(lambda: seen.update(ticks=seen["ticks"] + 1))
    ticker.timeout.connect(lambda: seen["labels"].extend(d.labelText() for d in progress_dialogs()))
    ticker.start()
    old = window.document.model
    assert window.document.open(str(path)), repr(window.document.last_error)
    ticker.stop()
    model = window.document.model
    assert model is not old and len(model) == 40 and model.tokens() == [0]
    assert window.canvas.model is model and window.analysis.outcome_text() == model.outcome()
    assert window.canvas.is_big() and all(model.pos(v) is not None for v in model.nodes())
    assert seen["threads"] == {False} and seen["layout"] == [False]  # parse and layout off the UI thread ...
    assert seen["ticks"] > 0  # ... while the UI thread kept serving its timers
    assert any(label.startswith("Parsing") for label in seen["labels"])  # the dialog said what it did
    assert not progress_dialogs() and dialogs.errors == []


def test_cancel_leaves_the_open_document_as_it_was(window, dialogs, threaded, tmp_path, monkeypatch):
    path = chain_file(tmp_path, 40)
    release = threading.Event()
    parse = hdu.cases

    def stuck_parse(text, file):
        release.wait(5)
        return parse(text, file)

    monkeypatch.setattr(hdu, "cases", stuck_parse)
    QTimer.singleShot(50, lambda: [d.findChild(QPushButton).click() for d in progress_dialogs()])
    old, before = window.document.model, sorted(window.document.model.edges())
    title = window.windowTitle()
    assert not window.document.open(str(path))
    release.set()  # the abandoned stage ends in its thread; its result is dropped
    assert window.document.model is old and window.canvas.model is old
    assert sorted(old.edges()) == before and window.windowTitle() == title
    assert dialogs.errors == [] and not progress_dialogs()


def test_an_error_in_a_stage_is_reported_and_changes_nothing(window, dialogs, threaded, tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("2\n1 1\n1 0\n0\n")  # a cycle
    old = window.document.model
    assert not window.document.open(str(path))
    assert window.document.model is old
    assert len(dialogs.errors) == 1 and "cycle" in dialogs.errors[0][1]


def test_a_graph_too_big_for_the_memory_is_refused_before_it_is_built(window, dialogs, tmp_path,
                                                                      monkeypatch):
    path = chain_file(tmp_path, 3000)
    size = path.stat().st_size
    need = memory.graph_bytes(3000, 2999)
    monkeypatch.setattr(memory, "LIMIT_BYTES", (memory.BYTES_PER_FILE_BYTE * size + need) // 2)
    built = []
    monkeypatch.setattr(hdu.GameGraph, "from_edges", lambda *a, **k: built.append(a))
    old = window.document.model
    assert not window.document.open(str(path))
    assert window.document.model is old and built == []  # refused before any graph was made
    (title, text), = dialogs.errors
    assert title == "Could not open the file"
    assert "3,000 vertices and 2,999 edges" in text and "available" in text and "command line" in text
    limit = memory.LIMIT_BYTES
    assert f"{limit / 2**20:.0f} MB is available" in text  # says what the limit is


def test_a_file_too_big_for_the_memory_is_refused_before_it_is_read(window, dialogs, tmp_path,
                                                                   monkeypatch):
    path = chain_file(tmp_path, 3000)
    monkeypatch.setattr(memory, "LIMIT_BYTES", path.stat().st_size)  # the text fits, its parse does not
    read = []
    monkeypatch.setattr("sgstudio.app.files.read_file", lambda p: read.append(p))
    assert not window.document.open(str(path))
    assert read == []
    (_, text), = dialogs.errors
    assert "reading it would take about" in text and "files up to about" in text


def test_a_small_file_or_no_dialogs_wanted_opens_on_the_spot(qtbot, tmp_path):
    small = chain_file(tmp_path, 3)
    with progress.opening(None, str(small)) as work:
        assert work("Parsing…", threading.current_thread) is threading.main_thread()
        assert not progress_dialogs()
    big = tmp_path / "big.txt"
    big.write_text(" " * (progress.BIG_FILE + 1))
    with progress.opening(None, str(big), shown=False) as work:
        assert work("Parsing…", threading.current_thread) is threading.main_thread()
        assert not progress_dialogs()
