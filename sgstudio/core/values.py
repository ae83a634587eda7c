"""Values every game shares: nimbers, ∞(K), and the values of sums of them (Smith 1966).

A game's position has a generalized Sprague-Grundy value: a nimber m >= 0 (a Grundy value; every
finite game has one) or ∞(K) when play may go on for ever, K the finite values among the followers.
A sum of games (a move moves in one of them) has the value

- the XOR of the values when all are finite: the player to move wins iff it is not 0, as in Nim;
- ∞(K ⊕ a) when exactly one component is ∞(K) and the others XOR to a: the player to move wins iff
  a is in K (move that component to a follower of value a, leaving nim-sum 0), else it is a draw;
- ∞ (with K empty) when two or more components are ∞: a draw.

Examples
--------
>>> sum_value([3, 5]), sum_value([Infinite(frozenset({1, 6})), 3, 5])   # 3 ^ 5 = 6 is in K
(6, Infinite(followers=frozenset({0, 7})))
>>> two_draws = sum_value([Infinite(frozenset({0}))] * 2)
>>> print(*[outcome_of(v) for v in (6, 0, Infinite(frozenset({6})), two_draws)])
WIN LOSE DRAW DRAW
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from sgstudio.core.outcome import Outcome


@dataclass(frozen=True, slots=True)
class Infinite:
    """The value ∞(K) of a vertex (or a sum) from which the game may go on for ever.

    ``followers`` is K, the finite values among the followers. It is truthy exactly when the
    player to move wins (0 in K: move to a 0); a falsy ∞ is a draw.

    >>> str(Infinite(frozenset({2, 0}))), str(Infinite(frozenset())), bool(Infinite(frozenset({0})))
    ('∞{0,2}', '∞', True)
    """

    followers: frozenset[int]

    def __str__(self) -> str:
        if not self.followers:
            return "∞"
        return "∞{" + ",".join(map(str, sorted(self.followers))) + "}"

    def __bool__(self) -> bool:
        return 0 in self.followers


Gamma = int | Infinite
"""A generalized Sprague-Grundy value: a nimber, or ∞(K)."""

def sum_value(values: Iterable[Gamma]) -> Gamma:
    """γ of the sum of games with these values (see the module docstring).

    >>> sum_value([]), sum_value([Infinite(frozenset({1})), Infinite(frozenset({1}))])
    (0, Infinite(followers=frozenset()))
    """
    total = 0
    infinite: list[Infinite] = []
    for value in values:
        if isinstance(value, Infinite):
            infinite.append(value)
        else:
            total ^= value
    if not infinite:
        return total
    if len(infinite) > 1:
        return Infinite(frozenset())
    return Infinite(frozenset(k ^ total for k in infinite[0].followers))


def outcome_of(value: Gamma) -> Outcome:
    """WIN, LOSE or DRAW for the player to move in a game (or a sum) of value ``value``.

    >>> print(outcome_of(0), outcome_of(Infinite(frozenset({0, 1}))))
    LOSE WIN
    """
    if isinstance(value, Infinite):
        return Outcome.WIN if value else Outcome.DRAW
    return Outcome.WIN if value else Outcome.LOSE
