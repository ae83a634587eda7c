"""Moves of take-and-break games: enumeration, text for people, and reading text back.

A move is ``(heap_index, take, after)``: from heap ``heap_index`` (0-based, as every game's moves),
remove ``take`` tokens and leave the heaps ``after`` (a sorted tuple, empty when nothing is left).
The heap's size is ``take + sum(after)``, so a move describes itself. People count heaps from 1.

>>> move_text((1, 1, (5, 11)))
'heap 2: 17 -> take 1, leave 5 + 11'
>>> parse_move_text("heap 2: take 1, leave 5 + 11", (3, 17))
(1, 1, (5, 11))
>>> list(partitions(7, 3))
[(1, 1, 5), (1, 2, 4), (1, 3, 3), (2, 2, 3)]
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from functools import cache

from sgstudio.core.errors import SGStudioError

Move = tuple[int, int, tuple[int, ...]]


class MoveError(SGStudioError, ValueError):
    """A move that is not legal, or text that is not a move; the message says why in one line."""


def partitions(m: int, parts: int, distinct: bool = False, smallest: int = 1,
               window: int | None = None) -> Iterator[tuple[int, ...]]:
    """Non-decreasing tuples of ``parts`` heaps >= ``smallest`` summing to m (increasing when
    ``distinct``), in lexicographic order; with ``window``, only those whose heaps other than the
    last are below it."""
    if parts == 1:
        if m >= smallest:
            yield (m,)
        return
    if parts == 0:
        if m == 0:
            yield ()
        return
    step = 1 if distinct else 0
    top = (m - step * (parts - 1) * parts // 2) // parts if distinct else m // parts
    stop = top + 1 if window is None else min(top + 1, window)
    for first in range(smallest, stop):
        for rest in partitions(m - first, parts - 1, distinct, first + step, window):
            yield (first, *rest)


@cache
def count_partitions(m: int, parts: int, distinct: bool = False) -> int:
    """How many tuples :func:`partitions` yields without a window.

    >>> count_partitions(7, 3), count_partitions(10, 2, True), count_partitions(10**6, 2)
    (4, 4, 500000)
    """
    if parts <= 2 or m < parts:
        if parts == 0:
            return int(m == 0)
        if parts == 1:
            return int(m >= 1)
        if m < parts:
            return 0
        return m // 2 - (1 if distinct and m % 2 == 0 else 0)
    if distinct:  # subtract 0, 1, ..., parts - 1: partitions of the rest into parts parts
        return count_partitions(m - parts * (parts - 1) // 2, parts)
    if parts == 3:
        return (m * m + 6) // 12
    return count_partitions(m - 1, parts - 1) + count_partitions(m - parts, parts)


def move_text(move: Move) -> str:
    """A move in words, heaps numbered from 1.

    >>> move_text((0, 3, ())), move_text((0, 2, (5,))), move_text((2, 0, (3, 4)))
    ('heap 1: 3 -> take 3, leave nothing', 'heap 1: 7 -> take 2, leave 5', 'heap 3: 7 -> split into 3 + 4')
    """
    i, take, after = move
    head = f"heap {i + 1}: {take + sum(after)} -> "
    if take == 0:
        return head + "split into " + " + ".join(map(str, after))
    return head + f"take {take}, leave " + (" + ".join(map(str, after)) if after else "nothing")


_TOKEN = re.compile(r"\s*(?:(\d+)|(->|[:,+])|([A-Za-z]+)|(\S))")


def _tokens(text: str) -> list[tuple[str, str, int]]:
    """(kind, token, column): kind is 'num', 'sym', 'word' or 'bad'."""
    out, pos = [], 0
    while pos < len(text) and text[pos:].strip():
        match = _TOKEN.match(text, pos)
        assert match is not None
        kind = next(k for k, g in zip(("num", "sym", "word", "bad"), match.groups(), strict=True) if g)
        token = match.group(match.lastindex or 0)
        out.append((kind, token.lower(), match.start(match.lastindex or 0) + 1))
        pos = match.end()
    return out


class _Reader:
    """A cursor over the tokens of a move's text, raising MoveError with the column."""

    def __init__(self, text: str) -> None:
        self.text, self.tokens, self.i = text, _tokens(text), 0

    def peek(self) -> str | None:
        return self.tokens[self.i][1] if self.i < len(self.tokens) else None

    def fail(self, expected: str) -> MoveError:
        if self.i < len(self.tokens):
            _, token, column = self.tokens[self.i]
            return MoveError(f"move {self.text!r}: column {column}: expected {expected}, found {token!r}")
        end = len(self.text) + 1
        return MoveError(f"move {self.text!r}: column {end}: expected {expected}, found the end")

    def accept(self, *tokens: str) -> bool:
        if self.peek() in tokens:
            self.i += 1
            return True
        return False

    def number(self, what: str) -> int:
        if self.i < len(self.tokens) and self.tokens[self.i][0] == "num":
            self.i += 1
            return int(self.tokens[self.i - 1][1])
        raise self.fail(what)

    def heaps(self) -> tuple[int, ...]:
        if self.accept("nothing"):
            return ()
        parts = [self.number("a heap size or 'nothing'")]
        while self.accept("+"):
            parts.append(self.number("a heap size after '+'"))
        return tuple(parts)


