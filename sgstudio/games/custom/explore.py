"""Walk the positions a game reaches from the asked ones into arrays: ids, CSR rows, sum nodes.

A game is ``options(position)``: it returns or yields the options of a position. A position is a
hashable value built of ints, strings, tuples and frozensets; an option that is a **list**
``[p1, p2, ...]`` is a sum of independent positions of the same game (a list inside it is
flattened, ``[]`` is the empty sum, ``[p]`` is ``p``). :class:`Explorer` gives every position an id
(a dict position -> id), in the order they are met (breadth first), and every sum option a *sum
node* (:class:`SumNode`, one per multiset of parts). Row ``v`` of the CSR arrays lists the options
of v (for a sum node: its parts). No recursion: a chain of 10^6 positions is fine.

Everything here is plain Python (no numpy), so that the worker process that runs the user's code
starts quickly and its memory limit measures the exploration.

Examples
--------
>>> explorer = Explorer(lambda n: [n - k for k in (1, 2) if k <= n])
>>> explorer.add(4), explorer.run()
(0, None)
>>> explorer.positions, list(explorer.start), list(explorer.heads)
([4, 3, 2, 1, 0], [0, 2, 4, 6, 7, 7], [1, 2, 2, 3, 3, 4, 4])

A list option is a sum node, whose row holds its parts:

>>> explorer = Explorer(lambda n: [[n // 2, n - n // 2]] if n > 1 else [])
>>> explorer.add(3), explorer.run()
(0, None)
>>> explorer.positions, list(explorer.is_sum), list(explorer.heads)
([3, 1, 2, SumNode((1, 2)), SumNode((1, 1))], [0, 0, 0, 1, 1], [3, 4, 1, 2, 1, 1])
"""

from __future__ import annotations

import time
from array import array
from collections.abc import Callable
from typing import Any

from sgstudio.games.custom.errors import (
    GameError,
    LimitError,
    PositionError,
    TimeLimit,
    shown,
    user_error,
)
from sgstudio.games.custom.native import load as native_module

DEFAULT_MAX_POSITIONS = 1_000_000
"""How many positions (sum nodes included) an exploration may reach unless told otherwise."""
PROGRESS_EVERY = 2048
"""Positions explored between two progress reports."""
MAX_DEPTH = 100
"""How deeply a position may nest tuples and frozensets."""
_SIMPLE = (int, str, bool)
_PASS = (TimeLimit, KeyboardInterrupt, MemoryError, GameError)
"""Exceptions that go through the user-code guards unchanged."""


class SumNode:
    """A sum of positions of the game, written by an option as a list: the ids of its parts, sorted.

    Two sum options with the same parts (in any order) are one node.

    >>> SumNode((1, 2)) == SumNode((1, 2)), SumNode((1, 2)) == (1, 2)
    (True, False)
    """

    __slots__ = ("parts",)

    def __init__(self, parts: tuple[int, ...]) -> None:
        self.parts = parts

    def __eq__(self, other: object) -> bool:
        return type(other) is SumNode and other.parts == self.parts

    def __hash__(self) -> int:
        return hash(("+", self.parts))

    def __repr__(self) -> str:
        return f"SumNode({self.parts!r})"

    def __reduce__(self) -> tuple:
        return (SumNode, (self.parts,))


def position_problem(value: Any) -> str | None:
    """Why ``value`` is not a position (None when it is one): the part that is not an int, a string,
    a tuple or a frozenset, or a nesting deeper than :data:`MAX_DEPTH`.

    >>> position_problem((1, ("a", frozenset({2})))) is None
    True
    >>> position_problem((1, 2.5)), position_problem([1])
    ('it holds 2.5, a float', 'it is a list')
    """
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        kind = type(item)
        if kind in _SIMPLE:
            continue
        if kind is tuple or kind is frozenset:
            if depth >= MAX_DEPTH:
                return f"it nests tuples or frozensets more than {MAX_DEPTH} deep"
            stack.extend((x, depth + 1) for x in item)
            continue
        if item is value:
            return f"it is {a_type(item)}"
        return f"it holds {shown(item)}, {a_type(item)}"
    return None


