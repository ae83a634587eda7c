"""The Take & break tab on real widgets: the rule typed (one undo step, refused with its column and
what was expected), the presets, the heaps, W/L and every winning move against a rules-only
brute-force search, a winning move played, the certified period drawn (and an uncertified one not),
the values table, long work in a worker with progress and Cancel, saving, and play mode."""

from __future__ import annotations

import random
import threading
import time

import numpy as np
import pytest
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtWidgets import QWidget
from tab_helpers import show_tab

from sgstudio.games.takebreak import kernels
from sgstudio.games.takebreak import values as tv
from sgstudio.games.takebreak.game import TakeBreakGame
from sgstudio.games.takebreak.parse import parse_rule
from sgstudio.games.takebreak.position import rare_heaps
from sgstudio.games.takebreak.rules import RuleError
from sgstudio.games.takebreak.tab import TakeBreakTab
from sgstudio.games.takebreak.tab import computing as computing_module
from sgstudio.games.takebreak.tab.rule_editor import rule_title
from sgstudio.gui.tabs.play_mode import REFUSED
from tests.oracles import normal, takebreak_children, takebreak_wins

L = Qt.MouseButton.LeftButton
BIG = 40  # the brute force's codes are written out to this many digits (infinite rules)
RULES = {  # a rule's text, and its code digits d_0, d_1, ... read from its definition (distinct heaps?)
    "0.77": ((0, 7, 7), False),                      # Kayles
    "0.07": ((0, 0, 7), False),                      # Dawson's Kayles
    "0.137": ((0, 1, 3, 7), False),                  # Dawson's chess
    "0.007": ((0, 0, 0, 7), False),                  # Treblecross
    "0.6": ((0, 6), False),                          # Officers
    "grundy": ((4,), True),                          # split into two unequal heaps
    "split:2": ((4,) + (3,) * BIG, False),           # Lasker's Nim
    "split:3": ((8,) + (3,) * BIG, False),           # the seeds' split-nim
    "snim:1,3,4": ((0, 3, 0, 3, 3), False),          # subtract 1, 3 or 4
    "4.1": ((4, 1), False),                          # split without removing, or take a lone token
    "0.8": ((0, 8), False),                          # take 1 leaving three heaps (hexadecimal)
}


def naive_values(digits: tuple[int, ...], distinct: bool, n: int) -> list[int]:
    """g(0..n-1) by mex over every option read from the code (no convolution, no period)."""
    g: list[int] = []
    for h in range(n):
        seen = set()
        for child in takebreak_children(h, digits, distinct):
            x = 0
            for part in child:
                x ^= g[part]
            seen.add(x)
        g.append(next(v for v in range(len(seen) + 1) if v not in seen))
    return g


def brute_winning(digits: tuple[int, ...], distinct: bool, heaps: tuple[int, ...]) -> set[tuple]:
    """Every winning move (heap index, heaps left sorted) by a game-tree search without Grundy values."""
    wins = takebreak_wins(digits, distinct)
    return {(i, tuple(sorted(child))) for i, h in enumerate(heaps)
            for child in takebreak_children(h, digits, distinct)
            if not wins(normal(heaps[:i] + child + heaps[i + 1:]))}


@pytest.fixture
def tab(qtbot):
    t = show_tab(qtbot, TakeBreakTab())
    assert t.settle()
    return t


def type_rule(qtbot, tab: TakeBreakTab, text: str) -> None:
    field = tab.editor.field
    field.clear()
    qtbot.keyClicks(field, text)
    qtbot.keyClick(field, Qt.Key.Key_Return)


def type_heaps(qtbot, tab: TakeBreakTab, text: str) -> None:
    tab.heaps.clear()
    qtbot.keyClicks(tab.heaps, text)
    qtbot.keyClick(tab.heaps, Qt.Key.Key_Return)


