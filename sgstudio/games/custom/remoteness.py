"""Remoteness: how many moves the game lasts under best play, the winner hurrying, the loser delaying.

Steinhaus' remoteness (Winning Ways, ch. 9; Gamesman's "remoteness"): a position with no move has
remoteness 0; a won position 1 + the least remoteness of its lost options (the winner moves to
the quickest loss), a lost position 1 + the greatest remoteness of its options (all won: the loser
picks the slowest). A drawn position has none. It is defined on whole positions and has no rule
for disjunctive sums: Winning Ways' rules (min, max) are for *conjunctive* and selective compounds,
where every component moves; in a sum, where one component moves at a time, the remoteness of the
whole is not a function of the components' remotenesses. So:

- a game without sum options: the retrograde pass over the whole graph at once
  (:func:`sgstudio.games.custom.kernels.retrograde`), by the rules alone;
- a game with sum options, or a sum asked about: a search over *whole sums* (multisets of
  positions, components with no move dropped) from the position asked, pruned by the outcomes the
  values give (from a won sum only the moves to lost sums are followed), then the same retrograde
  on that graph. It stops at :data:`MAX_STATES` sums, saying so.

Node 0 has one option, the sum node 1 of two copies of node 2, a heap of one (2 -> 3, a sink);
nodes 0 and 2 have value 1:

>>> import numpy as np
>>> start, heads = np.array([0, 1, 3, 4, 4]), np.array([1, 2, 2, 3])
>>> outcome = lambda comps: WIN if len(comps) % 2 else LOSE     # the XOR of values all 1
>>> search = SumRemoteness(start, heads, np.array([0, 1, 0, 0], bool), outcome)
>>> search.of((0,)), search.of((0, 0)), search.of((2, 2, 2))
(3, 6, 3)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from sgstudio.games.custom.errors import LimitError
from sgstudio.games.custom.kernels import DRAW, LOSE, WIN, retrograde

MAX_STATES = 200_000
"""Whole sums a remoteness search may visit."""
MAX_PARTS = 256
"""Components a whole sum may hold in a remoteness search."""

__all__ = ["DRAW", "LOSE", "MAX_STATES", "WIN", "SumRemoteness", "plain_remoteness"]


def plain_remoteness(start: np.ndarray, heads: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(codes, remoteness)`` of every node of a game without sum nodes (codes LOSE 0, WIN 1, DRAW 2;
    remoteness -1 for a draw).

    >>> [a.tolist() for a in plain_remoteness(np.array([0, 1, 2, 2]), np.array([1, 2]))]
    [[0, 1, 0], [2, 1, 0]]
    """
    return retrograde(start, heads)


class SumRemoteness:
    """Remoteness of whole sums of positions of one explored game (see the module docstring).

    Parameters
    ----------
    start, heads, is_sum : numpy.ndarray
        The explored game (CSR; a sum node's row lists its parts).
    outcome : callable
        ``outcome(components)``: LOSE, WIN or DRAW of a sum (a sorted tuple of plain node ids), from
        the values.
    max_states : int
        How many sums a search may visit.
    """

    def __init__(self, start: np.ndarray, heads: np.ndarray, is_sum: np.ndarray,
                 outcome: Callable[[tuple[int, ...]], int], max_states: int = MAX_STATES) -> None:
        self.start, self.heads = np.asarray(start).tolist(), np.asarray(heads).tolist()
        self.is_sum = np.asarray(is_sum, bool).tolist()
        self.outcome = outcome
        self.max_states = max_states
        self._moves: dict[int, list[tuple[int, ...]]] = {}
        self._known: dict[tuple[int, ...], int | None] = {}

    def live(self, parts: Sequence[int]) -> tuple[int, ...]:
        """The components that still have a move, sorted (a sum node stands for its parts)."""
        out: list[int] = []
        for v in parts:
            if self.is_sum[v]:
                out.extend(self.live(self.heads[self.start[v]:self.start[v + 1]]))
            elif self.start[v + 1] > self.start[v]:
                out.append(v)
        return tuple(sorted(out))

    def _component_moves(self, c: int) -> list[tuple[int, ...]]:
        found = self._moves.get(c)
        if found is None:
            found = [self.live((o,)) for o in self.heads[self.start[c]:self.start[c + 1]]]
            self._moves[c] = found
        return found

    def children(self, state: tuple[int, ...]) -> list[tuple[int, ...]]:
        """Every sum one move away (a move in one component)."""
        out = []
        for j, c in enumerate(state):
            if j and state[j - 1] == c:
                continue
            rest = state[:j] + state[j + 1:]
            out.extend(tuple(sorted(rest + add)) if rest else add for add in self._component_moves(c))
        return out

    def of(self, parts: Sequence[int]) -> int | None:
        """The remoteness of the sum of ``parts`` (node ids), None for a draw; LimitError beyond
        ``max_states`` sums."""
        root = self.live(parts)
        if root in self._known:
            return self._known[root]
        if self.outcome(root) == DRAW:
            return None
        index, keys, src, dst = {root: 0}, [root], [], []
        i = 0
        while i < len(keys):
            state = keys[i]
            won = self.outcome(state) == WIN
            for child in self.children(state):
                if won and self.outcome(child) != LOSE:
                    continue
                j = index.get(child)
                if j is None:
                    if len(keys) >= self.max_states or len(child) > MAX_PARTS:
                        raise LimitError(f"stopped: the remoteness of this position needs more than "
                                         f"{self.max_states:,} whole sums of positions, or sums of more than "
                                         f"{MAX_PARTS} components")
                    j = index[child] = len(keys)
                    keys.append(child)
                src.append(i)
                dst.append(j)
            i += 1
        order = np.argsort(np.array(src, np.int64), kind="stable")
        start = np.searchsorted(np.array(src, np.int64)[order], np.arange(len(keys) + 1))
        codes, far = retrograde(start, np.array(dst, np.int64)[order])
        for state, k in index.items():
            if codes[k] != DRAW:
                self._known[state] = int(far[k])
        return self._known.get(root)
