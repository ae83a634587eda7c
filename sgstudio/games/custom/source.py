"""Load a game file: plain Python defining ``options(position)``, optionally ``name``, ``start``, ``text``.

The file is compiled and run in a fresh module (named ``sgstudio_user_game``, so that a block under
``if __name__ == "__main__":`` does not run), with its folder first on ``sys.path`` while it runs
(as ``python FILE.py`` has it, so that it may import its neighbours). A mistake is told as the
user's (:class:`~sgstudio.games.custom.errors.UserCodeError`, ``FILE.py:LINE: Type: message``); a
file without ``options``, or with a ``start`` that is not a position, is a
:class:`~sgstudio.games.custom.errors.GameFileError` naming the line.

Examples
--------
>>> import os, tempfile
>>> folder = tempfile.mkdtemp()
>>> path = os.path.join(folder, "heap.py")
>>> _ = open(path, "w").write("name = 'Heap'\\nstart = 5\\ndef options(n):\\n    return range(n)\\n")
>>> game = load(path)
>>> game.name, game.start, list(game.options(3)), game.line
('Heap', 5, [0, 1, 2], 3)
>>> _ = open(path, "w").write("def options(n):\\n    return [n - 1]\\nstart = 1.5\\n")
>>> load(path)
Traceback (most recent call last):
...
sgstudio.games.custom.errors.GameFileError: ...heap.py:3: start = 1.5 is not a position: it is a float
"""

from __future__ import annotations

import ast
import os
import sys
import traceback
import types
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sgstudio.games.custom.errors import GameFileError, TimeLimit, UserCodeError, shown, user_error
from sgstudio.games.custom.explore import a_type, root_problem

MODULE = "sgstudio_user_game"
"""The module name the user's file runs under."""


@dataclass(frozen=True)
class GameSource:
    """A game as the user wrote it: ``options`` and the optional parts, and where it comes from.

    ``start`` is None when the file gives none (None is never a position). ``path`` is the file
    (None for a function given directly), ``shown_path`` the file as the user wrote it, ``line`` the
    line of ``def options``.
    """

    options: Callable[[Any], Any]
    name: str
    start: Any = None
    text: Callable[[Any], str] | None = None
    path: str | None = None
    shown_path: str | None = None
    line: int | None = None


def load(path: str, *, keep_path: bool = False) -> GameSource:
    """Compile and run the game file at ``path`` and read its game (see the module docstring).

    ``keep_path`` leaves the file's folder on ``sys.path`` (the worker process does; in the
    caller's process it is taken off again).

    Raises
    ------
    GameFileError
        The file cannot be read, or does not define a game.
    UserCodeError
        The file does not compile, or raises while it runs (the user's traceback in ``details``).
    """
    full = os.path.abspath(path)
    text = _read(path)
    try:
        code = compile(text, full, "exec")
    except (SyntaxError, ValueError) as exc:  # ValueError: a NUL byte in the source
        raise _syntax_error(exc, full, path) from None
    module = types.ModuleType(MODULE)
    module.__file__ = full
    folder = os.path.dirname(full)
    sys.path.insert(0, folder)
    sys.modules[MODULE] = module
    try:
        exec(code, module.__dict__)
    except (KeyboardInterrupt, MemoryError):
        raise
    except BaseException as exc:  # SystemExit at import is the user's mistake too
        raise user_error(exc, "while loading the file", full, path) from None
    finally:
        if not keep_path and sys.path and sys.path[0] == folder:
            del sys.path[0]
    return read_game(module.__dict__, full, path, text)


