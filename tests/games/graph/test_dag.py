"""DAG kernels and DagGame against from-scratch oracles that do not use the kernels' algorithm.

Values: a recursive pure-Python mex straight from the definition. Outcomes and winning moves: a
brute-force win/lose search over whole token positions (no mex, no XOR).
"""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from sgstudio.core.errors import CycleError
from sgstudio.core.play.session import Game
from sgstudio.games.graph.dag.game import (
    DagGame,
    grundy_values,
    grundy_values_auto,
    grundy_values_levels,
    grundy_values_py,
    outcome_of,
    query_outcomes,
)

KERNELS = [grundy_values, grundy_values_py, grundy_values_auto]


@st.composite
def dags(draw, max_n=9, max_m=20):
    """A random DAG: edges go from lower to higher rank in a random order (parallel edges allowed)."""
    n = draw(st.integers(1, max_n))
    rank = draw(st.permutations(range(n)))
    pairs = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=max_m))
    edges = [(rank[a], rank[b]) if a < b else (rank[b], rank[a]) for a, b in pairs if a != b]
    return n, edges


def mex_by_definition(n, edges):
    succ = [[] for _ in range(n)]
    for u, v in edges:
        succ[u].append(v)

    @cache
    def g(v):
        seen = {g(w) for w in succ[v]}
        return next(k for k in range(n + 1) if k not in seen)

    return [g(v) for v in range(n)]


def brute_force_wins(succ):
    """position (sorted tuple) -> True iff the player to move wins; no Sprague-Grundy theory."""

    @cache
    def wins(position):
        return any(not wins(after) for after in successors_of(position))

    def successors_of(position):
        for i, v in enumerate(position):
            for w in succ[v]:
                yield tuple(sorted((*position[:i], w, *position[i + 1:])))

    return wins, successors_of


def arrays(edges):
    src = np.array([u for u, _ in edges], np.int64)
    dst = np.array([v for _, v in edges], np.int64)
    return src, dst


@settings(max_examples=150, deadline=None)
@given(dags())
def test_every_kernel_equals_mex_by_definition(dag):
    n, edges = dag
    expected = mex_by_definition(n, edges)
    for kernel in KERNELS:
        assert kernel(n, *arrays(edges)).tolist() == expected, kernel.__name__


@settings(max_examples=60, deadline=None)
@given(dags(max_n=40, max_m=120))
def test_level_steps_equal_mex_by_definition(dag):
    n, edges = dag
    values = grundy_values_levels(n, *arrays(edges), patience=10**9)
    assert values.tolist() == mex_by_definition(n, edges)


def test_level_steps_fall_back_on_deep_graphs():
    n = 5000
    src, dst = np.arange(n - 1), np.arange(1, n)
    assert grundy_values_levels(n, src, dst) is None
    assert grundy_values_auto(n, src, dst).tolist() == [(n - 1 - v) % 2 for v in range(n)]


@settings(max_examples=80, deadline=None)
@given(dags(max_n=6, max_m=10), st.data())
def test_game_matches_brute_force_over_whole_positions(dag, data):
    n, edges = dag
    game = DagGame.from_edges(n, edges)
    wins, successors_of = brute_force_wins(game.successors)
    tokens = tuple(sorted(data.draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=4))))
    assert (game.value(tokens) != 0) == wins(tokens)
    assert outcome_of(game.values, tokens) == ("WIN" if wins(tokens) else "LOSE")
    winning = {(v, w) for v, w in game.legal_moves(tokens) if not wins(game.apply(tokens, (v, w)))}
    assert set(game.winning_moves(tokens)) == winning
    assert len(game.winning_moves(tokens)) == len(winning)
    after = sorted(game.apply(tokens, m) for m in game.legal_moves(tokens))
    assert after == sorted(set(successors_of(tokens)))


@settings(max_examples=40, deadline=None)
@given(dags(), st.data())
def test_query_outcomes_match_one_by_one(dag, data):
    n, edges = dag
    values = grundy_values(n, *arrays(edges))
    queries = data.draw(st.lists(st.lists(st.integers(0, n - 1), min_size=1, max_size=5), max_size=6))
    flat = np.array([v for q in queries for v in q], np.int64)
    lengths = np.array([len(q) for q in queries], np.int64)
    assert query_outcomes(values, flat, lengths) == [outcome_of(values, q) for q in queries]


