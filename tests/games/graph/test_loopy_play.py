"""Play on loopy graphs: the computer wins from WIN against every defence, never loses from DRAW,
stalls from LOSE; the game class follows the play protocol; repeated positions are recognised.

"Against every defence" is checked exhaustively: from the start, the computer's side plays its
policy and the other side every legal move; the positions so reached must form no cycle and
every game must end with the other side unable to move. The oracle is the retrograde analysis
of tests/oracles.py (no Sprague-Grundy theory).
"""

from __future__ import annotations

import random
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles import loopy_outcomes

from sgstudio.core.outcome import Outcome
from sgstudio.core.play.draws import choose_loopy_move, loopy_line, repetition
from sgstudio.core.play.session import Game, Mode, PlaySession
from sgstudio.games.graph.loopy.game import LoopyGame


@st.composite
def games(draw, max_n=6, max_m=14):
    n = draw(st.integers(1, max_n))
    edges = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=max_m))
    return LoopyGame.from_edges(n, edges), draw(st.integers(1, 3))


def replies(game, position, ours):
    """Our policy's one move, or every move of the other side."""
    if ours:
        decision = choose_loopy_move(game, position)
        return [] if decision is None else [game.apply(position, decision.move)]
    return [game.apply(position, m) for m in game.legal_moves(position)]


def tree_against_every_defence(game, start):
    """States (position, ours to move) reachable from (start, True); raises if they form a cycle."""
    state = (start, True)
    colour = {state: 1}  # 1 on the stack, 2 done
    stack = [(state, iter(replies(game, *state)))]
    while stack:
        (position, ours), children = stack[-1]
        child = next(children, None)
        if child is None:
            colour[(position, ours)] = 2
            stack.pop()
            continue
        nxt = (child, not ours)
        assert colour.get(nxt) != 1, f"the line can cycle through {child}"
        if nxt not in colour:
            colour[nxt] = 1
            stack.append((nxt, iter(replies(game, *nxt))))
    return colour


@settings(max_examples=80, deadline=None)
@given(games())
def test_from_win_the_computer_wins_against_every_defence(case):
    game, tokens = case
    oracle = loopy_outcomes(game.successors, tokens)
    for start in (p for p, (o, _) in oracle.items() if o == "WIN"):
        for position, ours in tree_against_every_defence(game, start):
            assert oracle[position][0] == ("WIN" if ours else "LOSE")
            assert game.legal_moves(position) or not ours  # the game ends on the other side's turn


@settings(max_examples=80, deadline=None)
@given(games())
def test_from_draw_the_computer_never_loses(case):
    game, tokens = case
    oracle = loopy_outcomes(game.successors, tokens)
    for start in (p for p, (o, _) in oracle.items() if o == "DRAW"):
        seen, todo = {(start, True)}, [(start, True)]
        while todo:
            position, ours = todo.pop()
            assert oracle[position][0] != ("LOSE" if ours else "WIN")
            assert game.legal_moves(position) or not ours
            if ours and oracle[position][0] == "DRAW":
                assert choose_loopy_move(game, position).reason.startswith("drawn: keeps the draw")
            for child in replies(game, position, ours):
                if (child, not ours) not in seen:
                    seen.add((child, not ours))
                    todo.append((child, not ours))


def play_out(game, start, opponent, limit):
    """The computer plays first from ``start``, ``opponent`` answers; the potentials the computer
    leaves, and who moved last (None if ``limit`` moves passed)."""
    position, ours, left = start, True, []
    for _ in range(limit):
        moves = game.legal_moves(position)
        if not moves:
            return left, not ours
        move = choose_loopy_move(game, position).move if ours else opponent(position, moves)
        position = game.apply(position, move)
        if ours:
            left.append(game.potential(position))
        ours = not ours
    return left, None


