"""Periods of take-and-break values: certified where a theorem applies, otherwise only reported as seen.

Theorems used (nothing else is ever called certified):

- **Octal periodicity theorem** (Guy-Smith), extended to three-heap digits. Let every move remove at
  most t tokens and leave at most J >= 1 heaps, with no "unequal" condition, and m = max(n0, 1). If
  g(n + p) = g(n) for n0 <= n < B = J m + (J - 1) p + t - (J - 1), then g(n + p) = g(n) for all
  n >= n0: the values g(0) .. g(B + p - 1) suffice, J (m + p) + t - (J - 1) of them (2 n0 + 2 p + t - 1
  for octal codes, as the peers count).
  Proof, by induction on N >= B, assuming it for n0 <= n < N: an option of N + p removes k <= t and
  leaves heaps summing to N + p - k >= J (m + p) - (J - 1); its largest heap c >= ceil((N + p - k) / J)
  >= m + p, and c - p < N, so replacing c by c - p (still >= 1, same k and number of heaps) gives an
  option of N of the same value. Conversely adding p to the largest heap of an option of N (>= m) gives
  an option of N + p of the same value; an option leaving one heap N - k >= n0 maps likewise, and no
  option leaves nothing (N > t). Same option values, so g(N + p) = g(N). The smallest certified p is
  the smallest period (any period's certificate implies the smallest's, whose bound is lower), and
  n0 is then one more than the last n with g(n + p) != g(n). The table looks for the certificate in
  time linear in its length (:func:`sgstudio.games.takebreak.kernels._runs_py`).
- **Split-nim's closed form** (``split:2`` is Lasker's Nim, ``split:3`` HDU 5795's split-nim): proven
  in :mod:`sgstudio.games.splitnim.game`, it gives g(n + P) = g(n) + P for n >= 1, P = 2**K; no
  smaller p, and no start below 1, has a constant difference (g(n) - n has smallest period P).

Anything else (Grundy's game, rules that remove any number, ``subtract:NAME`` with its infinite S)
gets at most "appears periodic up to N, not certified", when the end of the table repeats for at
least half of it and three periods.

Examples
--------
>>> from sgstudio.games.takebreak.parse import parse_rule
>>> from sgstudio.games.takebreak.values import ValueTable
>>> report = find_period(ValueTable(parse_rule("0.137")))
>>> report.headline()
'preperiod 52 period 34'
>>> find_period(ValueTable(parse_rule("split:2"))).headline()
'preperiod 1 period 4 saltus 4'
>>> find_period(ValueTable(parse_rule("grundy")), max_values=3000).headline()
'no period found within 3000 values'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from sgstudio.games.takebreak.kernels import jit_loaded, kernel
from sgstudio.games.takebreak.rules import Rule
from sgstudio.games.takebreak.values import TakeBreakError, ValueTable

Progress = Callable[[int, int], object]
DEFAULT_MAX = 10**6
FIRST_TABLE = 1024


@dataclass(frozen=True)
class PeriodReport:
    """What is known of the period of a rule's values after ``checked`` values.

    ``certified`` is True only with a proof (module docstring); ``certificate`` says it in words, or
    says why there is none.
    """

    found: bool
    preperiod: int = 0
    period: int = 0
    saltus: int = 0
    certified: bool = False
    certificate: str = ""
    checked: int = 0

    def headline(self) -> str:
        """``preperiod P period Q`` (``saltus S`` added when the values grow), or that none was found."""
        if not self.found:
            return f"no period found within {self.checked} values"
        text = f"preperiod {self.preperiod} period {self.period}"
        return text + (f" saltus {self.saltus}" if self.saltus else "")

    def value(self, table: np.ndarray, h: int) -> int:
        """g(h) for any h >= 0 through a certified period, from a table reaching preperiod + period.

        >>> PeriodReport(True, 1, 4, 4, True).value(np.array([0, 1, 2, 4, 3]), 10**20 + 3)
        100000000000000000004
        """
        if not self.certified:
            raise TakeBreakError("the period is not certified: it cannot stand in for the values")
        if h < self.preperiod + self.period:
            return int(table[h])
        q, r = divmod(h - self.preperiod, self.period)
        return int(table[self.preperiod + r]) + q * self.saltus


def runs(g: np.ndarray, length: int, pmax: int, parts: int, t: int, mode: int) -> tuple[int, int, int]:
    """The kernel :func:`sgstudio.games.takebreak.kernels._runs_py` on ``g[:length]``.

    >>> runs(np.array([5, 1, 2, 1, 2, 1, 2]), 7, 3, 1, 1, 0)  # period 2 from heap 1, certified
    (2, 1, 7)
    >>> runs(np.array([0, 1, 3, 4, 6, 7, 9, 10, 12]), 9, 3, 0, 0, 1)  # g(n + 2) = g(n) + 3: seen
    (2, 0, 3)
    """
    fn = kernel("runs", compiled=jit_loaded("runs") or length * 64 > 200_000)
    p, n0, s = fn(np.asarray(g, np.uint32), length, pmax, parts, t, mode)  # one compiled signature
    return int(p), int(n0), int(s)


def find_period(table: ValueTable, max_values: int = DEFAULT_MAX,
                progress: Progress | None = None) -> PeriodReport:
    """The period of ``table``'s rule: certified (module docstring) if a theorem applies and the values
    up to ``max_values`` suffice; else a pattern seen, marked not certified; else not found.

    ``progress(done, max_values)`` is called as values are computed; it may raise to cancel.
    """
    rule = table.rule
    if rule.family == "split" and rule.params[0] in (2, 3):
        return _split_closed_form(table, rule.params[0], max_values)
    length = min(max_values, FIRST_TABLE)
    certifiable = rule.finite and not rule.distinct
    seen: PeriodReport | None = None
    while True:
        try:
            if certifiable:  # the generic engine: it stops once certified (a family's engine has values())
                table.extend(length, progress, max_values, until_certified=True)
                g = table.values(min(length, table.computed))
            else:
                g = table.values(length, progress)
        except TakeBreakError as err:
            return _not_certified(seen, table.computed, rule, str(err))
        if certifiable and (length == max_values or table.period is not None) and table.certify():
            return _certified(table)
        pattern = _pattern(g, length)
        # no theorem to wait for (or growing values, no pure period to certify): a pattern seen at two
        # lengths in a row is reported; not for an infinite S, whose next member may break it
        settled = pattern is not None and seen is not None and seen.period == pattern.period
        if settled and (not certifiable or pattern.saltus) and rule.family != "subtract":
            return _not_certified(pattern, length, rule)
        seen = pattern
        if length >= max_values:
            report = _not_certified(seen, length, rule)
            foreseen = getattr(table, "foreseen", None) if certifiable else None
            if foreseen is not None and not report.found:
                p, count = foreseen
                words = (f"{report.certificate}; g(n + {p}) = g(n) holds at the end of the table, and the "
                         f"theorem would certify it with {count:,} values if it goes on (--max {count})")
                return PeriodReport(False, checked=report.checked, certificate=words)
            return report
        length = min(2 * length, max_values)


def _certified(table: ValueTable) -> PeriodReport:
    """The report of the period the table certified (the octal periodicity theorem); for S-Nim
    (``snim:``) in the words the S-Nim tab uses too
    (:func:`sgstudio.games.snim.subtraction.certificate.certificate`: with one heap left at most,
    the theorem's checks are max(S) values that agree p apart).

    >>> from sgstudio.games.takebreak.parse import parse_rule
    >>> print(find_period(ValueTable(parse_rule("snim:2,4,7")), 4096).certificate)
    certified by 7 agreeing values: g(8..14) = g(11..17)
    """
    n0, p = table.period  # type: ignore[misc]
    parts, t = table.parts, table.rule.max_removal or 0
    if table.rule.family == "snim":
        from sgstudio.games.snim.subtraction.certificate import certificate

        words = certificate(n0, p, t)
    else:
        bound = parts * max(n0, 1) + (parts - 1) * p + t - (parts - 1)
        words = (f"certified by the octal periodicity theorem (Guy-Smith): g(n + {p}) = g(n) for "
                 f"{n0} <= n < {bound} (checked), which proves it for every n >= {n0}")
    return PeriodReport(True, n0, p, 0, True, words, table.certified_at)


def _pattern(g: np.ndarray, length: int) -> PeriodReport | None:
    p, n0, s = runs(g, length, length // 3, 0, 0, 1)
    return PeriodReport(True, n0, p, s, False, "", length) if p else None


def _not_certified(seen: PeriodReport | None, checked: int, rule: Rule, stop: str = "") -> PeriodReport:
    """The pattern seen (if any) at ``checked`` values, with the reason no theorem certifies it."""
    if rule.family == "subtract":
        why = (f"no theorem applies: S ({rule.clauses[0].removals.words()}) is infinite, and a subtraction "
               "game with an infinite S need not be periodic")
    elif rule.distinct:
        why = "no theorem applies to a rule asking for unequal heaps"
    elif not rule.finite:
        why = "no theorem applies: the rule removes arbitrarily many tokens"
    elif seen is not None and seen.saltus:
        why = "the octal periodicity theorem certifies pure periods only (no saltus)"
    else:
        why = "the octal periodicity theorem needs more agreeing values than were computed"
    if stop:
        why += f" (stopped: {stop})"
    if seen is None:
        return PeriodReport(False, checked=checked, certificate=why)
    rule_words = f"g(n + {seen.period}) = g(n)" + (f" + {seen.saltus}" if seen.saltus else "")
    words = (f"appears periodic up to {checked}, not certified: {rule_words} for {seen.preperiod} <= n < "
             f"{checked - seen.period}; {why}")
    return PeriodReport(True, seen.preperiod, seen.period, seen.saltus, False, words, checked)


def _split_closed_form(table: ValueTable, parts: int, max_values: int) -> PeriodReport:
    """split:2 and split:3: the closed form proven in splitnim, checked against this engine's table."""
    from sgstudio.games.splitnim.closed import certify_closed_form, closed_form_array

    n = max(1, min(max_values, 4096))
    values = table.values(n)
    if not certify_closed_form(parts) or not np.array_equal(
            closed_form_array(np.arange(n, dtype=np.int64), parts), values):
        raise RuntimeError(f"split:{parts}: the table disagrees with the proven closed form")
    period = 1 << parts
    words = (f"certified by split-nim's closed form (proven in sgstudio.games.splitnim.game): "
             f"g(n + {period}) = g(n) + {period} for every n >= 1")
    return PeriodReport(True, 1, period, period, True, words, n)
