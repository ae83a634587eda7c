"""Whitespace-separated integer tokens with exact error positions.

The judge formats are streams of integers that may be spread over lines arbitrarily. Reading is
fast (one ``split``); the line and column of a token are only worked out when an error is raised.

Rules shared by the four judge readers (one place, so that they cannot drift apart):

- a number is a plain decimal integer, ``[+-]?[0-9]+``, of any length: leading zeros are fine and
  Python's int-string digit limit does not apply (:func:`decimal`);
- a file with no token at all (empty, or only white space) is refused (:func:`check_not_empty`);
- positions are 1-based lines and columns in characters; ``\\n``, ``\\r\\n`` and a lone ``\\r`` each
  end a line (:func:`line_column`), also for bytes that are not UTF-8 (:func:`decode`);
- a message quotes at most 40 characters of the offending token (:func:`~sgstudio.core.errors.quote`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from sgstudio.core.errors import ParseError, clip, number, quote

_TOKEN = re.compile(r"\S+")
_NOT_PLAIN = re.compile(r"[^0-9+\-\s]")  # a character no plain integer token has
_PLAIN_INT = re.compile(r"[+-]?[0-9]+")
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_CHUNK_DIGITS = 500  # below the least int-string digit limit Python allows (640)


def decimal(token: str) -> int:
    """The value of a plain decimal integer token of any length; ValueError if it is not one.

    Python refuses ``int()`` of more than 4,300 digits by default; here long tokens are converted
    by halves (about O(n^1.6) with Karatsuba multiplication, faster than ``int()`` for long ones).

    >>> decimal("-007"), decimal("1" + "0" * 5000) == 10**5000
    (-7, True)
    >>> decimal("1_000")
    Traceback (most recent call last):
    ...
    ValueError: 1_000
    """
    if _PLAIN_INT.fullmatch(token) is None:
        raise ValueError(clip(token))
    if len(token) <= _CHUNK_DIGITS:
        return int(token)
    digits = token.lstrip("+-").lstrip("0") or "0"
    value = _digits_value(digits)
    return -value if token[0] == "-" else value


def _digits_value(digits: str) -> int:
    if len(digits) <= _CHUNK_DIGITS:
        return int(digits)
    low = len(digits) // 2
    return _digits_value(digits[:-low]) * 10**low + _digits_value(digits[-low:])


def int_text(n: int) -> str:
    """``str(n)`` for an integer of any size (Python's int-string digit limit does not apply).

    >>> int_text(-42), int_text(10**5000) == "1" + "0" * 5000
    ('-42', True)
    """
    if abs(n).bit_length() <= 1500:  # at most 452 digits: below any digit limit
        return str(n)
    return ("-" if n < 0 else "") + _text_of(abs(n))


def _text_of(n: int) -> str:
    bits = n.bit_length()
    if bits <= 1500:
        return str(n)
    low = int(bits * 0.30102999566) // 2
    high, rest = divmod(n, 10**low)
    return _text_of(high) + _text_of(rest).rjust(low, "0")


def ints_of(tokens: list[str]) -> list[int]:
    """``[int(t) for t in tokens]`` for plain tokens, long ones included; ValueError otherwise."""
    try:
        return list(map(int, tokens))
    except ValueError:  # a token beyond the digit limit, or one that is not plain
        return list(map(decimal, tokens))


def line_column(text: str, offset: int) -> tuple[int, int]:
    """1-based (line, column) of the character at ``offset``; ``\\r\\n``, ``\\r`` and ``\\n`` end lines.

    >>> line_column("ab\\r\\ncd\\re", 7)
    (3, 1)
    """
    head = text[:offset]
    breaks = _LINE_BREAK.findall(head)  # \n, \r\n and a lone \r (old Mac files) each end a line
    start = max(head.rfind("\n"), head.rfind("\r")) + 1
    return len(breaks) + 1, offset - start + 1


def decode(data: bytes, file: str) -> str:
    """UTF-8 text of a file's bytes (a byte order mark dropped); ParseError at the first bad byte.

    The error is located in characters and lines as every other error is (a lone ``\\r`` ends a line).

    >>> decode(b"2\\r1 1\\r0\\r1 0\\r\\xff", "in.txt")
    Traceback (most recent call last):
    ...
    sgstudio.core.errors.ParseError: in.txt:5:1: not UTF-8 text (byte 0xff)
    """
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        head = data[: err.start].decode("utf-8-sig")
        line, column = line_column(head, len(head))
        raise ParseError(f"not UTF-8 text (byte 0x{data[err.start]:02x})", file=file, line=line,
                         column=column, expected="UTF-8 text") from None


def check_not_empty(text: str, file: str, what: str) -> None:
    """The one rule for empty input in every judge format: a file without a token is refused.

    >>> check_not_empty(" \\n", "in.txt", "the number of tests T")
    Traceback (most recent call last):
    ...
    sgstudio.core.errors.ParseError: in.txt:1:1: the input is empty: expected the number of tests T
    """
    if not text or text.isspace():
        raise ParseError(f"the input is empty: expected {what}", file=file, line=1, column=1, expected=what)


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
            raise self.error(f"expected {what}, found {quote(tok)}", what) from None
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            bounds = _range_text(lo, hi)
            empty = lo is not None and hi is not None and hi < lo  # ``what`` says there is none
            detail = "" if bounds in what or empty else f" ({bounds})"
            raise self.error(f"expected {what}{detail}, found {clip(tok)}", what)
        self.pos += 1
        return value

    def take_ints(
        self, count: int, what: str, lo: int | None = None, hi: int | None = None
    ) -> list[int]:
        """Read ``count`` integers in ``lo..hi`` at once (fast path for long lists)."""
        end = self.pos + count
        chunk = self.tokens[self.pos : end]
        try:
            values = ints_of(chunk) if self.plain else list(map(self.to_int, chunk))
        except ValueError:
            values = None
        if values is None or len(values) < count or not _all_in(values, lo, hi):
            for _ in range(count):  # slow path: find the first bad token and report it
                self.next_int(what, lo, hi)
        self.pos = end
        return values  # type: ignore[return-value]

    def to_int(self, token: str) -> int:
        """The value of a plain decimal integer (ASCII digits, an optional sign); else ValueError."""
        return decimal(token)

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
        return line_column(self.text, offset)

    def end_position(self) -> tuple[int, int]:
        """The position just after the last character that is not white space."""
        stripped = self.text.rstrip()
        return self.position_of(len(stripped))


def _range_text(lo: int | None, hi: int | None) -> str:
    if lo is not None and hi is not None and hi < lo:
        return "there is none"
    if lo is not None and hi is not None:
        return f"{number(lo)}..{number(hi)}"
    if lo is not None:
        return f">= {number(lo)}"
    return f"<= {number(hi)}"


def _all_in(values: list[int], lo: int | None, hi: int | None) -> bool:
    if not values:
        return True
    if lo is not None and min(values) < lo:
        return False
    return not (hi is not None and max(values) > hi)


def read_file(path: str) -> str:
    """The text of a file (UTF-8, a BOM dropped); ParseError located at the first bad byte."""
    with open(path, "rb") as handle:
        return decode(handle.read(), path)


def read_text(path: str, reader: Callable[[str, str], object]) -> object:
    """Read a file as UTF-8 and hand its text to ``reader(text, file=path)``."""
    return reader(read_file(path), path)
