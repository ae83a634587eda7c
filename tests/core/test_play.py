"""The computer's policy and PlaySession, on every game, checked against a brute-force win/lose search.

The oracle uses no Sprague-Grundy theory (no mex, no XOR): a position is winning iff some move
leads to a losing position, memoised over whole positions.
"""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sgstudio.core.mex import mex
from sgstudio.core.play.policy import MAX_CANDIDATES, choose_move, optimal_line, remaining_length
from sgstudio.core.play.session import Game, IllegalMoveError, Mode, PlaySession, outcome

# -- the brute-force checks, shared by every game ------------------------------------------------


def oracle(game):
    """``wins(position) -> bool`` by memoised brute force over the game's legal moves."""

    @cache
    def wins(position) -> bool:
        return any(not wins(game.apply(position, m)) for m in game.legal_moves(position))

    return wins


def brute_longest(game):
    """``longest(position) -> int``: the most moves the game can still last, by brute force."""

    @cache
    def longest(position) -> int:
        return max((1 + longest(game.apply(position, m)) for m in game.legal_moves(position)), default=0)

    return longest


def brute_replies(game, wins, position) -> int:
    """How many moves from ``position`` lead to a lost position (the winning replies), by brute force."""
    return sum(1 for m in game.legal_moves(position) if not wins(game.apply(position, m)))


def check_decision(game, position, wins, listed=False) -> None:
    """One policy decision from ``position`` obeys the stated policy (checked by brute force over the
    legal moves; the opponent's winning replies are counted by the oracle, or as the game lists
    them when ``listed``)."""
    legal = list(game.legal_moves(position))
    decision = choose_move(game, position)
    if not legal:
        assert decision is None
        return
    assert decision is not None and decision.move in legal
    after = game.apply(position, decision.move)
    if wins(position):
        assert game.value(after) == 0 and not wins(after)
        assert decision.move == next(iter(game.winning_moves(position)))
        assert "nim-sum 0" in decision.reason
        return
    def count(after):
        return len(game.winning_moves(after)) if listed else brute_replies(game, wins, after)

    replies = {m: count(game.apply(position, m)) for m in legal}
    fewest = min(replies.values())
    assert decision.replies == replies[decision.move] == fewest
    assert f"{fewest} winning repl" in decision.reason
    tied = [m for m in legal if replies[m] == fewest]
    lengths = {m: remaining_length(game, game.apply(position, m)) for m in tied}
    if None not in lengths.values():
        longest = max(lengths.values())
        tied = [m for m in tied if lengths[m] == longest]
    assert decision.move == tied[0]


def check_full_game(game, start, wins, first_player=1, listed=False) -> PlaySession:
    """The computer against itself: legal moves, nim-sum 0 after every move from a win, the predicted
    winner wins; then back to the start and forward to the end restore every position exactly."""
    session = PlaySession(game, start, first_player=first_player, mode=Mode.COMPUTER_VS_COMPUTER)
    expected = first_player if wins(start) else 3 - first_player
    assert session.predicted_winner == expected
    records = session.run_to_end()
    for k, rec in enumerate(records):
        assert rec.move in list(game.legal_moves(rec.before))
        assert game.apply(rec.before, rec.move) == rec.after
        assert rec.player == (first_player if k % 2 == 0 else 3 - first_player)
        assert rec.value_before == game.value(rec.before) and rec.value_after == game.value(rec.after)
        if wins(rec.before):
            assert rec.value_after == 0
        check_decision(game, rec.before, wins, listed)
    assert session.is_over and not list(game.legal_moves(session.position))
    assert session.winner == expected
    if records:
        assert records[-1].player == expected
    forward = [start] + [r.after for r in records]
    backward = [session.position]
    while session.step_back():
        backward.append(session.position)
    assert backward == forward[::-1]
    again = [session.position]
    while session.step_forward() is not None:
        again.append(session.position)
    assert again == forward and session.winner == expected
    return session


# -- a small game of our own: subtraction game with heaps ----------------------------------------


class Sub:
    """Heaps; a move takes s in S stones from one heap. Optionally reports the stones left."""

    def __init__(self, subtract, with_length=True):
        self.s = sorted(set(subtract))
        if with_length:
            self.remaining_length = sum
        self.table = [0]

    def g(self, h):
        while len(self.table) <= h:
            k = len(self.table)
            self.table.append(mex(self.table[k - s] for s in self.s if s <= k))
        return self.table[h]

    def legal_moves(self, p):
        return [(i, s) for i, h in enumerate(p) for s in self.s if s <= h]

    def apply(self, p, m):
        i, s = m
        if not 0 <= i < len(p):
            raise ValueError(f"no heap {i}")
        if s not in self.s or s > p[i]:
            raise ValueError(f"cannot take {s} from heap {i} of {p[i]}")
        return (*p[:i], p[i] - s, *p[i + 1:])

    def value(self, p):
        v = 0
        for h in p:
            v ^= self.g(h)
        return v

    def winning_moves(self, p):
        return [m for m in self.legal_moves(p) if self.value(self.apply(p, m)) == 0]


