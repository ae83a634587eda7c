"""Incremental upkeep: random edit sequences checked against from-scratch values after every edit.

Each sequence runs twice: with the normal budget (waves stay incremental) and with a zero budget
(every wave that goes past its first vertex hands over to the bulk kernel).
"""

from contextlib import contextmanager

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sgstudio.core.errors import CycleError
from sgstudio.core.mex import mex
from sgstudio.games.graph.model import incremental
from sgstudio.games.graph.model.graph import GameGraph


def scratch_values(game: GameGraph) -> dict[int, int]:
    """Grundy values recomputed from nothing but the node and edge lists."""
    graph = nx.DiGraph()
    graph.add_nodes_from(game.nodes())
    graph.add_edges_from(game.edges())
    values: dict[int, int] = {}
    for v in reversed(list(nx.topological_sort(graph))):
        values[v] = mex(values[w] for w in graph.successors(v))
    return values


def reaches(game: GameGraph, a: int, b: int) -> bool:
    """Whether there is a path a -> ... -> b (length 0 counts), by plain search."""
    seen, stack = {a}, [a]
    while stack:
        x = stack.pop()
        if x == b:
            return True
        for w in game.successors(x):
            if w not in seen:
                seen.add(w)
                stack.append(w)
    return False


class Mirror:
    """Follows the model through its events only, and checks each event as it arrives."""

    def __init__(self, game: GameGraph) -> None:
        self.game = game
        self.values = game.values()
        self.edges = set(game.edges())
        self.tokens = list(game.tokens())
        self.count = 0
        for name in ("node_added", "node_removed", "edge_added", "edge_removed", "token_added",
                     "token_removed", "values_changed", "node_changed"):
            getattr(game, name).connect(getattr(self, "on_" + name, self.on_other))

    def on_other(self, *args: object) -> None:
        self.count += 1

    def on_node_added(self, v: int) -> None:
        self.count += 1
        assert v not in self.values
        self.values[v] = None

    def on_node_removed(self, v: int) -> None:
        self.count += 1
        assert not any(v in e for e in self.edges) and v not in self.tokens
        del self.values[v]

    def on_edge_added(self, u: int, v: int) -> None:
        self.count += 1
        self.edges.add((u, v))

    def on_edge_removed(self, u: int, v: int) -> None:
        self.count += 1
        self.edges.remove((u, v))

    def on_token_added(self, v: int) -> None:
        self.count += 1
        self.tokens.append(v)

    def on_token_removed(self, v: int) -> None:
        self.count += 1
        self.tokens.remove(v)

    def on_values_changed(self, changed: dict[int, int]) -> None:
        self.count += 1
        assert changed
        for v, value in changed.items():
            assert self.values[v] != value, "a vertex reported although its value did not change"
            self.values[v] = value
        assert self.values == self.game.values(), "a changed vertex was not reported"


@contextmanager
def budget(divisor: int, minimum: int):
    saved = incremental.BUDGET_DIVISOR, incremental.MIN_BUDGET
    incremental.BUDGET_DIVISOR, incremental.MIN_BUDGET = divisor, minimum
    try:
        yield
    finally:
        incremental.BUDGET_DIVISOR, incremental.MIN_BUDGET = saved


def check_order(game: GameGraph) -> None:
    index = {v: i for i, v in enumerate(game.topological_order())}
    assert sorted(index) == sorted(game.nodes())
    assert all(index[u] < index[v] for u, v in game.edges())


def check_rejected(game: GameGraph, mirror: Mirror, u: int, v: int) -> None:
    """Adding u -> v must raise CycleError with a real cycle and change nothing at all."""
    before = (game.edges(), list(game._dag.topo.ord), game.values(), game.tokens(), mirror.count)
    predicted = game.would_close_cycle(u, v)
    with pytest.raises(CycleError) as info:
        game.add_edge(u, v)
    cycle = info.value.cycle
    assert cycle == predicted
    assert cycle[0] == u and len(set(cycle)) == len(cycle)
    closing = [*cycle[1:], u] if len(cycle) > 1 else [u]
    if len(cycle) > 1:
        assert cycle[1] == v
    assert all(game.has_edge(a, b) for a, b in zip(cycle[1:], closing[1:], strict=True))
    assert (game.edges(), list(game._dag.topo.ord), game.values(), game.tokens(), mirror.count) == before


# Edge insertions dominate so that the graphs get dense enough for long waves and order repairs.
OPS = st.lists(st.tuples(st.sampled_from("nNeeeeeEEtTc"), st.integers(0, 50), st.integers(0, 50)),
               max_size=80)


