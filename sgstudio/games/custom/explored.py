"""A game given by its options, explored (in the caller's process, or in a worker process for a
game file): the engine under ``from sgstudio import Game`` (:mod:`sgstudio.games.custom.api`, which
adds the studio's built-in games to it; :mod:`sgstudio.games.custom.builtin` builds those on this
class, so neither module imports the other in a circle).

>>> g = ExploredGame(lambda n: [n - k for k in (1, 2) if n >= k], name="take 1 or 2")
>>> g.values(6), g.outcome(3), g.winning_moves(4)
([0, 1, 2, 0, 1, 2], <Outcome.LOSE: 'LOSE'>, [3])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from sgstudio.core.outcome import Outcome
from sgstudio.core.values import Gamma
from sgstudio.games.custom.errors import PositionError, shown
from sgstudio.games.custom.explore import DEFAULT_MAX_POSITIONS, Explorer, root_problem
from sgstudio.games.custom.html import Report, Table
from sgstudio.games.custom.solution import Solution
from sgstudio.games.custom.source import GameSource, call_text, from_function, load
from sgstudio.games.custom.worker import DEFAULT_MEMORY_MB, Limits, Progress, Session


class ExploredGame:
    """An impartial game given by ``options(position)`` (see :mod:`sgstudio.games.custom.api`).

    Parameters
    ----------
    options : callable
        ``options(position)`` returns or yields the options; a list option is a sum.
    name : str, optional
        The game's name (default: the function's).
    start : position, optional
        The position shown first (:meth:`report` and :meth:`graph` without a position use it).
    text : callable, optional
        ``text(position)``: how a position is written (default ``repr``).
    max_positions : int
        Positions one exploration may reach.
    """

    def __init__(self, options: Callable[[Any], Any], name: str | None = None, *, start: Any = None,
                 text: Callable[[Any], str] | None = None,
                 max_positions: int = DEFAULT_MAX_POSITIONS) -> None:
        source = from_function(options, name, start, text)
        self._init(source, _InProcess(source, max_positions))

    def _init(self, source: GameSource, runner: Any) -> None:
        self.name = source.name
        self.start = source.start
        self._runner = runner
        self._solution: Solution | None = None

    @classmethod
    def from_file(cls, path: str, *, max_positions: int = DEFAULT_MAX_POSITIONS,
                  memory_mb: int | None = DEFAULT_MEMORY_MB, seconds: float | None = None,
                  progress: Progress | None = None, cancel: Callable[[], bool] | None = None,
                  in_process: bool = False) -> ExploredGame:
        """The game of a file, run in a worker process (``in_process``: in this one).

        ``memory_mb`` limits the worker, ``seconds`` each question (None: no limit);
        ``progress(explored, reached)`` hears from it, and ``cancel()``, polled while it works, ends
        it by returning True (a CancelledError). Raises a GameError at once when the file is not a
        game.
        """
        game = cls.__new__(cls)
        if in_process:
            source = load(path)
            game._init(source, _InProcess(source, max_positions))
        else:
            runner = _InWorker(path, Limits(max_positions, memory_mb, seconds), progress, cancel)
            session = runner.open()
            game._init(GameSource(lambda p: (), session.name, session.start, path=path), runner)
        return game

    def close(self) -> None:
        """End the game's worker process, if it has one (the next question starts a new one)."""
        session = getattr(self._runner, "session", None)
        if session is not None:
            session.close()

    def __repr__(self) -> str:
        return f"Game({self.name!r})"

    # -- exploring --------------------------------------------------------------------------------
    def solve(self, positions: Iterable[Any]) -> Solution:
        """The game's exploration, grown to hold all ``positions`` (values computed afresh when it grows).

        One exploration serves every question: a loop over many positions costs about one walk over
        all they reach.
        """
        wanted = list(positions)
        for p in wanted:
            check_position(p)
        solution = self._solution
        if solution is not None and all(solution.parts_of(p) is not None for p in wanted):
            return solution
        self._solution = self._runner.explore(wanted)
        return self._solution

    # -- questions --------------------------------------------------------------------------------
    def value(self, position: Any) -> Gamma:
        """The value: a nimber (the Grundy value), or ∞(K) where play may go on for ever."""
        return self.solve([position]).value(position)

    def outcome(self, position: Any) -> Outcome:
        """WIN, LOSE or DRAW for the player to move."""
        return self.solve([position]).outcome(position)

    def winning_moves(self, position: Any) -> list[Any]:
        """Every winning option (after which the opponent loses); for a sum, the sums one move away."""
        return self.solve([position]).winning(position)

    def remoteness(self, position: Any) -> int | None:
        """Moves to the end under best play (the winner hurrying, the loser delaying); None: a draw."""
        return self.solve([position]).remoteness(position)

    def text(self, position: Any) -> str:
        """The position in words (the game's ``text``, else ``repr``)."""
        solution = self.solve([position])
        node = solution.node(position)
        return solution.text(node) if node is not None else repr(position)

    def values(self, n: int) -> list[Gamma]:
        """g(0), ..., g(n - 1) of a game on integers."""
        solution = self.solve(range(n))
        return [solution.value(x) for x in range(n)]

    def table(self, a: int, b: int) -> Table:
        """g((x, y)) for x < a, y < b, of a game on pairs (shown as a table; ``.heatmap()``)."""
        cells = [(x, y) for x in range(a) for y in range(b)]
        solution = self.solve(cells)
        return Table([[solution.value((x, y)) for y in range(b)] for x in range(a)], self.name)

    def report(self, position: Any = None) -> Report:
        """Value, outcome, remoteness and every winning move with its text (default: the start)."""
        position = self._given(position)
        solution = self.solve([position])
        moves = solution.winning(position)
        texts = [self._text_of(solution, m) for m in moves]
        return Report(self.name, position, self._text_of(solution, position), solution.value(position),
                      solution.outcome(position), _remoteness_or_reason(solution, position),
                      list(zip(moves, texts, strict=True)))

    def graph(self, position: Any = None, *, max_positions: int = 40, layers: str = "depth") -> Any:
        """The positions reachable from ``position`` (default: the start), drawn as an SVG in Jupyter:
        at most ``max_positions`` of them, in layers by ``depth`` (moves from it) or ``remoteness``."""
        from sgstudio.games.custom.svg import PositionGraph

        position = self._given(position)
        return PositionGraph(self.solve([position]), position, max_positions=max_positions, layers=layers)

    def _given(self, position: Any) -> Any:
        if position is None:
            if self.start is None:
                raise PositionError(f"{self.name} has no start position: give one")
            return self.start
        return position

    def _text_of(self, solution: Solution, position: Any) -> str:
        node = solution.node(position)
        if node is None:
            return " + ".join(self._text_of(solution, p) for p in position)
        return solution.text(node)


