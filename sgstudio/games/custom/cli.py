"""The command line of games written in Python: ``values FILE.py N``, ``table FILE.py A B``, sums.

A FILE.py named on the command line is run as ``python FILE.py`` would run it (it is the user's own
code), in a worker process with the position limit ``--max-positions``. A ``.sgs`` document that
holds the code of the "Your game" tab is run only with ``--trust`` (a document may come from
anyone). A mistake in the file: one line on stderr naming ``FILE.py:LINE`` and the exception,
exit status 2 (a :class:`~sgstudio.games.custom.errors.GameError` is an SGStudioError).

- ``sgstudio values FILE.py N``: g(0) ... g(N - 1) on one line (``--json``: a JSON list; a value
  ∞(K) of a loopy game is written ``∞{0,2}``, a string in JSON);
- ``sgstudio table FILE.py A B``: A lines, line x holding g((x, 0)) ... g((x, B - 1));
- ``sgstudio sum FILE.py:POSITION ...``: a component of a sum (POSITION a Python literal,
  ``wythoff.py:(3, 5)``), with any other components; ``sgstudio play sum`` plays it: the positions
  reachable from it are tokens on a graph (:mod:`sgstudio.games.custom.play`).
"""

from __future__ import annotations

import argparse
import json
import os
from typing import Any

from sgstudio.core.errors import SGStudioError
from sgstudio.games.custom.errors import GameError, LimitError, WorkerCrashError
from sgstudio.games.custom.explore import DEFAULT_MAX_POSITIONS

SUFFIXES = (".py", ".sgs")


def is_game_file(text: str) -> bool:
    """Whether a RULE of the command line names a game file (``.py``, or a ``.sgs`` document).

    >>> is_game_file("wythoff.py"), is_game_file("0.77")
    (True, False)
    """
    return text.endswith(SUFFIXES)


def register(subparsers: Any) -> None:
    """Add ``table`` to an ``add_subparsers()`` object."""
    table = subparsers.add_parser(
        "table", help="print g((x, y)) of a game written in Python, for x < A and y < B",
        description="Print A lines, line x holding g((x, 0)) ... g((x, B-1)) of the game in FILE.py, "
                    "separated by spaces.")
    table.add_argument("file", metavar="FILE.py", help="a game file: options(position), on pairs (x, y)")
    table.add_argument("a", metavar="A", help="how many lines (x from 0 to A-1)")
    table.add_argument("b", metavar="B", help="how many values a line (y from 0 to B-1)")
    add_options(table)
    table.set_defaults(run=run_table)


def add_options(parser: argparse.ArgumentParser) -> None:
    """``--max-positions`` and ``--trust`` (``values`` has them too)."""
    parser.add_argument("--max-positions", default=str(DEFAULT_MAX_POSITIONS), metavar="N",
                        help=f"stop once N positions are reached (default {DEFAULT_MAX_POSITIONS:,})")
    parser.add_argument("--trust", action="store_true",
                        help="run the Python code a .sgs document holds (never without it)")
    parser.add_argument("--json", action="store_true", help="print the values as JSON")


def open_game(path: str, max_positions: int = DEFAULT_MAX_POSITIONS, trust: bool = False) -> Any:
    """The game of FILE.py (or of a trusted ``.sgs`` document), in a worker process."""
    from sgstudio.games.custom.api import Game

    if not os.path.isfile(path):
        raise SGStudioError(f"{path}: cannot read: No such file" if not os.path.exists(path) else
                            f"{path}: cannot read: it is not a file")
    if path.endswith(".sgs"):
        return _document_game(path, max_positions, trust)
    return Game.from_file(path, max_positions=max_positions)


def _document_game(path: str, max_positions: int, trust: bool) -> Any:
    import tempfile

    from sgstudio.games.custom.api import Game
    from sgstudio.games.custom.run import file_name
    from sgstudio.games.custom.state import CustomState

    state = _document_state(path)
    if state is None:
        raise SGStudioError(f"{path}: the document holds no game written in Python (no Your game tab)")
    loaded, _ = CustomState.from_state(state)
    if not loaded.has_code:
        raise SGStudioError(f"{path}: the document's Your game tab holds no code")
    if not trust:
        raise SGStudioError(f"{path}: the document holds Python code; it is run only with --trust")
    folder = tempfile.mkdtemp(prefix="sgstudio-game-")
    code_path = os.path.join(folder, file_name(loaded.name))
    with open(code_path, "w", encoding="utf-8") as handle:
        handle.write(loaded.code)
    return Game.from_file(code_path, max_positions=max_positions)


