"""S-Nim: values, certified periods, huge heaps, winning moves, the Game protocol.

Outcomes and winning moves are checked against a brute-force win/lose search over whole positions
(memoised, no mex, no XOR); periods against an exhaustive search on a long table of the definition.
"""

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles import snim_wins as brute_wins

from sgstudio.core.errors import SGStudioError
from sgstudio.core.play.session import Game, outcome
from sgstudio.games.snim import game as snim
from sgstudio.games.snim import kernels as snim_kernels
from sgstudio.games.snim.game import PeriodNotFoundError, SubtractionGame

sets = st.sets(st.integers(1, 16), min_size=1, max_size=4)


def naive_table(members, n):
    """g(0..n-1) straight from the definition g(n) = mex{g(n - s)}."""
    g = []
    for i in range(n):
        reach = {g[i - s] for s in members if s <= i}
        g.append(next(v for v in range(len(reach) + 1) if v not in reach))
    return g


def brute_period(table, margin):
    """Smallest p, then smallest n0, with table[n + p] == table[n] for n0 <= n, and at least `margin`
    agreeing values after n0 (exhaustive search; needs a table much longer than n0 + p)."""
    arr = np.array(table)
    for p in range(1, len(arr)):
        bad = np.flatnonzero(arr[:-p] != arr[p:])
        n0 = int(bad[-1]) + 1 if bad.size else 0
        if len(arr) - p - n0 >= margin:
            return n0, p
    raise AssertionError("table too short")


# -- outcomes and winning moves against the brute force -------------------------------------------
@settings(max_examples=80, deadline=None)
@given(sets, st.lists(st.integers(0, 14), min_size=1, max_size=3))
def test_outcome_and_winning_moves_match_brute_force(members, heaps):
    game = SubtractionGame(members)
    wins = brute_wins(members)
    position = tuple(heaps)
    assert (game.value(position) != 0) == wins(position)
    assert outcome(game, position) == ("WIN" if wins(position) else "LOSE")
    expected_moves = [(i, s) for i, h in enumerate(heaps) for s in sorted(members) if s <= h]
    assert game.legal_moves(position) == expected_moves
    winning = {m for m in expected_moves if not wins(game.apply(position, m))}
    assert set(game.winning_moves(position)) == winning
    assert len(game.winning_moves(position)) == len(winning)


@settings(max_examples=40, deadline=None)
@given(st.sets(st.integers(1, 40), min_size=1, max_size=30), st.integers(0, 300))
def test_values_match_the_definition(members, n):
    values = SubtractionGame(members).values(n)
    assert values.tolist() == naive_table(members, n)
    assert not values.flags.writeable


@settings(max_examples=60, deadline=None)
@given(st.sets(st.integers(1, 50), min_size=1, max_size=12), st.integers(0, 400), st.data())
def test_numpy_blocks_and_numba_kernel_agree(members, n, data):
    s = np.array(sorted(members), np.int64)
    start = data.draw(st.integers(0, n))
    kernel = np.zeros(n, np.uint8)
    snim_kernels._kernel("fill")(kernel, 0, n, s)
    blocks = kernel.copy()
    blocks[start:] = 0
    snim_kernels._fill_blocks(blocks, start, n, s)
    assert blocks.tolist() == kernel.tolist()


def test_duplicates_and_order_are_ignored():
    assert SubtractionGame([5, 2, 2]).S == SubtractionGame([2, 5]).S == (2, 5)
    assert SubtractionGame([5, 2, 2]).values(50).tolist() == SubtractionGame([2, 5]).values(50).tolist()


@pytest.mark.parametrize("bad", [[], [0], [3, -1], [2.5], ["x"]])
def test_invalid_sets_raise_value_error(bad):
    with pytest.raises(ValueError):
        SubtractionGame(bad)


# -- certified periods --------------------------------------------------------------------------
def assert_period_is_brute_force_one(members):
    game = SubtractionGame(members)
    n0, p = game.period()
    assert (n0, p) == brute_period(naive_table(sorted(members), 4000), margin=1500)
    w = max(members)
    g = game.values(n0 + p + w)
    assert g[n0 : n0 + w].tolist() == g[n0 + p : n0 + p + w].tolist()  # the certificate
    assert f"period {p} from n = {n0}, certified by {w} agreeing" in game.describe_period()


@pytest.mark.parametrize("k", range(1, 9))
def test_period_of_one_to_k(k):
    assert_period_is_brute_force_one(range(1, k + 1))


@pytest.mark.parametrize(
    "members", [{2, 5}, {1}, {3}, {2, 4, 7}, {1, 4, 10}, {2, 8, 9}, {4, 9, 10, 12}, {3, 4, 9}]
)
def test_period_of_known_sets(members):
    assert_period_is_brute_force_one(members)


@settings(max_examples=40, deadline=None)
@given(sets)
def test_period_of_random_sets(members):
    assert_period_is_brute_force_one(members)


