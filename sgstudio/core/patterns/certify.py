"""How sure: certificates that a game supplies for a pattern found in its table.

A **certifier** is a function ``(pattern, table, rule) -> Certificate``: ``rule`` is whatever the game
knows itself by, ``table`` the values the pattern was found on. It says ``certified`` only with a
proof, and always says why (or why not). Two are here, and one in a game's package, each against a
theorem the project proves:

- :func:`octal_certificate`: the octal periodicity theorem (Guy-Smith, with three-heap digits), as
  stated and proven in :mod:`sgstudio.games.takebreak.period`: when every move removes at most t
  tokens and leaves at most J >= 1 heaps (no "unequal heaps" condition), m = max(n0, 1), and
  g(n + p) = g(n) for n0 <= n < J m + (J - 1) p + t, then g(n + p) = g(n) for all n >= n0.
- :func:`subtraction_certificate`: the subtraction-game bound of :mod:`sgstudio.games.snim.game`:
  for a finite S with w = max(S), g(n) is a function of the w values before it, so
  g(n0..n0 + w - 1) = g(n0 + p..n0 + p + w - 1) proves g(n + p) = g(n) for all n >= n0.
- :func:`~sgstudio.games.splitnim.certify.split_certificate` (in the split-nim package, as
  :func:`~sgstudio.games.takebreak.certify.takebreak_certificate`, which picks one of the two for a
  take-and-break rule): split-nim's closed form (:mod:`sgstudio.games.splitnim.closed`),
  g(n) = n + 1 if n = P - 1, n - 1 if n = 0 (n > 0), else n (mod P = 2**K), proven by induction
  whose finite step :func:`~sgstudio.games.splitnim.closed.certify_closed_form` checks.

A certified period is the exact one: the pattern's p is the smallest period of the table from n0,
and g(n0 - 1) != g(n0 - 1 + p) is in the table; the smallest period of the whole sequence divides
every period and holds from the same preperiod (:mod:`sgstudio.games.snim.game`), so it is p.

Examples
--------
>>> from sgstudio.core.patterns.sequence import find_sequence_pattern
>>> g = [0, 0, 1, 1, 0, 2, 1] * 20          # S-Nim with S = {2, 5}: period 7 from n = 0
>>> subtraction_certificate(find_sequence_pattern(g), g, [2, 5]).certified
True
>>> subtraction_certificate(find_sequence_pattern(range(50)), range(50), [1]).reason
'the theorem certifies pure periods only (no saltus)'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from sgstudio.core.patterns.check import first_counterexample
from sgstudio.core.patterns.sequence import SequencePattern, as_table


@dataclass(frozen=True)
class Certificate:
    """Whether a pattern is proven for every n, and the reason in words."""

    certified: bool
    reason: str


Certifier = Callable[[Any, np.ndarray, Any], Certificate]
"""``certifier(pattern, table, rule) -> Certificate``."""


def _unfit(pattern: object, table: object, periodic: bool) -> str | None:
    """Why a one-number certificate cannot even be tried, or None."""
    if not isinstance(pattern, SequencePattern):
        return "the theorem is about one-number games"
    broken = first_counterexample(pattern, table)
    if broken is not None:
        return f"the table contradicts the pattern: {broken.text()}"
    if periodic and pattern.family not in ("constant", "periodic"):
        return "the theorem certifies pure periods only (no saltus)"
    return None


def _short(theorem: str, p: int, n0: int, bound: int, size: int, detail: str = "") -> str:
    return (f"{theorem} needs g(n + {p}) = g(n) for {n0} <= n < {bound}{detail}, that is the table up to "
            f"n = {bound + p - 1}; it has {size} values")


def octal_certificate(pattern: object, table: object, rule: Any) -> Certificate:
    """The octal periodicity theorem (module docstring) for a take-and-break rule.

    ``rule`` is a :class:`sgstudio.games.takebreak.rules.Rule` (its ``finite``, ``distinct``,
    ``max_parts``, ``max_removal`` and ``family`` are read).

    >>> from sgstudio.games.takebreak.parse import parse_rule
    >>> from sgstudio.core.patterns.sequence import find_sequence_pattern
    >>> g = [0, 1, 1, 0] * 30     # 0.03 (take 2): period 4 from 0; J = 1, t = 2, bound 3
    >>> print(octal_certificate(find_sequence_pattern(g), g, parse_rule("0.03")).reason)
    certified by the octal periodicity theorem (Guy-Smith): g(n + 4) = g(n) for 0 <= n < 3 (checked), which
    proves it for every n >= 0
    """
    why = _unfit(pattern, table, periodic=True)
    if why is None and getattr(rule, "family", "") == "subtract":
        why = ("no theorem applies: S is infinite, and a subtraction game with an infinite S need not be "
               "periodic")
    if why is None and rule.distinct:
        why = "no theorem applies to a rule asking for unequal heaps"
    if why is None and not rule.finite:
        why = "no theorem applies: the rule removes arbitrarily many tokens"
    if why is not None:
        return Certificate(False, why)
    assert isinstance(pattern, SequencePattern)
    parts, t = max(rule.max_parts, 1), rule.max_removal or 0
    n0, p, size = pattern.preperiod, pattern.period, len(as_table(table, 1))
    bound = parts * max(n0, 1) + (parts - 1) * p + t
    if size < bound + p:
        return Certificate(False, _short("the octal periodicity theorem", p, n0, bound, size))
    return Certificate(True, f"certified by the octal periodicity theorem (Guy-Smith): g(n + {p}) = g(n) for "
                             f"{n0} <= n < {bound} (checked), which proves it for every n >= {n0}")


def subtraction_certificate(pattern: object, table: object, rule: Any) -> Certificate:
    """The subtraction-game bound (module docstring): ``rule`` is S (positive integers) or has ``.S``.

    >>> from sgstudio.core.patterns.sequence import find_sequence_pattern
    >>> g = [0, 1, 2, 3] * 10 + [0, 1]    # S = {1, 2, 3}: period 4 from 0, once 3 values agree
    >>> print(subtraction_certificate(find_sequence_pattern(g), g, [1, 2, 3]).reason)
    certified by the subtraction-game bound: g(0..2) = g(4..6), w = max(S) = 3 agreeing values, which proves
    g(n + 4) = g(n) for every n >= 0
    """
    why = _unfit(pattern, table, periodic=True)
    if why is not None:
        return Certificate(False, why)
    assert isinstance(pattern, SequencePattern)
    members = [int(s) for s in getattr(rule, "S", rule)]
    w, n0, p = max(members), pattern.preperiod, pattern.period
    size = len(as_table(table, 1))
    if size < n0 + w + p:
        detail = f" (w = max(S) = {w} values)"
        return Certificate(False, _short("the subtraction-game bound", p, n0, n0 + w, size, detail))
    window = f"{n0}..{n0 + w - 1}" if w > 1 else str(n0)
    later = f"{n0 + p}..{n0 + p + w - 1}" if w > 1 else str(n0 + p)
    return Certificate(True, f"certified by the subtraction-game bound: g({window}) = g({later}), "
                             f"w = max(S) = {w} agreeing values, which proves g(n + {p}) = g(n) for every "
                             f"n >= {n0}")
