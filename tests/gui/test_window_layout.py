"""The window at 1280x800 and 1024x700, as a person sees it: every text read whole (or cut on purpose
with the whole in its tooltip), every control in sight, the Take & break values table readable, and
the tab bar whole while playing.

:mod:`layout_audit` walks the widget tree and measures each text with its font metrics.
"""

from __future__ import annotations

import threading

import pytest
from layout_audit import problems
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QStyle

L = Qt.MouseButton.LeftButton
SIZES = [(1280, 800), (1024, 700)]


def resized(qtbot, window, size: tuple[int, int]) -> None:
    window.resize(*size)
    qtbot.waitUntil(lambda: window.size().toTuple() == size)
    laid_out(qtbot, window)


def click_tab(qtbot, window, key: str) -> None:
    bar = window.tabs.tabBar()
    index = window.tabs.indexOf(window.tabs.pages[key])
    qtbot.mouseClick(bar, L, pos=bar.tabRect(index).center())
    assert window.tabs.current_key() == key
    assert window.tabs.game_tabs[key].settle()  # what the tab computes shows (and its progress hides)
    laid_out(qtbot, window)


def laid_out(qtbot, window) -> None:
    """Wait until the current page's scroll area has sized the tab to its viewport (the docks take
    their width for the tab first)."""
    page = window.tabs.currentWidget()
    if not hasattr(page, "viewport"):  # the Graph tab: its canvas fills the page
        qtbot.waitUntil(lambda: page.size() == page.parentWidget().size())
        qtbot.wait(30)
        return

    def done() -> bool:
        tab, room, least = page.widget(), page.viewport().size(), page.widget().minimumSizeHint()
        return (page.size() == page.parentWidget().size() and tab.width() == max(room.width(), least.width())
                and tab.height() >= room.height())

    qtbot.waitUntil(done)
    qtbot.wait(30)


def type_into(qtbot, field, text: str) -> None:
    field.selectAll()
    qtbot.keyClicks(field, text)
    qtbot.keyClick(field, Qt.Key.Key_Return)


# -- the Take & break values table ------------------------------------------------------------------
def cell_margin(table) -> int:
    """The room a view leaves on each side of a cell's text."""
    return table.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, table) + 1