def apply(game: GameGraph, mirror: Mirror, op: str, a: int, b: int) -> None:
    nodes = game.nodes()
    if op == "n" or not nodes:
        game.add_node()
        return
    u, v = nodes[a % len(nodes)], nodes[b % len(nodes)]
    if op == "N":
        game.remove_node(u)
    elif op == "e" or op == "c":
        if reaches(game, v, u):
            check_rejected(game, mirror, u, v)
        else:
            assert game.would_close_cycle(u, v) is None
            game.add_edge(u, v)
            assert game.has_edge(u, v)
    elif op == "E":
        edges = game.edges()
        if edges:
            game.remove_edge(*edges[a % len(edges)])
    elif op == "t":
        game.add_token(u)
    elif game.token_count(u):
        game.remove_token(u)


@pytest.mark.parametrize("divisor,minimum", [(64, 4096), (10**9, 0)], ids=["waves", "bulk"])
@settings(max_examples=80, deadline=None)
@given(start=st.integers(0, 10), ops=OPS)
def test_random_edits_match_scratch(divisor, minimum, start, ops):
    with budget(divisor, minimum):
        game = GameGraph()
        for _ in range(start):
            game.add_node()
        mirror = Mirror(game)
        for op, a, b in ops:
            apply(game, mirror, op, a, b)
            assert game.values() == scratch_values(game) == mirror.values
            assert set(game.edges()) == mirror.edges and game.tokens() == sorted(mirror.tokens)
            check_order(game)
        assert game.recompute() == {}


@settings(max_examples=40, deadline=None)
@given(n=st.integers(1, 9), pairs=st.lists(st.tuples(st.integers(0, 8), st.integers(0, 8)), max_size=30),
       ops=OPS)
def test_bulk_build_then_edits(n, pairs, ops):
    edges = [(a % n, b % n) for a, b in pairs if a % n < b % n]
    game = GameGraph.from_edges(n, edges)
    check_order(game)
    mirror = Mirror(game)
    for op, a, b in ops:
        apply(game, mirror, op, a, b)
        assert game.values() == scratch_values(game) == mirror.values
        check_order(game)


def test_order_repair_moves_both_sides():
    # 2 -> 3 and 0 -> 1 are placed 2, 3, 0, 1; adding 1 -> 2 needs the region reordered.
    game = GameGraph.from_edges(4, [(2, 3), (0, 1)])
    game._dag.topo.ord[:] = [2, 3, 0, 1]
    game.add_edge(1, 2)
    check_order(game)
    assert game.values() == scratch_values(game)
    with pytest.raises(CycleError) as info:
        game.add_edge(3, 0)
    assert info.value.cycle == [3, 0, 1, 2]


def test_wave_and_fallback_agree_on_a_long_chain():
    n = 5000
    chain = [(i, i + 1) for i in range(n - 1)]
    waves, bulk = GameGraph.from_edges(n, chain), GameGraph.from_edges(n, chain)
    with budget(1, 10**9):
        changed_waves = []
        waves.values_changed.connect(changed_waves.append)
        waves.add_edge(n - 1, waves.add_node())
    with budget(10**9, 0):
        changed_bulk = []
        bulk.values_changed.connect(changed_bulk.append)
        bulk.add_edge(n - 1, bulk.add_node())
    assert changed_waves[-1] == changed_bulk[-1]
    assert len(changed_waves[-1]) == n
    assert waves.values() == bulk.values() == scratch_values(bulk)


def test_wave_recomputes_in_topological_order():
    # s <- p <- q1 <- q2 and q2 -> p. Giving s a successor changes s, p and q1; q2 must be
    # recomputed after q1 (its value stays 2 only with q1's new value).
    s, p, q1, q2 = range(4)
    game = GameGraph.from_edges(4, [(p, s), (q1, p), (q2, p), (q2, q1)])
    assert game.values() == {s: 0, p: 1, q1: 0, q2: 2}
    changes = []
    game.values_changed.connect(changes.append)
    game.add_edge(s, game.add_node())
    assert changes[-1] == {s: 1, p: 0, q1: 1}
    assert game.values() == scratch_values(game)


@pytest.mark.parametrize("seed", range(4))
def test_long_random_edit_sequence(seed):
    import random

    rnd = random.Random(seed)
    n = 40
    game = GameGraph.from_edges(n, [(a, b) for a in range(n) for b in range(a + 1, n) if rnd.random() < 0.15])
    mirror = Mirror(game)
    for _ in range(400):
        op = rnd.choice("nNeeeeEEEtT")
        apply(game, mirror, op, rnd.randrange(10**6), rnd.randrange(10**6))
        assert game.values() == scratch_values(game) == mirror.values
    check_order(game)
