"""Plain-words texts for tooltips and status messages, written from the model (no Qt).

>>> from sgstudio.games.graph.model.graph import GameGraph
>>> g = GameGraph.from_edges(3, [(0, 1), (1, 2)])
>>> vertex_tip(g, 1)
'<b>1</b>: Grundy value 1 = mex{0}<br>no tokens · the player to move from here wins'
>>> refusal_text(g, 2, 0, [2, 0, 1])
'2 -> 0 would close the cycle 2 -> 0 -> 1 -> 2; a game graph must stay acyclic (or tick Allow cycles)'
"""

from __future__ import annotations

from html import escape

from sgstudio.core.errors import format_cycle
from sgstudio.games.graph.model.graph import GameGraph

LOOPY_HINT = " (or tick Allow cycles)"
"""Where a refused cycle can be allowed: the loopy mode (the Graph tab's check box)."""


def vertex_tip(model: GameGraph, v: int) -> str:
    """What a vertex's value means: the mex that gives it, its tokens and its outcome."""
    if model.loopy:
        return loopy_vertex_tip(model, v)
    succ = sorted({model.grundy(w) for w in model.successors(v)})
    value = model.grundy(v)
    n = model.token_count(v)
    tokens = "no tokens" if n == 0 else f"{n} token{'s' if n > 1 else ''}"
    who = "wins" if value else "loses"
    return (f"<b>{escape(model.label(v))}</b>: Grundy value {value} = mex{{{', '.join(map(str, succ))}}}"
            f"<br>{tokens} · the player to move from here {who}")


def loopy_vertex_tip(model: GameGraph, v: int) -> str:
    """A vertex of a loopy graph: γ (with its counter, or ∞ with K), its tokens, a single token's outcome.

    >>> g = GameGraph.from_edges(3, [(0, 1), (1, 0), (1, 2)], loopy=True)
    >>> loopy_vertex_tip(g, 1)
    '<b>1</b>: value 1 (counter 0)<br>no tokens · the player to move from here wins'
    >>> loopy_vertex_tip(GameGraph.from_edges(1, [(0, 0)], loopy=True), 0)
    '<b>0</b>: value ∞ (play may never end)<br>no tokens · from here neither side can force a win (a draw)'
    """
    value = model.grundy(v)
    n = model.token_count(v)
    tokens = "no tokens" if n == 0 else f"{n} token{'s' if n > 1 else ''}"
    if isinstance(value, int):
        what = f"value {value} (counter {model.counter(v)})"
        who = f"the player to move from here {'wins' if value else 'loses'}"
    else:
        what = f"value {value} (play may never end)"
        who = ("the player to move from here wins (move to a 0)" if value
               else "from here neither side can force a win (a draw)")
    return f"<b>{escape(model.label(v))}</b>: {what}<br>{tokens} · {who}"


def edge_tip(model: GameGraph, u: int, v: int) -> str:
    """An edge is a move: from u's value to v's value."""
    return (f"move {escape(model.label(u))} -> {escape(model.label(v))}: "
            f"value {model.grundy(u)} -> {model.grundy(v)}")


def refusal_text(model: GameGraph, u: int, v: int, cycle: list[int]) -> str:
    """Why the edge u -> v was refused, with vertex labels."""
    if u == v:
        return (f"{model.label(u)} -> {model.label(u)} is a self-loop: a move may not stay on the same "
                "vertex, so the edge was not added" + LOOPY_HINT)
    if u in cycle:  # start the cycle at u so it reads along the new edge
        k = cycle.index(u)
        cycle = cycle[k:] + cycle[:k]
    labels = [model.label(w) for w in cycle]
    return (f"{model.label(u)} -> {model.label(v)} would close the cycle {format_cycle(labels)}; "
            "a game graph must stay acyclic" + LOOPY_HINT)
