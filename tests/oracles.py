"""Brute-force win/lose searches over whole positions, by the rules alone.

No Sprague-Grundy theory here: no mex, no XOR. A position is winning for the player to move iff
some move leads to a position that is losing for the opponent; a position with no move is lost.
Every game's tests check the core against these.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import cache

Rows = tuple[tuple[int, ...], ...]


# -- S-Nim ---------------------------------------------------------------------------------------
def snim_wins(members: Sequence[int]) -> Callable[[Sequence[int]], bool]:
    """``wins(heaps)`` for the subtraction game with set ``members``."""
    members = sorted(set(members))

    @cache
    def wins(heaps: tuple[int, ...]) -> bool:
        for i, h in enumerate(heaps):
            for s in members:
                if s <= h and not wins(tuple(sorted((*heaps[:i], h - s, *heaps[i + 1 :])))):
                    return True
        return False

    return lambda heaps: wins(tuple(sorted(heaps)))


# -- split-nim -----------------------------------------------------------------------------------
def partitions(n: int, k: int, smallest: int = 1) -> Iterator[tuple[int, ...]]:
    """Non-decreasing tuples of k parts >= smallest summing to n."""
    if k == 1:
        if n >= smallest:
            yield (n,)
        return
    for first in range(smallest, n // k + 1):
        for rest in partitions(n - first, k - 1, first):
            yield (first, *rest)


def normal(heaps: Sequence[int]) -> tuple[int, ...]:
    """The heaps sorted, empty ones dropped (they have no move)."""
    return tuple(sorted(h for h in heaps if h))


@cache
def _splitnim_wins(position: tuple[int, ...], parts: int) -> bool:
    for i, n in enumerate(position):
        if i and position[i - 1] == n:
            continue
        rest = position[:i] + position[i + 1 :]
        children = [(m,) for m in range(n)] + list(partitions(n, parts))
        if any(not _splitnim_wins(normal(rest + child), parts) for child in children):
            return True
    return False


def splitnim_wins(heaps: Sequence[int], parts: int) -> bool:
    """Take >= 1 stone from a heap, or split a heap into ``parts`` non-empty heaps."""
    return _splitnim_wins(normal(heaps), parts)


# -- the board -----------------------------------------------------------------------------------
def board_moves(rows: Rows, width: int) -> list[tuple[int, int, int, Rows]]:
    """Every (row_index, from_col, to_col, next_rows): a chess jumps to the first empty cell right of it."""
    result = []
    for i, row in enumerate(rows):
        for c in row:
            d = c + 1
            while d in row:
                d += 1
            if d <= width:
                new_row = tuple(sorted((set(row) - {c}) | {d}))
                result.append((i, c, d, (*rows[:i], new_row, *rows[i + 1 :])))
    return result


@cache
def _board_wins(rows: Rows, width: int) -> bool:
    return any(not _board_wins(tuple(sorted(nxt)), width) for *_, nxt in board_moves(rows, width))


def board_wins(rows: Rows, width: int) -> bool:
    """True when the player to move wins the whole board (rows in any order)."""
    return _board_wins(tuple(sorted(rows)), width)


# -- tokens on a loopy graph (cycles allowed) ----------------------------------------------------
def token_moves(successors: Sequence[Sequence[int]], position: tuple[int, ...]) -> set[tuple[int, ...]]:
    """The distinct positions (sorted token tuples) one move away: one token steps along an edge."""
    out = set()
    for i, v in enumerate(position):
        for w in successors[v]:
            out.add(tuple(sorted((*position[:i], w, *position[i + 1 :]))))
    return out


def loopy_outcomes(successors: Sequence[Sequence[int]],
                   tokens: int) -> dict[tuple[int, ...], tuple[str, int]]:
    """Retrograde analysis of every position of ``tokens`` tokens: {position: (outcome, remoteness)}.

    A position with no move is lost; one with a move to a lost one is won; one whose moves all go
    to won ones is lost; the rest are draws ("DRAW", remoteness -1). Breadth first from the ends,
    so the remoteness is the length of the game with best play (the winner hurries, the loser
    stalls).
    """
    from itertools import combinations_with_replacement

    positions = list(combinations_with_replacement(range(len(successors)), tokens))
    moves = {p: token_moves(successors, p) for p in positions}
    preds: dict[tuple[int, ...], list[tuple[int, ...]]] = {p: [] for p in positions}
    for p, after in moves.items():
        for q in after:
            preds[q].append(p)
    left = {p: len(after) for p, after in moves.items()}
    result = {p: ("LOSE", 0) for p in positions if not moves[p]}
    queue = list(result)
    for p in queue:  # the queue grows while it is read: breadth first
        lost, far = result[p][0] == "LOSE", result[p][1] + 1
        for q in preds[p]:
            if q in result:
                continue
            left[q] -= 1
            if lost or left[q] == 0:
                result[q] = ("WIN" if lost else "LOSE", far)
                queue.append(q)
    return {p: result.get(p, ("DRAW", -1)) for p in positions}


# -- take-and-break codes -------------------------------------------------------------------------
def takebreak_children(n: int, digits: Sequence[int], distinct: bool = False) -> list[tuple[int, ...]]:
    """Every tuple of heaps a heap of n can become under the code digits d_0, d_1, ... read from the
    rule's definition: bit 1 of d_k removes k leaving nothing, 2 leaving one heap, 4 two heaps, 8
    three (k = 0: only 4 and 8, splits without removing); ``distinct``: the two heaps must differ."""
    children: list[tuple[int, ...]] = []
    for k, d in enumerate(digits[: n + 1]):
        m = n - k
        if d & 1 and k and m == 0:
            children.append(())
        if d & 2 and k and m >= 1:
            children.append((m,))
        if d & 4:
            children += [p for p in partitions(m, 2) if not (distinct and p[0] == p[1])]
        if d & 8:
            children += list(partitions(m, 3))
    return children


def takebreak_wins(digits: Sequence[int], distinct: bool = False) -> Callable[[Sequence[int]], bool]:
    """``wins(heaps)`` for the take-and-break code ``digits``: some move leaves a lost position."""
    digits = tuple(digits)

    @cache
    def wins(position: tuple[int, ...]) -> bool:
        for i, n in enumerate(position):
            if i and position[i - 1] == n:
                continue
            rest = position[:i] + position[i + 1 :]
            if any(not wins(normal(rest + child)) for child in takebreak_children(n, digits, distinct)):
                return True
        return False

    return lambda heaps: wins(normal(heaps))


# -- any game, from its legal moves alone (sums across games) ------------------------------------
def whole_game_outcomes(game, start, max_positions: int = 50_000) -> dict:
    """Retrograde analysis of every position reachable from ``start`` through the game's own
    ``legal_moves`` and ``apply``: {position: "WIN" | "LOSE" | "DRAW"}.

    A position with no move is lost; one with a move to a lost one is won; one whose moves all go
    to won ones is lost; what is left after that is a draw (play may go on for ever). Nothing but
    the rules: no values, no XOR.
    """
    after: dict = {}
    queue = [start]
    while queue:
        p = queue.pop()
        if p in after:
            continue
        after[p] = {game.apply(p, m) for m in game.legal_moves(p)}
        queue += [q for q in after[p] if q not in after]
        if len(after) > max_positions:
            raise ValueError(f"more than {max_positions} positions: the case is too big for the oracle")
    preds: dict = {p: [] for p in after}
    for p, nexts in after.items():
        for q in nexts:
            preds[q].append(p)
    left = {p: len(nexts) for p, nexts in after.items()}
    result = {p: "LOSE" for p, nexts in after.items() if not nexts}
    ready = list(result)
    for p in ready:  # grows while it is read
        for q in preds[p]:
            if q in result:
                continue
            left[q] -= 1
            if result[p] == "LOSE" or left[q] == 0:
                result[q] = "WIN" if result[p] == "LOSE" else "LOSE"
                ready.append(q)
    return {p: result.get(p, "DRAW") for p in after}
