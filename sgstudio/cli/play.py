"""``sgstudio play FORMAT FILE [--case C] [--query Q] [--json] [--max-moves N]``: the optimal line.

Both players follow the computer's policy (:mod:`sgstudio.core.play.policy`): from a winning position
move to nim-sum 0 (the first winning move in the game's order), from a losing position leave the
opponent the fewest winning replies. The game of a format is the registry's
(:func:`sgstudio.core.registry.for_format`): its class reads the test case
(``from_judge_case``) and writes its moves as JSON (``move_json``) and in words
(``judge_move_text``: ``token 0 -> 1``, ``heap 1, take 2``, ``heap 1, split into 1 + 1 + 2``,
``row 1, 18 -> 19``); both count heaps and rows from 1, as ``play sum``, ``sum``, ``--case``,
``--query`` and the window do (vertices and columns are those of the file). The line runs
until no move remains, or for at most ``--max-moves`` moves (default :data:`DEFAULT_MAX_MOVES`; 0
means no limit: a line on two heaps of 10^18 is about 10^18 moves long); the player who makes the
last move wins (normal play). Player 1 moves first.

Text output, written as the line goes: one numbered move a line with the nim-sum after it, then the
winner; a line that was cut ends with ``stopped after N moves (--max-moves N); player P wins with
best play``. JSON output: ``{"index_base": 1, "moves": [{"player": 1 or 2, "move": {...},
"value_after": n}], "winner": 1 or 2}``, plus ``"stopped": true`` when the line was cut, where a
move is ``{"from": u, "to": v}`` (hdu1524), ``{"heap": i, "take": s}`` (hdu1536), ``{"heap": i,
"after": [...]}`` (hdu5795) or ``{"row": r, "from": c1, "to": c2}`` (hdu5724); heaps and rows count
from 1 (``index_base``), vertices and columns are those of the file. Bad input, a
``--case``/``--query`` out of
range, or a position whose value cannot be found (an S-Nim set without a period within the budget):
one line on stderr, exit status 2 (see :mod:`sgstudio.cli.main` for every rule).

``--loopy`` (HDU 1524): the graph may have cycles, and the game is the loopy token game
(:mod:`sgstudio.games.graph.loopy.game`): the computer wins from a won position in finitely many
moves (progress moves), keeps the draw from a drawn one (:mod:`sgstudio.core.play.draws`). A line
ends when no move remains (the last mover wins), when a drawn position repeats (``draw: the position
after move 4 repeats the position after move 2, and neither side can win``; JSON ``"winner": null,
"draw": true, "repeated": {"first": 2, "again": 4}``), or at ``--max-moves``; a value that is ∞
is written ``value ∞{0,2}`` (in JSON the text ``"∞{0,2}"``). With ``--misere`` too, the loopy game is
played misère (the last mover loses): outcomes, winning and drawing moves come from a retrograde
analysis of every position the tokens can reach (:mod:`sgstudio.core.misere.retro_game`), the winner
always making progress; the values printed are the normal-play ones, for reference; more positions
than its bound: one line on stderr, exit status 2, never a guess.

``sgstudio play sum COMPONENT...``: the line from a sum of positions of different games, the
components written exactly as for ``sgstudio sum`` (:mod:`sgstudio.cli.sum`); each move names its
component from 1 (``1. player 1: #1 heap 1: 5 -> take 2, leave 3, nim-sum 0``), in JSON ``{"component": i,
"move": {...}}`` with i from 1 too. A sum with a loopy component may end in a draw, as above. A bad
component: one line on stderr naming it, exit status 2.

Imports the core and the formats only (never Qt). The command line of ``sgstudio`` adds the
subcommand with :func:`register` and runs it with :func:`run`; ``python -m sgstudio.cli.play`` runs
it alone.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from sgstudio.cli import main as cli
from sgstudio.cli import misere as cli_misere
from sgstudio.console import pick
from sgstudio.core import registry
from sgstudio.core.errors import SGStudioError
from sgstudio.core.outcome import Outcome
from sgstudio.core.play.policy import choose_move, has_move, outcome
from sgstudio.core.play.session import Game, Move, Position
from sgstudio.formats import FORMATS, MODULES

DEFAULT_MAX_MOVES = 1000
INDEX_BASE = 1
"""Heaps, rows, components, test cases and queries count from 1 in what the CLI prints and reads
(the JSON says so in ``"index_base"``); vertices and columns are those of the file."""


@dataclass(frozen=True)
class Setup:
    """A game, its start position, and how the game writes a move in JSON and in words."""

    game: Game
    start: Position
    move_json: Callable[[Move], dict[str, Any]]
    move_text: Callable[[Move, Position], str]


@dataclass(frozen=True)
class Step:
    """One move of the line: who made it, the move, and the nim-sum after it."""

    player: int
    move: Move
    before: Position
    after: Position
    value_after: Any
    reason: str
    repeated: Any = None  # the Repetition a drawn position's return ends the line with (loopy games)


def setup(fmt: str, cases: Sequence[Any], case: int, query: int, file: str, loopy: bool = False) -> Setup:
    """The position ``query`` of test ``case`` (both from 1) of a parsed judge file of format ``fmt``,
    on the game the registry gives that format (``loopy``: the loopy token game)."""
    chosen = pick(cases, case, "--case", "test case", file)
    if fmt in cli_misere.MISERE_FORMATS:  # misère games: always played misère
        game = cli_misere.judge_game(fmt, chosen)
        start = pick([chosen.heaps], query, "--query", "position", file, f" in test case {case}")
        return Setup(game, start, game.move_json, lambda move, _before: game.judge_move_text(move))
    kind = registry.get("loopy") if loopy else registry.for_format(fmt)
    game, positions = kind.game.from_judge_case(chosen)
    start = pick(positions, query, "--query", game.judge_position, file, f" in test case {case}")
    return Setup(game, start, game.move_json, lambda move, _before: game.judge_move_text(move))


def sum_setup(texts: Sequence[str]) -> Setup:
    """The sum of the components ``texts`` (``sgstudio sum``'s syntax), each checked; SGStudioError
    naming the first bad one."""
    from sgstudio.cli.sum import read_components
    from sgstudio.games.sum.game import SumGame

    game, start = SumGame.of(read_components(texts))
    return Setup(game, start, game.move_json, game.move_text)


def load(fmt: str, text: str, file: str, case: int = 1, query: int = 1, loopy: bool = False) -> Setup:
    """Parse a judge file and set up the game and position that ``--case``/``--query`` pick
    (``loopy``: an HDU 1524 file whose graphs may have cycles)."""
    module = importlib.import_module(MODULES[fmt])
    cases = module.parse(text, file, loopy=True) if loopy else module.parse(text, file)
    return setup(fmt, cases, case, query, file, loopy)


def line(game: Game, start: Position, max_moves: int | None = None) -> Iterator[Step]:
    """Both players follow the policy from ``start`` until no move remains (or ``max_moves``; None or 0:
    no limit); in a game with draws also until a drawn position repeats (that step's ``repeated``)."""
    position, player, made = start, 1, 0
    seen: dict[Position, int] | None = {start: 0} if getattr(game, "may_draw", False) else None
    while not max_moves or made < max_moves:
        decision = choose_move(game, position)
        if decision is None:
            return
        before, position = position, game.apply(position, decision.move)
        made += 1
        repeated = None if seen is None else _repeated(game, seen, position, made)
        yield Step(player, decision.move, before, position, game.value(position), decision.reason, repeated)
        if repeated is not None:
            return
        player = 3 - player


def _repeated(game: Game, seen: dict[Position, int], position: Position, made: int) -> Any:
    """The Repetition when ``position`` (after move ``made``) occurred before and is a draw."""
    from sgstudio.core.play.draws import Repetition

    if position in seen and outcome(game, position) is Outcome.DRAW:
        return Repetition(seen[position], made, Outcome.DRAW)
    seen.setdefault(position, made)
    return None


def winner(setup: Setup, last: Step | None) -> tuple[int | None, bool]:
    """``(winner, finished)`` after a line ending with ``last``: the player who made the last move
    (player 2 when player 1 had no move at all); for a line cut short, the theory's prediction
    (None: a draw, nobody can force a win). A line ended by a repeated draw: ``(None, True)``."""
    if last is not None and last.repeated is not None:
        return None, True
    end = setup.start if last is None else last.after
    if has_move(setup.game, end):
        start = outcome(setup.game, setup.start)
        return (None if start is Outcome.DRAW else 1 if start is Outcome.WIN else 2), False
    if getattr(setup.game, "misere", False):  # the player who made the last move loses
        return (1 if last is None else 3 - last.player), True
    return (2 if last is None else last.player), True


def register(subparsers: Any) -> argparse.ArgumentParser:
    """Add the ``play`` subcommand to an ``add_subparsers()`` object; return its parser."""
    play = subparsers.add_parser(
        "play",
        help="print the optimal line of play from a position of a judge input file, or of a sum",
        usage="%(prog)s FORMAT FILE [--case C] [--query Q] [--loopy] [--json] [--max-moves N]\n"
              "       %(prog)s sum COMPONENT... [--json] [--max-moves N]",
        description="Print the line both players follow under the computer's policy, from the position "
                    "that --case and --query pick in FILE (or from the sum of the COMPONENTs), until no "
                    "move remains; then the winner.",
    )
    play.add_argument("format", choices=[*sorted(FORMATS), "sum"], metavar="FORMAT",
                      help="one of: " + ", ".join(sorted(FORMATS)) + "; or sum")
    play.add_argument("file", nargs="+", metavar="FILE",
                      help="judge input file (- for standard input); after sum, one or more COMPONENTs "
                           "as in sgstudio sum: RULE:HEAP, board:ROW, dag:FILE:CASE:V1,V2,... or "
                           "loopy:FILE:CASE:V1,...")
    play.add_argument("--case", type=int, default=None, metavar="C", help="test case, from 1 (default 1)")
    play.add_argument("--query", type=int, default=None, metavar="Q",
                      help="query (hdu1524) or position (hdu1536) within the case, from 1 (default 1)")
    play.add_argument("--json", action="store_true", help="print the line as one JSON object")
    play.add_argument("--loopy", action="store_true",
                      help="hdu1524 only: the graph may have cycles (a line may end in a draw)")
    play.add_argument("--misere", action="store_true",
                      help="misère play: the player who makes the last move loses (hdu1907 and hdu2509 "
                           "are misère games: always)")
    play.add_argument("--max-moves", type=cli.non_negative, default=DEFAULT_MAX_MOVES, metavar="N",
                      help=f"stop after N moves (default {DEFAULT_MAX_MOVES}; 0: no limit); the winner "
                           "is then the one the theory predicts")
    play.set_defaults(run=run)
    return play


def run(args: argparse.Namespace) -> int:
    """Run ``play`` with parsed arguments: the line on stdout (errors are raised, see sgstudio.cli.main)."""
    if args.loopy and args.format != "hdu1524":
        raise cli.UsageError(f"sgstudio: play: --loopy applies to hdu1524 only, not {args.format} "
                             "(see sgstudio play --help)")
    if args.format == "sum" and (args.case, args.query) != (None, None):
        raise cli.UsageError("sgstudio: play: --case and --query pick a position of a judge FILE, not "
                             "of a sum (see sgstudio play --help)")
    setup = sum_setup(args.file) if args.format == "sum" else _file_setup(args)
    if args.misere:
        from dataclasses import replace

        setup = replace(setup, game=cli_misere.misere_of(setup.game, args.format == "sum"))
    steps = line(setup.game, setup.start, args.max_moves)
    if args.json:
        _print_json(setup, list(steps))
    else:
        _print_text(setup, steps, args.max_moves)
    return cli.EXIT_OK


def _file_setup(args: argparse.Namespace) -> Setup:
    """The position of the one judge FILE that --case and --query pick, its value checked."""
    if len(args.file) != 1:
        raise cli.UsageError(f"sgstudio: play: {args.format} takes one FILE, not {len(args.file)} "
                             "(see sgstudio play --help)")
    case, query = (1 if n is None else n for n in (args.case, args.query))
    text, name = cli.read_input(args.file[0])
    setup = load(args.format, text, name, case, query, args.loopy)
    try:
        setup.game.value(setup.start)  # a value that cannot be found is refused before any output
    except SGStudioError as err:
        raise SGStudioError(f"{name}: test case {case}, position {query}: {err}") from None
    return setup


def _print_text(setup: Setup, steps: Iterator[Step], max_moves: int | None) -> None:
    last = None
    for count, last in enumerate(steps, 1):
        text = setup.move_text(last.move, last.before)
        cli.emit(f"{count}. player {last.player}: {text}, {_value_text(last.value_after)}\n")
        cli.flush_output()  # the line streams as it is computed
    won, finished = winner(setup, last)
    result = f"player {won} wins" if won is not None else "a draw (neither side can force a win)"
    if last is not None and last.repeated is not None:
        cli.emit(f"draw: {last.repeated.message.removesuffix(': a draw')}\n")
    elif finished:
        cli.emit(f"{result}\n")
    else:
        cli.emit(f"stopped after {max_moves:,} moves (--max-moves {max_moves}); {result} with best play\n")


def _value_text(value: Any) -> str:
    """``nim-sum 3``, or ``value ∞{0,2}`` for the value of a sum that may be drawn."""
    return f"nim-sum {value}" if isinstance(value, int) else f"value {value}"


def _print_json(setup: Setup, steps: list[Step]) -> None:
    won, finished = winner(setup, steps[-1] if steps else None)
    moves = [{"player": s.player, "move": setup.move_json(s.move),
              "value_after": s.value_after if isinstance(s.value_after, int) else str(s.value_after)}
             for s in steps]
    out: dict[str, Any] = {"index_base": INDEX_BASE, "moves": moves, "winner": won}
    if won is None:
        out["draw"] = True
    if steps and steps[-1].repeated is not None:
        out["repeated"] = {"first": steps[-1].repeated.first, "again": steps[-1].repeated.again}
    if not finished:
        out["stopped"] = True
    cli.emit(json.dumps(out) + "\n")


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m sgstudio.cli.play FORMAT FILE ...`` (the same as ``sgstudio play ...``)."""
    return cli.main(["play", *(sys.argv[1:] if argv is None else argv)])


if __name__ == "__main__":
    sys.exit(main())