@settings(max_examples=60, deadline=None)
@given(games(), st.randoms(use_true_random=False))
def test_the_potential_falls_at_every_winning_move_against_random_and_stalling_opponents(case, rnd):
    game, tokens = case
    oracle = loopy_outcomes(game.successors, tokens)
    opponents = [lambda p, moves: rnd.choice(moves), lambda p, moves: choose_loopy_move(game, p).move]
    for start in (p for p, (o, _) in oracle.items() if o == "WIN"):
        for opponent in opponents:
            left, computer_moved_last = play_out(game, start, opponent, 2 * len(oracle) + 2)
            assert computer_moved_last is True
            assert all(b < a for a, b in pairwise(left)), left


@settings(max_examples=80, deadline=None)
@given(games())
def test_both_sides_by_the_policy_last_exactly_the_remoteness(case):
    game, _ = case
    for (v,), (outcome, far) in loopy_outcomes(game.successors, 1).items():
        line, repeated = loopy_line(game, (v,), max_moves=4 * len(game.successors) + 4)
        if outcome == "DRAW":
            assert repeated is not None and repeated.is_draw
        else:
            assert repeated is None and len(line) == far


def test_the_game_follows_the_play_protocol():
    game = LoopyGame.from_edges(3, [(0, 1), (1, 0), (1, 2), (0, 0)])
    assert isinstance(game, Game)
    assert game.legal_moves((1, 0)) == [(0, 1), (0, 0), (1, 0), (1, 2)]
    with pytest.raises(ValueError, match="no token on vertex 2"):
        game.apply((0,), (2, 0))
    with pytest.raises(ValueError, match="2 -> 0 is not an edge"):
        game.apply((2,), (2, 0))
    with pytest.raises(ValueError, match="no vertex 5"):
        game.outcome((5,))
    assert game.candidate_moves((0, 1), 3) == game.legal_moves((0, 1))[:3]


def test_moves_as_text_round_trip():
    game = LoopyGame.from_edges(3, [(0, 1), (1, 0), (2, 2)])
    names = "ABC".__getitem__
    for move in [(0, 1), (1, 0), (2, 2)]:
        assert game.parse_move(game.move_text(move, (move[0],), names), (move[0],), names) == move
    with pytest.raises(ValueError, match="no vertex is named 'D'"):
        game.parse_move("A -> D", (0,), names)


def test_value_is_truthy_exactly_on_wins():
    game = LoopyGame.from_edges(4, [(0, 0), (0, 1), (1, 2), (3, 3)])  # 0 = ∞{1}, 3 = ∞
    cases = {(1,): Outcome.WIN, (2,): Outcome.LOSE, (0,): Outcome.DRAW, (0, 1): Outcome.WIN,
             (0, 2): Outcome.DRAW, (1, 1): Outcome.LOSE, (0, 3): Outcome.DRAW}
    for position, outcome in cases.items():
        assert game.outcome(position) is outcome
        assert bool(game.value(position)) == (outcome is Outcome.WIN)
    assert game.counter(0) is None and game.counter(1) == 0


def test_repetition_is_announced_as_a_draw_only_when_nobody_can_win():
    game = LoopyGame.from_edges(3, [(0, 1), (1, 0), (0, 2)])  # 0 -> 2 wins: 0 is a win, 1 a loss
    line = [(0,), (1,), (0,)]  # the winner went back instead of winning
    found = repetition(game, line)
    assert found.first == 0 and found.again == 2 and not found.is_draw
    assert "can still force a win" in found.message
    draw = LoopyGame.from_edges(2, [(0, 1), (1, 0)])
    assert repetition(draw, [(0,), (1,), (0,)]).is_draw
    assert repetition(draw, [(0,), (1,)]) is None


def test_from_lose_the_computer_takes_the_longest_defence():
    # 0 can lose fast (0 -> 1, then 1 -> 2 a sink) or slowly (0 -> 3 -> 4 -> 5 -> 6 a sink), and
    # 5 -> 4 closes a cycle the winner must not take
    game = LoopyGame.from_edges(7, [(0, 1), (1, 2), (0, 3), (3, 4), (4, 5), (5, 6), (5, 4)])
    assert game.outcome((0,)) is Outcome.LOSE
    assert choose_loopy_move(game, (0,)).move == (0, 3)
    assert [d.move for d in loopy_line(game, (0,), max_moves=20)[0]] == [(0, 3), (3, 4), (4, 5), (5, 6)]
    assert game.remaining_length((0,)) == 4


