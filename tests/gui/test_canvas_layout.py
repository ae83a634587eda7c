"""The Layout command and the automatic layout of imported files: every edge points down, sinks are on
the bottom row, and no straight edge passes within a vertex radius of a vertex it does not touch."""

from __future__ import annotations

import math
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtGui import QUndoStack

from sgstudio.document import sgs
from sgstudio.games.graph import hdu1524
from sgstudio.games.graph.layout.layered import layered_positions
from sgstudio.games.graph.model.graph import GameGraph
from sgstudio.games.graph.tab.canvas import GraphCanvas
from sgstudio.games.graph.tab.canvas.items import RADIUS
from sgstudio.paths import resource_path


def distance_to_segment(p, a, b) -> float:
    """Distance from point p to the segment a-b (plain geometry, written out again here)."""
    (px, py), (ax, ay), (bx, by) = p, a, b
    vx, vy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * vx + (py - ay) * vy) / (vx * vx + vy * vy)))
    return math.hypot(px - (ax + t * vx), py - (ay + t * vy))


def layout_problems(pos: dict, edges, nodes) -> list[str]:
    """Everything wrong with a layered drawing, in words (empty: a good drawing)."""
    problems = []
    for u, v in edges:
        if not pos[u][1] < pos[v][1]:
            problems.append(f"{u} -> {v} does not point down")
        for w in nodes:
            if w not in (u, v) and distance_to_segment(pos[w], pos[u], pos[v]) < RADIUS:
                problems.append(f"{u} -> {v} passes through {w}")
    tails = {u for u, _ in edges}
    bottom = max((p[1] for p in pos.values()), default=0.0)
    problems += [f"sink {v} is not on the bottom row" for v in nodes
                 if v not in tails and pos[v][1] != bottom]
    return problems


def test_ctrl_l_on_the_example_draws_no_edge_through_a_vertex(qtbot):
    model = sgs.read(resource_path("examples", "default.sgs")).graph
    canvas = GraphCanvas(model, QUndoStack())
    qtbot.addWidget(canvas)
    canvas.layout_graph()
    pos = {v: model.pos(v) for v in model.nodes()}
    assert layout_problems(pos, model.edges(), model.nodes()) == []
    for v, (x, y) in pos.items():  # the scene follows
        assert (canvas.item_for_vertex(v).pos().x(), canvas.item_for_vertex(v).pos().y()) == (x, y)


def test_imported_hdu1524_sample_is_laid_out_without_edges_through_vertices(qtbot):
    text = resource_path("examples", "hdu1524.txt").read_text()
    for case in hdu1524.parse(text, "hdu1524.txt"):
        model = GameGraph.from_edges(case.n, case.edges())
        canvas = GraphCanvas(model, QUndoStack())  # vertices without positions: laid out on opening
        qtbot.addWidget(canvas)
        pos = {v: model.pos(v) for v in model.nodes()}
        assert layout_problems(pos, model.edges(), model.nodes()) == []


@st.composite
def dags(draw, max_n: int = 14):
    n = draw(st.integers(1, max_n))
    pairs = [(u, v) for u in range(n) for v in range(u + 1, n)]
    chosen = draw(st.lists(st.sampled_from(pairs), max_size=3 * n, unique=True)) if pairs else []
    order = draw(st.permutations(range(n)))  # vertex numbers need not follow the edges
    return n, [(order[u], order[v]) for u, v in chosen]


@settings(max_examples=150, deadline=None)
@given(dags())
def test_random_dags_are_drawn_clear_down_and_with_sinks_at_the_bottom(dag):
    n, edges = dag
    graph = GameGraph.from_edges(n, edges)
    pos = layered_positions(graph)
    assert sorted(pos) == list(range(n))
    assert layout_problems(pos, edges, range(n)) == []
    assert layered_positions(graph) == pos  # deterministic


@pytest.mark.parametrize("dx", [90.0, 140.0])
def test_vertices_of_a_row_keep_their_distance(dx):
    graph = GameGraph.from_edges(7, [(0, 1), (0, 2), (0, 3), (0, 4), (4, 5), (4, 6), (1, 6)])
    pos = layered_positions(graph, dx=dx)
    rows: dict[float, list[float]] = {}
    for x, y in pos.values():
        rows.setdefault(y, []).append(x)
    for xs in rows.values():
        xs.sort()
        assert all(b - a >= dx - 1e-6 for a, b in pairwise(xs))
