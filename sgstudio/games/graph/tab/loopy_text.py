"""What the Graph tab's Analysis panel says on a loopy graph (HTML): why a vertex has its value γ,
and why a position is a draw.

Theory shown here (Smith 1966; Fraenkel-Yesha). γ(v) is a nimber m when m is the mex of the
finite values of v's followers and every follower at ∞ or above m can be answered by a move back
to m (the counter c(v) proves that this cannot go on for ever); otherwise γ(v) = ∞(K), K the
finite values among the followers: some follower at ∞ lacks m, so play may go on for ever. A single
token on ∞(K) wins when 0 is in K, else it is a draw; a sum with one ∞(K) token wins when the
other tokens' nim-sum is in K; with two or more ∞ tokens it is a draw.

Examples
--------
>>> from sgstudio.games.graph.model.graph import GameGraph
>>> g = GameGraph.from_edges(3, [(0, 1), (1, 0), (2, 2)], loopy=True); g.add_token(0)
>>> print(why_loopy(g, 0))
<b>0</b> has followers 1 = ∞.<br>γ(0) = <b>∞</b>: mex of the finite values {} is 0, but 1 is ∞ \
without a follower of value 0, so from 1 the game can go on for ever. A single token here: a draw.
>>> print(draw_reason(g))
Draw: the token on 0 (∞) can keep the game going, e.g. 0 -> 1. Moves that keep the draw: 0 -> 1.
"""

from __future__ import annotations

from sgstudio.core.mex import mex
from sgstudio.core.outcome import Outcome
from sgstudio.games.graph.model.graph import GameGraph


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _finite(values: set) -> list[int]:
    return sorted(g for g in values if isinstance(g, int))


def why_loopy(model: GameGraph, v: int) -> str:
    """Why vertex ``v`` of a loopy graph has its value γ(v) (HTML)."""
    name, gamma = _html(model.label(v)), model.grundy(v)
    succ = sorted(model.successors(v), key=lambda w: (not isinstance(model.grundy(w), int),
                                                      str(model.grundy(w)), model.label(w)))
    if not succ:
        return f"<b>{name}</b> has no follower: no move, so γ({name}) = <b>0</b> (counter 0)."
    parts = ", ".join(f"{_html(model.label(w))} = {model.grundy(w)}" for w in succ)
    finite = _finite({model.grundy(w) for w in succ})
    m = mex(finite)
    head = f"<b>{name}</b> has followers {parts}.<br>"
    kset = "{" + ", ".join(map(str, finite)) + "}"
    if isinstance(gamma, int):
        return (f"{head}γ({name}) = <b>{gamma}</b>, the mex of the finite values {kset}, counter "
                f"{model.counter(v)}: every follower at ∞ or above {gamma} has a follower of value "
                f"{gamma} with a smaller counter, so a move there is answered and play still ends.")
    w = model.witness(v)
    single = "a win (move to a 0)" if 0 in finite else "a draw"
    return (f"{head}γ({name}) = <b>{gamma}</b>: mex of the finite values {kset} is {m}, but "
            f"{_html(model.label(w))} is ∞ without a follower of value {m}, so from "
            f"{_html(model.label(w))} the game can go on for ever. A single token here: {single}.")


def draw_reason(model: GameGraph, limit: int = 4) -> str:
    """Why the position on a loopy graph is a draw: the ∞ token(s) that keep the game going, and the
    moves that keep the draw (plain text; empty when the position is not a draw)."""
    if model.outcome() is not Outcome.DRAW:
        return ""
    label = model.label
    at_infinity = [v for v in model.tokens() if not isinstance(model.grundy(v), int)]
    infinite = sorted(set(at_infinity))
    keeping = model.drawing_moves()
    moves = ", ".join(f"{label(a)} -> {label(b)}" for a, b in keeping[:limit])
    if len(keeping) > limit:
        moves += f" and {len(keeping) - limit} more"
    if len(at_infinity) == 1:
        z = infinite[0]
        own = [m for m in keeping if m[0] == z] or [(z, model.witness(z))]
        text = (f"Draw: the token on {label(z)} ({model.grundy(z)}) can keep the game going, "
                f"e.g. {label(own[0][0])} -> {label(own[0][1])}.")
    else:
        where = _tokens_at_infinity(len(at_infinity), [label(z) for z in infinite], limit)
        text = f"Draw: {where}; each side can keep the game going with one of them."
    return f"{text} Moves that keep the draw: {moves}." if moves else text


def _tokens_at_infinity(tokens: int, vertices: list[str], limit: int) -> str:
    """How many tokens are at ∞, and on which vertices (at most ``limit`` named).

    >>> _tokens_at_infinity(5, ["0", "1", "2"], 4), _tokens_at_infinity(2, ["A"], 4)
    ('5 tokens are at ∞, on 3 vertices (0, 1, 2)', '2 tokens are at ∞, both on A')
    >>> _tokens_at_infinity(3, ["A", "B", "C"], 4), _tokens_at_infinity(6, list("ABCDEF"), 4)
    ('3 tokens are at ∞ (on A, B, C)', '6 tokens are at ∞ (on A, B, C, D and 2 more)')
    """
    names = ", ".join(vertices[:limit])
    if len(vertices) > limit:
        names += f" and {len(vertices) - limit} more"
    if len(vertices) == tokens:
        return f"{tokens} tokens are at ∞ (on {names})"
    if len(vertices) == 1:
        return f"{tokens} tokens are at ∞, {'both' if tokens == 2 else 'all'} on {names}"
    return f"{tokens} tokens are at ∞, on {len(vertices)} vertices ({names})"
