"""One explored game and everything it answers: values, outcomes, winning moves, remoteness, text.

A :class:`Solution` is built from what an exploration found (positions, the CSR rows of their
options, the sum nodes), in the caller's process or from a worker's answer; it needs no user code
after that (the texts come with it, or from a function in the caller's process). Positions are
asked about by value: a position of the game, or a list of them (a sum).

Examples
--------
>>> from sgstudio.games.custom.explore import Explorer
>>> explorer = Explorer(lambda n: [n - k for k in (1, 2) if k <= n])      # take 1 or 2
>>> for n in range(6):
...     _ = explorer.add(n)
>>> explorer.run()
>>> solution = Solution.from_explorer(explorer)
>>> [solution.value(n) for n in range(6)], solution.value([4, 5])
([0, 1, 2, 0, 1, 2], 3)
>>> print(solution.outcome(4), solution.winning(4), solution.remoteness(4), solution.remoteness(3))
WIN [3] 3 2
>>> solution.winning([4, 5])
[[2, 5], [4, 4]]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from sgstudio.core.outcome import Outcome
from sgstudio.core.values import Gamma, Infinite, outcome_of, sum_value
from sgstudio.games.custom.explore import Explorer, SumNode
from sgstudio.games.custom.remoteness import DRAW, LOSE, WIN, SumRemoteness, plain_remoteness
from sgstudio.games.custom.values import Values, game_values

_CODE = {Outcome.LOSE: LOSE, Outcome.WIN: WIN, Outcome.DRAW: DRAW}
Texts = Sequence[str | None] | Callable[[Any], str] | None


class Solution:
    """The positions an exploration reached and their values (see the module docstring).

    Parameters
    ----------
    positions : list
        Node v's position, or a :class:`SumNode` of part ids.
    start, heads, is_sum : array_like
        The options of v are ``heads[start[v]:start[v + 1]]``; ``is_sum`` marks the sum nodes.
    texts : sequence of str, callable or None
        Each node's text (None entries: ``repr``), or the game's ``text`` function, or None.
    index : dict, optional
        Position -> node (built from ``positions`` when not given). ``positions`` and ``index`` may
        go on growing after this (an exploration that goes on): only the first ``len(start) - 1``
        nodes are this solution's.
    """

    def __init__(self, positions: list[Any], start: Any, heads: Any, is_sum: Any, texts: Texts = None,
                 index: dict[Any, int] | None = None) -> None:
        self.positions = positions
        self.index = index if index is not None else {p: v for v, p in enumerate(positions)}
        self.n = len(start) - 1
        self.start = np.asarray(start, np.int64)
        self.heads = np.asarray(heads, np.int32)
        self.is_sum = np.asarray(is_sum, np.uint8).astype(bool)
        self.texts = texts
        self.values: Values = game_values(self.start, self.heads, self.is_sum)
        self._plain: tuple[np.ndarray, np.ndarray] | None = None
        self._sums: SumRemoteness | None = None

    @classmethod
    def from_explorer(cls, explorer: Explorer, texts: Texts = None) -> Solution:
        """The solution of a finished exploration in this process (its arrays copied: it may go on)."""
        return cls(explorer.positions, np.array(explorer.start, np.int64), np.array(explorer.heads, np.int32),
                   np.frombuffer(bytes(explorer.is_sum), np.uint8), texts, explorer.index)

    def __len__(self) -> int:
        return self.n

    # -- positions and nodes --------------------------------------------------------------------------
    def node(self, position: Any) -> int | None:
        """The node of a position (a list: the sum node of its parts), None when not explored."""
        if type(position) is list:
            parts = self.parts_of(position)
            if parts is None:
                return None
            if len(parts) == 1:
                return parts[0]
            found = self.index.get(SumNode(tuple(sorted(parts))))
            return found if found is not None and found < self.n else None
        try:
            found = self.index.get(position)
        except TypeError:
            return None
        return found if found is not None and found < self.n else None

    def parts_of(self, position: Any) -> list[int] | None:
        """The plain nodes of a position (one, or a sum's parts, nested lists flattened), None when one
        of them was not explored."""
        if type(position) is not list:
            found = self.node(position)
            if found is None:
                return None
            return list(self.parts(found)) if self.is_sum[found] else [found]
        out: list[int] = []
        for item in position:
            found = self.parts_of(item)
            if found is None:
                return None
            out += found
        return out

    def parts(self, v: int) -> list[int]:
        """A sum node's parts (a plain node: itself)."""
        return self.heads[self.start[v]:self.start[v + 1]].tolist() if self.is_sum[v] else [v]

    def position(self, v: int) -> Any:
        """Node v as the user writes it: the position, or a list of positions for a sum."""
        p = self.positions[v]
        return [self.positions[q] for q in p.parts] if type(p) is SumNode else p

    def options(self, v: int) -> list[int]:
        """The option nodes of plain node v, in the order ``options`` gave them, repeats dropped."""
        return list(dict.fromkeys(self.heads[self.start[v]:self.start[v + 1]].tolist()))

    def text(self, v: int) -> str:
        """Node v in words: the game's ``text`` (default ``repr``); a sum's parts joined by ``+``."""
        if self.is_sum[v]:
            return " + ".join(self.text(q) for q in self.parts(v)) or "0 (the empty sum)"
        texts = self.texts
        if callable(texts):
            return texts(self.positions[v])
        if texts is not None and texts[v] is not None:
            return texts[v]
        return repr(self.positions[v])

    # -- values ---------------------------------------------------------------------------------------
    def gamma(self, v: int) -> Gamma:
        """The value of node v: a nimber, or ∞(K) (K: the finite values among its options)."""
        g = int(self.values.gamma[v])
        if g >= 0:
            return g
        if self.is_sum[v]:
            return sum_value(self.gamma(q) for q in self.parts(v))
        finite = self.values.gamma[self.heads[self.start[v]:self.start[v + 1]]]
        return Infinite(frozenset(finite[finite >= 0].tolist()))  # sum nodes' finite values are stored too

    def sum_gamma(self, parts: Sequence[int]) -> Gamma:
        """The value of the sum of plain nodes ``parts`` (loopy sums by their rules)."""
        return sum_value(self.gamma(q) for q in parts)

    def value(self, position: Any) -> Gamma:
        """The value of an explored position (a list: a sum); KeyError when it was not explored."""
        return self.sum_gamma(self._parts(position))

    def outcome(self, position: Any) -> Outcome:
        """WIN, LOSE or DRAW for the player to move."""
        return outcome_of(self.value(position))

    def _parts(self, position: Any) -> list[int]:
        parts = self.parts_of(position)
        if parts is None:
            raise KeyError(position)
        return parts

    # -- moves ----------------------------------------------------------------------------------------
    def moves(self, parts: Sequence[int]) -> list[list[int]]:
        """Every sum one move away from the sum of ``parts`` (each a list of plain nodes), in order:
        component by component (repeats once), then by option."""
        out: list[list[int]] = []
        seen: set[int] = set()
        for i, c in enumerate(parts):
            if c in seen:
                continue
            seen.add(c)
            rest = list(parts[:i]) + list(parts[i + 1:])
            out += [rest[:i] + self.parts(o) + rest[i:] for o in self.options(c)]
        return out

    def winning(self, position: Any) -> list[Any]:
        """Every winning move: the options (for a sum, the sums one move away) the opponent loses."""
        parts = self._parts(position)
        if len(parts) == 1 and type(position) is not list:
            return [self.position(o) for o in self.options(parts[0])
                    if outcome_of(self.gamma(o)) is Outcome.LOSE]
        return [[self.position(q) for q in move] for move in self.moves(parts)
                if outcome_of(self.sum_gamma(move)) is Outcome.LOSE]

    # -- remoteness -----------------------------------------------------------------------------------
    def remoteness(self, position: Any) -> int | None:
        """Moves to the end under best play (see :mod:`sgstudio.games.custom.remoteness`); None for a
        draw."""
        parts = self._parts(position)
        if not self.is_sum.any() and len(parts) == 1:
            if self._plain is None:
                self._plain = plain_remoteness(self.start, self.heads)
            far = int(self._plain[1][parts[0]])
            return far if far >= 0 else None
        if self._sums is None:
            self._sums = SumRemoteness(self.start, self.heads, self.is_sum, self._code)
        return self._sums.of(parts)

    def plain_outcomes(self) -> np.ndarray:
        """The retrograde pass's codes (LOSE 0, WIN 1, DRAW 2) of a game without sums, by the rules."""
        if self._plain is None:
            self._plain = plain_remoteness(self.start, self.heads)
        return self._plain[0]

    def _code(self, comps: tuple[int, ...]) -> int:
        return _CODE[outcome_of(self.sum_gamma(comps))]
