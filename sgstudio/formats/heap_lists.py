"""Judge inputs made of lists of heap sizes: each list is its length and then that many sizes, either
T lists after a count T (HDU 1907, HDU 5795) or lists until the end of the file (HDU 2509).

The formats keep their own words (piles, rows, heaps) and their own answer; what they share is read
and written here, with the errors located as :class:`~sgstudio.formats.tokens.TokenStream` locates them.

Examples
--------
>>> counted(TokenStream("2\\n2\\n4 4\\n1\\n3\\n"), "the number of tests T", "the number of heaps", "a heap")
[(4, 4), (3,)]
>>> until_end(TokenStream("2\\n2 2\\n1\\n3"), "the number of rows n", "a row length")
[(2, 2), (3,)]
>>> text([(4, 4), (3,)], counted=True)
'2\\n2\\n4 4\\n1\\n3\\n'
"""

from __future__ import annotations

from collections.abc import Iterable

from sgstudio.core.errors import quote
from sgstudio.formats.tokens import TokenStream, int_text


def one_list(ts: TokenStream, what_n: str, what_size: str, least_n: int = 0) -> tuple[int, ...]:
    """A list's length (at least ``least_n``) and then that many sizes (each >= 0)."""
    n = ts.next_int(what_n, lo=least_n)
    return tuple(ts.take_ints(n, what_size, lo=0))


def counted(ts: TokenStream, what_count: str, what_n: str, what_size: str,
            least_n: int = 0) -> list[tuple[int, ...]]:
    """A count T, then T lists, then the end of the input (anything after it is an error)."""
    count = ts.next_int(what_count, lo=0)
    lists = [one_list(ts, what_n, what_size, least_n) for _ in range(count)]
    if not ts.at_end():
        tests_read = f"{count} test{'s' * (count != 1)}"
        raise ts.error(f"expected the end of the input after {tests_read}, found {quote(ts.tokens[ts.pos])}",
                       "the end of the input")
    return lists


def until_end(ts: TokenStream, what_n: str, what_size: str) -> list[tuple[int, ...]]:
    """Lists until the end of the input."""
    lists = []
    while not ts.at_end():
        lists.append(one_list(ts, what_n, what_size))
    return lists


def text(lists: Iterable[tuple[int, ...]], counted: bool) -> str:
    """The input text of ``lists`` (preceded by their count when ``counted``), one line per length and
    one per list of sizes."""
    lists = list(lists)
    lines = [str(len(lists))] if counted else []
    for sizes in lists:
        lines += [str(len(sizes)), " ".join(map(int_text, sizes))]
    return "\n".join(lines) + "\n"


def write_text(path: str, content: str) -> None:
    """Write an input file."""
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(content)
