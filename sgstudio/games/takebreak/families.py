"""Named take-and-break rules: one table, :data:`FAMILIES`, of families ``name`` or ``name:ARGUMENT``.

A family is a parser and a values engine; each is one entry in :data:`FAMILIES`. Also the
presets of well-known games (:data:`PRESETS`).

``subtract:NAME`` subtracts a member of an infinite set S (squares, primes, fibonacci, triangular,
factorials: :mod:`sgstudio.games.snim.subtraction.sets`); its values engine is the subtraction
games' (:class:`sgstudio.games.snim.subtraction.engine.ValueTable`), which picks its kernel by size.

>>> sorted(FAMILIES)
['grundy', 'snim', 'split', 'subtract']
>>> FAMILIES["snim"].parse("3,1", "snim:3,1", 6).text
'snim:1,3'
>>> rule = FAMILIES["subtract"].parse("Squares", "subtract:Squares", 10)
>>> rule.text, rule.name, rule.finite, rule.describe()
('subtract:squares', 'subtract-a-square', False, 'take a square (1, 4, 9, ...) leaving 0 or 1 heaps')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sgstudio.games.takebreak.rules import (
    MAX_CODE_DIGITS,
    Clause,
    EveryRemoval,
    FiniteRemovals,
    Rule,
    RuleError,
)

MAX_PARTS = 64


@dataclass(frozen=True)
class RuleFamily:
    """A family of named rules: ``name`` or ``name:ARGUMENT``, its parser and its values engine.

    ``parse(argument, text, column)`` reads the argument (None when absent; ``column`` is where it
    starts in ``text``, for errors) and returns the Rule. ``engine`` computes g(0..n-1) of a rule of
    the family: ``engine(rule)`` returns an object with ``values(n, progress=None)``; None means the
    generic take-and-break engine (:mod:`sgstudio.games.takebreak.values`).
    """

    syntax: str
    summary: str
    parse: Callable[[str | None, str, int], Rule]
    engine: Callable[[Rule], Any] | None = None


def _no_argument(name: str, argument: str | None, text: str, column: int) -> None:
    if argument is not None:
        raise RuleError(text, column - 1, f"nothing after {name!r}")


def parse_grundy(argument: str | None, text: str, column: int) -> Rule:
    """``grundy``: split a heap into two unequal non-empty heaps."""
    _no_argument("grundy", argument, text, column)
    return Rule("grundy", (Clause(2, FiniteRemovals((0,)), distinct=True),), "grundy", name="Grundy's game")


def _integers(argument: str, text: str, column: int, what: str) -> list[int]:
    """Comma-separated positive integers, with the column of a bad item."""
    values, start = [], column
    for item in argument.split(","):
        stripped = item.strip()
        at = start + (len(item) - len(item.lstrip()))
        if not stripped.isdigit() or not stripped.isascii():
            bad = next((i for i, ch in enumerate(stripped) if not ch.isdigit()), 0)
            raise RuleError(text, at + bad, what)
        if int(stripped) < 1:
            raise RuleError(text, at, what, f"expected {what}, found {stripped}")
        values.append(int(stripped))
        start += len(item) + 1
    return values


def parse_snim(argument: str | None, text: str, column: int) -> Rule:
    """``snim:a,b,c``: remove a member of S = {a, b, c} from a heap (S-Nim)."""
    if not argument:
        raise RuleError(text, column, "the members of S after 'snim:', such as snim:1,3,4")
    members = tuple(sorted(set(_integers(argument, text, column, "a positive integer"))))
    if members[-1] > MAX_CODE_DIGITS:
        raise RuleError(text, column, f"members up to {MAX_CODE_DIGITS}",
                        f"the members of S may be at most {MAX_CODE_DIGITS}, not {members[-1]}")
    removals = FiniteRemovals(members)
    clauses = (Clause(0, removals), Clause(1, removals))
    return Rule("snim:" + ",".join(map(str, members)), clauses, "snim", members)


def parse_split(argument: str | None, text: str, column: int) -> Rule:
    """``split:K``: remove any positive number, or split a heap into K non-empty heaps."""
    if not argument:
        raise RuleError(text, column, "the number of heaps K after 'split:', such as split:3")
    digits = argument.strip()
    if not (digits.isascii() and digits.isdigit()) or not 2 <= int(digits) <= MAX_PARTS:
        raise RuleError(text, column, f"an integer K in 2..{MAX_PARTS}",
                        f"expected an integer K in 2..{MAX_PARTS}, found {argument!r}")
    k = int(digits)
    names = {2: "Lasker's Nim", 3: "split-nim"}
    every = EveryRemoval(1)
    clauses = (Clause(0, every), Clause(1, every), Clause(k, FiniteRemovals((0,))))
    return Rule(f"split:{k}", clauses, "split", (k,), name=names.get(k))


# -- subtract:NAME (issue 16: an infinite S) ---------------------------------------------------------
SET_WORDS = {"squares": ("a square", "subtract-a-square"), "primes": ("a prime", "subtract-a-prime"),
             "fibonacci": ("a Fibonacci number", "subtract-a-Fibonacci"),
             "triangular": ("a triangular number", "subtract-a-triangular"),
             "factorials": ("a factorial", "subtract-a-factorial")}
"""Set name -> (a member in words, the game's name); the names of subtraction_sets.NAMED_SETS."""


@dataclass(frozen=True)
class SetRemovals:
    """The members of a named infinite set (``"squares"``, ...): the Removals of ``subtract:NAME``.

    >>> SetRemovals("primes").below(12).tolist(), SetRemovals("primes").contains(10**9 + 7)
    ([2, 3, 5, 7, 11], True)
    """

    name: str

    def _set(self) -> Any:
        from sgstudio.games.snim.subtraction.sets import NAMED_SETS

        return NAMED_SETS[self.name]

    def below(self, n: int) -> Any:
        """The members k < n, ascending (int64)."""
        return self._set().members(n - 1)

    def largest(self) -> int | None:
        """None: the set is infinite."""
        return None

    def every_from(self) -> int | None:
        """None: not every number from some point on."""
        return None

    def contains(self, k: int) -> bool:
        """Whether k is a member (for any k, however large)."""
        return k >= 1 and bool(self._set().contains(int(k)))

    def words(self) -> str:
        """``'a square (1, 4, 9, ...)'``."""
        first = ", ".join(map(str, self._set().members(100)[:3].tolist()))
        return f"{SET_WORDS[self.name][0]} ({first}, ...)"


def parse_subtract(argument: str | None, text: str, column: int) -> Rule:
    """``subtract:NAME``: remove a member of the infinite set NAME from a heap (case ignored)."""
    names = ", ".join(SET_WORDS)
    if argument is None:
        raise RuleError(text, column - 1, f"':' and a set name after 'subtract' ({names})")
    if not argument.strip():
        raise RuleError(text, column, f"a set name after 'subtract:' ({names})")
    name = argument.strip().lower()
    if name not in SET_WORDS:
        at = column + len(argument) - len(argument.lstrip())
        raise RuleError(text, at, f"one of {names}", f"expected one of {names}, found {argument.strip()!r}")
    removals = SetRemovals(name)
    return Rule(f"subtract:{name}", (Clause(0, removals), Clause(1, removals)), "subtract",
                name=SET_WORDS[name][1])


def subtract_engine(rule: Rule) -> Any:
    """The values engine of ``subtract:NAME``: subtraction_engine.ValueTable (imported only now)."""
    from sgstudio.games.snim.subtraction.engine import ValueTable

    return ValueTable(rule.text.split(":", 1)[1], rule=rule)


FAMILIES: dict[str, RuleFamily] = {
    "grundy": RuleFamily("grundy", "split a heap into two unequal heaps (Grundy's game)", parse_grundy),
    "snim": RuleFamily("snim:a,b,c", "remove a, b or c tokens (S-Nim)", parse_snim),
    "split": RuleFamily("split:K", "remove any number, or split a heap into K heaps", parse_split),
    "subtract": RuleFamily("subtract:NAME", "remove a square, prime, Fibonacci number, triangular number "
                           "or factorial (NAME: " + ", ".join(SET_WORDS) + ")", parse_subtract,
                           subtract_engine),
}
"""Named rule families by name: one entry per family (a parser and a values engine)."""


def named_syntax() -> str:
    """The named rules' syntax, for messages.

    >>> named_syntax()
    'grundy, snim:a,b,c, split:K, subtract:NAME'
    """
    return ", ".join(f.syntax for f in FAMILIES.values())


# -- presets (the tab's menu; names of well-known codes) --------------------------------------------
PRESETS: tuple[tuple[str, str], ...] = (
    ("Kayles", "0.77"),
    ("Dawson's Kayles", "0.07"),
    ("Dawson's chess", "0.137"),
    ("Treblecross", "0.007"),
    ("Officers", "0.6"),
    ("Grundy's game", "grundy"),
    ("Lasker's Nim", "split:2"),
    ("Split-nim (HDU 5795)", "split:3"),
    ("Subtract-a-square", "subtract:squares"),
)
"""(name, rule text) of the well-known games, for a presets menu."""

PRESET_NAMES = {code: name for name, code in PRESETS if code[0].isdigit()}
