"""``sgstudio solve FORMAT [FILE] [--loopy]``: exactly the judge's output for a judge input file.

``--loopy`` (HDU 1524 only) reads graphs with cycles as loopy games: one ``WIN``, ``LOSE`` or
``DRAW`` per query (:mod:`sgstudio.games.graph.loopy.values`); without it a cycle is refused where it
closes, as the judge's graphs are acyclic.

The whole output is computed before anything is written, so bad input leaves stdout empty; the
failures end in :func:`sgstudio.cli.main.failure` (one line, status 2 for bad input, 1 for I/O).
"""

from __future__ import annotations

import argparse
from typing import Any

from sgstudio.cli import main as cli
from sgstudio.formats import FORMATS

LOOPY_FORMATS = ("hdu1524",)
"""The judge formats whose games may be read as loopy games (``--loopy``)."""
LOOPY_WORDS = "WIN, LOSE or DRAW"


def register(subparsers: Any) -> argparse.ArgumentParser:
    """Add the ``solve`` subcommand to an ``add_subparsers()`` object; return its parser."""
    solve = subparsers.add_parser(
        "solve",
        help="print the judge's output for a judge input file",
        description="Print exactly the judge's output for FILE (standard input when FILE is - or absent).",
    )
    solve.add_argument("format", metavar="FORMAT", help="one of: " + ", ".join(sorted(FORMATS)))
    solve.add_argument("file", nargs="?", default="-", help="input file (default: standard input)")
    solve.add_argument("--loopy", action="store_true",
                       help=f"hdu1524 only: graphs may have cycles; print {LOOPY_WORDS} per query")
    solve.set_defaults(run=run)
    return solve


def run(args: argparse.Namespace) -> int:
    """Solve a judge file: the judge's output on stdout."""
    module = cli.load_format(args.format)
    if args.loopy and args.format not in LOOPY_FORMATS:
        raise cli.UsageError(f"sgstudio: solve: --loopy applies to {', '.join(LOOPY_FORMATS)} only, not "
                             f"{args.format} (see sgstudio solve --help)")
    text, name = cli.read_input(args.file)
    cli.emit(module.solve(text, name, loopy=True) if args.loopy else module.solve(text, name))
    return cli.EXIT_OK
