"""Command line: ``sgstudio solve FORMAT [FILE]`` and friends.

Imports the core and the formats only, never Qt (the GUI is loaded only when asked for), and
loads each format module lazily so that start-up stays lean.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from sgstudio.core.errors import SGStudioError
from sgstudio.formats import FORMATS

EXIT_BAD_INPUT = 2
SUBCOMMANDS = ("solve",)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the subcommands."""
    parser = argparse.ArgumentParser(
        prog="sgstudio",
        description="A studio for impartial games under the Sprague-Grundy theory.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    solve = sub.add_parser(
        "solve",
        help="print the judge's output for a judge input file",
        description="Print exactly the judge's output for FILE (standard input when FILE is - or absent).",
    )
    solve.add_argument("format", choices=sorted(FORMATS), metavar="FORMAT",
                       help="one of: " + ", ".join(sorted(FORMATS)))
    solve.add_argument("file", nargs="?", default="-", help="input file (default: standard input)")
    return parser


def read_input(path: str) -> tuple[str, str]:
    """Return ``(text, display_name)`` of a file, or of standard input for ``-``."""
    if path == "-":
        return sys.stdin.read(), "<stdin>"
    with open(path, encoding="utf-8") as handle:
        return handle.read(), path


def run_solve(fmt: str, path: str) -> int:
    """Solve a judge file: output on stdout, one clear error line on stderr and status 2."""
    module = importlib.import_module(f"sgstudio.formats.{fmt}")
    try:
        text, name = read_input(path)
        output = module.solve(text, name)
    except SGStudioError as err:
        print(err, file=sys.stderr)
        return EXIT_BAD_INPUT
    except (OSError, UnicodeDecodeError) as err:
        print(f"{path}: cannot read: {err}", file=sys.stderr)
        return EXIT_BAD_INPUT
    sys.stdout.write(output)
    sys.stdout.flush()
    return 0


def main(argv: Sequence[str]) -> int:
    """Entry point: a subcommand, or the studio window when none is given."""
    argv = list(argv)
    if not argv or argv[0] not in (*SUBCOMMANDS, "-h", "--help"):
        return run_gui(argv)
    args = build_parser().parse_args(argv)
    if args.command == "solve":
        return run_solve(args.format, args.file)
    build_parser().print_help()
    return 0


def run_gui(argv: list[str]) -> int:
    """Open the studio window (imports Qt only now)."""
    try:
        from sgstudio.gui.app import run
    except ImportError:
        build_parser().print_help()
        return 0
    return run(argv)
