"""Error dialogs: tell the user in plain words what is wrong and where (file, line, column).

The dialogs use ``QMessageBox.critical`` so that tests can replace it with a recorder.

No exception escapes silently: the file actions (open, import, save, export) catch everything and
leave the document as it was (a bad file says where it is bad; a bug is logged, see
:func:`report_unexpected`), and :func:`install_excepthook` catches whatever a slot or a worker
thread raises anywhere else: the traceback goes to a crash log (:mod:`sgstudio.crashlog`), one
line to stderr, and a dialog names the log. The window keeps running.
"""

from __future__ import annotations

import contextlib
import sys
import threading
from types import TracebackType

from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from sgstudio import crashlog
from sgstudio.core.errors import ParseError, SGStudioError, one_line, printable


def describe(err: BaseException, path: str) -> str:
    """A plain-words description of why ``path`` could not be used.

    >>> describe(ParseError("expected a count, found 'x'", file="a.txt", line=3, column=7), "a.txt")
    "a.txt, line 3, column 7:\\nexpected a count, found 'x'"
    >>> describe(FileNotFoundError(2, "No such file or directory"), "gone.sgs")
    'gone.sgs: cannot read the file (No such file or directory).'
    """
    path = printable(path)
    if isinstance(err, ParseError):
        where = printable(err.file) if err.file else path
        if err.line is not None:
            where += f", line {err.line}"
            if err.column is not None:
                where += f", column {err.column}"
        return f"{where}:\n{err.message}"
    if isinstance(err, UnicodeDecodeError):
        return f"{path}: not a text file (byte {err.start} is not UTF-8)."
    if isinstance(err, OSError):
        return f"{path}: cannot read the file ({err.strerror or err})."
    if isinstance(err, SGStudioError):
        return f"{path}: {one_line(str(err))}"
    return f"{path}: {one_line(crashlog.summary(err))}"


def show_error(parent: QWidget | None, title: str, text: str) -> None:
    """A modal error dialog."""
    QMessageBox.critical(parent, title, text)


def show_file_error(parent: QWidget | None, action: str, path: str, err: BaseException,
                    hint: str = "") -> None:
    """``"Could not open the file"`` plus where and what (``action`` is e.g. ``"open"``), and a hint."""
    text = describe(err, path)
    show_error(parent, f"Could not {action} the file", f"{text}\n\n{hint}" if hint else text)


def log_unexpected(err: BaseException, context: str = "") -> str:
    """Write the crash log of a bug; a sentence that says where it is (or why there is none)."""
    try:
        return f"The details are in {crashlog.write(err, context)}."
    except OSError as log_err:
        return f"No crash log could be written ({log_err.strerror or log_err})."


def report_unexpected(parent: QWidget | None, action: str, path: str, err: BaseException) -> None:
    """A bug met while doing ``action`` on ``path``: log it, and say that nothing was changed."""
    where = log_unexpected(err, f"{action} {path}")
    show_error(parent, f"Could not {action} the file",
               f"{describe(err, path)}\n\nThis is a bug in sgstudio; the document is unchanged. {where}")


_showing = threading.Event()  # a dialog of the hook is open: a second error is only logged


def handle_exception(err: BaseException) -> None:
    """What the hook does with an exception that nothing else caught: log it, one line on stderr, and
    (on the UI thread, one at a time) a dialog. The window keeps running."""
    where = log_unexpected(err, "an exception no handler caught")
    with contextlib.suppress(OSError, ValueError, AttributeError):
        print(one_line(f"sgstudio: internal error ({crashlog.summary(err)}). {where}"), file=sys.stderr)
    app = QApplication.instance()
    if app is None or threading.current_thread() is not threading.main_thread() or _showing.is_set():
        return
    _showing.set()
    try:
        show_error(app.activeWindow(), "Something went wrong",
                   f"{crashlog.summary(err)}\n\nThis is a bug in sgstudio. The action was not completed; "
                   f"your document is still open and nothing was saved over it. {where}")
    finally:
        _showing.clear()


def install_excepthook() -> None:
    """Route uncaught exceptions (of slots and of threads) to :func:`handle_exception`."""

    def hook(kind: type[BaseException], err: BaseException, tb: TracebackType | None) -> None:
        if issubclass(kind, KeyboardInterrupt):
            sys.__excepthook__(kind, err, tb)
            return
        handle_exception(err.with_traceback(tb))

    def thread_hook(args: threading.ExceptHookArgs) -> None:
        if args.exc_value is not None:
            handle_exception(args.exc_value)

    sys.excepthook = hook
    threading.excepthook = thread_hook
