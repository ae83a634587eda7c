"""The pattern finder on the project's own value engines: Kayles, Dawson's Kayles and chess, Lasker's
Nim and split-nim, S-Nim; Grundy's game and subtract-a-square get no pattern."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from pattern_oracles import as_function

from sgstudio.core.patterns.certify import subtraction_certificate
from sgstudio.core.patterns.report import Certainty, find_pattern
from sgstudio.games.snim.game import SubtractionGame
from sgstudio.games.splitnim.closed import closed_form
from sgstudio.games.takebreak.certify import takebreak_certificate
from sgstudio.games.takebreak.game import TakeBreakGame
from sgstudio.games.takebreak.parse import parse_rule


def takebreak_report(rule: str, size: int):
    return find_pattern(TakeBreakGame(rule).values(size), parse_rule(rule), takebreak_certificate)


def test_kayles_dawsons_kayles_and_dawsons_chess_periods_are_found_and_certified():
    """Published: Kayles period 12 from 71 (last exception g(70)); Dawson's chess 0.137 period 34, last
    exception at 51, so from 52; Dawson's Kayles 0.07 is 0.137 shifted by one: from 53."""
    for rule, n0, p in (("0.77", 71, 12), ("0.137", 52, 34), ("0.07", 53, 34)):
        report = takebreak_report(rule, 1000)
        pattern = report.pattern
        assert (pattern.family, pattern.preperiod, pattern.period) == ("periodic", n0, p), rule
        assert report.certainty is Certainty.CERTIFIED
        assert report.how_sure().startswith("certified by the octal periodicity theorem")
        own = TakeBreakGame(rule).period()  # the project's own certified period agrees
        assert (own.preperiod, own.period) == (n0, p)
        assert report.formula().startswith(f"period {p} from n = {n0} (preperiod {n0}): g(n) = g(n − {p})")
        far = TakeBreakGame(rule).values(100 * 1000)  # the expression, 100 times the table
        expr = report.python()
        assert expr.endswith(f"[(n - {n0}) % {p}]")
        line = as_function(expr)
        assert [line(n) for n in range(0, far.size, 7)] == far[::7].tolist()


def test_lasker_nim_and_split_nim_are_n_plus_a_correction_certified_by_the_closed_form():
    for k, size in ((2, 300), (3, 200)):
        report = takebreak_report(f"split:{k}", size)
        p = report.pattern
        assert (p.family, p.preperiod, p.period) == ("n_plus", 1, 1 << k)
        assert report.certainty is Certainty.CERTIFIED and "closed form" in report.reason
        expr = report.python()
        m = 1 << k
        assert expr == f"n + 1 if n % {m} == {m - 1} else n - 1 if n % {m} == 0 and n > 0 else n"
        line = as_function(expr)
        for n in (*range(0, 100 * size, 13), 10**18, 10**18 - 1):
            assert line(n) == closed_form(n, k)


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(1, 12), min_size=1, max_size=4))
def test_snim_periods_equal_the_engines_certified_period(members):
    game = SubtractionGame(members)
    n0, p = game.period()
    size = 4 * (n0 + 4 * p + 24) + 50
    g = game.values(size)
    report = find_pattern(g, game, subtraction_certificate)
    assert (report.pattern.preperiod, report.pattern.period) == (n0, p)
    assert report.certainty is Certainty.CERTIFIED
    far = game.values(100 * size)
    line = as_function(report.python())
    sample = np.random.default_rng(far.size).integers(0, far.size, 3000)
    assert all(line(n) == far[n] for n in [*range(size), *sample.tolist(), far.size - 1])
    assert line(10**20) == game.grundy(10**20)


def test_grundys_game_and_subtract_a_square_get_no_pattern():
    for rule in ("grundy", "subtract:squares"):
        report = takebreak_report(rule, 3000)
        assert report.pattern is None and report.certainty is Certainty.NONE, rule
        assert report.text() == "no pattern found\nno pattern found up to n = 2999 (3000 values)"
        assert report.python() == "None"


def test_a_growing_octal_game_is_arithmetic_periodic_and_only_checked():
    g = TakeBreakGame("0.8").values(600)  # remove one, leave three heaps
    report = find_pattern(g, parse_rule("0.8"), takebreak_certificate)
    assert report.pattern.family == "saltus" and report.certainty is Certainty.CHECKED
    assert report.how_sure() == ("holds for every n ≤ 599 (checked on g(0..599)); not certified: the theorem "
                                 "certifies pure periods only (no saltus)")
    far = TakeBreakGame("0.8").values(6000)
    assert np.array_equal(report.pattern.values(np.arange(6000)), far)
