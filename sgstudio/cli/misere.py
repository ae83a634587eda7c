"""Misère play on the command line: ``--misere`` on ``sgstudio sum``, ``sgstudio play`` and ``play
sum``, and the misère judge formats (``hdu1907``, ``hdu2509``) of ``sgstudio play``.

The outputs keep the shapes of normal play: ``sum`` prints the outcome, ``nim-sum N`` (the
normal-play nim-sum, for reference: under misère it does not decide), then every winning move; its
JSON has the same keys plus ``"play": "misère"``, ``"method"`` (which theory decided: misère Nim,
misère quotient, genus theory, misère search, retrograde analysis) and ``"reason"`` (one line).
``play`` prints the same line of moves; the player who makes the last move loses.
Analyses too big to search are refused in one line (exit status 2), never guessed.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import Any

from sgstudio.cli import main as cli

MISERE_FORMATS = ("hdu1907", "hdu2509")
"""Judge formats whose games are misère (always played so, with or without ``--misere``)."""


def judge_game(fmt: str, case: Any) -> Any:
    """The game of a test case of a misère judge format, played misère (a
    :class:`~sgstudio.core.misere.play.MisereGame`)."""
    from sgstudio.core.misere.play import MisereGame

    if fmt == "hdu1907":
        from sgstudio.games.nim.game import NimGame

        return MisereGame.of(NimGame())
    from sgstudio.games.takebreak.game import TakeBreakGame
    from sgstudio.games.takebreak.hdu2509 import rule_code

    rows = TakeBreakGame(rule_code(case.heaps))  # take k consecutive: 0, 1 or 2 rows left
    return MisereGame(rows, lambda p: rows_analysis(rows, p))


def rows_analysis(game: Any, heaps: Sequence[int]) -> Any:
    """HDU 2509's rows in misère play: misère Nim on the lengths (the rows are tame, of genus ``*n``:
    :mod:`sgstudio.games.takebreak.hdu2509`); the winning moves listed are those that take from the end of
    a row (every winning move of misère Nim is one; moves that split a row are not listed)."""
    from sgstudio.core.misere.analysis import MisereAnalysis
    from sgstudio.core.misere.nim import misere_nim_winning_moves, misere_nim_wins
    from sgstudio.core.outcome import Outcome

    wins = misere_nim_wins(heaps)
    moves = [(0, (i, heaps[i] - left, (left,) if left else ()))
             for i, left in misere_nim_winning_moves(heaps)]
    return MisereAnalysis(Outcome.WIN if wins else Outcome.LOSE, "misère Nim",
                          "rows of apples are tame nim heaps of their lengths", moves if wins else [])


def misere_of(game: Any, is_sum: bool) -> Any:
    """``game`` played misère (a game already misère stays as it is). A game whose play may never
    end (tokens on a graph with cycles, a sum with such a component) is analysed by a retrograde
    analysis of whole positions (:class:`~sgstudio.core.misere.retro_game.RetroMisereGame`: WIN, LOSE
    or DRAW; too many positions are refused)."""
    from sgstudio.core.misere.play import MisereGame

    if getattr(game, "misere", False):
        return game
    if getattr(game, "may_draw", False):
        from sgstudio.core.misere.retro_game import RetroMisereGame

        return RetroMisereGame(game, component_moves=is_sum)
    return MisereGame.of_sum(game) if is_sum else MisereGame.of(game)


def run_sum(args: argparse.Namespace, components: Sequence[Any]) -> int:
    """``sgstudio sum --misere``: the outcome, the nim-sum, every winning move (or the JSON)."""
    from sgstudio.core.misere.analysis import analyse_misere
    from sgstudio.games.sum.game import SumGame

    game, position = SumGame.of(components)
    value = game.value(position)
    result = analyse_misere(components)
    moves = result.winning_moves
    if not args.json:
        cli.emit(f"{result.outcome}\nnim-sum {value}\n")
        cli.emit("".join(game.move_text(move, position) + "\n" for move in moves))
        return cli.EXIT_OK
    nim_sum = value if isinstance(value, int) else None
    out = {"index_base": 1, "outcome": str(result.outcome), "nim_sum": nim_sum,
           "components": [{"text": c.text(), "value": _json_value(c.value())} for c in components],
           "winning_moves": [{"component": m[0] + 1, "move": game.games[m[0]].move_json(m[1]),
                              "text": game.move_text(m, position)} for m in moves],
           "play": "misère", "method": result.method, "reason": result.reason}
    cli.emit(json.dumps(out) + "\n")
    return cli.EXIT_OK


def _json_value(value: Any) -> Any:
    return value if isinstance(value, int) else str(value)
