"""Error dialogs: tell the user in plain words what is wrong and where (file, line, column).

The dialogs use ``QMessageBox.critical`` so that tests can replace it with a recorder.
"""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox, QWidget

from sgstudio.core.errors import ParseError, SGStudioError


def describe(err: BaseException, path: str) -> str:
    """A plain-words description of why ``path`` could not be used.

    >>> describe(ParseError("expected a count, found 'x'", file="a.txt", line=3, column=7), "a.txt")
    "a.txt, line 3, column 7:\\nexpected a count, found 'x'"
    >>> describe(FileNotFoundError(2, "No such file or directory"), "gone.sgs")
    'gone.sgs: cannot read the file (No such file or directory).'
    """
    if isinstance(err, ParseError):
        where = err.file or path
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
        return f"{path}: {err}"
    return f"{path}: {type(err).__name__}: {err}"


def show_error(parent: QWidget | None, title: str, text: str) -> None:
    """A modal error dialog."""
    QMessageBox.critical(parent, title, text)


def show_file_error(parent: QWidget | None, action: str, path: str, err: BaseException,
                    hint: str = "") -> None:
    """``"Could not open the file"`` plus where and what (``action`` is e.g. ``"open"``), and a hint."""
    text = describe(err, path)
    show_error(parent, f"Could not {action} the file", f"{text}\n\n{hint}" if hint else text)
