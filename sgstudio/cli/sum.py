"""``sgstudio sum COMPONENT... [--json]``: who wins a sum of positions of different games, and how.

A COMPONENT is one of

- ``RULE:HEAP``: a heap of HEAP tokens under RULE, any rule ``sgstudio values`` reads (``0.07:15``,
  ``grundy:20``, ``snim:1,3,4:10``, ``split:3:24``): RULE is everything before the last colon;
- ``nim:HEAPS``: a position of Nim, one heap or several separated by commas (``nim:3``, ``nim:3,4,5``);
- ``board:ROW``: one row of a board, ``.`` an empty cell and ``x`` a chess (``board:..x.x``), the
  row's width being its length, 1 to 24;
- ``dag:FILE:CASE:V1,V2,...``: tokens on the vertices V1, V2, ... of test case CASE (from 1) of an
  HDU 1524 input file (``-``: standard input), vertices numbered as in the file;
- ``loopy:FILE:CASE:V1,V2,...``: the same on a graph that may have cycles (a loopy token game: its
  value may be ∞(K), and the sum a draw).

Text output: the outcome (``WIN``, ``LOSE`` or ``DRAW``), ``nim-sum N``, then one winning move a
line (``#2 heap 1: take 2 -> 3``: the component from 1, then the move in the component's words).
JSON: ``{"index_base": 1, "outcome": ..., "nim_sum": N or null, "components": [{"text", "value"}],
"winning_moves": [{"component", "move", "text"}]}``, where ``component`` counts from 1 (as
``index_base`` says, and as heaps and rows do) and ``move`` is the move as ``sgstudio play --json``
writes it. A bad component: one line on stderr
naming it and what was expected, exit status 2 (see :mod:`sgstudio.cli.main`).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections.abc import Sequence
from typing import Any

from sgstudio.cli import main as cli
from sgstudio.core.errors import SGStudioError

EXPECTED = ("RULE:HEAP (a rule as in sgstudio values, such as 0.07:15 or snim:1,3,4:10), nim:HEAPS (such as "
            "nim:3,4,5), board:ROW (a row of . and x, 1 to 24 cells), dag:FILE:CASE:V1,V2,... or "
            "loopy:FILE:CASE:V1,V2,...")


def register(subparsers: Any) -> None:
    """Add ``sum`` to an ``add_subparsers()`` object."""
    parser = subparsers.add_parser(
        "sum", help="who wins a sum of positions of different games, and every winning move",
        description="Print the outcome of the sum of the COMPONENTs, its nim-sum, then every winning "
                    "move, one a line (the component counted from 1).")
    parser.add_argument("components", nargs="+", metavar="COMPONENT", help=EXPECTED)
    parser.add_argument("--json", action="store_true", help="print the result as one JSON object")
    parser.add_argument("--misere", action="store_true",
                        help="misère play: the player who makes the last move loses")
    parser.set_defaults(run=run)


def parse_component(text: str, games: dict | None = None) -> Any:
    """The :class:`~sgstudio.games.sum.game.Component` a command line writes; SGStudioError saying what
    was expected (``RULE:HEAP``, ``nim:HEAPS``, ``board:ROW``, ``dag:`` and ``loopy:`` tokens:
    :mod:`sgstudio.games.sum.text`, with ``games`` the run's cache of games and files; ``FILE.py:POSITION``:
    :mod:`sgstudio.games.custom.cli`).

    >>> parse_component("0.07:15").text(), parse_component("board:.x.x").text()
    ('Take & break 0.07: heaps 15', 'Board width 4: rows [2 4]')
    """
    from sgstudio.games.sum.text import parse_component as parse_text

    if ".py:" in text:  # FILE.py:POSITION, a game written in Python
        from sgstudio.games.custom.cli import component

        return component(text)
    return parse_text(text, {} if games is None else games)


def read_components(texts: Sequence[str]) -> list[Any]:
    """Every component, each checked (its value found); SGStudioError naming the first bad one.

    Components of one rule share one game (a cache for this run), whose values are computed once,
    as far as the largest heap of that rule (:func:`prefetch`), not once per component.
    """
    components, games = [], {}
    for i, text in enumerate(texts, 1):
        try:
            components.append(parse_component(text, games))
        except (SGStudioError, ValueError) as err:
            raise SGStudioError(f"sgstudio: component {i} {text!r}: {err}") from None
    prefetch(components)
    for i, (text, component) in enumerate(zip(texts, components, strict=True), 1):
        try:
            component.value()  # a value that cannot be found is refused here
        except (SGStudioError, ValueError) as err:
            raise SGStudioError(f"sgstudio: component {i} {text!r}: {err}") from None
    return components


def prefetch(components: Sequence[Any]) -> None:
    """The values of every take-and-break game among ``components``, computed at once for all the
    heaps its components have (one table, as far as the largest of them). A heap whose value
    cannot be found is left for the component's own check to name."""
    from sgstudio.games.takebreak.game import TakeBreakGame

    heaps: dict[Any, list[int]] = {}
    for component in components:
        if isinstance(component.game, TakeBreakGame):
            heaps.setdefault(component.game, []).extend(component.position)
    for game, sizes in heaps.items():
        with contextlib.suppress(SGStudioError, ValueError):
            game.grundy_many(sizes)


def run(args: argparse.Namespace) -> int:
    """Run ``sum`` with parsed arguments (errors are raised, see :mod:`sgstudio.cli.main`).

    The text output streams: the outcome and the nim-sum are written (and flushed) before any
    move is searched, then each component's winning moves as soon as they are found.
    """
    from sgstudio.core.values import Infinite, outcome_of
    from sgstudio.games.sum.game import SumGame

    components = read_components(args.components)
    if getattr(args, "misere", False):
        from sgstudio.cli.misere import run_sum

        return run_sum(args, components)
    game, position = SumGame.of(components)
    value = game.value(position)
    outcome = outcome_of(value).value
    if not args.json:
        cli.emit(f"{outcome}\nnim-sum {value}\n")
        cli.flush_output()
        found = ([(None, game.winning_moves(position))] if game.may_draw  # sorted by progress: all first
                 else game.winning_moves_by_component(position))
        for _, moves in found:
            cli.emit("".join(game.move_text(move, position) + "\n" for move in moves))
            cli.flush_output()  # a component's moves are out as soon as they are found
        return cli.EXIT_OK
    moves = game.winning_moves(position)
    out = {"index_base": 1, "outcome": outcome, "nim_sum": None if isinstance(value, Infinite) else value,
           "components": [{"text": c.text(), "value": _json_value(c.value())} for c in components],
           "winning_moves": [{"component": m[0] + 1, "move": game.games[m[0]].move_json(m[1]),
                              "text": game.move_text(m, position)} for m in moves]}
    cli.emit(json.dumps(out) + "\n")
    return cli.EXIT_OK


def _json_value(value: Any) -> Any:
    return value if isinstance(value, int) else str(value)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m sgstudio.cli.sum COMPONENT ...`` (the same as ``sgstudio sum ...``)."""
    return cli.main(["sum", *(sys.argv[1:] if argv is None else argv)])


if __name__ == "__main__":
    sys.exit(main())
