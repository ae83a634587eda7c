"""HDU 1907 "John": misère Nim. Piles of M&Ms; a move eats one or more from one pile; whoever eats
the last one loses. John moves first.

Input: T, then per test N and N pile sizes (the judge sends 1 <= N <= 47 and sizes <= 4747; any
non-negative integers are read, Python ints beyond 2**63 included). Output per test ``John`` if the
first player wins, else ``Brother``.

Theory: misère Nim (Bouton, :func:`sgstudio.core.misere.nim.misere_nim_wins`): as normal Nim unless
every pile is 0 or 1, where the first player wins iff the number of piles of 1 is even.

Examples
--------
>>> print(solve("2\\n3\\n3 5 1\\n1\\n1\\n"), end="")
John
Brother
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sgstudio.core.misere.nim import misere_nim_wins
from sgstudio.formats import heap_lists
from sgstudio.formats.tokens import TokenStream, check_not_empty, read_text

FIRST, SECOND = "John", "Brother"


@dataclass(frozen=True)
class Case:
    """One test: the pile sizes."""

    heaps: tuple[int, ...]


def parse(text: str, file: str = "<string>") -> list[Case]:
    """The test cases of an input text; ParseError (file, line, column) on malformed input.

    >>> parse("1\\n3\\n3 5 1")
    [Case(heaps=(3, 5, 1))]
    >>> parse("1\\n2\\n5", file="in.txt")
    Traceback (most recent call last):
    ...
    sgstudio.core.errors.ParseError: in.txt:3:2: unexpected end of file: expected a pile size
    """
    check_not_empty(text, file, "the number of tests T")
    piles = heap_lists.counted(TokenStream(text, file), "the number of tests T", "the number of piles N",
                               "a pile size")
    return [Case(p) for p in piles]


def generate(cases: Sequence[Case]) -> str:
    """The input text of ``cases`` (so that ``parse(generate(cases)) == cases``).

    >>> generate([Case((3, 5, 1))])
    '1\\n3\\n3 5 1\\n'
    """
    return heap_lists.text((case.heaps for case in cases), counted=True)


def solve(text: str, file: str = "<string>") -> str:
    """Exactly the judge's output for an input text."""
    return "".join((FIRST if misere_nim_wins(c.heaps) else SECOND) + "\n" for c in parse(text, file))


def read(path: str) -> list[Case]:
    """Parse a file."""
    return read_text(path, parse)  # type: ignore[return-value]


def write(path: str, cases: Sequence[Case]) -> None:
    """Write ``cases`` as an input file."""
    heap_lists.write_text(path, generate(cases))
