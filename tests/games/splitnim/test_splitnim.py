"""Split-nim against a brute-force win/lose search over whole positions (no mex, no XOR)."""

from itertools import combinations_with_replacement, product

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles import normal, partitions
from oracles import splitnim_wins as wins

from sgstudio.core.mex import mex
from sgstudio.core.play.session import Game, outcome
from sgstudio.games.splitnim.game import (
    MAX_LEGAL_MOVES,
    SplitNim,
    certify_closed_form,
    closed_form,
    closed_form_split,
    compute_table,
    detect_pattern,
    xor_sum_parts,
)

# -- brute force: whole positions, "winning iff some move leads to a losing position" -------------


def after_move(position, move):
    i, after = move
    return normal(position[:i] + after + position[i + 1:])


positions = st.lists(st.integers(0, 11), min_size=1, max_size=3).filter(lambda hs: sum(hs) <= 19)


@settings(max_examples=150, deadline=None)
@given(parts=st.sampled_from([2, 3, 4]), heaps=positions)
def test_outcome_and_winning_moves_match_brute_force(parts, heaps):
    game, position = SplitNim(parts), tuple(heaps)
    assert (game.value(position) != 0) == wins(normal(position), parts)
    moves = game.winning_moves(position)
    takes = {m for m in moves if len(m[1]) <= 1}
    brute_takes = {(i, (m,) if m else ()) for i, n in enumerate(position) for m in range(n)
                   if not wins(after_move(position, (i, (m,) if m else ())), parts)}
    assert takes == brute_takes
    splits = {i: after for i, after in moves if len(after) > 1}
    assert len(splits) == len(moves) - len(takes)  # at most one split per heap
    for i, n in enumerate(position):
        exists = any(not wins(after_move(position, (i, s)), parts) for s in partitions(n, parts))
        assert (i in splits) == exists
        if i in splits:
            assert splits[i] in set(partitions(n, parts))
            assert not wins(normal(game.apply(position, (i, splits[i]))), parts)


@settings(max_examples=60, deadline=None)
@given(parts=st.sampled_from([2, 3, 4]), heaps=positions)
def test_legal_moves_are_every_move_and_apply_follows_them(parts, heaps):
    game, position = SplitNim(parts), tuple(heaps)
    moves = game.legal_moves(position)
    expected = [(i, (m,) if m else ()) for i, n in enumerate(position) for m in range(n)]
    expected += [(i, s) for i, n in enumerate(position) for s in partitions(n, parts)]
    assert sorted(moves) == sorted(expected) and len(moves) == len(set(moves))
    children = {after_move(position, m) for m in moves}
    assert {normal(game.apply(position, m)) for m in moves} == children
    assert (game.value(position) != 0) == any(not wins(c, parts) for c in children)


# -- values -----------------------------------------------------------------------------------------
def naive_table(parts, count):
    """mex over takes and over every split, enumerated part by part."""
    g = []
    for n in range(count):
        options = set(g)
        for split in partitions(n, parts):
            x = 0
            for p in split:
                x ^= g[p]
            options.add(x)
        g.append(mex(options))
    return g


@pytest.mark.parametrize("parts", [2, 3, 4, 5])
def test_numba_table_matches_naive_mex_table(parts):
    assert compute_table(parts, 48)[0].tolist() == naive_table(parts, 48)


@pytest.mark.parametrize("parts", [2, 3])
def test_closed_form_matches_brute_force_table(parts):
    table = compute_table(parts, 1100)[0]
    game = SplitNim(parts)
    assert [game.grundy(n) for n in range(1100)] == table.tolist()
    assert game.values(1100).tolist() == table.tolist()


def test_proof_certificate_holds_exactly_where_the_formula_holds():
    assert certify_closed_form(2) and certify_closed_form(3)
    assert not certify_closed_form(4)
    table = compute_table(4, 64)[0]
    assert any(closed_form(n, 4) != table[n] for n in range(64))


@pytest.mark.parametrize("parts", [2, 3])
def test_huge_heaps_follow_the_residue_rule_of_the_table(parts):
    period = 1 << parts
    table = compute_table(parts, 8 * period)[0]
    base = 10**30  # a multiple of 8
    game = SplitNim(parts)
    for r in range(2 * period):
        small = 4 * period + r
        assert game.grundy(base + r) - base == int(table[small]) - 4 * period
        assert str(r % period) in game.explain(base + r)
        assert game.explain(base + r).endswith(f"= {game.grundy(base + r)}")


@settings(max_examples=100, deadline=None)
@given(parts=st.sampled_from([2, 3]), n=st.integers(0, 10**30),
       pos=st.lists(st.integers(0, 10**30), max_size=3))
def test_winning_moves_on_huge_heaps_are_legal_and_winning(parts, n, pos):
    game = SplitNim(parts)
    position = (n, *pos)
    moves = game.winning_moves(position)
    assert (moves == []) == (game.value(position) == 0)
    for move in moves:
        assert game.value(game.apply(position, move)) == 0


