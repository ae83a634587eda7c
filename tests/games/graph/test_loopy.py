"""Generalized Sprague-Grundy values against a retrograde analysis that uses no SG theory.

The oracle (tests/oracles.py: loopy_outcomes) solves whole positions of 1-3 tokens by the rules
alone; the values must give the same WIN/LOSE/DRAW for every position, one token's counter must
give its exact remoteness, and on acyclic graphs the values must be today's Grundy values.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles import loopy_outcomes

from sgstudio.core.mex import mex
from sgstudio.core.values import Infinite, sum_value
from sgstudio.games.graph.dag.game import grundy_values, grundy_values_py
from sgstudio.games.graph.loopy.game import LoopyGame
from sgstudio.games.graph.loopy.levels import generalized_values_levels
from sgstudio.games.graph.loopy.sums import query_outcomes
from sgstudio.games.graph.loopy.values import (
    INF,
    generalized_values,
    generalized_values_auto,
    generalized_values_py,
)


def levels(n, src, dst):
    """The numpy layers, never giving up."""
    values = generalized_values_levels(n, np.asarray(src, np.int64), np.asarray(dst, np.int64),
                                       patience=1e9, layers=10**9)
    assert values is not None
    return values


KERNELS = [generalized_values, generalized_values_py, generalized_values_auto, levels]


@st.composite
def digraphs(draw, max_n=6, max_m=14):
    """Any small digraph: self-loops, 2-cycles, parallel edges, sinks."""
    n = draw(st.integers(1, max_n))
    edges = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=max_m))
    return n, edges


@st.composite
def dags(draw, max_n=9, max_m=20):
    n = draw(st.integers(1, max_n))
    rank = draw(st.permutations(range(n)))
    pairs = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=max_m))
    return n, [(rank[a], rank[b]) if a < b else (rank[b], rank[a]) for a, b in pairs if a != b]


def arrays(edges):
    return (np.array([u for u, _ in edges], np.int64), np.array([v for _, v in edges], np.int64))


def successors_of(n, edges):
    succ = [[] for _ in range(n)]
    for u, v in edges:
        succ[u].append(v)
    return succ


def satisfies_definition(n, edges, gamma, counter):
    """Conditions (A), (B) and (C) of the generalized SG function, checked directly."""
    succ = successors_of(n, edges)
    for u in range(n):
        finite = [gamma[v] for v in succ[u] if gamma[v] != INF]
        m = mex(finite)
        if gamma[u] != INF:
            assert gamma[u] == m  # (A)
            for v in succ[u]:
                if gamma[v] == INF or gamma[v] > m:  # (B)
                    assert any(gamma[w] == m and counter[w] < counter[u] for w in succ[v])
        else:  # (C): a follower at ∞ with no follower of value m
            assert any(gamma[v] == INF and all(gamma[w] != m for w in succ[v]) for v in succ[u])
            v = LoopyGame(succ).witness(u)
            assert gamma[v] == INF and all(gamma[w] != m for w in succ[v]) and v in succ[u]


@settings(max_examples=100, deadline=None)
@given(digraphs(max_n=8, max_m=20))
def test_kernels_agree_and_satisfy_the_definition(graph):
    n, edges = graph
    src, dst = arrays(edges)
    results = [kernel(n, src, dst) for kernel in KERNELS]
    for other in results[1:]:
        assert other.gamma.tolist() == results[0].gamma.tolist()
        assert other.counter.tolist() == results[0].counter.tolist()
    satisfies_definition(n, edges, results[0].gamma.tolist(), results[0].counter.tolist())


@settings(max_examples=120, deadline=None)
@given(digraphs(), st.integers(1, 3))
def test_outcomes_match_the_retrograde_analysis(graph, tokens):
    n, edges = graph
    game = LoopyGame.from_edges(n, edges)
    oracle = loopy_outcomes(game.successors, tokens)
    positions = list(oracle)
    for position in positions:
        assert game.outcome(position) == oracle[position][0], position
        assert bool(game.value(position)) == (oracle[position][0] == "WIN")
    flat = np.array([v for p in positions for v in p], np.int64)
    lengths = np.full(len(positions), tokens, np.int64)
    assert query_outcomes(game.values, flat, lengths) == [oracle[p][0] for p in positions]


@settings(max_examples=120, deadline=None)
@given(digraphs())
def test_one_token_counter_is_its_remoteness(graph):
    n, edges = graph
    game = LoopyGame.from_edges(n, edges)
    for (v,), (outcome, far) in loopy_outcomes(game.successors, 1).items():
        assert game.remaining_length((v,)) == (None if outcome == "DRAW" else far)


@settings(max_examples=100, deadline=None)
@given(dags())
def test_on_a_dag_the_values_are_the_grundy_values(graph):
    n, edges = graph
    src, dst = arrays(edges)
    expected = grundy_values_py(n, src, dst).tolist()
    for kernel in KERNELS:
        assert kernel(n, src, dst).gamma.tolist() == expected


def test_a_large_random_dag_gives_the_compiled_dag_values():
    rng = np.random.default_rng(5)
    n, m = 3000, 15000
    a, b = rng.integers(0, n, m), rng.integers(0, n - 1, m)
    b += b >= a
    rank = rng.permutation(n)
    src, dst = rank[np.minimum(a, b)], rank[np.maximum(a, b)]
    assert (generalized_values(n, src, dst).gamma == grundy_values(n, src, dst)).all()


def test_a_chain_a_million_deep():
    n = 10**6
    values = generalized_values(n, np.arange(n - 1), np.arange(1, n))
    assert values.gamma[-1] == 0 and (values.gamma[:-1] == (np.arange(n - 1, 0, -1) & 1)).all()
    assert values.counter[0] == 0 and values.counter[1] == (n - 2) // 2  # the loser stalls n-2 moves


def test_the_numpy_layers_give_up_on_deep_graphs_and_agree_on_shallow_ones():
    n = 5000
    chain = (np.arange(n - 1), np.arange(1, n))
    assert generalized_values_levels(n, *chain) is None
    rng = np.random.default_rng(9)
    src, dst = rng.integers(0, 3000, 15000), rng.integers(0, 3000, 15000)  # mostly ∞ after round 0
    found = generalized_values_levels(3000, src, dst)
    expected = generalized_values(3000, src, dst)
    assert found is not None and (found.gamma == expected.gamma).all()
    assert (found.counter == expected.counter).all()


def test_a_long_cycle_with_one_exit_in_pure_python():
    n = 5000  # 0 -> 1 -> ... -> n-1 -> 0, and n-1 -> n, a sink
    edges = [(i, (i + 1) % n) for i in range(n)] + [(n - 1, n)]
    values = generalized_values_py(n + 1, *arrays(edges))
    assert values.gamma[n] == 0 and values.gamma[n - 1] == 1 and values.gamma[n - 2] == 0
    assert values.gamma[:n].tolist() == [1 - ((n - 1 - i) & 1) for i in range(n)]


def test_self_loops_and_pure_cycles_are_draws():
    values = generalized_values_py(4, [0, 1, 2, 3], [0, 2, 1, 0])
    assert [str(values.gamma_of(v)) for v in range(4)] == ["∞", "∞", "∞", "∞"]
    assert values.counter.tolist() == [-1] * 4


@pytest.mark.parametrize("kernel", KERNELS)
def test_bad_edges_are_refused(kernel):
    with pytest.raises(ValueError, match="outside"):
        kernel(2, [0, 1], [1, 2])


def test_sum_values_follow_the_rules():
    inf = Infinite(frozenset({1, 4}))
    assert sum_value([inf, 1]) == Infinite(frozenset({0, 5})) and sum_value([inf, 1])
    assert not sum_value([inf, 2]) and not sum_value([inf, inf, 1])
    assert sum_value([2, 3]) == 1