sub_games = st.builds(
    Sub, st.lists(st.integers(1, 5), min_size=1, max_size=3), st.booleans()
)
heaps = st.lists(st.integers(0, 9), min_size=1, max_size=3).map(tuple)


def test_protocol_is_met():
    assert isinstance(Sub([1, 2]), Game)
    assert outcome(Sub([1, 2]), (3,)) == "LOSE" and outcome(Sub([1, 2]), (4,)) == "WIN"


@settings(max_examples=60, deadline=None)
@given(sub_games, heaps, st.sampled_from([1, 2]))
def test_policy_and_stepping_on_a_subtraction_game(game, start, first):
    wins = oracle(game)
    check_decision(game, start, wins)
    check_full_game(game, start, wins, first)


def test_losing_side_prefers_fewest_replies_then_longest():
    # S = {1, 2, 3}, (4, 4, 1, 1) is lost; the moves leave different numbers of winning replies
    game = Sub([1, 2, 3])
    wins = oracle(game)
    pos = (4, 4, 1, 1)
    assert not wins(pos)
    counts = {brute_replies(game, wins, game.apply(pos, m)) for m in game.legal_moves(pos)}
    assert len(counts) > 1  # the choice matters here
    check_decision(game, pos, wins)
    decision = choose_move(game, pos)
    assert decision.reason.startswith("losing: leaves the opponent")


def test_longest_game_breaks_ties_and_is_named():
    # Nim-like S = {1, 2}: from the lost (3,) both moves leave one winning reply; taking 1 is longer.
    game = Sub([1, 2])
    assert choose_move(game, (3,)).move == (0, 1)
    game = Sub([2, 1])  # same set: order of S does not matter
    assert choose_move(game, (3,)).move == (0, 1)
    # (3, 3): four moves each leaving one reply; taking 1 leaves 5 stones, taking 2 leaves 4
    decision = choose_move(Sub([1, 2]), (3, 3))
    assert decision.move == (0, 1) and "longest game (5 moves left at most)" in decision.reason


def test_bound_on_candidates():
    class Counting(Sub):
        calls = 0

        def winning_moves(self, p):
            type(self).calls += 1
            return super().winning_moves(p)

    game = Counting(range(1, 300), with_length=False)
    pos = (250, 250)  # lost (equal heaps of a nim-like game)
    assert game.value(pos) == 0
    decision = choose_move(game, pos)
    assert Counting.calls == MAX_CANDIDATES  # the opponent's replies after each candidate
    assert f"among the first {MAX_CANDIDATES} moves" in decision.reason
    assert decision.move in game.legal_moves(pos)


def test_candidate_hook_is_used():
    game = Sub([1, 2, 3])
    game.candidate_moves = lambda p, limit: [(1, 3)]
    assert choose_move(game, (4, 4)).move == (1, 3)


def test_optimal_line_ends_with_no_move():
    game = Sub([1, 3, 4])
    line = optimal_line(game, (7, 5))
    pos = (7, 5)
    for d in line:
        pos = game.apply(pos, d.move)
    assert game.legal_moves(pos) == []
    assert len(optimal_line(game, (7, 5), max_moves=2)) == 2


# -- the real games ------------------------------------------------------------------------------


@st.composite
def board_positions(draw):
    width = draw(st.integers(1, 7))
    rows = draw(st.lists(st.sets(st.integers(1, width), max_size=width), min_size=1, max_size=3))
    return width, tuple(tuple(sorted(r)) for r in rows)


@settings(max_examples=40, deadline=None)
@given(board_positions(), st.sampled_from([1, 2]))
def test_policy_and_stepping_on_the_board(case, first):
    from sgstudio.games.board.game import BoardGame

    width, start = case
    game = BoardGame(width)
    wins = oracle(game)
    assert remaining_length(game, start) == brute_longest(game)(start)
    check_decision(game, start, wins)
    check_full_game(game, start, wins, first)


@st.composite
def dag_positions(draw):
    n = draw(st.integers(1, 7))
    pairs = st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)).filter(lambda e: e[0] != e[1])
    edges = draw(st.sets(pairs.map(lambda e: (min(e), max(e)))))
    relabel = draw(st.permutations(range(n)))  # so that vertex order is not topological order
    edges = sorted((relabel[u], relabel[v]) for u, v in edges)
    tokens = draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=3))
    return n, edges, tuple(sorted(tokens))


@settings(max_examples=40, deadline=None)
@given(dag_positions(), st.sampled_from([1, 2]))
def test_policy_and_stepping_on_a_dag(case, first):
    from sgstudio.games.graph.dag.game import DagGame

    n, edges, start = case
    game = DagGame.from_edges(n, edges)
    wins = oracle(game)
    assert remaining_length(game, start) == brute_longest(game)(start)
    check_decision(game, start, wins)
    check_full_game(game, start, wins, first)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(1, 6), min_size=1, max_size=3), heaps, st.sampled_from([1, 2]))
def test_policy_and_stepping_in_s_nim(subtract, start, first):
    from sgstudio.games.snim.game import SubtractionGame

    game = SubtractionGame(subtract)
    wins = oracle(game)
    assert remaining_length(game, start) == sum(start)
    check_decision(game, start, wins)
    check_full_game(game, start, wins, first)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([2, 3]), st.lists(st.integers(0, 7), min_size=1, max_size=2).map(tuple),
       st.sampled_from([1, 2]))
