"""Equivalence groups of a sweep: equal values inside a group (checked), the shift relation, the published
lookups; and the sweep's values against a brute-force search that knows no Sprague-Grundy theory."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles import takebreak_wins

from sgstudio.games.takebreak.sweep.codes import expand
from sgstudio.games.takebreak.sweep.groups import find_groups, simplicity
from sgstudio.games.takebreak.sweep.job import serial

N = 1000
CODES = expand(["0.??", "4.?"])


@pytest.fixture(scope="module")
def results():
    return {r.code: r for r in serial(CODES, N)}


@pytest.fixture(scope="module")
def groups(results):
    return find_groups(results.values())


def test_equal_values_inside_a_group_and_different_across(results, groups):
    values = {code: r.values() for code, r in results.items()}
    assert sorted(groups.group_of) == sorted(CODES)
    for rep, members in groups.members.items():
        assert members[0] == rep and list(members) == sorted(members, key=simplicity)
        assert all(np.array_equal(values[c], values[rep]) for c in members)
    for a, b in itertools.combinations(groups.members, 2):
        assert not np.array_equal(values[a], values[b])
    assert len(groups.members) < len(CODES)  # some games are equal


def test_equal_after_a_shift_of_the_heap_size_by_one(results, groups):
    values = {code: r.values() for code, r in results.items()}
    for a, b in itertools.product(groups.members, repeat=2):  # every pair of groups, both ways
        equal = a != b and np.array_equal(values[a][1:], values[b][:-1])
        assert equal == (b in groups.shifted.get(a, ())), (a, b)
    assert any(groups.shifted.values())
    for a in groups.shifted:
        assert values[a][1] == 0  # a game that may not take a 1-heap


def test_the_published_lookups(groups):
    # tczajka/octal-games GameLookup.md: .22 and .23 are one game, .64 to .67 too, .41 and .43 play as .17
    # on heaps one smaller; OEIS A002186: 4.4 has Kayles' values a(n - 1), i.e. 4.4 on heaps one larger
    assert groups.group_of["0.23"] == "0.22"
    assert {groups.group_of[c] for c in ("0.64", "0.65", "0.66", "0.67")} == {"0.64"}
    assert groups.group_of["0.41"] == groups.group_of["0.43"] == "0.41"
    assert groups.shifted["0.41"] == ("0.17",)
    assert groups.shifted[groups.group_of["4.4"]] == ("0.77",)


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_the_values_decide_who_wins_as_a_search_does(results, data):
    code = data.draw(st.sampled_from(CODES))
    g = results[code].values()
    digits = [int(code[0])] + [int(d) for d in code[2:]]
    wins = takebreak_wins(digits)
    heaps = data.draw(st.lists(st.integers(0, 9), min_size=1, max_size=3))
    nim_sum = 0
    for h in heaps:
        nim_sum ^= int(g[h])
    assert wins(tuple(sorted(heaps))) == (nim_sum != 0)
