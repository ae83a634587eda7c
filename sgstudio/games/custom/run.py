"""One Run of the "Your game" tab, without Qt: the code in a worker process, then what the tab shows.

:func:`run_code` writes the code to a file of its own (``NAME.py`` in a fresh folder: messages name
it so, ``wythoff.py:9: ZeroDivisionError: ...``), explores the position typed (or the game's
``start``) in a worker process (:mod:`sgstudio.games.custom.worker`), then the table: g(0..N-1)
for a game on integers, g((x, y)) for x < A, y < B for a game on pairs. The table may fail where
the position did not (a game defined on some pairs only): the position's answers are kept and the
table's failure is said in ``table_error``. Positions are typed as Python literals, read by
:func:`parse_position` (never run).

>>> parse_position("(3, 5)"), parse_position("frozenset({1, 2})"), parse_position("[1, (2, 3)]")
((3, 5), frozenset({1, 2}), [1, (2, 3)])
>>> parse_position("(3, 5.0)")
Traceback (most recent call last):
...
sgstudio.games.custom.errors.PositionError: (3, 5.0) is not a position: it holds 5.0, a float; ...
>>> shape_of(7), shape_of((3, 5)), shape_of("1020")
('int', 'pair', None)
"""

from __future__ import annotations

import ast
import os
import re
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sgstudio.games.custom.errors import GameError, PositionError
from sgstudio.games.custom.html import Report
from sgstudio.games.custom.solution import Solution

Progress = Callable[[int, int], object]


def parse_position(text: str) -> Any:
    """A position typed as a Python literal (ints, strings, tuples, frozensets; a list: a sum).

    ``frozenset({...})`` and ``frozenset()`` are read too; nothing is ever run. PositionError
    (one line) when the text is not a literal or not a position.
    """
    from sgstudio.games.custom.explored import check_position

    written = text.strip()
    if not written:
        raise PositionError("type a position, as a Python literal: 7, (3, 5), 'abc', frozenset({1, 2})")
    try:
        value = _literal(ast.parse(written, mode="eval").body)
    except (SyntaxError, ValueError, TypeError, RecursionError, MemoryError) as exc:
        why = f"{exc.msg}" if isinstance(exc, SyntaxError) else "it is not a Python literal"
        raise PositionError(f"{written[:60]}: {why} (type a position such as 7, (3, 5) or 'abc')") from None
    check_position(value)
    return value


def _literal(node: ast.expr) -> Any:
    """The value of a literal expression: constants, negative numbers, tuples, lists, sets and
    ``frozenset(...)`` of them (ValueError for anything else: nothing is run)."""
    if isinstance(node, ast.Constant):
        return node.value
    negative = isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub)
    if negative and isinstance(node.operand, ast.Constant) and type(node.operand.value) is int:
        return -node.operand.value
    if isinstance(node, ast.Tuple):
        return tuple(_literal(e) for e in node.elts)
    if isinstance(node, ast.List):
        return [_literal(e) for e in node.elts]
    if isinstance(node, ast.Set):
        return {_literal(e) for e in node.elts}
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "frozenset" \
            and not node.keywords and len(node.args) <= 1:
        return frozenset(_literal(node.args[0])) if node.args else frozenset()
    raise ValueError("not a literal")


def shape_of(position: Any) -> str | None:
    """``"int"`` for a game on integers, ``"pair"`` on pairs of integers, else None (no table)."""
    if type(position) is int:
        return "int"
    if type(position) is tuple and len(position) == 2 and all(type(x) is int for x in position):
        return "pair"
    return None


@dataclass
class RunResult:
    """What a Run found: the game's name, the position and its report, the table (``values`` of a game
    on integers, ``grid[x][y]`` on pairs), the solution, and the table's failure if it had one."""

    name: str
    position: Any
    report: Report
    solution: Solution
    shape: str | None = None
    values: list[Any] = field(default_factory=list)
    grid: list[list[Any]] = field(default_factory=list)
    table_error: GameError | None = None
    explored: int = 0
    reach: Any = None
    """The positions reachable from this one as a game of the studio (:mod:`.play`), or why not (a str)."""

    def with_reach(self) -> RunResult:
        """This result with :attr:`reach` found (the Play panel's game, the analysis); itself."""
        from sgstudio.games.custom.play import NotTokenGameError, Reachable

        node = self.solution.node(self.position)
        try:
            self.reach = Reachable(self.solution, node, name=self.name) if node is not None else \
                "the position was not explored"
        except NotTokenGameError as err:
            self.reach = str(err)
        return self


