"""``sgstudio period CODE`` for octal codes whose certificate comes soon: a C pass, numpy unloaded.

A command line that certifies 0.45 or 0.644 (10^3 to 10^4 values) spends almost all its time
starting: the interpreter, then numpy and the value engine, some 0.1 s, where the values and the
certificate take the C pass ``period_native.c`` a few milliseconds. So :func:`answer` serves the
plain cases of :mod:`sgstudio.fastlane`: ``period CODE [--max N]`` with CODE ``0.`` and octal
digits (moves leave at most two heaps), N plain (digits, or ``10^8``, ``10**8``, ``1e8``). The pass
computes the values by the sparse-space method and looks for the octal periodicity theorem's
certificate as :class:`sgstudio.games.takebreak.values.ValueTable` does, within :data:`BUDGET`
inner steps (some 0.2 s: 0.16, 0.56 and 0.127, half a million values, fit); past that, or past N,
it gives up and the command line does the whole search (with its progress on a terminal and every
other report). The answer is the command
line's, word for word (the tests compare the two on the published games and random codes).

>>> text = answer(["0.45"])
>>> text is None or text.splitlines()[0] == "preperiod 498 period 20"
True
>>> answer(["0.45", "--max", "500"]), answer(["grundy"]), answer(["0.8"])   # not here
(None, None, None)
"""

from __future__ import annotations

import os

from sgstudio.core.native import Extension

EXTENSION = Extension(os.path.join(os.path.dirname(os.path.abspath(__file__)), "period_native.c"),
                      "period_native")
BUDGET = 120_000_000
"""Inner steps (a pair looked at, a value compared) the pass takes at most before it gives up: what
0.56 needs (108 million) and some, at most some 0.2 s wasted where the command line takes over."""
MAX_VALUES = 1 << 28
"""The command line's largest --max (sgstudio.games.takebreak.cli.MAX_VALUES)."""
MAX_DIGITS = 64


def octal_digits(code: str) -> bytes | None:
    """The digits d_0, d_1, ... of ``0.d1d2...`` (octal digits only), or None for any other rule.

    >>> octal_digits("0.165"), octal_digits("0.8"), octal_digits("4.0")
    (b'\\x00\\x01\\x06\\x05', None, None)
    """
    head, dot, tail = code.partition(".")
    if head != "0" or not dot or not 1 <= len(tail) <= MAX_DIGITS or not all("0" <= c <= "7" for c in tail):
        return None
    return bytes([0, *(ord(c) - 48 for c in tail)])


def plain_count(text: str) -> int | None:
    """N as the command line reads it, in its plain forms: digits (``_`` and ``,`` between them),
    ``10^8``, ``10**8``, ``1e8``; None for anything else.

    >>> plain_count("1_000"), plain_count("10^8"), plain_count("1e6"), plain_count("-3")
    (1000, 100000000, 1000000, None)
    """
    digits = text.strip().replace("_", "").replace(",", "")
    for sign in ("**", "^", "e"):
        base, found, exponent = digits.partition(sign)
        if found:
            if not (base.isascii() and base.isdigit() and exponent.isascii() and exponent.isdigit()
                    and len(exponent) <= 2):
                return None
            return int(base) * 10 ** int(exponent) if sign == "e" else int(base) ** int(exponent)
    return int(digits) if digits.isascii() and digits.isdigit() else None


def certify(digits: bytes, max_values: int, budget: int = BUDGET) -> tuple[int, int, int] | None:
    """``(n0, p, values computed)`` certified by the C pass within ``max_values`` values and the
    budget; None without a build, or where it gives up.

    >>> got = certify(octal_digits("0.137"), 10**6)
    >>> got is None or got[:2] == (52, 34)
    True
    """
    built = EXTENSION.load()
    return None if built is None else built.certify(digits, max_values, budget)


def answer(args: list[str]) -> str | None:
    """What ``sgstudio period`` + ``args`` prints, where the C pass certifies the period; else None."""
    if len(args) == 2 and args[1].startswith("--max="):
        args = [args[0], "--max", args[1][6:]]
    if len(args) not in (1, 3) or (len(args) == 3 and args[1] != "--max"):
        return None
    digits = octal_digits(args[0])
    max_values = plain_count(args[2]) if len(args) == 3 else 10**6
    if digits is None or max_values is None or not 1 <= max_values <= MAX_VALUES:
        return None
    found = certify(digits, max_values)
    if found is None:
        return None
    n0, p, _ = found
    t = max(k for k, d in enumerate(digits) if d)
    parts = 2 if any(d & 4 for d in digits) else 1
    bound = parts * max(n0, 1) + (parts - 1) * p + t - (parts - 1)
    return (f"preperiod {n0} period {p}\n"
            f"certified by the octal periodicity theorem (Guy-Smith): g(n + {p}) = g(n) for "
            f"{n0} <= n < {bound} (checked), which proves it for every n >= {n0}\n")
