"""The pattern of a take-and-break rule's values (codes, ``snim:``, ``split:K``, ``grundy``, ...),
certified by the theorem that applies to it.

:func:`rule_certifier` picks the theorem: the subtraction-game bound for ``snim:S`` (S finite),
split-nim's closed form for ``split:K``, else the octal periodicity theorem (which says itself why
it does not apply: an infinite S, unequal heaps, unbounded removals). :func:`rule_report` is the
whole step from a rule to a report, on g(0..N); the command line and the tabs share it.

Examples
--------
>>> from sgstudio.games.takebreak.parse import parse_rule
>>> report = rule_report(parse_rule("snim:1,3,4"), 200)
>>> report.python(), report.certainty.value
('[0, 1, 0, 1, 2, 3, 2][n % 7]', 'certified')
>>> rule_report(parse_rule("grundy"), 3000).how_sure()
'no pattern found up to n = 3000 (3001 values)'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from sgstudio.core.patterns.certify import Certificate, subtraction_certificate
from sgstudio.core.patterns.report import PatternReport, find_pattern
from sgstudio.games.takebreak.certify import takebreak_certificate

Progress = Callable[[int, int], object]


def rule_certifier(rule: Any) -> Callable[[Any, np.ndarray, Any], Certificate]:
    """The certifier (:mod:`sgstudio.core.patterns.certify`) for a take-and-break Rule.

    >>> from sgstudio.games.takebreak.parse import parse_rule
    >>> rule_certifier(parse_rule("0.77")).__name__, rule_certifier(parse_rule("snim:2,5")).__name__
    ('takebreak_certificate', '_snim_certificate')
    """
    if getattr(rule, "family", None) == "snim":
        return _snim_certificate
    return takebreak_certificate


def _snim_certificate(pattern: Any, table: np.ndarray, rule: Any) -> Certificate:
    return subtraction_certificate(pattern, table, [int(s) for s in rule.params])


def report_of_values(values: object, rule: Any) -> PatternReport:
    """The pattern of g(0..N-1) = ``values`` of ``rule``, certified where a theorem applies.

    >>> from sgstudio.games.takebreak.parse import parse_rule
    >>> report_of_values([0, 1, 1, 0] * 20, parse_rule("0.03")).certainty.value
    'certified'
    """
    return find_pattern(np.asarray(values, np.int64), rule, rule_certifier(rule))


def rule_report(rule: Any, upto: int, progress: Progress | None = None) -> PatternReport:
    """The pattern of ``rule``'s values g(0..upto) (upto + 1 values), certified where a theorem applies.

    Parameters
    ----------
    rule : Rule
        A parsed take-and-break rule (:func:`sgstudio.games.takebreak.parse.parse_rule`).
    upto : int
        The last heap computed.
    progress : callable, optional
        ``progress(done, total)`` while the values are computed (it may raise to cancel).
    """
    from sgstudio.games.takebreak.values import make_table

    return report_of_values(make_table(rule).values(upto + 1, progress), rule)