def assert_moves_match_brute_force(tab: TakeBreakTab) -> None:
    digits, distinct = RULES[tab.model.rule.text]
    heaps = tab.model.heaps
    panel = tab.analysis_panel
    brute = brute_winning(digits, distinct, heaps)
    assert panel.outcome_text() == ("WIN" if brute else "LOSE")
    shown = [(i, tuple(sorted(left))) for i, _take, left in panel.move_rows()]
    assert len(shown) == len(set(shown)) and set(shown) == brute
    g = naive_values(digits, distinct, max(heaps, default=0) + 1)
    for (i, take, left), text in zip(panel.move_rows(), panel.move_texts(), strict=True):
        after = 0
        for part in left:
            after ^= g[part]
        assert text.startswith(f"heap {i + 1}: {heaps[i]} -> ") and take + sum(left) == heaps[i]
        assert text.endswith(f", value {g[heaps[i]]} -> {after}")  # why: the heap's value, and after it


# -- the rule --------------------------------------------------------------------------------------
def test_a_typed_rule_is_one_undo_step_and_is_stated_in_words(qtbot, tab):
    type_rule(qtbot, tab, "0.137")
    assert tab.model.rule.text == "0.137" and tab.undo_stack.count() == 1
    assert tab.undo_stack.undoText() == "Set the rule to Dawson's chess (0.137)"
    assert tab.editor.words.text() == f"Dawson's chess (0.137): {parse_rule('0.137').describe()}"
    assert tab.settle()
    assert tab.plot.period == (52, 34) and "certified" in tab.plot.caption.text()
    tab.undo_stack.undo()
    assert tab.model.rule.text == "0.77" and tab.editor.field.text() == "0.77"


@pytest.mark.parametrize("text", ["0.1g7", "0.", "split:x", "snim:1,,3", "grundy:3", "0.77x", "kayles"])
def test_a_bad_rule_is_refused_with_its_column_and_what_was_expected(qtbot, tab, text):
    before, count = tab.to_state(), tab.undo_stack.count()
    type_rule(qtbot, tab, text)
    with pytest.raises(RuleError) as caught:
        parse_rule(text)
    err = caught.value
    words = tab.editor.words.text()
    assert tab.editor.error_column == err.column and words.startswith(f"Not a rule: column {err.column}: ")
    assert str(err).endswith(words.split(": ", 2)[2].rstrip("."))  # what the core expected there
    assert "background" in tab.editor.error.text() and "the tab keeps 0.77" in tab.editor.error.text()
    assert tab.to_state() == before and tab.undo_stack.count() == count  # the document is unchanged
    type_rule(qtbot, tab, "0.6")  # a good rule again: no refusal left
    assert tab.editor.error_column is None and tab.editor.error.text() == "" and tab.model.rule.text == "0.6"


def test_every_preset_sets_its_rule(qtbot, tab):
    actions = tab.editor.preset_actions()
    names = [a.text().split("\t")[0] for a in actions]
    named = ("Kayles", "Dawson's Kayles", "Dawson's chess", "Treblecross", "Officers", "Grundy's game",
             "Lasker's Nim")
    assert set(named) <= set(names)
    for k, action in enumerate(actions):
        action.trigger()
        rule = parse_rule(action.data())
        assert tab.model.rule.text == rule.text and tab.editor.field.text() == rule.text
        assert tab.editor.words.text() == f"{rule_title(rule)}: {rule.describe()}"
        if names[k] in named:  # the rule knows its name: the words say it
            assert rule_title(rule) == f"{names[k]} ({rule.text})"
        assert tab.undo_stack.count() == k  # Kayles first, the tab's rule: no change


# -- heaps, W/L and winning moves --------------------------------------------------------------------
def test_typed_heaps_are_one_undo_step_and_bad_text_changes_nothing(qtbot, tab):
    type_heaps(qtbot, tab, "4 7 12")
    assert tab.model.heaps == (4, 7, 12) and tab.undo_stack.count() == 1
    assert_moves_match_brute_force(tab)
    type_heaps(qtbot, tab, "4 -1")
    assert tab.model.heaps == (4, 7, 12) and tab.undo_stack.count() == 1
    assert tab.message.text().startswith("Heaps unchanged:")
    tab.undo_stack.undo()
    assert tab.model.heaps == (5, 9, 14) and tab.heaps.text() == "5 9 14"


