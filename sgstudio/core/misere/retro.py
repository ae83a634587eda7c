"""A misère retrograde analysis of every position reachable from a start: outcome and remoteness.

Any game whose positions are hashable (tokens on a graph with or without cycles, a sum of such
components) is explored from ``start`` along its moves; then, from the ends backwards, every
position gets its misère outcome for the player to move: a position with no move is a WIN (the
opponent made the last move), a position is a WIN when some move leads to a LOSE, a LOSE when every
move leads to a WIN, and a DRAW when neither can be forced (play that never ends). No theory is
used, so it holds with cycles too, where misère play has no sum rule.

The *remoteness* of a decided position is how long the game lasts with best play: the winner ends
it as soon as it can, the loser holds out as long as it can (found level by level: the first level
is the positions with no move, remoteness 0). A winning move that leaves a LOSE of the least
remoteness is a *progress move*: always playing one wins in at most that many moves, even on a
graph with cycles.

Bounded: more than ``limit`` reachable positions stop the exploration with
:class:`~sgstudio.core.misere.search.SearchLimitError`, whose message says so (never a guess).

Examples
--------
A 2-cycle 0 <-> 1 with the exit 1 -> 2 (a dead end), one token:

>>> succ = ((1,), (0, 2), ())
>>> def moves(p):
...     return [((v, w), tuple(sorted((*p[:i], w, *p[i + 1:])))) for i, v in enumerate(p) for w in succ[v]]
>>> table = MisereTable(moves, (0,))
>>> [str(table.outcome((v,))) for v in range(3)], table.remoteness((2,)), table.remoteness((0,))
(['DRAW', 'DRAW', 'WIN'], 0, None)
>>> len(table), (1,) in table, (5,) in table
(3, True, False)
"""

from __future__ import annotations

from array import array
from collections import deque
from collections.abc import Callable, Hashable, Iterable
from typing import Any

from sgstudio.core.misere.search import SearchLimitError
from sgstudio.core.outcome import Outcome

DEFAULT_LIMIT = 200_000
"""Reachable positions a table may hold (some 100 MB at most; a few seconds of work)."""

Moves = Callable[[Any], Iterable[tuple[Any, Hashable]]]
"""``moves(position)``: every ``(move, position_after)`` of a position, in the game's order."""

_WIN, _LOSE = 1, 2


class MisereTable:
    """Every position reachable from ``start`` by ``moves``, with its misère outcome and remoteness.

    ``what`` names the positions in the refusal past ``limit`` (``"positions of 3 tokens"``);
    ``progress(done, limit)`` hears every 4,096 positions found (it may raise to cancel).
    """

    def __init__(self, moves: Moves, start: Hashable, limit: int = DEFAULT_LIMIT,
                 what: str = "positions", progress: Callable[[int, int], None] | None = None) -> None:
        self.moves = moves
        self.start = start
        index: dict[Hashable, int] = {start: 0}
        order = [start]
        heads, begin = array("q"), array("q", [0])
        i = 0
        while i < len(order):
            for _, after in moves(order[i]):
                j = index.get(after)
                if j is None:
                    if len(order) >= limit:
                        raise SearchLimitError(
                            f"the misère retrograde analysis stopped at its bound: more than {limit:,} "
                            f"{what} are reachable from here (too big to analyse whole; no theorem "
                            "decides misère play with cycles)")
                    j = index[after] = len(order)
                    order.append(after)
                    if progress is not None and not j & 4095:
                        progress(j, limit)
                heads.append(j)
            begin.append(len(heads))
            i += 1
        self.index, self.order = index, order
        self.state, self.rem = self._solve(len(order), heads, begin)

    @staticmethod
    def _solve(n: int, heads: array, begin: array) -> tuple[bytearray, array]:
        count = array("q", bytes(8 * (n + 1)))
        for w in heads:
            count[w + 1] += 1
        for v in range(n):
            count[v + 1] += count[v]
        preds = array("q", bytes(8 * len(heads)))
        fill = array("q", count[:n])
        for u in range(n):
            for k in range(begin[u], begin[u + 1]):
                w = heads[k]
                preds[fill[w]] = u
                fill[w] += 1
        state = bytearray(n)
        rem = array("q", bytes(8 * n))
        left = array("q", (begin[u + 1] - begin[u] for u in range(n)))
        queue: deque[int] = deque()
        for u in range(n):
            if not left[u]:
                state[u] = _WIN  # misère: no move, the player to move wins
                queue.append(u)
        while queue:
            w = queue.popleft()
            lost = state[w] == _LOSE
            for k in range(count[w], count[w + 1]):
                u = preds[k]
                if state[u]:
                    continue
                if lost:
                    state[u], rem[u] = _WIN, rem[w] + 1
                    queue.append(u)
                else:
                    left[u] -= 1
                    if not left[u]:
                        state[u], rem[u] = _LOSE, rem[w] + 1
                        queue.append(u)
        return state, rem

    def __len__(self) -> int:
        return len(self.order)

    def __contains__(self, position: Hashable) -> bool:
        return position in self.index

    def outcome(self, position: Hashable) -> Outcome:
        """WIN, LOSE or DRAW for the player to move (KeyError for a position not in the table)."""
        s = self.state[self.index[position]]
        return Outcome.WIN if s == _WIN else Outcome.LOSE if s == _LOSE else Outcome.DRAW

    def remoteness(self, position: Hashable) -> int | None:
        """Moves left with best play (the winner hurrying, the loser holding out); None for a DRAW."""
        i = self.index[position]
        return self.rem[i] if self.state[i] else None

    def options(self, position: Hashable) -> list[tuple[Any, Hashable, Outcome, int | None]]:
        """Every ``(move, after, outcome of after, remoteness of after)`` of a position in the table."""
        return [(m, a, self.outcome(a), self.remoteness(a)) for m, a in self.moves(position)]

    def winning_moves(self, position: Hashable) -> list[Any]:
        """Every move to a LOSE, the progress moves (least remoteness) first, then in the game's order."""
        found = [(r, k, m) for k, (m, _, o, r) in enumerate(self.options(position)) if o is Outcome.LOSE]
        return [m for _, _, m in sorted(found, key=lambda f: f[:2])]

    def progress_moves(self, position: Hashable) -> list[Any]:
        """The winning moves that leave a LOSE of the least remoteness (see the module)."""
        found = [(r, m) for m, _, o, r in self.options(position) if o is Outcome.LOSE]
        least = min((r for r, _ in found), default=None)
        return [m for r, m in found if r == least]

    def drawing_moves(self, position: Hashable) -> list[Any]:
        """Every move to a DRAW."""
        return [m for m, _, o, _ in self.options(position) if o is Outcome.DRAW]
