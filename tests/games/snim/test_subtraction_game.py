"""SubtractionHeaps (heaps of an infinite-S subtraction game) against brute-force search over whole
positions, and as a game of the play protocol: moves in words, hooks, a game played to the end."""

from __future__ import annotations

import itertools
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sgstudio.core.play.policy import choose_move
from sgstudio.core.play.session import Game, Mode, PlaySession
from sgstudio.games.snim.subtraction.engine import values
from sgstudio.games.snim.subtraction.game import SubtractionHeaps, SubtractionHeapsError
from sgstudio.games.snim.subtraction.sets import NAMED_SETS
from tests.oracles import snim_wins

SPECS = [*NAMED_SETS, (2, 5, 7), (1, 3, 4)]
GAMES = {spec: SubtractionHeaps(spec) for spec in SPECS}


def members_of(spec, limit):
    return GAMES[spec].members(limit).tolist()


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(SPECS), st.lists(st.integers(0, 24), min_size=1, max_size=3))
def test_values_and_winning_moves_match_brute_force(spec, heaps):
    game = GAMES[spec]
    position = tuple(heaps)
    wins = snim_wins(members_of(spec, max(heaps)))
    assert (game.value(position) != 0) == wins(position)
    legal = list(game.legal_moves(position))
    assert legal == [(i, s) for i, h in enumerate(position) for s in members_of(spec, h)]
    winning = [m for m in legal if not wins(game.apply(position, m))]
    assert game.winning_moves(position) == winning


def test_nim_square_count_of_project_euler_310():
    """Project Euler 310: with square takes, 1160 positions 0 <= a <= b <= c <= 29 are lost."""
    game = GAMES["squares"]
    triples = itertools.combinations_with_replacement(range(30), 3)
    assert sum(game.value(t) == 0 for t in triples) == 1160


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(SPECS), st.lists(st.integers(0, 14), max_size=3))
def test_remaining_length_is_the_longest_game(spec, heaps):
    game = GAMES[spec]

    @cache
    def longest(position):
        return max((1 + longest(game.apply(position, m)) for m in game.legal_moves(position)), default=0)

    assert game.remaining_length(tuple(heaps)) == longest(tuple(heaps))


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(SPECS), st.lists(st.integers(0, 400), max_size=4), st.integers(1, 50))
def test_candidate_moves_are_legal_bounded_and_small_takes_first(spec, heaps, limit):
    game = GAMES[spec]
    position = tuple(heaps)
    candidates = game.candidate_moves(position, limit)
    legal = list(game.legal_moves(position))
    assert len(candidates) == min(limit, len(legal)) and len(set(candidates)) == len(candidates)
    assert set(candidates) <= set(legal)
    rank = {s: k for k, s in enumerate(game.members(max(heaps, default=0)).tolist())}
    assert [rank[s] for _, s in candidates] == sorted(rank[s] for _, s in candidates)
    assert candidates == game.candidate_moves(position, limit)


def test_lazy_legal_moves_behave_like_a_list():
    game = GAMES["primes"]
    position = (10, 0, 7)
    moves = game.legal_moves(position)
    expected = [(0, 2), (0, 3), (0, 5), (0, 7), (2, 2), (2, 3), (2, 5), (2, 7)]
    assert len(moves) == 8 and list(moves) == expected and moves == expected
    assert [moves[k] for k in range(-8, 8)] == expected + expected
    assert moves[1:7:2] == expected[1:7:2]
    with pytest.raises(IndexError):
        moves[8]
    assert len(game.legal_moves((10**7,))) == 664_579  # pi(10^7); the values are not needed
    assert list(game.legal_moves(())) == [] and len(game.legal_moves((0, 1))) == 0


def test_illegal_moves_and_bad_heaps_get_one_line_reasons():
    game = GAMES["squares"]
    cases = [((3, 7), (2, 1), "there is no heap 2"), ((3, 7), (0, 2), "take 2 is not in S"),
             ((3, 7), (0, 4), "heap 0 has only 3 stones"), ((1,), (0, 0), "take 0 is not in S"),
             ((3, -1), (0, 1), "must be >= 0"), ((3, "x"), (0, 1), "must be an integer")]
    for position, move, reason in cases:
        with pytest.raises(SubtractionHeapsError, match=reason):
            game.apply(position, move)
    with pytest.raises(SubtractionHeapsError, match="beyond the 100 values"):
        SubtractionHeaps("squares", limit=100).value((101,))
    assert SubtractionHeaps("squares", limit=100).value((100,)) == GAMES["squares"].grundy(100)


def test_moves_in_words_round_trip():
    game = GAMES["triangular"]
    position = (13, 6)
    for move in game.legal_moves(position):
        assert game.parse_move(game.move_text(position, move), position) == move
    assert game.move_text(position, (1, 6)) == "heap 2: take 6 (6 -> 0)"
    with pytest.raises(ValueError, match="no heap 3"):
        game.parse_move("3 1", position)


def test_values_grow_with_the_largest_heap_and_report_progress():
    calls = []
    game = SubtractionHeaps("squares", progress=lambda done, total: calls.append(done))
    assert game.grundy(10) == values("squares", 11)[10] and calls and calls[-1] >= 11
    assert game.grundy(200_000) == SubtractionHeaps("squares").grundy_array([200_000])[0]
    assert calls[-1] >= 200_001


def test_a_game_played_by_the_computer_ends_with_the_predicted_winner():
    game = GAMES["squares"]
    assert isinstance(game, Game)
    session = PlaySession(game, (30, 12, 7), mode=Mode.COMPUTER_VS_COMPUTER)
    predicted = session.predicted_winner
    records = session.run_to_end()
    assert session.is_over and session.winner == predicted
    assert all(r.value_after == 0 for r in records if r.player == predicted)
    decision = choose_move(game, (10**5, 10**5))  # lost, 316 takes a heap: candidates bound it
    assert decision is not None and "among the first" in decision.reason
