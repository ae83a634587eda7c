"""What the command line and the window share: exit codes, the one-line errors, the Parser, the
crash report, reading input and writing output, terminal progress, picking a case.

The dispatcher (:mod:`sgstudio.cli.main`) and every subcommand (those over all games in
:mod:`sgstudio.cli`, a game's own in its package's ``cli.py``) use these; so does the window (its
parser, its crash report). Nothing here imports Qt, the dispatcher or a game.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from sgstudio.core.errors import SGStudioError, one_line, printable

EXIT_OK, EXIT_IO, EXIT_BAD_INPUT, EXIT_INTERRUPTED = 0, 1, 2, 130


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


def pick(items: Sequence[Any], number: int, option: str, what: str, file: str, where: str = "") -> Any:
    """The ``number``-th (1-based) of ``items``, or an error naming the option and the range.

    >>> pick("abc", 2, "--case", "test case", "f.txt")
    'b'
    >>> pick("abc", 4, "--case", "test case", "f.txt")
    Traceback (most recent call last):
    ...
    sgstudio.core.errors.SGStudioError: f.txt: --case 4 is out of range: there are 3 test cases
    """
    if not 1 <= number <= len(items):
        plural = what[:-1] + "ies" if what.endswith("y") else what + "s"
        count = f"is 1 {what}" if len(items) == 1 else f"are {len(items)} {plural}"
        raise SGStudioError(f"{file}: {option} {number} is out of range: there {count}{where}")
    return items[number - 1]
