"""Typed moves (each game's ``parse_move``, on the readers of sgstudio.core.moves): every legal move,
written as the game's ``move_text`` writes it (as the Play panel shows it), parses back to itself in
every game; bad text is refused with the syntax; refusals name heaps and rows as people count them
(from 1) and vertices by label."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sgstudio.games.board.game import BoardGame
from sgstudio.games.graph.dag.game import DagGame
from sgstudio.games.snim.game import SubtractionGame
from sgstudio.games.splitnim.game import SplitNim


def parse_move(game, text, position, label=str):
    return game.parse_move(text, position, label)


def people_reason(game, position, move, reason, label=str):
    return game.people_reason(position, move, reason, label)


heaps = st.lists(st.integers(0, 14), min_size=1, max_size=4).map(tuple)
subtraction_sets = st.lists(st.integers(1, 9), min_size=1, max_size=4)
rows = st.lists(st.sets(st.integers(1, 8), max_size=6).map(lambda s: tuple(sorted(s))),
                min_size=1, max_size=4).map(tuple)


@st.composite
def dags(draw):
    n = draw(st.integers(1, 7))
    edges = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=14))
    edges = [(u, v) for u, v in edges if u < v]  # acyclic
    tokens = tuple(sorted(draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=3))))
    names = draw(st.lists(st.text("ABCxyz_", min_size=1, max_size=3), min_size=n, max_size=n, unique=True))
    return DagGame.from_edges(n, edges), tokens, names


def round_trips(game, position, label=str) -> None:
    for move in game.legal_moves(position):
        text = game.move_text(move, position, label)
        assert parse_move(game, text, position, label) == move, text


@settings(max_examples=40, deadline=None)
@given(subtraction_sets, heaps)
def test_snim_moves_written_by_the_panel_parse_back(S, position):  # noqa: N803
    round_trips(SubtractionGame(S), position)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([2, 3]), heaps)
def test_splitnim_moves_written_by_the_panel_parse_back(parts, position):
    game = SplitNim(parts)
    round_trips(game, position)
    for move in game.winning_moves(position):  # splits in any order of the parts
        assert parse_move(game, game.move_text(move, position), position) == move


@settings(max_examples=40, deadline=None)
@given(rows)
def test_board_moves_written_by_the_panel_parse_back(position):
    game = BoardGame(8)
    round_trips(game, position)
    for i, c, d in game.legal_moves(position):  # the short form: a chess makes its one move
        assert parse_move(game, f"{i + 1} {c}", position) == (i, c, d)


@settings(max_examples=40, deadline=None)
@given(dags())
def test_dag_moves_written_by_the_panel_parse_back_by_label_and_by_id(case):
    game, tokens, names = case
    round_trips(game, tokens, names.__getitem__)
    for u, v in game.legal_moves(tokens):
        assert parse_move(game, f"{u} {v}", tokens, lambda w: f"#{w}") == (u, v)


@pytest.mark.parametrize(("game", "position", "text"), [
    (SubtractionGame([2, 5]), (3, 7), "heap two take 3"),
    (SubtractionGame([2, 5]), (3, 7), ""),
    (SplitNim(3), (9,), "1 -> 2 + x"),
    (SplitNim(3), (9,), "1 split"),
    (BoardGame(), ((1, 2),), "row 1: chess"),
    (DagGame.from_edges(2, [(0, 1)]), (0,), "0 -> 1 -> 0"),
])
def test_bad_text_is_refused_with_the_syntax(game, position, text):
    with pytest.raises(ValueError) as err:
        parse_move(game, text, position)
    assert str(err.value) == game.syntax


def test_numbers_out_of_range_and_wrong_sizes_name_what_is_there():
    with pytest.raises(ValueError, match=r"^there is no heap 3: the heaps are numbered 1\.\.2$"):
        parse_move(SubtractionGame([1]), "3 1", (4, 5))
    with pytest.raises(ValueError, match=r"^there is no row 1: the position has no row$"):
        parse_move(BoardGame(), "1 4", ())
    with pytest.raises(ValueError, match=r"^heap 1 has 9 stones, not 8$"):
        parse_move(SplitNim(3), "1: 8 -> 2 + 3 + 3", (9,))
    with pytest.raises(ValueError, match=r"^heap 2 has only 4 stones: it cannot give 5$"):
        parse_move(SplitNim(3), "2 take 5", (9, 4))
    with pytest.raises(ValueError, match="several vertices are named 'a'"):
        parse_move(DagGame.from_edges(2, [(0, 1)]), "a 1", (0,), lambda v: "a")


@settings(max_examples=60, deadline=None)
@given(subtraction_sets, heaps, st.integers(0, 3), st.integers(1, 20))
def test_a_refused_take_names_the_heap_as_people_count(S, position, i, take):  # noqa: N803
    game = SubtractionGame(S)
    if i >= len(position):
        return
    try:
        game.apply(position, (i, take))
    except ValueError as err:
        reason = people_reason(game, position, (i, take), str(err))
        assert reason == re.sub(rf"\bheap {i}\b", f"heap {i + 1}", str(err))
        assert ("take" in reason and "not in S" in reason) or f"heap {i + 1} has only" in reason
    else:
        assert people_reason(game, position, (i, take), "its turn") == "its turn"  # not the game's


def test_a_take_of_nothing_is_refused_in_words_without_tuples():
    game, heaps = SplitNim(3), (13, 4)
    move = parse_move(game, "1 take 0", heaps)
    with pytest.raises(ValueError) as err:
        game.apply(heaps, move)
    reason = people_reason(game, heaps, move, str(err.value))
    assert reason == "a take must leave fewer stones than the heap has: 0..12, not 13"
    assert "()" not in reason


def test_refusals_in_people_numbering_for_every_game():
    board = ((1, 2), (19, 20))
    assert people_reason(BoardGame(), board, (1, 5, 6), "") == "no chess at row 2, column 5"
    assert people_reason(SplitNim(3), (4, 0), (1, ()), "") == "heap 2 is empty: nothing to take"
    assert people_reason(SplitNim(3), (4, 9), (1, (1, 0, 8)), "") == "a split needs 3 non-empty heaps"
    dag = DagGame.from_edges(3, [(0, 1)])
    assert people_reason(dag, (0,), (1, 2), "no token on vertex 1", "PQR".__getitem__) == "no token on Q"
    assert people_reason(BoardGame(), board, (5, 1, 2), "no row 5") == "no row 5"  # out of range: as is
