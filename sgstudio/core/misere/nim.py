"""Misère Nim (Bouton) and the rule that decides misère sums of tame components.

Bouton: misère Nim is played as normal Nim unless every heap is 0 or 1; there the player to move
wins exactly when the number of heaps of size 1 is even. Equivalently (the "Anti-SG" or SJ form of
the judges): the player to move wins iff the nim-sum is not 0 and some heap exceeds 1, or the
nim-sum is 0 and no heap exceeds 1.

Genus theory (Conway) extends it to sums of tame games: a tame component has genus ``g^g0`` with
either ``g0 = g`` (*firm*) or ``{g, g0} = {0, 1}`` (*fickle*; nim heaps of 0 and 1 are fickle,
``*2 + *2`` is firm). A sum of tame games is tame, with ``g`` the nim-sum of the components' ``g``;
it is fickle exactly when every component is, and then ``g0 = g xor 1``, else ``g0 = g``. The
player to move wins iff ``g0`` of the sum is not 0 (:func:`tame_sum_wins`).

Examples
--------
>>> misere_nim_wins([3, 5, 1]), misere_nim_wins([1])
(True, False)
>>> misere_nim_winning_moves([1, 1, 3])   # leave three heaps of 1
[(2, 1)]
>>> tame_sum_wins([(2, 2), (2, 2)]), tame_sum_wins([(1, 0), (1, 0)])
(False, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence


def misere_nim_wins(heaps: Iterable[int]) -> bool:
    """Whether the player to move wins misère Nim on ``heaps`` (Bouton's rule).

    >>> misere_nim_wins([]), misere_nim_wins([2, 2]), misere_nim_wins([1, 1])
    (True, False, True)
    """
    total, big = 0, False
    for h in heaps:
        total ^= h
        big = big or h > 1
    return total != 0 if big else total == 0


def misere_nim_winning_moves(heaps: Sequence[int]) -> list[tuple[int, int]]:
    """Every winning move of misère Nim as ``(heap_index, heap_left)``, by heap then size left.

    Misère Nim has few heaps' worth of candidates: a winning move leaves a misère P-position, so
    it is found by trying, for each heap, the sizes that Bouton's rule can make P (the normal
    target ``h xor total`` and, where the other heaps are all 0 or 1, the sizes 0 and 1).

    >>> misere_nim_winning_moves([2, 2]), misere_nim_winning_moves([1, 1, 1])
    ([], [])
    >>> misere_nim_winning_moves([1, 2])
    [(1, 0)]
    """
    total = 0
    for h in heaps:
        total ^= h
    moves = []
    for i, h in enumerate(heaps):
        others = [x for j, x in enumerate(heaps) if j != i]
        for left in sorted({h ^ total, 0, 1}):
            if left < h and not misere_nim_wins([*others, left]):
                moves.append((i, left))
    return moves


def tame_sum_wins(genera: Iterable[tuple[int, int]]) -> bool:
    """Whether the player to move wins a misère sum of tame components of genera ``(g, g0)``.

    Raises ValueError for a genus that is not tame (``g0`` neither ``g`` nor, for ``g <= 1``,
    ``1 - g``): genus theory decides only sums of tame games.

    >>> tame_sum_wins([(0, 1)]), tame_sum_wins([(1, 0)]), tame_sum_wins([(3, 3), (1, 0)])
    (True, False, True)
    """
    total, fickle = 0, True
    for g, g0 in genera:
        if g0 == g:
            fickle = False
        elif not (g <= 1 and g0 == 1 - g):
            raise ValueError(f"genus {g}^{g0} is not tame")
        total ^= g
    return (total ^ 1 if fickle else total) != 0


def judge_rule_wins(values: Iterable[int]) -> bool:
    """The judges' "Anti-SG" rule on Grundy values of components that play as nim heaps: the player
    to move wins iff the nim-sum is not 0 and some value exceeds 1, or it is 0 and none does.

    >>> judge_rule_wins([3, 5, 1]), judge_rule_wins([1]), judge_rule_wins([0, 0])
    (True, False, True)
    """
    return misere_nim_wins(values)
