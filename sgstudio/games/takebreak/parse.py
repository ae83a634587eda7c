"""Reading a take-and-break rule: a hexadecimal code ``d0.d1d2...`` or a named rule ``name[:argument]``.

The rules themselves are :mod:`sgstudio.games.takebreak.rules`; the named families,
:data:`sgstudio.games.takebreak.families.FAMILIES`.
"""

from __future__ import annotations

from sgstudio.games.takebreak.families import FAMILIES, PRESET_NAMES, named_syntax
from sgstudio.games.takebreak.rules import (
    HEX,
    MAX_CODE_DIGITS,
    SPLIT_DIGITS,
    Rule,
    RuleError,
    rule_from_digits,
)


def parse_code(text: str, offset: int = 0) -> Rule:
    """Read a code ``d0.d1d2...`` (hexadecimal digits, either case; ``.07`` means ``0.07``).

    ``offset`` is added to the columns of errors (for a code inside a longer text).

    >>> parse_code("0.137").describe()
    'take 1 leaving 0 heaps; take 2 leaving 0 or 1 heaps; take 3 leaving 0, 1 or 2 heaps'
    >>> parse_code("2.1")
    Traceback (most recent call last):
    ...
    sgstudio.games.takebreak.rules.RuleError: bad rule '2.1': column 1: expected 0, 4, 8 or c before ...
    """
    low = text.lower()
    pos = 0
    digits = [0]
    if low[:1] != ".":
        if not low or low[0] not in HEX:
            raise RuleError(text, offset + 1, "a code such as 0.137 or a named rule (" + named_syntax() + ")")
        if int(low[0], 16) not in SPLIT_DIGITS:
            raise RuleError(text, offset + 1, "0, 4, 8 or c before the point (a split without removing: "
                                              "4 into two heaps, 8 into three)")
        digits[0], pos = int(low[0], 16), 1
    if low[pos : pos + 1] != ".":
        raise RuleError(text, offset + pos + 1, "'.' after the digit before the point")
    pos += 1
    if pos == len(low):
        raise RuleError(text, offset + pos + 1, "a hexadecimal digit after the point")
    if len(low) - pos > MAX_CODE_DIGITS:
        raise RuleError(text, offset + pos + MAX_CODE_DIGITS + 1, f"at most {MAX_CODE_DIGITS} digits")
    for i in range(pos, len(low)):
        if low[i] not in HEX:
            raise RuleError(text, offset + i + 1, "a hexadecimal digit (0-9, a-f)")
        digits.append(int(low[i], 16))
    while len(digits) > 2 and digits[-1] == 0:
        digits.pop()
    canonical = HEX[digits[0]] + "." + "".join(HEX[d] for d in digits[1:])
    return rule_from_digits(digits, canonical, PRESET_NAMES.get(canonical))


def parse_rule(text: str) -> Rule:
    """Read a rule: a code ``d0.d1d2...`` or a named rule ``name[:argument]`` (see ``FAMILIES``).

    Surrounding spaces are ignored; names are case-insensitive. Bad text raises :class:`RuleError`
    with the column of the bad character and what was expected there.

    >>> parse_rule("split:3").describe()
    'split a heap into 3 heaps; take any number leaving 0 or 1 heaps'
    >>> parse_rule("kayles")
    Traceback (most recent call last):
    ...
    sgstudio.games.takebreak.rules.RuleError: bad rule 'kayles': column 1: unknown rule name 'kayles' ...
    """
    stripped = text.strip()
    lead = len(text) - len(text.lstrip())
    word_end = 0
    while word_end < len(stripped) and stripped[word_end].isalpha():
        word_end += 1
    word = stripped[:word_end].lower()
    if (word and word_end < len(stripped) and stripped[word_end] == ".") or (word_end <= 1 and word in HEX):
        return parse_code(stripped, lead)
    family = FAMILIES.get(word)
    if family is None:
        raise RuleError(stripped, lead + 1, "a rule", f"unknown rule name {word!r} (a code such as 0.77, "
                                                    f"or one of: {named_syntax()})")
    rest = stripped[word_end:]
    if rest and rest[0] != ":":
        raise RuleError(stripped, lead + word_end + 1, f"':' after {word!r}")
    argument = rest[1:] if rest else None
    return family.parse(argument, stripped, lead + word_end + 2)
