"""HDU 1536 "S-Nim": read, write and solve the judge's input files.

Input: test cases until a case starts with k = 0. A case is k and the k members of S, then m, then m
positions, each l followed by l heap sizes. Numbers may be spread over lines arbitrarily (tokens).
Output: per case one line of m letters, ``W`` when the first player wins the position, else ``L``.

Theory: each heap is a subtraction game with set S, a position is their sum, so the first player wins
iff the XOR of the heaps' Grundy values is non-zero (see :mod:`sgstudio.games.snim.game`).

Beyond the judge's limits: any k, m, l >= 1 and heap sizes of any size are read. A 0 where k is
expected ends the input; a 0 where m or l is expected (inside a case) is an error, since a case or a
position without anything in it is what a truncated or misaligned file produces.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from sgstudio.core.errors import number as show
from sgstudio.core.errors import quote
from sgstudio.formats import scan_kernels
from sgstudio.formats.tokens import TokenStream, check_not_empty, int_text, ints_of, read_text
from sgstudio.games.snim import game as snim
from sgstudio.games.snim.game import SNimError, SubtractionGame


@dataclass(frozen=True)
class SNimCase:
    """One test case: the set S as written (order and repeats kept) and the positions to judge."""

    S: tuple[int, ...]
    positions: tuple[tuple[int, ...], ...]


def parse(text: str, file: str = "<string>") -> list[SNimCase]:
    """The test cases of an HDU 1536 input.

    >>> parse("2 2 5\\n2\\n2 5 12\\n1 7\\n0\\n")
    [SNimCase(S=(2, 5), positions=((5, 12), (7,)))]
    >>> parse("2 2 5 0 0")
    Traceback (most recent call last):
    ...
    sgstudio.core.errors.ParseError: <string>:1:7: found 0 where the number m of positions of test case 1 \
