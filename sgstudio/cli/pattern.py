"""``sgstudio pattern GAME [--upto N] [--python]``: the pattern in a game's values, and how sure it is.

GAME is a RULE as ``sgstudio values`` reads it (``0.77``, ``snim:1,3,4``, ``split:3``, ``grundy``,
``subtract:squares``...) or a game file ``FILE.py`` (``options(position)``; run in its worker
process): a game on integers gets the one-number search of g(0..N), a game on pairs the two-number
search of g(x, y) for x, y <= N (:mod:`sgstudio.games.custom.pattern`).

The text is the formula in words and symbols, then how sure: ``certified ...`` (with the theorem),
``holds for every n ≤ N ...`` (and why no theorem certifies it), or ``no pattern found up to n = N``;
then the pattern as one line of Python. ``--python`` prints only that line: an expression in ``n``
(or in ``x, y``), ``P: EXPR`` true exactly on the P-positions, or ``None``. Exit status 0 in each
case; a bad GAME or N is one line on standard error, exit status 2.
"""

from __future__ import annotations

import argparse
import os
from typing import Any

RULE_UPTO = 10_000
"""The default last heap of a rule (g(0..10,000): enough for the octal theorem's bound on the usual
codes, in milliseconds)."""
SPLIT_UPTO = 2_000
"""The default last heap of ``split:K`` (its values cost about the square of the table: g(0..10,000)
takes some 20 s, g(0..2,000) under a second; the closed form certifies from a few periods)."""


def register(subparsers: Any) -> None:
    """Add ``pattern`` to an ``add_subparsers()`` object."""
    parser = subparsers.add_parser(
        "pattern", help="find the pattern in a game's values, say how sure it is, print it as Python",
        description="Find the simplest pattern in the values of GAME (periodic, arithmetic-periodic, n plus "
                    "a periodic correction, linear on residue classes; for games on pairs x XOR y, a "
                    "disguised sum, or the P-positions on lines or Beatty pairs), say whether it is "
                    "certified or how far it was checked, and print it as one line of Python.")
    parser.add_argument("game", metavar="GAME",
                        help="a rule as 'sgstudio values' reads it (0.77, snim:1,3,4, split:3, grundy, "
                             "subtract:squares, ...) or a game file FILE.py defining options(position)")
    parser.add_argument("--upto", metavar="N", default=None,
                        help=f"search g(0..N) (default {RULE_UPTO:,} for a rule, {SPLIT_UPTO:,} for split:K, "
                             "1,000 for a game file on integers), or g(x, y) for x, y <= N (default 63 for a "
                             "game file on pairs)")
    parser.add_argument("--python", action="store_true",
                        help="print only the pattern as one line of Python (an expression in n, or in x, y; "
                             "'P: EXPR' on the P-positions; None when no pattern is found)")
    parser.add_argument("--force", action="store_true",
                        help="compute a rule's values even when the estimate says it takes more than 10 "
                             "minutes (without it, such a run is refused with the estimate)")
    parser.set_defaults(run=run)


def is_game_file(game: str) -> bool:
    """Whether GAME names a game file (it ends in ``.py``, or is an existing file) rather than a rule.

    >>> is_game_file("wythoff.py"), is_game_file("0.77"), is_game_file("snim:1,2")
    (True, False, False)
    """
    return game.endswith(".py") or os.path.isfile(game)


def run(args: argparse.Namespace) -> int:
    """Run ``pattern`` with parsed arguments (a bad GAME or N raises SGStudioError: exit status 2)."""
    from sgstudio.console import emit
    from sgstudio.core.errors import SGStudioError
    from sgstudio.games.takebreak.cli import count

    try:
        upto = None if args.upto is None else count(args.upto, "--upto")
        report = _file_report(args.game, upto) if is_game_file(args.game) else \
            _rule_report(args.game, upto, getattr(args, "force", False))
    except SGStudioError as err:
        message = str(err)
        raise SGStudioError(message if message.startswith("sgstudio:") else f"sgstudio: {message}") from None
    if args.python:
        emit(report.python() + "\n")
        return 0
    emit(report.text() + "\n")
    if report.pattern is not None:
        emit(f"as Python: {report.python()}\n")
    return 0


def _rule_report(text: str, upto: int | None, force: bool = False) -> Any:
    """A rule's pattern; its values estimated first (beyond 10 minutes refused unless ``force``), their
    progress on standard error when that is a terminal (as ``values``)."""
    from sgstudio.console import TerminalProgress
    from sgstudio.games.takebreak.budget import Budget
    from sgstudio.games.takebreak.parse import parse_rule
    from sgstudio.games.takebreak.pattern import report_of_values
    from sgstudio.games.takebreak.values import make_table

    rule = parse_rule(text)
    default = SPLIT_UPTO if getattr(rule, "family", None) == "split" else RULE_UPTO
    last = default if upto is None else upto
    table = make_table(rule)
    progress = TerminalProgress(f"sgstudio pattern {rule.text}", f"--upto {last:,}")
    budget = Budget(table, last + 1, f"pattern {rule.text} --upto {last}", "--upto", force=force,
                    progress=progress if progress.shown else None)
    progress.detail = budget.left_text
    try:
        budget.start()
        values = table.values(last + 1, budget)
    finally:
        progress.clear()
    return report_of_values(values, rule)


def _file_report(path: str, upto: int | None) -> Any:
    from sgstudio.core.errors import SGStudioError
    from sgstudio.games.custom.pattern import file_pattern
    from sgstudio.games.takebreak.cli import MAX_VALUES

    if upto is not None and upto > MAX_VALUES:
        raise SGStudioError(f"--upto must be at most {MAX_VALUES}")
    if not os.path.isfile(path):
        reason = "it is a directory" if os.path.isdir(path) else "No such file or directory"
        raise SGStudioError(f"{path}: cannot read: {reason}")
    return file_pattern(path, upto).report