def count(text: str, what: str, smallest: int = 0, largest: int = 10**9) -> int:
    """A count of the command line (``10^6`` and ``1e6`` written so too); SGStudioError otherwise.

    >>> count("1,000", "N"), count("10^6", "N")
    (1000, 1000000)
    """
    digits = text.strip().replace("_", "").replace(",", "")
    value = None
    for sign in ("**", "^", "e"):
        base, found, exponent = digits.partition(sign)
        if found and base.isascii() and base.isdigit() and exponent.isascii() and exponent.isdigit() \
                and len(exponent) <= 2:
            value = int(base) * 10 ** int(exponent) if sign == "e" else int(base) ** int(exponent)
    if value is None and digits.isascii() and digits.isdigit():
        value = int(digits)
    if value is None or not smallest <= value <= largest:
        raise SGStudioError(f"sgstudio: {what} must be an integer from {smallest} to {largest:,}, "
                            f"not {text!r}")
    return value


def _document_state(path: str) -> Any:
    """The Your game tab's state in a ``.sgs`` document (read as JSON: the document's other parts are
    the window's business), None when it has none."""
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except (OSError, UnicodeDecodeError, ValueError) as err:
        raise SGStudioError(f"{path}: not a readable .sgs document ({err})") from None
    tabs = data.get("tabs") if isinstance(data, dict) else None
    return tabs.get("custom") if isinstance(tabs, dict) else None


def limit_of(args: argparse.Namespace) -> int:
    return count(getattr(args, "max_positions", str(DEFAULT_MAX_POSITIONS)), "--max-positions", 1)


def word(value: Any) -> str:
    """A value as the command line writes it: ``3``, or ``∞{0,2}``."""
    return str(value)


def run_values(argv: list[str]) -> int:
    """``sgstudio values FILE.py N [--json] [--max-positions N] [--trust]`` (``argv`` from ``values``)."""
    from sgstudio.console import Parser

    parser = Parser(prog="sgstudio values", description="Print g(0) ... g(N-1) of the game in FILE.py.")
    parser.add_argument("rule", metavar="FILE.py", help="a game file: options(position), on integers")
    parser.add_argument("n", metavar="N", help="how many values")
    add_options(parser)
    return values(parser.parse_args(argv[1:]))


def values(args: argparse.Namespace) -> int:
    """``sgstudio values FILE.py N``."""
    from sgstudio import console as cli

    n = count(args.n, "N", 0, 10**8)
    game = open_game(args.rule, limit_of(args), getattr(args, "trust", False))
    try:
        found = game.values(n)
    except (LimitError, WorkerCrashError) as err:  # a run stopped: said as the command line says it
        raise GameError(f"sgstudio: {err.message}") from None
    finally:
        game.close()
    if args.json:
        cli.emit(json.dumps([v if isinstance(v, int) else word(v) for v in found]) + "\n")
    else:
        cli.emit(" ".join(map(word, found)) + "\n")
    return cli.EXIT_OK


def run_table(args: argparse.Namespace) -> int:
    """``sgstudio table FILE.py A B``."""
    from sgstudio import console as cli

    a, b = count(args.a, "A", 1), count(args.b, "B", 1)
    if a * b > 10**8:
        raise SGStudioError(f"sgstudio: table: A x B = {a * b:,} cells is more than 10^8")
    game = open_game(args.file, limit_of(args), args.trust)
    try:
        rows = game.table(a, b).values
    except (LimitError, WorkerCrashError) as err:  # (a mistake in the game: FILE.py:LINE: ...)
        raise GameError(f"sgstudio: {err.message}") from None
    finally:
        game.close()
    if args.json:
        cli.emit(json.dumps([[v if isinstance(v, int) else word(v) for v in row] for row in rows]) + "\n")
    else:
        cli.emit("".join(" ".join(map(word, row)) + "\n" for row in rows))
    return cli.EXIT_OK


def is_component(text: str) -> bool:
    """Whether a component of ``sgstudio sum`` is ``FILE.py:POSITION``.

    >>> is_component("wythoff.py:(3, 5)"), is_component("0.07:15")
    (True, False)
    """
    return ".py:" in text


def component(text: str) -> Any:
    """The sum component ``FILE.py:POSITION``: tokens on the positions reachable from POSITION."""
    from sgstudio.games.custom.play import Reachable
    from sgstudio.games.custom.run import parse_position
    from sgstudio.games.sum.game import Component

    path, _, literal = text.partition(".py:")
    path += ".py"
    position = parse_position(literal)
    game = open_game(path)
    try:
        solution = game.solve([position])
    finally:
        game.close()
    node = solution.node(position)
    reach = Reachable(solution, node, name=game.name)
    token_game, start = reach.game()
    return Component(token_game, start, token_game.names(reach.label))
