"""The S-Nim tab on real widgets: keyboard and mouse edits, what it shows against the core, the
judge sample, undo/redo of every edit, saving, the plot, and long work in a worker with Cancel."""

from __future__ import annotations

import threading

import numpy as np
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QAbstractItemView, QApplication, QInputDialog
from tab_helpers import show_tab

from sgstudio.core.errors import ParseError
from sgstudio.games.snim import hdu1536
from sgstudio.games.snim.game import SubtractionGame
from sgstudio.games.snim.position import default_plot_limit
from sgstudio.games.snim.tab import SNimTab
from sgstudio.games.snim.tab import tab as tab_module
from sgstudio.games.snim.tab.heaps import HeapSpinBox
from sgstudio.gui import palette
from sgstudio.gui.tabs import GameTab
from sgstudio.paths import resource_path

SAMPLE_ANSWERS = ["LWW", "WWL"]  # the judge's sample output (SPEC)


def settle(qtbot, tab: SNimTab) -> None:
    """Wait until the period of the current S is known and no worker runs."""
    qtbot.waitUntil(lambda: tab.model.period_result is not None and not tab.work.tasks, timeout=20000)
    qtbot.wait(5)  # let the views lay out their new rows before a test clicks them


@pytest.fixture
def tab(qtbot):
    t = show_tab(qtbot, SNimTab())
    settle(qtbot, t)
    return t


def shown_values(tab: SNimTab) -> list[str]:
    view = tab.heap_table.view
    return [view.item(r, 1).text() for r in range(view.rowCount())]


def assert_matches_core(tab: SNimTab) -> None:
    """Values, W/L, nim-sum and winning moves on screen equal the core's."""
    game = SubtractionGame(tab.model.S)
    heaps = tab.model.heaps
    assert shown_values(tab) == [str(game.grundy(h)) for h in heaps]
    total = game.value(heaps)
    assert tab.analysis_panel.outcome_text() == ("WIN" if total else "LOSE")
    if heaps:
        assert tab.analysis_panel.table.toPlainText().splitlines()[-1].split()[1] == str(total)
    assert tab.analysis_panel.move_rows() == game.winning_moves(heaps)
    rows = tab.analysis_panel.move_texts() if total else []
    for (i, take), row in zip(game.winning_moves(heaps), rows, strict=True):
        h = heaps[i]
        before, after = game.grundy(h), game.grundy(h - take)
        assert row == f"heap {i + 1}: take {take} -> {h - take}, value {before} -> {after}"


def type_s(qtbot, tab: SNimTab, text: str) -> None:
    field = tab.set_editor.field
    field.setFocus()
    field.selectAll()
    qtbot.keyClick(field, Qt.Key.Key_Backspace)
    qtbot.keyClicks(field, text)


def cell_center(tab: SNimTab, row: int, column: int) -> QPoint:
    view = tab.heap_table.view
    return view.visualRect(view.model().index(row, column)).center()


def double_click(qtbot, widget, pos: QPoint) -> None:
    """A click (the double click's first press), then the double click."""
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=pos)
    qtbot.mouseDClick(widget, Qt.MouseButton.LeftButton, pos=pos)


def editor_of(qtbot, view) -> HeapSpinBox:
    qtbot.waitUntil(lambda: view.state() == QAbstractItemView.State.EditingState, timeout=2000)
    editor = QApplication.focusWidget()
    assert isinstance(editor, HeapSpinBox)
    return editor


def commit(qtbot, view, editor, key=Qt.Key.Key_Return) -> None:
    """Enter commits through a queued call: wait for the editor to close."""
    qtbot.keyClick(editor, key)
    qtbot.waitUntil(lambda: view.state() != QAbstractItemView.State.EditingState, timeout=2000)


