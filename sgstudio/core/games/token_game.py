"""What the games of tokens on a graph share (acyclic, :mod:`.dag`, or loopy, :mod:`.loopy_game`):
their moves and positions in words, and their analysis.

A position is the sorted tuple of the tokens' vertices and a move ``(from, to)`` moves one token
along an edge; people name vertices by label. Each token is a component of the sum, named by its
vertex's label; a winning move is made in the component of its token.

Examples
--------
>>> names = "ABC".__getitem__
>>> token_move_text((0, 2), names), tokens_text((0, 0, 2), names), tokens_text(())
('A -> C', 'tokens on A, A, C', 'no token')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from sgstudio.core.analysis import MAX_MOVES, Analysis, sum_analysis
from sgstudio.core.games.base import MAX_ITEMS, more_items

Label = Callable[[int], str]


def token_move_text(move: tuple[int, int], label: Label = str) -> str:
    """``A -> D``: the vertex of the token moved, then where it goes."""
    return f"{label(move[0])} -> {label(move[1])}"


def tokens_text(position: Sequence[int], label: Label = str) -> str:
    """``tokens on A, A, C`` (long positions cut short)."""
    if not position:
        return "no token"
    return "tokens on " + ", ".join(label(v) for v in position[:MAX_ITEMS]) + more_items(position, "tokens")


def token_analysis(game: Any, position: Sequence[int], values: Sequence[int], label: Label = str,
                   max_moves: int | None = None) -> Analysis:
    """The analysis of tokens of these finite ``values`` (one per token of ``position``): the game's
    winning moves, each made in the component of the first token on its vertex.

    >>> from sgstudio.core.games.dag import DagGame
    >>> game = DagGame.from_edges(3, [(0, 1), (1, 2)])
    >>> a = token_analysis(game, (1, 1, 0), [1, 1, 0])
    >>> a.total, [c.name for c in a.components], a.moves
    (0, ['1', '1', '0'], ())
    """
    first = {}
    for i, v in enumerate(position):
        first.setdefault(v, i)
    return sum_analysis(values, game.winning_moves(position), part="token",
                        component_of=lambda m: first[m[0]], text=lambda m: token_move_text(m, label),
                        name=lambda i: label(position[i]), max_moves=max_moves or MAX_MOVES)
