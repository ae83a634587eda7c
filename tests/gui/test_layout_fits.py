"""Long texts never widen, scroll or clip a tab: a 100-member S, a heap of 22 digits, long labels.

At 1280x800 with the docks open: no horizontal scroll bar, every widget of the tab inside the
window, the one-line texts cut with "…" and given in full in their tooltips, the nim-sum line always
in sight, and the S field's message in its own reserved room.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QWidget

from sgstudio.gui.widgets import FittedLabel

HUGE = 1234567890123456789012
S100 = tuple(range(100, 10001, 100))  # 100 members, a period found at once


def settle(qtbot, tab) -> None:
    qtbot.waitUntil(lambda: tab.model.period_result is not None and not tab.work.tasks, timeout=20000)
    qtbot.wait(20)


def inside_window(window, tab: QWidget) -> list[str]:
    """The visible widgets of ``tab`` that reach outside the window (left or right)."""
    outside = []
    for child in tab.findChildren(QWidget):
        if child.isVisible() and child.width() > 0:
            left = child.mapTo(window, QPoint(0, 0)).x()
            if left < 0 or left + child.width() > window.width():
                outside.append(f"{type(child).__name__} at {left}, {child.width()} wide")
    return outside


@pytest.fixture
def big_snim(qtbot, window, dialogs, tmp_path):
    """The window on the S-Nim tab with a test case of a 100-member S and long heaps."""
    path = tmp_path / "big.txt"
    long_position = " ".join(str(HUGE + k) for k in range(30))
    path.write_text(f"100 {' '.join(map(str, S100))}\n3\n3 5 {HUGE} 7\n30 {long_position}\n2 1 2\n"
                    "2 1 2\n1\n1 3\n0\n")
    dialogs.open_path, dialogs.case = str(path), "case 1:"
    window.actions["import_hdu1536"].trigger()
    tab = window.tabs.game_tabs["snim"]
    assert dialogs.errors == [] and tab.model.S == S100
    settle(qtbot, tab)
    return window, tab


def assert_fits(window, tab) -> None:
    page = window.tabs.pages["snim"]
    assert not page.horizontalScrollBar().isVisible() and page.horizontalScrollBar().maximum() == 0
    assert tab.width() <= page.viewport().width()
    assert inside_window(window, tab) == []


def assert_cut_with_tip(label: FittedLabel) -> None:
    assert label.is_cut() and label.shown_text().endswith("…")
    assert " ".join(label.toolTip().split()) == " ".join(label.text().split())
    assert label.shown_text().count("\n") < label.lines


def test_a_hundred_member_s_and_long_heaps_keep_the_tab_in_the_window(qtbot, big_snim):
    window, tab = big_snim
    assert_fits(window, tab)
    assert tab.model.heaps == (5, HUGE, 7)
    title = tab.judge.title  # the set is written short; the judge line is there
    assert "(100 members)" in title.text() and "100, 200" in title.text() and not title.is_cut()
    size = tab.heap_table.view.item(1, 0)
    assert size.text() == str(HUGE) and size.toolTip() == str(HUGE)  # the cell may cut it: the tip has it
    tab.judge.load_requested.emit(1)  # 30 heaps of 22 digits
    settle(qtbot, tab)
    assert len(tab.model.heaps) == 30
    assert_fits(window, tab)
    table = tab.analysis_panel.table  # the heaps' rows scroll, the nim-sum line stays in sight
    assert table.total.toPlainText().splitlines()[-1].startswith("nim-sum") and table.total.isVisible()
    assert table.total.mapTo(table, QPoint(0, table.total.height())).y() <= table.height()
    assert table.rows.verticalScrollBar().maximum() > 0


def test_while_the_period_of_a_hundred_members_is_searched_the_caption_is_short(qtbot, big_snim):
    window, tab = big_snim
    members = tuple(range(50, 10001, 100))
    tab.model.set_S(members)  # what a typed S does: its period is searched, the caption names S shortly
    tab.start_period_search()
    caption = tab.plot.caption
    assert caption.text() == "Searching for the period of g for the 100 members of S…"
    assert not caption.is_cut()
    assert_fits(window, tab)
    settle(qtbot, tab)
    assert_fits(window, tab)
    assert caption.shown_text().count("\n") <= 1


def test_a_long_caption_is_cut_in_two_lines_with_the_whole_in_its_tooltip(qtbot, big_snim):
    window, tab = big_snim
    tab.plot.show_message("no period of g found within the first 33,554,432 values; " * 8)
    assert_cut_with_tip(tab.plot.caption)
    assert_fits(window, tab)


def test_the_s_message_has_its_room_and_moves_nothing(qtbot, window):
    tab = window.tabs.game_tabs["snim"]
    window.tabs.show_tab("snim")
    qtbot.wait(20)
    editor = tab.set_editor
    heaps_top = tab.heap_table.mapTo(window, QPoint(0, 0))
    qtbot.keyClicks(editor.field, " 1.5x")
    message = editor.message
    assert message.text().startswith("S unchanged:")
    box = editor.parentWidget()  # the "Subtraction set S" frame: the message lies wholly inside it
    area = QRect(message.mapTo(box, QPoint(0, 0)), message.size())
    assert box.contentsRect().contains(area) and message.height() >= 2 * message.fontMetrics().lineSpacing()
    assert tab.heap_table.mapTo(window, QPoint(0, 0)) == heaps_top
    qtbot.keyClick(editor.field, Qt.Key.Key_Backspace)
    qtbot.keyClicks(editor.field, "")
    assert tab.heap_table.mapTo(window, QPoint(0, 0)) == heaps_top


def test_split_nim_while_playing_keeps_the_nim_sum_whole_and_the_rules_readable(qtbot, window):
    from sgstudio.games.splitnim.tab.heaps import RULE

    window.tabs.show_tab("splitnim")
    tab = window.tabs.game_tabs["splitnim"]
    assert tab.settle()
    panel = window.play
    panel.reply_ms = 10**6  # the computer waits: the position stays the person's
    moves_top = tab.analysis_panel.moves.mapTo(window, QPoint(0, 0))
    nim_sum_height = tab.analysis_panel.table.height()
    qtbot.mouseClick(panel.start_button, Qt.MouseButton.LeftButton)
    heaps = panel.session.position
    panel.play_typed(f"1 -> 2 + 5 + {heaps[0] - 7}")  # one heap split in three: more terms in the sum
    qtbot.waitUntil(lambda: len(panel.session.position) == len(heaps) + 2)
    assert tab.settle()
    total = panel.session.value
    table = tab.analysis_panel.table  # the nim-sum line under the heaps' rows, whole and in sight
    line = table.total.toPlainText().splitlines()[-1]
    assert line.split()[:2] == ["nim-sum", str(total)] and table.total.isVisible()
    assert table.total.fontMetrics().horizontalAdvance(line) <= table.total.viewport().width()
    assert table.height() == nim_sum_height
    assert tab.analysis_panel.moves.mapTo(window, QPoint(0, 0)) == moves_top
    assert_fits_page(window, "splitnim", tab)
    view = tab.heap_view
    model, metrics = view.model(), view.fontMetrics()
    for row in range(model.rowCount()):  # every rule is readable whole in its cell
        rule = model.data(model.index(row, RULE))
        assert metrics.horizontalAdvance(rule) + 8 <= view.columnWidth(RULE), rule


def assert_fits_page(window, key: str, tab) -> None:
    page = window.tabs.pages[key]
    assert not page.horizontalScrollBar().isVisible() and tab.width() <= page.viewport().width()
    assert inside_window(window, tab) == []
