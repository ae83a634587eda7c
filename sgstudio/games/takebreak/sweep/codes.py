"""The codes of a sweep: ``0.77``, or patterns such as ``0.??``, ``4.?``, ``0.1?7``.

A code is read as ``sgstudio values`` reads one (hexadecimal digits ``d0.d1d2...``, ``.07`` for
``0.07``) and named by its canonical text (``0.10`` is ``0.1``), so that a game swept twice is swept
once. In a pattern ``?`` stands for each octal digit 0-7 after the point, and for 0 or 4 before it
(the octal digits that split a heap without removing anything). Named rules (``grundy``) are no code.

Examples
--------
>>> expand(["0.?"])
['0.0', '0.1', '0.2', '0.3', '0.4', '0.5', '0.6', '0.7']
>>> expand(["0.1?", ".1", "0.17"])[:4]
['0.1', '0.11', '0.12', '0.13']
>>> len(expand(["0.??"])), len(expand(["0.???", "0.??"])), expand(["?.1"])
(64, 512, ['0.1', '4.1'])
>>> expand(["0.?8?x"])
Traceback (most recent call last):
...
sgstudio.games.takebreak.sweep.codes.PatternError: bad pattern '0.?8?x': column 6: expected a \
hexadecimal digit (0-9, a-f) or '?', found 'x'
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator

from sgstudio.core.errors import SGStudioError, clip
from sgstudio.games.takebreak.parse import parse_code
from sgstudio.games.takebreak.rules import Rule, RuleError

WILD = "?"
AFTER_POINT = "01234567"
BEFORE_POINT = "04"
MAX_CODES = 1 << 20
"""A sweep names at most this many codes (8^6 = 262,144 six-digit codes fit)."""


class PatternError(SGStudioError, ValueError):
    """A code or pattern that cannot be read: which, the 1-based column, and what was expected."""

    def __init__(self, text: str, column: int, message: str) -> None:
        self.text, self.column, self.detail = text, column, message
        what = "pattern" if WILD in text else "code"
        super().__init__(f"bad {what} {clip(text)!r}: column {column}: {message}")


def expand(patterns: Iterable[str]) -> list[str]:
    """The canonical codes of ``patterns`` (codes or patterns), in order, each once.

    Raises :class:`PatternError` (or the RuleError of a plain code) with the column of the first bad
    character, or when the patterns name more than :data:`MAX_CODES` codes.
    """
    codes: dict[str, None] = {}
    for pattern in patterns:
        if WILD not in pattern:
            codes[read_code(pattern).text] = None
            continue
        for code in _each(pattern):
            codes[code] = None
            if len(codes) > MAX_CODES:
                raise PatternError(pattern, 1, f"the patterns name more than {MAX_CODES:,} codes")
    return list(codes)


def read_code(text: str) -> Rule:
    """The rule of one code, read as ``sgstudio values`` reads it (PatternError with its column).

    >>> read_code(" .070 ").text
    '0.07'
    >>> read_code("grundy")
    Traceback (most recent call last):
    ...
    sgstudio.games.takebreak.sweep.codes.PatternError: bad code 'grundy': column 1: expected a code \
such as 0.77 or a pattern such as 0.?? (a sweep takes codes, not named rules), found 'g'
    """
    try:
        return parse_code(text.strip(), len(text) - len(text.lstrip()))
    except RuleError as err:
        raise _explained(err, text) from None


def _explained(err: RuleError, text: str) -> PatternError:
    """A RuleError of ``text`` (a pattern whose '?' were read as 0) in the words of a sweep."""
    expected = err.expected
    if expected.startswith("a code such as"):
        expected = "a code such as 0.77 or a pattern such as 0.?? (a sweep takes codes, not named rules)"
    elif "hexadecimal digit" in expected:
        expected += " or '?'"
    found = repr(text[err.column - 1]) if err.column <= len(text) else "the end"
    return PatternError(text, err.column, f"expected {expected}, found {found}")


def _each(pattern: str) -> Iterator[str]:
    """The canonical code of each way to fill the ``?`` of ``pattern`` (checked first)."""
    stripped = pattern.strip()
    lead = len(pattern) - len(pattern.lstrip())
    point = stripped.find(".")
    try:  # every '?' stands for a 0: what is left must be a code, whose errors name their column
        parse_code(stripped.replace(WILD, "0"), lead)
    except RuleError as err:
        raise _explained(err, pattern) from None
    wild = [i for i, ch in enumerate(stripped) if ch == WILD]
    count = 1
    for i in wild:
        count *= len(BEFORE_POINT if point < 0 or i < point else AFTER_POINT)
    if count > MAX_CODES:
        raise PatternError(pattern, lead + wild[0] + 1, f"the pattern names {count:,} codes, more than "
                                                        f"{MAX_CODES:,}")
    choices = [BEFORE_POINT if i < point else AFTER_POINT for i in wild]
    chars = list(stripped)
    for digits in itertools.product(*choices):
        for i, d in zip(wild, digits, strict=True):
            chars[i] = d
        yield parse_code("".join(chars)).text
