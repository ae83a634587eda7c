"""The editable board of the Board tab: rows of chesses on a board ``width`` columns wide (Qt-free).

:class:`BoardPosition` holds the rows (each a sorted tuple of occupied columns 1..width) and the
width, validates every edit (ValueError with a one-line reason, nothing changed) and announces each
change with a :class:`~sgstudio.core.events.Signal`. Rows are indexed from 0 here, as in
:class:`~sgstudio.games.board.game.BoardGame`; the screen and the messages number them from 1.

What the tab shows of a board comes from the core's
:meth:`~sgstudio.games.board.game.BoardGame.analyse`: each row's Grundy value, the total (the
nim-sum: rows are independent games, so by the Sprague-Grundy theorem the board's value is the XOR
of theirs), who wins (the player to move iff the total is non-zero) and every winning move with its
row's value before and after. It needs the Grundy table of the width, which the caller loads first
(widths other than 20 are computed, which can take seconds: the tab does that off the UI thread).

Examples
--------
>>> p = BoardPosition([[19, 20], [18]])
>>> seen = []
>>> p.row_changed.connect(seen.append)
>>> p.toggle(1, 18), p.toggle(1, 19), p.rows, seen
(False, True, ((19, 20), (19,)), [1, 1])
>>> a = board.BoardGame(p.width).analyse(p.rows)
>>> print(a.values, a.total, a.outcome)
(0, 1) 1 WIN
>>> [m.row() for m in a.moves]
['row 2: 19 -> 20, value 1 -> 0']
>>> p.toggle(2, 1)
Traceback (most recent call last):
...
ValueError: there is no row 3: the board has 2 rows
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sgstudio.core.events import Signal
from sgstudio.core.state import StateError, check_keys, located
from sgstudio.games.board import game as board

Row = tuple[int, ...]
KEYS = ("width", "rows")


def _rows_of(rows: Iterable[Iterable[int]], width: int) -> list[Row]:
    """Validated rows, each sorted; the message names the row (from 1)."""
    checked = []
    for i, row in enumerate(rows, 1):
        try:
            checked.append(board.check_columns(row, width))
        except (ValueError, TypeError) as err:
            raise ValueError(f"row {i}: {err}") from None
    return checked


class BoardPosition:
    """Rows of chesses on a board ``width`` columns wide, with an event for every change.

    Events: ``row_changed(index)``, ``rows_inserted(index, count)``, ``rows_removed(index, count)``,
    ``reset()`` (new width or whole new board), and ``changed()`` after each of them.

    >>> p = BoardPosition(width=5)
    >>> p.insert_rows(0, [(1, 2), ()]); p.rows
    ((1, 2), ())
    >>> p.set_width(1)
    Traceback (most recent call last):
    ...
    ValueError: row 1 has a chess in column 2, outside a board 1 wide
    >>> p.remove_rows(0, 1), p.rows
    ([(1, 2)], ((),))
    >>> p.play((0, 3, 4))
    Traceback (most recent call last):
    ...
    ValueError: row 1: no chess at column 3
    """

    def __init__(self, rows: Iterable[Iterable[int]] = (), width: int = board.DEFAULT_WIDTH) -> None:
        self._width = board.check_width(width)
        self._rows = _rows_of(rows, self._width)
        self.row_changed = Signal()
        self.rows_inserted = Signal()
        self.rows_removed = Signal()
        self.reset = Signal()
        self.changed = Signal()

    # -- reading ---------------------------------------------------------------------------------
    @property
    def width(self) -> int:
        return self._width

    @property
    def rows(self) -> tuple[Row, ...]:
        """The rows, as the game position of :class:`~sgstudio.games.board.game.BoardGame`."""
        return tuple(self._rows)

    def row_count(self) -> int:
        return len(self._rows)

    def row(self, index: int) -> Row:
        return self._rows[self._check_index(index)]

    def has_chess(self, index: int, column: int) -> bool:
        return column in self.row(index)

    def chess_count(self) -> int:
        return sum(len(r) for r in self._rows)

    def _check_index(self, index: int) -> int:
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self._rows):
            raise ValueError(f"there is no row {index + 1 if isinstance(index, int) else index!r}: "
                             f"the board has {len(self._rows)} rows")
        return index

    def _check_column(self, column: int) -> int:
        if isinstance(column, bool) or not isinstance(column, int) or not 1 <= column <= self._width:
            raise ValueError(f"column {column!r} is outside 1..{self._width}")
        return column

    # -- editing ---------------------------------------------------------------------------------
    def toggle(self, index: int, column: int) -> bool:
        """Place a chess on an empty cell or remove the one there; return whether the cell is now full."""
        row = self.row(index)
        column = self._check_column(column)
        new = tuple(c for c in row if c != column) if column in row else tuple(sorted((*row, column)))
        self._set(index, new)
        return column in new

    def set_row(self, index: int, columns: Iterable[int]) -> None:
        """Replace one row's chesses."""
        self._check_index(index)
        self._set(index, _rows_of([columns], self._width)[0])

    def play(self, move: board.Move) -> None:
        """Play ``(row_index, from_col, to_col)``; ValueError (the game's reason) if it is illegal."""
        i, _c, _d = move if isinstance(move, tuple) and len(move) == 3 else (None, None, None)
        if i is None:
            raise ValueError(f"a move is (row_index, from_col, to_col), not {move!r}")
        self._check_index(i)
        try:
            after = board.BoardGame(self._width).apply((self._rows[i],), (0, *move[1:]))
        except ValueError as err:  # the game numbers its one row 0: name the real one
            raise ValueError(f"row {i + 1}: {str(err).replace(' at row 0,', ' at')}") from None
        self._set(i, after[0])

    def insert_rows(self, index: int, rows: Iterable[Iterable[int]] = ((),)) -> None:
        """Insert rows before row ``index`` (``index == row_count()`` appends)."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index <= len(self._rows):
            raise ValueError(f"rows can be inserted at 0..{len(self._rows)}, not {index!r}")
        new = _rows_of(rows, self._width)
        if not new:
            return
        self._rows[index:index] = new
        self.rows_inserted.emit(index, len(new))
        self.changed.emit()

    def remove_rows(self, index: int, count: int = 1) -> list[Row]:
        """Remove ``count`` rows from row ``index`` on; return them."""
        self._check_index(index)
        if not 1 <= count <= len(self._rows) - index:
            raise ValueError(f"cannot remove {count} rows from row {index + 1} of {len(self._rows)}")
        removed = self._rows[index:index + count]
        del self._rows[index:index + count]
        self.rows_removed.emit(index, count)
        self.changed.emit()
        return removed

    def set_width(self, width: int) -> None:
        """Change the width; refused while a chess stands beyond it."""
        width = board.check_width(width)
        for i, row in enumerate(self._rows, 1):
            if row and row[-1] > width:
                raise ValueError(f"row {i} has a chess in column {row[-1]}, outside a board {width} wide")
        if width != self._width:
            self._width = width
            self.reset.emit()
            self.changed.emit()

    def replace(self, rows: Iterable[Iterable[int]], width: int | None = None) -> None:
        """A whole new board (validated first: on error nothing changes)."""
        width = self._width if width is None else board.check_width(width)
        self._rows, self._width = _rows_of(rows, width), width
        self.reset.emit()
        self.changed.emit()

    def _set(self, index: int, row: Row) -> None:
        if row != self._rows[index]:
            self._rows[index] = row
            self.row_changed.emit(index)
            self.changed.emit()

    # -- saving ----------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data.

        >>> BoardPosition([[3, 1]], width=4).to_dict()
        {'width': 4, 'rows': [[1, 3]]}
        """
        return {"width": self._width, "rows": [list(r) for r in self._rows]}

    @classmethod
    def from_dict(cls, data: Any) -> BoardPosition:
        """The inverse of :meth:`to_dict`; StateError (a ValueError) naming what is wrong and where.

        >>> BoardPosition.from_dict({"width": 4, "rows": [[5]]})
        Traceback (most recent call last):
        ...
        sgstudio.core.state.StateError: row 1: column 5 is outside 1..4
        """
        return cls.from_state(data)[0]

    @classmethod
    def from_state(cls, state: Any) -> tuple[BoardPosition, dict[str, Any]]:
        """The board of a tab's saved state, checked strictly: exactly ``{"width": w, "rows": [[c, ...],
        ...]}``, ``width`` an integer in 1..24, each row a list of integer columns in 1..width, none
        repeated; StateError naming what is wrong and where. No view settings (an empty dict).

        >>> BoardPosition.from_state({"width": 20, "rows": [[20, 19], []]})[0].rows
        ((19, 20), ())
        >>> BoardPosition.from_state({"width": 20, "rows": [], "height": 3})
        Traceback (most recent call last):
        ...
        sgstudio.core.state.StateError: the board state has an unknown key: 'height' (known: ...)
        """
        what = "the board state"
        if not isinstance(state, dict):
            raise StateError(f"{what} must be a mapping with 'width' and 'rows', not {type(state).__name__}")
        check_keys(state, KEYS, (), what, "width, rows")
        try:
            width = board.check_width(state["width"])
        except ValueError as err:
            raise located(err, ("width",)) from None
        rows = state["rows"]
        if not isinstance(rows, list):
            raise StateError(f"'rows' must be a list of rows (lists of columns), not {rows!r}", ("rows",))
        for i, row in enumerate(rows):
            if not isinstance(row, list):
                raise StateError(f"row {i + 1} must be a list of columns, not {row!r}", ("rows", i))
            try:
                _rows_of([row], width)
            except ValueError as err:
                raise StateError(str(err).replace("row 1:", f"row {i + 1}:", 1), ("rows", i)) from None
        return cls(rows, width), {}

    @staticmethod
    def empty_state() -> dict[str, Any]:
        """The judge's width, no row."""
        return {"width": board.DEFAULT_WIDTH, "rows": []}
