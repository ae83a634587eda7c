"""``sgstudio quotient CODE [--max-heap N] [--json]``: the misère quotient of a take-and-break rule,
heap by heap, printed as MisereSolver prints it.

Text: at each heap where the presentation changes, a block ``=== Presentation Changed at Heap n
===`` with ``Q = <a,b | a2=1, ...>``, ``P = {...}``, ``|Q| = 6; |P| = 2`` and ``Phi = ...`` (each
heap's element, from heap 0, as a word in the generators); between changes, each further heap's
element as it is found; at the end ``=== Solution Found at Heap n ===`` (with the period, the
preperiod, |Q| and |P|) or ``=== No Solution Found by Heap n ===``. JSON: one object with
``code``, ``heaps``, ``presentation``, ``p``, ``q_size``, ``p_size``, ``phi`` (words),
``changes`` (heaps) and ``solved`` (``{"heap", "period", "preperiod"}`` or null).
A bad rule: one line, exit status 2; a quotient too big for the solver: what was found, then one
line on stderr naming the bound, exit status 2.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from sgstudio import console as cli

DEFAULT_MAX_HEAP = 200


def register(subparsers: Any) -> None:
    """Add ``quotient`` to an ``add_subparsers()`` object."""
    parser = subparsers.add_parser(
        "quotient", help="the misère quotient of a take-and-break rule (Plambeck-Siegel), heap by heap",
        description="Compute the misère quotient of the heaps of CODE up to --max-heap (or until it "
                    "stabilises): its presentation, P-portion and pretending function, as MisereSolver "
                    "prints them.")
    parser.add_argument("code", metavar="CODE", help="a rule as in sgstudio values (0.77, 0.75, 0.137, ...)")
    parser.add_argument("--max-heap", type=cli.non_negative, default=DEFAULT_MAX_HEAP, metavar="N",
                        help=f"the largest heap (default {DEFAULT_MAX_HEAP})")
    parser.add_argument("--json", action="store_true", help="print the result as one JSON object")
    parser.set_defaults(run=run)


def _block(solver: Any, heap: int) -> str:
    pres = solver.presentation()
    phi = " ".join(pres.word(x) for x in solver.phi)
    return (f"\n\n=== Presentation Changed at Heap {heap} ===\n\nQ = {pres.text()}\nP = {pres.p_text()}\n\n"
            f"|Q| = {solver.size}; |P| = {solver.p_size}\n\nPhi = {phi}")


def run(args: argparse.Namespace) -> int:
    """Run ``quotient`` with parsed arguments (errors are raised, see :mod:`sgstudio.cli`)."""
    from sgstudio.games.takebreak.game import TakeBreakGame
    from sgstudio.games.takebreak.quotient.solver import QuotientError, QuotientSolver

    try:
        game = TakeBreakGame(args.code)
    except ValueError as err:
        raise cli.UsageError(f"sgstudio: quotient: {err}") from None
    solver = QuotientSolver(game)
    failed = None
    shown = 0

    def progress(heap: int) -> None:
        nonlocal shown
        if args.json:
            return
        if solver.changes and solver.changes[-1] == heap:
            cli.emit(_block(solver, heap))
        else:
            cli.emit((" " if heap else "") + solver.presentation().word(solver.phi[heap]))
        cli.flush_output()
        shown = heap

    try:
        solver.run(args.max_heap, progress)
    except QuotientError as err:
        failed = err
    if args.json:
        cli.emit(json.dumps(_json(solver)) + "\n")
    else:
        cli.emit("\n\n" + _end(solver) if shown or solver.heaps >= 0 else "")
    if failed is not None:
        raise cli.UsageError(f"sgstudio: quotient {args.code}: stopped after heap {solver.heaps}: {failed}")
    return cli.EXIT_OK


def _end(solver: Any) -> str:
    s = solver.solved
    if s is None:
        return f"=== No Solution Found by Heap {solver.heaps} ===\n"
    return (f"=== Solution Found at Heap {s.heap} ===\n\nPeriod    : {s.period:6d}\n"
            f"Preperiod : {s.preperiod:6d}\nQ-Size    : {solver.size:6d}\nP-Size    : {solver.p_size:6d}\n")


def _json(solver: Any) -> dict[str, Any]:
    pres = solver.presentation()
    s = solver.solved
    return {"code": solver.game.rule.text, "heaps": solver.heaps, "presentation": pres.text(),
            "p": pres.p_text(), "q_size": solver.size, "p_size": solver.p_size,
            "phi": [pres.word(x) for x in solver.phi], "changes": solver.changes,
            "solved": None if s is None else {"heap": s.heap, "period": s.period, "preperiod": s.preperiod}}
