"""The n x 20 board: table, moves and winning moves against a brute-force search over whole boards.

The oracle below knows only the rules ("a chess moves to the first empty cell to its right") and
"a position is won iff some move leads to a lost position"; no mex, no XOR.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles import board_moves as oracle_moves
from oracles import board_wins as oracle_wins

from sgstudio.core.play.session import Game, outcome
from sgstudio.games.board import game as board
from sgstudio.games.board.game import BoardGame
from sgstudio.paths import resource_path

# -- the oracle -----------------------------------------------------------------------------------


def oracle_winning_moves(rows, width):
    return sorted(
        (i, c, d) for i, c, d, nxt in oracle_moves(rows, width) if not oracle_wins(tuple(sorted(nxt)), width)
    )


def row_strategy(width):
    return st.lists(st.integers(1, width), unique=True, max_size=width).map(lambda r: tuple(sorted(r)))


@st.composite
def boards(draw, max_rows=3):
    n_rows = draw(st.integers(1, max_rows))
    width = draw(st.integers(1, 8 if n_rows < 3 else 6))
    rows = tuple(draw(row_strategy(width)) for _ in range(n_rows))
    return rows, width


# -- whole boards against the oracle ---------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(boards())
def test_outcome_and_winning_moves_match_brute_force(case):
    rows, width = case
    game = BoardGame(width)
    expected_moves = oracle_winning_moves(rows, width)
    assert (game.value(rows) != 0) == oracle_wins(tuple(sorted(rows)), width)
    assert outcome(game, rows) == ("WIN" if expected_moves else "LOSE")
    assert sorted(game.winning_moves(rows)) == expected_moves
    assert sorted(board.winning_moves(rows, width)) == expected_moves


@settings(max_examples=100, deadline=None)
@given(boards())
def test_legal_moves_and_apply_follow_the_rules(case):
    rows, width = case
    game = BoardGame(width)
    expected = oracle_moves(rows, width)
    assert game.legal_moves(rows) == [(i, c, d) for i, c, d, _ in expected]
    for i, c, d, nxt in expected:
        assert game.apply(rows, (i, c, d)) == nxt
    for i, row in enumerate(rows):
        assert board.row_moves(row, width) == [(c, d) for j, c, d, _ in expected if j == i]


@pytest.mark.parametrize("width", range(1, 7))
def test_equal_values_exactly_when_two_rows_lose(width):
    """Two rows a, b: the oracle says the board (a, b) is lost iff the table gives them equal values."""
    table = board.grundy_table(width)
    rows = [tuple(c + 1 for c in range(width) if mask >> c & 1) for mask in range(1 << width)]
    for a, b in itertools.combinations_with_replacement(range(1 << width), 2):
        lost = not oracle_wins(tuple(sorted((rows[a], rows[b]))), width)
        assert lost == (table[a] == table[b]), (width, rows[a], rows[b])


# -- the table -------------------------------------------------------------------------------------


def test_shipped_table_is_recomputed_exactly():
    shipped = np.load(resource_path("tables", board.TABLE_FILE), allow_pickle=False)
    computed = board.compute_grundy_table(20)
    assert shipped.dtype == np.uint8 and shipped.shape == (1 << 20,)
    assert np.array_equal(shipped, computed)
    assert np.array_equal(board.grundy_table(20), computed)


def test_full_last_column_reduces_to_one_column_less():
    """A chess on the last column never moves and blocks nothing, so g_{w+1}(m + 2**w) = g_w(m).

    Checked for 21 -> 20 as an independent check of the shipped table.
    """
    for width in (*range(1, 10), 20):
        small = board.grundy_table(width)
        big = board.compute_grundy_table(width + 1)
        assert np.array_equal(big[1 << width:], small), width


@pytest.mark.parametrize("width", range(1, 13))
def test_values_fit_the_bound_of_the_docstring(width):
    table = board.grundy_table(width)
    assert table.dtype == np.uint8
    assert int(table.max()) <= width - 1


def test_tables_are_cached_and_read_only():
    first = board.grundy_table(7)
    assert board.grundy_table(7) is first
    with pytest.raises(ValueError):
        first[0] = 5


def test_row_grundy_reads_the_table():
    table = board.grundy_table(20)
    assert board.row_grundy([3, 1, 20]) == table[(1 << 0) | (1 << 2) | (1 << 19)]
    assert board.row_grundy([], width=5) == 0


# -- validation and messages ---------------------------------------------------------------------


@pytest.mark.parametrize("width", [0, 25, -1, 2.5, True, "20"])
def test_bad_widths(width):
    with pytest.raises(ValueError, match="width"):
        board.check_width(width)
    with pytest.raises(ValueError, match="width"):
        BoardGame(width)


@pytest.mark.parametrize(
    ("columns", "message"),
    [([0], "column 0 is outside 1..20"), ([21], "column 21 is outside 1..20"),
     ([4, 7, 4], "column 4 is repeated"), ([1.0], "must be an integer"), ([True], "must be an integer")],
)
def test_bad_columns(columns, message):
    for call in (board.row_grundy, board.row_moves, board.check_columns):
        with pytest.raises(ValueError, match=message):
            call(columns)
    with pytest.raises(ValueError, match=message):
        board.winning_moves([[1], columns])
    with pytest.raises(ValueError, match=message):
        BoardGame().legal_moves(((1,), tuple(columns)))


def test_width_24_is_allowed_for_validation():
    assert board.check_width(24) == 24
    assert board.check_columns([24], 24) == (24,)
    with pytest.raises(ValueError):
        board.check_columns([24], 23)


@pytest.mark.parametrize(
    ("move", "message"),
    [
        ((1, 5, 6), "no chess at row 1, column 5"),
        ((0, 5, 6), "a chess at column 5 moves to 7, not 6"),
        ((0, 20, 21), "the chess at row 0, column 20 cannot move: no empty cell to its right"),
        ((2, 1, 2), "no row 2: the rows are numbered 0..1"),
        ((0, 5), "a move is (row_index, from_col, to_col)"),
    ],
)
def test_illegal_moves_say_why(move, message):
    position = ((5, 6, 19, 20), (1,))
    with pytest.raises(ValueError) as info:
        BoardGame().apply(position, move)
    assert str(info.value).startswith(message)
    assert "\n" not in str(info.value)


def test_board_game_is_a_game_and_normalizes():
    game = BoardGame(6)
    assert isinstance(game, Game)
    assert game.normalize([[3, 1], []]) == ((1, 3), ())
    assert game.apply(([3, 1],), (0, 3, 4)) == ((1, 4),)
