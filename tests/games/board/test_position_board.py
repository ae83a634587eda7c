"""The Board tab's position model: edits, events, validation, saving, and the analysis it shows.

The analysis is checked against a brute-force win/lose search over whole boards that knows only the
rule of the game (a chess moves to the first empty cell on its right) and "a position is winning iff
some move leads to a losing position": no mex, no XOR.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles import board_moves
from oracles import board_wins as wins

from sgstudio.games.board.game import BoardGame
from sgstudio.games.board.position import BoardPosition


def analyse(rows, width):
    """The one analysis record of the core (sgstudio.core.analysis), from the board game."""
    return BoardGame(width).analyse(rows)


def moves_of(rows, width):
    """Every (row_index, from_col, to_col), straight from the rule."""
    return [(i, c, d) for i, c, d, _ in board_moves(rows, width)]


WIDTH = 5


def play(rows, move):
    i, c, d = move
    new = tuple(sorted((set(rows[i]) - {c}) | {d}))
    return (*rows[:i], new, *rows[i + 1:])


row_st = st.sets(st.integers(1, WIDTH), max_size=WIDTH).map(lambda s: tuple(sorted(s)))
board_st = st.lists(row_st, min_size=0, max_size=3).map(tuple)


@settings(max_examples=150, deadline=None)
@given(board_st)
def test_analysis_agrees_with_brute_force(rows):
    a = analyse(rows, WIDTH)
    assert a.outcome == ("WIN" if wins(rows, WIDTH) else "LOSE")
    brute = [m for m in moves_of(rows, WIDTH) if not wins(play(rows, m), WIDTH)]
    assert [m.move for m in a.moves] == brute
    for m in a.moves:
        assert m.component == m.move[0]
        assert m.value_before == a.values[m.component]
        assert m.value_after == analyse([play(rows, m.move)[m.component]], WIDTH).values[0]


@settings(max_examples=100, deadline=None)
@given(row_st, row_st)
def test_equal_row_values_mean_the_pair_is_lost(a, b):
    """Two rows have the same value exactly when the board of both is a loss (a brute-force fact
    about values that uses no XOR), and a row alone has value 0 exactly when it is a loss."""
    va, vb = analyse([a, b], WIDTH).values
    assert (va == vb) == (not wins((a, b), WIDTH))
    assert (va == 0) == (not wins((a,), WIDTH))


class Recorder:
    def __init__(self, model: BoardPosition) -> None:
        self.events: list[tuple] = []
        for name in ("row_changed", "rows_inserted", "rows_removed", "reset", "changed"):
            getattr(model, name).connect(lambda *args, n=name: self.events.append((n, *args)))


def test_edits_emit_one_event_and_then_changed():
    p = BoardPosition([[1]], width=6)
    rec = Recorder(p)
    assert p.toggle(0, 3) is True and p.rows == ((1, 3),)
    p.insert_rows(1, [[6, 2], []])
    assert p.rows == ((1, 3), (2, 6), ())
    p.play((1, 2, 3))
    assert p.rows[1] == (3, 6)
    assert p.remove_rows(0, 2) == [(1, 3), (3, 6)]
    p.set_width(3)
    p.replace([[1, 2, 3]])
    assert rec.events == [
        ("row_changed", 0), ("changed",), ("rows_inserted", 1, 2), ("changed",), ("row_changed", 1),
        ("changed",), ("rows_removed", 0, 2), ("changed",), ("reset",), ("changed",), ("reset",),
        ("changed",),
    ]
    assert p.rows == ((1, 2, 3),) and p.width == 3


@pytest.mark.parametrize(("edit", "message"), [
    (lambda p: p.toggle(2, 1), "there is no row 3: the board has 2 rows"),
    (lambda p: p.toggle(0, 7), "column 7 is outside 1..6"),
    (lambda p: p.set_row(1, [2, 2]), "column 2 is repeated"),
    (lambda p: p.insert_rows(0, [[0]]), "row 1: column 0 is outside 1..6"),
    (lambda p: p.insert_rows(3), "rows can be inserted at 0..2, not 3"),
    (lambda p: p.remove_rows(1, 2), "cannot remove 2 rows from row 2 of 2"),
    (lambda p: p.set_width(5), "row 2 has a chess in column 6, outside a board 5 wide"),
    (lambda p: p.set_width(25), "the width must be an integer in 1..24, not 25"),
    (lambda p: p.play((1, 5, 6)), "row 2: the chess at column 5 cannot move"),
    (lambda p: p.play((0, 1, 3)), "row 1: a chess at column 1 moves to 2, not 3"),
    (lambda p: p.play((4, 1, 2)), "there is no row 5"),
    (lambda p: p.replace([[1], [9]]), "row 2: column 9 is outside 1..6"),
])
def test_invalid_edits_raise_and_change_nothing(edit, message):
    p = BoardPosition([[1], [5, 6]], width=6)
    rec = Recorder(p)
    with pytest.raises(ValueError, match=message):
        edit(p)
    assert p.rows == ((1,), (5, 6)) and p.width == 6 and rec.events == []


@settings(max_examples=60, deadline=None)
@given(st.lists(row_st, max_size=4), st.integers(WIDTH, 24))
def test_to_dict_from_dict_round_trip(rows, width):
    p = BoardPosition(rows, width)
    q = BoardPosition.from_dict(p.to_dict())
    assert (q.rows, q.width) == (p.rows, p.width) == (tuple(rows), width)


@pytest.mark.parametrize("data", [[], {"rows": [[1, 1]]}, {"rows": "1 2"}, {"width": 0}, {"rows": [["x"]]}])
def test_from_dict_refuses_bad_data(data):
    with pytest.raises(ValueError):
        BoardPosition.from_dict(data)
