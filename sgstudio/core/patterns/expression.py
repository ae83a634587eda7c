"""A pattern as one line of Python, what a contestant pastes: an expression in ``n`` (one-number
games), in ``x, y`` (the value g(x, y)), or ``P: EXPR`` true exactly on the P-positions; ``None``
when there is no pattern. It may use ``math`` (``math.isqrt`` for exact Beatty floors).

Examples
--------
>>> from sgstudio.core.patterns.sequence import find_sequence_pattern
>>> split3 = [0] + [n + 1 if n % 8 == 7 else n - 1 if n % 8 == 0 else n for n in range(1, 200)]
>>> python_expression(find_sequence_pattern(split3))
'n + 1 if n % 8 == 7 else n - 1 if n % 8 == 0 and n > 0 else n'
>>> python_expression(find_sequence_pattern([5, 3] + [0, 1, 1] * 30))
'[5, 3][n] if n < 2 else [0, 1, 1][(n - 2) % 3]'
>>> python_expression(None)
'None'
"""

from __future__ import annotations

from collections import Counter

from sgstudio.core.patterns.beatty import BeattyPattern
from sgstudio.core.patterns.plane import LinePattern, PlanePattern, SumPattern, XorPattern
from sgstudio.core.patterns.sequence import SequencePattern

MAX_BRANCHES = 3
"""n plus a correction is written as a chain of conditions up to this many branches, else as a list."""


def _plus(var: str, c: int) -> str:
    return var if c == 0 else f"{var} + {c}" if c > 0 else f"{var} - {-c}"


def _offset(var: str, n0: int) -> str:
    return var if n0 == 0 else f"({var} - {n0})"


def _list(values: tuple[int, ...] | list[int]) -> str:
    return "[" + ", ".join(str(v) for v in values) + "]"


def _rest(p: SequencePattern, var: str) -> str:
    """The formula for n >= n0."""
    family, n0, period = p.family, p.preperiod, p.period
    j = f"{_offset(var, n0)} % {period}" if period > 1 else ""
    if family == "constant":
        return str(p.base[0])
    if family == "periodic":
        return f"{_list(p.base)}[{j}]"
    if family == "n_plus":
        c = p.correction()
        return _plus(var, c[0]) if period == 1 else f"{var} + {_list(c)}[{var} % {period}]"
    q = f"({_offset(var, n0)} // {period})" if period > 1 else _offset(var, n0)
    if family == "saltus":
        same = len(set(p.base)) == 1
        head = f"{_list(p.base)}[{j}] + " if not same else (f"{p.base[0]} + " if p.base[0] else "")
        return f"{head}{p.saltus} * {q}" if p.saltus != 1 else f"{head}{q}"
    lines = p.lines()
    if all(a.denominator == 1 and b.denominator == 1 for _, a, b in lines):
        r = f"{var} % {period}"
        return (f"{_list([int(a) for _, a, _ in lines])}[{r}] * {var} + "
                f"{_list([int(b) for _, _, b in lines])}[{r}]")
    return f"{_list(p.base)}[{j}] + {_list(p.steps)}[{j}] * {q}"


def _chain(p: SequencePattern, var: str) -> str | None:
    """n plus a correction as ``n + 1 if n % 8 == 7 else ... else n``, the values before n0 folded
    into the conditions; None when that is not short or not possible."""
    c, period, n0 = p.correction(), p.period, p.preperiod
    usual = Counter(c).most_common(1)[0][0]
    branches = sorted((r for r in range(period) if c[r] != usual), key=lambda r: (-c[r], r))
    if period == 1 or len(branches) > MAX_BRANCHES:
        return None
    wrong = [n for n in range(n0) if p.prefix[n] != n + c[n % period]]
    if any(n % period not in branches or p.prefix[n] != n + usual for n in wrong):
        return None  # an early value that no condition can leave to the last branch
    parts = []
    for r in branches:
        cond = f"{var} % {period} == {r}"
        skip = [n for n in wrong if n % period == r]
        if skip and skip == list(range(r, skip[-1] + 1, period)):
            cond += f" and {var} > {skip[-1]}"
        elif len(skip) == 1:
            cond += f" and {var} != {skip[0]}"
        elif skip:
            cond += f" and {var} not in ({', '.join(str(n) for n in skip)})"
        parts.append(f"{_plus(var, c[r])} if {cond} else ")
    return "".join(parts) + _plus(var, usual)


