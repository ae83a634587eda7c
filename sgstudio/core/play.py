"""The one small protocol every game offers, so play, hints and sums treat them alike.

A *position* is an immutable value (a tuple): token vertices for a DAG, heap sizes for S-Nim and
split-nim, rows (tuples of columns) for the board. A *move* is a small tuple whose shape is the
game's own: ``(from, to)`` on a DAG, ``(heap_index, take)`` in S-Nim, ``(heap_index, after)`` in
split-nim, ``(row_index, from_col, to_col)`` on the board.

Theory: every game here is a sum of independent components, so the value of a position is the XOR
of the components' Grundy values (Sprague-Grundy theorem); the player to move wins exactly when it
is non-zero, and the winning moves are those that make it zero.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Protocol, runtime_checkable

Position = Hashable
Move = tuple


@runtime_checkable
class Game(Protocol):
    """What every game offers: legal moves, their effect, the value, the winning moves."""

    def legal_moves(self, position: Position) -> Sequence[Move]:
        """Every legal move from ``position`` (in a deterministic order)."""
        ...

    def apply(self, position: Position, move: Move) -> Position:
        """The position after ``move``; raise ValueError with a one-line reason if it is illegal."""
        ...

    def value(self, position: Position) -> int:
        """The nim-sum of the position (0 exactly when the player to move loses)."""
        ...

    def winning_moves(self, position: Position) -> Sequence[Move]:
        """Every move after which the value is 0 (none when the value is 0)."""
        ...


def outcome(game: Game, position: Position) -> str:
    """``"WIN"`` when the player to move wins, else ``"LOSE"``."""
    return "WIN" if game.value(position) else "LOSE"
