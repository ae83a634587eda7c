"""One analysis record for every game: who wins, the value, the components and the winning moves.

Every game of the registry (:mod:`sgstudio.core.registry`) answers ``game.analyse(position)`` with
an :class:`Analysis`, and one panel of the window shows it whatever the game. A position of these
games is a sum of independent *components* (the heaps of S-Nim, the rows of the board, the tokens
on a graph), so the record lists each component with its value; by the Sprague-Grundy theorem the
position's value is the XOR (nim-sum) of theirs, the player to move wins iff it is not 0, and a
move in a component of value a wins iff it leaves that component at a XOR total. On a loopy graph
a value may be ∞(K) (:class:`~sgstudio.games.graph.loopy.values.Infinite`), the outcome may be DRAW, and
there is no nim-sum: :attr:`Analysis.total` is then None.

:func:`sum_analysis` builds the record of any finite sum from its components' values and its
winning moves, so a game only says how it names a component and writes a move.

Examples
--------
Nim with heaps 3 and 5: the nim-sum is 6; the winning move takes heap 2 from 5 to 3 (value 5 -> 3).

>>> a = sum_analysis([3, 5], [(1, 2)], part="heap", component_of=lambda m: m[0],
...                  text=lambda m: f"heap {m[0] + 1}: take {m[1]}")
>>> print(a.outcome, a.total, [(c.name, c.value) for c in a.components])
WIN 6 [('1', 3), ('2', 5)]
>>> [m.row() for m in a.moves]
['heap 2: take 2, value 5 -> 3']
>>> sum_analysis([2, 2], [], part="heap", component_of=lambda m: m[0], text=str).verdict()
'The player to move loses: the nim-sum is 0, every move makes it non-zero.'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import islice
from typing import TYPE_CHECKING

import numpy as np

from sgstudio.core.outcome import Outcome

if TYPE_CHECKING:
    from sgstudio.core.values import Gamma

Move = tuple
MAX_COMPONENTS = 1000
"""An analysis lists at most this many components (all of them count in the total)."""
MAX_MOVES = 200
"""An analysis lists at most this many winning moves unless asked for more."""


@dataclass(frozen=True)
class Component:
    """One independent part of a position: its name (``heap 2``, ``row 1``, a vertex's label), its
    value (an int, or ∞(K) on a loopy graph) and what it holds in people's words (a heap's size)."""

    name: str
    value: Gamma
    detail: str = ""


@dataclass(frozen=True)
class WinningMove:
    """A winning move, its text (the game's ``move_text``), why it wins, the component it is made in
    (an index into the components; None when no component applies) and that component's value
    before and after the move."""

    move: Move
    text: str
    reason: str
    component: int | None = None
    value_before: Gamma | None = None
    value_after: Gamma | None = None

    def row(self) -> str:
        """The move as a panel lists it: its text, then its reason.

        >>> WinningMove((1, 5), "heap 2: take 5 -> 7", "value 3 -> 0", 1).row()
        'heap 2: take 5 -> 7, value 3 -> 0'
        """
        return f"{self.text}, {self.reason}" if self.reason else self.text


@dataclass(frozen=True)
class Analysis:
    """Who wins a position and how.

    ``outcome`` for the player to move; ``value`` the position's value (the nim-sum, or γ of a loopy
    sum); ``total`` the nim-sum when the value is a finite nimber, None where a draw is possible;
    ``components`` the first :data:`MAX_COMPONENTS` components of ``component_count``; ``part``
    the word for one component (``heap``, ``row``, ``token``) and ``detail_title`` the heading of
    their details (``size``; empty when they have none); ``moves`` the winning moves listed (None
    while they are still being looked for) and ``move_count`` how many there are in all (None when
    not counted).
    """

    outcome: Outcome
    value: Gamma
    components: tuple[Component, ...]
    component_count: int
    moves: tuple[WinningMove, ...] | None
    move_count: int | None = None
    part: str = "heap"
    detail_title: str = ""

    @property
    def values(self) -> tuple[Gamma, ...]:
        """The values of the components listed."""
        return tuple(c.value for c in self.components)

    @property
    def total(self) -> int | None:
        """The nim-sum, or None when the value is ∞ (a draw is possible)."""
        return self.value if isinstance(self.value, int) else None

    @property
    def more_moves(self) -> int | None:
        """How many winning moves exist beyond those listed (None: not known)."""
        if self.moves is None or self.move_count is None:
            return None
        return self.move_count - len(self.moves)

    def with_moves(self, moves: Sequence[WinningMove], count: int | None) -> Analysis:
        """The same analysis with these winning moves listed (``count`` of them in all)."""
        return replace(self, moves=tuple(moves), move_count=count)

    def verdict(self) -> str:
        """Who wins, in one sentence.

        >>> sum_analysis([], [], part="row", component_of=lambda m: 0, text=str).verdict()
        'No rows: the player to move has no move and loses.'
        """
        total = self.total
        if self.outcome is Outcome.DRAW:
            return ("Neither player can force a win: with best play the game never ends (a draw), "
                    f"value {self.value}.")
        if total is None:
            who = "wins" if self.outcome is Outcome.WIN else "loses"
            return f"The player to move {who}: the value is {self.value}."
        if self.outcome is Outcome.WIN:
            return f"The player to move wins: the nim-sum is {total}, not 0."
        if self.component_count == 0:
            return f"No {self.part}s: the player to move has no move and loses."
        return "The player to move loses: the nim-sum is 0, every move makes it non-zero."


def nim_sum_of(values: Sequence[int] | np.ndarray) -> int:
    """XOR of many values (numpy arrays of int64 in one reduction, Python ints otherwise).

    >>> nim_sum_of(np.array([9, 8, 4])), nim_sum_of([2**70, 1])
    (5, 1180591620717411303425)
    """
    if isinstance(values, np.ndarray) and values.dtype != object:
        return int(np.bitwise_xor.reduce(values)) if values.size else 0
    total = 0
    for v in values:
        total ^= int(v)
    return total


def listed_moves(moves: Iterable[Move], values: Sequence[int] | np.ndarray, total: int,
                 component_of: Callable[[Move], int], text: Callable[[Move], str]) -> list[WinningMove]:
    """The records of these winning moves of a finite sum: each in its component, whose value goes
    from a to a XOR total (its reason).

    >>> [m.row() for m in listed_moves([(0, 1)], [3, 1], 2, lambda m: m[0], lambda m: "heap 1: take 1")]
    ['heap 1: take 1, value 3 -> 1']
    """
    listed = []
    for move in moves:
        i = component_of(move)
        value = int(values[i])
        after = value ^ total
        listed.append(WinningMove(move, text(move), f"value {value} -> {after}", i, value, after))
    return listed


def sum_analysis(values: Sequence[int] | np.ndarray, moves: Iterable[Move] | None, *, part: str,
                 component_of: Callable[[Move], int], text: Callable[[Move], str],
                 name: Callable[[int], str] | None = None, detail: Callable[[int], str] | None = None,
                 detail_title: str = "", max_moves: int = MAX_MOVES, total: int | None = None,
                 count_moves: bool = True, max_components: int = MAX_COMPONENTS) -> Analysis:
    """The analysis of a finite sum: components of these values, and these winning moves.

    A winning move in component i takes its value a to a XOR total (the Sprague-Grundy theorem),
    which is its reason; ``moves`` None: not listed yet. ``name(i)`` names component i (its number
    from 1 by default);
    ``detail(i)`` says what it holds. At most ``max_moves`` moves are listed; ``count_moves``
    counts the rest (False: they are not even looked at). ``total`` may be given when known. At
    most ``max_components`` components are listed.
    """
    total = nim_sum_of(values) if total is None else total
    count = len(values)
    label = name if name is not None else (lambda i: str(i + 1))
    components = tuple(Component(label(i), int(values[i]), detail(i) if detail else "")
                       for i in range(min(count, max_components)))
    if moves is None:
        return Analysis(Outcome.from_nim_sum(total), total, components, count, None, None, part, detail_title)
    stream = iter(moves)
    listed = listed_moves(islice(stream, max_moves), values, total, component_of, text)
    found = len(listed) + sum(1 for _ in stream) if count_moves else None
    return Analysis(Outcome.from_nim_sum(total), total, components, count, tuple(listed), found,
                    part, detail_title)

