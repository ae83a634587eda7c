"""Random small games written as option tables, against a search by the rules alone.

The games: positions drawn from ints and tuples, each with a few options; an option may be a list
(a sum of positions); with or without cycles. The search (:func:`whole_sums`) knows no
Sprague-Grundy theory: a position of a sum is the whole multiset of its components, a move moves
one of them, and retrograde analysis labels every multiset WIN, LOSE or DRAW with its remoteness.
Values are checked through sums with Nim heaps, which the search plays by their rules too (a heap
of k moves to any smaller heap): g(p) = k exactly when p + *k is lost; and for γ(p) = ∞(K),
p + *k is won when k is in K, else drawn.
"""

from __future__ import annotations

from collections import deque

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from sgstudio import Game
from sgstudio.core.outcome import Outcome
from sgstudio.core.values import Infinite

POOL = [0, 1, 2, 3, (0, 1), (1, "a"), (2, 2), 7]
CAP = 3000
"""Multisets the search explores at most (beyond: the example is skipped)."""
WIDEST = 10
"""Components a multiset may hold in the search (beyond: the example is skipped)."""


def heap(k: int) -> tuple:
    return ("nim heap", k)


def _key(component) -> str:
    return repr(component)


def whole_sums(table: dict, roots: list[tuple]) -> dict | None:
    """Outcome and remoteness of every multiset reachable from ``roots``, by the rules alone."""

    def options(component):
        if type(component) is tuple and component[:1] == ("nim heap",):
            return [heap(j) for j in range(component[1])]
        return table[component]

    def moves(state: tuple) -> list[tuple]:
        out = []
        for i, c in enumerate(state):
            rest = state[:i] + state[i + 1:]
            for o in options(c):
                parts = list(o) if type(o) is list else [o]
                out.append(tuple(sorted(rest + tuple(parts), key=_key)))
        return out

    index, states, edges = {}, [], []
    for root in roots:
        root = tuple(sorted(root, key=_key))
        if root not in index:
            index[root] = len(states)
            states.append(root)
    i = 0
    while i < len(states):
        row = []
        for child in moves(states[i]):
            if child not in index:
                if len(states) >= CAP or len(child) > WIDEST:
                    return None
                index[child] = len(states)
                states.append(child)
            row.append(index[child])
        edges.append(row)
        i += 1
    return _retrograde(states, edges, index)


def _retrograde(states, edges, index) -> dict:
    preds = [[] for _ in states]
    for u, row in enumerate(edges):
        for w in row:
            preds[w].append(u)
    left = [len(row) for row in edges]
    result: dict[int, tuple[Outcome, int]] = {}
    queue = deque(u for u in range(len(states)) if not edges[u])
    for u in queue:
        result[u] = (Outcome.LOSE, 0)
    while queue:
        w = queue.popleft()
        outcome, far = result[w]
        for u in preds[w]:
            if u in result:
                continue
            if outcome is Outcome.LOSE:
                result[u] = (Outcome.WIN, far + 1)
            else:
                left[u] -= 1
                if left[u]:
                    continue
                result[u] = (Outcome.LOSE, far + 1)
            queue.append(u)
    return {s: result.get(index[s], (Outcome.DRAW, None)) for s in states}


@st.composite
def tables(draw, cycles: bool, sums: bool) -> dict:
    n = draw(st.integers(2, len(POOL)))
    positions = POOL[:n]
    table = {}
    for i, p in enumerate(positions):
        reachable = positions if cycles else positions[i + 1:]
        options = []
        for _ in range(draw(st.integers(0, 3))):
            if not reachable:
                break
            if sums and draw(st.integers(0, 3)) == 0:
                options.append(draw(st.lists(st.sampled_from(reachable), min_size=0, max_size=3)))
            else:
                options.append(draw(st.sampled_from(reachable)))
        table[p] = options
    return table


def game_of(table: dict) -> Game:
    return Game(lambda p: [list(o) if type(o) is list else o for o in table[p]], "random")


def as_parts(option) -> tuple:
    return tuple(sorted(option if type(option) is list else [option], key=_key))


def check(table: dict) -> bool:
    """Every answer about ``table``'s positions and small sums is the search's (False: the search gave
    up, the sums growing too large)."""
    game = game_of(table)
    positions = list(table)
    sums = [[p, q] for p in positions[:3] for q in positions[:3]]
    top = 4
    roots = [(p,) for p in positions] + [tuple(s) for s in sums]
    roots += [(p, heap(k)) for p in positions for k in range(top)]
    truth = whole_sums(table, roots)
    if truth is None:
        return False
    state = lambda parts: tuple(sorted(parts, key=_key))  # noqa: E731
    for p in positions:
        outcome, far = truth[(p,)]
        assert game.outcome(p) is outcome, p
        assert game.remoteness(p) == far, p
        winners = {as_parts(o) for o in table[p] if truth.get(state(as_parts(o)), (None,))[0] is Outcome.LOSE}
        assert {as_parts(o) for o in game.winning_moves(p)} == winners, p
        value = game.value(p)
        for k in range(top):
            probe = truth[state((p, heap(k)))][0]
            if isinstance(value, Infinite):
                assert probe is (Outcome.WIN if k in value.followers else Outcome.DRAW), (p, k, value)
            else:
                assert probe is (Outcome.LOSE if k == value else Outcome.WIN), (p, k, value)
    for s in sums:
        outcome, far = truth[state(s)]
        assert game.outcome(s) is outcome, s
        assert game.remoteness(s) == far, s
        moves = {state(m) for m in game.winning_moves(s)}
        assert all(truth[m][0] is Outcome.LOSE for m in moves), s
    return True


SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                         HealthCheck.filter_too_much])


@pytest.mark.parametrize(("cycles", "sums"), [(False, False), (False, True), (True, False), (True, True)])
def test_random_games_match_the_rules(cycles, sums):
    @SETTINGS
    @given(tables(cycles, sums))
    def run(table):
        assume(check(table))

    run()


def test_a_sum_on_a_cycle_that_grows_is_refused_in_words():
    from sgstudio.games.custom.errors import LimitError
    from sgstudio.games.custom.values import game_values

    game = Game(lambda p: [[p, p]] if p == 0 else [], "split forever")
    with pytest.raises(LimitError, match="sums grow without end"):
        game.value(0)
    assert game_values is not None


def test_the_search_itself_on_known_games():
    """The oracle must be right before it judges: Nim heaps and a 2-cycle."""
    truth = whole_sums({}, [(heap(1), heap(2), heap(3)), (heap(1), heap(2))])
    assert truth[(heap(1), heap(2), heap(3))][0] is Outcome.LOSE
    assert truth[(heap(1), heap(2))] == (Outcome.WIN, 3)
    truth = whole_sums({0: [1], 1: [0]}, [(0,)])
    assert truth[(0,)] == (Outcome.DRAW, None)


def test_a_cycle_beside_a_finite_sum_keeps_the_sums_value():
    """0 <-> 1, and 1 -> 2 of value 1 (2 -> 3 -> 4 -> the empty sum): 1 is ∞{1}, a draw, as the search
    says."""
    table = {0: [1], 1: [0, 2], 2: [3], 3: [4], 4: [[]]}
    game = game_of(table)
    assert [str(game.value(p)) for p in table] == ["∞", "∞{1}", "1", "0", "1"]
    assert check(table)
