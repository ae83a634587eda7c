"""The analysis of the editable game graph: the one analysis record (:mod:`sgstudio.core.analysis`)
of the tokens on a :class:`~sgstudio.core.graph.GameGraph`, read from its live values.

The graph keeps every vertex's value current edit by edit, so the record costs one pass over the
tokens and their winning moves, not a new computation of the values. Each token is a component
named by its vertex's label; a winning move is made in the component of the first token on its
vertex. In loopy mode the values are γ (an int, or ∞(K)), the outcome may be DRAW, and the
winning moves are those that leave the opponent lost (the progress moves first).

Examples
--------
>>> from sgstudio.core.graph import GameGraph
>>> g = GameGraph.from_edges(3, [(0, 1), (1, 2)])
>>> g.set_label(1, "B"); g.add_token(1)
>>> a = analyse_graph(g)
>>> print(a.outcome, a.total, [m.row() for m in a.moves])
WIN 1 ['B -> 2, value 1 -> 0']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sgstudio.core.analysis import MAX_COMPONENTS, MAX_MOVES, Analysis, Component, WinningMove
from sgstudio.core.games.token_game import token_move_text

if TYPE_CHECKING:
    from sgstudio.core.graph import GameGraph


def analyse_graph(model: GameGraph, max_moves: int = MAX_MOVES) -> Analysis:
    """Who wins with the tokens on ``model``, each token's value, and every winning move."""
    tokens = model.tokens()
    first: dict[int, int] = {}
    for i, v in enumerate(tokens):
        first.setdefault(v, i)
    components = tuple(Component(model.label(v), model.grundy(v)) for v in tokens[:MAX_COMPONENTS])
    winning = model.winning_moves()
    moves = []
    for u, v in winning[:max_moves]:
        before, after = model.grundy(u), model.grundy(v)
        moves.append(WinningMove((u, v), token_move_text((u, v), model.label), f"value {before} -> {after}",
                                 first[u], before, after))
    value = model.position_value() if model.loopy else model.nim_sum()
    return Analysis(model.outcome(), value, components, len(tokens), tuple(moves), len(winning), "token")
