"""PlaySession keeps the computer honest: once it plays a side, a person's recorded move is never
replayed as its move, and a change of mode keeps the moves after the current one only when every
one of them is what the computer would play now.

Who wins is judged by a brute-force search over whole positions (no Sprague-Grundy theory); "what
the computer would play" is the policy's choice, :func:`sgstudio.core.play.policy.choose_move`.
"""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st
from test_play import Sub, dag_positions, oracle

from sgstudio.core.play.policy import choose_move
from sgstudio.core.play.session import BY_HAND, Mode, PlaySession
from sgstudio.games.graph.dag.game import DagGame

# The built-in example (vertices A..H = 0..7) with the issue's tokens: on B (value 0) and C (value 3).
EXAMPLE = DagGame.from_edges(8, [(0, 2), (0, 1), (0, 3), (2, 4), (2, 3), (2, 6), (4, 3), (4, 6), (3, 6),
                                 (1, 4), (1, 5), (5, 4), (5, 7), (5, 3)])
START = (1, 2)  # B and C


def test_the_example_has_the_values_of_the_issue():
    wins = oracle(EXAMPLE)
    assert wins(START) and EXAMPLE.value(START) == 3
    assert wins((1, 4))  # C -> E hands the opponent a win


def test_restart_then_computer_against_itself_drops_the_persons_move():
    wins = oracle(EXAMPLE)
    s = PlaySession(EXAMPLE, START, mode=Mode.HUMAN_VS_COMPUTER, human_player=1)
    s.play((2, 4))  # C -> E: a losing move (the computer can now win)
    answer = s.step_forward()
    assert answer is not None and not answer.by_person and not wins(answer.after)
    s.restart()
    s.set_mode(Mode.COMPUTER_VS_COMPUTER)
    assert s.history == ()  # C -> E is not what the computer plays from the start
    first = s.step_forward()
    assert first.player == 1 and not first.by_person and first.reason != BY_HAND
    assert wins(first.before) and not wins(first.after)  # from a winning position, to a lost one
    assert first.value_after == 0


def test_a_persons_move_the_computer_would_play_is_kept_as_the_computers():
    s = PlaySession(EXAMPLE, START, mode=Mode.TWO_HUMANS)
    line = [choose_move(EXAMPLE, START).move]
    s.play(line[0])  # the computer's own choice, made by hand
    line.append(choose_move(EXAMPLE, s.position).move)
    s.play(line[1])
    s.restart()
    s.set_mode(Mode.COMPUTER_VS_COMPUTER)
    assert [r.move for r in s.history] == line  # every one is the computer's choice: kept
    assert not any(r.by_person for r in s.history)  # and now carries the computer's reason
    assert s.step_forward() is s.history[0]


def test_next_on_the_computers_turn_does_not_replay_a_persons_move():
    s = PlaySession(Sub([1, 2]), (5,), mode=Mode.TWO_HUMANS)
    s.play((0, 1))  # 5 -> 4: a losing move (the computer takes 2 from 5)
    s.play((0, 1))
    s.jump(0)
    s.mode = Mode.COMPUTER_VS_COMPUTER  # the mode set behind set_mode's back: step_forward still checks
    record = s.step_forward()
    assert record.move == (0, 2) and not record.by_person and s.history == (record,)


def test_same_mode_again_keeps_the_list():
    s = PlaySession(Sub([1, 2]), (5,), mode=Mode.HUMAN_VS_COMPUTER, human_player=1)
    s.play((0, 1))
    s.computer_move()
    s.restart()
    recorded = s.history
    s.set_mode(Mode.HUMAN_VS_COMPUTER, human_player=1)
    assert s.history == recorded  # nothing changed: nothing dropped
    s.set_mode(Mode.HUMAN_VS_COMPUTER, human_player=2)  # the sides swap: 5 -> 4 is not the computer's
    assert s.history == ()


def test_moves_up_to_the_current_one_stay():
    s = PlaySession(Sub([1, 2]), (7,), mode=Mode.TWO_HUMANS)
    for _ in range(3):
        s.play((0, 1))
    s.jump(2)
    s.set_mode(Mode.COMPUTER_VS_COMPUTER)
    assert [r.move for r in s.history] == [(0, 1), (0, 1)] and s.index == 2


MODES = [Mode.HUMAN_VS_COMPUTER, Mode.COMPUTER_VS_COMPUTER, Mode.TWO_HUMANS]
ACTIONS = st.lists(st.tuples(st.sampled_from(["play", "next", "back", "jump", "mode"]),
                             st.integers(0, 50)), max_size=25)


def act(s: PlaySession, action: str, k: int) -> None:
    """One gesture of a person: a move, Next, Back, a click on a row, a change of mode."""
    if action == "play" and not s.is_over and not s.is_computer(s.player_to_move):
        moves = s.game.legal_moves(s.position)
        s.play(moves[k % len(moves)])
    elif action == "next":
        s.step_forward()
    elif action == "back":
        s.step_back()
    elif action == "jump":
        s.jump(k % (len(s.history) + 1))
    elif action == "mode":
        s.set_mode(MODES[k % 3], human_player=1 + k // 3 % 2)


def check_future(s: PlaySession, changed: bool = True) -> None:
    """What a mode change promises: every move after the current one is the computer's choice; the
    same mode set again keeps a person's moves on a person's side, but none on the computer's."""
    for r in s.history[s.index:]:
        if changed or s.is_computer(r.player):
            assert choose_move(s.game, r.before).move == r.move
        assert not (s.is_computer(r.player) and r.by_person)


@settings(max_examples=60, deadline=None)
@given(dag_positions(), ACTIONS)
@example((3, [(0, 1), (0, 2)], (0,)), [("play", 1), ("mode", 0), ("back", 0), ("mode", 0)])  # a person's
def test_the_computer_never_replays_a_person(case, actions):  # move on the person's side, kept
    n, edges, start = case
    game = DagGame.from_edges(n, edges)
    wins = oracle(game)
    s = PlaySession(game, start, mode=Mode.TWO_HUMANS)
    for action, k in actions:
        computer_turn = s.computer_to_move
        before, sides = s.index, (s.mode, s.human_player)
        act(s, action, k)
        if action == "mode":
            check_future(s, changed=(s.mode, s.human_player) != sides)
        if action == "next" and computer_turn:
            record = s.history[before]
            assert s.index == before + 1 and not record.by_person
            assert record.move == choose_move(game, record.before).move
            if wins(record.before):  # from a winning position the computer leaves a lost one
                assert not wins(record.after)


def test_the_same_mode_again_claims_a_persons_move_ahead_on_a_computer_side():
    """Found by hypothesis: a person's move, the computer takes both sides, Back, the same mode again."""
    game = DagGame.from_edges(2, [(0, 1)])
    s = PlaySession(game, (0,), mode=Mode.TWO_HUMANS)
    s.play((0, 1))
    s.set_mode(Mode.COMPUTER_VS_COMPUTER, human_player=1)
    s.step_back()
    s.set_mode(Mode.COMPUTER_VS_COMPUTER, human_player=1)
    (record,) = s.history
    assert record.move == (0, 1) and not record.by_person  # the computer's own choice, now its move


def test_the_same_mode_again_drops_a_persons_move_that_is_not_the_computers_choice():
    s = PlaySession(Sub([1, 2]), (5,), mode=Mode.TWO_HUMANS)
    s.play((0, 1))  # 5 -> 4: the computer would take 2
    s.set_mode(Mode.COMPUTER_VS_COMPUTER)
    s.jump(0)
    s.set_mode(Mode.COMPUTER_VS_COMPUTER)
    assert s.history == ()