@settings(max_examples=80, deadline=None)
@given(parts=st.sampled_from([2, 3]), n=st.integers(2, 150), target=st.integers(0, 160))
def test_constructive_split_exists_exactly_when_some_split_reaches_the_target(parts, n, target):
    reachable = set()
    for split in partitions(n, parts):
        x = 0
        for p in split:
            x ^= closed_form(p, parts)
        reachable.add(x)
    found = closed_form_split(n, target, parts)
    assert (found is not None) == (target in reachable)
    if found is not None:
        assert len(found) == parts and sum(found) == n and min(found) >= 1
        x = 0
        for p in found:
            x ^= closed_form(p, parts)
        assert x == target


@settings(max_examples=100, deadline=None)
@given(xor=st.integers(0, 40), total=st.integers(0, 40), need=st.lists(st.booleans(), min_size=2, max_size=3))
def test_xor_sum_parts_decides_and_builds(xor, total, need):
    k = len(need)
    brute = [v for v in product(range(total + 1), repeat=k) if sum(v) == total
             and all(x >= 1 for x, nd in zip(v, need, strict=True) if nd) and np.bitwise_xor.reduce(v) == xor]
    found = xor_sum_parts(xor, total, need)
    assert (found is not None) == bool(brute)
    if found is not None:
        assert list(found) in [list(v) for v in brute]


# -- other parts: the table, its pattern, its limit --------------------------------------------------
def test_detected_pattern_holds_on_a_longer_table():
    game = SplitNim(4)
    found = game.pattern(512)
    assert found is not None and found.verified_to == 512 and "not proven" in found.describe()
    longer = game.values(1024)
    n = np.arange(found.start, 1024 - found.period)
    assert (longer[n + found.period] - longer[n] == found.increment).all()


def test_detect_pattern_finds_nothing_in_noise():
    rng = np.random.default_rng(5)
    assert detect_pattern(rng.integers(0, 10**6, 400)) is None


def test_beyond_the_table_is_a_clear_error():
    game = SplitNim(4)
    game.values(300)
    with pytest.raises(ValueError, match=r"g\(1000000000000\) for parts=4 .* below \d+") as info:
        game.grundy(10**12)
    assert "g(n + " in str(info.value)  # the pattern seen so far is reported


def test_many_parts_small_heaps():
    game = SplitNim(50)
    assert [game.grundy(n) for n in range(50)] == list(range(50))
    assert "no split is possible" in game.explain(7)
    assert game.table_limit() >= 256
    assert game.winning_moves((3, 5)) == [(1, (3,))]


@pytest.mark.parametrize("parts", [0, 1, -3, 2.5, True, "3"])
def test_bad_parts(parts):
    with pytest.raises(ValueError, match="parts must be an integer >= 2"):
        SplitNim(parts)


# -- protocol ------------------------------------------------------------------------------------------
def test_game_protocol_and_outcome():
    game = SplitNim()
    assert isinstance(game, Game) and game.parts == 3
    assert outcome(game, (4, 4)) == "LOSE" and outcome(game, (1, 2, 4)) == "WIN"


@pytest.mark.parametrize(("move", "message"), [
    ((0, (1, 2, 3)), "parts must sum to 9"),
    ((0, (1, 8, 0)), "a split needs 3 non-empty heaps"),
    ((0, (1, 1, 1, 6)), "a split needs 3 non-empty heaps"),
    ((0, (4, 5)), "a split needs 3 non-empty heaps"),
    ((0, (9,)), "a take must leave fewer stones than the heap has: 0..8, not 9"),
    ((0, (12,)), "a take must leave fewer stones than the heap has: 0..8, not 12"),
    ((0, (0,)), "taking every stone removes the heap: take 9 (all)"),
    ((1, ()), "heap 1 is empty"),
    ((2, ()), "there is no heap 2"),
    ((0,), "a move is (heap_index, after)"),
])
def test_apply_rejects_illegal_moves(move, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        SplitNim(3).apply((9, 0), move)


def test_legal_moves_refuses_to_enumerate_huge_heaps():
    with pytest.raises(ValueError, match=str(MAX_LEGAL_MOVES)):
        SplitNim(3).legal_moves((10**9,))
    with pytest.raises(ValueError, match=str(MAX_LEGAL_MOVES)):
        SplitNim(3).legal_moves((2000,))  # about 333,000 splits


@pytest.mark.parametrize("heap", [-1, 2.0, None])
def test_bad_heaps(heap):
    with pytest.raises(ValueError, match="non-negative integer"):
        SplitNim(3).grundy(heap)


def test_splits_are_all_multisets_once():
    from sgstudio.games.splitnim.game import _splits

    for k in (2, 3, 4):
        for n in range(15):
            got = list(_splits(n, k))
            assert got == sorted(set(got))
            assert set(got) == {c for c in combinations_with_replacement(range(1, n + 1), k) if sum(c) == n}
