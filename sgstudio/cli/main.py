"""Command line: ``sgstudio COMMAND ...`` (subcommands) or, without one, the studio window.

Imports the core and the formats only, never Qt (the GUI is loaded only when asked for), and
imports each subcommand's module only when it is named, so that start-up stays lean.

**Subcommands.** :data:`COMMANDS` maps a name to the module that implements it; the module has
``register(subparsers)`` (adds its parser, with ``set_defaults(run=run)``) and ``run(args) -> int``.
A new subcommand is one module and one line in :data:`COMMANDS`. A subcommand raises what goes
wrong and prints its output with :func:`emit`; it never prints errors itself.

**Failures, in one place** (:func:`guarded` around every subcommand, :func:`failure` decides):

- bad input: :class:`~sgstudio.core.errors.SGStudioError` (ParseError: ``FILE:LINE:COL: message``),
  an input file that cannot be read (:class:`InputError`), a bad option (:class:`UsageError`):
  one line on stderr, nothing on stdout, exit status 2 (:data:`EXIT_BAD_INPUT`);
- I/O: output that cannot be written (a full disk, a closed pipe) or another OSError:
  ``sgstudio: message``, exit status 1 (:data:`EXIT_IO`);
- anything else is a bug: its traceback goes to a crash log (:mod:`sgstudio.crashlog`) and the
  line names the log; exit status 1. Ctrl+C: ``sgstudio: interrupted``, exit status 130.

Every message is one printable line (:func:`~sgstudio.core.errors.one_line`).

**Without a subcommand** the window opens, after :func:`check_window_start`: a FILE that cannot be
read, or a word that is no file but close to a command (``sgstudio vaules``), is refused in one
line, exit status 2, before anything of Qt is loaded.
What the window shares with the command line (exit codes, errors, the Parser, input and output) is
:mod:`sgstudio.console`; the names are also here, for the subcommands (``cli.emit``).
"""

from __future__ import annotations

import argparse
import errno
import importlib
import os
import sys
from collections.abc import Callable, Sequence
from types import ModuleType

from sgstudio.console import EXIT_BAD_INPUT as EXIT_BAD_INPUT
from sgstudio.console import EXIT_INTERRUPTED as EXIT_INTERRUPTED
from sgstudio.console import EXIT_IO as EXIT_IO
from sgstudio.console import EXIT_OK as EXIT_OK
from sgstudio.console import InputError as InputError
from sgstudio.console import OutputError as OutputError
from sgstudio.console import Parser as Parser
from sgstudio.console import TerminalProgress as TerminalProgress
from sgstudio.console import UsageError as UsageError
from sgstudio.console import _say, _silence_output
from sgstudio.console import crashed as crashed
from sgstudio.console import emit as emit
from sgstudio.console import emit_bytes as emit_bytes
from sgstudio.console import flush_output as flush_output
from sgstudio.console import non_negative as non_negative
from sgstudio.console import read_input as read_input
from sgstudio.core import interrupts
from sgstudio.core.errors import SGStudioError, printable
from sgstudio.core.interrupts import is_interruption
from sgstudio.formats import FORMATS, MODULES

COMMANDS: dict[str, str] = {
    "solve": "sgstudio.cli.solve",
    "play": "sgstudio.cli.play",
    "values": "sgstudio.games.takebreak.cli",
    "period": "sgstudio.games.takebreak.cli",
    "sum": "sgstudio.cli.sum",
    "pattern": "sgstudio.cli.pattern",
    "sweep": "sgstudio.games.takebreak.sweep.cli",
    "table": "sgstudio.games.custom.cli",
    "quotient": "sgstudio.games.takebreak.quotient.cli",
}
"""Subcommand name -> module with ``register(subparsers)`` and ``run(args)`` (a module may register
several subcommands: it is imported and registered once)."""


# -- the entry point -----------------------------------------------------------------------------
def main(argv: Sequence[str]) -> int:
    """Entry point: a subcommand, or the studio window when none is given."""
    argv = list(argv)
    if not argv or argv[0] not in (*COMMANDS, "-h", "--help"):
        return guarded(lambda: check_window_start(argv) or run_gui(argv))
    return guarded(lambda: dispatch(argv))


WINDOW_VALUE_OPTIONS = ("--tab", "--screenshot")
"""The window's options that take a value (``sgstudio [FILE] [--tab TAB] [--screenshot OUT.png]``)."""


def window_file(argv: Sequence[str]) -> tuple[int, str] | None:
    """``(index, FILE)``: the first positional argument of a window start (None: there is none).

    >>> window_file(["--tab", "snim", "heaps.txt"]), window_file(["--screenshot=a.png"])
    ((2, 'heaps.txt'), None)
    """
    skip = False
    for i, arg in enumerate(argv):
        if skip:
            skip = False
        elif arg == "--":
            return (i + 1, argv[i + 1]) if i + 1 < len(argv) else None
        elif arg.startswith("-") and arg != "-":
            # an option, or an abbreviation argparse accepts (--scr OUT.png): its value is skipped
            skip = "=" not in arg and len(arg) > 2 and any(o.startswith(arg) for o in WINDOW_VALUE_OPTIONS)
        else:
            return i, arg
    return None


