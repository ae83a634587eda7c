"""The editable split-nim position: edits, events, kept values, winning moves, tables, validation.

Outcomes are checked against a brute-force win/lose search over whole positions that uses no
Sprague–Grundy theory (no mex, no XOR): a position wins iff some move leads to a losing one.
"""


import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles import splitnim_wins as brute

from sgstudio.games.splitnim import hdu5795
from sgstudio.games.splitnim.game import SplitNim, closed_form
from sgstudio.games.splitnim.position import SplitNimPosition, heap_array, parse_size, parse_sizes
from sgstudio.games.splitnim.steps import (
    compare_table,
    prepare_table,
    scan_winning_moves,
    table_ready,
)

# -- edits keep the values, the nim-sum and the outcome right --------------------------------------
edit = st.tuples(st.integers(0, 6), st.integers(0, 2), st.lists(st.integers(0, 9), max_size=3))


@settings(max_examples=60, deadline=None)
@given(parts=st.sampled_from([2, 3, 4]), heaps=st.lists(st.integers(0, 9), max_size=4),
       edits=st.lists(edit, max_size=5))
def test_edits_keep_values_and_outcome_right(parts, heaps, edits):
    prepare_table(4, 64)
    pos = SplitNimPosition(heaps, parts)
    pos.values()  # kept from now on, edit by edit
    model = list(heaps)
    for index, count, sizes in edits:
        index = min(index, len(model))
        count = min(count, len(model) - index)
        removed = pos.splice(index, count, sizes)
        assert removed.tolist() == model[index:index + count]
        model[index:index + count] = sizes
        assert pos.heaps == tuple(model)
        fresh = SplitNimPosition(model, parts)
        assert pos.values().tolist() == fresh.values().tolist() == [pos.game.grundy(h) for h in model]
        assert pos.nim_sum() == fresh.nim_sum()
        if sum(model) <= 16:
            assert (pos.outcome() == "WIN") == brute(model, parts)


@settings(max_examples=40, deadline=None)
@given(parts=st.sampled_from([2, 3]), heaps=st.lists(st.integers(0, 9), min_size=1, max_size=3)
       .filter(lambda hs: sum(hs) <= 15))
def test_each_listed_move_wins_and_scans_add_up(parts, heaps):
    pos = SplitNimPosition(heaps, parts)
    game, values, total = pos.game, pos.values(), pos.nim_sum()
    whole = scan_winning_moves(game, pos.heap_array, values, total)
    assert whole.moves == game.winning_moves(tuple(heaps)) and whole.count == len(whole.moves)
    for move in whole.moves:
        after = game.apply(tuple(heaps), move)
        assert not brute(after, parts)  # the opponent loses
    if total == 0:
        assert whole.moves == [] and not brute(heaps, parts)
    first = scan_winning_moves(game, pos.heap_array, values, total, keep=1, stop_after=1)
    rest = scan_winning_moves(game, pos.heap_array, values, total, first.stop, keep=0)
    assert first.moves == whole.moves[:1] and rest.moves == []
    assert first.count + rest.count == whole.count


def test_edit_events_and_refused_edits():
    pos = SplitNimPosition([4, 4])
    seen = []
    pos.about_to_change.connect(lambda *a: seen.append(("about", a, pos.heaps)))
    pos.changed.connect(lambda *a: seen.append(("changed", a, pos.heaps)))
    pos.set_heap(1, 6)
    assert seen == [("about", (1, 1, 1), (4, 4)), ("changed", (1, 1, 1), (4, 6))]
    seen.clear()
    for bad in (lambda: pos.set_heap(0, -1), lambda: pos.splice(3, 0, [1]), lambda: pos.set_parts(1),
                lambda: pos.apply_move((0, (1, 1))), lambda: pos.apply_move((0, (4,))),
                lambda: pos.apply_move((5, ())), lambda: pos.splice(0, 1, [True])):
        with pytest.raises(ValueError):
            bad()
    assert seen == [] and pos.heaps == (4, 6) and pos.parts == 3


def test_huge_heaps_use_python_ints_and_go_back_to_int64():
    big = 10**40 + 7
    pos = SplitNimPosition([9, 7], 3)
    pos.values()
    pos.splice(1, 0, [big])
    assert pos.heap_array.dtype == object and pos.heap(1) == big
    assert pos.nim_sum() == closed_form(9, 3) ^ closed_form(big, 3) ^ closed_form(7, 3)
    pos.splice(1, 1, [])
    assert pos.heap_array.dtype == np.int64 and pos.nim_sum() == 9 ^ 8


