"""GameGraph in loopy mode: random edit sequences keep γ, K and the counters equal to a from-scratch
computation after every edit, the events report exactly what changed, and the mode switches.

Each sequence runs with the normal repair budget (regions stay local), with a zero budget (every
repair hands over to the full recompute), and with a small one (regions grow, then hand over).
"""

from __future__ import annotations

import random
from contextlib import contextmanager

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sgstudio.core.errors import CycleError
from sgstudio.core.outcome import Outcome
from sgstudio.games.graph.loopy.game import LoopyGame
from sgstudio.games.graph.loopy.values import generalized_values_py
from sgstudio.games.graph.model import loopy_incremental
from sgstudio.games.graph.model.graph import GameGraph


def scratch(game: GameGraph) -> tuple[dict, dict, LoopyGame]:
    """γ and c of every vertex, from nothing but the node and edge lists; and the LoopyGame."""
    nodes = game.nodes()
    index = {v: i for i, v in enumerate(nodes)}
    edges = [(index[u], index[v]) for u, v in game.edges()]
    values = generalized_values_py(len(nodes), [u for u, _ in edges], [v for _, v in edges])
    gammas = {v: values.gamma_of(index[v]) for v in nodes}
    counters = {v: (None if values.gamma[index[v]] < 0 else int(values.counter[index[v]])) for v in nodes}
    return gammas, counters, LoopyGame.from_edges(len(nodes), sorted(edges))


class Mirror:
    """Follows γ and the counters through the events only; checks each event as it arrives."""

    def __init__(self, game: GameGraph) -> None:
        self.game = game
        self.values = game.values()
        self.counters = {v: game.counter(v) for v in game.nodes()}
        game.node_added.connect(self.on_node_added)
        game.node_removed.connect(self.on_node_removed)
        game.values_changed.connect(self.on_values_changed)

    def on_node_added(self, v: int) -> None:
        self.values[v] = self.counters[v] = None

    def on_node_removed(self, v: int) -> None:
        del self.values[v], self.counters[v]

    def on_values_changed(self, changed: dict) -> None:
        assert changed
        for v, value in changed.items():
            counter = self.game.counter(v)
            assert (self.values[v], self.counters[v]) != (value, counter), f"{v} reported unchanged"
            self.values[v], self.counters[v] = value, counter
        assert self.values == self.game.values(), "a change of γ or K was not reported"
        assert self.counters == {v: self.game.counter(v) for v in self.game.nodes()}, \
            "a change of counter was not reported"


@contextmanager
def budget(divisor: int, minimum: int):
    saved = loopy_incremental.BUDGET_DIVISOR, loopy_incremental.MIN_BUDGET
    loopy_incremental.BUDGET_DIVISOR, loopy_incremental.MIN_BUDGET = divisor, minimum
    try:
        yield
    finally:
        loopy_incremental.BUDGET_DIVISOR, loopy_incremental.MIN_BUDGET = saved


def check(game: GameGraph, mirror: Mirror) -> None:
    gammas, counters, fresh = scratch(game)
    assert game.values() == gammas == mirror.values
    assert {v: game.counter(v) for v in game.nodes()} == counters == mirror.counters
    index = {v: i for i, v in enumerate(game.nodes())}
    back = game.nodes()
    tokens = sorted(index[v] for v in game.tokens())
    assert game.outcome() == fresh.outcome(tokens)
    for mine, theirs in ((game.winning_moves(), fresh.winning_moves(tokens)),
                         (game.drawing_moves(), fresh.drawing_moves(tokens))):
        assert sorted(mine) == sorted((back[a], back[b]) for a, b in theirs)


OPS = st.lists(st.tuples(st.sampled_from("nNeeeeeeEEEtT"), st.integers(0, 50), st.integers(0, 50)),
               max_size=60)


def apply(game: GameGraph, op: str, a: int, b: int) -> None:
    nodes = game.nodes()
    if op == "n" or not nodes:
        game.add_node()
        return
    u, v = nodes[a % len(nodes)], nodes[b % len(nodes)]
    if op == "N":
        game.remove_node(u)
    elif op == "e":
        cycle = game.would_close_cycle(u, v)
        game.add_edge(u, v)
        if cycle is not None:  # a real cycle through the new edge
            assert cycle[0] == u and all(game.has_edge(x, y) for x, y in zip(cycle, [*cycle[1:], u],
                                                                              strict=True))
    elif op == "E":
        edges = game.edges()
        if edges:
            game.remove_edge(*edges[a % len(edges)])
    elif op == "t":
        game.add_token(u)
    elif game.token_count(u):
        game.remove_token(u)


