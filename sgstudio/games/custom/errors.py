"""What can stop a game written in Python, each stop told in one line of words.

Every error here is a :class:`GameError`: ``message`` is the one line shown (in a status bar, on
stderr, under a notebook cell), ``details`` the longer text one click away (the user's traceback,
their frames only). A mistake in the user's code reads as theirs, ``FILE.py:LINE: Type: message``
followed by where it happened:

>>> try:
...     1 / 0
... except ZeroDivisionError as exc:
...     err = user_error(exc, "in options((3, 0))")
>>> err.message.split(": ", 1)[1]
'ZeroDivisionError: division by zero (in options((3, 0)))'
>>> err.details.splitlines()[-1]
'ZeroDivisionError: division by zero'

The errors are plain data (message, details, file, line), so they cross from the worker process to
the caller's intact (:func:`as_data`, :func:`from_data`).
"""

from __future__ import annotations

import os
import reprlib
import traceback
from typing import Any

from sgstudio.core.errors import SGStudioError, number, one_line

_ENGINE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
"""The sgstudio package folder: frames in it are the engine's, not the user's (examples excepted)."""
_EXAMPLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "examples")
_MESSAGE = 240
"""At most this many characters of an exception's own message go into the one line."""


class GameError(SGStudioError):
    """A game written in Python could not be explored or valued; ``message`` says why in one line.

    Parameters
    ----------
    message : str
        The one line for the user.
    details : str
        More text (the user's traceback), or empty.
    file, line : str or None, int or None
        Where in the user's file, when known (a tab marks that line).
    """

    def __init__(self, message: str, details: str = "", file: str | None = None,
                 line: int | None = None) -> None:
        self.message = one_line(message)
        self.details = details
        self.file = file
        self.line = line
        super().__init__(self.message)

    def __reduce__(self) -> tuple:
        return (type(self), (self.message, self.details, self.file, self.line))


class GameFileError(GameError):
    """The file cannot be read, or it does not define a game (no ``options``, a bad ``start``)."""


class UserCodeError(GameError):
    """The user's code raised an exception (at import, in ``options`` or in ``text``)."""


class PositionError(GameError):
    """``options`` returned something that is not a collection of positions, or a bad position."""


class LimitError(GameError):
    """A limit was reached: positions, memory or time (each told with its figure)."""


class CancelledError(GameError):
    """The caller cancelled the exploration (the worker was ended)."""


class WorkerCrashError(GameError):
    """The worker process ended without an answer: a crash, ``os._exit``, or a kill."""


class TimeLimit(BaseException):
    """Raised inside the worker when its time is up; a BaseException, so that the user's ``except
    Exception`` cannot swallow it."""


_KINDS = {cls.__name__: cls for cls in (GameError, GameFileError, UserCodeError, PositionError, LimitError,
                                        CancelledError, WorkerCrashError)}


def as_data(error: GameError) -> dict[str, Any]:
    """The error as plain data for a pipe (:func:`from_data` reads it back).

    >>> from_data(as_data(LimitError("too many", "", "g.py", 3))).line
    3
    """
    return {"kind": type(error).__name__, "message": error.message, "details": error.details,
            "file": error.file, "line": error.line}


def from_data(data: dict[str, Any]) -> GameError:
    """The error that :func:`as_data` wrote."""
    cls = _KINDS.get(data.get("kind", ""), GameError)
    return cls(data["message"], data.get("details", ""), data.get("file"), data.get("line"))


# -- positions in messages ---------------------------------------------------------------------------
_REPR = reprlib.Repr()
_REPR.maxstring, _REPR.maxother, _REPR.maxlong = 40, 40, 40
_REPR.maxtuple = _REPR.maxlist = _REPR.maxset = _REPR.maxfrozenset = _REPR.maxdict = 8
_REPR.maxlevel = 4


def shown(value: Any) -> str:
    """A value as a message quotes it: its repr, long parts cut short, never failing.

    >>> shown((3, 5)), shown(tuple(range(20)))
    ('(3, 5)', '(0, 1, 2, 3, 4, 5, 6, 7, ...)')
    >>> shown(10**5000)
    '1000000000000000000000000000000000000000… (5,001 digits)'
    """
    if isinstance(value, int) and not isinstance(value, bool):
        return number(value)
    try:
        return _REPR.repr(value)
    except Exception:
        return f"a {type(value).__name__}"


# -- the user's traceback ------------------------------------------------------------------------------
def is_engine_frame(filename: str) -> bool:
    """Whether a frame belongs to sgstudio itself (the files under ``examples/`` are the user's).

    >>> is_engine_frame(__file__), is_engine_frame("/home/me/wythoff.py")
    (True, False)
    """
    path = os.path.abspath(filename)
    return path.startswith(_ENGINE + os.sep) and not path.startswith(_EXAMPLES + os.sep)


def user_frames(exc: BaseException) -> traceback.StackSummary:
    """The frames of ``exc``'s traceback that are the user's (the engine's left out)."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if not is_engine_frame(f.filename)]
    return traceback.StackSummary.from_list(frames)


def user_traceback(exc: BaseException) -> str:
    """The traceback as Python prints it, with the user's frames only (repeats folded)."""
    frames = user_frames(exc)
    head = "Traceback (most recent call last):\n" + "".join(frames.format()) if frames else ""
    return head + "".join(traceback.format_exception_only(type(exc), exc))


def user_error(exc: BaseException, during: str, path: str | None = None, shown_path: str | None = None
               ) -> UserCodeError:
    """``FILE.py:LINE: Type: message (during)``, the deepest frame in the user's file giving the line.

    ``path`` is the user's game file (its deepest frame is preferred over frames in files it
    imports); ``shown_path`` how to write it (as the user gave it). A SyntaxError names its own
    line and column.
    """
    name = type(exc).__name__
    text = _first_line(exc)
    if isinstance(exc, SyntaxError) and exc.lineno is not None and not user_frames(exc):
        file = exc.filename or path or "<string>"
        where = f"{_written(file, path, shown_path)}:{exc.lineno}" + (f":{exc.offset}" if exc.offset else "")
        return UserCodeError(f"{where}: {name}: {exc.msg} ({during})", user_traceback(exc), file, exc.lineno)
    frames = user_frames(exc)
    own = [f for f in frames if path is not None and _same(f.filename, path)]
    frame = (own or list(frames) or [None])[-1]
    if frame is None:
        file, line = path, None
        where = _written(path or "<game>", path, shown_path)
    else:
        file, line = frame.filename, frame.lineno
        where = f"{_written(frame.filename, path, shown_path)}:{frame.lineno}"
    message = f"{where}: {name}: {text} ({during})" if text else f"{where}: {name} ({during})"
    return UserCodeError(message, user_traceback(exc), file, line)


def _first_line(exc: BaseException) -> str:
    try:
        text = str(exc)
    except Exception:
        text = ""
    lines = text.strip().splitlines()
    first = lines[0] if lines else ""
    return first if len(first) <= _MESSAGE else first[:_MESSAGE] + "…"


def _same(a: str, b: str) -> bool:
    return os.path.abspath(a) == os.path.abspath(b)


def _written(file: str, path: str | None, shown_path: str | None) -> str:
    """The file as the message writes it: the user's own spelling for their game file."""
    if path is not None and shown_path is not None and _same(file, path):
        return shown_path
    return file
