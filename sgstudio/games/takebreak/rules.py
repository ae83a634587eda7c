"""Take-and-break rules: hexadecimal codes ``d0.d1d2...``, named rules, and the rules in words.

A rule says, for a heap of n tokens, which moves exist: remove k tokens and leave j non-empty heaps
whose sizes add up to n - k. It is a tuple of :class:`Clause` objects, one per number of heaps j
(0, 1, 2, 3, ...), each with the set of k it allows.

Codes (Winning Ways, CGSuite): digit d_k (k >= 1) is a sum of 1 (remove k, leave no heap), 2 (remove
k, leave one heap), 4 (remove k, leave two heaps) and 8 (remove k, leave three heaps); d_0, before the
point, splits a heap without removing anything (4: into two heaps, 8: into three). Kayles is 0.77,
Dawson's chess 0.137, Treblecross 0.007. Named rules come from one table,
:data:`sgstudio.games.takebreak.families.FAMILIES`: a family is a parser and a values engine, so
a new family (issue 16's ``subtract:squares``) is one entry there.

Rules are read by :mod:`sgstudio.games.takebreak.parse` (codes and the named families).

Examples
--------
>>> from sgstudio.games.takebreak.parse import parse_rule
>>> rule = parse_rule("0.34")
>>> rule.describe()
'take 1 leaving 0 or 1 heaps; take 2 leaving 2 heaps'
>>> parse_rule("grundy").describe()
'split a heap into 2 unequal heaps'
>>> parse_rule("snim:5,2,2").text, parse_rule("snim:5,2").code
('snim:2,5', '0.03003')
>>> parse_rule("0.1g7")
Traceback (most recent call last):
...
sgstudio.games.takebreak.rules.RuleError: bad rule '0.1g7': column 4: expected a hexadecimal ... 'g'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

import numpy as np

from sgstudio.core.errors import SGStudioError

HEX = "0123456789abcdef"
SPLIT_DIGITS = {0: 0, 4: 4, 8: 8, 12: 12}
"""The digits allowed before the point (splits without removing; 1 and 2 would be no move or a pass)."""
MAX_CODE_DIGITS = 1 << 16


class RuleError(SGStudioError, ValueError):
    """A rule that cannot be read: where (1-based column) and what was expected there.

    >>> str(RuleError("0.", 3, "a hexadecimal digit after the point"))
    "bad rule '0.': column 3: expected a hexadecimal digit after the point, found the end"
    """

    def __init__(self, text: str, column: int, expected: str, message: str | None = None) -> None:
        self.text, self.column, self.expected = text, column, expected
        if message is None:
            found = repr(text[column - 1]) if column <= len(text) else "the end"
            message = f"expected {expected}, found {found}"
        super().__init__(f"bad rule {text!r}: column {column}: {message}")


# -- removal sets -----------------------------------------------------------------------------------
@runtime_checkable
class Removals(Protocol):
    """Which numbers k of tokens a clause may remove (k = 0: split without removing)."""

    def below(self, n: int) -> np.ndarray:
        """The members k < n, sorted, as an int64 array."""
        ...

    def largest(self) -> int | None:
        """The largest member, or None for an infinite set."""
        ...

    def every_from(self) -> int | None:
        """s when the set is every k >= s (engines take a shortcut), else None."""
        ...

    def contains(self, k: int) -> bool:
        """Whether k is a member."""
        ...

    def words(self) -> str:
        """The set in words ("1, 2 or 5", "any number")."""
        ...


@dataclass(frozen=True)
class FiniteRemovals:
    """A finite set of removals.

    >>> FiniteRemovals((1, 2, 5)).words(), FiniteRemovals((1, 2, 5)).below(3).tolist()
    ('1, 2 or 5', [1, 2])
    """

    members: tuple[int, ...]

    def below(self, n: int) -> np.ndarray:
        arr = np.array(self.members, np.int64)
        return arr[arr < n]

    def largest(self) -> int | None:
        return max(self.members) if self.members else None

    def every_from(self) -> int | None:
        return None

    def contains(self, k: int) -> bool:
        return k in self.members

    def words(self) -> str:
        return _or_list(map(str, self.members))


@dataclass(frozen=True)
class EveryRemoval:
    """Every k >= ``start``.

    >>> EveryRemoval(1).words(), EveryRemoval(1).below(4).tolist()
    ('any number', [1, 2, 3])
    """

    start: int = 1

    def below(self, n: int) -> np.ndarray:
        return np.arange(self.start, max(n, self.start), dtype=np.int64)

    def largest(self) -> int | None:
        return None

    def every_from(self) -> int | None:
        return self.start

    def contains(self, k: int) -> bool:
        return k >= self.start

    def words(self) -> str:
        return "any number" if self.start == 1 else f"any number >= {self.start}"


@dataclass(frozen=True)
class Clause:
    """Remove k (a member of ``removals``) and leave ``parts`` non-empty heaps (all different when
    ``distinct``, supported for two heaps)."""

    parts: int
    removals: Removals
    distinct: bool = False


@dataclass(frozen=True)
class Rule:
    """A take-and-break rule: its canonical text, its clauses, and the family that read it."""

    text: str
    clauses: tuple[Clause, ...]
    family: str = "code"
    params: tuple[int, ...] = ()
    name: str | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        for c in self.clauses:
            if c.distinct and (c.parts != 2 or self.max_parts != 2):
                raise ValueError("distinct parts are supported for rules that split into two heaps only")

    @property
    def max_parts(self) -> int:
        """The most heaps a move leaves (0 when every move leaves none)."""
        return max((c.parts for c in self.clauses), default=0)

    @property
    def finite(self) -> bool:
        """Whether every removal set is finite (the octal periodicity theorem needs that)."""
        return all(c.removals.largest() is not None for c in self.clauses)

    @property
    def distinct(self) -> bool:
        """Whether some clause asks for different heaps (Grundy's game)."""
        return any(c.distinct for c in self.clauses)

    @property
    def max_removal(self) -> int | None:
        """t: the largest k any clause removes (None when infinite)."""
        if not self.finite:
            return None
        return max((c.removals.largest() or 0 for c in self.clauses), default=0)

    def removals(self, parts: int) -> list[Clause]:
        """The clauses that leave ``parts`` heaps."""
        return [c for c in self.clauses if c.parts == parts]

    @property
    def code(self) -> str | None:
        """The hexadecimal code of the rule, when it has one (finite, at most three heaps, no
        distinct parts).

        >>> from sgstudio.games.takebreak.parse import parse_rule
        >>> parse_rule("snim:1,3").code, parse_rule("grundy").code, parse_rule("4.07").code
        ('0.303', None, '4.07')
        """
        if not self.finite or self.distinct or self.max_parts > 3:
            return None
        digits = [0] * ((self.max_removal or 0) + 1)
        for c in self.clauses:
            for k in c.removals.below((self.max_removal or 0) + 1).tolist():
                digits[k] |= 1 << c.parts
        if digits[0] & 3:
            return None
        return HEX[digits[0]] + "." + ("".join(HEX[d] for d in digits[1:]).rstrip("0") or "0")

    def describe(self) -> str:
        """The rule in words, clause by clause (see the module examples)."""
        return describe(self)


# -- words --------------------------------------------------------------------------------------------
def _or_list(items: Any, word: str = "or") -> str:
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {word} " + items[-1]


def _heaps(parts: Sequence[int]) -> str:
    return _or_list(map(str, parts)) + (" heap" if list(parts) == [1] else " heaps")


def describe(rule: Rule) -> str:
    """Sentences "take K leaving J heaps" joined by "; " (removals with the same heaps grouped)."""
    phrases: list[str] = []
    splits = sorted({c.parts for c in rule.clauses if c.removals.below(1).size})
    if splits:
        unequal = " unequal" if rule.distinct else ""
        phrases.append(f"split a heap into {_or_list(map(str, splits))}{unequal} heaps")
    if rule.finite:
        by_take: dict[int, list[int]] = {}
        for c in rule.clauses:
            for k in c.removals.below((rule.max_removal or 0) + 1).tolist():
                if k:
                    by_take.setdefault(k, []).append(c.parts)
        groups: list[tuple[list[int], list[int]]] = []
        for k in sorted(by_take):
            parts = sorted(set(by_take[k]))
            if groups and groups[-1][1] == parts:
                groups[-1][0].append(k)
            else:
                groups.append(([k], parts))
        phrases += [f"take {_or_list(map(str, ks))} leaving {_heaps(ps)}" for ks, ps in groups]
    else:
        by_set: dict[str, list[int]] = {}
        for c in rule.clauses:
            if not c.removals.below(1).size:
                by_set.setdefault(c.removals.words(), []).append(c.parts)
        phrases += [f"take {w} leaving {_heaps(sorted(ps))}" for w, ps in by_set.items()]
    return "; ".join(phrases) or "no move at all"


# -- codes --------------------------------------------------------------------------------------------
def rule_from_digits(digits: Sequence[int], text: str, name: str | None = None) -> Rule:
    """The rule of code digits d_0, d_1, ... (each 0..15).

    >>> rule_from_digits([0, 7, 7], "0.77").describe()
    'take 1 or 2 leaving 0, 1 or 2 heaps'
    """
    clauses = []
    for parts in range(4):
        ks = tuple(k for k, d in enumerate(digits) if d >> parts & 1 and (k or parts >= 2))
        if ks:
            clauses.append(Clause(parts, FiniteRemovals(ks)))
    return Rule(text, tuple(clauses), "code", name=name)