def check_window_start(argv: Sequence[str]) -> None:
    """Refuse, before any window opens, a FILE that cannot be read and a mistyped command
    (``sgstudio vaules 0.77 50``: a close match among :data:`COMMANDS` is suggested).

    >>> check_window_start(["vaules", "0.77", "50"])
    Traceback (most recent call last):
    ...
    sgstudio.console.UsageError: sgstudio: unknown command 'vaules': did you mean 'values'? (the commands:
    ...)
    """
    import difflib

    found = window_file(argv)
    if found is None:
        return
    index, path = found
    commands = ", ".join(COMMANDS)
    if not os.path.exists(path):
        close = difflib.get_close_matches(path, COMMANDS, n=1) if index == 0 else []
        if close:
            raise UsageError(f"sgstudio: unknown command {printable(path)!r}: did you mean {close[0]!r}? "
                             f"(the commands: {commands}; see sgstudio --help)")
        command_like = index == 0 and not set(path) & {".", "/", os.sep}
        also = f" (and {printable(path)!r} is not a command: {commands})" if command_like else ""
        raise InputError(f"{printable(path)}: cannot read: No such file or directory{also}")
    try:
        with open(path, "rb"):
            pass
    except OSError as err:
        raise InputError(f"{printable(path)}: cannot read: {err.strerror or err}") from None


def dispatch(argv: list[str]) -> int:
    """Parse ``argv`` (only the named subcommand's module is imported) and run it."""
    # No subcommand does linear algebra: without this, importing numpy starts OpenBLAS's threads,
    # some 0.1 s of CPU time on every run (measured; a setting already made is kept)
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    if argv[0] in COMMANDS:  # numpy's C start imports modules from C: a Ctrl+C there would read as an
        with interrupts.held():  # ImportError with no cause; it waits for the import's end instead
            import numpy  # noqa: F401
    if argv[0] == "values" and len(argv) > 1 and argv[1].endswith((".py", ".sgs")):  # a game in Python
        from sgstudio.games.custom.cli import run_values

        return run_values(argv)
    named = [argv[0]] if argv[0] in COMMANDS else list(COMMANDS)
    args = build_parser(named).parse_args(argv)
    if getattr(args, "run", None) is None:
        build_parser().print_help()
        return EXIT_OK
    return args.run(args)


def build_parser(names: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The argument parser with the subcommands ``names`` (default: all of them)."""
    parser = Parser(
        prog="sgstudio",
        description="A studio for impartial games under the Sprague-Grundy theory.",
        epilog="Without a COMMAND it opens the studio window: sgstudio [FILE] [--tab TAB] "
               "[--screenshot OUT.png], TAB being graph, snim, splitnim, board, takebreak, nim, sum or "
               "custom (FILE is a judge input of that tab's format, or an .sgs document). Exit status: "
               "0 done, 2 bad input or options, 1 output that cannot be written or an internal error "
               "(a crash log is named), 130 interrupted (Ctrl+C), 141 the reader closed the pipe.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    modules = dict.fromkeys(COMMANDS[name] for name in (COMMANDS if names is None else names))
    for module in modules:
        importlib.import_module(module).register(sub)
    return parser


def guarded(run: Callable[[], int]) -> int:
    """``run()`` with every failure turned into one line and an exit status (:func:`failure`)."""
    limit = sys.get_int_max_str_digits()
    interrupts.install()  # Ctrl+C waits for the end of a compiled kernel's call
    sys.set_int_max_str_digits(0)  # huge heaps are printed in full (the readers need no lift)
    try:
        status = run()
        flush_output()
    except BaseException as err:  # the one place where failures end
        return failure(err)
    finally:
        sys.set_int_max_str_digits(limit)  # called from a library or a test: leave it as it was
    return status


def failure(err: BaseException) -> int:
    """Print the one line for ``err`` on stderr and return the exit status (module docstring)."""
    if isinstance(err, SystemExit):  # --help, or a parser that exits by itself
        return err.code if isinstance(err.code, int) else EXIT_OK if err.code is None else EXIT_BAD_INPUT
    if is_interruption(err):  # a KeyboardInterrupt, or an error it caused (issue 28)
        _say("sgstudio: interrupted")
        return EXIT_INTERRUPTED
    if isinstance(err, SGStudioError):
        _say(str(err))
        return EXIT_BAD_INPUT
    from sgstudio.core.limits import is_memory_failure, out_of_memory

    if is_memory_failure(err):  # a size no check foresaw: words, not a crash log (issue 28)
        _say(f"sgstudio: {out_of_memory(err if isinstance(err, MemoryError) else None)}")
        return EXIT_IO
    if isinstance(err, OSError):
        _silence_output()
        closed = isinstance(err, BrokenPipeError) or err.errno == errno.EPIPE
        if closed and isinstance(err, OutputError):  # the reader went away: quiet, as other tools
            from sgstudio.output import EXIT_CLOSED_PIPE

            return EXIT_CLOSED_PIPE
        reason = "the reader closed the pipe" if closed else err.strerror or err
        if isinstance(err, OutputError):
            _say(f"sgstudio: cannot write the output: {reason}")
        else:
            where = f" ({printable(str(err.filename))})" if err.filename else ""
            _say(f"sgstudio: {reason}{where}")
        return EXIT_IO
    return crashed(err)


# -- input and output shared by the subcommands ---------------------------------------------------


def load_format(fmt: str) -> ModuleType:
    """The module of the judge format ``fmt`` (:data:`sgstudio.formats.MODULES`); SGStudioError if the
    format is unknown or missing."""
    if fmt not in FORMATS:
        raise UsageError(f"sgstudio: unknown format {fmt!r} (known: {', '.join(sorted(FORMATS))})")
    name = MODULES[fmt]
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name != name:
            raise
        raise UsageError(f"sgstudio: format {fmt!r} is not available in this build") from None


def run_gui(argv: list[str]) -> int:
    """Open the studio window (imports Qt only now)."""
    try:
        from sgstudio.app.start import run
    except ImportError as err:
        raise SGStudioError(f"sgstudio: the studio window needs PySide6, which cannot be loaded ({err}); "
                            "the subcommands work without it: sgstudio --help") from None
    return run(argv)
