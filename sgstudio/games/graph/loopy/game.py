"""Tokens on a loopy graph (cycles and self-loops allowed), as a game of the play protocol.

A move takes one token one step along an out-edge; no move is a loss, and play that never ends
is a draw. Values are the generalized Sprague-Grundy values of :mod:`sgstudio.games.graph.loopy.values`,
the outcome of several tokens follows :mod:`sgstudio.games.graph.loopy.sums`, and the moves that
win (and make progress) or keep a draw come from :mod:`sgstudio.games.graph.loopy.moves`.

Examples
--------
A 3-cycle 0 -> 1 -> 2 -> 0 with an exit 2 -> 3 to a sink: γ = (1, 0, 2, 0). Vertex 4 has a
self-loop and an edge to 0: it is ∞{1}, a draw alone, a win beside a token of value 1.

>>> game = LoopyGame.from_edges(5, [(0, 1), (1, 2), (2, 0), (2, 3), (4, 4), (4, 0)])
>>> [str(game.gamma(v)) for v in range(5)]
['1', '0', '2', '0', '∞{1}']
>>> print(game.outcome((4,)), game.outcome((0, 4)), game.outcome((4, 4)), game.outcome((1, 3)))
DRAW WIN DRAW LOSE
>>> game.winning_moves((0, 4)), game.drawing_moves((4,))
([(4, 0)], [(4, 4)])
>>> game.value((1, 3)), game.value((0, 4))
(0, Infinite(followers=frozenset({0})))
>>> game.apply((0, 4), (4, 0)), game.move_text((4, 0), (0, 4), "ABCDE".__getitem__)
((0, 0), 'E -> A')
>>> [m.row() for m in game.analyse((0, 4)).moves], game.analyse((4,)).outcome
(['4 -> 0, value ∞{1} -> 1 (counter 0), makes progress'], <Outcome.DRAW: 'DRAW'>)
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import islice

import numpy as np

from sgstudio.core.analysis import MAX_COMPONENTS, MAX_MOVES, Analysis, Component, WinningMove
from sgstudio.core.contract import Label
from sgstudio.core.outcome import Outcome
from sgstudio.core.values import Gamma
from sgstudio.games.graph.loopy.moves import Move, TokenRules, apply_move
from sgstudio.games.graph.loopy.values import INF, LoopyValues, generalized_values_auto
from sgstudio.games.graph.tokens import TokenGame, token_move_text


class LoopyGame(TokenGame):
    """Tokens on a directed graph with vertices 0..n-1; a position is the sorted tuple of the
    tokens' vertices, a move is ``(from, to)``.

    :meth:`value` is the protocol's value: the generalized Sprague-Grundy value of the whole sum,
    an int (the nim-sum) when every token is finite, else an
    :class:`~sgstudio.games.graph.loopy.values.Infinite`. It is truthy exactly when the player to move wins;
    a falsy value is a loss when it is 0 and a draw when it is ∞ - use :meth:`outcome` to tell.
    """

    may_draw = True

    def __init__(self, successors: Sequence[Sequence[int]]) -> None:
        self.successors: tuple[tuple[int, ...], ...] = tuple(tuple(dict.fromkeys(s)) for s in successors)
        n = len(self.successors)
        src = np.array([u for u, succ in enumerate(self.successors) for _ in succ], np.int64)
        dst = np.array([v for succ in self.successors for v in succ], np.int64)
        self.values: LoopyValues = generalized_values_auto(n, src, dst)
        self.rules = TokenRules(self.successors, self.values.gamma.tolist(), self.values.counter.tolist())
        self._edges = set(zip(src.tolist(), dst.tolist(), strict=True))

    @classmethod
    def from_edges(cls, n: int, edges: Sequence[tuple[int, int]]) -> LoopyGame:
        """The game on vertices 0..n-1 with these edges (successors kept in edge order)."""
        successors: list[list[int]] = [[] for _ in range(n)]
        for u, v in edges:
            if not (0 <= u < n and 0 <= v < n):
                raise ValueError(f"edge {u} -> {v} has an endpoint outside 0..{n - 1}")
            successors[u].append(v)
        return cls(successors)

    def _is_edge(self, v: int, w: int) -> bool:
        return (v, w) in self._edges

    # -- per vertex --------------------------------------------------------------------------
    def gamma(self, v: int) -> Gamma:
        """γ(v): an int, or ∞(K) as an :class:`~sgstudio.games.graph.loopy.values.Infinite`."""
        return self.rules.gamma_of(v)

    def counter(self, v: int) -> int | None:
        """c(v), the counter that proves progress; None when γ(v) is ∞."""
        return None if self.rules.gamma[v] == INF else self.rules.counter[v]

    def witness(self, v: int) -> int | None:
        """Why γ(v) is ∞: the follower that keeps the game going (see
        :meth:`~sgstudio.games.graph.loopy.moves.TokenRules.witness`); None when γ(v) is finite."""
        return self.rules.witness(v)

    # -- the play protocol -------------------------------------------------------------------
    def _check(self, position: Sequence[int]) -> None:
        n = len(self.successors)
        for v in position:
            if not 0 <= v < n:
                raise ValueError(f"no vertex {v}: vertices are 0..{n - 1}")

    def legal_moves(self, position: Sequence[int]) -> list[Move]:
        """Every distinct (from, to): from a token's vertex (ascending) along an out-edge."""
        self._check(position)
        return [(v, w) for v in sorted(set(position)) for w in self.successors[v]]

    def apply(self, position: Sequence[int], move: Move) -> tuple[int, ...]:
        """The position after moving one token from ``move[0]`` to ``move[1]``."""
        self._check(position)
        v, w = move
        if v not in position:
            raise ValueError(f"no token on vertex {v}")
        if not self._is_edge(v, w):
            raise ValueError(f"{v} -> {w} is not an edge")
        return apply_move(position, move)

    def value(self, position: Sequence[int]) -> Gamma:
        """γ of the position (see the class docstring): truthy iff the player to move wins."""
        self._check(position)
        return self.rules.value(position)

    def outcome(self, position: Sequence[int]) -> Outcome:
        """WIN, LOSE or DRAW for the player to move."""
        self._check(position)
        return self.rules.outcome(position)

    def winning_moves(self, position: Sequence[int]) -> list[Move]:
        """Every move after which the opponent is lost; the progress moves come first."""
        self._check(position)
        return self.rules.winning_moves(position)

    def progress_moves(self, position: Sequence[int]) -> list[Move]:
        """The winning moves that make progress: played every time, they win in finitely many moves."""
        self._check(position)
        return self.rules.progress_moves(position)

    def drawing_moves(self, position: Sequence[int]) -> list[Move]:
        """Every move after which the opponent is in a draw (none unless the position is a draw
        or a win)."""
        self._check(position)
        return self.rules.drawing_moves(position)

    def potential(self, position: Sequence[int]) -> tuple[int, int] | None:
        """(sum of the values, sum of the counters), the measure progress moves lower; None with an ∞."""
        self._check(position)
        return self.rules.potential(position)

    # -- optional hooks ----------------------------------------------------------------------
    def remaining_length(self, position: Sequence[int]) -> int | None:
        """Moves left with best play on both sides, for one token; None for a draw or several tokens.

        A lost token on v lasts 2·c(v) moves; a won one 1 + 2·c(w) for its 0-follower w of least
        counter (see :mod:`sgstudio.games.graph.loopy.values`).
        """
        self._check(position)
        if len(position) != 1:
            return 0 if not position else None
        v = position[0]
        gamma, counter = self.rules.gamma, self.rules.counter
        if gamma[v] == 0:
            return 2 * counter[v]
        zeros = [counter[w] for w in self.successors[v] if gamma[w] == 0]
        return 1 + 2 * min(zeros) if zeros else None

    def candidate_moves(self, position: Sequence[int], limit: int) -> list[Move]:
        """The first ``limit`` legal moves, without listing them all (vertices of huge out-degree)."""
        self._check(position)
        moves = ((v, w) for v in sorted(set(position)) for w in self.successors[v])
        return list(islice(moves, limit))

    def analyse(self, position: Sequence[int], *, label: Label = str, max_moves: int | None = None
                ) -> Analysis:
        """Each token's γ, the value of the sum, who wins (DRAW possible) and every winning move, the
        progress moves first (the reason says which make progress)."""
        self._check(position)
        first: dict[int, int] = {}
        for i, v in enumerate(position):
            first.setdefault(v, i)
        components = tuple(Component(label(v), self.gamma(v)) for v in position[:MAX_COMPONENTS])
        progress = set(self.progress_moves(position))
        moves = []
        winning = self.winning_moves(position)
        for move in winning[:max_moves or MAX_MOVES]:
            v, w = move
            why = self.rules.move_reason(move, move in progress)
            moves.append(WinningMove(move, token_move_text(move, label), why, first[v], self.gamma(v),
                                     self.gamma(w)))
        count = len(winning)
        return Analysis(self.outcome(position), self.value(position), components, len(position),
                        tuple(moves), count, "token")
