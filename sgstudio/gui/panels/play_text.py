"""Moves and positions of every game in words, for the Play panel's move list.

The move shapes are those of :mod:`sgstudio.core.play`: ``(from, to)`` for tokens on a DAG,
``(heap, take)`` in S-Nim, ``(heap, after)`` in split-nim and ``(row, from, to)`` on the board.
Heaps and rows are numbered from 1 here, as on the tabs. ``label`` names a DAG vertex.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from sgstudio.core.moves import kind_of

Label = Callable[[int], str]
MAX_ITEMS = 12  # a position shows at most this many heaps, rows or tokens


def game_kind(game: Any) -> str:
    """``"dag"``, ``"snim"``, ``"splitnim"``, ``"board"`` or ``""`` for another game.

    >>> from sgstudio.core.games.board import BoardGame
    >>> game_kind(BoardGame()), game_kind(object())
    ('board', '')
    """
    return kind_of(game)


def move_text(kind: str, before: Sequence[Any], move: tuple, label: Label = str) -> str:
    """A move in words.

    >>> move_text("dag", (0, 2), (0, 1), lambda v: "ABC"[v])
    'A -> B'
    >>> move_text("snim", (3, 7), (1, 5))
    'heap 2: take 5 (7 -> 2)'
    >>> move_text("splitnim", (9, 4), (0, (2, 3, 4))), move_text("splitnim", (9,), (0, ()))
    ('heap 1: 9 -> 2 + 3 + 4', 'heap 1: take all 9')
    >>> move_text("board", ((19, 20), (18,)), (1, 18, 19))
    'row 2: chess 18 -> 19'
    >>> move_text("", (1,), (0, 1))
    '(0, 1)'
    """
    if kind == "dag":
        return f"{label(move[0])} -> {label(move[1])}"
    if kind == "snim":
        heap, take = move
        return f"heap {heap + 1}: take {take} ({before[heap]} -> {before[heap] - take})"
    if kind == "splitnim":
        heap, after = move
        if not after:
            return f"heap {heap + 1}: take all {before[heap]}"
        return f"heap {heap + 1}: {before[heap]} -> " + " + ".join(map(str, after))
    if kind == "board":
        row, c1, c2 = move
        jump = " (jumps)" if c2 > c1 + 1 else ""
        return f"row {row + 1}: chess {c1} -> {c2}{jump}"
    return repr(move)


def position_text(kind: str, position: Sequence[Any], label: Label = str) -> str:
    """A position in words (long ones cut short).

    >>> position_text("dag", (0, 0, 2), lambda v: "ABC"[v])
    'tokens on A, A, C'
    >>> position_text("snim", (5, 0, 7)), position_text("splitnim", ())
    ('heaps 5 0 7', 'no heap')
    >>> position_text("board", ((19, 20), ()))
    'rows [19 20] []'
    >>> position_text("snim", tuple(range(20)))
    'heaps 0 1 2 3 4 5 6 7 8 9 10 11 … (20 heaps)'
    """
    shown, more = list(position[:MAX_ITEMS]), len(position) - MAX_ITEMS
    if kind == "dag":
        text = "tokens on " + ", ".join(label(v) for v in shown) if shown else "no token"
        what = "tokens"
    elif kind == "board":
        text = "rows " + " ".join("[" + " ".join(map(str, row)) + "]" for row in shown)
        what = "rows"
    elif kind in ("snim", "splitnim"):
        text = "heaps " + " ".join(map(str, shown)) if shown else "no heap"
        what = "heaps"
    else:
        return repr(tuple(position))
    return text + (f" … ({len(position)} {what})" if more > 0 else "")


def player_name(player: int, computer: bool, human_mode: bool) -> str:
    """Who a player is, in the state line.

    >>> player_name(1, False, True), player_name(2, True, True), player_name(2, False, False)
    ('Player 1 (you)', 'Player 2 (computer)', 'Player 2')
    """
    if computer:
        return f"Player {player} (computer)"
    return f"Player {player} (you)" if human_mode else f"Player {player}"


def short_name(player: int, computer: bool, human_mode: bool) -> str:
    """Who moved, in a row of the move list.

    >>> short_name(1, False, True), short_name(2, True, True), short_name(1, True, False)
    ('1: you', '2: computer', '1: computer')
    >>> short_name(2, False, False)
    '2: person'
    """
    if computer:
        return f"{player}: computer"
    return f"{player}: you" if human_mode else f"{player}: person"