def root_problem(value: Any) -> str | None:
    """:func:`position_problem` of a position asked about, where a list is a sum (its parts checked).

    >>> root_problem([1, [2, (3,)]]) is None, root_problem([1, {2}])
    (True, 'it holds {2}, a set')
    """
    stack = [value]
    while stack:
        item = stack.pop()
        if type(item) is list:
            if len(stack) > 10_000:
                return "it nests lists too deeply"
            stack.extend(item)
            continue
        problem = position_problem(item)
        if problem is not None:
            return problem if item is value else f"it holds {shown(item)}, {a_type(item)}"
    return None


class Explorer:
    """The positions reached from the ones added, their options as CSR rows, and the sum nodes.

    Parameters
    ----------
    options : callable
        ``options(position)``: an iterable of options (positions, or lists of positions: sums).
    max_positions : int
        At most this many positions and sum nodes; one more stops with a :class:`LimitError`.
    progress : callable, optional
        ``progress(explored, reached)`` every :data:`PROGRESS_EVERY` positions (it may raise to
        stop; the exception goes through).
    path, line : str or None, int or None
        The user's file and the line of ``def options`` (for messages), as written to the user.

    After :meth:`run`, ``positions[v]`` is position v (or a :class:`SumNode`), ``index`` maps
    positions back to ids, the options of v are ``heads[start[v]:start[v + 1]]`` (in the order
    ``options`` gave them, repeats kept) and ``is_sum[v]`` is 1 for a sum node.

    ``native``: map options to ids in the compiled loop (:mod:`sgstudio.games.custom.native`) where
    it is built; the Python loop gives the same ids (it is also what reports a bad option).
    """

    def __init__(self, options: Callable[[Any], Any], *, max_positions: int = DEFAULT_MAX_POSITIONS,
                 progress: Callable[[int, int], object] | None = None, path: str | None = None,
                 line: int | None = None, shown_path: str | None = None, native: bool = True) -> None:
        self.options = options
        built = native_module() if native else None
        self.native, self._table = (built.explore, built.table()) if built is not None else (None, None)
        self.max_positions = max_positions
        self.progress = progress
        self.path, self.line, self.shown_path = path, line, shown_path or path
        self.positions: list[Any] = []
        self.index: dict[Any, int] = {}
        self.start = array("q", [0])
        self.heads = array("i")
        self.is_sum = bytearray()

    @property
    def explored(self) -> int:
        """How many positions have their options listed."""
        return len(self.is_sum)

    # -- positions asked about ------------------------------------------------------------------------
    def add(self, position: Any) -> int:
        """The id of ``position`` (a list: a sum), added if new; PositionError if it is not one."""
        if type(position) is list:
            return self._sum_id(position, None)
        found = self._lookup(position, None)
        return found if found is not None else self._new(position, None)

    # -- the walk -----------------------------------------------------------------------------------
    def run(self) -> None:
        """List the options of every position reached and not yet listed (breadth first)."""
        positions, native, progress = self.positions, self.native, self.progress
        i = len(self.is_sum)
        while i < len(positions):
            if native is not None:  # the compiled loop, up to the next progress report
                done, stop = native(self.options, positions, self.index, self.heads, self.start, self.is_sum,
                                    PROGRESS_EVERY - i % PROGRESS_EVERY, self.max_positions, SumNode,
                                    position_problem, self._table)
                i += done
                if stop is not None:  # the next position needs the Python loop
                    self._finish(positions[i], stop)
                    i += 1
            else:
                self._position(positions[i])
                i += 1
            if not i % PROGRESS_EVERY and progress is not None:
                progress(i, len(positions))
        if progress is not None:
            progress(i, len(positions))

    def _position(self, p: Any) -> None:
        """List the options of one position (the Python loop)."""
        if type(p) is SumNode:
            self.heads.extend(p.parts)
            self.is_sum.append(1)
        else:
            try:
                opts = self.options(p)
                if type(opts) is not list:
                    opts = list(self._iterable(opts, p))  # a generator runs here: its errors are the user's
            except _PASS:
                raise
            except BaseException as exc:  # the user's mistake, SystemExit and RecursionError included
                raise self._user_error(exc, f"in options({shown(p)})") from None
            self.heads.fromlist(self._ids(opts, p, self.index.get))
            self.is_sum.append(0)
        self.start.append(len(self.heads))

    def _finish(self, p: Any, stop: tuple) -> None:
        """List the options of a position the compiled loop stopped at: ``("raised", exception)``
        (options() raised it), ``("returned", value)`` (neither a list, a tuple nor a generator), or
        ``("stopped", ids, pending, rest, raised)`` (an option it does not take, with the ids before
        it, that option and the rest of the iterator; or the exception the generator raised)."""
        ids = b""
        try:
            if stop[0] == "raised":
                raise stop[1]
            if stop[0] == "returned":
                opts = list(self._iterable(stop[1], p))
            else:
                _, ids, opts, rest, raised = stop
                if raised is not None:
                    raise raised
                if rest is not None:
                    opts.extend(rest)
        except _PASS:
            raise
        except BaseException as exc:  # the user's mistake, SystemExit and RecursionError included
            raise self._user_error(exc, f"in options({shown(p)})") from None
        self.heads.frombytes(ids)
        self.heads.fromlist(self._ids(opts, p, self.index.get))
        self.is_sum.append(0)
        self.start.append(len(self.heads))

    def _ids(self, opts: list, p: Any, get: Callable[[Any], int | None]) -> list[int]:
        """The ids of the options (new ones checked and added, in the order met)."""
        try:
            ids = list(map(get, opts))
        except TypeError:  # an unhashable option: a list (a sum), or a mistake
            return [self._option_id(o, p) for o in opts]
        except _PASS:
            raise
        except BaseException as exc:  # a __hash__ or __eq__ of the user's that fails
            raise self._user_error(exc, f"comparing the options of {shown(p)}") from None
        if None in ids:
            self._fill(ids, opts, p)
        return ids

    def _iterable(self, opts: Any, p: Any) -> Any:
        """An iterator over the options (a string, None or another non-iterable refused in words)."""
        if isinstance(opts, str | bytes):
            raise PositionError(f"{self._where()}: options({shown(p)}) returned the string {shown(opts)}; "
                                f"return a list of options (a string is one position: [{shown(opts)}])",
                                file=self.path, line=self.line)
        try:
            it = iter(opts)
        except TypeError:
            what = "None" if opts is None else f"{shown(opts)}, {a_type(opts)}"
            hint = " (does it miss a return?)" if opts is None else ""
            raise PositionError(f"{self._where()}: options({shown(p)}) returned {what}, not a list or a "
                                f"generator of options{hint}", file=self.path, line=self.line) from None
        return it

    def _fill(self, ids: list, opts: list, p: Any) -> None:
        """Give the new options ids (checked; a flat tuple of ints and strings quickly)."""
        positions, index = self.positions, self.index
        for j, found in enumerate(ids):
            if found is not None:
                continue
            option = opts[j]
            found = index.get(option)
            if found is None:
                kind = type(option)
                if not (kind is int or kind is str or (kind is tuple and _flat(option))):
                    problem = position_problem(option)
                    if problem is not None:
                        raise self._bad(option, p, problem)
                found = len(positions)
                if found >= self.max_positions:
                    raise self._limit()
                positions.append(option)
                index[option] = found
            ids[j] = found

    def _option_id(self, option: Any, parent: Any) -> int:
        """The id of one option (a new one checked and added: ids are given in the order met)."""
        if type(option) is list:
            return self._sum_id(option, parent)
        found = self._lookup(option, parent)
        return found if found is not None else self._new(option, parent)

    def _lookup(self, value: Any, parent: Any) -> int | None:
        try:
            return self.index.get(value)
        except TypeError:
            raise self._bad(value, parent, "which is not hashable") from None

    def _new(self, value: Any, parent: Any) -> int:
        """Add a position met for the first time (checked: only ints, strings, tuples, frozensets)."""
        problem = position_problem(value)
        if problem is not None:
            raise self._bad(value, parent, problem)
        return self._append(value)

    def _append(self, value: Any) -> int:
        n = len(self.positions)
        if n >= self.max_positions:
            raise self._limit()
        self.positions.append(value)
        self.index[value] = n
        return n

    def _sum_id(self, parts: list, parent: Any) -> int:
        """The id of the sum of ``parts`` (nested lists flattened; one part is that part)."""
        ids: list[int] = []
        stack = [iter(parts)]
        while stack:
            item = next(stack[-1], _END)
            if item is _END:
                stack.pop()
            elif type(item) is list:
                if len(stack) > MAX_DEPTH:
                    raise self._bad(parts, parent, f"it nests lists more than {MAX_DEPTH} deep")
                stack.append(iter(item))
            else:
                ids.append(self._part_id(item, parent, parts))
        if len(ids) == 1:
            return ids[0]
        node = SumNode(tuple(sorted(ids)))
        found = self.index.get(node)
        return found if found is not None else self._append(node)

    def _part_id(self, item: Any, parent: Any, whole: list) -> int:
        """The id of a part of a sum option (a bad part is told with the whole option)."""
        try:
            found = self.index.get(item)
        except TypeError:
            raise self._bad(whole, parent, f"its part {shown(item)} is not hashable") from None
        if found is not None:
            return found
        problem = position_problem(item)
        if problem is not None:
            raise self._bad(whole, parent, f"its part {shown(item)} is not a position ({problem})")
        return self._append(item)

    def release(self) -> None:
        """Let every position go (the memory limit was reached: the message needs room)."""
        self.positions, self.index = [], {}
        if self.native is not None:
            self._table = native_module().table()  # type: ignore[union-attr]

    # -- messages -----------------------------------------------------------------------------------
    def _limit(self) -> LimitError:
        return LimitError(f"stopped: more than {self.max_positions:,} positions are reachable (the position "
                          f"limit), after {self.explored:,} explored")

    def _where(self) -> str:
        place = self.shown_path or "<game>"
        return f"{place}:{self.line}" if self.line else place

    def _bad(self, value: Any, parent: Any, problem: str) -> PositionError:
        what = f"options({shown(parent)}) returned {shown(value)}" if parent is not None else \
            f"{shown(value)} is not a position"
        return PositionError(f"{self._where()}: {what}: {problem}; a position is built of ints, strings, "
                             "tuples and frozensets, and a list is a sum of positions",
                             file=self.path, line=self.line)

    def _user_error(self, exc: BaseException, during: str) -> GameError:
        return user_error(exc, during, self.path, self.shown_path)


_END = object()


def _flat(position: tuple) -> bool:
    """Whether a tuple holds only ints and strings (the quick check of most positions)."""
    for item in position:
        kind = type(item)
        if kind is not int and kind is not str:
            return False
    return True


def a_type(value: Any) -> str:
    """The type of a value in words: ``an int``, ``a float``.

    >>> a_type(3), a_type(2.5)
    ('an int', 'a float')
    """
    name = type(value).__name__
    return ("an " if name[0] in "aeiou" else "a ") + name


class Throttle:
    """Calls ``report(explored, reached)`` at most every ``seconds``, and always when the walk is done
    (all reached explored).

    >>> seen = []
    >>> throttle = Throttle(lambda a, b: seen.append(a), seconds=3600)
    >>> throttle(1, 2); throttle(2, 3); throttle(3, 3); seen
    [1, 3]
    """

    def __init__(self, report: Callable[[int, int], object], seconds: float = 0.1) -> None:
        self.report, self.seconds = report, seconds
        self.last = -1e18

    def __call__(self, explored: int, reached: int) -> None:
        now = time.monotonic()
        if now - self.last >= self.seconds or explored == reached:
            self.last = now
            self.report(explored, reached)
