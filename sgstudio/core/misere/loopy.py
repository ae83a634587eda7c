"""Tokens on a graph with cycles under misère play: a retrograde analysis of the whole position.

A position is the multiset of the tokens' vertices; a move takes one token one step along an edge.
In misère play a position with no move is won by the player to move. Retrograde analysis over
every position reachable from the start: a position is LOSE when every move leads to a WIN, WIN
when some move leads to a LOSE (found level by level from the ends, so each WIN has a finite
winning line), and DRAW otherwise (play that never ends). No Sprague–Grundy theory is used: misère
play has no ∞(K) sum rule. Bounded by ``limit`` positions: beyond it :class:`~.search.SearchLimitError`.

Examples
--------
A 2-cycle 0 <-> 1 with an exit 1 -> 2 (a dead end): one token on 2 cannot move (WIN in misère);
on 1 the mover must avoid 2, and the token goes round for ever.

>>> succ = ((1,), (0, 2), ())
>>> [str(retrograde(succ, (v,)).outcome) for v in range(3)]
['DRAW', 'DRAW', 'WIN']
>>> r = retrograde(((1,), ()), (0,))   # 0 -> 1, a dead end: moving there hands the win over
>>> str(r.outcome), r.winning_moves
('LOSE', [])
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

from sgstudio.core.misere.search import SearchLimitError
from sgstudio.core.outcome import Outcome

DEFAULT_LIMIT = 2_000_000


@dataclass(frozen=True)
class LoopyMisere:
    """The outcome of the start, its winning moves ``(from, to)`` (to a LOSE position), its drawing
    moves (to a DRAW position), and the positions analysed."""

    outcome: Outcome
    winning_moves: list[tuple[int, int]]
    drawing_moves: list[tuple[int, int]]
    positions: int


def _moves(successors: Sequence[Sequence[int]], position: tuple[int, ...]) -> list[tuple[tuple[int, int],
                                                                                        tuple[int, ...]]]:
    out, seen = [], set()
    for i, v in enumerate(position):
        if v in seen:
            continue
        seen.add(v)
        rest = position[:i] + position[i + 1:]
        for w in dict.fromkeys(successors[v]):
            out.append(((v, w), tuple(sorted((*rest, w)))))
    return out


def retrograde(successors: Sequence[Sequence[int]], start: Sequence[int], limit: int = DEFAULT_LIMIT
               ) -> LoopyMisere:
    """Misère outcome of tokens ``start`` on the graph ``successors`` (see the module)."""
    start = tuple(sorted(start))
    index: dict[tuple[int, ...], int] = {start: 0}
    order, edges = [start], []
    i = 0
    while i < len(order):
        here = []
        for _, after in _moves(successors, order[i]):
            j = index.get(after)
            if j is None:
                if len(order) >= limit:
                    raise SearchLimitError(f"the misère retrograde analysis stopped at its bound: more than "
                                      f"{limit:,} positions of {len(start)} tokens are reachable")
                j = index[after] = len(order)
                order.append(after)
            here.append(j)
        edges.append(here)
        i += 1
    preds: list[list[int]] = [[] for _ in order]
    for u, out in enumerate(edges):
        for w in out:
            preds[w].append(u)
    result: list[Outcome | None] = [None] * len(order)
    left = [len(out) for out in edges]
    queue = deque()
    for u, out in enumerate(edges):
        if not out:
            result[u] = Outcome.WIN  # misère: no move, the player to move wins
            queue.append(u)
    while queue:
        w = queue.popleft()
        for u in preds[w]:
            if result[u] is not None:
                continue
            if result[w] is Outcome.LOSE:
                result[u] = Outcome.WIN
                queue.append(u)
            else:
                left[u] -= 1
                if left[u] == 0:
                    result[u] = Outcome.LOSE
                    queue.append(u)
    final = [Outcome.DRAW if r is None else r for r in result]
    wins, draws = [], []
    for move, after in _moves(successors, start):
        if final[index[after]] is Outcome.LOSE:
            wins.append(move)
        elif final[index[after]] is Outcome.DRAW:
            draws.append(move)
    return LoopyMisere(final[0], wins, draws, len(order))