def edit_heap(qtbot, tab: SNimTab, row: int, text: str) -> None:
    """Double-click the size cell, type, press Enter."""
    view = tab.heap_table.view
    double_click(qtbot, view.viewport(), cell_center(tab, row, 0))
    editor = editor_of(qtbot, view)
    editor.selectAll()
    qtbot.keyClicks(editor, text)
    commit(qtbot, view, editor)


# -- the interface and the first look ---------------------------------------------------------------
def test_is_a_game_tab_showing_the_core_values(tab):
    assert isinstance(tab, GameTab) and (tab.key, tab.judge_format) == ("snim", "hdu1536")
    assert_matches_core(tab)
    game, position = tab.game_and_position()
    assert position == tab.model.heaps and game.S == tab.model.S
    assert tab.plot.caption.text() == SubtractionGame(tab.model.S).describe_period()


# -- S by keyboard ------------------------------------------------------------------------------------
def test_typing_s_changes_the_game_in_one_undo_step(qtbot, tab):
    type_s(qtbot, tab, "1 2 4")
    assert tab.model.S == (1, 2, 4)
    assert tab.undo_stack.count() == 1
    assert tab.set_editor.message.text() == ""
    settle(qtbot, tab)
    assert_matches_core(tab)
    tab.undo_stack.undo()
    assert tab.model.S == (2, 5, 7) and tab.set_editor.field.text() == "2 5 7"
    assert_matches_core(tab)


def test_typing_back_to_the_first_s_leaves_no_undo_step(qtbot, tab):
    field = tab.set_editor.field
    field.setFocus()
    field.end(False)
    qtbot.keyClick(field, Qt.Key.Key_Backspace)
    assert tab.model.S == (2, 5) and tab.undo_stack.count() == 1
    qtbot.keyClicks(field, "9")
    assert tab.model.S == (2, 5, 9) and tab.undo_stack.count() == 1
    qtbot.keyClick(field, Qt.Key.Key_Backspace)
    qtbot.keyClicks(field, "7")
    assert tab.model.S == (2, 5, 7) and tab.undo_stack.count() == 0
    settle(qtbot, tab)
    assert_matches_core(tab)
    qtbot.keyClick(field, Qt.Key.Key_Return)  # ends the typing session
    qtbot.keyClicks(field, " 1")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    qtbot.keyClicks(field, "1")
    assert tab.model.S == (2, 5, 7, 11) and tab.undo_stack.count() == 2
    tab.undo_stack.undo()
    assert tab.model.S == (1, 2, 5, 7) and field.text() == "1 2 5 7"


@pytest.mark.parametrize(("valid", "typed", "words"), [
    ("2 3", " x", "'x' is not a whole number"),
    ("", "0 3", "positive"),
    ("4", "\b", "S is empty"),
    ("1 2", ", 1.5", "'1.5' is not a whole number"),
])
def test_an_invalid_s_shows_a_red_message_and_changes_nothing(qtbot, tab, valid, typed, words):
    type_s(qtbot, tab, valid)  # the last valid S is kept while the text is invalid
    before, count = tab.model.snapshot(), tab.undo_stack.count()
    field, message = tab.set_editor.field, tab.set_editor.message
    for char in typed:
        if char == "\b":
            qtbot.keyClick(field, Qt.Key.Key_Backspace)
        else:
            qtbot.keyClicks(field, char)
    assert message.isVisible() and words in message.text()
    assert palette.VERMILLION.lower() in message.styleSheet().lower()
    assert tab.model.snapshot() == before and tab.undo_stack.count() == count
    settle(qtbot, tab)
    assert_matches_core(tab)
    field.selectAll()
    qtbot.keyClicks(field, "6")
    assert tab.model.S == (6,) and message.text() == ""


# -- heaps by keyboard and mouse ----------------------------------------------------------------------
def test_editing_a_heap_by_double_click_and_typing(qtbot, tab):
    edit_heap(qtbot, tab, 1, "33")
    assert tab.model.heaps[1] == 33 and tab.undo_stack.count() == 1
    assert_matches_core(tab)