def test_a_million_heaps_match_the_judge_reader():
    rng = np.random.default_rng(5)
    heaps = rng.integers(1, 10**9, size=10**6)
    pos = SplitNimPosition(heaps, 3)
    assert pos.nim_sum() == hdu5795.case_value(heaps.tolist())
    pos.set_heap(123_456, 77)
    heaps[123_456] = 77
    assert pos.nim_sum() == hdu5795.case_value(heaps.tolist())
    scan = scan_winning_moves(pos.game, pos.heap_array, pos.values(), pos.nim_sum(), keep=5, stop_after=5)
    assert len(scan.moves) == 5
    for i, after in scan.moves:
        assert pos.game.value(after) == pos.value(i) ^ pos.nim_sum()


def test_parts_four_needs_the_table_and_stops_beyond_it():
    pos = SplitNimPosition([3, 100], 4)
    prepare_table(4, 101)
    assert pos.missing_table() == 0 and table_ready(4, 101)
    assert pos.values().tolist() == [SplitNim(4).grundy(3), SplitNim(4).grundy(100)]
    limit = pos.game.table_limit()
    pos.set_heap(0, limit + 5)
    assert pos.missing_table() == 0
    with pytest.raises(ValueError, match="table"):
        pos.nim_sum()
    pos.set_parts(3)
    assert pos.nim_sum() == closed_form(limit + 5, 3) ^ closed_form(100, 3)


def test_prepare_table_reports_and_stops_when_progress_raises():
    reports = []

    def stop_at_second(done, total):
        reports.append((done, total))
        if len(reports) == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        prepare_table(9, 600, stop_at_second)
    assert not table_ready(9, 600)
    assert reports[0][0] == 0 and 0 < reports[1][0] < reports[1][1]
    totals = []

    def stop_now(_done, total):
        totals.append(total)
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):  # the largest table: its figures fit a 32-bit Qt signal
        prepare_table(16, 4096, stop_now)
    assert 0 < totals[0] < 2**31


@pytest.mark.parametrize("parts", [2, 3])
def test_compare_table_brute_force_equals_closed_form(parts):
    c = compare_table(parts, 300)
    assert len(c.brute) == 300 and c.mismatches() == []
    assert c.closed.tolist() == [closed_form(n, parts) for n in range(300)]
    for n in range(12):  # a single heap is a loss exactly when its value is 0
        assert (c.brute[n] != 0) == brute([n], parts)


def test_compare_table_without_closed_form_shows_the_pattern():
    c = compare_table(4, 40)
    assert c.closed is None and c.mismatches() == []
    assert c.brute.tolist() == SplitNim(4).values(40).tolist()
    assert "g(0..39)" in c.pattern or "g(n +" in c.pattern


# -- text -------------------------------------------------------------------------------------------
@given(st.integers(0, 10**60))
def test_parse_size_reads_what_str_writes(n):
    assert parse_size(str(n)) == n and parse_size(f"  {n}\t") == n


@pytest.mark.parametrize("text, words", [
    ("", "type a heap size"), ("-4", "cannot be negative"), ("4.5", "not a heap size"),
    ("1e9", "not a heap size"), ("x", "not a heap size"), ("1__0", "not a heap size"),
    ("٣", "not a heap size"), ("9" * 1001, "at most 1000 digits"),
])
def test_parse_size_refuses_with_a_clear_message(text, words):
    with pytest.raises(ValueError, match=words):
        parse_size(text)


def test_parse_sizes_names_the_bad_item():
    assert parse_sizes("1, 2;3  4") == [1, 2, 3, 4]
    with pytest.raises(ValueError, match="item 3: a heap size cannot be negative: '-1'"):
        parse_sizes("1 2 -1")
    with pytest.raises(ValueError, match="one or more"):
        parse_sizes(" , ")


def test_saved_dict_round_trip_and_refusals():
    pos = SplitNimPosition([10**30, 0, 5], 5)
    again = SplitNimPosition.from_dict(pos.to_dict())
    assert again.heaps == pos.heaps and again.parts == 5
    for bad in ({"heaps": "1 2"}, {"heaps": [1, "2"]}, {"heaps": [1], "parts": 0}, [1, 2],
                {"heaps": [-1]}, {"heaps": [1], "parts": 2.0}):
        with pytest.raises(ValueError):
            SplitNimPosition.from_dict(bad)
    assert heap_array(np.array([3, 4])).tolist() == [3, 4]


def test_format_move_words():
    heaps, game = (9, 7), SplitNim(3)  # the game's one move_text
    assert game.move_text((0, (2, 3, 4)), heaps) == "heap 1: 9 -> 2 + 3 + 4"
    assert game.move_text((1, (5,)), heaps) == "heap 2: 7 -> 5 (take 2)"
