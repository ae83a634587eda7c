"""HDU 2509 "Be the Winner": rows of apples; a move takes one or more CONSECUTIVE apples from one
row (so a row may become two); whoever takes the last apple loses.

Input: test cases until the end of the file, each n and then n row lengths (any non-negative
integers). Output per test ``Yes`` if the first player wins, else ``No``.

Theory: a row of n apples is the take-and-break game "take any number, leaving 0, 1 or 2 rows"
(the octal code 0.777...). Its Grundy value is n (a split leaves a xor b <= a + b < n, and every
smaller row is one take away), and every position is tame with the genus of the nim heap ``*n``
(tests check the genus and the misère outcomes of sums against a search by the rules); so misère
sums of rows are misère Nim on the lengths (:func:`sgstudio.core.misere.nim.misere_nim_wins`).

Examples
--------
>>> print(solve("2\\n2 2\\n1\\n3\\n"), end="")
No
Yes
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sgstudio.core.misere.nim import misere_nim_wins
from sgstudio.formats import heap_lists
from sgstudio.formats.tokens import TokenStream, check_not_empty, read_text

FIRST, SECOND = "Yes", "No"


def rule_code(heaps: Sequence[int]) -> str:
    """The take-and-break code of rows of these lengths: take k >= 1 consecutive apples of a row,
    leaving 0, 1 or 2 rows, for every k up to the longest row (``0.77...7``).

    >>> rule_code((3, 5, 1)), rule_code(())
    ('0.77777', '0.7')
    >>> rule_code((70000,))
    Traceback (most recent call last):
    ...
    ValueError: a row of 70,000 apples needs a rule of 70,000 digits: a take-and-break code has at most 65,536
    """
    from sgstudio.games.takebreak.rules import MAX_CODE_DIGITS

    longest = max(1, *heaps, 1)
    if longest > MAX_CODE_DIGITS:
        raise ValueError(f"a row of {longest:,} apples needs a rule of {longest:,} digits: a take-and-break "
                         f"code has at most {MAX_CODE_DIGITS:,}")
    return "0." + "7" * longest


@dataclass(frozen=True)
class Case:
    """One test: the row lengths."""

    heaps: tuple[int, ...]


def parse(text: str, file: str = "<string>") -> list[Case]:
    """The test cases of an input text; ParseError (file, line, column) on malformed input.

    >>> parse("2\\n2 2\\n1\\n3")
    [Case(heaps=(2, 2)), Case(heaps=(3,))]
    >>> parse("2\\n5", file="in.txt")
    Traceback (most recent call last):
    ...
    sgstudio.core.errors.ParseError: in.txt:2:2: unexpected end of file: expected a row length
    """
    check_not_empty(text, file, "the number of rows n")
    rows = heap_lists.until_end(TokenStream(text, file), "the number of rows n", "a row length")
    return [Case(r) for r in rows]


def generate(cases: Sequence[Case]) -> str:
    """The input text of ``cases`` (so that ``parse(generate(cases)) == cases``).

    >>> generate([Case((2, 2)), Case((3,))])
    '2\\n2 2\\n1\\n3\\n'
    """
    return heap_lists.text((case.heaps for case in cases), counted=False)


def solve(text: str, file: str = "<string>") -> str:
    """Exactly the judge's output for an input text."""
    return "".join((FIRST if misere_nim_wins(c.heaps) else SECOND) + "\n" for c in parse(text, file))


def read(path: str) -> list[Case]:
    """Parse a file."""
    return read_text(path, parse)  # type: ignore[return-value]


def write(path: str, cases: Sequence[Case]) -> None:
    """Write ``cases`` as an input file."""
    heap_lists.write_text(path, generate(cases))