def test_typing_into_a_selected_cell_edits_it(qtbot, tab):
    view = tab.heap_table.view
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=cell_center(tab, 0, 0))
    qtbot.keyClicks(view, "9")
    editor = editor_of(qtbot, view)
    qtbot.keyClick(editor, Qt.Key.Key_Up)
    commit(qtbot, view, editor, Qt.Key.Key_Enter)
    assert tab.model.heaps[0] == 10
    assert_matches_core(tab)


def test_add_and_remove_heaps_with_buttons_and_keys(qtbot, tab):
    view = tab.heap_table.view
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=cell_center(tab, 0, 0))
    qtbot.mouseClick(tab.heap_table.add_button, Qt.MouseButton.LeftButton)
    assert tab.model.heaps == (7, 7, 12, 20)
    assert_matches_core(tab)
    view.setFocus()
    view.selectRow(2)
    qtbot.keyClick(view, Qt.Key.Key_Delete)
    assert tab.model.heaps == (7, 7, 20)
    qtbot.keyClick(view, Qt.Key.Key_Insert)
    assert len(tab.model.heaps) == 4
    view.selectAll()
    qtbot.mouseClick(tab.heap_table.remove_button, Qt.MouseButton.LeftButton)
    assert tab.model.heaps == ()
    assert tab.analysis_panel.outcome_text() == "LOSE" and tab.analysis_panel.move_rows() == []
    assert tab.undo_stack.count() == 4
    qtbot.mouseClick(tab.heap_table.add_button, Qt.MouseButton.LeftButton)
    assert tab.model.heaps == (1,)
    assert_matches_core(tab)


def test_a_huge_heap_is_evaluated_through_the_period(qtbot, tab):
    edit_heap(qtbot, tab, 0, str(10**18 + 3))
    assert tab.model.heaps[0] == 10**18 + 3
    assert_matches_core(tab)


def test_huge_heaps_wait_for_the_period_search_of_a_new_s(qtbot, tab):
    edit_heap(qtbot, tab, 2, str(10**12))
    type_s(qtbot, tab, "3 4")
    assert shown_values(tab)[2] == "…" and tab.analysis_panel.outcome_text() == "…"
    assert "period" in tab.analysis_panel.verdict.text()
    settle(qtbot, tab)
    assert_matches_core(tab)


# -- winning moves ---------------------------------------------------------------------------------
def test_double_click_and_play_button_play_winning_moves(qtbot, tab):
    start = tab.model.heaps
    moves = tab.analysis_panel.move_rows()
    assert moves
    lst = tab.analysis_panel.moves
    rect = lst.visualItemRect(lst.item(0))
    double_click(qtbot, lst.viewport(), rect.center())
    i, take = moves[0]
    assert tab.model.heaps[i] == start[i] - take
    assert tab.analysis_panel.outcome_text() == "LOSE" and tab.undo_stack.count() == 1
    assert_matches_core(tab)
    tab.undo_stack.undo()
    assert tab.model.heaps == start
    tab.analysis_panel.moves.setCurrentRow(len(moves) - 1)
    qtbot.mouseClick(tab.analysis_panel.play_button, Qt.MouseButton.LeftButton)
    i, take = moves[-1]
    assert tab.model.heaps[i] == start[i] - take and tab.analysis_panel.outcome_text() == "LOSE"


# -- the judge file ----------------------------------------------------------------------------------
def sample_text() -> str:
    with open(resource_path("examples", "hdu1536.txt"), encoding="utf-8") as handle:
        return handle.read()


