"""The S-Nim tab's presets of an infinite S ("S = all squares", primes, Fibonacci, triangular,
factorials) on real widgets: one undo step, the values computed in a worker and plotted without any
period, W/L and the winning moves against a rules-only brute force, typed names, saving, Cancel."""

from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import Qt
from tab_helpers import show_tab

from sgstudio.games.snim.tab import SNimTab
from sgstudio.games.snim.tab import named as named_module
from tests.oracles import snim_wins

L = Qt.MouseButton.LeftButton
MEMBERS = {  # the first members of each set, written out from its definition
    "squares": [k * k for k in range(1, 40)],
    "primes": [p for p in range(2, 400) if all(p % d for d in range(2, int(p**0.5) + 1))],
    "fibonacci": [1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377],
    "triangular": [k * (k + 1) // 2 for k in range(1, 40)],
    "factorials": [1, 2, 6, 24, 120],
}


def naive_values(members: list[int], n: int) -> list[int]:
    g: list[int] = []
    for h in range(n):
        seen = {g[h - s] for s in members if s <= h}
        g.append(next(v for v in range(len(seen) + 1) if v not in seen))
    return g


def settle(qtbot, tab: SNimTab) -> None:
    """Wait until the values the tab needs are computed and no worker runs."""
    qtbot.waitUntil(lambda: tab.model.period_result is not None and tab.model.ready() and not tab.work.tasks,
                    timeout=30000)
    qtbot.wait(5)


@pytest.fixture
def tab(qtbot):
    t = show_tab(qtbot, SNimTab())
    settle(qtbot, t)
    return t


def choose(tab: SNimTab, name: str) -> None:
    action = next(a for a in tab.set_editor.preset_actions() if a.data() == name)
    action.trigger()


def test_the_presets_menu_lists_the_five_infinite_sets(tab):
    texts = [a.text() for a in tab.set_editor.preset_actions()]
    assert texts[0] == "S = all squares" and len(texts) == 5
    assert {a.data() for a in tab.set_editor.preset_actions()} == set(MEMBERS)


@pytest.mark.parametrize("name", sorted(MEMBERS))
def test_a_preset_computes_its_values_in_a_worker_and_claims_no_period(qtbot, tab, name):
    before = tab.undo_stack.count()
    choose(tab, name)
    assert name == tab.model.S and tab.undo_stack.count() == before + 1
    assert tab.undo_stack.undoText() == f"Set S = all {name}" and tab.set_editor.field.text() == f"all {name}"
    settle(qtbot, tab)
    plot = tab.plot
    assert plot.period is None and not plot.pre_region.isVisible() and not plot.period_region.isVisible()
    assert "no period is known" in plot.caption.text()
    h = plot.limit.value()
    assert plot.values.tolist() == naive_values(MEMBERS[name], h + 1)
    tab.undo_stack.undo()
    assert tab.model.S == (2, 5, 7)


@pytest.mark.parametrize("name", ["squares", "primes", "fibonacci"])
def test_wl_and_winning_moves_match_a_brute_force(qtbot, tab, name):
    choose(tab, name)
    wins = snim_wins(MEMBERS[name])
    for heaps in [(10, 25), (3, 7, 12), (17,), (0, 0)]:
        tab.model.set_heaps(heaps)
        settle(qtbot, tab)
        panel = tab.analysis_panel
        assert panel.outcome_text() == ("WIN" if wins(heaps) else "LOSE")
        brute = [(i, s) for i, h in enumerate(heaps) for s in MEMBERS[name]
                 if s <= h and not wins((*heaps[:i], h - s, *heaps[i + 1:]))]
        assert panel.move_rows() == brute


def test_a_heap_beyond_the_values_computes_more(qtbot, tab):
    choose(tab, "squares")
    settle(qtbot, tab)
    known = tab.model.period_result.known
    tab.model.set_heaps((known + 5000, 3))
    assert tab.analysis_panel.outcome_text() == "…"
    settle(qtbot, tab)
    assert tab.model.period_result.known > known + 5000
    g = naive_values(MEMBERS["squares"] + [k * k for k in range(40, 200)], known + 5001)
    assert tab.heap_table.view.item(0, 1).text() == str(g[known + 5000])


def test_a_typed_name_is_an_infinite_s_and_the_state_keeps_it(qtbot, tab):
    field = tab.set_editor.field
    field.setFocus()
    field.selectAll()
    qtbot.keyClick(field, Qt.Key.Key_Backspace)
    qtbot.keyClicks(field, "all primes")
    assert tab.model.S == "primes"
    settle(qtbot, tab)
    state = tab.to_state()
    assert state["S"] == "primes"
    other = SNimTab()
    qtbot.addWidget(other)
    other.load_state(state)
    settle(qtbot, other)
    assert other.model.S == "primes" and other.to_state() == state
    with pytest.raises(ValueError, match="squares, primes"):
        other.load_state({**state, "S": "cubes"})
    assert other.to_state() == state
    other.close()


def test_computing_the_values_cancels_and_computes_again(qtbot, tab, monkeypatch):
    started = threading.Event()

    def slow(name, n, progress=None):  # a stand-in polling like the core: progress raises once cancelled
        started.set()
        done = 0
        while True:
            done = (done + 1) % 1000
            progress(done, 1000)

    monkeypatch.setattr(named_module, "compute_values", slow)
    choose(tab, "triangular")
    qtbot.waitUntil(lambda: "period" in tab.work.tasks, timeout=5000)
    assert started.wait(5) and tab.progress.isVisible()
    assert tab.analysis_panel.outcome_text() == "…"
    task = tab.work.tasks["period"]
    with qtbot.waitSignal(task.cancelled, timeout=5000):
        qtbot.mouseClick(tab.progress.cancel_button, L)
    qtbot.wait(300)  # the search timer would have started it again by now
    assert "period" not in tab.work.tasks and "cancelled" in tab.plot.caption.text()
    assert tab.plot.recompute.isVisible() and tab.model.S == "triangular"
    monkeypatch.undo()
    qtbot.mouseClick(tab.plot.recompute, L)
    settle(qtbot, tab)
    assert tab.plot.values.tolist() == naive_values(MEMBERS["triangular"], tab.plot.limit.value() + 1)


def test_play_on_an_infinite_s_through_the_play_panel(qtbot, window):
    window.tabs.show_tab("snim")
    tab, panel = window.tabs.game_tabs["snim"], window.play
    settle(qtbot, tab)
    choose(tab, "squares")
    tab.model.set_heaps((10, 25))
    settle(qtbot, tab)
    panel.reply_ms = 10**6  # the computer waits: the position stays the person's
    qtbot.mouseClick(panel.start_button, L)
    assert tab.playing and panel.play_typed("heap 2 take 16")
    assert tab.play.model.heaps == (10, 9) and tab.model.heaps == (10, 25)
    wins = snim_wins(MEMBERS["squares"])
    assert tab.analysis_panel.outcome_text() == ("WIN" if wins((10, 9)) else "LOSE")
    assert not panel.play_typed("heap 1 take 3")  # 3 is not a square: refused, nothing played
    assert tab.play.model.heaps == (10, 9)
    panel.stop("done", keep=True)
    assert not tab.playing and tab.model.heaps == (10, 9)
