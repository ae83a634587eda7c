"""Command line: ``sgstudio solve FORMAT [FILE]``, ``sgstudio play FORMAT FILE`` and the GUI.

Imports the core and the formats only, never Qt (the GUI is loaded only when asked for), and
loads each format module lazily so that start-up stays lean.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from types import ModuleType

from sgstudio.core.errors import ParseError, SGStudioError
from sgstudio.formats import FORMATS

EXIT_BAD_INPUT = 2
SUBCOMMANDS = ("solve", "play", "values", "period")


def build_parser(with_play: bool = True) -> argparse.ArgumentParser:
    """The argument parser of the subcommands (``with_play=False`` spares ``solve`` its import)."""
    parser = argparse.ArgumentParser(
        prog="sgstudio",
        description="A studio for impartial games under the Sprague-Grundy theory.",
        epilog="Without a COMMAND it opens the studio window: sgstudio [FILE] [--tab TAB] "
               "[--screenshot OUT.png], TAB being graph, snim, splitnim or board (FILE is then a judge "
               "input of that tab's format).",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    solve = sub.add_parser(
        "solve",
        help="print the judge's output for a judge input file",
        description="Print exactly the judge's output for FILE (standard input when FILE is - or absent).",
    )
    solve.add_argument("format", metavar="FORMAT", help="one of: " + ", ".join(sorted(FORMATS)))
    solve.add_argument("file", nargs="?", default="-", help="input file (default: standard input)")
    if with_play:
        from sgstudio import cli_play  # here: cli_play imports this module

        cli_play.register(sub)
    from sgstudio import cli_rules  # values, period (imports nothing heavy until run)

    cli_rules.register(sub)
    return parser


def read_input(path: str) -> tuple[str, str]:
    """Return ``(text, display_name)`` of a file, or of standard input for ``-`` (UTF-8, a BOM dropped).

    Undecodable bytes raise a ParseError at the line and column of the first bad byte.
    """
    if path == "-":
        data, name = sys.stdin.buffer.read(), "<stdin>"
    else:
        with open(path, "rb") as handle:
            data, name = handle.read(), path
    try:
        return data.decode("utf-8-sig"), name
    except UnicodeDecodeError as err:
        head = data[: err.start]
        line = head.count(b"\n") + 1
        column = len(head) - (head.rfind(b"\n") + 1) + 1
        raise ParseError(f"not UTF-8 text (byte 0x{data[err.start]:02x})", file=name, line=line,
                         column=column, expected="UTF-8 text") from None


def load_format(fmt: str) -> ModuleType:
    """The module ``sgstudio.formats.FMT``; SGStudioError if the format is unknown or missing."""
    if fmt not in FORMATS:
        raise SGStudioError(f"sgstudio: unknown format {fmt!r} (known: {', '.join(sorted(FORMATS))})")
    name = f"sgstudio.formats.{fmt}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name != name:
            raise
        raise SGStudioError(f"sgstudio: format {fmt!r} is not available in this build") from None


def bad_input(err: SGStudioError | OSError, path: str) -> int:
    """Print the one error line for bad or unreadable input; return the exit status (2)."""
    if isinstance(err, OSError):
        print(f"{path}: cannot read: {err.strerror or err}", file=sys.stderr)
    else:
        print(err, file=sys.stderr)
    return EXIT_BAD_INPUT


def run_solve(fmt: str, path: str) -> int:
    """Solve a judge file: output on stdout; else one error line on stderr and status 2."""
    try:
        module = load_format(fmt)
        text, name = read_input(path)
        output = module.solve(text, name)
    except (SGStudioError, OSError) as err:
        return bad_input(err, path)
    sys.stdout.write(output)
    sys.stdout.flush()
    return 0


def main(argv: Sequence[str]) -> int:
    """Entry point: a subcommand, or the studio window when none is given."""
    argv = list(argv)
    if not argv or argv[0] not in (*SUBCOMMANDS, "-h", "--help"):
        return run_gui(argv)
    if argv[0] in ("values", "period"):
        from sgstudio import cli_rules

        return cli_rules.main(argv)
    args = build_parser(with_play=argv[0] != "solve").parse_args(argv)
    if args.command == "solve":
        return run_solve(args.format, args.file)
    if args.command == "play":
        from sgstudio import cli_play

        return cli_play.run(args)
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
