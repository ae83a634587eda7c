"""ArrayDagGame (the token game on CSR arrays, for Play on big graphs) against brute force and a
plain walk of the longest paths, on random small DAGs."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sgstudio.games.graph.dag.arrays import ArrayDagGame
from tests.games.graph.test_dag import brute_force_wins, dags


def longest_by_walk(succ, v):
    @cache
    def longest(u):
        return max((1 + longest(w) for w in succ[u]), default=0)

    return longest(v)


@settings(deadline=None)  # the first example compiles the longest-path kernel
@given(dags(max_n=7, max_m=14), st.data())
def test_array_game_matches_brute_force(dag, data):
    n, edges = dag
    game = ArrayDagGame.from_edges(n, edges)
    plain = [sorted({w for u, w in edges if u == v}) for v in range(n)]
    assert [list(game.successors[v]) for v in range(n)] == plain
    wins, successors_of = brute_force_wins(plain)
    tokens = tuple(sorted(data.draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=3))))
    assert (game.value(tokens) != 0) == wins(tokens)
    winning = {m for m in game.legal_moves(tokens) if not wins(game.apply(tokens, m))}
    assert set(game.winning_moves(tokens)) == winning
    after = sorted(game.apply(tokens, m) for m in game.legal_moves(tokens))
    assert after == sorted(set(successors_of(tokens)))
    assert game.remaining_length(tokens) == sum(longest_by_walk(plain, v) for v in tokens)
    for v in range(n):
        for w in range(n):
            if w not in plain[v]:
                with pytest.raises(ValueError):
                    game.apply((v,), (v, w))


def test_a_bad_endpoint_is_refused():
    with pytest.raises(ValueError, match="outside"):
        ArrayDagGame.from_edges(2, [(0, 2)])
