"""HDU 5724 "Chess": read, write and solve judge input files (format name ``hdu5724``).

Format: T, then per test n, then n rows, each ``m c1 .. cm`` with 0 <= m <= 20 distinct columns in
1..20 (numbers may be spread over lines arbitrarily). The judge's answer is one line per test,
``YES`` when the first player wins, else ``NO``. The limits T <= 100 and n <= 1000 are not
enforced; columns outside 1..20, repeats and a count m outside 0..20 are errors.

Theory: rows are independent games, so the board's value is the XOR of the rows' Grundy values,
read from the 2**20 table of :mod:`sgstudio.games.board.game`; the first player wins iff it is
non-zero.

Speed: :func:`solve` first tries a vectorised scan that only accepts plain digits and white space
and checks every count, range and repeat with numpy; anything it does not accept goes through the
token-by-token reader, which is the one that reports errors (with file, line and column). The
table is loaded from the shipped ``.npy`` file, so the command line never imports numba.

Examples
--------
>>> sample = "2\\n1\\n2 19 20\\n2\\n1 19\\n1 18\\n"
>>> print(solve(sample), end="")
NO
YES
>>> parse(sample)
[Case(rows=((19, 20),)), Case(rows=((19,), (18,)))]
>>> parse("1\\n1\\n2 4 4\\n", file="in.txt")
Traceback (most recent call last):
...
sgstudio.core.errors.ParseError: in.txt:3:5: column 4 is repeated in row 1 of test 1
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from sgstudio.core.errors import ParseError, quote
from sgstudio.formats.tokens import TokenStream, check_not_empty, read_text
from sgstudio.games.board import game as board

WIDTH = 20
_PLAIN = b"0123456789 \t\n\r"


@dataclass(frozen=True)
class Case:
    """One test: the rows of the board, each the columns of its chesses in the file's order."""

    rows: tuple[tuple[int, ...], ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "rows", tuple(tuple(r) for r in self.rows))

    def position(self) -> board.Position:
        """The rows as a :class:`~sgstudio.games.board.game.BoardGame` position (sorted columns).

        >>> Case(((20, 19), ())).position()
        ((19, 20), ())
        """
        return tuple(tuple(sorted(r)) for r in self.rows)


# -- the exact reader ----------------------------------------------------------------------------
def _read_row(ts: TokenStream, test: int, row: int) -> tuple[int, ...]:
    where = f"row {row} of test {test}"
    m = ts.next_int(f"the number of chesses m in {where}", lo=0, hi=WIDTH)
    start, what = ts.pos, f"a column in {where}"
    try:
        columns = ts.take_ints(m, what, lo=1, hi=WIDTH)
    except ParseError:  # a repeat before the bad token is the first error in reading order
        columns, ts.pos = [], start
        while True:
            _check_repeats(ts, columns, start, where)
            columns.append(ts.next_int(what, lo=1, hi=WIDTH))
    _check_repeats(ts, columns, start, where)
    return tuple(columns)


def _check_repeats(ts: TokenStream, columns: list[int], start: int, where: str) -> None:
    seen: set[int] = set()
    for i, c in enumerate(columns):
        if c in seen:
            raise ts.error(f"column {c} is repeated in {where}", f"a column in {where}", index=start + i)
        seen.add(c)


def _parse_tokens(text: str, file: str) -> list[Case]:
    """Token by token; raises ParseError at the first problem."""
    check_not_empty(text, file, "the number of test cases T")
    ts = TokenStream(text, file)
    t = ts.next_int("the number of test cases T", lo=0)
    cases = []
    for test in range(1, t + 1):
        n = ts.next_int(f"the number of rows n of test {test}", lo=0)
        cases.append(Case(tuple(_read_row(ts, test, row) for row in range(1, n + 1))))
    if not ts.at_end():
        extra = ts.tokens[ts.pos]
        cases_read = f"{t} test case{'s' * (t != 1)}"
        raise ts.error(f"expected the end of the file after {cases_read}, found {quote(extra)}",
                       "end of file")
    return cases


# -- the fast scan -------------------------------------------------------------------------------
class _Scan(NamedTuple):
    values: list[int]        # every token
    row_starts: list[int]    # token index of each row's m
    row_sizes: list[int]     # each row's m
    test_ends: list[int]     # rows in tests 1..k, for each k
    masks: np.ndarray        # each row's mask (bit c-1 = column c)


def _integers(text: str) -> np.ndarray | None:
    """All tokens as int64 when the text is plain digits and white space, else None."""
    if not text.isascii():
        return None
    data = text.encode("ascii")
    if data.translate(None, _PLAIN):
        return None
    digit = np.frombuffer(data, np.uint8) >= ord("0")
    count = int(digit[:1].sum()) + int(np.count_nonzero(digit[1:] & ~digit[:-1]))
    if count == 0:
        return None
    values = np.fromstring(text, dtype=np.int64, sep=" ")
    return values if values.size == count else None


