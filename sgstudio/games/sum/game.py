"""Sums across games: one position made of components of any registered games, analysed and played as one.

Theory (Sprague 1935, Grundy 1939; Smith 1966 for games with cycles). In a sum a move is a move in
exactly one component, so the sum's value is the XOR (nim-sum) of the components' values, whatever
their games: tokens on a graph, heaps of any take-and-break rule, S-Nim or split-nim heaps, board
rows, Nim heaps. The player to move wins iff the nim-sum T is not 0, and the winning moves are the
moves of some component from its value a to a XOR T: each component lists them itself
(:meth:`~sgstudio.core.contract.GameBase.moves_to_value`). A component on a loopy graph may have
the value ∞(K) (:mod:`sgstudio.games.graph.loopy.values`); then (:mod:`sgstudio.games.graph.loopy.sums`):

- exactly one component is ∞(K) and the others XOR to a: the player to move wins iff a is in K, by
  moving that component to a position of value a; otherwise it is a draw;
- two or more components are ∞: a draw.

From a draw the *drawing moves* are those after which the opponent is in a draw too.

Progress. With cycles a winner who only moves to lost positions may go round for ever. Give a
position with finite values the potential Φ = (sum of the values, sum of the counters), summed
over the components (:meth:`~sgstudio.core.contract.GameBase.potential`: a loopy component
counts each token's value and counter, a game that always ends counts its value). From a lost
position the loser either lowers a value (then the winner can lower another: the sum of values
drops), raises a loopy token (the winner moves it back with a smaller counter), or raises a
component that always ends (the winner moves it back: Φ stays, and that can happen only finitely
often). A winning move of least Φ after it, a *progress move*, so never lets Φ grow and lowers it
every time but finitely often: the winner wins in finitely many moves.

Moves of a sum are ``(i, move)``: a move of component i (counted from 0); people write them
``#2 heap 1 take 3`` (the component from 1, then the component's own move). The analysis, the
drawing moves and the theorem in words: :mod:`sgstudio.games.sum.analysis`.

Examples
--------
>>> from sgstudio.games.graph.loopy.game import LoopyGame
>>> from sgstudio.games.nim.game import NimGame
>>> from sgstudio.games.takebreak.game import TakeBreakGame
>>> game, start = SumGame.of([Component(NimGame(), (3,)), Component(TakeBreakGame("0.07"), (4,))])
>>> game.values(start), game.value(start), game.outcome(start)
([3, 2], 1, <Outcome.WIN: 'WIN'>)
>>> [game.move_text(m, start) for m in game.winning_moves(start)]
['#1 heap 1: take 1 -> 2']
>>> game.apply(start, game.parse_move("#2 heap 1: take 2, leave 1 + 1", start))
((3,), (1, 1))

A self-loop on vertex 1 beside a sink 0: the token on 1 is ∞{0}; beside a Nim heap of 1 the sum
is a draw (1 is not in K), beside no heap at all a win (move to 0):

>>> loop = LoopyGame.from_edges(2, [(1, 1), (1, 0)])
>>> game, start = SumGame.of([Component(loop, (1,)), Component(NimGame(), (1,))])
>>> print(game.value(start), game.outcome(start), game.may_draw, game.drawing_moves(start))
∞{1} DRAW True [(0, (1, 1))]
>>> print(game.outcome(((1,), (0,))), game.winning_moves(((1,), (0,))))
WIN [(0, (1, 0))]
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import TYPE_CHECKING, Any

from sgstudio.core.contract import MAX_ITEMS, GameBase, Label
from sgstudio.core.outcome import Outcome
from sgstudio.core.values import Gamma, Infinite, outcome_of, sum_value

if TYPE_CHECKING:
    from sgstudio.core.analysis import Analysis
    from sgstudio.core.registry import GameKind

Move = tuple[int, tuple]
Position = tuple
_COMPONENT = re.compile(r"\s*(?:#|component\s*)(\d+)\s*[:,.)]?\s*(.*)", re.IGNORECASE | re.DOTALL)
SUM_SYNTAX = 'write a move as "#2 heap 1 take 3": the component (from 1), then a move of its game'


@dataclass(frozen=True)
class Component:
    """One component of a sum: a position of a registered game, with the names of its vertices
    (``labels``, for tokens on a graph; None: vertices are named by their ids)."""

    game: GameBase
    position: Any
    labels: tuple[str, ...] | None = None

    @classmethod
    def copy_of(cls, game: GameBase, position: Any, label: Label = str) -> Component:
        """A tab's game and position as a component, with the tab's names of the vertices."""
        return cls(game, position, game.names(label))

    @property
    def kind(self) -> GameKind:
        """The registry's entry of the component's game."""
        from sgstudio.core.registry import kind_of

        return kind_of(self.game)

    def label(self, v: int) -> str:
        """The name of vertex ``v``."""
        labels = self.labels
        return labels[v] if labels is not None and 0 <= v < len(labels) else str(v)

    def title(self) -> str:
        """The game and its rule: ``Take & break 0.07``, ``S-Nim S = {1, 3}``, ``Nim``."""
        rule = self.game.rule_text()
        return f"{self.kind.title} {rule}" if rule else self.kind.title

    def text(self, position: Any = None) -> str:
        """The game and the position (this one, or ``position``) in words."""
        shown = self.position if position is None else position
        return f"{self.title()}: {self.game.position_text(shown, self.label)}"

    def value(self) -> Gamma:
        """The component's value (an int, or ∞(K) on a loopy graph)."""
        return self.game.value(self.position)