def sequence_expression(pattern: SequencePattern | None, var: str = "n") -> str:
    """A Python expression in ``var`` equal to g(var) for every var >= 0 by the pattern; ``None``.

    >>> from sgstudio.core.patterns.sequence import find_sequence_pattern
    >>> sequence_expression(find_sequence_pattern(list(range(4)) + [7] * 40))
    '[0, 1, 2, 3][n] if n < 4 else 7'
    >>> e = sequence_expression(find_sequence_pattern([3 * n + (n % 2) for n in range(60)]), "x")
    >>> e, [eval(e, {"x": x}) for x in range(5)]
    ('[0, 4][x % 2] + 6 * (x // 2)', [0, 4, 6, 10, 12])
    """
    if pattern is None:
        return "None"
    if pattern.family == "n_plus":
        chain = _chain(pattern, var)
        if chain is not None:
            return chain
    rest = _rest(pattern, var)
    if pattern.preperiod == 0:
        return rest
    return f"{_list(pattern.prefix)}[{var}] if {var} < {pattern.preperiod} else {rest}"


def _wrapped(expr: str) -> str:
    return expr if expr.isidentifier() or expr.lstrip("-").isdigit() else f"({expr})"


def _beatty(p: BeattyPattern) -> str:
    alpha, beta = p.alpha, p.beta
    if not all(p.recognised):
        return "None"  # alpha or beta is known only to lie in an interval: no formula beyond the table
    uv = "min(x, y), max(x, y)" if p.mirrored else "x, y"
    wythoff = (beta.b, beta.d, beta.c) == (alpha.b, alpha.d, alpha.c) and beta.a - alpha.a == alpha.c
    if wythoff and p.start == 0 and alpha.b >= 0:  # beta = alpha + 1: n = v - u
        return f"P: (lambda u, v: {alpha.python_floor('(v - u)')} == u)({uv})"
    if wythoff:
        index = "v - u"
    elif alpha.is_rational:
        index = f"-(-u * {alpha.c} // {alpha.a})"  # ceil(u / alpha)
    else:
        index = alpha.reciprocal().python_floor("(u + 1)")  # the largest n < (u + 1) / alpha

    def floor(s: object) -> str:
        text = s.python_floor("n")  # type: ignore[attr-defined]
        return f"({text} if n else 0)" if s.b < 0 and p.start == 0 else text  # type: ignore[attr-defined]

    tests = ([f"n >= {p.start}"] if p.start else []) + [f"{floor(alpha)} == u"]
    if not wythoff:
        tests.append(f"{floor(beta)} == v")
    return f"P: (lambda u, v: (lambda n: {' and '.join(tests)})({index}))({uv})"


def plane_expression(pattern: PlanePattern | None) -> str:
    """``x ^ y``, ``F(x) ^ H(y)``, or ``P: ...`` for a two-number pattern; ``None``.

    >>> plane_expression(LinePattern("difference", 3, 0, (9, 9)))
    'P: (x - y) % 3 == 0'
    """
    if pattern is None:
        return "None"
    if isinstance(pattern, XorPattern):
        return "x ^ y"
    if isinstance(pattern, SumPattern):
        if pattern.f is None or pattern.h is None:
            return "None"
        f, h = sequence_expression(pattern.f, "x"), sequence_expression(pattern.h, "y")
        return h if f == "0" else f if h == "0" else f"{_wrapped(f)} ^ {_wrapped(h)}"
    if isinstance(pattern, LinePattern):
        if pattern.form == "diagonal":
            return "P: x == y"
        sign = "-" if pattern.form == "difference" else "+"
        return f"P: (x {sign} y) % {pattern.modulus} == {pattern.residue}"
    return _beatty(pattern)


def python_expression(pattern: SequencePattern | PlanePattern | None) -> str:
    """The one line of Python for any pattern (module docstring).

    >>> from sgstudio.core.patterns.plane import XorPattern
    >>> python_expression(XorPattern((9, 9)))
    'x ^ y'
    """
    if isinstance(pattern, SequencePattern):
        return sequence_expression(pattern)
    return plane_expression(pattern)