@settings(max_examples=40, deadline=None)
@given(st.sets(st.integers(1, 12), min_size=1, max_size=4), st.integers(1, 150))
def test_agreeing_windows_prove_periodicity(members, q):
    """The docstring's claim: w = max(S) agreeing values at distance q give period q from there on."""
    w = max(members)
    g = np.array(naive_table(sorted(members), 2500))
    agree = g[:-q] == g[q:]
    runs = np.convolve(agree.astype(int), np.ones(w, int), mode="valid")  # agreeing values per window
    starts = np.flatnonzero(runs == w)
    if starts.size:
        a = int(starts[0])
        assert (g[a:-q] == g[a + q :]).all()


def test_huge_heaps_through_the_period():
    game = SubtractionGame([2, 4, 7])
    n0, p = game.period()
    table = naive_table([2, 4, 7], n0 + 3 * p)
    for h in [10**18 + j for j in range(-5, 6)] + [2**64 + 3, 10**30]:
        assert game.grundy(h) == table[n0 + (h - n0) % p]
        assert game.grundy(h) == game.grundy(h - 10**6 * p)
    assert game.grundy_array([10**18, 2**70]).tolist() == [game.grundy(10**18), game.grundy(2**70)]


@settings(max_examples=20, deadline=None)
@given(st.sets(st.integers(1, 30), min_size=1, max_size=5), st.integers(0, 50))
def test_large_heaps_agree_with_a_plain_table(members, offset):
    h = snim.DIRECT + 1000 + offset
    through_period = SubtractionGame(members).grundy(h)
    assert through_period == SubtractionGame(members).values(h + 1)[h]


def test_huge_heap_winning_moves_are_exactly_the_zeroing_moves():
    game = SubtractionGame([1, 4, 10])
    position = (10**18, 10**18 + 7, 5)
    winning = set(game.winning_moves(position))
    assert winning
    for move in game.legal_moves(position):
        assert (game.value(game.apply(position, move)) == 0) == (move in winning)


def test_no_period_within_the_limit_is_a_clear_error():
    game = SubtractionGame([1, 1000], limit=1500)
    with pytest.raises(PeriodNotFoundError) as info:
        game.period()
    assert isinstance(info.value, SGStudioError) and isinstance(info.value, ValueError)
    assert "1,500" in str(info.value) and info.value.limit == 1500
    with pytest.raises(PeriodNotFoundError):
        game.grundy(10**18)
    assert game.grundy(1400) == SubtractionGame([1, 1000]).values(1401)[1400]  # within the table


def test_progress_is_reported_and_can_cancel():
    calls = []
    game = SubtractionGame([3, 700])
    period = game.period(progress=lambda done, total: calls.append((done, total)))
    assert calls and all(a[0] <= b[0] for a, b in itertools.pairwise(calls))
    assert all(total == game.limit for _, total in calls)

    class CancelledError(Exception):
        pass

    def cancel(done, total):
        raise CancelledError

    fresh = SubtractionGame([3, 700])
    with pytest.raises(CancelledError):
        fresh.period(progress=cancel)
    assert fresh.period() == period


# -- the Game protocol ---------------------------------------------------------------------------
def test_game_protocol_and_illegal_moves():
    game = SubtractionGame([2, 5])
    assert isinstance(game, Game)
    assert game.apply((7, 5), (1, 5)) == (7, 0)
    with pytest.raises(ValueError, match=r"^take 3 is not in S$"):
        game.apply((7, 5), (0, 3))
    with pytest.raises(ValueError, match=r"^heap 2 has only 1 stone$"):
        game.apply((7, 5, 1), (2, 2))
    with pytest.raises(ValueError, match=r"^heap 0 has only 0 stones$"):
        game.apply((0,), (0, 2))
    with pytest.raises(ValueError, match="no heap 3"):
        game.apply((7, 5), (3, 2))
    assert game.value(()) == 0 and game.winning_moves(()) == []


def test_bad_heaps_raise_value_error():
    game = SubtractionGame([1, 2])
    for bad in (-1, 2.5, "3"):
        with pytest.raises(ValueError):
            game.grundy(bad)
    with pytest.raises(ValueError):
        game.grundy_array([1, -2])
    with pytest.raises(ValueError):
        game.grundy_array([1.5])
    huge = np.array([2**63 + 1, 7], np.uint64)
    assert game.grundy_array(huge).tolist() == [game.grundy(2**63 + 1), game.grundy(7)]
    with pytest.raises(ValueError):
        game.values(-1)


def test_plan_loads_the_jit_for_large_work_and_values_stay_exact():
    snim.plan([([1, 2, 3], 10)])  # small work: nothing to decide yet, nothing breaks
    snim.plan([([1, 500], 10**7)])  # far more numpy work than loading the JIT costs
    assert "fill" in snim_kernels._JIT
    assert SubtractionGame([1, 500]).values(600).tolist() == naive_table([1, 500], 600)
