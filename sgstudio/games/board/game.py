"""The n x 20 board of HDU 5724 "Chess": Grundy values of a row, over every row at once.

The game
--------
A row is a set of occupied columns 1..width. A move takes one chess at column ``c`` to the first
empty column ``d > c``: the neighbour cell when it is empty, otherwise the cell just past the
contiguous block of chesses to its right. A chess with no empty cell to its right cannot move (it
may not leave the board). Rows are independent, so a board is a sum of games.

Theory
------
Encode a row as a mask (bit ``c - 1`` set = a chess in column ``c``). A move clears bit ``c - 1`` and
sets the higher bit ``d - 1``, so the successor is ``mask - 2**(c-1) + 2**(d-1) > mask``: every move
makes the mask strictly larger. Hence the game ends, and the masks taken in *decreasing* numeric
order meet every successor before the position itself; one sweep from ``2**width - 1`` down to 0
computes ``g(mask) = mex{ g(succ) }`` with no recursion and no graph. A row has at most one move per
chess and at most ``width - 1`` chesses that can move, so every value is at most ``width - 1 <= 23``
and a table fits in ``uint8``. The board's value is the XOR of its rows' values (Sprague-Grundy
theorem); the first player wins iff it is non-zero, and a move in row i from value a to value b wins
iff ``b == a ^ total``.

Examples
--------
>>> row_moves([19, 20])           # the chess at 19 faces a full block up to the edge
[]
>>> row_moves([1, 2, 4])          # 1 jumps over 2 to 3; 2 steps to 3; 4 steps to 5
[(1, 3), (2, 3), (4, 5)]
>>> row_grundy([19]) ^ row_grundy([18])   # the second test of the judge sample: a win
1
>>> winning_moves([[19], [18]])   # either chess steps right, leaving values 0 and 0 or 1 and 1
[(0, 19, 20), (1, 18, 19)]
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

import numpy as np

from sgstudio.core.analysis import Analysis, sum_analysis
from sgstudio.core.contract import MAX_ITEMS, GameBase, Label, more_items
from sgstudio.core.moves import ARROW, head, index_of, renumbered_reason
from sgstudio.games.board.table import DEFAULT_WIDTH, check_width, grundy_table
from sgstudio.games.board.table import MAX_WIDTH as MAX_WIDTH  # the table of every row, by width
from sgstudio.games.board.table import TABLE_FILE as TABLE_FILE
from sgstudio.games.board.table import compute_grundy_table as compute_grundy_table

Row = tuple[int, ...]
Position = tuple[Row, ...]
Move = tuple[int, int, int]
BOARD_SYNTAX = 'write a move as "row 2: 18 -> 19" or "2 18": the row (from 1), then the chess\'s column'


def check_columns(columns: Iterable[int], width: int = DEFAULT_WIDTH) -> Row:
    """Validate a row's columns (integers in 1..width, no repeats); return them sorted.

    >>> check_columns([5, 2])
    (2, 5)
    >>> check_columns([3, 3])
    Traceback (most recent call last):
    ...
    ValueError: column 3 is repeated
    >>> check_columns([0], width=8)
    Traceback (most recent call last):
    ...
    ValueError: column 0 is outside 1..8
    """
    seen: set[int] = set()
    for c in columns:
        if isinstance(c, bool) or not isinstance(c, int | np.integer):
            raise ValueError(f"a column must be an integer, not {c!r}")
        if not 1 <= c <= width:
            raise ValueError(f"column {c} is outside 1..{width}")
        if c in seen:
            raise ValueError(f"column {c} is repeated")
        seen.add(int(c))
    return tuple(sorted(seen))


def row_mask(columns: Iterable[int], width: int = DEFAULT_WIDTH) -> int:
    """The mask of a row: bit ``c - 1`` set for each chess at column ``c``.

    >>> row_mask([1, 3])
    5
    """
    mask = 0
    for c in check_columns(columns, check_width(width)):
        mask |= 1 << (c - 1)
    return mask


def row_grundy(columns: Iterable[int], width: int = DEFAULT_WIDTH) -> int:
    """Grundy value of one row.

    >>> row_grundy([19, 20]), row_grundy([19]), row_grundy([])
    (0, 1, 0)
    """
    return int(grundy_table(width)[row_mask(columns, width)])


def _target(row: Row, from_col: int, width: int) -> int | None:
    """Where the chess at ``from_col`` lands: the first empty column to its right, or None."""
    occupied = set(row)
    to_col = from_col + 1
    while to_col in occupied:
        to_col += 1
    return to_col if to_col <= width else None


def row_moves(columns: Iterable[int], width: int = DEFAULT_WIDTH) -> list[tuple[int, int]]:
    """Every move of a row as ``(from_col, to_col)``, by increasing ``from_col``.

    >>> row_moves([3, 4, 6], width=6)
    [(3, 5), (4, 5)]
    """
    width = check_width(width)
    row = check_columns(columns, width)
    moves = []
    for c in row:
        d = _target(row, c, width)
        if d is not None:
            moves.append((c, d))
    return moves


def winning_moves(rows: Sequence[Iterable[int]], width: int = DEFAULT_WIDTH, target: int = 0) -> list[Move]:
    """Every winning move ``(row_index, from_col, to_col)`` of a board (rows indexed from 0).

    A move in row i from value a to value b wins iff ``b == a ^ total``, where ``total`` is the XOR
    of all rows; b may exceed a (a row can have successors of larger value), so every move of
    every row is checked. With ``target``: the moves to a board of value ``target`` instead of 0.

    >>> winning_moves([[19, 20]])   # value 0: the player to move loses
    []
    >>> winning_moves([[1], [1]], width=3)
    []
    >>> winning_moves([[1], [2]], width=3)   # g = 0 and 1: row 0 up to 1, or row 1 down to 0
    [(0, 1, 2), (1, 2, 3)]
    """
    width = check_width(width)
    table = grundy_table(width)
    checked = [check_columns(r, width) for r in rows]
    masks = [row_mask(r, width) for r in checked]
    total = target
    for m in masks:
        total ^= int(table[m])
    if total == 0:
        return []
    wins = []
    for i, (row, mask) in enumerate(zip(checked, masks, strict=True)):
        target = int(table[mask]) ^ total
        for c, d in row_moves(row, width):
            if table[mask ^ (1 << (c - 1)) ^ (1 << (d - 1))] == target:
                wins.append((i, c, d))
    return wins


class BoardGame(GameBase):
    """The board as a :class:`sgstudio.core.play.session.Game`.

    A position is a tuple of rows, each a sorted tuple of occupied columns; a move is
    ``(row_index, from_col, to_col)`` with rows numbered from 0 (messages use the same numbers).

    Examples
    --------
    >>> game = BoardGame()
    >>> pos = ((19, 20), (18,))
    >>> game.legal_moves(pos)
    [(1, 18, 19)]
    >>> game.apply(pos, (1, 18, 19))
    ((19, 20), (19,))
    >>> game.value(pos), game.winning_moves(pos)   # a loss for the player to move
    (0, [])
    >>> game.winning_moves(((1, 2), (3,)))
    [(0, 2, 3), (1, 3, 4)]
    >>> game.apply(pos, (0, 5, 6))
    Traceback (most recent call last):
    ...
    ValueError: no chess at row 0, column 5
    """

    part, syntax, example = "row", BOARD_SYNTAX, "2: 18 -> 19"

    def __init__(self, width: int = DEFAULT_WIDTH) -> None:
        self.width = check_width(width)

    def normalize(self, position: Iterable[Iterable[int]]) -> Position:
        """Validate a position and return it as a tuple of sorted tuples."""
        return tuple(check_columns(row, self.width) for row in position)

    def legal_moves(self, position: Position) -> list[Move]:
        """Every move, by row, then by column."""
        rows = self.normalize(position)
        return [(i, c, d) for i, row in enumerate(rows) for c, d in row_moves(row, self.width)]

    def apply(self, position: Position, move: Move) -> Position:
        """The position after ``move``; ValueError with a one-line reason if it is illegal."""
        rows = self.normalize(position)
        if not (isinstance(move, tuple) and len(move) == 3):
            raise ValueError(f"a move is (row_index, from_col, to_col), not {move!r}")
        i, c, d = move
        if not (isinstance(i, int) and 0 <= i < len(rows)):
            raise ValueError(f"no row {i!r}: the rows are numbered 0..{len(rows) - 1}")
        if c not in rows[i]:
            raise ValueError(f"no chess at row {i}, column {c}")
        land = _target(rows[i], c, self.width)
        if land is None:
            raise ValueError(f"the chess at row {i}, column {c} cannot move: no empty cell to its right")
        if d != land:
            raise ValueError(f"a chess at column {c} moves to {land}, not {d}")
        new_row = tuple(sorted((set(rows[i]) - {c}) | {d}))
        return (*rows[:i], new_row, *rows[i + 1:])

    def value(self, position: Position) -> int:
        """XOR of the rows' Grundy values."""
        total = 0
        for row in self.normalize(position):
            total ^= row_grundy(row, self.width)
        return total

    def winning_moves(self, position: Position) -> list[Move]:
        """Every move to a position of value 0."""
        return winning_moves(self.normalize(position), self.width)

    def moves_to_value(self, position: Position, target: int) -> list[Move]:
        """Every move to a position of value ``target``.

        >>> BoardGame(3).moves_to_value(((1,),), 0), BoardGame(3).moves_to_value(((1,),), 1)
        ([], [(0, 1, 2)])
        """
        return winning_moves(self.normalize(position), self.width, target)

    # -- the game contract (sgstudio.core.contract) ---------------------------------------------
    def remaining_length(self, position: Position) -> int:
        """The longest remaining game: the sum over chesses of the empty cells to their right.

        A move lowers that sum by 1 plus the number of chesses jumped over, and a plain step is
        always available while any move is (the last chess of a block facing an empty cell), so the
        sum is exact.

        >>> BoardGame(5).remaining_length(((1, 2, 5), ()))   # 1 and 2 see the empty 3 and 4; 5 none
        4
        """
        total = 0
        for row in position:
            for k, c in enumerate(sorted(row)):
                total += (self.width - c) - (len(row) - 1 - k)
        return total

    def move_text(self, move: Move, position: Position, label: Label = str) -> str:
        """``row 2: 18 -> 19`` (rows from 1).

        >>> BoardGame().move_text((1, 18, 20), ((19, 20), (18, 19)))
        'row 2: 18 -> 20'
        """
        return f"row {move[0] + 1}: {move[1]} -> {move[2]}"

    def parse_move(self, text: str, position: Position, label: Label = str) -> Move:
        """The move that ``text`` writes (see :func:`parse_board_move`)."""
        return parse_board_move(text, position, self.width)

    def position_text(self, position: Sequence[Sequence[int]], label: Label = str) -> str:
        """``rows [19 20] []``.

        >>> BoardGame().position_text(((19, 20), ()))
        'rows [19 20] []'
        """
        shown = " ".join("[" + " ".join(map(str, row)) + "]" for row in position[:MAX_ITEMS])
        return "rows " + shown + more_items(position, "rows")

    def people_reason(self, position: Position, move: tuple, reason: str, label: Label = str) -> str:
        """The refusal with the row counted from 1."""
        return renumbered_reason(self, position, move, reason)

    def analyse(self, position: Position, *, label: Label = str, max_moves: int | None = None) -> Analysis:
        """Each row's value, the nim-sum, who wins and every winning move.

        >>> [m.row() for m in BoardGame().analyse(((19,), (18,))).moves]
        ['row 1: 19 -> 20, value 1 -> 0', 'row 2: 18 -> 19, value 0 -> 1']
        """
        rows = self.normalize(position)
        values = [row_grundy(r, self.width) for r in rows]
        return sum_analysis(values, winning_moves(rows, self.width), part="row", component_of=lambda m: m[0],
                            text=lambda m: self.move_text(m, rows),
                            detail=lambda i: " ".join(map(str, rows[i])) or "empty", detail_title="chesses",
                            max_moves=max_moves or 10**6, max_components=len(rows))

    @classmethod
    def from_judge_case(cls, case: object) -> tuple[BoardGame, list[Position]]:
        """An HDU 5724 test case: its board, 20 wide; one position."""
        return cls(), [case.position()]  # type: ignore[attr-defined]

    def move_json(self, move: Move) -> dict[str, int]:
        """``{"row": 1, "from": 18, "to": 19}``: the row from 1, the columns as in the file."""
        return {"row": move[0] + 1, "from": move[1], "to": move[2]}

    def judge_move_text(self, move: Move) -> str:
        """``row 1, 18 -> 19``: in row 1 (from 1) the chess of column 18 moves to column 19.

        >>> BoardGame().judge_move_text((0, 18, 19))
        'row 1, 18 -> 19'
        """
        return f"row {move[0] + 1}, {move[1]} -> {move[2]}"

    # -- as a component of a sum (sgstudio.games.sum.game) ----------------------------------------------
    def rule_text(self) -> str:
        return f"width {self.width}"

    def game_state(self) -> dict[str, int]:
        return {"width": self.width}

    @classmethod
    def from_game_state(cls, state: object) -> BoardGame:
        """``{"width": 20}``: the board's width, 1 to 24."""
        from sgstudio.core.readers import read_int

        return cls(read_int(state, "width", "the width", 1, MAX_WIDTH))

    def position_state(self, position: Position) -> list[list[int]]:
        return [list(row) for row in position]

    def read_position(self, data: object) -> Position:
        """Rows: lists of the occupied columns, each in 1..width."""
        from sgstudio.core.state import StateError

        if not isinstance(data, list):
            raise StateError(f"the rows must be a list of lists of columns, not {data!r}")
        rows = []
        for i, row in enumerate(data):
            try:
                if not isinstance(row, list):
                    raise ValueError(f"row {i + 1} must be a list of columns, not {row!r}")
                rows.append(check_columns(row, self.width))
            except ValueError as err:
                raise StateError(str(err), (i,)) from None
        return tuple(rows)


