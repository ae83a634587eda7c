"""One QUndoCommand per user-level edit of a :class:`~sgstudio.games.board.position.BoardPosition`.

Commands call model methods only; what undo needs is read from the model when the command is made
(or in ``redo``). Rows are 0-based in the model and counted from 1 in the command texts.

>>> from PySide6.QtGui import QUndoStack
>>> from sgstudio.games.board.position import BoardPosition
>>> p, stack = BoardPosition([[18]]), QUndoStack()
>>> stack.push(ToggleChessCommand(p, 0, 19)); stack.push(AddRowsCommand(p, 1))
>>> stack.push(PlayMoveCommand(p, (0, 18, 20))); p.rows, stack.undoText()
(((19, 20), ()), 'Play row 1: 18 -> 20')
>>> for _ in range(3):
...     stack.undo()
>>> p.rows
((18,),)
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtGui import QUndoCommand

from sgstudio.games.board.game import Move
from sgstudio.games.board.position import BoardPosition, Row

WIDTH_ID = 0x5724  # SetWidthCommand.id(): consecutive width changes merge


class ToggleChessCommand(QUndoCommand):
    """Place a chess on an empty cell, or remove the chess there."""

    def __init__(self, model: BoardPosition, row: int, column: int) -> None:
        verb = "Remove" if model.has_chess(row, column) else "Place"
        super().__init__(f"{verb} chess at row {row + 1}, column {column}")
        self.model, self.row, self.column = model, row, column

    def redo(self) -> None:
        self.model.toggle(self.row, self.column)

    def undo(self) -> None:
        self.model.toggle(self.row, self.column)


class AddRowsCommand(QUndoCommand):
    """Insert rows (empty by default) before row ``index``."""

    def __init__(self, model: BoardPosition, index: int, rows: Iterable[Iterable[int]] = ((),)) -> None:
        self.rows = [tuple(r) for r in rows]
        n = len(self.rows)
        super().__init__(f"Add row {index + 1}" if n == 1 else f"Add {n} rows")
        self.model, self.index = model, index

    def redo(self) -> None:
        self.model.insert_rows(self.index, self.rows)

    def undo(self) -> None:
        self.model.remove_rows(self.index, len(self.rows))


class RemoveRowsCommand(QUndoCommand):
    """Remove ``count`` rows from row ``index`` on (undo puts them back with their chesses)."""

    def __init__(self, model: BoardPosition, index: int, count: int = 1) -> None:
        super().__init__(f"Remove row {index + 1}" if count == 1 else f"Remove {count} rows")
        self.model, self.index, self.count = model, index, count
        self.removed: list[Row] = []

    def redo(self) -> None:
        self.removed = self.model.remove_rows(self.index, self.count)

    def undo(self) -> None:
        self.model.insert_rows(self.index, self.removed)


class PlayMoveCommand(QUndoCommand):
    """Play a move ``(row_index, from_col, to_col)``."""

    def __init__(self, model: BoardPosition, move: Move) -> None:
        i, c, d = move
        super().__init__(f"Play row {i + 1}: {c} -> {d}")
        self.model, self.move, self.before = model, move, model.row(i)

    def redo(self) -> None:
        self.model.play(self.move)

    def undo(self) -> None:
        self.model.set_row(self.move[0], self.before)


class SetWidthCommand(QUndoCommand):
    """Change the board's width. Consecutive width changes (stepping the spin box) merge into one
    step; a merge back to the old width leaves nothing to undo (the command becomes obsolete)."""

    def __init__(self, model: BoardPosition, width: int) -> None:
        super().__init__(f"Width {model.width} -> {width}")
        self.model, self.width, self.old = model, width, model.width

    def id(self) -> int:
        return WIDTH_ID

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, SetWidthCommand) or other.model is not self.model:
            return False
        self.width = other.width
        self.setText(f"Width {self.old} -> {self.width}")
        self.setObsolete(self.width == self.old)
        return True

    def redo(self) -> None:
        self.model.set_width(self.width)

    def undo(self) -> None:
        self.model.set_width(self.old)


class ReplaceBoardCommand(QUndoCommand):
    """A whole new board (an imported test case, Clear)."""

    def __init__(self, model: BoardPosition, rows: Iterable[Iterable[int]], width: int | None = None,
                 text: str = "Replace the board") -> None:
        super().__init__(text)
        self.model, self.rows = model, [tuple(r) for r in rows]
        self.width = model.width if width is None else width
        self.old_rows, self.old_width = model.rows, model.width

    def redo(self) -> None:
        self.model.replace(self.rows, self.width)

    def undo(self) -> None:
        self.model.replace(self.old_rows, self.old_width)
