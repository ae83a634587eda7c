"""HDU 1524 "A Chess Game": tokens on a DAG, one WIN/LOSE line per query (WIN/LOSE/DRAW when loopy).

Input: test cases until end of file. Each: N; then N lists ``X_i y_1 .. y_Xi`` (the moves from
position i); then queries ``M p_1 .. p_M``, and ``0`` ends the test case. Numbers may be spread
over lines in any way, blank lines are fine. The judge's limits are not limits here.

Theory: each token is its own game on the DAG, so a query is a sum of games and the player to
move wins iff the XOR of the tokens' Grundy values is non-zero (Sprague-Grundy theorem).

The judge's graphs are acyclic, and a cycle is refused at the edge that closes it (a
:class:`CyclicGraphError`). Read with ``loopy=True`` a graph may have cycles: the values are the
generalized Sprague-Grundy values of :mod:`sgstudio.games.graph.loopy.values` and a query may be a DRAW
(play that never ends); on an acyclic graph the answers are the same.

Reading has two paths that give the same results. The fast one checks with numpy that the text
is made of plain integers only, converts them all at once and walks the structure; on any problem
the exact one (token by token, :class:`~sgstudio.formats.tokens.TokenStream`) reads again from
the start, so the error reported is always the first one in reading order.

Examples
--------
>>> text = "3\\n1 1\\n1 2\\n0\\n1 0\\n2 0 1\\n0\\n"
>>> parse(text)
[Case(n=3, successors=[[1], [2], []], queries=[[0], [0, 1]])]
>>> solve(text)
'LOSE\\nWIN\\n'
>>> solve("2\\n1 1\\n1 0\\n0\\n", "in.txt")
Traceback (most recent call last):
...
sgstudio.games.graph.hdu1524.CyclicGraphError: in.txt:3:3: the graph has the cycle 0 -> 1 -> 0
>>> solve("2\\n1 1\\n1 0\\n1 0\\n0\\n3\\n1 1\\n1 2\\n0\\n1 0\\n0\\n", loopy=True)
'DRAW\\nLOSE\\n'
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from sgstudio.core.errors import CycleError, ParseError, number
from sgstudio.formats import scan_kernels
from sgstudio.formats.tokens import TokenStream, check_not_empty, read_file
from sgstudio.games.graph import hdu1524_kernels
from sgstudio.games.graph.dag.game import grundy_values_auto, query_outcomes


@dataclass
class Case:
    """One test case: ``successors[i]`` are the moves from position i in file order."""

    n: int
    successors: list[list[int]] = field(default_factory=list)
    queries: list[list[int]] = field(default_factory=list)

    def edges(self) -> list[tuple[int, int]]:
        """Every edge ``(i, j)`` in file order.

        >>> Case(2, [[1], []], []).edges()
        [(0, 1)]
        """
        return [(u, v) for u, succ in enumerate(self.successors) for v in succ]


@dataclass
class CaseArrays:
    """A test case as arrays (what :func:`parse_arrays` gives: no Python list per position, so a
    case of 10^6 edges costs a few arrays): CSR successors, flat queries, the token index of each
    X_i (for errors) and, once read, the Grundy values.

    >>> (case,) = parse_arrays("3\\n1 1\\n1 2\\n0\\n2 0 1\\n0\\n")
    >>> [a.tolist() for a in case.edge_arrays()], case.successors, list(case.queries), case.values.tolist()
    ([[0, 1], [1, 2]], [[1], [2], []], [[0, 1]], [0, 1, 0])
    """

    n: int
    start: np.ndarray  # successors of u: dst[start[u]:start[u+1]]
    dst: np.ndarray
    heads: np.ndarray  # token index of each X_i
    q_flat: np.ndarray
    q_len: np.ndarray
    values: np.ndarray | None = None

    def edge_arrays(self) -> tuple[np.ndarray, np.ndarray]:
        """(tails, heads) of every edge in file order, as int64 arrays."""
        return np.repeat(np.arange(self.n, dtype=np.int64), np.diff(self.start)), self.dst

    @property
    def successors(self) -> list[list[int]]:
        flat, bounds = self.dst.tolist(), self.start.tolist()
        return [flat[bounds[i]:bounds[i + 1]] for i in range(self.n)]

    @property
    def queries(self) -> QueryList:
        return QueryList(self.q_flat, self.q_len)

    def to_case(self) -> Case:
        return Case(self.n, self.successors, list(self.queries))


class QueryList(Sequence):
    """The queries of a case read as arrays: a read-only sequence whose items are new lists, made
    when asked for (a file may hold 10^5 queries, and a window lists a few hundred).

    >>> queries = QueryList(np.array([0, 0, 1, 2]), np.array([1, 3]))
    >>> len(queries), queries[1], queries[-1:], queries == [[0], [0, 1, 2]]
    (2, [0, 1, 2], [[0, 1, 2]], True)
    """

    def __init__(self, flat: np.ndarray, lengths: np.ndarray) -> None:
        self.flat, self.bounds = flat, np.concatenate(([0], np.cumsum(lengths))).astype(np.int64)

    def __len__(self) -> int:
        return len(self.bounds) - 1

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        k = range(len(self))[index]
        return self.flat[self.bounds[k]:self.bounds[k + 1]].tolist()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and len(other) == len(self) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]


class CyclicGraphError(ParseError):
    """A test case's graph has a cycle (located at the edge that closes it); ``loopy=True`` reads it."""