@pytest.mark.parametrize("case", [0, 1])
def test_the_judge_sample_gives_the_judges_answers(qtbot, tab, case):
    tab.import_judge_text(sample_text(), "hdu1536.txt", case)
    parsed = hdu1536.parse(sample_text())[case]
    assert tuple(sorted(set(parsed.S))) == tab.model.S and tab.model.heaps == parsed.positions[0]
    assert tab.judge.letters() == SAMPLE_ANSWERS[case]
    assert tab.undo_stack.count() == 1
    lst = tab.judge.list
    for j, letter in enumerate(SAMPLE_ANSWERS[case]):
        rect = lst.visualItemRect(lst.item(j))
        double_click(qtbot, lst.viewport(), rect.center())
        assert tab.model.heaps == parsed.positions[j]
        assert tab.analysis_panel.outcome_text() == {"W": "WIN", "L": "LOSE"}[letter]
        assert lst.item(j).font().bold()
        settle(qtbot, tab)
        assert_matches_core(tab)
    assert tab.undo_stack.count() == len(SAMPLE_ANSWERS[case])  # position 1 was loaded already


def test_import_asks_which_case_and_cancel_changes_nothing(qtbot, tab, monkeypatch):
    asked = []

    def pick(answer):
        def get_item(_parent, _title, label, items, *_args):
            asked.append((label, list(items)))
            return (items[answer], True) if answer is not None else ("", False)
        return get_item

    before = tab.model.snapshot()
    monkeypatch.setattr(QInputDialog, "getItem", pick(None))
    tab.import_judge_text(sample_text(), "/some/dir/hdu1536.txt")
    assert tab.model.snapshot() == before and tab.undo_stack.count() == 0
    monkeypatch.setattr(QInputDialog, "getItem", pick(1))
    tab.import_judge_text(sample_text(), "/some/dir/hdu1536.txt")
    assert asked[0][1] == ["case 1: S = {2, 5}, 3 positions", "case 2: S = {1, 2, 3, 4, 5}, 3 positions"]
    assert "hdu1536.txt has 2 test cases" in asked[0][0]
    assert tab.model.S == (1, 2, 3, 4, 5) and tab.judge.letters() == "WWL"
    assert "test case 2 of 2" in tab.judge.title.text()


@pytest.mark.parametrize("text", ["2 2 5 3 2 5", "2 2 x 0", "0", "1 3 1 0 0"])
def test_a_bad_judge_file_raises_and_changes_nothing(tab, text):
    before = tab.model.snapshot()
    with pytest.raises(ParseError) as info:
        tab.import_judge_text(text, "bad.txt")
    assert info.value.file == "bad.txt" and info.value.line >= 1
    assert tab.model.snapshot() == before and tab.undo_stack.count() == 0


# -- undo and redo of every edit ------------------------------------------------------------------
def test_undo_everything_back_to_the_start_and_redo_it(qtbot, tab):
    snapshots = [tab.model.snapshot()]

    def step(action):
        action()
        snapshots.append(tab.model.snapshot())

    view = tab.heap_table.view
    step(lambda: type_s(qtbot, tab, "2 3"))
    step(lambda: edit_heap(qtbot, tab, 0, "15"))
    add, remove = tab.heap_table.add_button, tab.heap_table.remove_button
    step(lambda: (view.selectRow(0), qtbot.mouseClick(add, Qt.MouseButton.LeftButton)))
    step(lambda: (view.selectRow(3), qtbot.mouseClick(remove, Qt.MouseButton.LeftButton)))
    step(lambda: tab.analysis_panel.move_activated.emit(tab.analysis_panel.move_rows()[0]))
    step(lambda: tab.import_judge_text(sample_text(), "hdu1536.txt", 0))
    step(lambda: tab.judge.load_requested.emit(2))
    assert len(set(snapshots)) == len(snapshots) == tab.undo_stack.count() + 1
    for expected in reversed(snapshots[:-1]):
        tab.undo_stack.undo()
        assert tab.model.snapshot() == expected
        settle(qtbot, tab)
        assert_matches_core(tab)
    assert tab.set_editor.field.text() == "2 5 7"
    for expected in snapshots[1:]:
        tab.undo_stack.redo()
        assert tab.model.snapshot() == expected
    settle(qtbot, tab)
    assert_matches_core(tab)
    assert tab.judge.letters() == SAMPLE_ANSWERS[0]


