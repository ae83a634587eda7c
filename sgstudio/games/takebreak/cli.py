"""``sgstudio values RULE N [--json]`` and ``sgstudio period RULE [--max N]``: take-and-break rules.

``values`` prints g(0) ... g(N - 1) of RULE on one line, separated by spaces (``--json``: one JSON
list). ``period`` prints ``preperiod P period Q`` (with ``saltus S`` when the values grow by S each
period), then the certificate in words, or says that the pattern is not certified; when no period
shows within N values (default 10^6) it says exactly that; all with exit status 0.

RULE is a code ``d0.d1d2...`` of hexadecimal digits (``0.77`` Kayles, ``0.137`` Dawson's chess,
``0.007`` Treblecross) or a named rule: ``grundy``, ``snim:a,b,c``, ``split:K``, ``subtract:NAME``
(NAME: squares, primes, fibonacci, triangular or factorials; periods of these are never certified,
no theorem applying to an infinite S). A bad RULE or N
prints one line ``sgstudio: ...`` on standard error (with the column of a bad character of RULE)
and exits with status 2.

The module imports only argparse until a command runs; ``values`` then loads the rules and the
value engine (numpy, and numba for long jobs), never the game, the period search, Qt or the formats,
and prints through a numpy formatter (:func:`decimal_bytes`: 5*10^6 values in some 0.05 s).
"""

from __future__ import annotations

import argparse
from typing import Any

DEFAULT_MAX = 10**6
MAX_VALUES = 1 << 28
RULE_HELP = ("a code d0.d1d2... of hexadecimal digits (0.77 Kayles, 0.137 Dawson's chess, 0.007 "
             "Treblecross) or a named rule: grundy, snim:a,b,c, split:K, subtract:NAME (NAME: squares, "
             "primes, fibonacci, triangular, factorials)")


def register(subparsers: Any) -> None:
    """Add ``values`` and ``period`` to an ``add_subparsers()`` object."""
    values = subparsers.add_parser(
        "values", help="print the Grundy values g(0) .. g(N-1) of a take-and-break rule",
        description="Print g(0) ... g(N-1) of RULE on one line, separated by spaces.")
    values.add_argument("rule", metavar="RULE", help=RULE_HELP)
    values.add_argument("n", metavar="N", help="how many values (a non-negative integer)")
    values.add_argument("--json", action="store_true", help="print the values as one JSON list")
    values.add_argument("--force", action="store_true",
                        help="run even when the estimate says it takes more than 10 minutes (without it, "
                             "such a run is refused with the estimate; on a terminal the progress shows "
                             "on standard error)")
    period = subparsers.add_parser(
        "period", help="find and certify the period of a take-and-break rule's values",
        description="Print 'preperiod P period Q' (and 'saltus S' where the values grow), then the "
                    "certificate in words; or say that no period was found within N values.")
    period.add_argument("rule", metavar="RULE", help=RULE_HELP)
    period.add_argument("--max", dest="max_values", default=str(DEFAULT_MAX), metavar="N",
                        help=f"compute at most N values (default {DEFAULT_MAX:,}; 10^8 or 1e8 may be "
                             "written so); on a terminal the progress shows on standard error")
    period.add_argument("--force", action="store_true",
                        help="search even when reaching --max is estimated to take more than 10 minutes")
    for parser in (values, period):
        parser.set_defaults(run=run)


def count(text: str, what: str, smallest: int = 0) -> int:
    """A count given on the command line; SGStudioError (one line) when it is not one.

    >>> count("120", "N")
    120
    >>> count("-3", "N")
    Traceback (most recent call last):
    ...
    sgstudio.core.errors.SGStudioError: N must be an integer from 0 to 268435456, not '-3'
    """
    from sgstudio.core.errors import SGStudioError

    digits = text.strip().replace("_", "").replace(",", "")
    value = _power(digits)
    if value is None and digits.isascii() and digits.isdigit():
        value = int(digits)
    if value is None or not smallest <= value <= MAX_VALUES:
        raise SGStudioError(f"{what} must be an integer from {smallest} to {MAX_VALUES}, not {text!r}")
    return value


def _power(text: str) -> int | None:
    """``10^8``, ``10**8`` or ``1e8`` as an integer (None when the text is not one of those).

    >>> _power("10^8"), _power("10**6"), _power("5e3"), _power("1e-3"), _power("8")
    (100000000, 1000000, 5000, None, None)
    """
    for sign in ("**", "^", "e"):
        base, found, exponent = text.partition(sign)
        if found and base.isascii() and base.isdigit() and exponent.isascii() and exponent.isdigit():
            if len(exponent) > 2:
                return None
            return int(base) * 10 ** int(exponent) if sign == "e" else int(base) ** int(exponent)
    return None


def run(args: argparse.Namespace) -> int:
    """Run ``values`` or ``period`` with parsed arguments.

    A bad RULE or N raises SGStudioError with a message that starts with ``sgstudio:``;
    :func:`sgstudio.cli.main.failure` prints it as one line and exits with status 2.
    """
    from sgstudio.core.errors import SGStudioError
    from sgstudio.games.takebreak.parse import parse_rule

    try:
        rule = parse_rule(args.rule)
        if args.command == "values":
            return _values(rule, count(args.n, "N"), args.json, args.force)
        return _period(rule, count(args.max_values, "--max", 1), args.force)
    except SGStudioError as err:
        raise SGStudioError(f"sgstudio: {err}") from None


