"""GameGraph: the public API and its events, outcomes against a brute-force search, long chains."""

from functools import cache

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sgstudio.core.errors import CycleError
from sgstudio.games.graph.model.graph import GameGraph


def brute_force(edges: list[tuple[int, int]], tokens: list[int]) -> tuple[bool, set[tuple[int, int]]]:
    """(player to move wins, set of winning (from, to)) by searching whole token positions.

    No Sprague-Grundy theory: a position is winning iff some move leads to a losing position.
    """
    succ: dict[int, list[int]] = {}
    for u, v in edges:
        succ.setdefault(u, []).append(v)

    def moves(position: tuple[int, ...]):
        for i, v in enumerate(position):
            for w in succ.get(v, ()):
                yield v, w, tuple(sorted((*position[:i], w, *position[i + 1:])))

    @cache
    def wins(position: tuple[int, ...]) -> bool:
        return any(not wins(after) for _, _, after in moves(position))

    start = tuple(sorted(tokens))
    return wins(start), {(v, w) for v, w, after in moves(start) if not wins(after)}


@st.composite
def dags_with_tokens(draw):
    n = draw(st.integers(1, 8))
    rank = draw(st.permutations(range(n)))
    pairs = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=20))
    edges = [(rank[a], rank[b]) for a, b in pairs if a < b]
    tokens = draw(st.lists(st.integers(0, n - 1), max_size=4))
    return n, edges, tokens


@settings(max_examples=150, deadline=None)
@given(case=dags_with_tokens(), edge_by_edge=st.booleans())
def test_outcome_and_winning_moves_match_brute_force(case, edge_by_edge):
    n, edges, tokens = case
    if edge_by_edge:
        game = GameGraph()
        for _ in range(n):
            game.add_node()
        for u, v in edges:
            game.add_edge(u, v)
    else:
        game = GameGraph.from_edges(n, edges)
    for v in tokens:
        game.add_token(v)
    wins, winning = brute_force(edges, tokens)
    assert game.outcome() == ("WIN" if wins else "LOSE")
    moves = game.winning_moves()
    assert len(moves) == len(set(moves))
    assert set(moves) == winning


def test_events_of_an_edit_session():
    game = GameGraph()
    log = []
    for name in ("node_added", "node_removed", "edge_added", "edge_removed", "token_added",
                 "token_removed", "node_changed", "values_changed"):
        getattr(game, name).connect(lambda *args, name=name: log.append((name, *args)))
    a, b, c = game.add_node("a", (0.0, 0.0)), game.add_node(), game.add_node()
    assert (a, b, c) == (0, 1, 2) and game.label(a) == "a" and game.label(b) == "1"
    game.add_edge(a, b)
    game.add_edge(a, b)  # already there: nothing happens
    game.add_edge(b, c)
    game.add_token(a)
    game.add_token(a)
    game.set_pos(c, (1.0, 2.0))
    del log[:]
    game.remove_node(b)
    assert log == [("edge_removed", a, b),  # g(a) stays 0: no values_changed
                   ("edge_removed", b, c), ("values_changed", {b: 0}), ("node_removed", b)]
    del log[:]
    game.remove_node(a)
    assert log == [("token_removed", a), ("token_removed", a), ("node_removed", a)]
    assert game.nodes() == [c] and game.pos(c) == (1.0, 2.0) and game.tokens() == []
    assert game.add_node(node_id=a) == a and game.add_node() == 3


def test_values_are_current_when_edge_events_fire():
    game = GameGraph.from_edges(2, [])
    seen = []
    game.edge_added.connect(lambda u, v: seen.append(game.grundy(u)))
    game.add_edge(0, 1)
    assert seen == [1]