# -- saving ---------------------------------------------------------------------------------------
def test_to_state_load_state_round_trip(qtbot, tab):
    tab.import_judge_text(sample_text(), "hdu1536.txt", 1)
    edit_heap(qtbot, tab, 0, "123456789")
    settle(qtbot, tab)
    tab.plot.limit.setValue(77)
    state = tab.to_state()
    other = SNimTab()
    qtbot.addWidget(other)
    other.load_state(state)
    settle(qtbot, other)
    assert other.model.snapshot() == tab.model.snapshot() and other.to_state() == state
    assert other.undo_stack.count() == 0 and other.judge.letters() == "WWL"
    assert other.plot.limit.value() == 77 and len(other.plot.values) == 78
    assert_matches_core(other)


JUDGE = {"file": "f.txt", "number": 1, "count": 2, "S": [2, 5], "positions": [[5, 12], [2]]}


@pytest.mark.parametrize(("state", "words"), [
    ({}, "lacks 'S', 'heaps'"),
    ([], "must be a mapping"),
    ({"S": [2]}, "lacks 'heaps'"),
    ({"S": [2], "heaps": [], "colour": 1}, "unknown key: 'colour'"),
    ({"S": "2 5", "heaps": []}, "S must be a list"),
    ({"S": [True, 2], "heaps": []}, "S must be a list"),
    ({"S": [2.0], "heaps": []}, "S must be a list"),
    ({"S": [0], "heaps": []}, "must be positive"),
    ({"S": [1], "heaps": [-1]}, ">= 0"),
    ({"S": [1], "heaps": [1.5]}, "heaps must be a list"),
    ({"S": [1], "heaps": "5 12"}, "heaps must be a list"),
    ({"S": [1], "heaps": [False]}, "heaps must be a list"),
    ({"S": [1], "heaps": [], "plot_limit": 0}, "plot_limit"),
    ({"S": [1], "heaps": [], "plot_limit": True}, "plot_limit"),
    ({"S": [1], "heaps": [], "judge": [1]}, "judge must be a mapping"),
    ({"S": [1], "heaps": [], "judge": {**JUDGE, "number": "1"}}, "number and count"),
    ({"S": [1], "heaps": [], "judge": {**JUDGE, "number": 3}}, "number and count"),
    ({"S": [1], "heaps": [], "judge": {**JUDGE, "file": 7}}, "file must be a string"),
    ({"S": [1], "heaps": [], "judge": {**JUDGE, "positions": [[1], "2"]}}, "judge position 2"),
    ({"S": [1], "heaps": [], "judge": {k: v for k, v in JUDGE.items() if k != "S"}}, "lacks 'S'"),
    ({"S": [1], "heaps": [], "judge": {**JUDGE, "extra": 1}}, "unknown key: 'extra'"),
])
def test_load_state_rejects_bad_state_and_keeps_the_tab(tab, state, words):
    tab.undo_stack.push(tab_module.SetHeapCommand(tab.model, 0, 3))
    before, shown = tab.model.snapshot(), tab.heap_table.shown_sizes()
    for method in (tab.check_state, tab.load_state):
        with pytest.raises(ValueError, match=words):
            method(state)
        assert tab.model.snapshot() == before and tab.undo_stack.count() == 1
        assert tab.heap_table.shown_sizes() == shown


def test_a_state_with_a_judge_case_loads(qtbot, tab):
    tab.load_state({"S": [2, 5], "heaps": [2], "judge": JUDGE, "plot_limit": 40})
    settle(qtbot, tab)
    assert tab.model.judge.positions == ((5, 12), (2,)) and tab.plot.limit.value() == 40
    assert tab.to_state()["judge"] == JUDGE