def file_name(name: str) -> str:
    """The file the code runs as: ``NAME.py`` of a name made of letters, digits and ``_``.

    >>> file_name("Wythoff's game"), file_name("")
    ('wythoff_s_game.py', 'game.py')
    """
    stem = re.sub(r"[^0-9a-zA-Z_]+", "_", name.strip().lower()).strip("_")
    return (stem or "game") + ".py"


def run_code(code: str, name: str, position_text: str, table: tuple[int, int], max_positions: int,
             memory_mb: int | None, seconds: float | None, progress: Progress | None = None,
             cancel: Callable[[], bool] | None = None) -> RunResult:
    """The code run in a worker process (see the module docstring); a GameError says why it stopped.

    >>> code = "start = 5\\ndef options(n):\\n    return [n - k for k in (1, 2) if k <= n]\\n"
    >>> result = run_code(code, "heap", "", (6, 1), 1000, None, None)
    >>> result.position, result.report.value, result.values
    (5, 2, [0, 1, 2, 0, 1, 2])
    """
    from sgstudio.games.custom.api import Game

    folder = tempfile.mkdtemp(prefix="sgstudio-game-")
    shown = file_name(name)
    path = os.path.join(folder, shown)
    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(code)
        try:
            game = Game.from_file(path, max_positions=max_positions, memory_mb=memory_mb, seconds=seconds,
                                  progress=progress, cancel=cancel)
        except GameError as exc:
            raise _renamed(exc, path, shown) from None
        try:
            return _answers(game, position_text, table, path, shown).with_reach()
        finally:
            game.close()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _answers(game: Any, position_text: str, table: tuple[int, int], path: str, shown: str) -> RunResult:
    if position_text.strip():
        position = parse_position(position_text)
    elif game.start is not None:
        position = game.start
    else:
        raise PositionError("the game gives no start position: type one (as a Python literal) and Run")
    try:
        report = game.report(position)
        solution = game.solve([position])
    except GameError as exc:
        raise _renamed(exc, path, shown) from None
    result = RunResult(game.name, position, report, solution, shape_of(position), explored=len(solution))
    a, b = table
    try:
        if result.shape == "int":
            result.values = game.values(a)
        elif result.shape == "pair":
            result.grid = game.table(a, b).values
    except GameError as exc:
        result.table_error = _renamed(exc, path, shown)
    if game._solution is not None:
        result.solution = game._solution
        result.explored = len(game._solution)
    return result


def _renamed(exc: GameError, path: str, shown: str) -> GameError:
    """The error with the temporary file written as the user's ``NAME.py``."""
    def fix(text: str) -> str:
        return text.replace(path, shown) if text else text

    return type(exc)(fix(exc.message), fix(exc.details), shown if exc.file == path else exc.file, exc.line)


def report_of(solution: Solution, name: str, position: Any) -> Report:
    """The report of a position already explored (no user code needed): value, outcome, remoteness,
    every winning move with its text; KeyError when ``position`` was not explored.

    >>> from sgstudio.games.custom.api import Game
    >>> solution = Game(lambda n: range(n)).solve([5])
    >>> print(report_of(solution, "Nim heap", 3))
    Nim heap: 3
    value 3, WIN, remoteness 1 moves
    winning moves (1):
      -> 0
    """
    from sgstudio.games.custom.explored import _remoteness_or_reason

    moves = solution.winning(position)
    return Report(name, position, text_of(solution, position), solution.value(position),
                  solution.outcome(position), _remoteness_or_reason(solution, position),
                  [(m, text_of(solution, m)) for m in moves])


def text_of(solution: Solution, position: Any) -> str:
    """A position (or a sum: parts joined by ``+``) in the game's words."""
    node = solution.node(position)
    if node is None:
        if type(position) is list:
            return " + ".join(text_of(solution, p) for p in position)
        return repr(position)
    return solution.text(node)
