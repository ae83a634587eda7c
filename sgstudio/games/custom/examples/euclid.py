"""Euclid's game (POJ 2348): two numbers; subtract a positive multiple of the smaller from the larger.

The result may not be negative. Whoever makes a number 0 wins (so a position with a 0 in it is
lost for the player to move: the opponent just won).
"""

name = "Euclid's game"
start = (34, 12)


def options(p):
    a, b = max(p), min(p)
    if b == 0:
        return []
    return [(max(a - k * b, b), min(a - k * b, b)) for k in range(1, a // b + 1)]


def text(p):
    return f"{max(p)} and {min(p)}"
