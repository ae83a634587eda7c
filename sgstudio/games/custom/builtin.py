"""The studio's own heap games as games of :mod:`sgstudio.games.custom.api`
(:class:`~sgstudio.games.custom.explored.ExploredGame` objects), on their engines.

A position is a heap size, or a list (or tuple) of heap sizes: a sum. Values, outcomes, winning
moves and ``values(n)`` come from the studio's engines (take-and-break tables with certified
periods, so that a heap of 10^30 of Dawson's chess is answered); remoteness and the position graph
from exploring the heap's options like any game written in Python (a move that leaves several heaps
is a sum option).

>>> kayles = takebreak("0.77")
>>> kayles.values(12)
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
>>> kayles.value([3, 4]), kayles.winning_moves(4), kayles.winning_moves([3, 4])
(2, [[1, 1]], [[1, 4], [3, 3], [3, 1, 2]])
>>> nim().value((3, 4, 5)), nim().winning_moves([3, 4, 5]), nim().remoteness(6)
(2, [[1, 4, 5]], 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from sgstudio.core.outcome import Outcome
from sgstudio.games.custom.errors import PositionError, shown
from sgstudio.games.custom.explored import ExploredGame
from sgstudio.games.custom.html import Table
from sgstudio.games.takebreak.game import TakeBreakGame

__all__ = ["HeapGame", "nim", "snim", "splitnim", "takebreak"]


class _Nim:
    """Nim in the shape of a take-and-break engine: g(h) = h, a move leaves h - take."""

    def options(self, h: int) -> Iterator[tuple[int, tuple[int, ...]]]:
        for left in range(h - 1, -1, -1):
            yield h - left, ((left,) if left else ())

    def value(self, heaps: Sequence[int]) -> int:
        total = 0
        for h in heaps:
            total ^= h
        return total

    def values(self, n: int) -> list[int]:
        return list(range(n))

    def moves_to_value(self, heaps: Sequence[int], target: int) -> list[tuple[int, int, tuple[int, ...]]]:
        change = self.value(heaps) ^ target
        return [(i, h - (h ^ change), ((h ^ change,) if h ^ change else ())) for i, h in enumerate(heaps)
                if change and h ^ change < h]


class HeapGame(ExploredGame):
    """A heap game on an engine with ``options(h)`` (take, heaps left), ``value(heaps)``, ``values(n)``
    and ``moves_to_value(heaps, target)`` (moves ``(heap index, take, heaps left)``)."""

    def __init__(self, engine: Any, name: str) -> None:
        self.engine = engine
        super().__init__(self._options, name=name)

    def _options(self, h: int) -> Iterator[Any]:
        for _, after in self.engine.options(h):
            yield after[0] if len(after) == 1 else (list(after) if after else 0)

    def heaps(self, position: Any) -> list[int]:
        """The heaps of a position (a heap size, or a list or tuple of them), checked."""
        heaps = list(position) if isinstance(position, list | tuple) else [position]
        for h in heaps:
            if type(h) is not int or h < 0:
                raise PositionError(f"{shown(position)} is not a position of {self.name}: a position is a "
                                    "heap size (an int >= 0) or a list of them")
        return heaps

    def value(self, position: Any) -> int:
        return int(self.engine.value(self.heaps(position)))

    def outcome(self, position: Any) -> Outcome:
        return Outcome.from_nim_sum(self.value(position))

    def winning_moves(self, position: Any) -> list[Any]:
        heaps = self.heaps(position)
        moves = self.engine.moves_to_value(heaps, 0)
        if not isinstance(position, list | tuple):
            return [_written(after) for _, _, after in moves]
        return [[*heaps[:i], *after, *heaps[i + 1:]] for i, _, after in moves]

    def remoteness(self, position: Any) -> int | None:
        return super().remoteness(self._as_sum(position))

    def values(self, n: int) -> list[int]:
        return [int(v) for v in self.engine.values(n)]

    def table(self, a: int, b: int) -> Table:
        """g(x) XOR g(y): the value of two heaps x and y."""
        g = self.values(max(a, b))
        return Table([[g[x] ^ g[y] for y in range(b)] for x in range(a)], self.name)

    def _as_sum(self, position: Any) -> Any:
        heaps = self.heaps(position)
        return heaps if isinstance(position, list | tuple) else heaps[0]


def _written(after: tuple[int, ...]) -> Any:
    """The heaps a move leaves as an option is written: one heap, 0 for none, a list for several."""
    return after[0] if len(after) == 1 else (list(after) if after else 0)


def takebreak(rule: str) -> HeapGame:
    """A take-and-break game (``"0.77"``, ``"0.137"``, ``"grundy"``, ``"snim:1,3,4"``, ``"split:3"``).

    >>> takebreak("grundy").values(10)
    [0, 0, 0, 1, 0, 2, 1, 0, 2, 1]
    """
    engine = TakeBreakGame(rule)
    return HeapGame(engine, engine.rule.name or engine.rule.text)


def snim(members: Iterable[int]) -> HeapGame:
    """S-Nim: take a member of S from one heap (HDU 1536).

    >>> snim([2, 5]).values(8)
    [0, 0, 1, 1, 0, 2, 1, 0]
    """
    return takebreak("snim:" + ",".join(str(int(m)) for m in members))


def splitnim(parts: int = 3) -> HeapGame:
    """Take any number from one heap, or split a heap into ``parts`` non-empty heaps (HDU 5795 for 3).

    >>> splitnim(3).values(9)
    [0, 1, 2, 3, 4, 5, 6, 8, 7]
    """
    return takebreak(f"split:{int(parts)}")


def nim() -> HeapGame:
    """Nim: take any number (at least one) from one heap; g(h) = h."""
    return HeapGame(_Nim(), "Nim")
