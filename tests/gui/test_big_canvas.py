"""The window on a generated 200,000-vertex graph: it opens in the big drawing, a click selects the
vertex under the mouse, edits show and undo, Go to vertex and Expand neighbourhood work.

One window for the whole module (building it is the slow part); every test leaves the document as
it found it (it undoes what it did).
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from PySide6.QtCore import QPointF, QRectF, QSettings, Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QInputDialog

from sgstudio.app.files import Loaded
from sgstudio.games.graph.model.graph import GameGraph
from sgstudio.games.graph.tab.canvas.big.scene import DETAIL_ITEMS, BigGraphScene
from sgstudio.games.graph.tab.commands import AddEdgeCommand, AddTokenCommand, RemoveEdgeCommand

N = 200_000


def local_dag(n: int, seed: int = 5) -> np.ndarray:
    """About 2n distinct edges u -> v with u < v, mostly between nearby numbers (acyclic)."""
    rng = np.random.default_rng(seed)
    u = rng.integers(0, n - 1, size=2 * n)
    v = np.minimum(n - 1, u + 1 + rng.geometric(1 / 30, size=u.size))
    return np.unique(np.stack([u, v], axis=1), axis=0)


@pytest.fixture(scope="module")
def big(qapp, tmp_path_factory):
    """The main window showing a 200,000-vertex graph with three tokens (module-wide)."""
    from sgstudio.app.main_window import MainWindow

    settings = QSettings(str(tmp_path_factory.mktemp("big") / "s.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings=settings)
    window.resize(1280, 800)
    window.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, True)
    window.show()
    model = GameGraph.from_edges(N, local_dag(N))
    for v in (10, 50_000, 123_456):
        model.add_token(v)
    window.document.install(Loaded(model, "big"))
    qapp.processEvents()
    yield window
    window.undo_stack.clear()
    window.undo_stack.setClean()
    window.close()


def on_screen(canvas, v: int):
    """Viewport coordinates of vertex v."""
    x, y = canvas.scene().data.xy[v]
    return canvas.mapFromScene(QPointF(x, y))


def darkness_along(canvas, u: int, w: int) -> int:
    """How dark the pixels on the middle part of the segment u-w are, summed (as drawn now)."""
    image = canvas.viewport().grab().toImage()
    a, b = on_screen(canvas, u), on_screen(canvas, w)
    total = 0
    for t in np.linspace(0.3, 0.7, 41):
        x, y = round(a.x() + t * (b.x() - a.x())), round(a.y() + t * (b.y() - a.y()))
        total += 255 - image.pixelColor(x, y).lightness()
    return total


def visible_vertex(canvas, avoid=()) -> int:
    """A vertex in the middle of the view, not one of ``avoid``."""
    seen = canvas.mapToScene(canvas.viewport().rect()).boundingRect()
    inner = seen.adjusted(seen.width() / 4, seen.height() / 4, -seen.width() / 4, -seen.height() / 4)
    found = [v for v in canvas.scene().vertices_in(inner) if v not in avoid]
    assert found, "no vertex in the middle of the view"
    return found[len(found) // 2]


def test_opens_in_the_big_drawing_with_few_items(big, qtbot):
    canvas = big.canvas
    scene = canvas.scene()
    assert isinstance(scene, BigGraphScene) and canvas.is_big()
    assert scene.data.m == big.document.model.edge_count()
    assert len(scene.vertex_items) <= DETAIL_ITEMS + 30  # items only for the few that need them
    assert {10, 50_000, 123_456} <= set(scene.vertex_items)  # token holders are live
    assert scene.data.nbytes() / N < 100  # the drawing's arrays: under 100 bytes a vertex
    assert big.document.model._dag.succ.touched() < 1000  # the model keeps compact adjacency
    assert scene.focus and set(scene.focus) >= {10, 50_000, 123_456}  # the game is laid out first
    assert big.analysis.outcome_text() in ("WIN", "LOSE")
    image = canvas.viewport().grab().toImage()
    inked = sum(image.pixelColor(x, y).lightness() < 200 for x in range(0, image.width(), 16)
                for y in range(0, image.height(), 16))
    assert inked > 20  # something is drawn
    canvas.fit_whole()
    canvas.viewport().repaint()
    assert scene.layer.last_lod == "density"  # the whole graph: an overview picture
    canvas.fit_graph()


def test_a_click_selects_the_vertex_under_the_mouse(big, qtbot):
    canvas = big.canvas
    canvas.fit_whole()
    qtbot.wait(1)
    v = visible_vertex(canvas)
    qtbot.mouseClick(canvas.viewport(), Qt.MouseButton.LeftButton, pos=on_screen(canvas, v))
    chosen = canvas.selected_vertices()
    assert len(chosen) == 1
    x, y = canvas.scene().data.xy[chosen[0]]
    tx, ty = canvas.scene().data.xy[v]
    assert abs(x - tx) * canvas.zoom() <= 6 and abs(y - ty) * canvas.zoom() <= 6  # under the mouse
    canvas.scene().clearSelection()
    canvas.go_to(str(v))
    target = visible_vertex(canvas, avoid={v})
    qtbot.mouseClick(canvas.viewport(), Qt.MouseButton.LeftButton, pos=on_screen(canvas, target))
    assert canvas.selected_vertices() == [target]  # at reading zoom: exactly that one
    canvas.scene().clearSelection()


def test_an_edge_edit_shows_and_undoes(big, qtbot):
    canvas, model = big.canvas, big.document.model
    canvas.go_to("100000")
    u = visible_vertex(canvas)
    seen = canvas.mapToScene(canvas.viewport().rect()).boundingRect()
    far = [w for w in canvas.scene().vertices_in(seen) if w > u + 5 and not model.has_edge(u, w)]
    w = far[-1]
    data, before = canvas.scene().data, canvas.scene().data.m
    ink = darkness_along(canvas, u, w)
    big.undo_stack.push(AddEdgeCommand(model, u, w))
    assert model.has_edge(u, w) and data.m == before + 1
    src, dst = data.edge_list()
    assert ((src == u) & (dst == w)).any()
    assert darkness_along(canvas, u, w) > ink  # the new edge is drawn
    big.undo_stack.undo()
    assert not model.has_edge(u, w) and data.m == before
    src, dst = data.edge_list()
    assert not ((src == u) & (dst == w)).any()
    old = next(iter(model.successors(u)), None)
    if old is not None:
        big.undo_stack.push(RemoveEdgeCommand(model, u, old))
        assert data.m == before - 1
        big.undo_stack.undo()
        assert model.has_edge(u, old) and data.m == before


def test_a_token_edit_shows_and_undoes(big, qtbot):
    canvas, model = big.canvas, big.document.model
    canvas.go_to("150000")
    v = visible_vertex(canvas, avoid={10, 50_000, 123_456})
    total = model.nim_sum()
    big.undo_stack.push(AddTokenCommand(model, v))
    item = canvas.scene().vertex_items.get(v)
    assert item is not None and item.tokens == 1
    qtbot.waitUntil(lambda: big.analysis.outcome_text() == ("WIN" if model.nim_sum() else "LOSE"))
    assert model.nim_sum() == total ^ model.grundy(v)
    big.undo_stack.undo()
    assert model.token_count(v) == 0 and canvas.scene().vertex_items[v].tokens == 0


def test_go_to_vertex_by_id_and_label(big, qtbot, monkeypatch):
    canvas, model = big.canvas, big.document.model
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("77777", True))
    canvas.setFocus()
    qtbot.keyClick(canvas, Qt.Key.Key_G, Qt.KeyboardModifier.ControlModifier)
    assert canvas.selected_vertices() == [77777]
    centre = canvas.mapToScene(canvas.viewport().rect().center())
    x, y = canvas.scene().data.xy[77777]
    assert abs(centre.x() - x) < 5 and abs(centre.y() - y) < 5
    model.set_label(4242, "needle")
    assert canvas.go_to("needle") == 4242 and canvas.selected_vertices() == [4242]
    model.set_label(4242, "4242")
    assert canvas.go_to("no such vertex") is None
    canvas.scene().clearSelection()


def test_drag_a_vertex_moves_it_and_undo_puts_it_back(big, qtbot):
    canvas, model = big.canvas, big.document.model
    canvas.go_to("60000")
    canvas.scene().clearSelection()
    v = visible_vertex(canvas)
    start = model.pos(v)
    at = on_screen(canvas, v)
    qtbot.mousePress(canvas.viewport(), Qt.MouseButton.LeftButton, pos=at)
    for k in range(1, 6):
        qtbot.mouseMove(canvas.viewport(), at + QPointF(12 * k, 8 * k).toPoint())
    qtbot.mouseRelease(canvas.viewport(), Qt.MouseButton.LeftButton, pos=at + QPointF(60, 40).toPoint())
    moved = model.pos(v)
    assert moved != start and moved[0] > start[0]
    assert tuple(canvas.scene().data.xy[v]) == moved  # the drawing's arrays followed
    big.undo_stack.undo()
    assert model.pos(v) == start and tuple(canvas.scene().data.xy[v]) == start
    canvas.scene().clearSelection()


def test_expand_neighbourhood_lays_it_out_and_undoes(big, qtbot):
    canvas, model = big.canvas, big.document.model
    v = 99_999
    before = {w: model.pos(w) for w in [v, *model.successors(v), *model.predecessors(v)]}
    canvas.expand_neighbourhood(v)
    _, y = model.pos(v)
    for w in model.successors(v):
        assert model.pos(w)[1] > y  # successors below
    for w in model.predecessors(v):
        assert model.pos(w)[1] < y  # predecessors above
    assert v in canvas.scene().focus
    big.undo_stack.undo()
    assert {w: model.pos(w) for w in before} == before
    canvas.scene().clearSelection()


def near_black(image) -> int:
    """How many pixels of ``image`` are (nearly) black."""
    image = image.convertToFormat(QImage.Format.Format_RGB32)
    pixels = np.frombuffer(image.constBits(), np.uint8).reshape(image.height(), image.bytesPerLine())
    rgb = pixels[:, : 4 * image.width()].reshape(image.height(), image.width(), 4)[..., :3]
    return int(np.count_nonzero(rgb.max(axis=2) < 50))


def empty_spot(canvas, near: QPointF) -> QPointF:
    """A viewport point near ``near`` with no vertex under it."""
    for dx in range(0, 200, 7):
        for dy in range(0, 200, 7):
            p = near + QPointF(dx, dy)
            if canvas.vertex_at(canvas.mapToScene(p.toPoint())) is None:
                return p
    raise AssertionError("no empty spot")


def test_select_all_selects_every_vertex_through_the_arrays(big, qtbot):
    canvas, scene = big.canvas, big.canvas.scene()
    canvas.fit_whole()
    canvas.viewport().repaint()
    before = canvas.viewport().grab().toImage()
    heard: list[list[int]] = []
    canvas.selection_changed.connect(heard.append)
    canvas.setFocus()
    qtbot.keyClick(canvas, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    assert canvas.selected_vertices() == list(range(N))
    assert heard and len(heard[-1]) == N  # one piece of news, with every vertex
    assert len(scene.vertex_items) <= DETAIL_ITEMS + 30  # no item made for them
    canvas.viewport().repaint()
    after = canvas.viewport().grab().toImage()
    dark = [near_black(image) for image in (before, after)]
    assert dark[1] > 2 * dark[0] + 100  # the selected cells are drawn black
    qtbot.keyClick(canvas, Qt.Key.Key_Escape)
    assert canvas.selected_vertices() == [] and not scene.data.selected.any()
    canvas.selection_changed.disconnect(heard.append)


def test_rubber_band_selects_the_vertices_inside(big, qtbot):
    canvas, scene = big.canvas, big.canvas.scene()
    canvas.go_to("30000")
    scene.clearSelection()
    middle = QPointF(canvas.viewport().rect().center())
    start = empty_spot(canvas, middle - QPointF(250, 150))
    end = start + QPointF(300, 200)
    qtbot.mousePress(canvas.viewport(), Qt.MouseButton.LeftButton, pos=start.toPoint())
    for k in range(1, 5):
        qtbot.mouseMove(canvas.viewport(), (start + (end - start) * (k / 4)).toPoint())
    qtbot.mouseRelease(canvas.viewport(), Qt.MouseButton.LeftButton, pos=end.toPoint())
    area = canvas.mapToScene(QRectF(start, end).toRect()).boundingRect()
    x, y = scene.data.xy[:N, 0], scene.data.xy[:N, 1]  # every centre, not through the grid
    inside = np.flatnonzero((x >= area.left()) & (x <= area.right())
                            & (y >= area.top()) & (y <= area.bottom())).tolist()
    assert len(inside) > 3
    assert canvas.selected_vertices() == inside
    items = [scene.vertex_items[v] for v in inside if v in scene.vertex_items]
    assert items and all(item.isSelected() for item in items)  # the items show it too
    first = inside
    start2 = empty_spot(canvas, end + QPointF(40, 40))
    end2 = start2 + QPointF(80, 60)
    qtbot.mousePress(canvas.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ControlModifier,
                     pos=start2.toPoint())
    qtbot.mouseMove(canvas.viewport(), end2.toPoint())
    qtbot.mouseRelease(canvas.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ControlModifier,
                       pos=end2.toPoint())
    assert set(first) <= set(canvas.selected_vertices())  # Ctrl adds
    qtbot.mouseClick(canvas.viewport(), Qt.MouseButton.LeftButton, pos=start.toPoint())
    assert canvas.selected_vertices() == []  # a click on nothing clears


def test_play_starts_on_the_big_graph_from_its_arrays(big, qtbot):
    from sgstudio.games.graph.dag.arrays import ArrayDagGame

    model = big.document.model
    qtbot.mouseClick(big.play.start_button, Qt.MouseButton.LeftButton)
    try:
        assert big.play.playing
        session = big.play.session
        assert isinstance(session.game, ArrayDagGame)  # the game is arrays, not a tuple per vertex
        assert session.position == (10, 50_000, 123_456)
        assert session.value == model.nim_sum()
        v = 10
        w = model.successors(v)[0]
        assert big.play.play_move((v, w))
        assert session.history[0].move == (v, w) and model.token_count(v) == 1  # the document stays
        items = big.canvas.scene().vertex_items

        def shown() -> bool:
            counts = Counter(session.position)
            return all(items[u].tokens == k for u, k in counts.items())

        qtbot.waitUntil(shown)  # the canvas shows the played position (the computer's answer too)
    finally:
        big.play.stop()
    assert not big.play.playing and big.canvas.scene().vertex_items[10].tokens == 1


def test_the_computer_against_itself_keeps_the_moving_token_in_sight(big, qtbot):
    """Issue 21, item 10: on the big drawing the played moves went off the view, which stayed where
    it was; each move now ends with its token in sight (not under the legend or the minimap)."""
    from sgstudio.core.play.session import Mode

    canvas, play = big.canvas, big.play
    canvas.fit_graph()
    legend, minimap = canvas._legend, canvas._minimap
    play.set_mode(Mode.COMPUTER_VS_COMPUTER)
    qtbot.mouseClick(play.start_button, Qt.MouseButton.LeftButton)
    try:
        session = play.session
        for seen in range(1, 9):
            if not play.forward_button.isEnabled():
                break
            qtbot.mouseClick(play.forward_button, Qt.MouseButton.LeftButton)
            assert len(session.history) == seen
            u, v = session.history[-1].move
            at = canvas.mapFromScene(QPointF(*canvas.scene().data.xy[v]))
            inside = canvas.viewport().rect().adjusted(20, 20, -20, -20)
            covered = [w for w in (legend, minimap) if w.isVisible()
                       and w.geometry().translated(-canvas.viewport().pos()).contains(at)]
            assert inside.contains(at) and not covered, (seen, u, v)
        assert seen >= 4  # several moves, some of them far from where the view started
    finally:
        play.stop()
    canvas.fit_graph()


def test_a_graph_growing_past_the_threshold_switches_to_the_big_drawing(window, qtbot, monkeypatch):
    from sgstudio.games.graph.tab.canvas.big import canvas as big_canvas

    canvas, model = window.canvas, window.document.model
    monkeypatch.setattr(big_canvas, "BIG_VERTICES", len(model) + 2)
    assert not canvas.is_big()
    window.actions["select_all"].trigger()
    window.actions["duplicate"].trigger()  # twice the vertices: past the (lowered) threshold
    assert canvas.is_big() and isinstance(canvas.scene(), BigGraphScene)
    data = canvas.scene().data
    assert int(data.alive.sum()) == len(model) and data.m == model.edge_count()
    copies = canvas.selected_vertices()
    assert copies and len(copies) == len(model) // 2  # the pasted copies stay selected
    window.actions["undo"].trigger()
    assert int(canvas.scene().data.alive.sum()) == len(model)  # the big drawing follows the undo