def test_rejected_edges_and_bad_arguments():
    game = GameGraph.from_edges(3, [(0, 1), (1, 2)])
    with pytest.raises(CycleError) as info:
        game.add_edge(1, 1)
    assert info.value.cycle == [1]
    with pytest.raises(CycleError) as info:
        game.add_edge(2, 0)
    assert info.value.cycle == [2, 0, 1]
    assert isinstance(info.value, ValueError)
    assert game.edges() == [(0, 1), (1, 2)]
    for bad in (lambda: game.add_edge(0, 7), lambda: game.remove_edge(0, 2), lambda: game.add_token(9),
                lambda: game.remove_token(0), lambda: game.add_node(node_id=1),
                lambda: game.add_node(node_id=-1)):
        with pytest.raises(ValueError):
            bad()
    with pytest.raises(KeyError):
        game.grundy(5)
    with pytest.raises(CycleError):
        GameGraph.from_edges(2, [(0, 1), (1, 0)])
    with pytest.raises(ValueError):
        GameGraph.from_edges(2, [(0, 2)])


def test_queries_and_networkx_view():
    game = GameGraph.from_edges(4, [(0, 1), (0, 2), (2, 3), (0, 1)])
    assert sorted(game.edges()) == [(0, 1), (0, 2), (2, 3)]
    assert sorted(game.successors(0)) == [1, 2] and game.predecessors(3) == [2]
    assert game.has_edge(0, 2) and not game.has_edge(2, 0) and not game.has_node(4)
    graph = game.to_networkx()  # a new networkx view of the game each time (no cached snapshot)
    assert isinstance(graph, nx.DiGraph)
    assert sorted(graph.edges) == sorted(game.edges())
    assert graph.nodes[2] == {"label": "2", "pos": None, "grundy": game.grundy(2)}
    game.set_label(3, "end")
    assert game.to_networkx().nodes[3]["label"] == "end"
    own = game.to_networkx()
    own.add_edge(3, 0)
    assert not game.has_edge(3, 0)


def test_token_multiset_and_nim_sum():
    game = GameGraph.from_edges(3, [(0, 1), (1, 2), (0, 2)])  # values 2, 1, 0
    for v in (1, 0, 1):
        game.add_token(v)
    assert game.tokens() == [0, 1, 1] and game.token_count(1) == 2
    assert game.nim_sum() == 2 and game.outcome() == "WIN"
    assert game.winning_moves() == [(0, 2)]
    game.remove_token(1)
    assert game.nim_sum() == 3 and game.winning_moves() == [(0, 1)]


N_CHAIN = 200_000


def chain_values_ok(game: GameGraph, top: int, length: int) -> bool:
    """Along a chain top -> top+1 -> ... of ``length`` vertices, values alternate from the sink."""
    return all(game.grundy(top + i) == (length - 1 - i) % 2 for i in range(0, length, 997))


def test_long_chain_bulk_then_edited():
    game = GameGraph.from_edges(N_CHAIN, [(i, i + 1) for i in range(N_CHAIN - 1)])
    assert chain_values_ok(game, 0, N_CHAIN)
    changes = []
    game.values_changed.connect(changes.append)
    game.add_edge(N_CHAIN - 1, game.add_node())  # every value flips
    assert len(changes[-1]) == N_CHAIN and chain_values_ok(game, 0, N_CHAIN + 1)
    cut = N_CHAIN // 2 + 1  # odd: cutting below it flips the upper part back
    game.remove_edge(cut, cut + 1)
    assert len(changes) == 3 and len(changes[-1]) == cut + 1 and chain_values_ok(game, 0, cut + 1)
    with pytest.raises(CycleError) as info:
        game.add_edge(cut, 0)
    assert info.value.cycle == [cut, *range(cut)]


def test_long_chain_edge_by_edge():
    game = GameGraph()
    for _ in range(N_CHAIN):
        game.add_node()
    for i in range(N_CHAIN - 2, -1, -1):  # from the sink upwards: each edit changes one value
        game.add_edge(i, i + 1)
    assert chain_values_ok(game, 0, N_CHAIN)
    game.add_edge(N_CHAIN - 1, game.add_node())
    assert chain_values_ok(game, 0, N_CHAIN + 1)
    assert game.recompute() == {}
