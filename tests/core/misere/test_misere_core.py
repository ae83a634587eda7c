"""Misère Nim, genus, canonical forms, the search and the retrograde analysis, against rules-only
searches (tests/core/misere/misere_oracle.py) on random small cases."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sgstudio.core.misere.analysis import Options, analyse_misere
from sgstudio.core.misere.forms import MisereForms
from sgstudio.core.misere.genus import Genera
from sgstudio.core.misere.loopy import retrograde
from sgstudio.core.misere.nim import misere_nim_winning_moves, misere_nim_wins, tame_sum_wins
from sgstudio.core.misere.search import MisereSearch, SearchCancelledError, SearchLimitError
from sgstudio.core.outcome import Outcome
from sgstudio.games.graph.dag.game import DagGame
from sgstudio.games.graph.loopy.game import LoopyGame
from sgstudio.games.nim.game import NimGame
from sgstudio.games.takebreak.game import TakeBreakGame
from tests.core.misere.misere_oracle import heap_oracle, token_oracle

codes = st.builds(lambda d: "0." + "".join(map(str, d)),
                  st.lists(st.integers(0, 7), min_size=1, max_size=3)).filter(lambda c: c.strip("0.") != "")


@given(st.lists(st.integers(0, 7), max_size=4))
@settings(max_examples=80, deadline=None)
def test_misere_nim_against_the_rules(heaps):
    # 0.777... with 14 digits is "take 1..14 leaving 0, 1 or 2 heaps": not Nim; Nim is 0.333...
    wins, winning = heap_oracle("0.33333333")
    assert misere_nim_wins(heaps) == wins(heaps)
    expected = sorted((i, h - t) for i, t, _ in winning(heaps) for h in [heaps[i]])
    assert sorted(misere_nim_winning_moves(heaps)) == expected


@given(codes, st.lists(st.integers(0, 9), min_size=1, max_size=3))
@settings(max_examples=60, deadline=None)
def test_search_against_the_rules_on_heaps(code, heaps):
    wins, winning = heap_oracle(code)
    game = TakeBreakGame(code)
    search = MisereSearch()
    assert (search.outcome([(game, tuple(heaps))]) is Outcome.WIN) == wins(heaps)
    found = search.winning_moves([(game, tuple(heaps))])
    assert sorted((m[0], m[1], tuple(sorted(m[2]))) for _, m in found) == sorted(winning(heaps))


@given(codes, st.lists(st.lists(st.integers(0, 7), min_size=1, max_size=2), min_size=1, max_size=3))
@settings(max_examples=40, deadline=None)
def test_analysis_of_sums_of_components(code, groups):
    """A sum of several components of one code: every winning move, whatever decides it."""
    wins, winning = heap_oracle(code)
    game = TakeBreakGame(code)
    heaps = [h for g in groups for h in g]
    result = analyse_misere([(game, tuple(g)) for g in groups])
    assert (result.outcome is Outcome.WIN) == wins(heaps)
    offsets = list(itertools.accumulate([0, *map(len, groups)]))
    got = sorted((offsets[i] + m[0], m[1], tuple(sorted(m[2]))) for i, m in result.winning_moves)
    assert got == sorted(winning(heaps))


dags = st.integers(1, 7).flatmap(lambda n: st.tuples(
    st.tuples(*[st.lists(st.integers(v + 1, n - 1), max_size=3) if v < n - 1 else st.just([])
                for v in range(n)]),
    st.lists(st.integers(0, n - 1), min_size=1, max_size=3)))
graphs = st.integers(1, 6).flatmap(lambda n: st.tuples(
    st.tuples(*[st.lists(st.integers(0, n - 1), max_size=2) for _ in range(n)]),
    st.lists(st.integers(0, n - 1), min_size=1, max_size=3)))


@given(dags)
@settings(max_examples=60, deadline=None)
def test_tokens_on_dags(case):
    successors, tokens = case
    game = DagGame(successors)
    oracle = token_oracle(game.successors)
    assert str(MisereSearch().outcome([(game, tuple(sorted(tokens)))])) == oracle(tokens)
    result = analyse_misere([(game, tuple(sorted(tokens)))])
    assert str(result.outcome) == oracle(tokens)
    for _, (v, w) in result.winning_moves:
        rest = list(tokens)
        rest.remove(v)
        assert oracle([*rest, w]) == "LOSE"
    every = {(v, w) for v in set(tokens) for w in game.successors[v]}
    def left(v, w):
        rest = list(tokens)
        rest.remove(v)
        return [*rest, w]
    losing = {(v, w) for v, w in every if oracle(left(v, w)) == "LOSE"}
    assert {m for _, m in result.winning_moves} == losing


@given(graphs)
@settings(max_examples=80, deadline=None)
def test_tokens_on_loopy_graphs(case):
    successors, tokens = case
    game = LoopyGame(successors)
    oracle = token_oracle(game.successors)
    result = retrograde(game.successors, tokens)
    assert str(result.outcome) == oracle(tokens)
    for v, w in result.winning_moves:
        rest = list(tokens)
        rest.remove(v)
        assert oracle([*rest, w]) == "LOSE"
    assert str(analyse_misere([(game, tuple(sorted(tokens)))]).outcome) == oracle(tokens)


def test_misere_kayles_single_heap_p_positions():
    game = TakeBreakGame("0.77")
    search = MisereSearch()
    p = [n for n in range(1, 26) if search.outcome([(game, (n,))]) is Outcome.LOSE]
    assert p[:5] == [1, 4, 9, 12, 20]
    wins, _ = heap_oracle("0.77")
    assert p == [n for n in range(1, 26) if not wins((n,))]


def test_canonical_forms_identify_equal_games():
    forms = MisereForms()
    star = forms.nim(1)
    assert forms.add(star, star) == forms.ZERO
    assert forms.add(forms.nim(2), forms.nim(2)) != forms.ZERO
    # misère Nim heaps are canonical and distinct
    assert len({forms.nim(n) for n in range(8)}) == 8


def test_genus_of_nim_heaps_and_tame_sums():
    forms = MisereForms()
    genera = Genera(forms)
    assert [str(genera.of(forms.nim(n))) for n in range(5)] == ["0^120", "1^031", "2^20", "3^31", "4^46"]
    two_two = forms.add(forms.nim(2), forms.nim(2))
    assert genera.tame(two_two) and genera.of(two_two).firm
    assert not tame_sum_wins([(0, 0)]) and tame_sum_wins([(0, 1)])


@given(st.lists(st.integers(0, 3), min_size=1, max_size=3),
       st.lists(st.integers(0, 5), min_size=1, max_size=3))
@settings(max_examples=60, deadline=None)
def test_tame_rule_against_the_search(a, b):
    """Sums of sums of nim heaps (tame, often firm) decided by genus theory and by the search."""
    forms = MisereForms()
    genera = Genera(forms)
    comps = [forms.add_all(forms.nim(n) for n in a), forms.add_all(forms.nim(n) for n in b)]
    assert all(genera.tame(c) for c in comps)
    pairs = [(genera.of(c).base, genera.of(c).misere) for c in comps]
    assert tame_sum_wins(pairs) == (not forms.is_p(forms.add_all(comps)))
    assert tame_sum_wins(pairs) == misere_nim_wins([*a, *b])


def test_analysis_says_which_theory_decided():
    assert analyse_misere([(NimGame(), (2, 2))]).method == "misère Nim"
    tame = analyse_misere([(TakeBreakGame("0.3"), (2, 3))])  # 0.3: take 1, a heap of n is *(n mod 2)
    assert tame.method in ("genus theory", "misère quotient")


def test_the_bound_and_cancel_are_clear():
    game = TakeBreakGame("0.77")
    with pytest.raises(SearchLimitError, match="stopped at its bound"):
        MisereSearch(limit=50).outcome([(game, (30, 31))])
    with pytest.raises(SearchCancelledError):
        MisereSearch(cancel=lambda: True).outcome([(game, (40,))])
    seen = []
    MisereSearch(progress=lambda done, limit: seen.append(done)).outcome([(game, (25, 20))])
    assert seen and seen == sorted(seen)
    assert analyse_misere([(NimGame(), (1,))], Options(max_moves=0)).winning_moves == []


def test_loopy_graphs_too_big_are_refused_clearly():
    ring = tuple(((v + 1) % 40, (v + 7) % 40) for v in range(40))
    with pytest.raises(SearchLimitError, match="retrograde analysis stopped at its bound"):
        retrograde(ring, (0, 5, 9, 13), limit=1000)
    assert retrograde(ring, (0,), limit=1000).positions == 40
