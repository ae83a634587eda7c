"""The subtraction-game engines: OEIS terms, each other, a from-the-definition mex, brute-force
win/lose search over two-heap positions, and Eppstein's published counts of losing positions."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sgstudio.games.snim.subtraction import engine
from sgstudio.games.snim.subtraction.engine import (
    METHODS,
    choose_method,
    losing_positions,
    members_below,
    values,
)
from sgstudio.games.snim.subtraction.sets import NAMED_SETS, SubtractionSetError
from tests.oracles import snim_wins

# The first terms of each game's value sequence, as the OEIS lists them (offset 0).
OEIS = {
    "squares": "A014586 0,1,0,1,2,0,1,0,1,2,0,1,0,1,2,0,1,0,1,2,0,1,0,1,2,3,2,3,4,5,3,2,3,4,0,1,2,3,2,"
               "0,1,2,3,2,0,1,2,3,2,3,4,5,0,1,3,4,5,0,1,3,4,5,0,1,3,0,1,0,1,2,4,3,0,1,5,6,2,3,4,5,6,"
               "2,3,4,5,0,1,6,3,2,4,2,6,4,5,0,1,6,4",
    "factorials": "A014587 0,1,2,0,1,2,3,0,1,2,0,1,2,3,0,1,2,0,1,2,3,0,1,2,3,0,1,2,0,1,2,3,0,1,2,0,1,"
                  "2,3,0,1,2,0,1,2,3,0,1,2,3,0,1,2,0,1,2,3,0,1,2,0,1,2,3,0,1,2,0,1,2,3,0,1,2,3,0,1,2,"
                  "0,1,2,3,0,1,2,0,1,2,3,0,1,2,0,1,2,3,0,1,2",
    "fibonacci": "A014588 0,1,2,3,0,1,2,3,4,5,0,1,2,3,0,1,2,3,4,5,0,1,2,3,0,1,2,3,4,5,0,1,2,3,4,5,0,1,"
                 "2,3,0,1,2,3,4,5,0,1,2,3,0,1,2,3,4,5,0,1,2,3,0,1,2,3,4,5,0,1,2,3,4,5,0,1,2,3,0,1,2,3,"
                 "4,5,0,1,2,3,0,1,2,3,4,5,0,1,2,3,0,1,2",
    "primes": "A014589 0,0,1,1,2,2,3,3,4,0,0,1,1,2,2,3,3,4,4,5,5,6,6,7,7,0,4,1,5,2,6,3,4,7,0,0,1,1,2,2,"
              "3,3,4,8,5,7,6,8,9,0,4,1,5,2,6,0,4,1,5,2,6,3,4,7,5,8,4,10,5,7,6,8,4,7,5,8,6,10,9,7,4,8,"
              "5,10,6,0,4,1,5,2,6,0,4,1,5,2,6,3",
    "triangular": "A019509 0,1,0,1,0,1,2,3,2,0,1,0,1,0,1,2,3,2,0,1,0,1,0,1,2,3,2,0,1,0,1,0,1,2,3,2,3,"
                  "2,3,4,5,4,5,4,5,3,2,3,4,5,4,0,1,0,1,2,3,2,3,2,0,1,0,1,2,3,2,3,2,0,1,0,1,4,5,2,3,2,3,"
                  "5,4,5,4,5,6,0,1,3,5,4,5,4,5,6,0,1,3,6,7",
}

# Subtract-a-square: (C, p) = C losing positions up to and including the losing position p, 0
# counted (Eppstein's table of P-positions, 11011110.github.io/blog/2016/11/16). The first ones
# are checked here; benchmarks/bench_subtraction.py checks them all, up to 104,857,942.
SQUARE_COUNTS = [(22, 109), (39, 204), (66, 425), (99, 827), (158, 1625), (255, 3209), (419, 6414),
                 (682, 12812), (1087, 25647), (1752, 51202), (2821, 102517), (4497, 204817),
                 (7436, 409687)]


def mex_by_definition(members, n):
    g = []
    for x in range(n):
        seen = {g[x - s] for s in members if s <= x}
        g.append(next(v for v in range(len(seen) + 1) if v not in seen))
    return g


@pytest.mark.parametrize("name", list(OEIS))
@pytest.mark.parametrize("method", [*METHODS, "auto"])
def test_first_terms_are_those_of_the_oeis(name, method):
    oeis_id, terms = OEIS[name].split()
    expected = [int(t) for t in terms.split(",")]
    assert NAMED_SETS[name].oeis == oeis_id
    assert values(name, len(expected), method=method).tolist() == expected


finite_sets = st.lists(st.integers(1, 40), min_size=1, max_size=12)


@settings(max_examples=60, deadline=None)
@given(finite_sets, st.integers(0, 400))
def test_every_method_equals_the_definition_on_random_finite_sets(members, n):
    expected = mex_by_definition(sorted(set(members)), n)
    for method in METHODS:
        assert values(members, n, method=method).tolist() == expected, method


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(list(NAMED_SETS)), st.integers(0, 6000))
def test_fast_methods_equal_the_plain_one_on_the_named_sets(name, n):
    plain = values(name, n, method="plain")
    for method in ("blocked", "classes"):
        assert np.array_equal(values(name, n, method=method), plain), method


@settings(max_examples=20, deadline=None)
@given(st.lists(st.integers(1, 3000), min_size=1, max_size=200), st.integers(1000, 40000))
def test_fast_methods_equal_the_plain_one_on_large_random_sets(members, n):
    plain = values(members, n, method="plain")
    for method in ("blocked", "classes"):
        assert np.array_equal(values(members, n, method=method), plain), method


@pytest.mark.parametrize("name", ["squares", "primes"])
def test_equal_values_mean_a_lost_two_heap_position(name):
    """By brute-force search alone (no mex, no XOR): (a, b) is lost iff g(a) == g(b), and a is lost
    iff g(a) == 0."""
    n = 70
    g = values(name, n, method="blocked")
    wins = snim_wins(NAMED_SETS[name].members(n).tolist())
    assert all((g[a] == 0) == (not wins((a,))) for a in range(n))
    assert all((g[a] == g[b]) == (not wins((a, b))) for a in range(n) for b in range(a, n))


def test_counts_of_losing_positions_of_subtract_a_square():
    largest = SQUARE_COUNTS[-1][1]
    g = values("squares", largest + 1)
    losing = losing_positions("squares", largest + 1)
    assert np.array_equal(losing, np.flatnonzero(g == 0))
    for count, position in SQUARE_COUNTS:
        assert g[position] == 0
        assert int(np.count_nonzero(g[: position + 1] == 0)) == count


def test_losing_positions_of_subtract_a_square_by_win_lose_search_alone():
    """No values at all: x is lost iff no square leads to a lost position; the sieve, the values'
    zeros and the counts of the published table (those below n) agree with that search."""
    n = 7000
    lost: list[bool] = []
    for x in range(n):
        lost.append(not any(lost[x - k * k] for k in range(1, int(x**0.5) + 1)))
    expected = [x for x in range(n) if lost[x]]
    assert losing_positions("squares", n).tolist() == expected
    assert np.flatnonzero(values("squares", n) == 0).tolist() == expected
    for count, position in SQUARE_COUNTS:
        if position < n:
            assert lost[position] and sum(lost[: position + 1]) == count


def test_the_blocked_kernel_widens_its_rows_when_values_jump():
    """S = {1..300}: g(x) = x mod 301 climbs by one per position, far past any first row width."""
    n = 5000
    assert values(range(1, 301), n, method="blocked").tolist() == [x % 301 for x in range(n)]


def test_classes_hand_over_to_blocks_when_their_bitsets_outgrow_the_budget(monkeypatch):
    monkeypatch.setattr(engine, "LEVEL_BUDGET", 1)
    n = 3000
    members = list(range(1, 41))
    assert values(members, n, method="classes").tolist() == [x % 41 for x in range(n)]


def test_values_go_on_from_known_ones():
    full = values("triangular", 6000, method="plain")
    for method in METHODS:
        for k in (0, 1, 777, 5999, 6000):
            assert np.array_equal(values("triangular", 6000, method=method, known=full[:k]), full)


def test_a_value_table_extends_itself_and_stays_read_only():
    table = engine.ValueTable("squares", limit=5000)
    calls = []
    first = table.values(1000, progress=lambda done, total: calls.append((done, total)))
    assert calls[-1] == (1000, 1000) and table.computed == 1000
    assert np.array_equal(table.values(1500), values("squares", 1500)) and table.computed == 2000
    assert table.values(2100).size == 2100 and table.computed == 4000  # at least doubling
    assert table.values(4100).size == 4100 and table.computed == 5000  # but not past the limit
    assert np.array_equal(first, values("squares", 1000))
    with pytest.raises(ValueError):
        first[0] = 1


def test_progress_is_reported_and_may_cancel():
    calls = []
    values("squares", 300_000, progress=lambda done, total: calls.append((done, total)))
    assert calls and calls[-1] == (300_000, 300_000)
    assert [d for d, _ in calls] == sorted({d for d, _ in calls})

    class CancelledError(Exception):
        pass

    def cancel(done, total):
        raise CancelledError

    with pytest.raises(CancelledError):
        values("squares", 300_000, progress=cancel)
    assert values("squares", 10).tolist() == [0, 1, 0, 1, 2, 0, 1, 0, 1, 2]


def test_the_method_follows_the_size_and_density_of_s():
    n = 10**6
    assert choose_method(members_below("squares", n), n) == "blocked"
    assert choose_method(members_below("triangular", n), n) == "blocked"
    assert choose_method(members_below("primes", n), n) == "classes"
    assert choose_method(members_below("fibonacci", n), n) == "plain"
    assert choose_method(members_below("factorials", n), n) == "plain"
    assert choose_method(members_below("squares", 100), 100) == "python"


def test_dtype_holds_every_value():
    assert values("squares", 100).dtype == np.uint16
    assert values("squares", 0).size == 0
    assert engine.value_dtype(0xFFFE) == np.uint16 and engine.value_dtype(0xFFFF) == np.uint32
    g = np.zeros(3, engine.value_dtype(0xFFFF))
    g[2] = 0xFFFF  # the largest value 0xFFFF members can give
    assert g[2] == 0xFFFF


@pytest.mark.parametrize(("call", "error", "message"), [
    (lambda: values("squares", -1), ValueError, "n must be >= 0"),
    (lambda: values("squares", 5, method="fft"), ValueError, "unknown method 'fft'"),
    (lambda: values("cubes", 5), SubtractionSetError, "no subtraction set is named 'cubes'"),
    (lambda: values([0, 1], 5), SubtractionSetError, "positive integer"),
])
def test_bad_requests_get_clear_errors(call, error, message):
    with pytest.raises(error, match=message):
        call()
