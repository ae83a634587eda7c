"""Rules-only misère searches of whole positions (no theory: no mex, no XOR, no canonical forms).

Misère play: a position with no move is WON by the player to move; otherwise the player to move
wins iff some move leads to a position the opponent loses.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache

from sgstudio.games.takebreak.game import TakeBreakGame


def heap_oracle(code: str) -> tuple[Callable[[Sequence[int]], bool], Callable[[Sequence[int]], list]]:
    """``(wins, winning_moves)`` for heaps of the take-and-break ``code`` in misère play; a winning
    move is ``(heap_index, take, heaps_left)``, the heaps left sorted."""
    game = TakeBreakGame(code)
    options = cache(lambda h: tuple((t, tuple(sorted(a))) for t, a in game.options(h)))

    def moves(heaps: tuple[int, ...]) -> Iterable[tuple[tuple, tuple[int, ...]]]:
        for i, h in enumerate(heaps):
            for take, after in options(h):
                yield (i, take, after), tuple(sorted((*heaps[:i], *after, *heaps[i + 1:])))

    @cache
    def wins(heaps: tuple[int, ...]) -> bool:
        found_move = False
        for _, after in moves(heaps):
            found_move = True
            if not wins(after):
                return True
        return not found_move

    def winning(heaps: Sequence[int]) -> list:
        return [m for m, after in moves(tuple(heaps)) if not wins(after)]

    return (lambda heaps: wins(tuple(sorted(heaps)))), winning


def token_oracle(successors: Sequence[Sequence[int]]) -> Callable[[Sequence[int]], str]:
    """WIN / LOSE / DRAW of tokens on a graph (cycles allowed) in misère play, by iterating the
    definitions to a fixed point over every reachable position (no retrograde queue, no theory)."""
    def reach(start: tuple[int, ...]) -> dict[tuple[int, ...], list[tuple[int, ...]]]:
        graph, todo = {}, [start]
        while todo:
            p = todo.pop()
            if p in graph:
                continue
            out = []
            for i, v in enumerate(p):
                for w in successors[v]:
                    out.append(tuple(sorted((*p[:i], w, *p[i + 1:]))))
            graph[p] = out
            todo.extend(out)
        return graph

    def outcome(tokens: Sequence[int]) -> str:
        start = tuple(sorted(tokens))
        graph = reach(start)
        value = {p: ("WIN" if not out else None) for p, out in graph.items()}
        changed = True
        while changed:
            changed = False
            for p, out in graph.items():
                if value[p] is not None:
                    continue
                if any(value[q] == "LOSE" for q in out):
                    value[p], changed = "WIN", True
                elif all(value[q] == "WIN" for q in out):
                    value[p], changed = "LOSE", True
        return value[start] or "DRAW"

    return outcome