def _values(rule: Any, n: int, as_json: bool, force: bool = False) -> int:
    """The values on stdout; a run estimated beyond 10 minutes refused (unless ``force``), the progress
    on stderr when that is a terminal (:class:`~sgstudio.games.takebreak.budget.Budget`)."""
    from sgstudio.console import TerminalProgress, emit_bytes
    from sgstudio.core.limits import check_values
    from sgstudio.games.takebreak.budget import Budget
    from sgstudio.games.takebreak.values import make_table

    # the table (grown by doubling) and the text of the values: about 24 bytes a value (measured)
    check_values(n, 32 if as_json else 24, f"values of {rule.text}", "ask for fewer values (a smaller N)")
    table = make_table(rule)
    progress = TerminalProgress(f"sgstudio values {rule.text}", "the N asked for")
    budget = Budget(table, n, f"values {rule.text} {n}", "N", force=force,
                    progress=progress if progress.shown else None)
    progress.detail = budget.left_text
    try:
        budget.start()
        values = table.values(n, budget)
    finally:
        progress.clear()
    if as_json:
        emit_bytes(b"[" + decimal_bytes(values, b", ") + b"]\n")  # what json.dumps prints
    else:
        emit_bytes(decimal_bytes(values) + b"\n")
    return 0


TABLE_FORMAT_UP_TO = 1 << 20
"""Values below this (and below 16 times their number) are formatted through a table of their
decimal texts (numpy); others by str()."""


def decimal_bytes(values: Any, sep: bytes = b" ") -> bytes:
    """Non-negative integers in decimal, separated by ``sep``, as ASCII bytes: what
    ``sep.join(map(str, values))`` gives, some 20 times as fast for millions of small values.

    Each value's text, right-aligned in a row of w = 4, 8 or 16 bytes (zeros in front, ``sep``
    after), is looked up in a table of every value up to the largest, one row per value; the rows are
    laid end to end and the zero bytes dropped.

    >>> import numpy as np
    >>> decimal_bytes(np.array([0, 7, 10, 305, 99]))
    b'0 7 10 305 99'
    >>> decimal_bytes(np.array([12, 3]), b", "), decimal_bytes(np.array([], np.uint32))
    (b'12, 3', b'')
    """
    import numpy as np

    v = np.asarray(values)
    if v.size == 0:
        return b""
    top = int(v.max())
    if top >= min(TABLE_FORMAT_UP_TO, 1024 + 16 * v.size):  # the table would cost more than it saves
        return sep.join(str(x).encode() for x in v.tolist())
    places = len(str(top))
    w = next(w for w in (4, 8, 16) if places + len(sep) <= w)
    table = np.zeros((top + 1, w), np.uint8)
    table[:, w - len(sep):] = np.frombuffer(sep, np.uint8)
    every = np.arange(top + 1)
    rest = every.copy()
    for place in range(places):
        shown = every >= 10**place if place else slice(None)
        table[shown, w - len(sep) - 1 - place] = 48 + rest[shown] % 10
        rest //= 10
    rows = table.view(np.uint32 if w == 4 else np.uint64).reshape(top + 1, -1)[v]
    laid = rows.reshape(-1).view(np.uint8)
    text = laid[laid != 0]
    return text[: text.size - len(sep)].tobytes()


def _period(rule: Any, max_values: int, force: bool = False) -> int:
    """The period report on stdout; while it is searched, the progress on stderr when that is a
    terminal (:class:`sgstudio.cli.main.TerminalProgress`). A search that would need more than 10
    minutes to reach ``max_values`` (and has not ended within its first second) is refused, unless
    ``force`` (:class:`~sgstudio.games.takebreak.budget.Budget`)."""
    from sgstudio.console import TerminalProgress, emit
    from sgstudio.games.takebreak.budget import Budget
    from sgstudio.games.takebreak.period import find_period
    from sgstudio.games.takebreak.values import make_table

    table = make_table(rule)
    progress = TerminalProgress(f"sgstudio period {rule.text}", f"--max {max_values:,}")
    budget = Budget(table, max_values, f"period {rule.text}, if no period shows before --max {max_values:,},",
                    "--max", force=force, progress=progress if progress.shown else None)
    progress.detail = lambda: method_text(table) + budget.left_text()
    try:
        budget.start()
        report = find_period(table, max_values, budget)
    finally:
        progress.clear()
    emit(report.headline() + "\n")
    if report.found or "would certify" in report.certificate:
        emit(report.certificate + "\n")
    return 0


def method_text(table: Any) -> str:
    """How the engine goes about the values, for the progress line: the method, and for the
    sparse-space method the rare heaps and the current mask (in hexadecimal over the values' bits,
    ``+pos`` when the heap's parity counts too, as the peers print it).

    >>> from sgstudio.games.takebreak.parse import parse_rule
    >>> from sgstudio.games.takebreak.values import ValueTable
    >>> table = ValueTable(parse_rule("0.16"))
    >>> _ = table.values(5000)
    >>> method_text(table)
    ', 50 rare, mask 1e'
    """
    method = getattr(table, "method", "")
    if method != "sparse":
        return f" ({method})" if method else ""
    mask = table.mask & ((1 << max(1, table.value_bits)) - 1)
    return f", {table.rare_count():,} rare, mask {mask:x}" + ("+pos" if table.twist else "")