class _FallbackError(Exception):
    """The fast reader met something it leaves to the exact reader."""


# -- fast path -----------------------------------------------------------------------------------
_BIG = 10**18  # strtoll saturates beyond int64: larger numbers go to the exact reader


def _plain_ints(text: str) -> np.ndarray:
    """All tokens as int64 if every token is ``-?[0-9]+`` below 10**18; else raise _FallbackError.
    One compiled pass when it is built (:mod:`sgstudio.formats.scan_kernels`), else numpy's."""
    if scan_kernels.at_hand():
        values = scan_kernels.read_ints(text)
        if values is None:
            raise _FallbackError
        return values
    try:
        data = np.frombuffer(text.encode("ascii"), np.uint8)
    except UnicodeEncodeError:
        raise _FallbackError from None
    if data.size == 0:
        return np.zeros(0, np.int64)
    space = (data == 32) | ((data - np.uint8(9)) < 5)
    n_digits = np.count_nonzero((data - np.uint8(48)) < 10)
    minus = np.flatnonzero(data == 45)
    if np.count_nonzero(space) + n_digits + minus.size != data.size:
        raise _FallbackError
    if minus.size:  # a minus sign must start a token and be followed by a digit
        after = data[np.minimum(minus + 1, data.size - 1)]
        if not (((after - np.uint8(48)) < 10) & (minus + 1 < data.size)
                & ((minus == 0) | space[minus - 1])).all():
            raise _FallbackError
    n_tokens = np.count_nonzero(space[:-1] & ~space[1:]) + (not space[0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        values = np.fromstring(text, dtype=np.int64, sep=" ")
    if values.size != n_tokens or (values.size and max(values.max(), -values.min()) >= _BIG):
        raise _FallbackError
    return values


def _walk(arr: np.ndarray, ints: list[int] | None, p: int) -> tuple[CaseArrays, int]:
    """Read one test case starting at token p; raise _FallbackError on any irregularity."""
    end = arr.size
    n = int(arr[p])
    if n < 0:
        raise _FallbackError
    p += 1
    if n > end - p:  # fewer tokens left than positions: truncated (the exact reader says where)
        raise _FallbackError
    h, p = _list_heads(arr, ints, p, n)
    dst, counts = _gather(arr, h, p)
    qh, p = _list_heads(arr, ints, p, -1)
    q_flat, q_len = _gather(arr, qh, p)
    if (dst.size and (dst.min() < 0 or dst.max() >= n)) or (q_flat.size and (q_flat.min() < 0
                                                                              or q_flat.max() >= n)):
        raise _FallbackError
    start = np.concatenate(([0], np.cumsum(counts)))
    return CaseArrays(n, start, dst, h, q_flat, q_len), p + 1


COMPILED_WALK = 200_000  # tokens from which the lists are walked by compiled code


def _list_heads(arr: np.ndarray, ints: list[int] | None, p: int, count: int) -> tuple[np.ndarray, int]:
    """The token index of each count token of ``count`` lists ``X v_1 .. v_X`` from token p, and
    the token after them; ``count < 0``: lists up to a count of 0 (the token returned). Compiled
    (:mod:`sgstudio.games.graph.hdu1524_kernels`) for a big input: a file of 10^6 lists needs no Python
    loop and no list of its tokens; a small one is walked in Python, on ``ints`` (the tokens as a
    list: the command line starts without numba).
    Raises _FallbackError where a count is negative or the lists run past the end."""
    if ints is not None:
        heads, after = hdu1524_kernels.heads(ints, p, count)
    else:
        heads, after = hdu1524_kernels.kernel()(arr, p, count)
    if after < 0:
        raise _FallbackError
    return heads, int(after)


def _gather(arr: np.ndarray, heads: np.ndarray, stop: int) -> tuple[np.ndarray, np.ndarray]:
    """The numbers after each count token in ``heads`` (lists end at the next head or stop)."""
    if heads.size == 0:
        return np.zeros(0, np.int64), np.zeros(0, np.int64)
    block = arr[heads[0]:stop]
    keep = np.ones(block.size, bool)
    keep[heads - heads[0]] = False
    return block[keep], arr[heads]


def _scan_fast(text: str) -> list[CaseArrays]:
    arr = _plain_ints(text)
    ints = arr.tolist() if arr.size < COMPILED_WALK else None
    cases, p = [], 0
    while p < arr.size:
        case, p = _walk(arr, ints, p)
        cases.append(case)
    return cases


# -- exact path ------------------------------------------------------------------------------------
def _scan_exact(text: str, file: str, loopy: bool = False) -> list[tuple[CaseArrays, Any]]:
    """Token by token with exact error positions; values checked case by case (cycles)."""
    ts = TokenStream(text, file)
    out = []
    while not ts.at_end():
        n = ts.next_int("the number of positions N", lo=0)
        heads, succ = [], []
        for i in range(n):
            heads.append(ts.pos)
            x = ts.next_int(f"the number of moves from position {i}", lo=0)
            succ.append(ts.take_ints(x, _position(n), 0, n - 1))
        raw = CaseArrays(n, np.concatenate(([0], np.cumsum([len(s) for s in succ], dtype=np.int64))),
                   np.array([v for s in succ for v in s], np.int64), np.array(heads, np.int64),
                   np.zeros(0, np.int64), np.zeros(0, np.int64))
        values = _values(raw, text, file, loopy)
        queries = []
        while (m := ts.next_int("the number of tokens M of a query (0 ends the test case)", lo=0)):
            queries.append(ts.take_ints(m, _position(n), 0, n - 1))
        raw.q_flat = np.array([v for q in queries for v in q], np.int64)
        raw.q_len = np.array([len(q) for q in queries], np.int64)
        out.append((raw, values))
    return out


def _position(n: int) -> str:
    """What a position of a graph of n positions is, for error messages."""
    return f"a position in 0..{number(n - 1)}" if n else "a position (this graph has none)"


def _values(raw: CaseArrays, text: str, file: str, loopy: bool = False) -> Any:
    """Grundy values of the case's graph; a cycle becomes a CyclicGraphError at its closing edge.
    ``loopy``: the generalized values (a :class:`~sgstudio.games.graph.loopy.values.LoopyValues`)."""
    src = np.repeat(np.arange(raw.n, dtype=np.int64), np.diff(raw.start))
    if loopy:
        from sgstudio.games.graph.loopy.values import generalized_values_auto

        return generalized_values_auto(raw.n, src, raw.dst)
    try:
        return grundy_values_auto(raw.n, src, raw.dst)
    except CycleError as err:
        last, first = err.cycle[-1], err.cycle[0]
        succ = raw.dst[raw.start[last]:raw.start[last + 1]].tolist()
        index = int(raw.heads[last]) + 1 + succ.index(first)
        found = TokenStream(text, file).error(str(err), "an acyclic graph", index)
        raise CyclicGraphError(found.message, file=found.file, line=found.line, column=found.column,
                               expected=found.expected) from None


def _read(text: str, file: str, loopy: bool = False) -> list[tuple[CaseArrays, Any]]:
    check_not_empty(text, file, "the number of positions N")
    try:
        raws = _scan_fast(text)
    except _FallbackError:
        return _scan_exact(text, file, loopy)
    return [(raw, _values(raw, text, file, loopy)) for raw in raws]


# -- the format contract ---------------------------------------------------------------------------
def parse(text: str, file: str = "<string>", loopy: bool = False) -> list[Case]:
    """The test cases of an HDU 1524 input; ParseError (file, line, column) if malformed, and
    CyclicGraphError if a graph has a cycle (unless ``loopy``)."""
    return [raw.to_case() for raw, _ in _read(text, file, loopy)]


def parse_arrays(text: str, file: str = "<string>", loopy: bool = False) -> list[CaseArrays]:
    """:func:`parse`, the cases as :class:`CaseArrays` with their Grundy values (for big inputs)."""
    out = []
    for raw, values in _read(text, file, loopy):
        raw.values = values
        out.append(raw)
    return out


def solve(text: str, file: str = "<string>", loopy: bool = False) -> str:
    """The judge's output: ``WIN`` or ``LOSE`` per query, one per line (``loopy``: cycles allowed,
    and ``DRAW`` where nobody can force a win)."""
    if loopy:
        return _solve_loopy(_read(text, file, loopy=True))
    lines: list[str] = []
    for raw, values in _read(text, file):
        lines += query_outcomes(values, raw.q_flat, raw.q_len)
    return "".join(line + "\n" for line in lines)


def _solve_loopy(cases: list[tuple[CaseArrays, Any]]) -> str:
    from sgstudio.games.graph.loopy.sums import query_codes

    words = np.array(["LOSE\n", "WIN\n", "DRAW\n"])  # the codes of query_codes
    return "".join("".join(words[query_codes(values, raw.q_flat, raw.q_len)].tolist())
                   for raw, values in cases)


def generate(cases: list[Case]) -> str:
    """Text that :func:`parse` reads back as ``cases`` (at least one; queries must be non-empty).

    An empty file is not an HDU 1524 input (the rule of every judge reader), so an empty list of
    cases is refused with ValueError.

    >>> print(generate([Case(2, [[1], []], [[0, 0]])]), end="")
    2
    1 1
    0
    2 0 0
    0
    """
    if not cases:
        raise ValueError("an HDU 1524 input needs at least one test case")
    blocks = []
    for case in cases:
        lines = [str(case.n)]
        lines += [" ".join(map(str, [len(s), *s])) for s in case.successors]
        lines += [" ".join(map(str, [len(q), *q])) for q in case.queries]
        lines.append("0")
        blocks.append("\n".join(lines) + "\n")
    return "\n".join(blocks)


def read(path: str) -> list[Case]:
    """Parse the file at ``path`` (UTF-8)."""
    return parse(read_file(path), path)


def write(path: str, cases: list[Case]) -> None:
    """Write ``cases`` to ``path``."""
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(generate(cases))