def from_function(options: Callable[[Any], Any], name: str | None = None, start: Any = None,
                  text: Callable[[Any], str] | None = None) -> GameSource:
    """A game given as a function in the caller's process (its file, when it has one, for messages).

    >>> def options(n):
    ...     return [n - 1] if n else []
    >>> from_function(options).name
    'options'
    """
    if not callable(options):
        raise GameFileError(f"options must be a function of a position, not {shown(options)}")
    code = getattr(options, "__code__", None)
    path = code.co_filename if code is not None else None
    line = code.co_firstlineno if code is not None else None
    if start is not None and (problem := root_problem(start)) is not None:
        raise GameFileError(f"start = {shown(start)} is not a position: {problem}")
    if text is not None and not callable(text):
        raise GameFileError(f"text must be a function of a position, not {shown(text)}")
    return GameSource(options, name or getattr(options, "__name__", "game"), start, text, path, path, line)


def _read(path: str) -> str:
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except UnicodeDecodeError as exc:
        byte = exc.object[exc.start]
        raise GameFileError(f"{path}: the file is not UTF-8 text (byte {exc.start:,} is {byte:#04x})",
                            file=path) from None
    except OSError as exc:
        raise GameFileError(f"{path}: cannot read the file: {exc.strerror or exc}", file=path) from None


def _syntax_error(exc: SyntaxError | ValueError, full: str, path: str) -> UserCodeError:
    if isinstance(exc, SyntaxError):
        where = f"{path}:{exc.lineno}" + (f":{exc.offset}" if exc.offset else "")
        details = "".join(traceback.format_exception_only(type(exc), exc))
        return UserCodeError(f"{where}: {type(exc).__name__}: {exc.msg}", details, full, exc.lineno)
    return UserCodeError(f"{path}: ValueError: {exc}", str(exc), full, None)


def read_game(namespace: dict[str, Any], full: str, path: str, text: str) -> GameSource:
    """The game a file's namespace defines, each part checked (a GameFileError names its line)."""
    lines = _assignments(text)
    options = namespace.get("options")
    if options is None:
        raise GameFileError(f"{path}: the file defines no options(position) function", file=full)
    if not callable(options):
        raise GameFileError(f"{path}:{lines.get('options', 1)}: options is {a_type(options)}, not a function "
                            "of a position", file=full, line=lines.get("options"))
    code = getattr(options, "__code__", None)
    line = code.co_firstlineno if code is not None and os.path.abspath(code.co_filename) == full else \
        lines.get("options")
    name = namespace.get("name", os.path.splitext(os.path.basename(path))[0])
    if not isinstance(name, str):
        raise GameFileError(f"{path}:{lines.get('name', 1)}: name is {a_type(name)}, not a string",
                            file=full, line=lines.get("name"))
    start = namespace.get("start")
    if start is not None and (problem := root_problem(start)) is not None:
        raise GameFileError(f"{path}:{lines.get('start', 1)}: start = {shown(start)} is not a position: "
                            f"{problem}", file=full, line=lines.get("start"))
    text_of = namespace.get("text")
    if text_of is not None and not callable(text_of):
        raise GameFileError(f"{path}:{lines.get('text', 1)}: text is {a_type(text_of)}, not a function of a "
                            "position", file=full, line=lines.get("text"))
    return GameSource(options, name, start, text_of, full, path, line)


def _assignments(text: str) -> dict[str, int]:
    """The line where each top-level name is bound (assigned or defined), the last binding winning."""
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return {}
    lines: dict[str, int] = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            lines[node.name] = node.lineno
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Name):
                    lines[target.id] = node.lineno
    return lines


def call_text(text_of: Callable[[Any], Any], p: Any, source: Any) -> str:
    """``text(p)``, checked to be a string; the user's mistakes told as theirs."""
    try:
        written = text_of(p)
    except (TimeLimit, KeyboardInterrupt, MemoryError):
        raise
    except BaseException as exc:
        raise user_error(exc, f"in text({shown(p)})", source.path, source.shown_path) from None
    if not isinstance(written, str):
        code = getattr(text_of, "__code__", None)
        line = code.co_firstlineno if code is not None else None
        where = f"{source.shown_path}:{line}" if line is not None else str(source.shown_path)
        raise UserCodeError(f"{where}: text({shown(p)}) returned {shown(written)}, {a_type(written)}, "
                            "not a string", file=source.path, line=line)
    return written