# -- the plot ------------------------------------------------------------------------------------
def test_plot_shows_the_core_values_period_and_hover(qtbot, tab):
    type_s(qtbot, tab, "2 4 7")
    settle(qtbot, tab)
    game = SubtractionGame((2, 4, 7))
    n0, p = game.period()
    assert (n0, p) == tab.plot.period
    h = tab.plot.limit.value()
    assert h == n0 + 3 * p or h == 30
    assert tab.plot.values.tolist() == game.values(h + 1).tolist()
    assert tab.plot.caption.text() == game.describe_period()
    assert tab.plot.pre_region.getRegion() == (-0.5, n0 - 0.5)
    assert tab.plot.period_region.getRegion() == (n0 - 0.5, n0 + p - 0.5)
    view = tab.plot.view
    for n in (3, n0 + p + 1):
        scene = tab.plot.scene_point(n, float(game.grundy(n)))
        qtbot.wait(10)  # two moves within one turn of the event loop: Qt keeps only the first
        qtbot.mouseMove(view.viewport(), view.mapFromScene(scene))
        expected = f"n = {n}, g(n) = {game.grundy(n)}"
        qtbot.waitUntil(lambda expected=expected: tab.plot.hover.text().startswith(expected))
    tab.plot.limit.setValue(500)
    assert tab.plot.values.tolist() == game.values(501).tolist()


@pytest.mark.parametrize("typed", ["2 4 7", "2 5", "3"])
def test_the_caption_words_the_certificate_as_sgstudio_period_does(qtbot, tab, capsys, typed):
    """The one wording of an S-Nim certificate (issue 21 item 10): the caption of the plot is the
    CLI's period with the CLI's certificate line."""
    import re

    from sgstudio.cli import main as cli

    type_s(qtbot, tab, typed)
    settle(qtbot, tab)
    assert cli.main(["period", "snim:" + typed.replace(" ", ",")]) == 0
    headline, words = capsys.readouterr().out.splitlines()
    n0, p = map(int, re.fullmatch(r"preperiod (\d+) period (\d+)", headline).groups())
    assert (n0, p) == tab.plot.period
    assert tab.plot.caption.text() == f"period {p} from n = {n0}, {words}"


# -- long work in a worker ----------------------------------------------------------------------------
def test_a_plot_to_ten_million_runs_in_a_worker_and_can_be_cancelled(qtbot, tab):
    shown = tab.plot.values
    tab.plot.limit.setValue(10**7)
    task = tab.work.tasks["plot"]
    assert task.is_running() and tab.progress.isVisible()
    qtbot.waitUntil(lambda: tab.progress.bar.maximum() > 1, timeout=20000)
    with qtbot.waitSignal(task.cancelled, timeout=20000):
        qtbot.mouseClick(tab.progress.cancel_button, Qt.MouseButton.LeftButton)
    assert "plot" not in tab.work.tasks and not tab.progress.isVisible()
    assert tab.plot.values is shown


def test_a_plot_to_ten_million_finishes_with_the_core_values(qtbot, tab):
    tab.plot.limit.setValue(10**7)
    with qtbot.waitSignal(tab.work.tasks["plot"].finished, timeout=60000):
        pass
    values = tab.plot.values
    game = SubtractionGame(tab.model.S)
    assert len(values) == 10**7 + 1
    picks = np.array([0, 5, 99_999, 10**7 - 1, 10**7])
    assert values[picks].tolist() == [game.grundy(int(n)) for n in picks]


