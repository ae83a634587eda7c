"""The split-nim tab, driven through its real widgets (keyboard into fields and cells, mouse clicks).

Everything shown is compared with the core (``SplitNim``); the judge sample's answers are the
judge's own. Long work runs in workers: tests wait for them with ``tab.settle()`` or ``waitUntil``.
"""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLineEdit, QWidget
from tab_helpers import show_tab

from sgstudio.core.errors import ParseError
from sgstudio.games.splitnim import hdu5795
from sgstudio.games.splitnim.game import SplitNim, closed_form
from sgstudio.games.splitnim.position import SplitNimPosition
from sgstudio.games.splitnim.steps import Comparison
from sgstudio.games.splitnim.tab import SplitNimTab
from sgstudio.games.splitnim.tab.commands import SetPartsCommand
from sgstudio.games.splitnim.tab.heaps import RULE, SIZE, VALUE
from sgstudio.gui import palette
from sgstudio.gui.tabs import GameTab
from sgstudio.paths import resource_path

JUDGE_SAMPLE_ANSWERS = ["Second player wins.", "First player wins."]  # HDU 5795's sample output


@pytest.fixture
def tab(qtbot, dialogs):
    t = show_tab(qtbot, SplitNimTab())
    assert t.settle()
    yield t
    t.cancel_work()


def load(tab, heaps, parts=3):
    tab.load_state({"heaps": list(heaps), "parts": parts})
    assert tab.settle()


def shown_column(tab, column):
    model = tab.heap_model
    return [model.data(model.index(r, column)) for r in range(model.rowCount())]


def assert_shows_the_core(tab):
    """Values, rules, W/L, nim-sum and winning moves on screen equal the core's."""
    game, heaps = tab.game_and_position()
    assert shown_column(tab, SIZE) == [str(h) for h in heaps]
    assert shown_column(tab, VALUE) == [str(game.grundy(h)) for h in heaps]
    assert shown_column(tab, RULE) == [game.explain(h) for h in heaps]
    total = game.value(heaps)
    assert tab.analysis_panel.outcome_text() == ("WIN" if total else "LOSE")
    assert nim_sum_shown(tab) == str(total)
    assert tab.analysis_panel.move_rows() == game.winning_moves(heaps)


def nim_sum_shown(tab) -> str:
    """The total on the nim-sum line of the Analysis panel's table."""
    return tab.analysis_panel.table.toPlainText().splitlines()[-1].split()[1]


def click_cell(qtbot, view, row, column):
    rect = view.visualRect(view.model().index(row, column))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def type_into_cell(qtbot, tab, row, text):
    click_cell(qtbot, tab.heap_view, row, SIZE)
    qtbot.keyClick(tab.heap_view, Qt.Key.Key_F2)
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit)
    editor.selectAll()
    qtbot.keyClicks(editor, text)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    assert tab.settle()


def test_is_a_game_tab_showing_the_core(tab):
    assert isinstance(tab, GameTab) and tab.key == "splitnim" and tab.judge_format == "hdu5795"
    assert_shows_the_core(tab)
    texts = [tab.analysis_panel.moves.item(i).text() for i in range(tab.analysis_panel.moves.count())]
    assert "heap 1: 13 -> 1 (take 12), value 13 -> 1" in texts
    assert "heap 1: 13 -> 1 + 6 + 6, value 13 -> 1" in texts


def test_edit_a_heap_in_its_cell_by_keyboard(qtbot, tab):
    type_into_cell(qtbot, tab, 1, "21")
    assert tab.position.heaps == (13, 21, 7) and tab.undo_stack.count() == 1
    assert_shows_the_core(tab)
    type_into_cell(qtbot, tab, 0, str(10**30 + 7))  # any size, far beyond int64
    assert tab.position.heap(0) == 10**30 + 7
    assert_shows_the_core(tab)


@pytest.mark.parametrize("text, words", [("-5", "cannot be negative"), ("4.5", "not a heap size"),
                                         ("lots", "not a heap size")])
def test_an_invalid_cell_edit_shows_a_message_and_changes_nothing(qtbot, tab, text, words):
    type_into_cell(qtbot, tab, 2, text)
    assert words in tab.message.text() and "Heap 3 unchanged" in tab.message.text()
    assert tab.position.heaps == (13, 9, 7) and tab.undo_stack.count() == 0
    assert_shows_the_core(tab)


