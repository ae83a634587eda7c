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

from sgstudio.core.errors import quote
from sgstudio.core.misere.nim import misere_nim_wins
from sgstudio.formats.tokens import TokenStream, check_not_empty, int_text, read_text

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
    ts = TokenStream(text, file)
    count = ts.next_int("the number of tests T", lo=0)
    cases = []
    for _ in range(count):
        n = ts.next_int("the number of piles N", lo=0)
        cases.append(Case(tuple(ts.take_ints(n, "a pile size", lo=0))))
    if not ts.at_end():
        tests_read = f"{count} test{'s' * (count != 1)}"
        raise ts.error(f"expected the end of the input after {tests_read}, found {quote(ts.tokens[ts.pos])}",
                       "the end of the input")
    return cases


def generate(cases: Sequence[Case]) -> str:
    """The input text of ``cases`` (so that ``parse(generate(cases)) == cases``).

    >>> generate([Case((3, 5, 1))])
    '1\\n3\\n3 5 1\\n'
    """
    lines = [str(len(cases))]
    for case in cases:
        lines += [str(len(case.heaps)), " ".join(map(int_text, case.heaps))]
    return "\n".join(lines) + "\n"


def solve(text: str, file: str = "<string>") -> str:
    """Exactly the judge's output for an input text."""
    return "".join((FIRST if misere_nim_wins(c.heaps) else SECOND) + "\n" for c in parse(text, file))


def read(path: str) -> list[Case]:
    """Parse a file."""
    return read_text(path, parse)  # type: ignore[return-value]


def write(path: str, cases: Sequence[Case]) -> None:
    """Write ``cases`` as an input file."""
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(generate(cases))
