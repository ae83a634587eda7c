"""Whitespace-separated integer tokens with exact error positions.

The judge formats are streams of integers that may be spread over lines arbitrarily. Reading is
fast (one ``split``); the line and column of a token are only worked out when an error is raised.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from sgstudio.core.errors import ParseError

_TOKEN = re.compile(r"\S+")
_NOT_PLAIN = re.compile(r"[^0-9+\-\s]")  # a character no plain integer token has
_PLAIN_INT = re.compile(r"[+-]?[0-9]+")
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def is_plain(text: str) -> bool:
    """True when ``text`` holds only ASCII digits, signs and white space.

    Then ``int()`` reads each token exactly as a judge would; otherwise a token may be something
    ``int()`` accepts but a judge does not (``1_000``, full-width digits), so each token is checked.

    >>> is_plain("3 1 -2 +4"), is_plain("1_000"), is_plain(chr(0xFF11))
    (True, False, False)
    """
    return _NOT_PLAIN.search(text) is None


class TokenStream:
    """Read integers one at a time or in bulk; every error names file, line and column.

    Examples
    --------
    >>> ts = TokenStream("3\\n1 2 x", file="in.txt")
    >>> ts.next_int("a count")
    3
    >>> ts.take_ints(2, "heap sizes")
    [1, 2]
    >>> ts.next_int("a heap size")
    Traceback (most recent call last):
    ...
    sgstudio.core.errors.ParseError: in.txt:2:5: expected a heap size, found 'x'
    """

    def __init__(self, text: str, file: str = "<string>") -> None:
        self.text = text
        self.file = file
        self.tokens = text.split()
        self.pos = 0
        self.plain = is_plain(text)

    # -- reading ---------------------------------------------------------------------------
    def at_end(self) -> bool:
        """True when every token has been read."""
        return self.pos >= len(self.tokens)

    def next_int(
        self, what: str, lo: int | None = None, hi: int | None = None
    ) -> int:
        """Read one integer in ``lo..hi`` (either bound may be None)."""
        if self.pos >= len(self.tokens):
            raise self.error_at_end(what)
        tok = self.tokens[self.pos]
        try:
            value = self.to_int(tok)
        except ValueError:
            raise self.error(f"expected {what}, found {tok!r}", what) from None
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            bounds = _range_text(lo, hi)
            empty = lo is not None and hi is not None and hi < lo  # ``what`` says there is none
            detail = "" if bounds in what or empty else f" ({bounds})"
            raise self.error(f"expected {what}{detail}, found {tok}", what)
        self.pos += 1
        return value

    def take_ints(
        self, count: int, what: str, lo: int | None = None, hi: int | None = None
    ) -> list[int]:
        """Read ``count`` integers in ``lo..hi`` at once (fast path for long lists)."""
        end = self.pos + count
        chunk = self.tokens[self.pos : end]
        try:
            values = list(map(int if self.plain else self.to_int, chunk))
        except ValueError:
            values = None
        if values is None or len(values) < count or not _all_in(values, lo, hi):
            for _ in range(count):  # slow path: find the first bad token and report it
                self.next_int(what, lo, hi)
        self.pos = end
        return values  # type: ignore[return-value]

    def to_int(self, token: str) -> int:
        """``int(token)`` for a plain decimal integer (ASCII digits, an optional sign); else ValueError."""
        if not self.plain and _PLAIN_INT.fullmatch(token) is None:
            raise ValueError(token)
        return int(token)

    # -- errors ----------------------------------------------------------------------------
    def error(self, message: str, expected: str | None = None, index: int | None = None) -> ParseError:
        """A ParseError located at token ``index`` (default: the next unread token)."""
        index = self.pos if index is None else index
        if index >= len(self.tokens):
            return self.error_at_end(expected or message)
        line, column = self.locate(index)
        return ParseError(message, file=self.file, line=line, column=column, expected=expected)

    def error_at_end(self, what: str) -> ParseError:
        """The file ended where ``what`` was expected."""
        line, column = self.end_position()
        return ParseError(
            f"unexpected end of file: expected {what}",
            file=self.file, line=line, column=column, expected=what,
        )

    def locate(self, index: int) -> tuple[int, int]:
        """1-based (line, column) of token ``index``."""
        for i, match in enumerate(_TOKEN.finditer(self.text)):
            if i == index:
                return self.position_of(match.start())
        return self.end_position()

    def position_of(self, offset: int) -> tuple[int, int]:
        """1-based (line, column) of a character offset."""
        head = self.text[:offset]
        breaks = _LINE_BREAK.findall(head)  # \n, \r\n and a lone \r (old Mac files) each end a line
        start = max(head.rfind("\n"), head.rfind("\r")) + 1
        return len(breaks) + 1, offset - start + 1

    def end_position(self) -> tuple[int, int]:
        """The position just after the last character that is not white space."""
        stripped = self.text.rstrip()
        return self.position_of(len(stripped))


def _range_text(lo: int | None, hi: int | None) -> str:
    if lo is not None and hi is not None and hi < lo:
        return "there is none"
    if lo is not None and hi is not None:
        return f"{lo}..{hi}"
    if lo is not None:
        return f">= {lo}"
    return f"<= {hi}"


def _all_in(values: list[int], lo: int | None, hi: int | None) -> bool:
    if not values:
        return True
    if lo is not None and min(values) < lo:
        return False
    return not (hi is not None and max(values) > hi)


def read_text(path: str, reader: Callable[[str, str], object]) -> object:
    """Read a file as UTF-8 and hand its text to ``reader(text, file=path)``."""
    with open(path, encoding="utf-8") as handle:
        return reader(handle.read(), path)
