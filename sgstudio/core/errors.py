"""Typed errors raised by the core and the format readers.

The GUI and the CLI catch :class:`SGStudioError` and tell the user in plain words.
"""

from __future__ import annotations

from collections.abc import Sequence

QUOTE_LIMIT = 40
"""At most this many characters of an offending token are quoted in a message."""
MESSAGE_LIMIT = 400
"""A message is cut to this many characters (a safety net: readers quote tokens with :func:`quote`)."""


class SGStudioError(Exception):
    """Base class of every error sgstudio raises on purpose."""


class CycleError(SGStudioError, ValueError):
    """An edit or an input would make a graph that must be acyclic cyclic.

    Parameters
    ----------
    cycle : sequence of int
        The vertices of the cycle in order; the last one has an edge back to the first.
    message : str, optional
        A sentence for the user; by default one that names the cycle.

    Examples
    --------
    >>> err = CycleError([0, 1, 2])
    >>> err.cycle
    [0, 1, 2]
    >>> str(err)
    'the edge would close the cycle 0 -> 1 -> 2 -> 0'
    """

    def __init__(self, cycle: Sequence[int], message: str | None = None) -> None:
        self.cycle = list(cycle)
        if message is None:
            message = f"the edge would close the cycle {format_cycle(self.cycle)}"
        super().__init__(message)


def format_cycle(cycle: Sequence[object]) -> str:
    """Write a cycle as ``a -> b -> ... -> a``.

    >>> format_cycle([3, 3])
    '3 -> 3 -> 3'
    >>> format_cycle([])
    ''
    """
    if not cycle:
        return ""
    return " -> ".join(str(v) for v in [*cycle, cycle[0]])


def clip(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text``, or its first ``limit`` characters and a note of its length when it is longer.

    >>> clip("12345")
    '12345'
    >>> clip("7" * 1000, 10)
    '7777777777… (1,000 characters)'
    """
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text):,} characters)"


def number(n: int, limit: int = QUOTE_LIMIT) -> str:
    """An integer as a message shows it: in full up to ``limit`` digits, else its first digits and how
    many there are (``str()`` of a huge integer is slow, and refused beyond 4,300 digits).

    >>> number(-12), number(10**5000 + 1)
    ('-12', '1000000000000000000000000000000000000000… (5,001 digits)')
    """
    size = abs(n)
    if size < 10**limit:
        return str(n)
    digits = int(size.bit_length() * 0.30102999566) + 1
    if 10 ** (digits - 1) > size:
        digits -= 1
    head = str(size // 10 ** (digits - limit))
    return f"{'-' if n < 0 else ''}{head}… ({digits:,} digits)"


def quote(token: str, limit: int = QUOTE_LIMIT) -> str:
    """An offending token as a message quotes it: in quotes, control characters escaped, clipped.

    >>> quote("x"), quote("a\\x1bb")
    ("'x'", "'a\\\\x1bb'")
    >>> quote("9" * 5000)
    "'9999999999999999999999999999999999999999…' (5,000 characters)"
    """
    if len(token) <= limit:
        return repr(token)
    head = repr(token[:limit])
    return f"{head[:-1]}…{head[-1]} ({len(token):,} characters)"


def printable(text: str) -> str:
    """``text`` on one line: unchanged when printable, else with its control characters escaped.

    >>> printable("dir/a.txt"), printable("a\\nb.txt")
    ('dir/a.txt', 'a\\\\nb.txt')
    """
    return text if text.isprintable() else repr(text)[1:-1]


def one_line(message: str, limit: int = MESSAGE_LIMIT) -> str:
    """A message as one printable line of at most about ``limit`` characters.

    >>> one_line("two\\nlines")
    'two\\\\nlines'
    >>> len(one_line("x" * 10_000)) < 430
    True
    """
    return clip(printable(message), limit)


class ParseError(SGStudioError, ValueError):
    """Malformed input: where it is and what was expected there.

    Parameters
    ----------
    message : str
        What is wrong, in plain words (e.g. ``"expected an integer, found 'x'"``).
    file : str
        The file name as the user gave it (``"<stdin>"`` for standard input).
    line, column : int or None
        1-based position of the offending token, when known.
    expected : str or None
        What the reader expected there (e.g. ``"a vertex number in 0..3"``).

    The text is always one line: control characters of the file name and of the message are
    escaped, and an over-long message is cut (readers quote tokens with :func:`quote`).

    Examples
    --------
    >>> e = ParseError("expected an integer, found 'x'", file="a.txt", line=3, column=7)
    >>> str(e)
    "a.txt:3:7: expected an integer, found 'x'"
    >>> (e.file, e.line, e.column)
    ('a.txt', 3, 7)
    """

    def __init__(
        self,
        message: str,
        *,
        file: str = "<string>",
        line: int | None = None,
        column: int | None = None,
        expected: str | None = None,
    ) -> None:
        self.message = one_line(message)
        self.file = file
        self.line = line
        self.column = column
        self.expected = expected
        super().__init__(self.location() + ": " + self.message)

    def location(self) -> str:
        """``file:line:column`` with the parts that are known (the file name on one line)."""
        parts = [printable(self.file)]
        if self.line is not None:
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        return ":".join(parts)