is expected: a 0 ends the input only where a test case starts (m >= 1)
    """
    return [case for case, _ in _read_cases(TokenStream(text, file))]


def _read_cases(ts: TokenStream) -> list[tuple[SNimCase, int]]:
    """Each case with the index of its first token (to locate errors found while solving).

    Fast path: convert every token at once and walk the integers; at the first anomaly, walk the
    tokens again with ``ts`` itself, which raises the ParseError with its line and column.
    """
    check_not_empty(ts.text, ts.file, "the size k of S of a test case (0 ends the input)")
    if not ts.plain:  # a token int() reads but a judge does not: the exact reader reports it
        return _walk(ts)
    try:
        return _walk(_Ints(ts.tokens))
    except _AnomalyError:
        return _walk(ts)


def _walk(ts: TokenStream | _Ints) -> list[tuple[SNimCase, int]]:
    cases = []
    while True:
        start = ts.pos
        k = ts.next_int("the size k of S of a test case (0 ends the input)", lo=0)
        if k == 0:
            break
        number = len(cases) + 1
        members = tuple(ts.take_ints(k, f"a member of S of test case {number}", lo=1))
        m = _count(ts, f"the number m of positions of test case {number}", "m")
        positions = []
        for j in range(1, m + 1):
            label = f"position {j} of {show(m)} of test case {number}"
            size = _count(ts, f"the number l of heaps of {label}", "l")
            positions.append(tuple(ts.take_ints(size, f"a heap size of {label}", lo=0)))
        cases.append((SNimCase(members, tuple(positions)), start))
    if not ts.at_end():
        raise ts.error(f"expected the end of the input after the final 0, found {quote(ts.tokens[ts.pos])}")
    return cases


class _AnomalyError(Exception):
    """Something is off: let the TokenStream find and locate it."""


class _Ints:
    """The reading methods of TokenStream over pre-converted integers, without error positions."""

    def __init__(self, tokens: list[str]) -> None:
        self.tokens = tokens
        try:
            self.ints = ints_of(tokens)
        except ValueError:
            raise _AnomalyError from None
        self.pos = 0

    def next_int(self, what: str, lo: int) -> int:
        if self.pos >= len(self.ints) or self.ints[self.pos] < lo:
            raise _AnomalyError
        self.pos += 1
        return self.ints[self.pos - 1]

    def take_ints(self, count: int, what: str, lo: int) -> list[int]:
        chunk = self.ints[self.pos : self.pos + count]
        if len(chunk) < count or min(chunk) < lo:
            raise _AnomalyError
        self.pos += count
        return chunk

    def at_end(self) -> bool:
        return self.pos >= len(self.ints)

    def error(self, *args: object, **kwargs: object) -> _AnomalyError:
        return _AnomalyError()


def _count(ts: TokenStream | _Ints, what: str, name: str) -> int:
    """A count inside a case: an integer >= 1, with a clear message for a 0."""
    value = ts.next_int(what, lo=0)
    if value == 0:
        raise ts.error(
            f"found 0 where {what} is expected: a 0 ends the input only where a test case starts"
            f" ({name} >= 1)",
            what,
            index=ts.pos - 1,
        )
    return value


def generate(cases: Sequence[SNimCase]) -> str:
    """The input text of ``cases``, ending with the terminating 0; ``parse(generate(c)) == c``.

    >>> print(generate([SNimCase((2, 5), ((5, 12), (7,)))]), end="")
    2 2 5
    2
    2 5 12
    1 7
    0
    """
    lines = []
    for number, case in enumerate(cases, 1):
        if not case.S or not case.positions or not all(case.positions):
            raise ValueError(f"test case {number} needs a non-empty S, positions and heaps")
        if min(case.S) < 1 or min(min(p) for p in case.positions) < 0:
            raise ValueError(f"test case {number} needs members of S >= 1 and heap sizes >= 0")
        lines.append(" ".join(map(int_text, (len(case.S), *case.S))))
        lines.append(str(len(case.positions)))
        lines += [" ".join(map(int_text, (len(p), *p))) for p in case.positions]
    lines.append("0")
    return "\n".join(lines) + "\n"


def solve_case(case: SNimCase) -> str:
    """The judge's line for one case (without the newline): ``W``/``L`` per position.

    Computes g once up to the largest heap of the case (members of S larger than every heap can
    never be used and are dropped), or goes through the certified period when the heaps are huge.

    >>> solve_case(SNimCase((2, 5), ((5, 12), (2, 4, 7), (2, 3, 7, 12))))
    'LWW'
    """
    flat = [h for position in case.positions for h in position]
    usable, _ = _job(case)
    if not usable:
        return "L" * len(case.positions)
    values = SubtractionGame(usable).grundy_array(flat)
    starts = np.cumsum([0] + [len(p) for p in case.positions[:-1]])
    totals = np.bitwise_xor.reduceat(values, starts)
    return "".join(np.where(totals != 0, "W", "L").tolist())


def _job(case: SNimCase) -> tuple[list[int], int]:
    """The members of S that can be used (those <= the largest heap) and the table length needed."""
    top = max(max(position) for position in case.positions)
    return [s for s in set(case.S) if s <= top], top + 1


def solve(text: str, file: str = "<string>") -> str:
    """Exactly the judge's output for an input text: one line of W/L per test case.

    >>> print(solve("2 2 5 3 2 5 12 3 2 4 7 4 2 3 7 12 0"), end="")
    LWW
    """
    fast = _solve_arrays(text)
    if fast is not None:
        return fast
    ts = TokenStream(text, file)
    cases = _read_cases(ts)
    snim.plan(_job(case) for case, _ in cases)
    out = []
    for number, (case, start) in enumerate(cases, 1):
        try:
            out.append(solve_case(case) + "\n")
        except SNimError as err:
            raise ts.error(f"test case {number}: {err}", index=start) from None
    return "".join(out)


def read(path: str) -> list[SNimCase]:
    """Parse a file (UTF-8)."""
    return read_text(path, parse)  # type: ignore[return-value]


def write(path: str, cases: Sequence[SNimCase]) -> None:
    """Write ``cases`` as an input file."""
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(generate(cases))


def _solve_arrays(text: str) -> str | None:
    """The output read off the integers of one compiled pass (:mod:`sgstudio.formats.scan_kernels`),
    with no token list and no tuple per position; None where that pass is not built, where a
    number is not plain, where the structure is not regular or heaps reach 2^62 (the exact reader
    then reads it again and says what is wrong).

    >>> out = _solve_arrays("2 2 5 3 2 5 12 3 2 4 7 4 2 3 7 12 0")
    >>> out is None or out == "LWW\\n"
    True
    """
    arr = scan_kernels.read_ints(text)
    if arr is None:
        return None
    end, p, out = arr.size, 0, []
    with np.errstate(all="ignore"):
        while True:
            if p >= end or arr[p] < 0:
                return None
            k = int(arr[p])
            if k == 0:
                break
            members = arr[p + 1 : p + 1 + k]
            p += 1 + k
            if members.size < k or members.min() < 1 or p >= end or arr[p] < 1:
                return None
            m = int(arr[p])
            p += 1
            heads = np.empty(m, np.int64)
            for j in range(m):
                if p >= end or arr[p] < 1:
                    return None
                heads[j] = p
                p += int(arr[p]) + 1
            if p > end:
                return None
            keep = np.ones(p - heads[0], bool)
            keep[heads - heads[0]] = False
            heaps = arr[heads[0] : p][keep]
            if heaps.min() < 0 or heaps.max() >= 1 << 62:
                return None
            top = int(heaps.max())
            usable = np.unique(members[members <= top])
            if usable.size == 0:
                out.append("L" * m + "\n")
                continue
            values = SubtractionGame(usable.tolist()).grundy_array(heaps)
            starts = np.concatenate(([0], np.cumsum(arr[heads][:-1])))
            totals = np.bitwise_xor.reduceat(values, starts)
            out.append("".join(np.where(totals != 0, "W", "L").tolist()) + "\n")
    if p + 1 != end:  # something after the final 0
        return None
    return "".join(out)
