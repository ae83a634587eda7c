"""Misère play on the Sum tab, driven by real widgets: the Normal / Misère choice (one undo step, saved
with the sum), the outcome and every winning move of a rules-only misère search of the whole sum
(random small sums of Nim, S-Nim, take-and-break, board rows and tokens, with cycles too: DRAW),
the words that say what decides, and the Play panel's computer under misère."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt

from sgstudio.core.play.session import Mode
from sgstudio.games.graph.loopy.game import LoopyGame
from sgstudio.games.graph.tab.canvas import animation
from sgstudio.games.sum.game import Component
from sgstudio.games.sum.tab import SumTab
from sgstudio.games.sum.text import parse_component

L = Qt.MouseButton.LeftButton
FUNCTION = [HealthCheck.function_scoped_fixture]


def misere_outcomes(game, start, max_positions: int = 20_000) -> dict:
    """Every position reachable from ``start`` by the game's own ``legal_moves`` and ``apply``, with its
    misère outcome: no move is a WIN for the player to move; a move to a LOSE makes a WIN; moves that
    all reach WINs make a LOSE; what the definitions never settle is a DRAW (iterated to a fixed
    point: no queue, no values, no XOR)."""
    after, todo = {}, [start]
    while todo:
        p = todo.pop()
        if p in after:
            continue
        after[p] = [game.apply(p, m) for m in game.legal_moves(p)]
        todo += after[p]
        assert len(after) <= max_positions, "too big a case for the oracle"
    value = {p: ("WIN" if not nexts else None) for p, nexts in after.items()}
    changed = True
    while changed:
        changed = False
        for p, nexts in after.items():
            if value[p] is None:
                if any(value[q] == "LOSE" for q in nexts):
                    value[p], changed = "WIN", True
                elif all(value[q] == "WIN" for q in nexts):
                    value[p], changed = "LOSE", True
    return {p: v or "DRAW" for p, v in value.items()}


def assert_shows_the_misere_sum(tab: SumTab) -> None:
    game, position = tab.model.game_and_position()
    table = misere_outcomes(game, position)
    panel = tab.analysis_panel
    assert panel.outcome_text() == table[position]
    wins = [m for m in game.legal_moves(position) if table[game.apply(position, m)] == "LOSE"]
    assert sorted(panel.move_rows()) == sorted(wins)
    assert panel.theory_text().startswith("Decided by ")
    assert tab.theorem_box.title().startswith("Why: misère play")


def misere_tab(qtbot, components) -> SumTab:
    tab = SumTab()
    qtbot.addWidget(tab)
    tab.model.set_components(components)
    tab.analysis_panel.rule_choice.buttons["misere"].click()
    assert tab.is_misere and tab.settle()
    return tab


TEXTS = st.one_of(st.integers(0, 4).map(lambda h: f"nim:{h}"),
                  st.integers(0, 7).map(lambda h: f"snim:1,3,4:{h}"),
                  st.integers(0, 7).map(lambda h: f"0.07:{h}"),
                  st.integers(0, 6).map(lambda h: f"0.77:{h}"),
                  st.sampled_from(["board:..x.x", "board:x.x", "board:.x.x."]))


@settings(max_examples=25, deadline=None, suppress_health_check=FUNCTION)
@given(texts=st.lists(TEXTS, min_size=1, max_size=3))
def test_random_sums_show_the_misere_search(qtbot, texts):
    tab = misere_tab(qtbot, [parse_component(t) for t in texts])
    assert_shows_the_misere_sum(tab)


def loop_component() -> Component:
    """0 <-> 1, 1 -> 2 (a dead end), 3 -> 2: misère, a token on 0 is a draw alone, on 3 a loss."""
    return Component(LoopyGame.from_edges(4, [(0, 1), (1, 0), (1, 2), (3, 2)]), (0,), ("A", "B", "C", "D"))


@settings(max_examples=15, deadline=None, suppress_health_check=FUNCTION)
@given(texts=st.lists(st.integers(0, 3).map(lambda h: f"nim:{h}"), max_size=2),
       token=st.sampled_from([(0,), (1,), (2,), (3,), (0, 3)]))
def test_sums_with_cycles_show_the_retrograde_analysis(qtbot, texts, token):
    loop = loop_component()
    tab = misere_tab(qtbot, [Component(loop.game, token, loop.labels), *map(parse_component, texts)])
    assert_shows_the_misere_sum(tab)
    assert tab.analysis_panel.misere_shown.method == "retrograde analysis"


def test_a_draw_in_a_sum_is_said_in_words(qtbot):
    tab = misere_tab(qtbot, [loop_component(), parse_component("nim:0")])
    panel = tab.analysis_panel
    assert panel.outcome_text() == "DRAW" and "a draw" in panel.verdict.text()
    assert "nobody can force a win" in panel.moves.item(0).text()


def test_the_choice_is_one_undo_step_and_is_saved_with_the_sum(qtbot, window, tmp_path):
    sums: SumTab = window.tabs.game_tabs["sum"]
    window.tabs.show_tab("sum")
    sums.model.set_components([parse_component("nim:2"), parse_component("nim:2")])
    panel = sums.analysis_panel
    assert panel.outcome_text() == "LOSE"  # normal play: 2 ⊕ 2 = 0
    steps = sums.undo_stack.count()
    panel.rule_choice.buttons["misere"].click()
    assert sums.settle() and sums.undo_stack.count() == steps + 1
    assert panel.outcome_text() == "LOSE" and "misère Nim" in panel.theory_text()  # *2 + *2: lost too
    sums.model.set_components([parse_component("nim:1"), parse_component("nim:1")])
    assert sums.settle() and panel.outcome_text() == "WIN"  # *1 + *1 misère: won
    assert panel.move_texts() and panel.move_texts()[0].endswith("misère loss")
    path = tmp_path / "sum.sgs"
    assert window.document.save_as(str(path))
    assert '"play_rule": "misere"' in path.read_text()
    assert window.document.new() and not sums.is_misere
    assert window.document.open(str(path))
    assert sums.is_misere and sums.settle() and panel.outcome_text() == "WIN"
    sums.analysis_panel.rule_choice.buttons["normal"].click()
    assert panel.outcome_text() == "LOSE" and panel.misere_shown is None  # normal: 1 ⊕ 1 = 0
    sums.undo_stack.undo()
    assert sums.is_misere and sums.settle() and panel.outcome_text() == "WIN"


def test_the_computer_plays_a_sum_misere(qtbot, window, monkeypatch):
    monkeypatch.setattr(animation, "DURATION_MS", 0)
    sums: SumTab = window.tabs.game_tabs["sum"]
    window.tabs.show_tab("sum")
    sums.model.set_components([parse_component("0.07:5"), parse_component("nim:1"),
                               parse_component("board:.x.x")])
    sums.analysis_panel.rule_choice.buttons["misere"].click()
    assert sums.settle()
    game, start = sums.model.game_and_position()
    table = misere_outcomes(game, start)
    panel = window.play
    panel.speed.setValue(panel.speed.maximum())
    panel.set_mode(Mode.COMPUTER_VS_COMPUTER)
    qtbot.mouseClick(panel.start_button, L)
    assert panel.playing, panel.status.text()
    qtbot.waitUntil(lambda: panel.session.is_over, timeout=20000)
    s = panel.session
    for r in s.history:
        if table[r.before] == "WIN":
            assert table[r.after] == "LOSE", r  # the winner always leaves a misère loss
    assert s.winner == (1 if table[start] == "WIN" else 2) == s.predicted_winner
    assert s.winner != s.history[-1].player  # misère: the last mover lost


@pytest.mark.parametrize("size", [(1280, 800), (1024, 700)])
def test_the_misere_tabs_stay_whole(qtbot, window, size):
    """The Graph, Sum and Your game tabs under misère at both window sizes: every text read whole,
    every control in reach (the layout audit of tests/gui/test_window_layout.py)."""
    from layout_audit import problems
    from test_window_layout import click_tab, resized

    resized(qtbot, window, size)
    for key in ("graph", "sum", "custom"):
        click_tab(qtbot, window, key)
        tab = window.tabs.game_tabs[key]
        tab.analysis_panel.rule_choice.buttons["misere"].click()
        assert tab.is_misere and tab.settle()
        qtbot.wait(30)
        assert problems(window) == [], (key, problems(window))
