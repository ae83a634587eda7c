"""Misère play on the Graph tab, driven by real widgets: the Normal / Misère choice (one undo step,
saved in the document), the outcome and every winning move of a rules-only misère search for
tokens on random small DAGs and graphs with cycles (DRAW included), the Play panel's computer under
misère, and a clear refusal where a loopy position is too big."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt

from sgstudio.app.files import Loaded
from sgstudio.core.play.session import Mode
from sgstudio.games.graph.model.graph import GameGraph
from sgstudio.games.graph.tab.canvas import animation
from sgstudio.games.graph.tab.tab import GraphTab
from tests.core.misere.misere_oracle import token_oracle

L = Qt.MouseButton.LeftButton
FUNCTION = [HealthCheck.function_scoped_fixture]


def misere_tab(qtbot, model: GameGraph) -> GraphTab:
    """A Graph tab alone on ``model``, switched to misère by a click on its radio button."""
    tab = GraphTab(model=model)
    qtbot.addWidget(tab)
    tab.resize(1000, 700)
    button = tab.analysis_panel.rule_choice.buttons["misere"]
    button.click()
    assert tab.is_misere and tab.settle()
    return tab


def left(tokens: tuple[int, ...], move: tuple[int, int]) -> tuple[int, ...]:
    rest = list(tokens)
    rest.remove(move[0])
    return tuple(sorted((*rest, move[1])))


def assert_shows_the_rules(tab: GraphTab, successors, tokens: tuple[int, ...]) -> None:
    """The panel's outcome and winning moves are those of the rules-only misère search."""
    oracle = token_oracle(successors)
    panel = tab.analysis_panel
    assert panel.outcome_text() == oracle(tokens)
    every = {(v, w) for v in set(tokens) for w in successors[v]}
    assert set(panel.move_rows()) == {m for m in every if oracle(left(tokens, m)) == "LOSE"}
    assert panel.theory_text().startswith("Decided by ")
    assert "not what decides" in panel.table.toPlainText()


@st.composite
def dag_positions(draw) -> tuple[int, list[tuple[int, int]], tuple[int, ...]]:
    """A DAG on 1..7 vertices (edges go up the numbering) and 1..3 tokens."""
    n = draw(st.integers(1, 7))
    pairs = [(u, v) for u in range(n) for v in range(u + 1, n)]
    edges = draw(st.sets(st.sampled_from(pairs), max_size=10)) if pairs else set()
    tokens = draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=3))
    return n, sorted(edges), tuple(sorted(tokens))


@st.composite
def loopy_positions(draw) -> tuple[int, list[tuple[int, int]], tuple[int, ...]]:
    """A digraph on 1..5 vertices (cycles and self-loops allowed) and 1..2 tokens."""
    n = draw(st.integers(1, 5))
    edges = draw(st.sets(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=2 * n))
    tokens = draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=2))
    return n, sorted(edges), tuple(sorted(tokens))


def build(n: int, edges, tokens, loopy: bool) -> tuple[GameGraph, list[list[int]]]:
    model = GameGraph.from_edges(n, edges, loopy=loopy)
    for v in tokens:
        model.add_token(v)
    return model, [sorted(w for u, w in edges if u == v) for v in range(n)]


@settings(max_examples=30, deadline=None, suppress_health_check=FUNCTION)
@given(case=dag_positions())
def test_tokens_on_a_dag_show_the_misere_search(qtbot, case):
    n, edges, tokens = case
    model, successors = build(n, edges, tokens, loopy=False)
    tab = misere_tab(qtbot, model)
    assert_shows_the_rules(tab, successors, tokens)
    method = tab.analysis_panel.misere_shown.method
    assert method in ("genus theory", "misère search")
    assert "genus" in tab.analysis_panel.table.toPlainText()


@settings(max_examples=30, deadline=None, suppress_health_check=FUNCTION)
@given(case=loopy_positions())
def test_tokens_on_a_graph_with_cycles_show_the_misere_search(qtbot, case):
    n, edges, tokens = case
    model, successors = build(n, edges, tokens, loopy=True)
    tab = misere_tab(qtbot, model)
    assert_shows_the_rules(tab, successors, tokens)
    assert tab.analysis_panel.misere_shown.method == "retrograde analysis"


def test_a_draw_and_a_move_made_on_the_canvas_follow_the_rule(qtbot):
    # 0 <-> 1, 1 -> 2 (a dead end), 3 -> 2: misère, a token on 0 is a draw, on 3 a loss
    model, successors = build(4, [(0, 1), (1, 0), (1, 2), (3, 2)], (0,), loopy=True)
    tab = misere_tab(qtbot, model)
    panel = tab.analysis_panel
    assert panel.outcome_text() == "DRAW" and "a draw" in panel.verdict.text()
    assert "neither side can force a win" in panel.theory_text()
    assert panel.move_rows() == [] and "nobody can force a win" in panel.moves.item(0).text()
    model.remove_token(0)
    model.add_token(3)
    panel.refresh()
    assert tab.settle() and panel.outcome_text() == "LOSE"
    model.add_token(3)  # two tokens on 3: the first move hands the opponent the last one
    panel.refresh()
    assert tab.settle()
    assert_shows_the_rules(tab, successors, (3, 3))
    assert panel.outcome_text() == "WIN"