def test_a_slow_period_search_shows_progress_and_cancels(qtbot, tab, monkeypatch):
    started = threading.Event()

    def slow_search(S, progress=None, limit=None):  # noqa: N803 - a stand-in polling like the core
        started.set()
        done = 0
        while True:
            done = (done + 1) % 1000
            progress(done, 1000)

    monkeypatch.setattr(tab_module, "search_period", slow_search)
    before = tab.undo_stack.count()
    type_s(qtbot, tab, "3 8")
    qtbot.waitUntil(lambda: "period" in tab.work.tasks, timeout=5000)
    assert started.wait(5)
    assert tab.progress.isVisible() and "Searching" in tab.plot.caption.text()
    qtbot.waitUntil(lambda: tab.progress.bar.maximum() == 1000, timeout=5000)
    task = tab.work.tasks["period"]
    with qtbot.waitSignal(task.cancelled, timeout=5000):
        qtbot.mouseClick(tab.progress.cancel_button, Qt.MouseButton.LeftButton)
    assert "cancelled" in tab.plot.caption.text() and tab.plot.recompute.isVisible()
    assert tab.model.S == (3, 8) and tab.undo_stack.count() == before + 1
    monkeypatch.undo()
    qtbot.mouseClick(tab.plot.recompute, Qt.MouseButton.LeftButton)
    settle(qtbot, tab)
    assert tab.plot.caption.text() == SubtractionGame((3, 8)).describe_period()


def test_closing_the_tab_stops_its_workers(qtbot, tab):
    tab.plot.limit.setValue(10**7)
    task = tab.work.tasks["plot"]
    tab.close()
    assert not task.is_running() and not tab.work._alive


# -- a look ---------------------------------------------------------------------------------------
def test_screenshot(qtbot, tab, tmp_path):
    tab.import_judge_text(sample_text(), "hdu1536.txt", 0)
    tab.judge.load_requested.emit(2)
    settle(qtbot, tab)
    path = tmp_path / "tab-snim.png"
    assert tab.grab().save(str(path))
    assert path.stat().st_size > 10_000


