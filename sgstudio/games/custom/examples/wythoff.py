"""Wythoff's game: two heaps; take any number of counters from one heap, or the same number from both.

The P-positions (the player to move loses) are (floor(n·phi), floor(n·phi²)) and their mirror
images, phi the golden ratio (Wythoff 1907).
"""

name = "Wythoff"
start = (3, 5)


def options(p):
    a, b = p
    for k in range(1, a + 1):
        yield (a - k, b)
    for k in range(1, b + 1):
        yield (a, b - k)
    for k in range(1, min(a, b) + 1):
        yield (a - k, b - k)
