"""File > Open Sweep Results: the Tables panel driven by its widgets (open, sort, search, open a game in
the Take & break tab, a bad file), and a sweep started there with progress and Cancel."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from sgstudio.games.takebreak.sweep.codes import expand
from sgstudio.games.takebreak.sweep.job import serial
from sgstudio.games.takebreak.sweep.store import Store

CODES = [*expand(["0.?"]), "0.77"]


@pytest.fixture
def store_path(tmp_path):
    path = tmp_path / "octal.db"
    with Store(str(path)) as store:
        for result in serial(CODES, 1000):
            store.put(result)
    return path


def shown(tables, column: int) -> list:
    proxy = tables.proxy
    return [proxy.index(row, column).data() for row in range(proxy.rowCount())]


def open_results(window, dialogs, qtbot, path):
    dialogs.open_path = str(path)
    window.actions["open_sweep"].trigger()
    tables = window.tables
    qtbot.waitUntil(lambda: window.docks["tables"].isVisible())
    return tables


def test_open_sort_search_and_open_a_game(window, dialogs, qtbot, store_path):
    assert window.actions["open_sweep"] in window.menus["file"].actions()
    tables = open_results(window, dialogs, qtbot, store_path)
    assert sorted(shown(tables, 0)) == sorted(CODES) and dialogs.errors == []
    row = shown(tables, 0).index("0.77")
    cells = [tables.proxy.index(row, c).data() for c in range(8)]
    assert cells == ["0.77", 1000, 71, 12, "yes", 8, "0.77", "-"]
    header = tables.view.horizontalHeader()  # a click on "Largest" sorts by it, numbers as numbers
    x = header.sectionViewportPosition(5) + header.sectionSize(5) // 2
    QTest.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=header.rect().center().__class__(x, 5))
    largest = [v if v != "-" else -1 for v in shown(tables, 5)]
    assert largest in (sorted(largest), sorted(largest, reverse=True)) and 8 in largest
    qtbot.keyClicks(tables.search, "0.7")  # the code or the group contains it
    assert sorted(shown(tables, 0)) == ["0.7", "0.77"]
    tables.search.clear()
    qtbot.keyClicks(tables.search, "0.3")
    assert sorted(shown(tables, 0)) == ["0.3", "0.5", "0.7"]  # .5 and .7 are in .3's group
    tab = window.tabs.game_tabs["takebreak"]
    before, steps = tab.model.rule.text, tab.undo_stack.count()
    tables.search.clear()
    assert before == "0.77"  # the tab's rule at the start: Kayles; open Officers
    index = tables.proxy.index(shown(tables, 0).index("0.6"), 0)
    tables.view.scrollTo(index)
    rect = tables.view.visualRect(index)
    assert tables.view.viewport().rect().contains(rect.center()), (rect, tables.view.viewport().rect())
    QTest.mouseClick(tables.view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())  # one click
    assert window.tabs.currentWidget() is window.tabs.pages["takebreak"]
    assert tab.model.rule.text == "0.6" and tab.undo_stack.count() == steps + 1
    tab.undo_stack.undo()  # one undo step
    assert tab.model.rule.text == before


def test_a_file_that_is_no_store_opens_a_dialog_and_changes_nothing(window, dialogs, qtbot, store_path,
                                                                     tmp_path):
    tables = open_results(window, dialogs, qtbot, store_path)
    rows = tables.proxy.rowCount()
    bad = tmp_path / "notes.db"
    bad.write_text("these are notes, not a sweep store " * 30)
    dialogs.open_path = str(bad)
    window.actions["open_sweep"].trigger()
    assert dialogs.errors == [("Could not open the sweep results",
                               f"{bad}: not a sweep store (file is not a database)")]
    assert tables.proxy.rowCount() == rows and tables.path == str(store_path)


def test_a_sweep_from_the_window_and_its_cancel(window, dialogs, qtbot, store_path):
    tables = open_results(window, dialogs, qtbot, store_path)
    tables.workers = 2
    tables.codes.clear()
    qtbot.keyClicks(tables.codes, "0.?x")
    qtbot.mouseClick(tables.sweep_button, Qt.MouseButton.LeftButton)
    assert "bad pattern '0.?x': column 4" in tables.message.text() and not tables.running()
    tables.codes.clear()
    qtbot.keyClicks(tables.codes, "0.1?")
    tables.values.setValue(1000)
    qtbot.mouseClick(tables.sweep_button, Qt.MouseButton.LeftButton)
    assert tables.running() and tables.progress.isVisible() and not tables.sweep_button.isEnabled()
    qtbot.waitUntil(lambda: not tables.running(), timeout=120_000)
    assert tables.message.text() == "7 games computed, 1 were stored"  # 0.1 was in the store
    assert {*expand(["0.1?"])} <= set(shown(tables, 0)) and not tables.progress.isVisible()
    tables.codes.clear()  # now a long one, cancelled once games come in
    qtbot.keyClicks(tables.codes, "0.???")
    qtbot.mouseClick(tables.sweep_button, Qt.MouseButton.LeftButton)
    stored = tables.proxy.rowCount()  # the bar starts at the games stored; cancel once 8 more came in
    qtbot.waitUntil(lambda: tables.progress.bar.value() > stored + 8, timeout=120_000)
    qtbot.mouseClick(tables.progress.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not tables.running(), timeout=60_000)
    assert tables.message.text() == "Sweep cancelled: the games done are kept"
    with Store(str(store_path)) as store:
        assert store.check() == "ok"
        kept = len(list(store.results(1000)))
    assert len(CODES) + 7 < kept < len(CODES) + 7 + 512 and tables.proxy.rowCount() == kept


def test_a_sparse_game_shows_its_rare_heaps_and_mask(window, dialogs, qtbot, tmp_path):
    path = tmp_path / "sparse.db"
    (game,) = serial(["0.16"], 10**5)
    with Store(str(path)) as store:
        store.put(game)
    tables = open_results(window, dialogs, qtbot, path)
    cell = tables.proxy.index(0, 7).data()
    assert game.rare_count > 0 and cell == f"{game.rare_count} (mask {game.rare_mask})"
