"""A quotient whose growth is stopped half-way (an interruption, a cancelled worker) is never reused:
the next decision starts it again and answers as an uninterrupted one does."""

import pytest

from sgstudio.games.takebreak.game import TakeBreakGame
from sgstudio.games.takebreak.quotient import decide as decide_module
from sgstudio.games.takebreak.quotient.solver import QuotientSolver


def test_a_solver_stopped_half_way_is_not_reused(monkeypatch):
    game = TakeBreakGame("0.75")
    monkeypatch.setattr(decide_module, "_SOLVERS", {})
    expected = decide_module.decide([(game, (6, 3))], None)
    monkeypatch.setattr(decide_module, "_SOLVERS", {})
    real_next, calls = QuotientSolver.next, []

    def next_then_stop(self):
        calls.append(1)
        if len(calls) == 4:
            real_next(self)
            raise KeyboardInterrupt  # after a step of a heap's growth, before the next
        return real_next(self)

    monkeypatch.setattr(QuotientSolver, "next", next_then_stop)
    with pytest.raises(KeyboardInterrupt):
        decide_module.decide([(game, (6, 3))], None)
    assert "0.75" not in decide_module._SOLVERS
    monkeypatch.setattr(QuotientSolver, "next", real_next)
    again = decide_module.decide([(game, (6, 3))], None)
    assert (again.outcome, again.winning_moves) == (expected.outcome, expected.winning_moves)