def parse_board_move(text: str, position: Sequence[Sequence[int]], width: int) -> Move:
    """``(row_index, from_col, to_col)`` from ``"row 2: 18 -> 19"``, ``"2 18 19"`` or ``"2 18"``.

    Without a landing column, the chess makes its one move (see :func:`chess_move`).

    >>> rows = ((19, 20), (16, 17))
    >>> parse_board_move("row 2: chess 16 -> 18 (jumps)", rows, 20), parse_board_move("2 17", rows, 20)
    ((1, 16, 18), (1, 17, 18))
    """
    row, rest = head(text, BOARD_SYNTAX, row=True)
    cols = re.fullmatch(r"(?:chess\s*)?(\d+)(?:" + ARROW + r"|\s+)?(\d+)?", rest, re.IGNORECASE)
    if cols is None:
        raise ValueError(BOARD_SYNTAX)
    i = index_of(row, len(position), "row")
    c = int(cols[1])
    return (i, c, int(cols[2])) if cols[2] is not None else chess_move(position, i, c, width)


def chess_move(position: Sequence[Sequence[int]], row: int, column: int, width: int) -> Move:
    """The move of the chess at (``row``, ``column``): to its landing cell, or, when it cannot move
    (or there is no chess there), to the next column, which the game then refuses with its reason.

    >>> chess_move(((3, 4, 6),), 0, 3, 6), chess_move(((3, 4, 6),), 0, 6, 6)
    ((0, 3, 5), (0, 6, 7))
    """
    for c, d in row_moves(position[row], width):
        if c == column:
            return row, c, d
    return row, column, column + 1