def test_growing_h_past_the_dots_redraws_the_curve_with_its_period_lines(qtbot, tab):
    """H 1 -> 30 -> 10^7 on the visible tab: the curve drawn is the new one, over all of 0..H, with
    the period lines (before, the old limits kept the view on g(0..3), and clipping the old dots to
    it raised "Number of brushes does not match number of points" and left the stale curve)."""
    plot = tab.plot
    view = plot.view.getPlotItem().getViewBox()
    with qtbot.capture_exceptions() as errors:
        for h in (1, 30):
            plot.limit.setValue(h)
            assert len(plot.curve.xData) == h + 1 and view.viewRange()[0][1] >= h
        plot.limit.setValue(10**7)
        with qtbot.waitSignal(tab.work.tasks["plot"].finished, timeout=60000):
            pass
        qtbot.wait(50)  # the view repaints the new curve
    assert [str(e[1]) for e in errors] == []
    curve = plot.curve
    assert len(curve.xData) == 10**7 + 1 and curve.opts["symbol"] is None
    assert view.viewRange()[0][1] >= 10**7
    x, y = curve.getData()  # what is drawn (clipped to the view, downsampled)
    assert x.min() < 10**5 and x.max() > 10**7 - 10**5 and y.max() == plot.values.max()
    n0, p = plot.period
    assert len(plot.boundaries) == min(40, (10**7 - n0) // p)
    assert all(line.isVisible() and line.scene() is plot.view.scene() for line in plot.boundaries)


def test_a_new_document_plots_the_tabs_default_h_not_one(qtbot, window):
    """The window's default S-Nim state is taken before the period is known: H stays automatic."""
    snim = window.tabs.game_tabs["snim"]
    assert window.tabs.defaults["snim"].get("plot_limit") is None
    for start in (lambda: None, window.document.new):
        start()
        settle(qtbot, snim)
        period = snim.model.period_result.period
        assert snim.plot.limit.value() == default_plot_limit(period) >= 30
        assert len(snim.plot.values) == snim.plot.limit.value() + 1
        assert snim.to_state()["plot_limit"] is None  # saved as "automatic"


def test_a_chosen_h_is_saved_and_loaded_and_an_automatic_one_follows_s(qtbot, tab):
    tab.plot.limit.setValue(45)
    assert tab.to_state()["plot_limit"] == 45 and len(tab.plot.values) == 46
    tab.load_state({"S": [2, 3], "heaps": [4], "plot_limit": None})
    settle(qtbot, tab)
    expected = default_plot_limit(SubtractionGame((2, 3)).period())
    assert tab.plot.limit.value() == expected and len(tab.plot.values) == expected + 1
    assert tab.to_state()["plot_limit"] is None
    tab.load_state({"S": [2, 5], "heaps": [4], "plot_limit": 77})
    settle(qtbot, tab)
    assert tab.to_state()["plot_limit"] == 77 and len(tab.plot.values) == 78


def test_the_screenshot_of_the_snim_tab_without_a_file_plots_the_default_h(qtbot, window, tmp_path):
    from sgstudio.app import start as app

    snim = window.tabs.game_tabs["snim"]
    out = tmp_path / "snim.png"
    assert app.screenshot(QApplication.instance(), window, None, str(out), "snim") == 0 and out.exists()
    settle(qtbot, snim)
    assert len(snim.plot.values) == default_plot_limit(snim.model.period_result.period) + 1 >= 31


def test_at_1280x800_with_the_play_dock_the_heaps_and_the_nim_sum_table_fit(qtbot, window, dialogs):
    """The judge sample's 4-heap position: every heap row and the whole nim-sum table are visible."""
    window.resize(1280, 800)
    dialogs.open_path = str(resource_path("examples", "hdu1536.txt"))
    dialogs.case = "case 1"
    window.actions["import_hdu1536"].trigger()
    snim = window.tabs.game_tabs["snim"]
    settle(qtbot, snim)
    snim.judge.load_requested.emit(2)  # position 3: heaps 2 3 7 12
    assert snim.model.heaps == (2, 3, 7, 12)
    assert window.docks["play"].isVisible()
    qtbot.wait(50)  # laid out
    view = snim.heap_table.view
    assert view.viewport().height() >= sum(view.rowHeight(r) for r in range(4))
    table = snim.analysis_panel.table
    assert table.rows.verticalScrollBar().maximum() == 0, table.toPlainText()
    assert table.total.toPlainText().splitlines()[-1].startswith("nim-sum") and table.total.isVisible()


# -- heaps beyond the table and the period ----------------------------------------------------------
def test_a_huge_heap_of_a_huge_s_is_answered_off_the_ui_thread(qtbot, tab):
    """S = {10^18} has no period within the search's limit, but the core computes g(10^18) directly
    from the positions play can reach: the tab answers (in its background work), as the CLI does."""
    big = 10**18
    tab.load_state({"S": [big], "heaps": [big, 3]})
    assert tab.analysis_panel.outcome_text() == "…" or tab.work.running("analysis")
    settle(qtbot, tab)
    expected = hdu1536.solve_case(hdu1536.SNimCase((big,), ((big, 3),)))  # the judge's letter
    assert tab.analysis_panel.outcome_text() == {"W": "WIN", "L": "LOSE"}[expected]
    assert shown_values(tab) == [str(SubtractionGame([big]).grundy(h)) for h in (big, 3)]
    assert_matches_core(tab)


def test_a_heap_out_of_every_reach_is_refused_in_words(qtbot, tab):
    """S = {3, 10^18} and a heap of 22 digits: no period, and too far to evaluate directly. The judge
    line and the verdict say so in people's words, without the core's names."""
    told = []
    tab.status_message.connect(told.append)
    heap = 1234567890123456789012
    tab.import_judge_text(f"2 3 {10**18}\n1\n1 {heap}\n0\n", "far.txt", 0)
    settle(qtbot, tab)
    failed = [t for t in told if "failed" in t]
    assert failed and failed[-1].startswith("Judging the positions failed: no period of g found")
    assert "S = {3, 1000000000000000000}" in failed[-1] and "SubtractionGame" not in failed[-1]
    assert "cannot be answered" in tab.judge.title.text() and tab.judge.letters() == "?"
    panel = tab.analysis_panel
    assert panel.outcome_text() == "?" and panel.verdict.text().startswith("These heaps cannot be evaluated")
    assert "SubtractionGame" not in panel.verdict.text()