@pytest.mark.parametrize("rule", sorted(RULES))
def test_winning_moves_of_random_positions_match_a_brute_force(qtbot, tab, rule):
    rng = random.Random(rule)
    tab.plot.search.setValue(2048)  # the period is not what this test is about: a short search
    type_rule(qtbot, tab, rule)
    for _ in range(4):  # 1-3 heaps of 16 tokens at most in all (the brute force stays quick)
        sizes = [rng.randint(0, 13) for _ in range(rng.randint(1, 3))]
        while sum(sizes) > 16:
            sizes.pop()
        heaps = " ".join(map(str, sizes))
        type_heaps(qtbot, tab, heaps)
        assert tab.settle()
        assert_moves_match_brute_force(tab)


def test_a_winning_move_row_plays_it_and_undo_takes_it_back(qtbot, tab):
    moves = tab.analysis_panel.moves
    move = tab.analysis_panel.move_rows()[0]
    centre = moves.visualItemRect(moves.item(0)).center()
    qtbot.mouseClick(moves.viewport(), L, pos=centre)
    qtbot.mouseDClick(moves.viewport(), L, pos=centre)
    after = TakeBreakGame("0.77").apply((5, 9, 14), move)
    assert tab.model.heaps == after and tab.analysis_panel.outcome_text() == "LOSE"
    assert tab.undo_stack.undoText().startswith("Play heap ")
    assert_moves_match_brute_force(tab)
    tab.undo_stack.undo()
    assert tab.model.heaps == (5, 9, 14)


