"""A loopy subtraction game: take 2 or 3 counters from a heap, or add 2 to a heap of 1, 4, 7, 10 or 13.

A heap holds at most 14 counters. Adding undoes taking, so play may go on for ever (a draw). The
values are generalized Sprague-Grundy values: a nimber, or ∞(K) (K the finite values of the
options): ∞ with 0 in K is a win (move to a 0), without it a draw.
"""

name = "Loopy subtraction"
TOP = 14
start = 7


def options(n):
    moves = [n - k for k in (2, 3) if k <= n]
    if n % 3 == 1 and n + 2 <= TOP:
        moves.append(n + 2)
    return moves