def test_add_and_remove_heaps_by_keyboard_and_mouse(qtbot, tab):
    qtbot.keyClicks(tab.sizes, "5, 6 100")
    qtbot.mouseClick(tab.add_button, Qt.MouseButton.LeftButton)
    assert tab.settle()
    assert tab.position.heaps == (13, 9, 7, 5, 6, 100) and tab.sizes.text() == ""
    assert_shows_the_core(tab)
    qtbot.keyClicks(tab.sizes, "8 x")
    qtbot.keyClick(tab.sizes, Qt.Key.Key_Return)
    assert "item 2: 'x' is not a heap size" in tab.message.text()
    assert len(tab.position) == 6 and tab.undo_stack.count() == 1
    click_cell(qtbot, tab.heap_view, 1, VALUE)
    qtbot.keyClick(tab.heap_view, Qt.Key.Key_Delete)
    assert tab.settle() and tab.position.heaps == (13, 7, 5, 6, 100)
    click_cell(qtbot, tab.heap_view, 2, SIZE)
    rect = tab.heap_view.visualRect(tab.heap_model.index(4, SIZE))
    qtbot.mouseClick(tab.heap_view.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.ShiftModifier, rect.center())
    qtbot.mouseClick(tab.remove_button, Qt.MouseButton.LeftButton)
    assert tab.settle() and tab.position.heaps == (13, 7)
    assert tab.undo_stack.count() == 3
    assert_shows_the_core(tab)
    qtbot.mouseClick(tab.remove_button, Qt.MouseButton.LeftButton)  # nothing selected
    assert "Select the heaps" in tab.message.text() and tab.position.heaps == (13, 7)


def test_parts_by_keyboard(qtbot, tab):
    tab.parts.setFocus()
    qtbot.keyClick(tab.parts, Qt.Key.Key_Down)
    assert tab.settle() and tab.position.parts == 2
    assert_shows_the_core(tab)
    assert "period 4" in tab.parts_note.text()
    tab.parts.lineEdit().selectAll()
    qtbot.keyClicks(tab.parts.lineEdit(), "3")
    qtbot.keyClick(tab.parts.lineEdit(), Qt.Key.Key_Return)
    assert tab.settle() and tab.position.parts == 3
    assert tab.undo_stack.count() == 0 or tab.undo_stack.command(0).isObsolete()  # 3 -> 2 -> 3 merged


