"""The analysis of the editable game graph: the one analysis record (:mod:`sgstudio.core.analysis`)
of the tokens on a :class:`~sgstudio.games.graph.model.graph.GameGraph`, read from its live values.

The graph keeps every vertex's value current edit by edit, so the record costs one pass over the
tokens and their winning moves, not a new computation of the values. Each token is a component
named by its vertex's label; a winning move is made in the component of the first token on its
vertex. In loopy mode the values are γ (an int, or ∞(K)), the outcome may be DRAW, and the
winning moves are those that leave the opponent lost (the progress moves first).

Examples
--------
>>> from sgstudio.games.graph.model.graph import GameGraph
>>> g = GameGraph.from_edges(3, [(0, 1), (1, 2)])
>>> g.set_label(1, "B"); g.add_token(1)
>>> a = analyse_graph(g)
>>> print(a.outcome, a.total, [m.row() for m in a.moves])
WIN 1 ['B -> 2, value 1 -> 0']

In loopy mode each winning move also says the counter it leaves, and whether it makes progress:

>>> g = GameGraph.from_edges(3, [(0, 1), (1, 0), (1, 2)], loopy=True); g.add_token(1)
>>> [m.row() for m in analyse_graph(g).moves]
['1 -> 2, value 1 -> 0 (counter 0), makes progress', '1 -> 0, value 1 -> 0 (counter 1)']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from sgstudio.core.analysis import MAX_COMPONENTS, MAX_MOVES, Analysis, Component, WinningMove
from sgstudio.games.graph.tokens import token_move_text

if TYPE_CHECKING:
    from sgstudio.games.graph.model.graph import GameGraph


def analyse_graph(model: GameGraph, max_moves: int = MAX_MOVES) -> Analysis:
    """Who wins with the tokens on ``model``, each token's value, and every winning move."""
    tokens = model.tokens()
    first: dict[int, int] = {}
    for i, v in enumerate(tokens):
        first.setdefault(v, i)
    components = tuple(Component(model.label(v), model.grundy(v)) for v in tokens[:MAX_COMPONENTS])
    winning = model.winning_moves()
    reason = _loopy_reason(model) if model.loopy else None
    moves = []
    for u, v in winning[:max_moves]:
        before, after = model.grundy(u), model.grundy(v)
        why = f"value {before} -> {after}" if reason is None else reason((u, v))
        moves.append(WinningMove((u, v), token_move_text((u, v), model.label), why, first[u], before, after))
    value = model.position_value() if model.loopy else model.nim_sum()
    return Analysis(model.outcome(), value, components, len(tokens), tuple(moves), len(winning), "token")


def _loopy_reason(model: GameGraph) -> Callable[[tuple[int, int]], str]:
    """Why a winning move wins on a loopy graph: the values, the counter left, and whether it makes
    progress (:meth:`~sgstudio.games.graph.loopy.moves.TokenRules.move_reason`)."""
    rules = model._rules()
    progress = set(model.progress_moves())
    return lambda move: rules.move_reason(move, move in progress)