def parse_move_text(text: str, position: Sequence[int]) -> Move:
    """Read a move written as :func:`move_text` writes it; the heap's size and parts of the wording
    may be left out: ``heap 2: take 1, leave 5 + 11``, ``2: leave 5 + 11``, ``heap 1: split into 3 + 4``,
    ``heap 3: take 2`` (leaving one heap, or nothing when 2 is all). Checks the heap and the sizes
    against ``position``, not the rule (the game does that).

    >>> parse_move_text("heap 1: 7 -> split into 3 + 4", (7,))
    (0, 0, (3, 4))
    >>> parse_move_text("heap 1: take 2", (2, 5)), parse_move_text("2: take 2", (2, 5))
    ((0, 2, ()), (1, 2, (3,)))
    >>> parse_move_text("heap 2: take x", (2, 5))
    Traceback (most recent call last):
    ...
    sgstudio.games.takebreak.moves.MoveError: move 'heap 2: take x': column 14: expected a number ...
    """
    r = _Reader(text)
    r.accept("heap")
    column = r.tokens[r.i][2] if r.i < len(r.tokens) else len(text) + 1
    index = r.number("a heap number")
    if not 1 <= index <= len(position):
        raise MoveError(f"move {text!r}: column {column}: there is no heap {index} "
                        f"(the position has {len(position)} heap{'s' * (len(position) != 1)})")
    size = position[index - 1]
    r.accept(":")
    if r.i + 1 < len(r.tokens) and r.tokens[r.i][0] == "num" and r.tokens[r.i + 1][1] == "->":
        column = r.tokens[r.i][2]
        stated = r.number("the heap's size")
        r.accept("->")
        if stated != size:
            raise MoveError(f"move {text!r}: column {column}: heap {index} has {size} tokens, not {stated}")
    take, after = _action(r, size)
    if r.peek() is not None:
        raise r.fail("the end of the move")
    if any(p < 1 for p in after) or take < 0:
        raise MoveError(f"move {text!r}: the heaps left must be non-empty and the take at least 0")
    if take + sum(after) != size:
        raise MoveError(f"move {text!r}: take {take} and leave {' + '.join(map(str, after)) or 'nothing'} "
                        f"make {take + sum(after)}, but heap {index} has {size} tokens")
    return index - 1, take, tuple(sorted(after))


def _action(r: _Reader, size: int) -> tuple[int, tuple[int, ...]]:
    """``take K[, leave H]``, ``split [into] H``, or ``leave H``."""
    if r.accept("take"):
        take = r.number("a number to take")
        if r.accept(",") or r.peek() == "leave":
            if not r.accept("leave"):
                raise r.fail("'leave'")
            return take, r.heaps()
        return take, ((size - take,) if size > take else ())
    if r.accept("split"):
        r.accept("into")
        return 0, r.heaps()
    if r.accept("leave"):
        after = r.heaps()
        return size - sum(after), after
    raise r.fail("'take', 'split' or 'leave'")
