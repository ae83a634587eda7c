"""The cutting game (POJ 2311): cut a W x H sheet of squared paper along a grid line into two pieces.

Players take turns; a move picks one piece and cuts it in two. Whoever first cuts out a 1 x 1
square wins. Cutting off a strip 1 wide hands the opponent a 1 x 1 at once, so no one does it:
a move keeps both pieces at least 2 wide and 2 high, and a sheet with no such cut (2 x 2, 2 x 3,
3 x 3) is lost for the player to move. The two pieces are a sum: the option is a list of them.
"""

name = "Cutting game (POJ 2311)"
start = (4, 5)


def sheet(w, h):
    """A piece, its sides in order (a 3 x 2 sheet is a 2 x 3 one)."""
    return (min(w, h), max(w, h))


def options(p):
    w, h = p
    for i in range(2, w - 1):
        yield [sheet(i, h), sheet(w - i, h)]
    for j in range(2, h - 1):
        yield [sheet(w, j), sheet(w, h - j)]


def text(p):
    return f"{p[0]} x {p[1]}"