class SumMoves(Sequence):
    """The legal moves of a sum, component by component, listed lazily (a huge heap costs nothing
    until its moves are read); ``len`` asks each component for its count."""

    def __init__(self, game: SumGame, position: Position) -> None:
        self.game, self.position = game, position

    def __iter__(self) -> Iterator[Move]:
        for i, (part, p) in enumerate(zip(self.game.games, self.position, strict=True)):
            yield from ((i, m) for m in part.legal_moves(p))

    def __len__(self) -> int:
        return sum(len(part.legal_moves(p)) for part, p in zip(self.game.games, self.position, strict=True))

    def __getitem__(self, index):  # type: ignore[override]
        if isinstance(index, slice):
            if (index.start or 0) >= 0 and index.stop is not None and index.stop >= 0 and index.step is None:
                return list(islice(iter(self), index.start or 0, index.stop))
            return list(self)[index]
        moves = list(self)
        return moves[index]


class SumGame(GameBase):
    """The sum of components of these games: a position is the tuple of the components' positions,
    a move ``(i, move)`` a move of component i (from 0). ``labels[i]`` names the vertices of
    component i. ``may_draw`` when some component's game may draw."""

    part, syntax, example = "component", SUM_SYNTAX, "#1 heap 1 take 2"

    def __init__(self, games: Sequence[GameBase],
                 labels: Sequence[tuple[str, ...] | None] | None = None) -> None:
        self.games = tuple(games)
        self.labels = tuple(labels) if labels is not None else (None,) * len(self.games)
        if len(self.labels) != len(self.games):
            raise ValueError(f"{len(self.labels)} label lists for {len(self.games)} components")
        self.may_draw = any(g.may_draw for g in self.games)  # type: ignore[misc]
        self.components = tuple(Component(g, None, names) for g, names in zip(self.games, self.labels,
                                                                               strict=True))

    @staticmethod
    def component_of(game: GameBase, position: Any, label: Label = str) -> Component:
        """A component of a sum: a copy of ``game`` at ``position`` (:meth:`Component.copy_of`), for
        those who reach the Sum game through the registry (a tab's "Add to sum")."""
        return Component.copy_of(game, position, label)

    @classmethod
    def of(cls, components: Sequence[Component]) -> tuple[SumGame, Position]:
        """The game of these components and their positions as its start."""
        game = cls([c.game for c in components], [c.labels for c in components])
        return game, tuple(c.position for c in components)

    def __repr__(self) -> str:
        return f"SumGame({list(self.games)!r})"

    def component(self, position: Position, i: int) -> Component:
        """Component i at ``position``."""
        return Component(self.games[i], position[i], self.labels[i])

    def _check(self, position: Position) -> None:
        if len(position) != len(self.games):
            raise ValueError(f"a position of this sum has {len(self.games)} components, not {len(position)}")

    # -- values ----------------------------------------------------------------------------------
    def values(self, position: Position) -> list[Gamma]:
        """Each component's value."""
        self._check(position)
        return [g.value(p) for g, p in zip(self.games, position, strict=True)]

    def value(self, position: Position) -> Gamma:
        """The nim-sum of the components' values, or ∞(K) when a component is ∞ (module docstring)."""
        return sum_value(self.values(position))

    def outcome(self, position: Position) -> Outcome:
        """WIN, LOSE or DRAW for the player to move."""
        return outcome_of(self.value(position))

    def targets(self, values: Sequence[Gamma]) -> list[tuple[int, int]]:
        """``(i, t)``: the winning moves are the moves of component i to value t (module docstring).

        >>> SumGame([]).targets([3, 5, 0]), SumGame([]).targets([Infinite(frozenset({6})), 3, 5])
        ([(0, 5), (1, 3), (2, 6)], [(0, 6)])
        """
        total, infinite = 0, []
        for i, v in enumerate(values):
            if isinstance(v, Infinite):
                infinite.append(i)
            else:
                total ^= v
        if not infinite:
            return [(i, v ^ total) for i, v in enumerate(values)] if total else []
        if len(infinite) == 1 and total in values[infinite[0]].followers:  # type: ignore[union-attr]
            return [(infinite[0], total)]
        return []

    def potential(self, position: Position) -> tuple[int, int] | None:
        """Φ summed over the components (module docstring); None when some value is ∞."""
        values, counters = 0, 0
        for g, p in zip(self.games, position, strict=True):
            part = g.potential(p)
            if part is None:
                return None
            values, counters = values + part[0], counters + part[1]
        return values, counters

    # -- the play protocol ------------------------------------------------------------------------
    def legal_moves(self, position: Position) -> SumMoves:
        """Every legal move, component by component (lazily: see :class:`SumMoves`)."""
        self._check(position)
        return SumMoves(self, position)

    def apply(self, position: Position, move: Move) -> Position:
        """The position after ``move``; ValueError ``#2: reason`` when component 2 refuses it."""
        self._check(position)
        try:
            i, inner = move
        except (TypeError, ValueError):
            raise ValueError(f"a move of a sum is (component, move), not {move!r}") from None
        if not isinstance(i, int) or not 0 <= i < len(self.games):
            raise ValueError(f"there is no component {i!r}: the sum has {len(self.games)}")
        try:
            after = self.games[i].apply(position[i], inner)
        except ValueError as err:
            raise ValueError(f"#{i + 1}: {err}") from None
        return (*position[:i], after, *position[i + 1:])

    def winning_moves(self, position: Position) -> list[Move]:
        """Every move after which the opponent is lost, component by component (with a loopy
        component: progress moves first, then by potential after)."""
        moves = [move for _, found in self.winning_moves_by_component(position) for move in found]
        if self.may_draw:
            moves.sort(key=lambda move: self.potential(self.apply(position, move)))  # type: ignore[arg-type,return-value]
        return moves

    def winning_moves_by_component(self, position: Position) -> Iterator[tuple[int, list[Move]]]:
        """``(i, moves)``: the winning moves of each component i that has some, each component's as
        soon as they are found (:meth:`winning_moves` lists them all, in this order when the sum
        cannot draw). Components of one game at one position asked for one target value are
        searched once.

        >>> from sgstudio.games.nim.game import NimGame
        >>> nim = NimGame()
        >>> game, start = SumGame.of([Component(nim, (5,)), Component(nim, (5,)), Component(nim, (2,))])
        >>> list(game.winning_moves_by_component(start))  # 5 ⊕ 5 ⊕ 2 = 2: only heap 2 -> 0 wins
        [(2, [(2, (0, 2))])]
        """
        found: dict[tuple[Any, Any, int], list] = {}
        for i, t in self.targets(self.values(position)):
            part, p = self.games[i], position[i]
            try:
                moves = found.get((part, p, t))
            except TypeError:  # a position that cannot be a key: searched every time
                moves, p = None, None
            if moves is None:
                moves = part.moves_to_value(position[i], t)
                if p is not None:
                    found[part, p, t] = moves
            if moves:
                yield i, [(i, m) for m in moves]

    def progress_moves(self, position: Position) -> list[Move]:
        """The winning moves of least potential after them (module docstring)."""
        wins = self.winning_moves(position)
        if not wins:
            return []
        least = self.potential(self.apply(position, wins[0]))
        return [m for m in wins if self.potential(self.apply(position, m)) == least]

    def moves_after(self, position: Position, limit: int | None = None) -> Iterator[tuple[Move, Outcome]]:
        """Every legal move with the outcome for the opponent after it (at most ``limit``)."""
        values = self.values(position)
        made = 0
        for i, (g, p) in enumerate(zip(self.games, position, strict=True)):
            rest = sum_value(values[:i] + values[i + 1:])
            for m in g.legal_moves(p):
                if limit is not None and made >= limit:
                    return
                made += 1
                yield (i, m), outcome_of(sum_value([rest, g.value(g.apply(p, m))]))

    def drawing_moves(self, position: Position, limit: int | None = None) -> list[Move]:
        """Every move after which the opponent is in a draw (none from a lost position); at most
        ``limit`` legal moves are looked at."""
        if not self.may_draw or self.outcome(position) is Outcome.LOSE:
            return []
        return [m for m, after in self.moves_after(position, limit) if after is Outcome.DRAW]

    # -- the play hints ---------------------------------------------------------------------------
    def has_move(self, position: Position) -> bool:
        self._check(position)
        return any(g.has_move(p) for g, p in zip(self.games, position, strict=True))

    def remaining_length(self, position: Position) -> int | None:
        """The components' remaining lengths added up (None when one is not known)."""
        total = 0
        for g, p in zip(self.games, position, strict=True):
            length = g.remaining_length(p)
            if length is None:
                return None
            total += length
        return total

    def candidate_moves(self, position: Position, limit: int) -> list[Move]:
        """At most ``limit`` moves, the components' candidates taken in turn (one of each, then a
        second of each, ...), so that every component has its say."""
        lists = [[(i, m) for m in g.candidate_moves(p, limit)]
                 for i, (g, p) in enumerate(zip(self.games, position, strict=True))]
        chosen: list[Move] = []
        for k in range(max(map(len, lists), default=0)):
            chosen += [moves[k] for moves in lists if k < len(moves)]
        return chosen[:limit]

    # -- moves and positions in words ------------------------------------------------------------
    def label_of(self, i: int) -> Label:
        """How the vertices of component i are named."""
        return self.components[i].label

    def move_text(self, move: Move, position: Position, label: Label = str) -> str:
        """``#2 heap 1: take 3 -> 4``: the component (from 1), then its game's text of the move."""
        i, inner = move
        return f"#{i + 1} {self.games[i].move_text(inner, position[i], self.label_of(i))}"

    def parse_move(self, text: str, position: Position, label: Label = str) -> Move:
        """The move ``#2 heap 1 take 3`` (or ``component 2: ...``); with one component the ``#1``
        may be left out. ValueError with what was expected."""
        match = _COMPONENT.fullmatch(text)
        if match is None:
            if len(self.games) != 1:
                raise ValueError(f"{self.syntax} (the components are numbered 1..{len(self.games)})")
            i, rest = 0, text
        else:
            i, rest = int(match[1]) - 1, match[2]
            if not 0 <= i < len(self.games):
                raise ValueError(f"there is no component {i + 1}: the components are numbered "
                                 f"1..{len(self.games)}")
        try:
            return i, self.games[i].parse_move(rest, position[i], self.label_of(i))
        except ValueError as err:
            raise ValueError(f"#{i + 1}: {err}") from None

    def people_reason(self, position: Position, move: tuple, reason: str, label: Label = str) -> str:
        """The component's own refusal, in its people's numbering, after ``#2:``."""
        try:
            i, inner = move
            prefix = f"#{i + 1}: "
        except (TypeError, ValueError):
            return reason
        if not reason.startswith(prefix) or not 0 <= i < len(self.games):
            return reason
        inner_reason = self.games[i].people_reason(position[i], inner, reason[len(prefix):], self.label_of(i))
        return prefix + inner_reason

    def position_text(self, position: Sequence[Any], label: Label = str) -> str:
        """``#1 heaps 3; #2 tokens on A`` (at most 12 components shown)."""
        shown = [f"#{i + 1} {self.games[i].position_text(p, self.label_of(i))}"
                 for i, p in enumerate(position[:MAX_ITEMS])]
        more = f"; … ({len(position)} components)" if len(position) > MAX_ITEMS else ""
        return ("; ".join(shown) if shown else "no component") + more

    def move_json(self, move: Move) -> dict[str, Any]:
        """``{"component": i, "move": ...}`` (i from 1, the move as its game writes it)."""
        return {"component": move[0] + 1, "move": self.games[move[0]].move_json(move[1])}

    def game_state(self) -> dict[str, Any]:
        raise NotImplementedError("a sum keeps its components with their positions "
                                  "(sgstudio.games.sum.position)")

    def analyse(self, position: Position, *, label: Label = str, max_moves: int | None = None) -> Analysis:
        """Each component's value, the sum's value, who wins and every winning move (see
        :func:`sgstudio.games.sum.analysis.analyse_sum`)."""
        from sgstudio.games.sum.analysis import analyse_sum

        return analyse_sum(self, position, max_moves=max_moves)