def test_the_choice_is_one_undo_step_and_normal_play_comes_back(qtbot):
    model, _ = build(3, [(0, 1), (1, 2)], (0,), loopy=False)  # a path: g(0) = 0
    tab = GraphTab(model=model)
    qtbot.addWidget(tab)
    panel = tab.analysis_panel
    assert panel.outcome_text() == "LOSE" and panel.move_rows() == []
    panel.rule_choice.buttons["misere"].click()
    assert tab.settle() and tab.undo_stack.count() == 1
    assert tab.undo_stack.text(0) == "Play misère"
    assert panel.outcome_text() == "WIN" and panel.move_rows() == [(0, 1)]  # the opponent moves last
    model.remove_token(0)
    model.add_token(1)  # a token on 1: it must make the last move
    panel.refresh()
    assert tab.settle() and panel.outcome_text() == "LOSE" and panel.move_rows() == []
    tab.undo_stack.undo()
    assert tab.play_rule == "normal" and panel.rule_choice.rule() == "normal"
    assert panel.outcome_text() == "WIN" and panel.move_rows() == [(1, 2)] and panel.misere_shown is None
    tab.undo_stack.redo()
    assert tab.settle() and panel.outcome_text() == "LOSE" and panel.misere_shown is not None


def test_misere_is_saved_and_reopened_with_the_graph(qtbot, window, dialogs, tmp_path):
    tab = window.tabs.graph
    tab.analysis_panel.rule_choice.buttons["misere"].click()
    assert tab.is_misere and window.isWindowModified()
    dialogs.save_path = str(tmp_path / "misere.sgs")
    window.actions["save_as"].trigger()
    text = (tmp_path / "misere.sgs").read_text()
    assert '"play_rule": "misere"' in text
    window.document.new()
    assert not tab.is_misere
    dialogs.open_path = str(tmp_path / "misere.sgs")
    window.actions["open"].trigger()
    assert tab.is_misere and tab.analysis_panel.rule_choice.rule() == "misere"
    assert tab.settle() and tab.analysis_panel.misere_shown is not None
    assert not window.isWindowModified() and dialogs.errors == []


def _computer_plays_misere(qtbot, window, model: GameGraph, successors) -> list:
    window.document.install(Loaded(model, "g.sgs"))
    tab = window.tabs.graph
    tab.analysis_panel.rule_choice.buttons["misere"].click()
    assert tab.settle() and tab.analysis_panel.misere_shown is not None
    panel = window.play
    panel.set_mode(Mode.COMPUTER_VS_COMPUTER)
    panel.speed.setValue(panel.speed.maximum())
    qtbot.mouseClick(panel.start_button, L)
    assert panel.playing, panel.status.text()
    qtbot.waitUntil(lambda: not panel.run_button.isChecked(), timeout=10000)
    return panel.session


def test_the_computer_plays_winning_misere_moves_on_a_dag(qtbot, window, monkeypatch):
    monkeypatch.setattr(animation, "DURATION_MS", 0)
    edges = [(0, 1), (0, 2), (2, 3), (1, 4), (3, 4), (0, 4)]
    model, successors = build(5, edges, (0, 2), loopy=False)
    oracle = token_oracle(successors)
    assert oracle((0, 2)) == "WIN"
    session = _computer_plays_misere(qtbot, window, model, successors)
    records = session.history[:session.index]
    for r in records:
        if oracle(r.before) == "WIN":
            assert oracle(r.after) == "LOSE", r  # every move of the winner leaves a misère loss
    assert session.is_over and session.winner == 1  # misère: player 2 made the last move
    assert records[-1].player == 2


def test_the_computer_wins_or_keeps_the_draw_on_a_graph_with_cycles(qtbot, window, monkeypatch):
    monkeypatch.setattr(animation, "DURATION_MS", 0)
    edges = [(0, 1), (1, 0), (1, 2), (3, 2), (4, 3), (4, 0)]
    model, successors = build(5, edges, (4,), loopy=True)
    oracle = token_oracle(successors)
    assert oracle((4,)) == "WIN"  # 4 -> 3 leaves the opponent only 3 -> 2, the last move
    session = _computer_plays_misere(qtbot, window, model, successors)
    assert [r.move for r in session.history[:session.index]] == [(4, 3), (3, 2)]
    assert session.is_over and session.winner == 1
    model, successors = build(5, edges, (0,), loopy=True)
    oracle = token_oracle(successors)
    assert oracle((0,)) == "DRAW"
    session = _computer_plays_misere(qtbot, window, model, successors)
    assert not session.is_over and all(oracle(r.after) == "DRAW" for r in session.history[:session.index])
    assert window.play.status.text().startswith("Game over — Draw")


def test_too_big_a_loopy_misere_position_is_refused_in_words(qtbot, monkeypatch):
    from sgstudio.core.misere import retro

    monkeypatch.setattr(retro, "DEFAULT_LIMIT", 50)
    n = 12
    model, _ = build(n, [(v, (v + 1) % n) for v in range(n)] + [(v, (v + 5) % n) for v in range(n)],
                     (0, 3, 7), loopy=True)
    tab = misere_tab(qtbot, model)
    panel = tab.analysis_panel
    assert panel.outcome_text() == "?"
    text = panel.verdict.text()
    assert text.startswith("Misère play: no verdict") and "more than 50 positions" in text
    assert panel.move_rows() == []
