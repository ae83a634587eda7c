"""HDU 5795 "A Simple Nim": heaps; take any stones from one heap, or split one heap into three.

Input: T, then per test n (>= 1) and n heap sizes (any non-negative integers, Python ints beyond
2**63 included). Output per test ``First player wins.`` or ``Second player wins.``.

Theory: split-nim with parts = 3, whose Grundy function has the proven closed form of period 8
(:mod:`sgstudio.games.splitnim.game`): g(n) = n + 1 for n = 7 (mod 8), n - 1 for n = 0 (mod 8),
n > 0, else n. The first player wins iff the XOR of the heaps' values is non-zero.

Examples
--------
>>> print(solve("2\\n2\\n4 4\\n3\\n1 2 4\\n"), end="")
Second player wins.
First player wins.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from sgstudio.formats import heap_lists, native, scan_kernels
from sgstudio.formats.tokens import TokenStream, check_not_empty, read_text
from sgstudio.games.splitnim.game import closed_form, closed_form_array

PARTS = 3
FIRST, SECOND = "First player wins.", "Second player wins."
_VECTOR_BOUND = 1 << 62  # heaps below this are done with int64 numpy arrays
_DIGITS_AND_SPACE = b"0123456789 \t\n\r"


@dataclass(frozen=True)
class Case:
    """One test: the heap sizes."""

    heaps: tuple[int, ...]


def parse(text: str, file: str = "<string>") -> list[Case]:
    """The test cases of an input text; ParseError (file, line, column) on malformed input.

    >>> parse("1\\n3\\n1 2 3")
    [Case(heaps=(1, 2, 3))]
    >>> parse("1\\n2\\n5", file="in.txt")
    Traceback (most recent call last):
    ...
    sgstudio.core.errors.ParseError: in.txt:3:2: unexpected end of file: expected a heap size
    """
    check_not_empty(text, file, "the number of tests T")
    heaps = heap_lists.counted(TokenStream(text, file), "the number of tests T", "the number of heaps n",
                               "a heap size", least_n=1)
    return [Case(h) for h in heaps]


def generate(cases: Sequence[Case]) -> str:
    """The input text of ``cases`` (so that ``parse(generate(cases)) == cases``).

    >>> generate([Case((4, 4))])
    '1\\n2\\n4 4\\n'
    """
    return heap_lists.text((case.heaps for case in cases), counted=True)


def case_value(heaps: Sequence[int]) -> int:
    """XOR of the heaps' Grundy values (numpy when they fit in int64, Python ints otherwise).

    >>> case_value([4, 4]), case_value([7, 10**20]) == 8 ^ (10**20 - 1)
    (0, True)
    """
    if len(heaps) > 32 and max(heaps) < _VECTOR_BOUND:
        values = closed_form_array(np.array(heaps, dtype=np.int64), PARTS)
        return int(np.bitwise_xor.reduce(values))
    total = 0
    for h in heaps:
        total ^= closed_form(h, PARTS)
    return total


def solve(text: str, file: str = "<string>") -> str:
    """Exactly the judge's output for an input text.

    Well-formed files of heaps below 2**62 take a vectorised path (numpy reads all the numbers at
    once); anything else, errors included, goes through :func:`parse`, which locates every error.
    """
    fast = native.solve("hdu5795", text)  # the C pass, where built and the file plain
    if fast is None:
        fast = _solve_vectorised(text)
    if fast is not None:
        return fast
    return "".join((FIRST if case_value(c.heaps) else SECOND) + "\n" for c in parse(text, file))


def _solve_vectorised(text: str) -> str | None:
    """The answers when the text is only digits and white space, well formed, heaps < 2**62; else None."""
    numbers = scan_kernels.read_ints(text)  # one compiled pass, when built
    if numbers is None or numbers.size == 0 or numbers.min() < 0:
        try:
            raw = text.encode("ascii")
        except UnicodeEncodeError:
            return None
        if raw.translate(None, _DIGITS_AND_SPACE) or not raw.strip():
            return None
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            try:
                numbers = np.fromstring(raw, dtype=np.int64, sep=" ")
            except (ValueError, DeprecationWarning):
                return None
    if numbers.max() >= _VECTOR_BOUND:  # also catches saturated (overflowing) tokens
        return None
    out, pos = [], 1
    for _ in range(int(numbers[0])):
        n = int(numbers[pos]) if pos < len(numbers) else 0
        if n < 1 or pos + 1 + n > len(numbers):
            return None
        values = closed_form_array(numbers[pos + 1 : pos + 1 + n], PARTS)
        out.append(FIRST if np.bitwise_xor.reduce(values) else SECOND)
        pos += 1 + n
    return "".join(line + "\n" for line in out) if pos == len(numbers) else None


def read(path: str) -> list[Case]:
    """Parse a file."""
    return read_text(path, parse)  # type: ignore[return-value]


def write(path: str, cases: Sequence[Case]) -> None:
    """Write ``cases`` as an input file."""
    heap_lists.write_text(path, generate(cases))
