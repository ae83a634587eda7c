"""``sgstudio solve FORMAT [FILE]``: exactly the judge's output for a judge input file.

The whole output is computed before anything is written, so bad input leaves stdout empty; the
failures end in :func:`sgstudio.cli.failure` (one line, status 2 for bad input, 1 for I/O).
"""

from __future__ import annotations

import argparse
from typing import Any

from sgstudio import cli
from sgstudio.formats import FORMATS


def register(subparsers: Any) -> argparse.ArgumentParser:
    """Add the ``solve`` subcommand to an ``add_subparsers()`` object; return its parser."""
    solve = subparsers.add_parser(
        "solve",
        help="print the judge's output for a judge input file",
        description="Print exactly the judge's output for FILE (standard input when FILE is - or absent).",
    )
    solve.add_argument("format", metavar="FORMAT", help="one of: " + ", ".join(sorted(FORMATS)))
    solve.add_argument("file", nargs="?", default="-", help="input file (default: standard input)")
    solve.set_defaults(run=run)
    return solve


def run(args: argparse.Namespace) -> int:
    """Solve a judge file: the judge's output on stdout."""
    module = cli.load_format(args.format)
    text, name = cli.read_input(args.file)
    cli.emit(module.solve(text, name))
    return cli.EXIT_OK
