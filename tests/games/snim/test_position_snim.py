"""The S-Nim tab's position model: parsing S, edits, events, validation, saving, the analysis.

The analysis (W/L and winning moves) is checked against a brute-force win/lose search over whole
positions that knows only the rule (take exactly s in S from one heap) and "a position is winning
iff some move leads to a losing position": no mex, no XOR.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles import snim_wins as brute_wins

from sgstudio.games.snim.game import DIRECT, SubtractionGame
from sgstudio.games.snim.position import (
    JudgeCase,
    SNimPosition,
    check_heap,
    default_plot_limit,
    grundy_range,
    parse_subtraction_set,
    search_period,
)

sets = st.sets(st.integers(1, 7), min_size=1, max_size=3)
positions = st.lists(st.integers(0, 14), min_size=0, max_size=3)


def after(heaps, move):
    i, take = move
    return (*heaps[:i], heaps[i] - take, *heaps[i + 1 :])


class Recorder:
    """Counts every event of a position."""

    def __init__(self, p: SNimPosition) -> None:
        self.events: list[str] = []
        for name in ("s_changed", "heaps_changed", "judge_changed", "period_changed"):
            getattr(p, name).connect(lambda name=name: self.events.append(name))


# -- the analysis against the brute force ---------------------------------------------------------
@settings(max_examples=120, deadline=None)
@given(sets, positions)
def test_outcome_and_winning_moves_match_brute_force(members, heaps):
    p = SNimPosition(members, heaps)
    a = p.analyse()
    wins = brute_wins(members)
    assert a.outcome == ("WIN" if wins(heaps) else "LOSE")
    legal = [(i, s) for i, h in enumerate(heaps) for s in sorted(members) if s <= h]
    expected = [m for m in legal if not wins(after(heaps, m))]
    assert [m.move for m in a.moves] == expected
    for m in a.moves:  # the one analysis record (sgstudio.core.analysis) of the core
        heap, take = m.move
        size_after = heaps[heap] - take
        assert m.component == heap
        assert (m.value_before, m.value_after) == (a.values[heap], p.game.grundy(size_after))
        assert m.row() == (f"heap {heap + 1}: take {take} -> {size_after}, "
                           f"value {m.value_before} -> {m.value_after}")
    assert (a.total == 0) == (a.outcome == "LOSE")


@settings(max_examples=60, deadline=None)
@given(sets, positions, st.data())
def test_playing_a_winning_move_leaves_a_lost_position(members, heaps, data):
    p = SNimPosition(members, heaps)
    moves = p.analyse().moves
    if not moves:
        assert not brute_wins(members)(heaps)
        return
    move = data.draw(st.sampled_from(moves)).move
    p.play(move)
    assert p.heaps == after(tuple(heaps), move)
    assert p.analyse().outcome == "LOSE" and not brute_wins(members)(p.heaps)


# -- S as text --------------------------------------------------------------------------------------
@settings(max_examples=80, deadline=None)
@given(st.lists(st.integers(1, 10**6), min_size=1, max_size=8), st.sampled_from([" ", ", ", ",", "  \t"]),
       st.booleans())
def test_parse_accepts_separators_braces_and_repeats(members, sep, braces):
    text = sep.join(map(str, members))
    if braces:
        text = "{" + text + "}"
    assert parse_subtraction_set(text) == tuple(sorted(set(members)))


@pytest.mark.parametrize(("text", "words"), [
    ("", "S is empty"),
    ("  , ", "S is empty"),
    ("2 x 5", "'x' is not a whole number"),
    ("2.5", "'2.5' is not a whole number"),
    ("0 3", "positive, got 0"),
    ("3 -1", "must be positive, got -1"),
])
def test_parse_rejects_with_a_clear_message(text, words):
    with pytest.raises(ValueError, match=words.replace("(", r"\(")) as info:
        parse_subtraction_set(text)
    assert "\n" not in str(info.value)


# -- edits: events, validation that changes nothing -----------------------------------------------
def test_each_edit_emits_its_event_once():
    p = SNimPosition((2, 5), (5, 12))
    rec = Recorder(p)
    p.insert_heap(0, 3)
    p.set_heap(1, 6)
    assert p.remove_heap(2) == 12
    p.set_S((1, 4))
    p.play((0, 1))
    p.set_judge(JudgeCase("f.txt", 1, 1, (4, 1, 1), ((1, 2),)))
    assert p.heaps == (2, 6) and p.S == (1, 4) and p.judge.S == (4, 1, 1)
    assert rec.events == ["heaps_changed"] * 3 + ["period_changed", "s_changed", "heaps_changed",
                                                  "judge_changed"]


def test_an_edit_to_the_same_value_emits_nothing():
    p = SNimPosition((2, 5), (5, 12))
    rec = Recorder(p)
    p.set_S((5, 2, 2))
    p.set_heap(0, 5)
    p.set_heaps([5, 12])
    assert rec.events == []


@pytest.mark.parametrize(("edit", "words"), [
    (lambda p: p.insert_heap(5, 1), "cannot insert a heap at 6"),
    (lambda p: p.insert_heap(0, -2), "heap 1: a heap size must be >= 0"),
    (lambda p: p.set_heap(2, 1), "there is no heap 3"),
    (lambda p: p.set_heap(0, 2.5), "heap 1: a heap size must be an integer"),
    (lambda p: p.set_heap(0, True), "must be an integer"),
    (lambda p: p.remove_heap(-1), "there is no heap 0"),
    (lambda p: p.set_heaps([1, "x"]), "heap 2: a heap size must be an integer"),
    (lambda p: p.set_S([]), "at least one member"),
    (lambda p: p.set_S([0, 2]), "positive"),
    (lambda p: p.play((0, 3)), "take 3 is not in S"),
    (lambda p: p.play((1, 2)), "there is no heap 1"),
    (lambda p: p.play((0, 5)), "heap 0 has only 4 stones"),
])
def test_invalid_edits_raise_and_change_nothing(edit, words):
    p = SNimPosition((2, 5), (4,))
    before = p.snapshot()
    rec = Recorder(p)
    with pytest.raises(ValueError, match=words):
        edit(p)
    assert p.snapshot() == before and rec.events == []


def test_check_heap_takes_any_size():
    assert check_heap(10**40) == 10**40
    with pytest.raises(ValueError, match="heap 3"):
        check_heap(-1, 2)


# -- huge heaps: the period, found elsewhere, is adopted --------------------------------------------
def test_huge_heaps_wait_for_the_period_then_match_the_core():
    p = SNimPosition((2, 5, 7), (10**18, 3))
    assert not p.ready() and p.analyse() is None and p.period_result is None
    assert p.adopt(search_period((9,))) is False  # another S: kept for later, not used
    assert not p.ready()
    result = search_period(p.S)
    assert p.adopt(result) and p.ready()
    a = p.analyse()
    core = SubtractionGame((2, 5, 7))
    assert a.values == (core.grundy(10**18), core.grundy(3))
    assert [m.move for m in a.moves] == core.winning_moves((10**18, 3))
    assert p.period_result is result and result.period == core.period()


def test_undoing_a_change_of_s_reuses_the_period_found_before():
    p = SNimPosition((2, 5), (10**9,))
    p.adopt(search_period(p.S))
    first = p.period_result
    p.set_S((3, 4))
    assert p.period_result is None and not p.ready()
    p.set_S((5, 2))
    assert p.period_result is first and p.ready()


def test_without_a_period_only_the_computed_values_are_answered():
    r = search_period((3, 1000), limit=1500)
    assert r.period is None and r.known == 1500 and "1,500" in r.text
    p = SNimPosition((3, 1000), (1499,))
    p.adopt(r)
    assert p.ready() and p.analyse().values == (SubtractionGame((3, 1000)).grundy(1499),)
    p.set_heap(0, 1500)
    assert not p.ready() and p.analyse() is None


def test_search_period_can_be_cancelled_through_progress():
    calls = []

    def progress(done, total):
        calls.append((done, total))
        raise KeyboardInterrupt  # any exception unwinds the search

    with pytest.raises(KeyboardInterrupt):
        search_period((3, 5000, 9999), progress=progress)
    assert calls and calls[0][0] <= calls[0][1]


@settings(max_examples=30, deadline=None)
@given(sets, st.integers(1, 300), st.integers(1, 64))
def test_grundy_range_equals_the_table(members, stop, chunk):
    r = search_period(members)
    seen = []
    got = grundy_range(r.game, stop, progress=lambda d, t: seen.append((d, t)), chunk=chunk)
    assert got.tolist() == SubtractionGame(members).values(stop).tolist()
    assert seen[-1] == (stop, stop) and len(seen) == -(-stop // chunk)


def test_default_plot_limit_shows_about_three_periods():
    for period in [(0, 1), (3, 7), (40, 100), (0, 10**6)]:
        n0, p = period
        h = default_plot_limit(period)
        assert h >= 30 and (h == n0 + 3 * p or h in (30, 10**6))
    assert default_plot_limit(None) == 200


# -- saving ---------------------------------------------------------------------------------------
@settings(max_examples=50, deadline=None)
@given(sets, st.lists(st.integers(0, 2**80), max_size=5), st.booleans())
def test_to_dict_round_trips_through_json(members, heaps, with_judge):
    p = SNimPosition(members, heaps)
    if with_judge:
        p.set_judge(JudgeCase("a.txt", 2, 3, (5, *members), (tuple(heaps) or (0,), (1,))))
    data = json.loads(json.dumps(p.to_dict()))
    assert SNimPosition.from_dict(data).snapshot() == p.snapshot()


@pytest.mark.parametrize(("data", "words"), [
    ([], "needs S and heaps"),
    ({"S": [2]}, "needs S and heaps"),
    ({"S": [], "heaps": []}, "S is empty"),
    ({"S": [2, 0], "heaps": []}, "positive"),
    ({"S": 5, "heaps": []}, "list of positive integers"),
    ({"S": [2], "heaps": 3}, "heaps must be a list"),
    ({"S": [2], "heaps": [1, -1]}, "heap 2"),
    ({"S": [2], "heaps": [], "judge": {"file": "x"}}, "bad judge case"),
    ({"S": [2], "heaps": [], "judge": {"file": "x", "number": 1, "count": 1, "S": [0],
                                       "positions": [[1]]}}, "bad judge case"),
])
def test_from_dict_rejects_bad_data(data, words):
    with pytest.raises(ValueError, match=words):
        SNimPosition.from_dict(data)


def test_ready_uses_the_direct_table_below_its_limit():
    p = SNimPosition((2, 5), (DIRECT - 1,))
    assert p.ready() and p.analyse().values == (SubtractionGame((2, 5)).grundy(DIRECT - 1),)
    p.set_heap(0, DIRECT)
    assert not p.ready()
