"""A big graph with cycles opened as a loopy game: it opens in the big drawing (laid out although
it has no topological order), its ∞ vertices are drawn in the third colour (reddish purple) far
out, as dots and as discs, and an edit that makes the values finite turns them blue and orange.

The graph: a ring 0 -> 1 -> ... -> n-1 -> 0 with random chords i -> j (i < j, never from n-1).
Without a sink every vertex is ∞ (a draw); removing the edge n-1 -> 0 leaves a DAG, where every
value is finite. The thresholds of the big drawing and (far out) of its overview are lowered, so
a few hundred vertices take the big path (the smallest size that does).
"""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor

from sgstudio.games.graph.layout.big import forward_edges, wrapped_layers
from sgstudio.games.graph.tab.canvas import minimap
from sgstudio.games.graph.tab.canvas.big import canvas as big_canvas
from sgstudio.games.graph.tab.canvas.big import layer as big_layer
from sgstudio.games.graph.tab.canvas.big.scene import BigGraphScene
from sgstudio.games.graph.tab.commands import RemoveEdgeCommand
from sgstudio.gui import palette

N = 400
DENSE = big_layer.DENSE  # the overview's own threshold (lowered far out only)


def ring_with_chords(n: int, seed: int = 13) -> list[list[int]]:
    """Successor lists: the ring, and from each i < n-1 up to two chords forward."""
    rng = np.random.default_rng(seed)
    succ = [[i + 1] for i in range(n - 1)] + [[0]]
    for i in range(n - 2):
        for j in rng.integers(i + 2, n, size=rng.integers(0, 3)):
            if j not in succ[i]:
                succ[i].append(int(j))
    return succ


def hdu_text(succ: list[list[int]]) -> str:
    lines = [str(len(succ))] + [" ".join(map(str, [len(s), *s])) for s in succ]
    return "\n".join([*lines, "1 5", "0"]) + "\n"


