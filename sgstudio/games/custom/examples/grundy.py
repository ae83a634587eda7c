"""Grundy's game: split one heap into two heaps of different sizes; a heap of 1 or 2 cannot be split.

The two heaps are a sum (the option is a list of them). The studio's take-and-break rule
``grundy`` computes the same values with its own engine.
"""

name = "Grundy's game"
start = 10


def options(n):
    return [[k, n - k] for k in range(1, (n + 1) // 2) if k != n - k]
