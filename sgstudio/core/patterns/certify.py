"""How sure: certificates that a game supplies for a pattern found in its table.

A **certifier** is a function ``(pattern, table, rule) -> Certificate``: ``rule`` is whatever the game
knows itself by, ``table`` the values the pattern was found on. It says ``certified`` only with a
proof, and always says why (or why not). Three are here, each against a theorem the project proves:

- :func:`octal_certificate`: the octal periodicity theorem (Guy-Smith, with three-heap digits), as
  stated and proven in :mod:`sgstudio.core.games.takebreak_period`: when every move removes at most t
  tokens and leaves at most J >= 1 heaps (no "unequal heaps" condition), m = max(n0, 1), and
  g(n + p) = g(n) for n0 <= n < J m + (J - 1) p + t, then g(n + p) = g(n) for all n >= n0.
- :func:`subtraction_certificate`: the subtraction-game bound of :mod:`sgstudio.core.games.snim`:
  for a finite S with w = max(S), g(n) is a function of the w values before it, so
  g(n0..n0 + w - 1) = g(n0 + p..n0 + p + w - 1) proves g(n + p) = g(n) for all n >= n0.
- :func:`split_certificate`: split-nim's closed form (:mod:`sgstudio.core.games.splitnim_closed`),
  g(n) = n + 1 if n = P - 1, n - 1 if n = 0 (n > 0), else n (mod P = 2**K), proven by induction
  whose finite step :func:`~sgstudio.core.games.splitnim_closed.certify_closed_form` checks.

A certified period is the exact one: the pattern's p is the smallest period of the table from n0,
and g(n0 - 1) != g(n0 - 1 + p) is in the table; the smallest period of the whole sequence divides
every period and holds from the same preperiod (:mod:`sgstudio.core.games.snim`), so it is p.

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

from sgstudio.core.games.splitnim_closed import certify_closed_form, closed_form_array
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

    ``rule`` is a :class:`sgstudio.core.games.takebreak_rules.Rule` (its ``finite``, ``distinct``,
    ``max_parts``, ``max_removal`` and ``family`` are read).

    >>> from sgstudio.core.games.takebreak_rules import parse_rule
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


def _parts(rule: Any) -> int:
    if isinstance(rule, int):
        return rule
    if getattr(rule, "family", None) == "split":
        return int(rule.params[0])
    return int(rule.parts)


SPLIT_CHECKED_PARTS = 5
"""split:K's closed form is checked for K up to this (K = 6 takes seconds, K = 8 far longer)."""


def split_certificate(pattern: object, table: object, rule: Any) -> Certificate:
    """Split-nim's proven closed form (module docstring). ``rule``: K, a ``split:K`` Rule or a SplitNim.

    >>> from sgstudio.core.patterns.sequence import find_sequence_pattern
    >>> g = [0, 1, 2, 4, 3, 5, 6, 8, 7] * 1 + [n + (n % 4 == 3) - (n % 4 == 0) for n in range(9, 80)]
    >>> split_certificate(find_sequence_pattern(g), g, 2).certified
    True
    """
    why = _unfit(pattern, table, periodic=False)
    if why is not None:
        return Certificate(False, why)
    assert isinstance(pattern, SequencePattern)
    k = _parts(rule)
    period = 1 << k
    # from n = 1 on, both have period P in their differences (lines on the residue classes at most):
    # equal on 0..2P they are equal everywhere
    upto = np.arange(2 * period + 1, dtype=np.int64)
    closed = pattern.preperiod <= 1 and np.array_equal(pattern.values(upto), closed_form_array(upto, k))
    if k > SPLIT_CHECKED_PARTS:  # the proof's check would take minutes (its work grows as 2^(K^2) / K!)
        why = (f"the pattern is not split:{k}'s closed form" if not closed else
               f"the engine checks the closed form's proof for at most {SPLIT_CHECKED_PARTS} parts")
        return Certificate(False, why)
    if not certify_closed_form(k):
        return Certificate(False, f"no closed form is proven for split:{k} (the engine's check of the proof "
                                  "fails)")
    if not closed:
        return Certificate(False, f"the pattern is not split:{k}'s proven closed form")
    return Certificate(True, f"certified by split-nim's closed form, proven by induction (the engine checks "
                             f"its finite step for split:{k}): g(n + {period}) = g(n) + {period} for every "
                             "n >= 1")


def takebreak_certificate(pattern: object, table: object, rule: Any) -> Certificate:
    """A take-and-break rule's certificate: split-nim's closed form for ``split:K``, else the octal
    periodicity theorem (which says itself when it does not apply).

    >>> from sgstudio.core.games.takebreak_rules import parse_rule
    >>> takebreak_certificate(None, [], parse_rule("grundy")).reason
    'the theorem is about one-number games'
    """
    if getattr(rule, "family", None) == "split":
        return split_certificate(pattern, table, rule)
    return octal_certificate(pattern, table, rule)