def _remoteness_or_reason(solution: Solution, position: Any) -> int | str | None:
    from sgstudio.games.custom.errors import LimitError

    try:
        return solution.remoteness(position)
    except LimitError as exc:
        return exc.message


def check_position(position: Any) -> None:
    """PositionError unless ``position`` is a position of a game (or a list of them: a sum).

    >>> check_position([(1, 2), 3])
    >>> check_position({1: 2})
    Traceback (most recent call last):
    ...
    sgstudio.games.custom.errors.PositionError: {1: 2} is not a position: it is a dict; ...
    """
    problem = root_problem(position)
    if problem is not None:
        raise PositionError(f"{shown(position)} is not a position: {problem}; a position is built of ints, "
                            "strings, tuples and frozensets, and a list is a sum of positions")


class _InProcess:
    """One exploration in the caller's process, growing with each question (its dict of positions kept)."""

    def __init__(self, source: GameSource, max_positions: int) -> None:
        self.source, self.max_positions = source, max_positions
        self.explorer = self._new()
        self.texts: Callable[[Any], str] | None = None
        if source.text is not None:
            text_of = source.text
            self.texts = lambda p: call_text(text_of, p, source)

    def _new(self) -> Explorer:
        source = self.source
        return Explorer(source.options, max_positions=self.max_positions, path=source.path, line=source.line,
                        shown_path=source.shown_path)

    def explore(self, roots: list[Any]) -> Solution:
        try:
            for root in roots:
                self.explorer.add(root)
            self.explorer.run()
        except BaseException:
            self.explorer = self._new()  # a failed walk is left half done: start afresh next time
            raise
        return Solution.from_explorer(self.explorer, self.texts)


class _InWorker:
    """One exploration in a worker process (a Session), growing with each question; a failure ends the
    session, and the next question starts a new one."""

    def __init__(self, path: str, limits: Limits, progress: Progress | None,
                 cancel: Callable[[], bool] | None) -> None:
        self.path, self.limits, self.progress, self.cancel = path, limits, progress, cancel
        self.session: Session | None = None

    def open(self) -> Session:
        """The session, started anew when there is none (or it ended)."""
        import numpy as np

        if self.session is None or not self.session.alive:
            self.session = Session(self.path, self.limits, self.progress, self.cancel)
            self.positions: list[Any] = []
            self.index: dict[Any, int] = {}
            self.start = np.zeros(1, np.int64)
            self.heads = np.zeros(0, np.int32)
            self.is_sum = np.zeros(0, np.uint8)
            self.texts: list[str | None] | None = [] if self.session.has_text else None
        return self.session

    def explore(self, roots: list[Any]) -> Solution:
        import numpy as np

        found = self.open().explore(roots, self.cancel)
        first = found.first
        self.positions += found.positions
        self.index.update(zip(found.positions, range(first, first + len(found.positions)), strict=True))
        self.start = np.concatenate([self.start, np.frombuffer(found.start, np.int64)])
        self.heads = np.concatenate([self.heads, np.frombuffer(found.heads, np.int32)])
        self.is_sum = np.concatenate([self.is_sum, np.frombuffer(found.is_sum, np.uint8)])
        if self.texts is not None and found.texts is not None:
            self.texts += found.texts
        return Solution(self.positions, self.start, self.heads, self.is_sum, self.texts, self.index)