def assert_values_readable(qtbot, table) -> None:
    """Every value whole in its column, every column reachable by scrolling sideways."""
    model, metrics = table.values_model, table.fontMetrics()
    widest = max(metrics.horizontalAdvance(str(int(v))) for v in set(model.values.tolist()))
    header = table.horizontalHeader()
    for column in range(model.columnCount()):
        assert table.columnWidth(column) >= widest + 2 * cell_margin(table), column
        assert table.columnWidth(column) >= header.fontMetrics().horizontalAdvance(str(column)) + 4
    for n in (0, model.width - 1, len(model.values) - 1):  # the shown text is the value, its tip says so
        index = model.index(n // model.width, n % model.width)
        assert table.cell_text(n) == str(int(model.values[n]))
        assert model.data(index, Qt.ItemDataRole.ToolTipRole).startswith(f"g({n:,}) = {model.values[n]}")
    bar = table.horizontalScrollBar()
    last = model.columnCount() - 1
    qtbot.mouseClick(bar, L, pos=QPoint(bar.width() - 3, bar.height() // 2))  # scroll to the right end
    bar.setValue(bar.maximum())  # as far as a person drags it
    qtbot.wait(10)
    right = table.columnViewportPosition(last) + table.columnWidth(last)
    assert table.columnViewportPosition(last) >= 0 and right <= table.viewport().width(), right
    assert bar.maximum() == 0 or bar.isVisible()


@pytest.mark.parametrize("size", SIZES)
def test_the_values_table_shows_every_value_and_the_period_columns(qtbot, window, size):
    resized(qtbot, window, size)
    click_tab(qtbot, window, "takebreak")
    tab = window.tabs.game_tabs["takebreak"]
    assert tab.settle()
    table = tab.values_table
    assert table.values_model.width == 12  # Kayles: rows of its period
    assert_values_readable(qtbot, table)
    if size == (1280, 800):  # at the default size all twelve columns are in sight at once
        assert table.horizontalScrollBar().maximum() == 0
    type_into(qtbot, tab.editor.field, "split:2")  # Lasker's Nim: values grow with n (saltus 4)
    assert tab.settle()
    tab.plot.limit.setValue(2000)
    assert tab.settle()
    assert table.values_model.width == 4 and max(table.values_model.values) >= 1000  # four digits
    assert_values_readable(qtbot, table)
    type_into(qtbot, tab.editor.field, "0.77")
    tab.plot.limit.setValue(200_000)  # a long run: row numbers of seven characters
    assert tab.settle()
    assert table.values_model.width == 12
    assert_values_readable(qtbot, table)


# -- every tab at both sizes --------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_every_tab_reads_whole_and_has_its_controls_in_reach(qtbot, window, size):
    resized(qtbot, window, size)
    for key in window.tabs.game_tabs:
        click_tab(qtbot, window, key)
        assert problems(window) == [], key
        page = window.tabs.pages[key]
        if page is not window.tabs.game_tabs[key]:  # a number tab: never sideways
            assert page.horizontalScrollBar().maximum() == 0, key


@pytest.mark.parametrize("size", SIZES)
def test_s_nim_keeps_add_heap_and_remove_in_sight(qtbot, window, size):
    resized(qtbot, window, size)
    click_tab(qtbot, window, "snim")
    tab = window.tabs.game_tabs["snim"]
    page = window.tabs.pages["snim"]
    for button in (tab.heap_table.add_button, tab.heap_table.remove_button, tab.plot.limit,
                   tab.analysis_panel.play_button):
        place = QRect(button.mapTo(page.viewport(), QPoint(0, 0)), button.size())
        assert page.viewport().rect().contains(place), name_of(button)
    count = len(tab.model.heaps)
    qtbot.mouseClick(tab.heap_table.add_button, L)
    assert len(tab.model.heaps) == count + 1  # the click reached it


def name_of(widget) -> str:
    return widget.text() if hasattr(widget, "text") else type(widget).__name__


# -- the play banner --------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_while_playing_the_banner_leaves_every_tab_in_the_tab_bar(qtbot, window, size):
    resized(qtbot, window, size)
    bar = window.tabs.tabBar()
    for key in ("snim", "takebreak", "sum"):
        click_tab(qtbot, window, key)
        qtbot.mouseClick(window.play.start_button, L)
        assert window.play.playing
        qtbot.wait(20)
        banner = window.tabs.banner
        assert banner.isVisible() and "Playing" in banner.text()  # its longest form that fits
        assert "edits end play" in banner.text() or size[0] < 1280
        last = bar.tabRect(bar.count() - 1)  # every tab whole in the bar, no scroll arrows
        assert last.right() < bar.width() and bar.tabRect(0).left() >= 0
        assert problems(window) == [], key
        tab_end = bar.mapTo(window, last.topRight()).x()
        start = banner.mapTo(window, QPoint(0, 0))
        assert start.x() > tab_end and start.x() + banner.width() <= window.width()  # beside them
        assert "The tab shows the played position" in banner.toolTip()
        qtbot.mouseClick(bar, L, pos=bar.tabRect(window.tabs.indexOf(window.tabs.pages["nim"])).center())
        assert window.tabs.current_key() == "nim" and not window.play.playing  # Nim's tab is reachable
        assert not banner.isVisible()


# -- Take & break through a long run --------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_take_and_break_stays_whole_through_a_long_run(qtbot, window, size, monkeypatch):
    from sgstudio.games.takebreak.game import TakeBreakGame

    resized(qtbot, window, size)
    click_tab(qtbot, window, "takebreak")
    tab = window.tabs.game_tabs["takebreak"]
    searched = threading.Event()

    def slow_period(game, max_values=None, progress=None):  # the period search: polls until cancelled
        searched.set()
        while True:
            progress(1, 1000)

    with monkeypatch.context() as patch:
        patch.setattr(TakeBreakGame, "period", slow_period)
        tab.plot.search.setValue(tab.plot.search.maximum())  # the longest search the tab offers
        type_into(qtbot, tab.editor.field, "0.137")
        qtbot.waitUntil(lambda: searched.is_set() and tab.progress.isVisible(), timeout=20000)
        laid_out(qtbot, window)
        text = tab.progress.label.text()
        assert text.startswith("Searching the period of Dawson's chess (0.137) within 10,000,000")
        assert problems(window) == []  # the long "Searching the period of …" line widens nothing
        with qtbot.waitSignal(tab.work.tasks["values"].cancelled, timeout=5000):
            qtbot.mouseClick(tab.progress.cancel_button, L)
        assert tab.settle() and tab.plot.recompute.isVisible()
        laid_out(qtbot, window)
        assert problems(window) == []  # "Compute again" beside the hover line
    tab.plot.search.setValue(131_072)
    type_into(qtbot, tab.editor.field, "0.77")
    type_into(qtbot, tab.plot.limit.lineEdit(), "200000")
    assert tab.settle() and len(tab.plot.values) == 200_001
    laid_out(qtbot, window)
    assert problems(window) == []
    type_into(qtbot, tab.editor.field, "0." + "7" * 60 + "g")  # refused: its column and why
    laid_out(qtbot, window)
    assert tab.editor.error_column == 63
    assert problems(window) == []  # the line shows the part around the bad character
    error = tab.editor.error
    assert error.text().startswith("<tt>…") and ">g</span></tt>" in error.text()
    assert "7" * 60 + "g" in error.toolTip() and "column 63" in error.toolTip()
    assert "the tab keeps 0.77" in error.toolTip()
    type_into(qtbot, tab.heaps, "5 9 x14 7")  # refused heaps: the message is cut, never widens the tab
    laid_out(qtbot, window)
    assert "'x14' is not a heap size" in tab.message.text() and tab.model.heaps == (5, 9, 14)
    assert problems(window) == []


@pytest.mark.parametrize("size", SIZES)
def test_every_tab_stays_whole_with_the_tables_panel_shown(qtbot, window, dialogs, tmp_path, size):
    """File > Open Sweep Results shows the Tables panel beside Analysis: it takes no room from the tabs."""
    from sgstudio.games.takebreak.sweep.job import serial
    from sgstudio.games.takebreak.sweep.store import Store

    path = tmp_path / "sweep.db"
    with Store(str(path)) as store:
        for result in serial(["0.1", "0.77", "0.6"], 200):
            store.put(result)
    dialogs.open_path = str(path)
    window.actions["open_sweep"].trigger()
    qtbot.waitUntil(lambda: window.docks["tables"].isVisible())
    assert window.docks["tables"] in window.tabifiedDockWidgets(window.docks["analysis"])
    resized(qtbot, window, size)
    found = {}
    for key in window.tabs.game_tabs:
        click_tab(qtbot, window, key)
        if seen := problems(window):
            found[key] = seen
    assert found == {}
    assert window.tables.proxy.rowCount() == 3 and window.tables.view.isVisible()
