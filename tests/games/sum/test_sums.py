"""Sums across games against a search of the whole sum by its rules alone, and a sum of one component
against that game's own analysis.

The oracle (``oracles.whole_game_outcomes``) walks the sum's own ``legal_moves`` and ``apply``
and labels every reachable position WIN, LOSE or DRAW by retrograde analysis: no values, no XOR.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracles import whole_game_outcomes
from sum_cases import COMPONENTS, sums

from sgstudio.core.outcome import Outcome
from sgstudio.core.play.policy import choose_move
from sgstudio.core.play.session import Mode, PlaySession
from sgstudio.games.graph.loopy.game import LoopyGame
from sgstudio.games.nim.game import NimGame
from sgstudio.games.snim.game import SubtractionGame
from sgstudio.games.splitnim.game import SplitNim
from sgstudio.games.sum.analysis import analyse_sum, drawing_records, explain
from sgstudio.games.sum.game import Component, SumGame
from sgstudio.games.takebreak.game import TakeBreakGame

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def lists_one_split(game: SumGame) -> bool:
    return any(isinstance(g, SplitNim) for g in game.games)


def check_position(game: SumGame, position, table: dict) -> None:
    truth = table[position]
    assert game.outcome(position) == truth
    legal = list(game.legal_moves(position))
    after = {m: table[game.apply(position, m)] for m in legal}
    winning = [m for m in legal if after[m] == "LOSE"]
    listed = game.winning_moves(position)
    assert set(listed) <= set(winning) and bool(listed) == bool(winning)
    if not lists_one_split(game):
        assert set(listed) == set(winning) and len(listed) == len(winning)
    assert game.drawing_moves(position) == [m for m in legal if after[m] == "DRAW"]
    analysis = game.analyse(position)
    assert analysis.outcome == truth and [m.move for m in analysis.moves] == listed
    assert all(m.text == game.move_text(m.move, position) for m in analysis.moves)
    if truth != "DRAW":
        assert (analysis.total is not None) == all(isinstance(v, int) for v in game.values(position))


@SETTINGS
@given(sums())
def test_outcomes_winning_and_drawing_moves_agree_with_the_whole_sum(case):
    game, start = case
    table = whole_game_outcomes(game, start)
    check_position(game, start, table)
    for position in sorted(table, key=repr)[:: max(1, len(table) // 6)]:  # a few more, spread out
        check_position(game, position, table)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sums(kinds=("loopy", "dag", "nim", "takebreak", "board")), st.data())
def test_progress_moves_win_in_finitely_many_moves_whatever_the_loser_does(case, data):
    game, position = case
    table = whole_game_outcomes(game, position)
    if table[position] != "WIN":
        return
    for _turn in range(len(table) + 1):  # the winner's moves: never more than the positions
        move = game.progress_moves(position)[0]
        position = game.apply(position, move)
        assert table[position] == "LOSE"
        replies = list(game.legal_moves(position))
        if not replies:
            return  # the winner made the last move
        position = game.apply(position, data.draw(st.sampled_from(replies)))
    pytest.fail("the winner's progress moves went on longer than there are positions")


@SETTINGS
@given(st.sampled_from(sorted(COMPONENTS)).flatmap(lambda key: COMPONENTS[key]))
def test_a_sum_of_one_component_is_that_games_own_analysis(component):
    game, start = SumGame.of([component])
    inner = component.game.analyse(component.position, label=component.label)
    mine = analyse_sum(game, start)
    assert (mine.outcome, mine.value, mine.total) == (inner.outcome, inner.value, inner.total)
    assert [m.move for m in mine.moves] == [(0, m.move) for m in inner.moves]
    assert [m.text for m in mine.moves] == ["#1 " + m.text for m in inner.moves]
    assert [m.reason.endswith("makes progress") for m in mine.moves] == \
        [m.reason.endswith("makes progress") for m in inner.moves]
    assert mine.components[0].value == component.game.value(component.position)
    if isinstance(component.game, LoopyGame):
        assert game.drawing_moves(start) == [(0, m) for m in component.game.drawing_moves(start[0])]
        assert game.progress_moves(start) == [(0, m) for m in component.game.progress_moves(start[0])]


@SETTINGS
@given(sums())
def test_every_move_reads_back_from_its_text_and_refusals_name_the_component(case):
    game, start = case
    for move in list(game.legal_moves(start))[:60]:
        text = game.move_text(move, start)
        assert text.startswith(f"#{move[0] + 1} ") and game.parse_move(text, start) == move
    assert game.position_text(start).startswith("#1 ")


def test_moves_in_words_and_their_errors():
    game, start = SumGame.of([Component(NimGame(), (3,)), Component(SubtractionGame([2]), (5,))])
    assert game.parse_move("component 2: heap 1 take 2", start) == (1, (0, 2))
    assert game.parse_move("#1 1 3", start) == (0, (0, 3))
    with pytest.raises(ValueError, match=r"component \(from 1\).*numbered 1..2"):
        game.parse_move("heap 1 take 2", start)
    with pytest.raises(ValueError, match=r"no component 3: the components are numbered 1\.\.2"):
        game.parse_move("#3 heap 1 take 1", start)
    with pytest.raises(ValueError, match=r"^#2: ") as err:
        game.apply(start, (1, (0, 1)))
    assert game.people_reason(start, (1, (0, 1)), str(err.value)) == "#2: take 1 is not in S"
    with pytest.raises(ValueError, match=r"^#1: there is no heap 2"):
        game.parse_move("#1 heap 2 take 1", start)
    alone, one = SumGame.of([Component(NimGame(), (3, 4))])
    assert alone.parse_move("heap 2 take 4", one) == (0, (1, 4))  # one component: no # needed
    moves = game.legal_moves(start)
    assert len(moves) == 4 and moves[:2] == [(0, (0, 1)), (0, (0, 2))] and moves[-1] == (1, (0, 2))


def test_the_computer_plays_a_sum_to_the_end_and_wins_as_predicted():
    parts = [Component(NimGame(), (2, 3)), Component(TakeBreakGame("0.07"), (9,)),
             Component(SplitNim(3), (5,))]
    game, start = SumGame.of(parts)
    session = PlaySession(game, start, mode=Mode.COMPUTER_VS_COMPUTER)
    predicted = session.predicted_winner
    records = session.run_to_end()
    assert session.is_over and session.winner == predicted and records
    assert all(r.value_after == 0 for r in records if r.player == predicted)


def test_the_loopy_policy_keeps_a_draw_and_wins_a_won_sum():
    loop = LoopyGame.from_edges(3, [(1, 1), (1, 0), (2, 1)])  # 1: ∞{0}, 2 -> 1 only: ∞ too
    game, start = SumGame.of([Component(loop, (1,)), Component(NimGame(), (1,))])
    assert game.outcome(start) is Outcome.DRAW
    decision = choose_move(game, start)
    assert decision is not None and decision.move in game.drawing_moves(start)
    won = ((1,), (0,))
    assert choose_move(game, won).move == (0, (1, 0))
    assert game.outcome(game.apply(won, (0, (1, 0)))) is Outcome.LOSE


def test_the_theorem_in_words_uses_the_values():
    nim, loop = NimGame(), LoopyGame.from_edges(3, [(1, 1), (1, 0), (2, 2)])  # 1: ∞{0}; 2: ∞ (K empty)
    game, start = SumGame.of([Component(nim, (3,)), Component(nim, (5,)), Component(nim, (6,))])
    assert "3 ⊕ 5 ⊕ 6 = 0" in explain(game, start) and "loses" in explain(game, start)
    game, start = SumGame.of([Component(nim, (3,)), Component(TakeBreakGame("0.07"), (4,))])
    assert "3 ⊕ 2 = 1" in explain(game, start) and "#1 from 3 to 2" in explain(game, start)
    game, start = SumGame.of([Component(loop, (1,)), Component(nim, (1,))])
    text = explain(game, start)
    assert "#1 is ∞{0}" in text and "K = {0}" in text and "1 is not in K" in text and "draw" in text
    rows = [r.row() for r in drawing_records(game, start)]
    assert rows == ["#1 1 -> 1, keeps the draw (value ∞{0} -> ∞{0})"]
    game, start = SumGame.of([Component(loop, (1,)), Component(nim, (0,))])
    assert "0 is in K" in explain(game, start) and game.outcome(start) is Outcome.WIN
    game, start = SumGame.of([Component(loop, (2,)), Component(loop, (1,))])
    assert "#1, #2 are ∞" in explain(game, start) and game.outcome(start) is Outcome.DRAW
    assert "empty" in explain(SumGame([]), ())
