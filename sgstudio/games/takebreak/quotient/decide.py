"""The misère-quotient decider of :func:`sgstudio.core.misere.analysis.analyse_misere`: heaps of one
take-and-break rule are decided by multiplying their elements in the rule's misère quotient, when
the quotient is found (stabilised, or covering every heap of the position) within the solver's
bounds; otherwise None (the analysis goes on to genus theory or the search).

>>> from sgstudio.games.takebreak.game import TakeBreakGame
>>> a = decide([(TakeBreakGame("0.77"), (4, 1))], None)
>>> str(a.outcome), a.method, a.winning_moves
('WIN', 'misère quotient', [(0, (0, 2, (1, 1))), (0, (1, 1, ()))])
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

from sgstudio.games.takebreak.game import TakeBreakGame
from sgstudio.games.takebreak.quotient.solver import QuotientError, QuotientSolver
from sgstudio.games.takebreak.quotient.sums import misere_wins, winning_moves

MAX_HEAP = 300
"""Heaps the solver goes up to for a decision (it stops earlier once the quotient stabilises)."""

MAX_MODEL = 30_000
"""The free model's largest size for a decision: every published quotient the tests reproduce fits
(Kayles' 40 elements among them), and a rule whose quotient does not is passed on to genus theory
in about half a second instead of six (``sgstudio quotient`` and the quotient window go further)."""

_SOLVERS: dict[str, QuotientSolver | None] = {}
_LOCK = threading.Lock()  # a window's analyses run in worker threads: one solver grows at a time


def solver_for(game: TakeBreakGame, needed: int) -> QuotientSolver | None:
    """The quotient of ``game``'s rule covering heaps up to ``needed`` (or stabilised); None when it
    is too big for the solver or has not stabilised by :data:`MAX_HEAP`."""
    key = game.rule.text
    with _LOCK:
        solver = _SOLVERS.get(key, ...)
        if solver is None:
            return None
        if solver is ...:
            solver = _SOLVERS[key] = QuotientSolver(game, MAX_MODEL)
        try:
            if solver.solved is None and solver.heaps < needed:
                solver.run(max(needed, min(MAX_HEAP, 2 * needed + 40)) if needed <= MAX_HEAP else MAX_HEAP)
        except QuotientError:
            _SOLVERS[key] = None
            return None
        except BaseException:
            del _SOLVERS[key]  # stopped half-way through a heap (an interruption): never reused
            raise
    return solver if solver.solved is not None or solver.heaps >= needed else None


def decide(parts: Sequence[tuple[Any, Any]], options: Any) -> Any:
    """Misère outcome and winning moves of heaps of one rule, through its quotient; else None."""
    from sgstudio.core.misere.analysis import MisereAnalysis
    from sgstudio.core.outcome import Outcome

    if not parts or not all(isinstance(g, TakeBreakGame) for g, _ in parts):
        return None
    if len({g.rule.text for g, _ in parts}) != 1:
        return None
    heaps = [int(h) for _, p in parts for h in p]
    solver = solver_for(parts[0][0], max(heaps, default=0))
    if solver is None:
        return None
    where = [(i, j) for i, (_, p) in enumerate(parts) for j in range(len(p))]
    wins = misere_wins(solver, heaps)
    limit = getattr(options, "max_moves", None)
    moves = [(where[k][0], (where[k][1], take, after))
             for k, take, after in winning_moves(solver, heaps, limit)] if wins else []
    pres = solver.presentation()
    state = (f"stabilised at heap {solver.solved.heap}" if solver.solved is not None
             else f"heaps 0..{solver.heaps}")
    reason = (f"the misère quotient of {solver.game.rule.text} (|Q| = {solver.size}, {state}): the sum's "
              f"element is in {'N' if wins else 'P'}")
    return MisereAnalysis(Outcome.WIN if wins else Outcome.LOSE, "misère quotient", reason, moves,
                          {"quotient": pres.text(), "p": pres.p_text()})