def test_policy_and_stepping_in_split_nim(parts, start, first):
    from sgstudio.games.splitnim.game import SplitNim

    game = SplitNim(parts)
    wins = oracle(game)
    # split-nim lists one winning split per heap, so replies are counted as it lists them
    check_decision(game, start, wins, listed=True)
    check_full_game(game, start, wins, first, listed=True)


def test_split_nim_too_big_to_enumerate():
    from sgstudio.games.splitnim.game import SplitNim

    game = SplitNim(3)
    big = 10**9
    with pytest.raises(ValueError):
        game.legal_moves((big, big))
    decision = choose_move(game, (big, big))  # lost: the bounded set of small takes, round the heaps
    assert f"among the first {MAX_CANDIDATES}" in decision.reason
    takes = [(i, (big - t,)) for t in range(1, MAX_CANDIDATES // 2 + 1) for i in (0, 1)]
    replies = [len(game.winning_moves(game.apply((big, big), m))) for m in takes]
    assert decision.move == takes[replies.index(min(replies))] and decision.replies == min(replies)
    s = PlaySession(game, (big, big + 7), mode=Mode.COMPUTER_VS_COMPUTER)
    assert not s.is_over and s.predicted_winner == 1
    records = s.run_to_end(max_moves=6)
    assert [r.value_after == 0 for r in records] == [True, False] * 3
    assert all(game.apply(r.before, r.move) == r.after for r in records)


def test_board_judge_sample_rows_on_the_full_width():
    from sgstudio.games.board.game import BoardGame

    game = BoardGame()
    for start in [((19, 20),), ((19,), (18,)), ((15, 17, 20), (16, 19))]:
        check_full_game(game, start, oracle(game))


# -- the session ---------------------------------------------------------------------------------


def test_human_against_computer():
    game = Sub([1, 2])
    s = PlaySession(game, (5,), mode=Mode.HUMAN_VS_COMPUTER, human_player=1)
    seen = []
    s.changed.connect(lambda: seen.append(s.index))
    assert s.step_forward() is None  # the person's turn: nothing to redo, no computer move
    with pytest.raises(IllegalMoveError, match="cannot take 3"):
        s.play((0, 3))
    with pytest.raises(IllegalMoveError, match="not a move"):
        s.play(None)
    rec = s.play((0, 1))
    assert (rec.player, rec.reason, rec.value_before, rec.value_after) == (1, "by hand", 2, 1)
    assert s.computer_to_move
    with pytest.raises(IllegalMoveError, match="computer's turn"):
        s.play((0, 1))
    rec = s.step_forward()
    assert rec.player == 2 and rec.value_after == 0 and rec.reason.startswith("winning")
    assert seen == [1, 2]
    s.run_to_end()
    assert s.is_over and s.winner == 2
    with pytest.raises(IllegalMoveError, match="over"):
        s.computer_move()


def test_new_move_after_stepping_back_replaces_the_future():
    game = Sub([1, 2])
    s = PlaySession(game, (6,), mode=Mode.TWO_HUMANS)
    for m in [(0, 1), (0, 2), (0, 1)]:
        s.play(m)
    s.jump(1)
    assert s.position == (5,) and s.player_to_move == 2
    s.play((0, 2))  # the recorded next move: the rest of the list is kept
    assert s.index == 2 and len(s.history) == 3
    s.step_back()
    s.play((0, 1))  # a different move: the future is dropped
    assert s.index == 2 and len(s.history) == 2 and s.position == (4,)
    assert s.hint().move == (0, 1)  # 4 -> 3, a nim-sum 0 position
    with pytest.raises(IndexError):
        s.jump(3)
    recorded = s.history
    s.restart()  # back to the start, the moves kept for stepping forward (like jump(0))
    assert s.position == (6,) and s.history == recorded and s.index == 0 and s.player_to_move == 1
    assert s.step_forward() is recorded[0] and s.position == recorded[0].after
    s.restart()
    s.jump(2)
    assert s.position == recorded[1].after
    s.restart()
    s.play((0, 2))  # a new first move replaces the recorded ones
    assert s.index == 1 and len(s.history) == 1 and s.position == (4,)


def test_game_over_at_the_start_and_second_player_first():
    s = PlaySession(Sub([2]), (1, 1), first_player=2, mode=Mode.COMPUTER_VS_COMPUTER)
    assert s.is_over and s.winner == 1 and s.predicted_winner == 1 and s.hint() is None
    assert s.step_forward() is None
    with pytest.raises(ValueError):
        PlaySession(Sub([2]), (1,), first_player=3)


def test_set_mode_lets_the_computer_take_over():
    s = PlaySession(Sub([1, 2]), (4,), mode=Mode.TWO_HUMANS)
    assert not s.computer_to_move
    s.set_mode(Mode.HUMAN_VS_COMPUTER, human_player=2)
    assert s.computer_to_move and s.step_forward().move == (0, 1)
