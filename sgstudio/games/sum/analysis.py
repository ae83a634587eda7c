"""The analysis of a sum across games, its drawing moves, and the theorem in words with its values.

:func:`analyse_sum` makes the one :class:`~sgstudio.core.analysis.Analysis` record of a
:class:`~sgstudio.games.sum.game.SumGame` position: each component (``#1``, ``#2``, ...) with its value
and its game and position in words, the sum's value, who wins, and every winning move with the
component's value before and after it (and, with a loopy component, which moves make progress).
:func:`drawing_records` lists the moves that keep a draw; :func:`explain` says why the outcome is
what it is, with the components' actual values.

Examples
--------
>>> from sgstudio.games.nim.game import NimGame
>>> from sgstudio.games.snim.game import SubtractionGame
>>> from sgstudio.games.sum.game import Component, SumGame
>>> game, start = SumGame.of([Component(NimGame(), (3,)), Component(SubtractionGame([1, 2, 3]), (5,))])
>>> a = analyse_sum(game, start)
>>> print(a.outcome, a.total, [(c.name, c.value, c.detail) for c in a.components])
WIN 2 [('#1', 3, 'Nim: heaps 3'), ('#2', 1, 'S-Nim S = {1, 2, 3}: heaps 5')]
>>> [m.row() for m in a.moves]
['#1 heap 1: take 2 -> 1, value 3 -> 1', '#2 heap 1: take 2 -> 3, value 1 -> 3']
>>> print(explain(game, start))  # doctest: +NORMALIZE_WHITESPACE
By the Sprague–Grundy theorem the value of a sum is the XOR of its components' values: 3 ⊕ 1 = 2.
It is not 0, so the player to move wins: a move that takes a component from value a to a ⊕ 2
leaves nim-sum 0, and there are such moves here: #1 from 3 to 1, #2 from 1 to 3.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from sgstudio.core.analysis import MAX_COMPONENTS, MAX_MOVES, Analysis, Component, WinningMove
from sgstudio.core.outcome import Outcome
from sgstudio.core.values import Gamma, Infinite, outcome_of, sum_value

if TYPE_CHECKING:  # the game imports this module to analyse its positions
    from sgstudio.games.sum.game import Move, Position, SumGame

MAX_DRAW_SCAN = 5000
"""At most this many legal moves are looked at for the drawing moves a panel lists."""


def analyse_sum(game: SumGame, position: Position, *, max_moves: int | None = None) -> Analysis:
    """The analysis of a sum: see the module docstring; at most ``max_moves`` moves are listed."""
    values = game.values(position)
    value = sum_value(values)
    components = tuple(Component(f"#{i + 1}", v, game.component(position, i).text())
                       for i, v in enumerate(values[:MAX_COMPONENTS]))
    wins = game.winning_moves(position)
    least = game.potential(game.apply(position, wins[0])) if wins and game.may_draw else None
    listed = []
    for move in wins[:max_moves or MAX_MOVES]:
        after = _value_after(game, position, move)
        why = f"value {values[move[0]]} -> {after}"
        if least is not None and game.potential(game.apply(position, move)) == least:
            why += ", makes progress"
        listed.append(WinningMove(move, game.move_text(move, position), why, move[0], values[move[0]], after))
    return Analysis(outcome_of(value), value, components, len(values), tuple(listed), len(wins),
                    "component", "game: position")


def _value_after(game: SumGame, position: Position, move: Move) -> Gamma:
    i, inner = move
    return game.games[i].value(game.games[i].apply(position[i], inner))


def drawing_records(game: SumGame, position: Position, limit: int = MAX_DRAW_SCAN) -> list[WinningMove]:
    """The moves that keep a draw (the opponent then cannot win either), as rows for a panel: the
    first among ``limit`` legal moves.

    >>> from sgstudio.games.graph.loopy.game import LoopyGame
    >>> from sgstudio.games.nim.game import NimGame
    >>> from sgstudio.games.sum.game import Component, SumGame
    >>> loop = LoopyGame.from_edges(2, [(1, 1), (1, 0)])
    >>> game, start = SumGame.of([Component(loop, (1,)), Component(NimGame(), (1,))])
    >>> [m.row() for m in drawing_records(game, start)]
    ['#1 1 -> 1, keeps the draw (value ∞{0} -> ∞{0})']
    """
    values = game.values(position)
    rows = []
    for move in game.drawing_moves(position, limit):
        after = _value_after(game, position, move)
        rows.append(WinningMove(move, game.move_text(move, position),
                                f"keeps the draw (value {values[move[0]]} -> {after})", move[0],
                                values[move[0]], after))
    return rows


def xor_text(values: Sequence[int]) -> str:
    """``3 ⊕ 5 = 6`` (``0`` for no value).

    >>> xor_text([3, 5]), xor_text([4]), xor_text([])
    ('3 ⊕ 5 = 6', '4', '0')
    """
    total = 0
    for v in values:
        total ^= v
    if len(values) < 2:
        return str(total)
    return " ⊕ ".join(map(str, values)) + f" = {total}"


def explain(game: SumGame, position: Position) -> str:
    """Why the sum is won, lost or drawn, in a few sentences that use the components' values."""
    values = game.values(position)
    if not values:
        return "The sum is empty: the player to move has no move and loses."
    infinite = [i for i, v in enumerate(values) if isinstance(v, Infinite)]
    if len(infinite) > 1:
        names = ", ".join(f"#{i + 1}" for i in infinite)
        return (f"Components {names} are ∞: each may go on for ever. With two or more such components "
                "neither player can force a win: with best play the game is a draw.")
    if infinite:
        return _one_infinite(game, position, values, infinite[0])
    return _finite(game, position, values)


def _finite(game: SumGame, position: Position, values: list) -> str:
    text = ("By the Sprague–Grundy theorem the value of a sum is the XOR of its components' values: "
            f"{xor_text(values)}.")
    total = sum_value(values)
    if total == 0:
        return text + (" It is 0, so the player to move loses: every move changes one value and leaves "
                       "a non-zero nim-sum, which the opponent brings back to 0.")
    reach = [f"#{i + 1} from {values[i]} to {t}" for i, t in game.targets(values)
             if game.games[i].moves_to_value(position[i], t)]
    return text + (f" It is not 0, so the player to move wins: a move that takes a component from value a "
                   f"to a ⊕ {total} leaves nim-sum 0, and there are such moves here: {', '.join(reach)}.")


def _one_infinite(game: SumGame, position: Position, values: list, j: int) -> str:
    others = [v for i, v in enumerate(values) if i != j]
    total = sum_value(others)
    k = values[j].followers
    shown = "{" + ", ".join(map(str, sorted(k))) + "}"
    text = (f"#{j + 1} is {values[j]}: it may go on for ever, and the finite values it can move to are "
            f"K = {shown}. The other components XOR to {xor_text(others)}. With exactly one such "
            "component the player to move wins iff that XOR is in K")
    if outcome_of(sum_value(values)) is Outcome.WIN:
        return text + (f": {total} is in K, so moving #{j + 1} to a position of value {total} leaves "
                       "nim-sum 0, and the player to move wins.")
    return text + f": {total} is not in K, so neither player can force a win (a draw)."