@st.composite
def cyclic_graphs(draw):
    n, edges = draw(dags())
    cycle = draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=n, unique=True))
    closing = list(zip(cycle, [*cycle[1:], cycle[0]], strict=True))
    return n, edges + closing


@settings(max_examples=100, deadline=None)
@given(cyclic_graphs())
def test_cycle_error_names_a_real_cycle(graph):
    n, edges = graph
    edge_set = set(edges)
    for kernel in [*KERNELS, lambda n, s, d: grundy_values_levels(n, s, d, patience=10**9)]:
        with pytest.raises(CycleError) as info:
            kernel(n, *arrays(edges))
        cycle = info.value.cycle
        assert cycle and len(set(cycle)) == len(cycle)
        assert all((cycle[i], cycle[(i + 1) % len(cycle)]) in edge_set for i in range(len(cycle)))


@settings(max_examples=100, deadline=None)
@given(cyclic_graphs())
def test_compiled_kernel_names_the_same_cycle_as_reverse_kahn(graph):
    """The compiled kernel orders vertices from the sources; its error must still name the cycle
    that reverse Kahn (the pure-Python kernel) leaves, as before the kernel changed."""
    n, edges = graph
    named = []
    for kernel in (grundy_values, grundy_values_py):
        with pytest.raises(CycleError) as info:
            kernel(n, *arrays(edges))
        named.append((info.value.cycle, str(info.value)))
    assert named[0] == named[1]


@settings(max_examples=40, deadline=None)
@given(dags(max_n=30, max_m=80), st.data())
def test_first_bad_edge_is_named(dag, data):
    n, edges = dag
    ends = st.integers(-3, n + 2)
    edges = edges + data.draw(st.lists(st.tuples(ends, ends), min_size=1, max_size=4))
    first = next(((u, v) for u, v in edges if not (0 <= u < n and 0 <= v < n)), None)
    assume(first is not None)
    message = rf"^edge {first[0]} -> {first[1]} has an endpoint outside 0\.\.{n - 1}$"
    for dtype in (np.int64, np.int32):
        src, dst = (a.astype(dtype) for a in arrays(edges))
        with pytest.raises(ValueError, match=message):
            grundy_values(n, src, dst)


@settings(max_examples=30, deadline=None)
@given(dags(max_n=60, max_m=300))
def test_int32_and_int64_edges_give_the_same_values(dag):
    n, edges = dag
    src, dst = arrays(edges)
    expected = mex_by_definition(n, edges)
    assert grundy_values(n, src.astype(np.int32), dst.astype(np.int32)).tolist() == expected
    assert grundy_values(n, src, dst).dtype == np.int64


def test_long_chain_in_every_kernel():
    n = 200_000
    src, dst = np.arange(n - 1), np.arange(1, n)
    expected = (n - 1 - np.arange(n)) % 2
    for kernel in KERNELS:
        assert (kernel(n, src, dst) == expected).all()


def test_out_of_range_edges_are_rejected():
    for kernel in KERNELS:
        with pytest.raises(ValueError, match=r"0\.\.2"):
            kernel(3, [0], [3])


def test_int32_input_gives_the_same_values():
    src, dst = np.array([0, 0, 1], np.int32), np.array([1, 2, 2], np.int32)
    assert grundy_values(4, src, dst).tolist() == [2, 1, 0, 0]


def test_dag_game_follows_the_protocol_and_rejects_illegal_moves():
    game = DagGame([[1, 2], [2], []])
    assert isinstance(game, Game)
    assert game.apply((0, 0), (0, 1)) == (0, 1)
    with pytest.raises(ValueError, match="no token on vertex 1"):
        game.apply((0,), (1, 2))
    with pytest.raises(ValueError, match="2 -> 0 is not an edge"):
        game.apply((2,), (2, 0))
    with pytest.raises(ValueError, match="no vertex 7"):
        game.value((7,))
    with pytest.raises(ValueError, match="outside"):
        DagGame.from_edges(2, [(0, 2)])
    with pytest.raises(CycleError):
        DagGame([[1], [0]])