def _walk(values: list[int]) -> tuple[list[int], list[int], list[int], list[int]] | None:
    """Follow the counts: header positions, row starts, row sizes, cumulative rows per test."""
    heads, starts, sizes, ends = [0], [], [], []
    pos = 1
    try:
        for _ in range(values[0]):
            n = values[pos]
            heads.append(pos)
            pos += 1
            for _ in range(n):
                m = values[pos]
                if m > WIDTH:
                    return None
                starts.append(pos)
                sizes.append(m)
                pos += m + 1
            ends.append(len(sizes))
    except IndexError:
        return None
    if pos != len(values):
        return None
    return heads, starts, sizes, ends


def _scan(text: str) -> _Scan | None:
    """The whole file checked with numpy, or None when anything is unusual (the exact reader decides)."""
    array = _integers(text)
    if array is None:
        return None
    values = array.tolist()
    walked = _walk(values)
    if walked is None:
        return None
    heads, starts, sizes, ends = walked
    is_column = np.ones(array.size, dtype=bool)
    is_column[heads] = False
    is_column[starts] = False
    columns = array[is_column]
    if columns.size and (columns.min() < 1 or columns.max() > WIDTH):
        return None
    prefix = np.zeros(columns.size + 1, dtype=np.int64)
    np.cumsum(np.left_shift(1, columns - 1), out=prefix[1:])
    m = np.array(sizes, dtype=np.int64)
    row_end = np.cumsum(m)
    masks = prefix[row_end] - prefix[row_end - m]
    if np.any(np.bitwise_count(masks) != m):  # a repeated column carries into a higher bit
        return None
    return _Scan(values, starts, sizes, ends, masks)


def _cases_of(scan: _Scan) -> list[Case]:
    values, cases, first = scan.values, [], 0
    for end in scan.test_ends:
        rows = zip(scan.row_starts[first:end], scan.row_sizes[first:end], strict=True)
        cases.append(Case(tuple(tuple(values[s + 1 : s + 1 + m]) for s, m in rows)))
        first = end
    return cases


# -- the contract --------------------------------------------------------------------------------
def parse(text: str, file: str = "<string>") -> list[Case]:
    """The test cases of an input file; ParseError (file, line, column) on bad input."""
    scan = _scan(text)
    return _cases_of(scan) if scan is not None else _parse_tokens(text, file)


def generate(cases: Iterable[Case]) -> str:
    """An input file for the cases (``parse(generate(cases)) == cases``).

    >>> print(generate([Case(((19, 20),))]), end="")
    1
    1
    2 19 20
    >>> generate([Case(((21,),))])
    Traceback (most recent call last):
    ...
    ValueError: test 1, row 1: column 21 is outside 1..20
    """
    cases = list(cases)
    lines = [str(len(cases))]
    for k, case in enumerate(cases, 1):
        lines.append(str(len(case.rows)))
        for r, row in enumerate(case.rows, 1):
            try:
                board.check_columns(row, WIDTH)
            except ValueError as err:
                raise ValueError(f"test {k}, row {r}: {err}") from None
            lines.append(" ".join(map(str, (len(row), *row))))
    return "\n".join(lines) + "\n"


def answers(cases: Sequence[Case]) -> list[bool]:
    """For each case, whether the first player wins.

    >>> answers([Case(((19, 20),)), Case(((19,), (18,)))])
    [False, True]
    """
    table = board.grundy_table(WIDTH)
    result = []
    for case in cases:
        total = 0
        for row in case.rows:
            total ^= int(table[board.row_mask(row, WIDTH)])
        result.append(total != 0)
    return result


def _output(wins: Iterable[bool]) -> str:
    return "".join("YES\n" if w else "NO\n" for w in wins)


def solve(text: str, file: str = "<string>") -> str:
    """The judge's output for an input file: ``YES``/``NO`` per test, each line ending in a newline."""
    scan = _scan(text)
    if scan is None:
        return _output(answers(_parse_tokens(text, file)))
    values = board.grundy_table(WIDTH)[scan.masks]
    prefix = np.zeros(values.size + 1, dtype=np.uint8)
    np.bitwise_xor.accumulate(values, out=prefix[1:])
    ends = np.array(scan.test_ends, dtype=np.int64)
    begins = np.concatenate((np.zeros(1, dtype=np.int64), ends))[:-1]
    return _output((prefix[ends] != prefix[begins]).tolist())


def read(path: str) -> list[Case]:
    """Parse a file (UTF-8)."""
    return read_text(path, parse)  # type: ignore[return-value]


def write(path: str, cases: Iterable[Case]) -> None:
    """Write the cases as an input file."""
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(generate(cases))
