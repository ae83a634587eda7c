"""``sgstudio sweep CODE... [--values N] [--store FILE] [--scheduler ADDRESS] [--workers K] [--csv]
[--compare TABLE]``: whole families of take-and-break codes, on Dask.

Each CODE is a code (``0.77``) or a pattern (``0.??``: ``?`` any octal digit; :mod:`.codes`). Every game
is computed to N values (default 1000) with its period certified or not (:mod:`.job`), on a local Dask
cluster of one worker process per core (``--workers K``) or on an existing cluster (``--scheduler
tcp://HOST:PORT``); ``--store FILE`` keeps the results (:mod:`.store`) and a sweep run again computes
only what is missing. Output: the published markdown table and the equivalence groups, or ``--csv``
(:mod:`.table`), or with ``--compare TABLE`` every disagreement with that published table and a line of
counts (:mod:`.compare`). A progress bar on standard error when it is a terminal.

Bad input (a bad code or pattern, a bad N or K, a malformed TABLE, a file that is no store) is one line
and exit status 2; an unreachable scheduler, a store that cannot be written or a task that fails on a
worker is one line and status 1. Nothing but argparse is imported until the command runs, and dask
only when there is something to compute.
"""

from __future__ import annotations

import argparse
from typing import Any

DEFAULT_VALUES = 1000
MAX_VALUES = 1 << 28
CODE_HELP = ("a code (0.77, 4.3, 0.137) or a pattern where ? is any octal digit (0.??, 4.?, 0.1?7; before "
             "the point ? is 0 or 4); codes named twice are swept once")


def register(subparsers: Any) -> None:
    """Add ``sweep`` to an ``add_subparsers()`` object."""
    parser = subparsers.add_parser(
        "sweep", help="compute, certify and group whole families of octal codes on a Dask cluster",
        description="Compute every game named by the CODEs to N values with its period (certified by the "
                    "octal periodicity theorem, or only seen, or none), on a local Dask cluster or an "
                    "existing one, and print them in the published layout (game | preperiod | period | "
                    "nimbers) with their equivalence groups.")
    parser.add_argument("codes", nargs="+", metavar="CODE", help=CODE_HELP)
    parser.add_argument("--values", default=str(DEFAULT_VALUES), metavar="N",
                        help=f"values per game, g(0) .. g(N-1) (default {DEFAULT_VALUES})")
    parser.add_argument("--store", metavar="FILE", help="an SQLite store: results are kept as games finish, "
                                                         "and a run again computes only what is missing")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="an existing Dask cluster's scheduler, tcp://HOST:PORT (default: a local "
                             "cluster)")
    parser.add_argument("--workers", metavar="K", help="worker processes of the local cluster (default: one "
                                                       "per core)")
    parser.add_argument("--csv", action="store_true", help="print code,preperiod,period,certified,largest,"
                                                           "nimbers, one row per game")
    parser.add_argument("--compare", metavar="TABLE", help="a published table (markdown or CSV layout): "
                                                           "print every disagreement with it")
    parser.set_defaults(run=run)


def count(text: str, what: str) -> int:
    """A positive count of the command line; SGStudioError (one line) when it is not one.

    >>> count("1_000", "--values")
    1000
    >>> count("0", "--workers")
    Traceback (most recent call last):
    ...
    sgstudio.core.errors.SGStudioError: sgstudio: sweep: --workers must be an integer from 1 to ..., not '0'
    """
    from sgstudio.core.errors import SGStudioError, clip

    digits = text.strip().replace("_", "")
    if not (digits.isascii() and digits.isdigit()) or not 1 <= int(digits) <= MAX_VALUES:
        raise SGStudioError(f"sgstudio: sweep: {what} must be an integer from 1 to {MAX_VALUES}, not "
                            f"{clip(text)!r}")
    return int(digits)


def run(args: argparse.Namespace) -> int:
    """Run ``sweep`` with parsed arguments (module docstring)."""
    from sgstudio.console import UsageError, read_input
    from sgstudio.core.errors import SGStudioError
    from sgstudio.games.takebreak.sweep.codes import expand
    from sgstudio.games.takebreak.sweep.compare import read_table
    from sgstudio.games.takebreak.sweep.store import open_store

    try:
        codes = expand(args.codes)
    except SGStudioError as err:
        raise SGStudioError(f"sgstudio: {err}") from None
    n = count(args.values, "--values")
    workers = count(args.workers, "--workers") if args.workers is not None else None
    if workers is not None and args.scheduler is not None:
        raise UsageError("sgstudio: sweep: --workers sizes the local cluster; a cluster given by --scheduler "
                         "has its own workers")
    rows = read_table(*read_input(args.compare)) if args.compare is not None else None
    with open_store(args.store) as store:
        missing = len(codes) - len(store.done(codes, n))
        if missing:
            _compute(codes, n, store, args.scheduler, workers, missing)
        results = [store.get(code, n) for code in codes]
    _print(results, rows, args)  # type: ignore[arg-type]
    return 0


def _compute(codes: list[str], n: int, store: Any, scheduler: str | None, workers: int | None,
             missing: int) -> None:
    from sgstudio.games.takebreak.sweep.progress import Progress
    from sgstudio.games.takebreak.sweep.run import connect, sweep

    bar = Progress(len(codes), already=len(codes) - missing)
    try:
        with connect(scheduler, workers) as client:
            sweep(codes, n, store, client, progress=bar)
    finally:
        bar.finish()


def _print(results: list[Any], rows: list[Any] | None, args: argparse.Namespace) -> None:
    from sgstudio.console import emit
    from sgstudio.core.errors import printable
    from sgstudio.games.takebreak.sweep.compare import compare
    from sgstudio.games.takebreak.sweep.table import csv_text, markdown

    if rows is not None:
        found = compare(rows, {r.code: r for r in results}, printable(args.compare))
        emit("".join(f"{d}\n" for d in found.disagreements) + found.summary() + "\n")
    elif args.csv:
        emit(csv_text(results))
    else:
        emit(markdown(results) + "\n")
