"""The pattern of a table in words and symbols, how sure it is, and the Python line: one report.

:func:`find_pattern` searches a one- or two-number table, asks the game's certifier (if any) for a
proof, and says one of three things: **certified** (a theorem, named), **holds for every n <= N**
(checked on the table, and why no theorem certifies it), or **no pattern found up to N**.

Examples
--------
>>> kayles = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6] + [4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7] * 20
>>> report = find_pattern(kayles)
>>> print(report.text())
period 12 from n = 12 (preperiod 12): g(n) = g(n − 12) for n ≥ 24; one period g(12..23) = 4, 1, 2, 8,
1, 4, 7, 2, 1, 8, 2, 7; before it g(0..11) = 0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6
holds for every n ≤ 251 (checked on g(0..251)); not certified: no theorem was supplied for this game
>>> print(find_pattern([0, 1, 0, 0, 1, 1, 0, 1] * 3).text())
no pattern found
no pattern found up to n = 23 (24 values)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import Any

import numpy as np

from sgstudio.core.patterns.beatty import BeattyPattern
from sgstudio.core.patterns.certify import Certifier
from sgstudio.core.patterns.expression import python_expression
from sgstudio.core.patterns.plane import LinePattern, PlanePattern, SumPattern, XorPattern, find_plane_pattern
from sgstudio.core.patterns.sequence import PatternError, SequencePattern, find_sequence_pattern

SHOWN = 40
"""At most this many values are listed in words; longer lists are cut with an ellipsis."""
NO_THEOREM = "no theorem was supplied for this game"


class Certainty(StrEnum):
    """How sure a report is."""

    CERTIFIED = "certified"
    CHECKED = "checked"
    NONE = "none"


def _values(values: tuple[int, ...] | list[int]) -> str:
    shown = ", ".join(str(v) for v in values[:SHOWN])
    return shown + (f", … ({len(values)} values)" if len(values) > SHOWN else "")


def _span(name: str, start: int, values: tuple[int, ...]) -> str:
    end = start + len(values) - 1
    return f"{name}({start}{'..' + str(end) if end > start else ''}) = {_values(values)}"


def _term(a: Fraction, b: Fraction, var: str) -> str:
    """a var + b in symbols: ``2n + 1``, ``(1/2)n − 3``, ``−n``, ``5``."""
    if a == 0:
        text = ""
    elif abs(a) == 1:
        text = var if a > 0 else f"−{var}"
    else:
        text = f"{a}{var}" if a.denominator == 1 else f"({a}){var}"
    if b == 0:
        return text or "0"
    if not text:
        return str(b).replace("-", "−")
    return f"{text} {'+' if b > 0 else '−'} {abs(b)}"


def _constant(p: SequencePattern, name: str, var: str, where: str) -> str:
    n0, g = p.preperiod, f"{name}({var})"
    if n0:
        return f"eventually constant from {var} = {n0}: {g} = {p.base[0]} for {var} ≥ {n0}"
    return f"constant: {g} = {p.base[0]} for every {var}"


def _periodic(p: SequencePattern, name: str, var: str, where: str) -> str:
    n0, period = p.preperiod, p.period
    return (f"period {period} {where}: {name}({var}) = {name}({var} − {period}) for {var} ≥ {n0 + period}; "
            f"one period {_span(name, n0, p.base)}")


def _saltus(p: SequencePattern, name: str, var: str, where: str) -> str:
    n0, period, s = p.preperiod, p.period, p.saltus
    if period == 1:  # a straight line from n0
        line = _term(Fraction(s), Fraction(p.base[0] - s * n0), var)
        return f"linear {where}: {name}({var}) = {line} for {var} ≥ {n0}"
    step, one = (f"+ {s}" if s > 0 else f"− {-s}"), _span(name, n0, p.base)
    return (f"arithmetic-periodic, period {period} and saltus {s} {where}: {name}({var}) = "
            f"{name}({var} − {period}) {step} for {var} ≥ {n0 + period}; one period {one}")


def _n_plus(p: SequencePattern, name: str, var: str, where: str) -> str:
    if p.period == 1:
        return _saltus(p, name, var, where)
    c = p.correction()
    usual = max(set(c), key=c.count)
    one = Fraction(1)
    cases = [f"{_term(one, Fraction(c[r]), var)} if {var} ≡ {r}" for r in range(p.period) if c[r] != usual]
    formula = f"{', '.join(cases)} (mod {p.period}), else {_term(one, Fraction(usual), var)}"
    return f"{var} plus a correction of period {p.period} {where}: {name}({var}) = {formula}"


def _linear(p: SequencePattern, name: str, var: str, where: str) -> str:
    cases = [f"{_term(a, b, var)} if {var} ≡ {r}" for r, a, b in p.lines()]
    return (f"linear on the residue classes mod {p.period} {where}: {name}({var}) = {', '.join(cases)} "
            f"(mod {p.period})")


_WORDS = {"constant": _constant, "periodic": _periodic, "saltus": _saltus, "n_plus": _n_plus,
          "linear": _linear}


def sequence_words(p: SequencePattern, name: str = "g", var: str = "n") -> str:
    """A one-number pattern in words and symbols (``name`` and ``var`` name the function and its
    argument).

    >>> print(sequence_words(find_sequence_pattern(list(range(40)))))
    linear (no preperiod): g(n) = n for n ≥ 0
    >>> split2 = [0] + [n + (n % 4 == 3) - (n % 4 == 0) for n in range(1, 60)]
    >>> print(sequence_words(find_sequence_pattern(split2)))
    n plus a correction of period 4 from n = 1 (preperiod 1): g(n) = n − 1 if n ≡ 0, n + 1 if n ≡ 3
    (mod 4), else n; before it g(0) = 0
    >>> print(sequence_words(find_sequence_pattern([9] + [4 - 2 * (n // 3) for n in range(1, 60)]), "f", "x"))
    arithmetic-periodic, period 3 and saltus -2 from x = 1 (preperiod 1): f(x) = f(x − 3) − 2 for x ≥ 4; one
    period f(1..3) = 4, 4, 2; before it f(0) = 9
    """
    n0 = p.preperiod
    where = f"from {var} = {n0} (preperiod {n0})" if n0 else "(no preperiod)"
    text = _WORDS[p.family](p, name, var, where)
    return text + (f"; before it {_span(name, 0, p.prefix)}" if n0 else "")


def _beatty_words(p: BeattyPattern) -> str:
    """Beatty pairs in words; a number not recognised is given as the interval the pairs allow."""
    pairs = "(⌊nα⌋, ⌊nβ⌋)" + (" and their mirror images (⌊nβ⌋, ⌊nα⌋)" if p.mirrored else "")
    numbers = []
    for letter, surd, known, (lo, hi) in zip("αβ", (p.alpha, p.beta), p.recognised, p.intervals, strict=True):
        numbers.append(f"{letter} = {surd.text()}" if known else
                       f"{letter} in [{lo}, {hi}) (not recognised in closed form from the {p.pairs} pairs "
                       "seen; a larger table may recognise it)")
    return f"P-positions (g = 0) exactly at {pairs} for n ≥ {p.start}, {', '.join(numbers)}"


def plane_words(p: PlanePattern) -> str:
    """A two-number pattern in words and symbols.

    >>> plane_words(LinePattern("sum", 4, 1, (9, 9)))
    'P-positions (g = 0) exactly where x + y ≡ 1 (mod 4)'
    """
    if isinstance(p, XorPattern):
        return "g(x, y) = x ⊕ y (x XOR y, two-heap Nim)"
    if isinstance(p, SumPattern):
        axes = []
        for name, var, pattern, size in (("f", "x", p.f, p.checked[0]), ("h", "y", p.h, p.checked[1])):
            axes.append(sequence_words(pattern, name, var) if pattern else
                        f"{name}: no pattern found up to {var} = {size - 1}")
        return ("g(x, y) = f(x) ⊕ h(y), a disguised sum, f(x) = g(x, 0) ⊕ g(0, 0), h(y) = g(0, y); f: "
                f"{axes[0]}; h: {axes[1]}")
    if isinstance(p, LinePattern):
        if p.form == "diagonal":
            return "P-positions (g = 0) exactly where x = y"
        sign = "−" if p.form == "difference" else "+"
        return f"P-positions (g = 0) exactly where x {sign} y ≡ {p.residue} (mod {p.modulus})"
    return _beatty_words(p)


@dataclass(frozen=True)
class PatternReport:
    """The pattern found in a table (None: none), how sure (``certainty``), and the reason: the
    certificate, or why there is none. ``size`` is the table's shape: (N,) or (X, Y)."""

    pattern: SequencePattern | PlanePattern | None
    certainty: Certainty
    reason: str
    size: tuple[int, ...]

    def formula(self) -> str:
        """The pattern in words and symbols (``no pattern found`` without one)."""
        if self.pattern is None:
            return "no pattern found"
        if isinstance(self.pattern, SequencePattern):
            return sequence_words(self.pattern)
        return plane_words(self.pattern)

    def how_sure(self) -> str:
        """certified: ... / holds for every n ≤ N ... / no pattern found up to N."""
        if len(self.size) == 1:
            last = self.size[0] - 1
            if self.certainty is Certainty.NONE:
                return f"no pattern found up to n = {last} ({self.size[0]} values)"
            checked = f"holds for every n ≤ {last} (checked on g(0..{last}))"
        else:
            x, y = self.size
            if self.certainty is Certainty.NONE:
                return f"no pattern found in g(x, y) for x < {x}, y < {y}"
            checked = f"holds for every x < {x}, y < {y} (checked on the whole table)"
        if self.certainty is Certainty.CERTIFIED:
            return self.reason if self.reason.startswith("certified") else f"certified: {self.reason}"
        return f"{checked}; not certified: {self.reason}"

    def python(self) -> str:
        """The one line of Python (:mod:`sgstudio.core.patterns.expression`), ``None`` without a pattern."""
        return python_expression(self.pattern)

    def text(self) -> str:
        """The formula, then how sure, on two lines."""
        return f"{self.formula()}\n{self.how_sure()}"


def find_pattern(table: object, rule: Any = None, certifier: Certifier | None = None) -> PatternReport:
    """The pattern of a one- or two-number table (by its dimensions), certified when ``certifier``
    (:mod:`sgstudio.core.patterns.certify`) proves it for ``rule``.

    Parameters
    ----------
    table : 1-D or 2-D array of int
        g(0..N-1), or ``table[x, y]`` = g(x, y).
    rule : object, optional
        What the certifier needs to know of the game (a Rule, S, the number of parts...).
    certifier : callable, optional
        ``certifier(pattern, table, rule) -> Certificate``.

    Examples
    --------
    >>> from sgstudio.games.splitnim.certify import split_certificate
    >>> split3 = [0] + [n + (n % 8 == 7) - (n % 8 == 0) for n in range(1, 100)]
    >>> report = find_pattern(split3, 3, split_certificate)
    >>> report.certainty, report.python()
    (<Certainty.CERTIFIED: 'certified'>, 'n + 1 if n % 8 == 7 else n - 1 if n % 8 == 0 and n > 0 else n')
    """
    arr = np.asarray(table)
    if arr.ndim not in (1, 2):
        raise PatternError(f"a value table has one or two dimensions, got {arr.ndim}")
    pattern = find_sequence_pattern(arr) if arr.ndim == 1 else find_plane_pattern(arr)
    size = tuple(int(s) for s in arr.shape)
    if pattern is None:
        return PatternReport(None, Certainty.NONE, "", size)
    if certifier is None:
        return PatternReport(pattern, Certainty.CHECKED, NO_THEOREM, size)
    cert = certifier(pattern, arr, rule)
    certainty = Certainty.CERTIFIED if cert.certified else Certainty.CHECKED
    return PatternReport(pattern, certainty, cert.reason, size)
