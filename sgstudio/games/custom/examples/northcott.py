"""Northcott's game: a board of rows; each row holds one white and one black piece.

White moves a white piece, Black a black one, anywhere along its row, towards the other piece or
away from it, but never onto or over it. Whoever cannot move loses. The player to move is part of
the position, so the game is impartial as a graph of positions; since a piece may move away and
back, play can cycle (a loopy game), but it never needs to: it is Nim on the gaps between the
pieces, a move away being undone by the opponent following.
"""

name = "Northcott's game"
WIDTH = 5
start = ("white", ((0, 3), (4, 1)))   # (whose turn, ((white column, black column) per row))


def options(p):
    turn, rows = p
    other = "black" if turn == "white" else "white"
    for i, (w, b) in enumerate(rows):
        mine, theirs = (w, b) if turn == "white" else (b, w)
        free = range(theirs + 1, WIDTH) if mine > theirs else range(0, theirs)
        for c in free:
            if c != mine:
                row = (c, b) if turn == "white" else (w, c)
                yield (other, (*rows[:i], row, *rows[i + 1:]))


def text(p):
    turn, rows = p
    cells = []
    for w, b in rows:
        cells.append("".join("W" if c == w else "B" if c == b else "." for c in range(WIDTH)))
    return f"{turn}: " + " / ".join(cells)
