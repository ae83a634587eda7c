"""One-number patterns: planted patterns of every family (with preperiods) are found exactly, never a
multiple of the period, and their Python line is right far beyond the table; the search equals the
plain definition (pattern_oracles.reference) on noisy tables; random tables get no pattern."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pattern_oracles import as_function, group, reference

from sgstudio.core.patterns import kernels
from sgstudio.core.patterns.expression import sequence_expression
from sgstudio.core.patterns.report import find_pattern
from sgstudio.core.patterns.sequence import MIN_CHECKS, PatternError, find_sequence_pattern
from sgstudio.games.splitnim.closed import closed_form

FAMILIES = ("periodic", "saltus", "n_plus", "linear")


@st.composite
def planted(draw, family):
    """(rule, planted n0, planted p): g(n) = prefix[n] below n0, else base[j] + q steps[j]."""
    p = draw(st.integers(1, 6 if family == "linear" else 14))
    n0 = draw(st.integers(0, 30))
    prefix = draw(st.lists(st.integers(0, 12), min_size=n0, max_size=n0))
    if family == "n_plus":
        base = [n0 + j + c for j, c in enumerate(draw(st.lists(st.integers(-2, 2), min_size=p, max_size=p)))]
    else:
        base = draw(st.lists(st.integers(0, 12), min_size=p, max_size=p))
    if family == "periodic":
        steps = [0] * p
    elif family == "saltus":
        steps = [draw(st.integers(-4, 5).filter(lambda s: s != 0))] * p
    elif family == "n_plus":
        steps = [p] * p
    else:
        steps = draw(st.lists(st.integers(-3, 4), min_size=p, max_size=p).filter(lambda s: len(set(s)) > 1))

    def rule(n: int) -> int:
        if n < n0:
            return prefix[n]
        q, j = divmod(n - n0, p)
        return base[j] + q * steps[j]

    return rule, n0, p


def table_of(rule, size: int) -> np.ndarray:
    return np.array([rule(n) for n in range(size)], np.int64)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(FAMILIES).flatmap(planted), st.integers(0, 80))
def test_planted_patterns_are_found_exactly_and_the_expression_holds_far_beyond(case, extra):
    rule, n0, p = case
    size = 4 * (n0 + 4 * p + MIN_CHECKS) + extra
    g = table_of(rule, size)
    found = find_sequence_pattern(g)
    truth = reference(table_of(rule, 3 * size))  # the definition, on a table three times as long
    assert found is not None and truth is not None
    assert (group(found.family), found.preperiod, found.period) == truth
    assert found.preperiod <= n0 and p % found.period == 0  # never a multiple of the true period
    assert found.values(np.arange(size)).tolist() == g.tolist()
    line = as_function(sequence_expression(found))
    far = [*range(size), *np.random.default_rng(size).integers(size, 100 * size, 300).tolist(), 100 * size]
    assert all(line(n) == rule(n) for n in far)
    assert all(found.value(n) == rule(n) for n in far)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(FAMILIES).flatmap(planted), st.integers(25, 260),
       st.lists(st.integers(0, 300), max_size=3), st.integers(0, 9))
def test_the_search_equals_the_definition_on_noisy_tables(case, size, spots, noise):
    """Planted patterns with a few values changed (anywhere, also late): found or not, the pattern is
    the one the definition gives (smallest preperiod, then smallest period)."""
    rule, _, _ = case
    g = table_of(rule, size)
    for s in spots:
        if s < size:
            g[s] = noise
    found = find_sequence_pattern(g)
    expected = reference(g)
    assert (None if found is None else (group(found.family), found.preperiod, found.period)) == expected


def test_the_compiled_kernels_give_what_the_python_sources_give(monkeypatch):
    rng = np.random.default_rng(24)
    g = np.concatenate([rng.integers(0, 5, 300), np.tile(rng.integers(0, 5, 17), 60)])
    lines = np.concatenate([rng.integers(0, 5, 100), [(n % 2 + 1) * n for n in range(100, 800)]])
    python = [kernels.borders(g).tolist(), kernels.first_linear(lines, 200, MIN_CHECKS),
              find_sequence_pattern(g)]
    monkeypatch.setattr(kernels, "PYTHON_WORK", 0)
    assert [kernels.borders(g).tolist(), kernels.first_linear(lines, 200, MIN_CHECKS),
            find_sequence_pattern(g)] == python
    assert python[2] is not None and (python[2].preperiod, python[2].period) == (300, 17)
    assert python[1][0] == 2 and 98 <= python[1][1] <= 100


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(2, 10), st.integers(30, 3000))
def test_random_tables_get_no_pattern(seed, alphabet, size):
    g = np.random.default_rng(seed).integers(0, alphabet, size)
    report = find_pattern(g)
    assert report.pattern is None and report.python() == "None"
    assert report.how_sure() == f"no pattern found up to n = {size - 1} ({size} values)"


def test_a_pattern_needs_evidence_three_periods_and_half_the_table():
    period = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3]
    head = list(np.random.default_rng(0).integers(10, 20, 60))
    assert find_sequence_pattern(head + period * 5) is None  # 50 periodic values after 60: not half
    found = find_sequence_pattern(head + period * 7)
    assert found is not None and (found.preperiod, found.period) == (60, 10)
    assert find_sequence_pattern([7] * MIN_CHECKS) is None and find_sequence_pattern([]) is None
    assert find_sequence_pattern([7] * (MIN_CHECKS + 2)).family == "constant"


def test_split_nim_shape_and_its_expression():
    """split:3's formula as the issue writes it, right up to 10^18 (against the proven closed form)."""
    g = [closed_form(n, 3) for n in range(120)]
    expr = sequence_expression(find_sequence_pattern(g))
    assert expr == "n + 1 if n % 8 == 7 else n - 1 if n % 8 == 0 and n > 0 else n"
    line = as_function(expr)
    assert all(line(n) == closed_form(n, 3) for n in (*range(2000), 10**18 - 1, 10**18, 10**18 + 7))


@pytest.mark.parametrize("bad", [np.zeros((2, 2, 2)), [1.5, 2.0], np.array(["a"])])
def test_bad_tables_are_refused_with_one_clear_error(bad):
    with pytest.raises(PatternError, match="table"):
        find_pattern(bad)
