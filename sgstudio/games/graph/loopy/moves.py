"""Which moves of tokens on a loopy graph win, which keep a draw, and which make progress.

Theory. A move takes one token one step; the outcome after it (for the opponent, now to move)
follows from the rules of sums (:mod:`sgstudio.games.graph.loopy.sums`), and it costs O(1) plus
one look at a follower list per move: only the moved component changes. A move *wins* when the
opponent is then lost (every component finite, nim-sum 0); it *keeps the draw* when the opponent
is then in a draw.

Progress. Moving to a lost position is not enough with cycles: the loser may move a token up
(to a larger value or to ∞) and a careless winner may move it back for ever. Give every position
whose values are all finite the *potential* Φ = (sum of the values, sum of the counters), compared
lexicographically. From a lost position P the loser either lowers a component (then some move
lowers another one too, by Nim, and the sum of the values drops), or raises one from x to a larger
value or to ∞; condition (B) of :mod:`sgstudio.games.graph.loopy.values` then gives a move back to x with a
smaller counter, so the sum of the values stays and the sum of the counters drops. Either way the
winner has a move to a lost position P' with Φ(P') < Φ(P). Playing a winning move of *least*
potential (a *progress move*) therefore lowers Φ at every turn of the winner, and a potential in
N x N cannot drop for ever: the winner wins in finitely many moves, whatever the loser does.

Examples
--------
Vertices 0 <-> 1 and 1 -> 2, with 2 a sink: γ = (0, 1, 0) and c = (1, 0, 0). From a token on 1
both moves to a 0 win, but only 1 -> 2 has the least counter (it ends the game):

>>> rules = TokenRules([(1,), (0, 2), ()], [0, 1, 0], [1, 0, 0])
>>> print(rules.outcome((1,)), rules.winning_moves((1,)), rules.progress_moves((1,)))
WIN [(1, 2), (1, 0)] [(1, 2)]
>>> rules.potential((0,)), rules.potential((2,))
((0, 1), (0, 0))

A self-loop keeps a vertex at ∞; here 3 -> 3 is why 3 = ∞{0} (3 -> 2 moves to a 0):

>>> rules = TokenRules([(1,), (0, 2), (), (3, 2)], [0, 1, 0, INF], [1, 0, 0, -1])
>>> str(rules.gamma_of(3)), rules.witness(3), rules.witness(1)
('∞{0}', 3, None)
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Sequence

from sgstudio.core.outcome import Outcome
from sgstudio.core.values import Gamma, Infinite
from sgstudio.games.graph.loopy.values import INF

Move = tuple[int, int]
Tokens = Sequence[int]


class TokenRules:
    """Values, outcomes and classified moves of tokens on a graph whose γ and c are known.

    Parameters
    ----------
    successors : sequence
        ``successors[v]`` iterates over v's followers, each once, in the order moves are listed.
    gamma, counter : sequence of int
        γ(v) (:data:`~sgstudio.games.graph.loopy.values.INF` for ∞) and c(v) (unused for ∞).

    Positions are sequences of token vertices (several tokens may share one); moves are
    ``(from, to)``, listed from the token vertices in ascending order.
    """

    def __init__(self, successors: Sequence[Iterable[int]], gamma: Sequence[int],
                 counter: Sequence[int]) -> None:
        self.successors = successors
        self.gamma = gamma
        self.counter = counter

    # -- values ------------------------------------------------------------------------------
    def reach(self, v: int) -> frozenset[int]:
        """K(v): the finite values among v's followers."""
        gamma = self.gamma
        return frozenset(gamma[w] for w in self.successors[v] if gamma[w] != INF)

    def gamma_of(self, v: int) -> Gamma:
        """γ(v): an int, or :class:`~sgstudio.games.graph.loopy.values.Infinite` with K(v)."""
        g = self.gamma[v]
        return Infinite(self.reach(v)) if g == INF else g

    def witness(self, v: int) -> int | None:
        """Why γ(v) is ∞: a follower w at ∞ whose K lacks m = mex K(v) (condition (C)), so that a
        move to w can never be answered by a move to m; the first such in order. None when γ(v)
        is finite. For a drawn token it is a move that keeps the draw (then m = 0)."""
        gamma = self.gamma
        if gamma[v] != INF:
            return None
        reach = self.reach(v)
        m = 0
        while m in reach:
            m += 1
        for w in self.successors[v]:
            if gamma[w] == INF and m not in self.reach(w):
                return w
        raise AssertionError(f"vertex {v} is ∞ without a follower that keeps it so")

    def value(self, tokens: Tokens) -> Gamma:
        """γ of the sum of the tokens: the nim-sum, or ∞(K ⊕ a) with one ∞ token, or ∞ with more."""
        total, infinite = self._split(tokens)
        if not infinite:
            return total
        if len(infinite) > 1:
            return Infinite(frozenset())
        return Infinite(frozenset(k ^ total for k in self.reach(infinite[0])))

    def outcome(self, tokens: Tokens) -> Outcome:
        """WIN, LOSE or DRAW for the player to move."""
        total, infinite = self._split(tokens)
        return self._outcome(total, infinite, {})

    def potential(self, tokens: Tokens) -> tuple[int, int] | None:
        """Φ = (sum of the values, sum of the counters), or None when some value is ∞."""
        if any(self.gamma[v] == INF for v in tokens):
            return None
        return sum(self.gamma[v] for v in tokens), sum(self.counter[v] for v in tokens)

    def _split(self, tokens: Tokens) -> tuple[int, list[int]]:
        """The nim-sum of the finite tokens, and the ∞ tokens."""
        total, infinite = 0, []
        for v in tokens:
            g = self.gamma[v]
            if g == INF:
                infinite.append(v)
            else:
                total ^= g
        return total, infinite

    def _outcome(self, total: int, infinite: Sequence[int], reach: dict[int, frozenset[int]]) -> Outcome:
        if not infinite:
            return Outcome.WIN if total else Outcome.LOSE
        if len(infinite) > 1:
            return Outcome.DRAW
        z = infinite[0]
        if z not in reach:
            reach[z] = self.reach(z)
        return Outcome.WIN if total in reach[z] else Outcome.DRAW

    # -- moves -------------------------------------------------------------------------------
    def moves(self, tokens: Tokens) -> list[tuple[Move, Outcome]]:
        """Every distinct move, with the outcome for the opponent after it."""
        gamma = self.gamma
        total, infinite = self._split(tokens)
        reach: dict[int, frozenset[int]] = {}
        out = []
        for v in sorted(set(tokens)):
            gv = gamma[v]
            rest = list(infinite)
            if gv == INF:
                rest.remove(v)
            base = total if gv == INF else total ^ gv
            for w in self.successors[v]:
                gw = gamma[w]
                after = (self._outcome(base, [*rest, w], reach) if gw == INF
                         else self._outcome(base ^ gw, rest, reach))
                out.append(((v, w), after))
        return out

    def winning_moves(self, tokens: Tokens) -> list[Move]:
        """Every move that leaves the opponent lost, progress moves first (then by potential after)."""
        wins = [move for move, after in self.moves(tokens) if after is Outcome.LOSE]
        return sorted(wins, key=lambda move: self.potential(apply_move(tokens, move)))  # type: ignore[arg-type,return-value]

    def progress_moves(self, tokens: Tokens) -> list[Move]:
        """The winning moves of least potential after them (see the module docstring)."""
        wins = self.winning_moves(tokens)
        if not wins:
            return []
        least = self.potential(apply_move(tokens, wins[0]))
        return [m for m in wins if self.potential(apply_move(tokens, m)) == least]

    def drawing_moves(self, tokens: Tokens) -> list[Move]:
        """Every move that leaves the opponent in a draw (from a draw there is always one)."""
        return [move for move, after in self.moves(tokens) if after is Outcome.DRAW]

    def move_reason(self, move: Move, progress: bool) -> str:
        """Why a winning move wins, in words: the moved token's value before and after, the counter
        it is left with, and whether the move makes progress (a least potential after it).

        >>> rules = TokenRules([(1,), (0, 2), ()], [0, 1, 0], [1, 0, 0])
        >>> rules.move_reason((1, 2), True), rules.move_reason((1, 0), False)
        ('value 1 -> 0 (counter 0), makes progress', 'value 1 -> 0 (counter 1)')
        """
        v, w = move
        counter = "" if self.gamma[w] == INF else f" (counter {self.counter[w]})"
        done = ", makes progress" if progress else ""
        return f"value {self.gamma_of(v)} -> {self.gamma_of(w)}{counter}{done}"


def apply_move(tokens: Tokens, move: Move) -> tuple[int, ...]:
    """The sorted tokens after moving one token from ``move[0]`` to ``move[1]`` (no checks).

    >>> apply_move((1, 3, 3), (3, 0))
    (0, 1, 3)
    """
    v, w = move
    after = sorted(tokens)
    after.remove(v)
    bisect.insort(after, w)
    return tuple(after)
