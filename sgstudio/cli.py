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
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import importlib
import os
import sys
import time
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any, NoReturn

from sgstudio.core.errors import SGStudioError, one_line, printable
from sgstudio.formats import FORMATS, MODULES

EXIT_OK, EXIT_IO, EXIT_BAD_INPUT, EXIT_INTERRUPTED = 0, 1, 2, 130

COMMANDS: dict[str, str] = {
    "solve": "sgstudio.cli_solve",
    "play": "sgstudio.cli_play",
    "values": "sgstudio.games.takebreak.cli",
    "period": "sgstudio.games.takebreak.cli",
    "sum": "sgstudio.cli_sum",
    "sweep": "sgstudio.games.takebreak.sweep.cli",
    "table": "sgstudio.games.custom.cli",
}
"""Subcommand name -> module with ``register(subparsers)`` and ``run(args)`` (a module may register
several subcommands: it is imported and registered once)."""


class InputError(SGStudioError):
    """The input file cannot be read (missing, a directory, no permission): bad input, status 2."""


class UsageError(SGStudioError):
    """A bad command line (unknown option, a value out of range): status 2."""


class OutputError(OSError):
    """Standard output cannot be written (a full disk, a closed pipe): status 1."""


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line (raised as :class:`UsageError`), not usage + exit."""

    def error(self, message: str) -> NoReturn:
        """Raise :class:`UsageError`: ``sgstudio: values: message (see sgstudio values --help)``."""
        command = self.prog.split(maxsplit=1)[1:]
        where = "".join(f"{c}: " for c in command)
        raise UsageError(f"sgstudio: {where}{message} (see {self.prog} --help)")

    def parse_known_args(self, args=None, namespace=None):  # type: ignore[no-untyped-def]
        """A parser without subcommands reads options between its positional arguments too
        (``solve hdu1524 --loopy FILE``: argparse alone gives FILE up when an optional positional
        comes before an option)."""
        if self._subparsers is not None or getattr(self, "_intermixing", False):
            return super().parse_known_args(args, namespace)
        self._intermixing = True
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self._intermixing = False


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
    sgstudio.cli.UsageError: sgstudio: unknown command 'vaules': did you mean 'values'? (the commands: ...)
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
               "[--screenshot OUT.png], TAB being graph, snim, splitnim or board (FILE is then a judge "
               "input of that tab's format). Exit status: 0 done, 2 bad input or options, 1 output "
               "that cannot be written or an internal error (a crash log is named).",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    modules = dict.fromkeys(COMMANDS[name] for name in (COMMANDS if names is None else names))
    for module in modules:
        importlib.import_module(module).register(sub)
    return parser


def guarded(run: Callable[[], int]) -> int:
    """``run()`` with every failure turned into one line and an exit status (:func:`failure`)."""
    limit = sys.get_int_max_str_digits()
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
    if isinstance(err, KeyboardInterrupt):
        _say("sgstudio: interrupted")
        return EXIT_INTERRUPTED
    if isinstance(err, SGStudioError):
        _say(str(err))
        return EXIT_BAD_INPUT
    if isinstance(err, OSError):
        _silence_output()
        closed = isinstance(err, BrokenPipeError) or err.errno == errno.EPIPE
        reason = "the reader closed the pipe" if closed else err.strerror or err
        if isinstance(err, OutputError):
            _say(f"sgstudio: cannot write the output: {reason}")
        else:
            where = f" ({printable(str(err.filename))})" if err.filename else ""
            _say(f"sgstudio: {reason}{where}")
        return EXIT_IO
    return crashed(err)


def crashed(err: BaseException, context: str = "") -> int:
    """A bug: save the traceback to a crash log and say where it is (exit status 1)."""
    from sgstudio import crashlog

    try:
        where = f"the details are in {crashlog.write(err, context)}"
    except OSError as log_err:
        where = f"no crash log could be written ({log_err.strerror or log_err})"
    _say(f"sgstudio: internal error ({crashlog.summary(err)}); {where}")
    return EXIT_IO


def _say(message: str) -> None:
    with contextlib.suppress(OSError, ValueError, AttributeError):  # stderr closed too: nothing to do
        print(one_line(message), file=sys.stderr, flush=True)


# -- input and output shared by the subcommands ---------------------------------------------------
def read_input(path: str) -> tuple[str, str]:
    """Return ``(text, display_name)`` of a file, or of standard input for ``-`` (UTF-8, a BOM dropped).

    Undecodable bytes raise a ParseError at the line and column of the first bad character; a file
    that cannot be read raises :class:`InputError`.
    """
    from sgstudio.formats.tokens import decode

    try:
        if path == "-":
            data, name = sys.stdin.buffer.read(), "<stdin>"
        else:
            with open(path, "rb") as handle:
                data, name = handle.read(), path
    except (OSError, AttributeError) as err:  # AttributeError: no standard input at all
        reason = getattr(err, "strerror", None) or "standard input is closed"
        raise InputError(f"{printable(path)}: cannot read: {reason}") from None
    return decode(data, name), name


def emit(text: str) -> None:
    """Write ``text`` to standard output (OutputError, status 1, if that fails)."""
    try:
        sys.stdout.write(text)
    except (OSError, AttributeError) as err:
        raise OutputError(getattr(err, "errno", None), getattr(err, "strerror", None) or
                          "standard output is closed") from None


def emit_bytes(data: bytes) -> None:
    """Write ASCII ``data`` to standard output, past the text layer when there is a binary one
    (OutputError, status 1, if that fails)."""
    binary = getattr(sys.stdout, "buffer", None)
    if binary is None:
        emit(data.decode("ascii"))
        return
    try:
        sys.stdout.flush()
        binary.write(data)
    except (OSError, AttributeError) as err:
        raise OutputError(getattr(err, "errno", None), getattr(err, "strerror", None) or
                          "standard output is closed") from None


def flush_output() -> None:
    """Flush standard output (OutputError if that fails: a full disk shows here)."""
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
    except OSError as err:
        raise OutputError(err.errno, err.strerror) from None


class TerminalProgress:
    """Progress of a long computation on standard error, only when it is a terminal: one line,
    rewritten in place at most every :attr:`every` seconds (``sgstudio period 0.9: 14,098 values
    done, N = 16,384 (--max 1,000,000)``, then what ``detail()`` adds) and cleared by :meth:`clear`,
    so that nothing of it stays in a log or a pipe.

    >>> import io
    >>> progress = TerminalProgress("sgstudio period 0.9", "--max 1,000", io.StringIO())
    >>> progress(5, 10), progress.shown, progress.stream.getvalue()   # not a terminal: nothing written
    (None, False, '')
    """

    every = 0.2

    def __init__(self, what: str, limit: str, stream: Any = None,
                 detail: Callable[[], str] | None = None) -> None:
        self.what, self.limit, self.detail = what, limit, detail
        self.stream = sys.stderr if stream is None else stream
        self.shown, self.last = self._terminal(), float("-inf")

    def _terminal(self) -> bool:
        try:
            return bool(self.stream.isatty())
        except (AttributeError, ValueError, OSError):
            return False

    def __call__(self, done: int, n: int) -> None:
        """``done`` values computed, towards ``n`` in this round (the search's current N)."""
        if not self.shown or time.monotonic() - self.last < self.every:
            return
        self.last = time.monotonic()
        more = self.detail() if self.detail is not None else ""
        self._write(f"\r{self.what}: {done:,} values done, N = {n:,} ({self.limit}){more}\x1b[K")

    def clear(self) -> None:
        """Take the line away (the cursor back at the start of an empty line)."""
        if self.shown and self.last > float("-inf"):
            self._write("\r\x1b[K")

    def _write(self, text: str) -> None:
        with contextlib.suppress(OSError, ValueError):
            self.stream.write(text)
            self.stream.flush()


def _silence_output() -> None:
    """Send what is left of standard output to the null device, so that the interpreter's final
    flush does not print a second error (a closed pipe or a full disk)."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):  # stdout is not a file (tests capture it)
        pass


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


def non_negative(text: str) -> int:
    """An argparse type: an integer >= 0.

    >>> non_negative("12")
    12
    >>> non_negative("-1")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be an integer >= 0, not '-1'
    """
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be an integer >= 0, not {text[:40]!r}")
    return value


def run_gui(argv: list[str]) -> int:
    """Open the studio window (imports Qt only now)."""
    try:
        from sgstudio.gui.app import run
    except ImportError as err:
        raise SGStudioError(f"sgstudio: the studio window needs PySide6, which cannot be loaded ({err}); "
                            "the subcommands work without it: sgstudio --help") from None
    return run(argv)
