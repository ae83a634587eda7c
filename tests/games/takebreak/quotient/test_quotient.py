"""Misère quotients against a rules-only misère search of whole positions (no theory)."""

from __future__ import annotations

import itertools

import pytest

from sgstudio.games.takebreak.quotient import solver as solver_module
from sgstudio.games.takebreak.quotient.solver import QuotientError, QuotientSolver
from sgstudio.games.takebreak.quotient.sums import misere_wins, winning_moves
from tests.core.misere.misere_oracle import heap_oracle

CODES = ["0.75", "0.77", "0.7", "0.3", "0.07", "0.137", "0.007", "0.6", "0.17", "0.56", "0.71", "0.52",
         "0.53", "0.73", "0.44", "0.34"]
MAX_HEAP = 12


@pytest.mark.parametrize("code", CODES)
def test_quotient_outcomes_of_all_sums_of_up_to_four_heaps(code):
    solver = QuotientSolver(code)
    solver.run(MAX_HEAP)
    wins, winning = heap_oracle(code)
    for k in range(1, 5):
        for heaps in itertools.combinations_with_replacement(range(MAX_HEAP + 1), k):
            assert misere_wins(solver, heaps) == wins(heaps), (code, heaps)
    for heaps in itertools.combinations_with_replacement(range(1, 9), 3):  # every winning move too
        got = sorted((i, t, tuple(sorted(a))) for i, t, a in winning_moves(solver, heaps))
        assert got == sorted(winning(heaps)), (code, heaps)


def test_misere_kayles_quotient_and_its_p_positions():
    solver = QuotientSolver("0.77")
    report = solver.run(200)
    assert report.solved is not None and (report.solved.preperiod, report.solved.period) == (71, 12)
    p = [n for n in range(1, 40) if not misere_wins(solver, [n])]
    assert p[:5] == [1, 4, 9, 12, 20]
    assert misere_wins(solver, [10**18]) == misere_wins(solver, [71 + (10**18 - 71) % 12])


def test_the_published_quotient_of_075():
    """Plambeck–Siegel's R8: <a,b,c | a2=1, b3=b, bc=ab, c2=b2>, P = {a, b2}."""
    solver = QuotientSolver("0.75")
    assert solver.run(60).solved is not None
    pres = solver.presentation()
    assert (solver.size, solver.p_size) == (8, 2)
    assert set(pres.text()[pres.text().index("|") + 2:-1].split(", ")) == {"a2=1", "bc=ab", "c2=b2", "b3=b"}
    assert pres.p_text() == "{a, b2}"


def test_nim_like_codes_are_tame_quotients():
    solver = QuotientSolver("0.3")  # take 1: heaps are *0, *1, *0, ...
    assert solver.run(30).solved is not None and solver.size == 2


def test_a_quotient_too_big_is_refused_clearly(monkeypatch):
    monkeypatch.setattr(solver_module, "MAX_MODEL", 30_000)  # the same refusal, a tenth of the work
    with pytest.raises(QuotientError, match="too big"):
        QuotientSolver("0.07").run(40)