@pytest.mark.parametrize("divisor,minimum", [(64, 4096), (10**9, 0), (10**9, 6)],
                         ids=["local", "bulk", "small"])
@settings(max_examples=60, deadline=None)
@given(start=st.integers(0, 8), ops=OPS)
def test_random_edits_match_scratch(divisor, minimum, start, ops):
    with budget(divisor, minimum):
        game = GameGraph()
        game.set_loopy(True)
        for _ in range(start):
            game.add_node()
        mirror = Mirror(game)
        for op, a, b in ops:
            apply(game, op, a, b)
            check(game, mirror)
        assert game.recompute() == {}


@pytest.mark.parametrize("seed,n,m", [(0, 30, 60), (1, 30, 90), (2, 60, 100), (3, 60, 130)])
def test_long_random_edit_sequences(seed, n, m):
    # sparse random digraphs: mostly finite values, cycles, long chains of counters
    rnd = random.Random(seed)
    game = GameGraph.from_edges(n, [(rnd.randrange(n), rnd.randrange(n)) for _ in range(m)], loopy=True)
    mirror = Mirror(game)
    for _ in range(250):
        apply(game, rnd.choice("nNeeeeEEEEtT"), rnd.randrange(10**6), rnd.randrange(10**6))
        check(game, mirror)


def test_the_mode_is_off_by_default_and_switches_with_an_event():
    game = GameGraph.from_edges(3, [(0, 1), (1, 2)])
    assert not game.loopy and game.counter(0) is None
    seen = []
    game.loopy_changed.connect(seen.append)
    game.values_changed.connect(seen.append)
    game.set_loopy(True)
    assert seen == [True] and game.loopy  # same values on a DAG: no values_changed
    assert game.values() == {0: 0, 1: 1, 2: 0} and game.counter(0) == 1
    game.add_edge(2, 0)  # refused in DAG mode, fine here
    assert [str(g) for g in game.values().values()] == ["∞", "∞", "∞"]
    with pytest.raises(CycleError, match="remove it to leave the loopy mode"):
        game.set_loopy(False)
    assert game.loopy and game.has_edge(2, 0)
    game.remove_edge(2, 0)
    game.set_loopy(False)
    assert seen[-1] is False and not game.loopy
    with pytest.raises(CycleError):
        game.add_edge(2, 0)
    game.add_edge(0, 2)
    assert game.values() == {0: 2, 1: 1, 2: 0} and game.topological_order() == [0, 1, 2]


def test_switching_off_restores_dag_editing_with_a_valid_order():
    game = GameGraph()
    game.set_loopy(True)
    for _ in range(5):
        game.add_node()
    for u, v in [(4, 3), (3, 2), (2, 1), (1, 0), (0, 4)]:
        game.add_edge(u, v)
    game.remove_edge(0, 4)
    game.set_loopy(False)
    assert game.topological_order() == [4, 3, 2, 1, 0]
    assert game.values() == {0: 0, 1: 1, 2: 0, 3: 1, 4: 0}
    assert game.would_close_cycle(0, 4) == [0, 4, 3, 2, 1]


def test_loopy_queries_on_a_small_game():
    game = GameGraph.from_edges(4, [(0, 0), (0, 1), (1, 2), (3, 3)], loopy=True)  # 0 = ∞{1}, 3 = ∞
    game.add_token(0)
    assert game.outcome() is Outcome.DRAW and game.drawing_moves() == [(0, 0)]
    game.add_token(1)
    assert game.outcome() is Outcome.WIN and game.winning_moves() == [(0, 1)]
    assert game.position_value() and str(game.position_value()) == "∞{0}"
    assert game.nim_sum() == 1  # the finite part
    assert game.topological_order is not None
    with pytest.raises(CycleError):
        game.topological_order()
    assert game.to_networkx().nodes[0]["grundy"] == game.grundy(0)


def test_a_long_chain_that_flips_is_repaired_locally_or_in_bulk_alike():
    n = 3000
    chain = [(i, i + 1) for i in range(n - 1)] + [(0, 0)]
    local = GameGraph.from_edges(n, chain, loopy=True)
    bulk = GameGraph.from_edges(n, chain, loopy=True)
    reports = []
    with budget(1, 10**9):
        local.values_changed.connect(reports.append)
        local.add_edge(n - 1, local.add_node())
    with budget(10**9, 0):
        bulk.values_changed.connect(reports.append)
        bulk.add_edge(n - 1, bulk.add_node())
    assert reports[1] == reports[3] and len(reports[1]) >= n - 1
    assert local.values() == bulk.values() == scratch(bulk)[0]
