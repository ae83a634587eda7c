"""ArrayLoopyGame (tokens on a loopy graph held in CSR arrays, for Play on big graphs) against a
retrograde analysis of the whole position graph (``oracles.loopy_outcomes``: no values) and against
LoopyGame built from lists, on random small digraphs with cycles and self-loops."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles import loopy_outcomes

from sgstudio.games.graph.loopy.arrays import ArrayLoopyGame
from sgstudio.games.graph.loopy.game import LoopyGame


@st.composite
def digraphs(draw, max_n=6, max_m=14):
    n = draw(st.integers(1, max_n))
    edges = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=max_m))
    return n, edges


@settings(max_examples=150, deadline=None)
@given(digraphs(), st.integers(1, 3))
def test_array_game_matches_the_retrograde_analysis_and_the_list_game(graph, tokens):
    n, edges = graph
    game, lists = ArrayLoopyGame.from_edges(n, edges), LoopyGame.from_edges(n, edges)
    plain = [sorted({w for u, w in edges if u == v}) for v in range(n)]
    assert [list(game.successors[v]) for v in range(n)] == plain
    assert [game.gamma(v) for v in range(n)] == [lists.gamma(v) for v in range(n)]
    assert [game.counter(v) for v in range(n)] == [lists.counter(v) for v in range(n)]
    truth = loopy_outcomes(plain, tokens)
    for position, (outcome, _) in truth.items():
        assert game.outcome(position).value == outcome
        assert game.value(position) == lists.value(position)
        moves = game.legal_moves(position)
        assert set(moves) == set(lists.legal_moves(position))
        after = sorted(game.apply(position, m) for m in moves)
        assert after == sorted(lists.apply(position, m) for m in moves)
        lost = {m for m in moves if truth[game.apply(position, m)][0] == "LOSE"}
        assert set(game.winning_moves(position)) == lost
        assert set(game.progress_moves(position)) == set(lists.progress_moves(position))
        assert set(game.drawing_moves(position)) == set(lists.drawing_moves(position))
        assert game.remaining_length(position) == lists.remaining_length(position)


@settings(max_examples=40, deadline=None)
@given(digraphs())
def test_a_move_along_no_edge_is_refused(graph):
    n, edges = graph
    game = ArrayLoopyGame.from_edges(n, edges)
    for v in range(n):
        for w in range(n):
            if (v, w) not in set(edges):
                with pytest.raises(ValueError, match="not an edge"):
                    game.apply((v,), (v, w))


def test_a_bad_endpoint_is_refused():
    with pytest.raises(ValueError, match="outside"):
        ArrayLoopyGame.from_edges(2, [(0, 2)])