# -- the plot and the values table ----------------------------------------------------------------
def test_kayles_shows_its_certified_period_shaded_and_the_values_in_rows_of_twelve(tab):
    plot = tab.plot
    assert plot.period == (71, 12)
    assert plot.caption.text() == "Kayles (0.77): preperiod 71 period 12, certified"
    assert "octal periodicity theorem" in plot.certificate.text()
    assert plot.pre_region.isVisible() and plot.pre_region.getRegion() == (-0.5, 70.5)
    assert plot.period_region.getRegion() == (70.5, 82.5)
    h = plot.limit.value()
    assert h == 71 + 3 * 12
    expected = naive_values(*RULES["0.77"], h + 1)
    assert plot.values.tolist() == expected
    model = tab.values_table.values_model
    assert model.columnCount() == 12 and model.rowCount() == -(-(h + 1) // 12)
    assert [tab.values_table.cell_text(n) for n in range(h + 1)] == [str(v) for v in expected]
    assert tab.values_box.title() == f"Values g(0..{h}), 12 a row"


def test_grundys_game_is_not_certified_and_its_rare_values_are_marked(qtbot, tab):
    type_rule(qtbot, tab, "grundy")
    assert tab.settle()
    plot = tab.plot
    assert "not certified" in plot.caption.text() and plot.period is None
    assert not plot.pre_region.isVisible() and not plot.period_region.isVisible()
    assert plot.values.tolist() == naive_values(*RULES["grundy"], len(plot.values))
    rare = rare_heaps(tab.model.game, len(plot.values))
    xs, _ys = plot.rare.getData()
    assert rare.size > 0 and xs.tolist() == rare.astype(float).tolist()
    assert plot.rare_note.text().startswith("rare: ")


def hover_plot(qtbot, tab: TakeBreakTab, n: int) -> str:
    """Move the mouse onto the plotted point of heap ``n``: what the hover line then says."""
    plot, view = tab.plot, tab.plot.view
    qtbot.wait(10)  # two moves within one turn of the event loop: Qt keeps only the first
    qtbot.mouseMove(view.viewport(), view.mapFromScene(plot.scene_point(n, float(plot.values[n]))))
    qtbot.waitUntil(lambda: plot.hover.text().startswith(f"n = {n:,}, "))
    return plot.hover.text()


def test_the_hover_line_says_where_n_stands_in_the_period_with_its_saltus_and_rare_values(qtbot, tab):
    type_rule(qtbot, tab, "split:2")  # Lasker's Nim: preperiod 1, period 4, saltus 4
    assert tab.settle()
    g = naive_values(*RULES["split:2"], len(tab.plot.values))
    assert tab.plot.period == (1, 4) and g[7] == g[3] + 4
    assert hover_plot(qtbot, tab, 0) == f"n = 0, g(n) = {g[0]}  (in the preperiod)"
    assert hover_plot(qtbot, tab, 2) == f"n = 2, g(n) = {g[2]}"  # in the first period
    assert hover_plot(qtbot, tab, 7) == f"n = 7, g(n) = {g[7]}  (= g(3) + 1 x 4 by the period)"
    type_rule(qtbot, tab, "grundy")  # no period; some heaps rare
    assert tab.settle()
    rare = int(rare_heaps(tab.model.game, len(tab.plot.values))[0])
    assert hover_plot(qtbot, tab, rare) == f"n = {rare:,}, g(n) = {tab.plot.values[rare]}  rare"


def test_a_pattern_no_theorem_proves_is_said_to_appear_and_is_not_shaded(qtbot, tab):
    tab.plot.search.setValue(2048)  # the search of a three-heap rule is slow: a small bound
    type_rule(qtbot, tab, "0.8")  # a three-heap digit: the octal periodicity theorem does not apply
    assert tab.settle()
    plot = tab.plot
    report = tab.model.game.known_period()
    assert report.found and not report.certified
    assert plot.caption.text() == f"0.8: {report.headline()}, not certified"
    assert plot.certificate.text().startswith("Appears periodic up to 2048, not certified: ")
    assert plot.period is None and not plot.pre_region.isVisible() and not plot.period_region.isVisible()
    assert plot.values.tolist() == naive_values(*RULES["0.8"], len(plot.values))
    assert tab.values_table.values_model.width == 10  # rows of ten: no period is taken as known


def test_a_larger_plot_limit_computes_and_draws_more_values(qtbot, tab):
    type_rule(qtbot, tab, "0.6")
    assert tab.settle()
    tab.plot.limit.setValue(300)
    assert tab.settle()
    assert tab.plot.values.tolist() == naive_values(*RULES["0.6"], 301)
    assert tab.values_table.cell_text(300) == str(tab.plot.values[300])


# -- long work in a worker ---------------------------------------------------------------------------
def test_a_long_computation_shows_progress_cancels_and_computes_again(qtbot, tab, monkeypatch):
    started = threading.Event()

    def slow(game, heaps, plot_limit, search_limit, progress=None, search=True):  # a stand-in
        started.set()
        done = 0
        while True:  # polls like the core: progress raises once cancelled
            done = (done + 1) % 1000
            progress(done, 1000)

    monkeypatch.setattr(computing_module, "compute_on", slow)
    type_rule(qtbot, tab, "0.137")
    qtbot.waitUntil(lambda: "values" in tab.work.tasks, timeout=5000)
    assert started.wait(5)
    assert tab.progress.isVisible() and "0.137" in tab.progress.label.text()
    assert tab.analysis_panel.outcome_text() == "…"
    task = tab.work.tasks["values"]
    with qtbot.waitSignal(task.cancelled, timeout=5000):
        qtbot.mouseClick(tab.progress.cancel_button, L)
    assert tab.settle() and "values" not in tab.work.tasks  # not started again by itself
    assert "cancelled" in tab.plot.caption.text() and tab.plot.recompute.isVisible()
    assert tab.model.rule.text == "0.137" and tab.undo_stack.count() == 1
    monkeypatch.undo()
    qtbot.mouseClick(tab.plot.recompute, L)
    assert tab.settle()
    assert tab.plot.period == (52, 34) and not tab.plot.recompute.isVisible()
    assert_moves_match_brute_force(tab)


def test_a_big_heap_is_answered_after_its_values_are_computed_in_the_background(qtbot, tab):
    type_rule(qtbot, tab, "0.6")
    type_heaps(qtbot, tab, "3000 7")
    assert tab.settle()
    game = TakeBreakGame("0.6")
    total = game.value((3000, 7))
    assert tab.analysis_panel.outcome_text() == ("WIN" if total else "LOSE")
    assert tab.analysis_panel.move_rows() == game.winning_moves((3000, 7))


# -- saving ------------------------------------------------------------------------------------------
def test_state_round_trip_and_a_bad_state_leaves_the_tab_unchanged(qtbot, tab):
    type_rule(qtbot, tab, "0.07")
    type_heaps(qtbot, tab, "8 20")
    tab.plot.limit.setValue(90)
    state = tab.to_state()
    assert state == {"rule": "0.07", "heaps": [8, 20], "plot_limit": 90, "search_limit": None}
    other = TakeBreakTab()
    qtbot.addWidget(other)
    other.load_state(state)
    assert other.settle() and other.to_state() == state and other.undo_stack.count() == 0
    assert other.plot.limit.value() == 90 and len(other.plot.values) == 91
    for bad in ({"rule": "0.1g7", "heaps": [1]}, {"rule": "0.77", "heaps": [1, -2]}, {"rule": 7, "heaps": []},
                {"rule": "0.77", "heaps": [], "plot_limit": 0}):
        with pytest.raises(ValueError):
            other.load_state(bad)
        assert other.to_state() == state
    other.close()


# -- play ----------------------------------------------------------------------------------------------
def test_play_shows_the_played_heaps_read_only_and_keep_makes_them_the_tabs(qtbot, window):
    window.tabs.show_tab("takebreak")
    tab, panel = window.tabs.game_tabs["takebreak"], window.play
    assert tab.settle()
    panel.reply_ms = 10**6  # the computer waits: the position stays the person's
    qtbot.mouseClick(panel.start_button, L)
    assert tab.playing and tab.heaps.isReadOnly() and not tab.editor.presets.isEnabled()
    move = tab.analysis_panel.move_rows()[0]
    game = TakeBreakGame("0.77")
    after = game.apply((5, 9, 14), move)
    assert panel.play_typed(game.move_text(move))
    assert tab.heaps.text() == " ".join(map(str, after)) and tab.model.heaps == (5, 9, 14)
    assert tab.analysis_panel.outcome_text() == "LOSE"  # a winning move was played
    tab._typed_heaps()  # the button refuses
    assert tab.model.heaps == (5, 9, 14) and tab.message.text() == REFUSED
    panel.stop("done", keep=True)
    assert not tab.playing and tab.model.heaps == after and tab.undo_stack.count() == 1


# -- layout ---------------------------------------------------------------------------------------------
def test_in_the_window_the_tab_fits_and_a_refused_rule_moves_nothing(qtbot, window):
    window.tabs.show_tab("takebreak")
    tab = window.tabs.game_tabs["takebreak"]
    assert tab.settle()
    page = window.tabs.pages["takebreak"]
    assert not page.horizontalScrollBar().isVisible() and tab.width() <= page.viewport().width()
    for child in tab.findChildren(QWidget):  # every shown part inside the window
        if child.isVisible() and child.width() > 0:
            left = child.mapTo(window, QPoint(0, 0)).x()
            assert left >= 0 and left + child.width() <= window.width(), type(child).__name__
    table = tab.values_table
    assert not table.horizontalScrollBar().isVisible()
    heaps_top, plot_top = tab.heaps.mapTo(window, QPoint(0, 0)), tab.plot.mapTo(window, QPoint(0, 0))
    type_rule(qtbot, tab, "0.1g7")
    assert tab.editor.error_column == 4 and tab.editor.error.isVisible()
    assert tab.heaps.mapTo(window, QPoint(0, 0)) == heaps_top
    assert tab.plot.mapTo(window, QPoint(0, 0)) == plot_top


def test_the_heaps_are_answered_before_a_long_period_search_ends(qtbot, tab, monkeypatch):
    searched = threading.Event()
    real = TakeBreakGame.period

    def slow_period(game, max_values=None, progress=None):  # the period search: polls until cancelled
        searched.set()
        while True:
            progress(1, 1000)

    monkeypatch.setattr(TakeBreakGame, "period", slow_period)
    type_rule(qtbot, tab, "0.07")
    qtbot.waitUntil(searched.is_set, timeout=20000)  # the values came first; the search runs now
    qtbot.waitUntil(lambda: tab.analysis_panel.outcome_text() in ("WIN", "LOSE"), timeout=20000)
    assert "values" in tab.work.tasks and "searching the period" in tab.plot.caption.text()
    assert tab.plot.period is None and len(tab.plot.values) > 0  # values shown, nothing shaded
    assert_moves_match_brute_force(tab)
    with qtbot.waitSignal(tab.work.tasks["values"].cancelled, timeout=5000):
        qtbot.mouseClick(tab.progress.cancel_button, L)
    monkeypatch.setattr(TakeBreakGame, "period", real)
    assert tab.settle() and "stopped" in tab.plot.caption.text() and tab.plot.recompute.isVisible()


# -- responsiveness (issue 29 items 3 and 4) ------------------------------------------------------------
def _kernel_calls(monkeypatch) -> list[tuple[float, float]]:
    """Record (start, end) of every pairs kernel call from now on (the built kernel, when there is one)."""
    real = kernels.kernel("pairs")
    calls: list[tuple[float, float]] = []

    def timed(*args):
        began = time.perf_counter()
        try:
            return real(*args)
        finally:
            calls.append((began, time.perf_counter()))

    monkeypatch.setitem(kernels._JIT, "pairs", timed)
    return calls


def test_the_event_loop_goes_on_while_a_long_kernel_call_runs(qtbot, window, monkeypatch):
    """A 100 ms timer keeps ticking (no gap of a second) while the Take & break tab computes in
    chunks of some 2 s each: a kernel holding the GIL stopped the event loop for its whole call
    (20 s and more with the kernels built ahead of time, before they released it)."""
    monkeypatch.setattr(tv, "CHUNK_SECONDS", 2.0)
    monkeypatch.setattr(tv, "CHUNK", 1 << 22)
    monkeypatch.setattr(tv, "MAX_RARE_SHARE", -1.0)  # the pairs method: heavy heaps, long calls
    calls = _kernel_calls(monkeypatch)
    window.tabs.show_tab("takebreak")
    tab = window.tabs.game_tabs["takebreak"]
    assert tab.settle()
    ticks: list[float] = []
    timer = QTimer()
    timer.setInterval(100)
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    timer.start()
    type_rule(qtbot, tab, "grundy")  # no theorem: every value is computed
    type_heaps(qtbot, tab, "1000000")

    def longest() -> float:
        return max((end - began for began, end in calls), default=0.0)

    qtbot.waitUntil(lambda: "values" in tab.work.tasks, timeout=20_000)
    qtbot.waitUntil(lambda: longest() >= 1.2 or "values" not in tab.work.tasks, timeout=180_000)
    qtbot.wait(300)
    if "values" in tab.work.tasks:
        with qtbot.waitSignal(tab.work.tasks["values"].cancelled, timeout=10_000):
            qtbot.mouseClick(tab.progress.cancel_button, L)
    timer.stop()
    assert longest() >= 1.2  # the computation made calls long enough to tell
    began = min(b for b, _ in calls)
    during = [t for t in ticks if t >= began]
    assert len(during) >= 10 and max(np.diff(during)) < 1.0


def test_cancel_answers_within_a_second_on_a_rule_with_many_removals(qtbot, window):
    """60 split removals: chunks were sized without them and a cancel waited 8-21 s for the chunk to
    end; now a chunk is a fraction of a second whatever the rule, and so is closing the window."""
    window.tabs.show_tab("takebreak")
    tab = window.tabs.game_tabs["takebreak"]
    assert tab.settle()
    rule = "0." + "6" * 60
    type_rule(qtbot, tab, rule)
    type_heaps(qtbot, tab, "300000")
    qtbot.waitUntil(lambda: "values" in tab.work.tasks, timeout=20_000)
    task = tab.work.tasks["values"]
    reports: list[int] = []
    task.progress.connect(lambda done, _total: reports.append(done))
    qtbot.waitUntil(lambda: bool(reports) and reports[-1] >= 10_000, timeout=120_000)  # well into the values
    clicked = time.perf_counter()
    with qtbot.waitSignal(task.cancelled, timeout=30_000):
        qtbot.mouseClick(tab.progress.cancel_button, L)
    assert time.perf_counter() - clicked < 1.0
    assert tab.settle() and tab.model.rule.text == rule and "cancelled" in tab.plot.caption.text()
    qtbot.mouseClick(tab.plot.recompute, L)  # computing again, then closing the window meanwhile
    qtbot.waitUntil(lambda: "values" in tab.work.tasks, timeout=20_000)
    qtbot.wait(500)
    closing = time.perf_counter()
    window.close()
    assert time.perf_counter() - closing < 1.0 and not tab.work.tasks
