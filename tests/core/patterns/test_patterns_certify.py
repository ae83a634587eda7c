"""How sure: the three certificates against the project's theorems (exactly at the bound they need),
the certifier interface, and the first counterexample a longer table shows."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from sgstudio.core.patterns.certify import Certificate, octal_certificate, subtraction_certificate
from sgstudio.core.patterns.check import first_counterexample
from sgstudio.core.patterns.plane import LinePattern, XorPattern
from sgstudio.core.patterns.report import Certainty, find_pattern
from sgstudio.core.patterns.sequence import SequencePattern, find_sequence_pattern
from sgstudio.games.snim.game import SubtractionGame
from sgstudio.games.splitnim.certify import split_certificate
from sgstudio.games.splitnim.closed import closed_form
from sgstudio.games.splitnim.game import SplitNim
from sgstudio.games.takebreak.certify import takebreak_certificate
from sgstudio.games.takebreak.game import TakeBreakGame
from sgstudio.games.takebreak.parse import parse_rule
from sgstudio.games.takebreak.rules import HEX


def test_kayles_is_certified_exactly_from_the_value_the_octal_theorem_needs():
    """0.77: J = 2 heaps, t = 2, n0 = 71, p = 12: g(n + 12) = g(n) for 71 <= n < 156, so the table must
    reach n = 167 (168 values); with 167 the pattern is found but not certified."""
    rule = parse_rule("0.77")
    g = TakeBreakGame("0.77").values(168)
    short = find_pattern(g[:167], rule, takebreak_certificate)
    assert (short.pattern.preperiod, short.pattern.period) == (71, 12)
    assert short.certainty is Certainty.CHECKED
    assert short.reason == ("the octal periodicity theorem needs g(n + 12) = g(n) for 71 <= n < 156, that is "
                            "the table up to n = 167; it has 167 values")
    full = find_pattern(g, rule, takebreak_certificate)
    assert full.certainty is Certainty.CERTIFIED and "for 71 <= n < 156 (checked)" in full.reason


codes = st.tuples(st.sampled_from([0, 4]), st.lists(st.integers(0, 7), min_size=1, max_size=3))


@settings(max_examples=30, deadline=None)
@given(codes)
def test_octal_certificates_agree_with_the_projects_own_certified_periods(code):
    text = HEX[code[0]] + "." + "".join(HEX[d] for d in code[1])
    own = TakeBreakGame(text).period(20_000)
    assume(own.certified and own.preperiod + own.period < 400)
    rule = parse_rule(text)
    n0, p = own.preperiod, own.period
    size = max(4 * (n0 + 4 * p + 24), 2 * max(n0, 1) + p + 8 + p) + 10
    report = find_pattern(TakeBreakGame(text).values(size), rule, takebreak_certificate)
    assert report.certainty is Certainty.CERTIFIED, report.reason
    assert (report.pattern.preperiod, report.pattern.period) == (n0, p)


def test_theorems_that_do_not_apply_say_why():
    periodic = find_sequence_pattern([0, 1] * 30)
    table = [0, 1] * 30
    cases = [("grundy", "unequal heaps"), ("subtract:squares", "S is infinite"), ("0.4", None)]
    for text, why in cases:
        cert = octal_certificate(periodic, table, parse_rule(text))
        if why is None:  # 0.4 (split a heap into two): a finite code, the theorem applies
            assert cert.certified
        else:
            assert not cert.certified and why in cert.reason
    assert "arbitrarily many" in octal_certificate(periodic, table, parse_rule("split:4")).reason
    wrong = octal_certificate(periodic, [0, 1] * 29 + [0, 0], parse_rule("0.4"))
    assert not wrong.certified and wrong.reason == ("the table contradicts the pattern: g(59) = 0, but the "
                                                    "pattern says 1")


def test_split_certificate_needs_the_proven_closed_form():
    for k in (2, 3):
        g = [closed_form(n, k) for n in range(200)]
        pattern = find_sequence_pattern(g)
        for rule in (k, SplitNim(k), parse_rule(f"split:{k}")):
            assert split_certificate(pattern, g, rule).certified
    g4 = TakeBreakGame("split:4").values(200)
    cert = split_certificate(find_sequence_pattern(g4), g4, 4)
    assert not cert.certified and "no closed form is proven for split:4" in cert.reason
    other = [0] + [n + (n % 8 == 6) - (n % 8 == 7) for n in range(1, 200)]  # n + c(n mod 8), another c
    cert = split_certificate(find_sequence_pattern(other), other, 3)
    assert not cert.certified and cert.reason == "the pattern is not split:3's proven closed form"
    true = SequencePattern(1, 8, (0,), tuple(closed_form(n, 3) for n in range(1, 9)), (8,) * 8, 0)
    assert split_certificate(true, [closed_form(n, 3) for n in range(30)], 3).certified
    bent = SequencePattern(1, 8, (0,), true.base, (8, 8, 8, 8, 8, 8, 8, 9), 0)  # agrees up to n = 15 only
    table = bent.values(np.arange(30))
    assert table[:16].tolist() == [closed_form(n, 3) for n in range(16)]
    cert = split_certificate(bent, table, 3)
    assert not cert.certified and cert.reason == "the pattern is not split:3's proven closed form"


def test_a_pattern_that_a_longer_table_breaks_is_refused_a_certificate_and_shows_the_counterexample():
    """S = {1, 50}: g alternates 0, 1 until the take of 50 first applies; 48 values show period 2, the
    subtraction-game bound needs 50 agreeing values, and the table to 200 breaks it at n = 50."""
    game = SubtractionGame([1, 50])
    short = game.values(48)
    report = find_pattern(short, game, subtraction_certificate)
    assert (report.pattern.preperiod, report.pattern.period) == (0, 2)
    assert report.certainty is Certainty.CHECKED and "w = max(S) = 50 values" in report.reason
    broken = first_counterexample(report.pattern, game.values(200))
    assert broken.at == (50,) and broken.text() == "g(50) = 2, but the pattern says 0"
    assert first_counterexample(report.pattern, short) is None


def test_certified_snim_patterns_with_the_set_as_a_list():
    g = SubtractionGame([2, 4, 7]).values(300)
    cert = subtraction_certificate(find_sequence_pattern(g), g, [7, 2, 4])
    assert cert.certified
    assert cert.reason.startswith("certified by the subtraction-game bound: g(8..14) = g(11..17)")


def test_a_game_plugs_in_its_own_certifier():
    seen = []

    def theorem(pattern, table, rule):
        seen.append((pattern.period, len(table), rule))
        return Certificate(True, "by the theorem of the game")

    report = find_pattern([0, 1, 2] * 20, "my rule", theorem)
    assert seen == [(3, 60, "my rule")]
    assert report.certainty is Certainty.CERTIFIED
    assert report.how_sure() == "certified: by the theorem of the game"


def test_two_number_counterexamples_come_in_the_order_a_table_grows():
    x, y = np.indices((12, 12))
    wythoff_like = x ^ y
    wythoff_like[1, 1], wythoff_like[3, 0] = 2, 7
    broken = first_counterexample(XorPattern((4, 4)), wythoff_like)
    assert broken.at == (1, 1) and broken.text() == "g(1, 1) = 2, but the pattern says 0"
    p = np.where(x == y, 0, 1)
    p[2, 5] = 0
    p[4, 4] = 3
    diagonal = LinePattern("diagonal", 0, 0, (4, 4))
    broken = first_counterexample(diagonal, p)  # x + y = 7 comes before 8
    assert broken.at == (2, 5)
    assert broken.text() == "g(2, 5) = 0, a P-position, but the pattern says it is not"
    p[2, 5] = 1
    broken = first_counterexample(diagonal, p)
    assert broken.at == (4, 4)
    assert broken.text() == "g(4, 4) = 3, not a P-position, but the pattern says it is one"
    p[4, 4] = 0
    assert first_counterexample(diagonal, p) is None


def test_a_sequence_pattern_evaluates_exactly_for_huge_n():
    pattern = SequencePattern(2, 3, (9, 9), (1, 2, 3), (5, 5, 5), 100)
    assert pattern.value(3 * 10**30 + 2) == 1 + 5 * 10**30
    with pytest.raises(ValueError):
        pattern.value(-1)
