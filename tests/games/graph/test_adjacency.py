"""The compact storage under GameGraph: the CSR adjacency with dicts for touched vertices, and the
vertex table, checked against plain dicts under random edits (and through GameGraph itself)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from sgstudio.games.graph.model import adjacency
from sgstudio.games.graph.model.adjacency import Adjacency
from sgstudio.games.graph.model.graph import GameGraph
from sgstudio.games.graph.model.vertex_table import VertexTable


def random_dag_edges(n: int, m: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """About m distinct edges u -> v with u < v among 0..n-1, in random order."""
    rng = np.random.default_rng(seed)
    u = rng.integers(0, n, size=m)
    v = rng.integers(0, n, size=m)
    keep = u != v
    pairs = np.unique(np.stack([np.minimum(u, v)[keep], np.maximum(u, v)[keep]], axis=1), axis=0)
    pairs = pairs[rng.permutation(len(pairs))]
    return pairs[:, 0].copy(), pairs[:, 1].copy()


edits = st.lists(st.tuples(st.sampled_from(["add", "remove", "compact"]), st.integers(0, 11),
                           st.integers(0, 11)), max_size=60)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), steps=edits)
def test_adjacency_matches_dicts_under_edits(seed, steps):
    n = 12
    tails, heads = random_dag_edges(n, 20, seed)
    succ = Adjacency.from_edges(n, tails, heads, with_slots=True)
    model: list[dict] = [{} for _ in range(n)]
    for k, (t, h) in enumerate(zip(tails.tolist(), heads.tolist(), strict=True)):
        model[t][h] = k
    for op, u, v in steps:
        if op == "add" and v not in model[u]:
            model[u][v] = 100 + u
            succ[u][v] = 100 + u
        elif op == "remove" and model[u]:
            w = next(iter(model[u]))
            del model[u][w]
            del succ[u][w]
        else:
            succ.compact(force=True)
        assert [succ.keys_of(x) for x in range(n)] == [list(d) for d in model]
    assert [succ[x] for x in range(n)] == model  # the same maps, in the same order
    assert succ.degrees().tolist() == [len(d) for d in model]


def test_compaction_waits_for_many_dicts(monkeypatch):
    monkeypatch.setattr(adjacency, "COMPACT_MIN", 4)
    pred = Adjacency.from_edges(40, np.arange(39), np.arange(1, 40), with_slots=False)
    for v in range(3):
        pred[v]
    pred.compact()
    assert pred.touched() == 3  # few dicts: kept
    for v in range(3, 10):
        pred[v]
    pred.compact()
    assert pred.touched() == 0 and pred[5] == {6: None}


def test_vertex_table_keeps_dict_order_labels_and_positions():
    table, order = VertexTable.numbered(4), {v: str(v) for v in range(4)}
    rng = np.random.default_rng(3)
    for step in range(300):
        v = int(rng.integers(0, 9))
        if v in order and rng.random() < 0.5:
            table.remove(v)
            del order[v]
        elif v not in order:
            label = None if rng.random() < 0.5 else f"L{step}"
            table.add(v, label, (float(step), 1.0) if rng.random() < 0.5 else None)
            order[v] = str(v) if label is None else label
        assert table.ids() == list(order) and [table.label(x) for x in order] == list(order.values())
    assert len(table) == len(order)


def test_game_graph_edits_on_a_bulk_graph_match_a_fresh_build():
    tails, heads = random_dag_edges(300, 900, 7)
    game = GameGraph.from_edges(300, np.stack([tails, heads], axis=1))
    rng = np.random.default_rng(1)
    for _ in range(200):
        u, v = sorted(int(x) for x in rng.choice(300, 2, replace=False))
        if game.has_edge(u, v):
            game.remove_edge(u, v)
        else:
            game.add_edge(u, v)
        game._dag.compact()
    fresh = GameGraph.from_edges(300, game.edges())
    assert game.values() == fresh.values()
    assert sorted(game.edges()) == sorted(fresh.edges())
    tails, heads = (a.tolist() for a in game.edge_arrays())
    assert sorted(zip(tails, heads, strict=True)) == sorted(game.edges())
    assert game._dag.succ.touched() < 300