def test_random_play_from_win_against_a_random_graph_family_ends():
    rnd = random.Random(13)
    for _ in range(20):
        n = rnd.randint(2, 9)
        game = LoopyGame.from_edges(n, [(rnd.randrange(n), rnd.randrange(n)) for _ in range(2 * n)])
        for v in range(n):
            if game.outcome((v,)) is Outcome.WIN:
                _, last = play_out(game, (v,), lambda p, moves: rnd.choice(moves), 4 * n + 4)
                assert last is True


def test_todays_play_session_and_policy_accept_the_game():
    # core.policy reads value() as "truthy = win": its first winning move is a progress move, and
    # from a draw its "fewest winning replies" keeps the draw
    game = LoopyGame.from_edges(7, [(0, 1), (1, 2), (0, 3), (3, 4), (4, 5), (5, 6), (5, 4)])
    session = PlaySession(game, (3,), mode=Mode.COMPUTER_VS_COMPUTER)
    session.run_to_end(max_moves=50)
    assert session.is_over and session.winner == session.predicted_winner == 1
    draw = PlaySession(LoopyGame.from_edges(3, [(0, 1), (1, 0), (1, 2)]), (1,),
                       mode=Mode.COMPUTER_VS_COMPUTER)
    assert draw.game.outcome((1,)) is Outcome.WIN
    draw = PlaySession(LoopyGame.from_edges(3, [(0, 1), (1, 0), (0, 2), (2, 2)]), (2,),
                       mode=Mode.COMPUTER_VS_COMPUTER)
    assert draw.game.outcome((2,)) is Outcome.DRAW
    records = draw.run_to_end(max_moves=20)
    assert len(records) == 20 and not draw.is_over
    assert all(draw.game.outcome(r.after) is Outcome.DRAW for r in records)


def test_the_witness_of_a_draw_keeps_it():
    game = LoopyGame.from_edges(4, [(0, 1), (1, 0), (0, 2), (1, 3)])  # 0 <-> 1, each with an exit
    assert str(game.gamma(0)) == "∞{0}" and game.witness(0) == 1  # wins, but not as a nimber
    assert game.witness(2) is None
    game = LoopyGame.from_edges(3, [(0, 1), (1, 0), (1, 2), (2, 2)])  # 2 a self-loop: a draw
    for v in range(3):
        if game.outcome((v,)) is Outcome.DRAW:
            assert (v, game.witness(v)) in game.drawing_moves((v,))


def test_a_play_session_on_a_draw_predicts_no_winner_and_sees_the_repetition():
    # 0 <-> 1 and 2 a self-loop: every position of one token is a draw (the oracle says so)
    game = LoopyGame.from_edges(3, [(0, 1), (1, 0), (2, 2)])
    table = loopy_outcomes(game.successors, 1)
    assert all(outcome == "DRAW" for outcome, _ in table.values())
    session = PlaySession(game, (0,), mode=Mode.COMPUTER_VS_COMPUTER)
    assert session.predicted_winner is None and session.outcome is Outcome.DRAW
    assert session.repetition is None
    records = session.run_to_end(max_moves=2)  # 0 -> 1 -> 0: the start again
    assert [r.after for r in records] == [(1,), (0,)] and not session.is_over and session.winner is None
    assert session.repetition.is_draw and session.repetition.first == 0 and session.repetition.again == 2
    assert all(r.reason.startswith("drawn: keeps the draw") for r in records)
    won = PlaySession(LoopyGame.from_edges(3, [(0, 1), (1, 0), (1, 2)]), (0,))  # 0 loses, 1 wins
    assert won.outcome is Outcome.LOSE and won.predicted_winner == 2 and won.repetition is None