@pytest.fixture
def loopy_big(window, dialogs, tmp_path, monkeypatch):
    """The window with the ring opened from an HDU 1524 file as a loopy game, in the big drawing."""
    monkeypatch.setattr(big_canvas, "BIG_VERTICES", N // 4)
    monkeypatch.setattr(minimap, "REFRESH_MS", 0)  # the minimap follows every edit at once
    path = tmp_path / "ring.txt"
    path.write_text(hdu_text(ring_with_chords(N)))
    dialogs.answer = dialogs.answer.Open  # "This graph has cycles — open it as a loopy game?"
    assert window.document.import_hdu(str(path))
    assert "loopy game" in dialogs.questions[-1]
    return window


def kind_of(colour: QColor) -> int | None:
    """The kind (palette.ZERO / NONZERO / INFINITE) whose colour has this hue (within 10 degrees:
    not the minimap's vermillion frame); None for white, grey and black (no saturation)."""
    if colour.hsvSaturation() < 60 or colour.value() < 60:
        return None
    hues = [QColor(c).hsvHue() for c in palette.KIND_COLOURS]
    gaps = [min(abs(colour.hsvHue() - h), 360 - abs(colour.hsvHue() - h)) for h in hues]
    return int(np.argmin(gaps)) if min(gaps) <= 10 else None


def drawn_kinds(canvas) -> dict[int, int]:
    """How many pixels of the view show each kind's colour."""
    canvas.viewport().repaint()
    return kinds_in(canvas.viewport().grab().toImage())


def minimap_kinds(canvas) -> dict[int, int]:
    """How many pixels of the minimap show each kind's colour."""
    canvas._minimap.repaint()
    return kinds_in(canvas._minimap.grab().toImage())


def kinds_in(image) -> dict[int, int]:
    found = [kind_of(image.pixelColor(x, y)) for x in range(0, image.width(), 3)
             for y in range(0, image.height(), 3)]
    return {k: found.count(k) for k in (palette.ZERO, palette.NONZERO, palette.INFINITE)}


def kind_at(canvas, v: int) -> int | None:
    """The kind whose colour is drawn at vertex v's centre."""
    canvas.viewport().repaint()
    x, y = canvas.scene().data.xy[v]
    p = canvas.mapFromScene(QPointF(x, y))
    return kind_of(canvas.viewport().grab().toImage().pixelColor(p))


def test_a_big_cyclic_file_opens_as_a_loopy_game_in_the_big_drawing(loopy_big):
    canvas, model = loopy_big.canvas, loopy_big.document.model
    assert model.loopy and len(model) == N and model.has_edge(N - 1, 0)
    assert canvas.is_big() and isinstance(canvas.scene(), BigGraphScene)
    data = canvas.scene().data
    assert np.isfinite(data.xy[:N]).all()  # every vertex laid out, cycles and all
    assert len({tuple(p) for p in data.xy[:N].tolist()}) == N  # each in a place of its own
    assert (data.kind[:N] == palette.INFINITE).all()  # no sink: every vertex is ∞
    assert loopy_big.analysis.outcome_text() == "DRAW"


def test_play_on_the_big_loopy_graph_starts_from_its_arrays_and_keeps_the_draw(loopy_big, qtbot):
    from PySide6.QtCore import Qt

    from sgstudio.core.outcome import Outcome
    from sgstudio.games.graph.loopy.arrays import ArrayLoopyGame

    window, model = loopy_big, loopy_big.document.model
    qtbot.mouseClick(window.play.start_button, Qt.MouseButton.LeftButton)
    try:
        session = window.play.session
        assert isinstance(session.game, ArrayLoopyGame)  # arrays, not a tuple per vertex
        assert session.position == tuple(model.tokens()) == (5,)
        assert session.game.outcome(session.position) is Outcome.DRAW
        assert session.game.drawing_moves((5,)) == [(5, w) for w in sorted(model.successors(5))]
        w = sorted(model.successors(5))[-1]
        assert window.play.play_move((5, w))
        assert session.history[0].move == (5, w) and model.tokens() == [5]  # the document stays
    finally:
        window.play.stop("done")


def far_out(canvas, monkeypatch) -> dict[int, int]:
    """The whole graph as the overview picture: how many pixels show each kind's colour."""
    monkeypatch.setattr(big_layer, "DENSE", N // 8)
    canvas.fit_whole()
    drawn = drawn_kinds(canvas)
    assert canvas.scene().layer.last_lod == "density"
    return drawn


def close_in(canvas, monkeypatch, v: int, zoom: float) -> None:
    """v in the middle of the view at ``zoom``, drawn as a dot or a disc."""
    monkeypatch.setattr(big_layer, "DENSE", DENSE)
    canvas.resetTransform()
    canvas.scale(zoom, zoom)
    canvas.centerOn(QPointF(*canvas.scene().data.xy[v]))
    canvas.view_moved()


def test_infinite_vertices_are_purple_far_out_and_close_in_until_an_edit_makes_them_finite(
        loopy_big, monkeypatch):
    canvas, model = loopy_big.canvas, loopy_big.document.model
    scene = canvas.scene()
    v = next(w for w in range(N // 2, N) if not scene.data.live[w])  # drawn by the layer
    drawn = far_out(canvas, monkeypatch)
    assert drawn[palette.INFINITE] > 150 and drawn[palette.ZERO] == drawn[palette.NONZERO] == 0
    assert kind_at(canvas, v) == palette.INFINITE
    for zoom, lod in ((0.1, "dots"), (0.3, "discs")):
        close_in(canvas, monkeypatch, v, zoom)
        assert kind_at(canvas, v) == palette.INFINITE and scene.layer.last_lod == lod
    drawn = minimap_kinds(canvas)
    assert drawn[palette.INFINITE] > 150 and drawn[palette.ZERO] == drawn[palette.NONZERO] == 0

    loopy_big.undo_stack.push(RemoveEdgeCommand(model, N - 1, 0))  # the ring opens: a DAG
    assert model.grundy(N - 1) == 0 and all(isinstance(model.grundy(w), int) for w in model.nodes())
    assert (scene.data.kind[:N] == [palette.value_kind(model.grundy(w)) for w in range(N)]).all()
    for zoom in (0.1, 0.3):
        close_in(canvas, monkeypatch, v, zoom)
        assert kind_at(canvas, v) == palette.value_kind(model.grundy(v))
    drawn = far_out(canvas, monkeypatch)
    assert drawn[palette.INFINITE] == 0 and drawn[palette.ZERO] > 0 and drawn[palette.NONZERO] > 0
    drawn = minimap_kinds(canvas)
    assert drawn[palette.INFINITE] == 0 and drawn[palette.ZERO] > 0 and drawn[palette.NONZERO] > 0

    loopy_big.undo_stack.undo()  # the ring again: purple again
    assert (scene.data.kind[:N] == palette.INFINITE).all()
    drawn = far_out(canvas, monkeypatch)
    assert drawn[palette.INFINITE] > 150 and drawn[palette.ZERO] == drawn[palette.NONZERO] == 0


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 9).flatmap(lambda n: st.tuples(
    st.just(n), st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=25))))
def test_the_layout_of_a_cyclic_graph_layers_an_acyclic_part_and_leaves_out_only_cycle_closers(case):
    n, edges = case
    src, dst = (np.array([e[k] for e in edges], np.int64) for k in (0, 1))
    kept = forward_edges(n, src, dst)
    forward = nx.DiGraph(list(zip(src[kept].tolist(), dst[kept].tolist(), strict=True)))
    forward.add_nodes_from(range(n))
    assert nx.is_directed_acyclic_graph(forward)
    for u, v in zip(src[~kept].tolist(), dst[~kept].tolist(), strict=True):
        assert nx.has_path(forward, v, u)  # a left-out edge closes a cycle (or is a self-loop)
    if nx.is_directed_acyclic_graph(nx.DiGraph(edges)):
        assert kept.all()  # a DAG keeps every edge
    xy = wrapped_layers(n, src, dst)
    assert np.isfinite(xy).all() and len({tuple(p) for p in xy.tolist()}) == n
