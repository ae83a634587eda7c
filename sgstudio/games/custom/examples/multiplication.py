"""A multiplication game (HDU 1517): p starts at 1; a move multiplies it by 2, 3, ..., or 9.

Whoever first makes p >= N wins (N = 162 here: change it). Every p >= N is one position, N, the
end: lost for the player to move, since the opponent just won.
"""

name = "Multiplication game (HDU 1517)"
N = 162
start = 1


def options(p):
    if p >= N:
        return []
    return sorted({min(p * k, N) for k in range(2, 10)})