def test_double_click_plays_a_winning_move_as_one_undo_step(qtbot, tab):
    game, before = tab.game_and_position()
    move = tab.analysis_panel.move_rows()[1]
    rect = tab.analysis_panel.moves.visualItemRect(tab.analysis_panel.moves.item(1))
    qtbot.mouseClick(tab.analysis_panel.moves.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(tab.analysis_panel.moves.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert tab.settle()
    assert tab.position.heaps == game.apply(before, move) and tab.undo_stack.count() == 1
    assert tab.analysis_panel.outcome_text() == "LOSE" and tab.analysis_panel.move_rows() == []
    assert_shows_the_core(tab)
    tab.undo_stack.undo()
    assert tab.settle() and tab.position.heaps == before
    assert_shows_the_core(tab)


def test_undo_and_redo_every_edit(qtbot, tab):
    states = [tab.to_state()]
    type_into_cell(qtbot, tab, 0, "40")
    states.append(tab.to_state())
    qtbot.keyClicks(tab.sizes, "3 3")
    qtbot.keyClick(tab.sizes, Qt.Key.Key_Return)
    states.append(tab.to_state())
    qtbot.keyClick(tab.parts, Qt.Key.Key_Down)
    states.append(tab.to_state())
    click_cell(qtbot, tab.heap_view, 1, SIZE)
    qtbot.keyClick(tab.heap_view, Qt.Key.Key_Delete)
    states.append(tab.to_state())
    tab.import_judge_text(resource_path("examples", "hdu5795.txt").read_text(), "hdu5795.txt", case=1)
    states.append(tab.to_state())
    assert tab.settle()
    tab.analysis_panel.move_activated.emit(tab.analysis_panel.move_rows()[0])
    states.append(tab.to_state())
    assert tab.undo_stack.count() == len(states) - 1 and len({str(s) for s in states}) == len(states)
    for k in range(len(states) - 1, 0, -1):
        tab.undo_stack.undo()
        assert tab.to_state() == states[k - 1]
    assert tab.settle()
    assert_shows_the_core(tab)
    for k in range(1, len(states)):
        tab.undo_stack.redo()
        assert tab.to_state() == states[k]
    assert tab.settle()
    assert_shows_the_core(tab)


def test_state_round_trip_and_a_refused_state(qtbot, tab):
    load(tab, [10**25, 0, 6, 3], parts=2)
    tab.compare.count.setValue(33)
    state = tab.to_state()
    other = SplitNimTab()
    qtbot.addWidget(other)
    other.load_state(state)
    assert other.to_state() == state and other.undo_stack.count() == 0
    assert other.settle()
    assert_shows_the_core(other)
    for bad in ({"heaps": [1, -2]}, {"heaps": [1], "parts": 99}, {"heaps": [1], "table_n": "x"}):
        with pytest.raises(ValueError):
            other.load_state(bad)
        assert other.to_state() == state
    other.cancel_work()


@pytest.mark.parametrize(("state", "words"), [
    ([], "must be a mapping"),
    ({}, "lacks 'heaps', 'parts'"),
    ({"heaps": [1]}, "lacks 'parts'"),
    ({"heaps": [1], "parts": 3, "rows": []}, "unknown key: 'rows'"),
    ({"heaps": "1 2", "parts": 3}, "'heaps' must be a list"),
    ({"heaps": [1, True], "parts": 3}, "heap 2"),
    ({"heaps": [1.5], "parts": 3}, "heap 1"),
    ({"heaps": [1, -2], "parts": 3}, "heap 2"),
    ({"heaps": [1], "parts": True}, "number of parts"),
    ({"heaps": [1], "parts": 3.0}, "number of parts"),
    ({"heaps": [1], "parts": 99}, "number of parts"),
    ({"heaps": [1], "parts": 3, "table_n": True}, "table_n"),
    ({"heaps": [1], "parts": 3, "table_n": 0}, "table_n"),
])
def test_load_state_rejects_malformed_state_and_leaves_the_tab_unchanged(tab, state, words):
    load(tab, [5, 6, 7], parts=2)
    tab.undo_stack.push(SetPartsCommand(tab.position, 3))
    before, count = tab.to_state(), tab.undo_stack.count()
    for method in (tab.check_state, tab.load_state):
        with pytest.raises(ValueError, match=words):
            method(state)
        assert tab.to_state() == before and tab.undo_stack.count() == count == 1
    assert tab.settle()
    assert_shows_the_core(tab)


def test_the_judge_sample_imports_with_the_judges_answers(tab, dialogs):
    path = resource_path("examples", "hdu5795.txt")
    text = path.read_text()
    cases = hdu5795.parse(text, str(path))
    for k, answer in enumerate(JUDGE_SAMPLE_ANSWERS):
        tab.import_judge_text(text, str(path), case=k)
        assert tab.settle()
        assert tab.position.heaps == cases[k].heaps and tab.position.parts == 3
        assert tab.analysis_panel.outcome_text() == ("WIN" if answer.startswith("First") else "LOSE")
        assert_shows_the_core(tab)
    dialogs.case = "case 1:"
    tab.import_judge_text(text, str(path))  # several cases: asks which one
    assert tab.position.heaps == (4, 4) and tab.undo_stack.count() == 3
    dialogs.case = None  # the dialog is cancelled: nothing changes
    tab.import_judge_text(text, str(path))
    assert tab.position.heaps == (4, 4) and tab.undo_stack.count() == 3


def test_a_bad_judge_file_changes_nothing(tab):
    before = tab.to_state()
    with pytest.raises(ParseError) as err:
        tab.import_judge_text("2\n2\n4 4\n3\n1 x 4\n", "bad.txt")
    assert (err.value.file, err.value.line) == ("bad.txt", 5)
    with pytest.raises(ValueError, match="no case 3"):
        tab.import_judge_text("1\n1\n5\n", "one.txt", case=2)
    assert tab.to_state() == before and tab.undo_stack.count() == 0


def test_a_million_heaps_in_the_virtualised_table(qtbot, tab):
    rng = np.random.default_rng(7)
    heaps = rng.integers(1, 10**9, size=10**6)
    text = f"1\n{len(heaps)}\n" + " ".join(map(str, heaps.tolist())) + "\n"
    widgets_before = len(tab.findChildren(QWidget))
    tab.import_judge_text(text, "big.txt")
    qtbot.waitUntil(lambda: len(tab.analysis_panel.move_rows()) == 200, timeout=30_000)
    assert tab.heap_model.rowCount() == 10**6 and len(tab.findChildren(QWidget)) < widgets_before + 50
    answer = hdu5795.solve(text)
    assert tab.analysis_panel.outcome_text() == ("WIN" if answer.startswith("First") else "LOSE")
    assert nim_sum_shown(tab) == str(hdu5795.case_value(heaps.tolist()))
    game, total = SplitNim(3), tab.position.nim_sum()
    for i, after in tab.analysis_panel.move_rows():  # each listed move leaves a nim-sum of 0
        assert game.value(after) == closed_form(int(heaps[i]), 3) ^ total
    tab.heap_view.scrollToBottom()
    last = tab.heap_model.index(10**6 - 1, VALUE)
    assert tab.heap_model.data(last) == str(closed_form(int(heaps[-1]), 3))
    qtbot.waitUntil(lambda: tab.progress.isVisible() and "Counting" in tab.progress.label.text())
    assert "and more" in tab.analysis_panel.more.text()
    qtbot.mouseClick(tab.progress.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "cancelled" in tab.analysis_panel.more.text(), timeout=10_000)
    assert not tab.progress.isVisible()
    tab.analysis_panel.more.linkActivated.emit("recount")  # the "Count them" link
    qtbot.waitUntil(lambda: "Counting" in tab.progress.label.text() and tab.progress.isVisible())
    tab.undo_stack.undo()  # the import was one step
    assert tab.settle() and tab.position.heaps == (13, 9, 7)


def test_winning_moves_beyond_the_rows_are_counted(tab):
    heaps = list(range(1, 3001))
    load(tab, heaps)
    expected = SplitNim(3).winning_moves(heaps)
    assert len(expected) > 200
    assert tab.analysis_panel.move_rows() == expected[:200]
    assert f"and {len(expected) - 200:,} more" in tab.analysis_panel.more.text()


def test_a_table_for_many_parts_runs_in_a_worker_and_can_be_cancelled(qtbot, tab):
    load(tab, [2000, 5])
    qtbot.keyClicks(tab.parts.lineEdit(), "")
    tab.parts.lineEdit().selectAll()
    qtbot.keyClicks(tab.parts.lineEdit(), "7")
    qtbot.keyClick(tab.parts.lineEdit(), Qt.Key.Key_Return)
    assert tab.position.parts == 7
    qtbot.waitUntil(lambda: tab.progress.isVisible() and "parts" in tab.progress.label.text())
    assert tab.analysis_panel.outcome_text() == "…" and shown_column(tab, VALUE) == ["…", "…"]
    qtbot.mouseClick(tab.progress.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: tab.compute_button.isVisible(), timeout=60_000)
    assert tab.analysis_panel.outcome_text() == "?" and "cancelled" in tab.analysis_panel.verdict.text()
    type_into_cell(qtbot, tab, 0, "300")  # a smaller table: computed, then shown
    assert tab.settle(60_000)
    assert_shows_the_core(tab)
    assert tab.compare.model.comparison is not None and tab.compare.model.comparison.closed is None


def test_a_table_no_longer_needed_stops_and_starts_again_when_needed(qtbot, tab):
    load(tab, [3000, 1])
    tab.parts.setValue(8)  # as if typed: one undo step
    qtbot.waitUntil(lambda: tab.progress.isVisible() and "8 parts" in tab.progress.label.text())
    tab.undo_stack.undo()
    assert tab.settle() and tab.position.parts == 3 and not tab.progress.isVisible()
    assert_shows_the_core(tab)
    tab.undo_stack.redo()
    qtbot.waitUntil(lambda: tab.progress.isVisible() and "8 parts" in tab.progress.label.text())
    assert tab.analysis_panel.outcome_text() == "…" and not tab.compute_button.isVisible()


def test_heaps_beyond_the_table_get_a_clear_message(tab):
    load(tab, [10**6, 3], parts=4)
    assert tab.analysis_panel.outcome_text() == "?" and "table" in tab.analysis_panel.verdict.text()
    assert shown_column(tab, VALUE)[0] == "?" and tab.analysis_panel.move_rows() == []


def test_brute_force_table_beside_the_closed_form(qtbot, tab):
    tab.compare.count.lineEdit().selectAll()
    qtbot.keyClicks(tab.compare.count.lineEdit(), "100")
    qtbot.keyClick(tab.compare.count.lineEdit(), Qt.Key.Key_Return)
    assert tab.settle()
    model = tab.compare.model
    assert model.rowCount() == 101
    column = [model.data(model.index(n, 1)) for n in range(101)]
    assert column == [str(closed_form(n, 3)) for n in range(101)]
    assert [model.data(model.index(n, 0)) for n in range(101)] == column  # proven: they agree
    assert "agree on all 101" in tab.compare.summary.text() and "proven" in tab.compare.pattern.text()
    fake = Comparison(np.array([0, 1, 2]), np.array([0, 1, 3]), "")
    tab.compare.show_comparison(fake)  # what a mismatch would look like
    assert model.data(model.index(2, 0), Qt.ItemDataRole.BackgroundRole).color().name() == \
        palette.VERMILLION.lower()
    assert model.data(model.index(1, 0), Qt.ItemDataRole.BackgroundRole) is None
    assert "1 of 3 values differ" in tab.compare.summary.text()


def test_screenshot(tab):
    load(tab, [13, 9, 7, 10**12 + 3, 24])
    tab.compare.count.setValue(40)
    assert tab.settle()
    image = tab.grab()
    assert image.width() >= 1200 and image.save("/tmp/tab-splitnim.png")


def test_a_new_position_model_can_be_given(qtbot):
    t = SplitNimTab(position=SplitNimPosition([4, 4], parts=3))
    qtbot.addWidget(t)
    assert t.settle() and t.analysis_panel.outcome_text() == "LOSE"
    t.cancel_work()
