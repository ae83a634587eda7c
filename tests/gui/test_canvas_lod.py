"""Level of detail: zoomed out, one edge layer draws every edge; the edge items stay for hit-testing
and highlights, and zooming back in (or exporting) gives every edge its arrowhead again.

What is on screen is read back from the window's backing store (``QScreen.grabWindow``), so these
tests see Qt's own partial repaints after an edit, not a fresh full paint.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QImage, QUndoStack
from PySide6.QtWidgets import QGraphicsItem

from sgstudio.games.graph.model.graph import GameGraph
from sgstudio.games.graph.tab.canvas import GraphCanvas
from sgstudio.games.graph.tab.canvas.edges_layer import LINE_LOD, EdgeLayer
from sgstudio.games.graph.tab.canvas.export import PAD
from sgstudio.games.graph.tab.canvas.items import RADIUS, EdgeItem, VertexItem
from sgstudio.games.graph.tab.commands import AddEdgeCommand, MoveVerticesCommand, RemoveEdgeCommand

NO_CONTENTS = QGraphicsItem.GraphicsItemFlag.ItemHasNoContents
FAR = 0.08  # a zoom below LINE_LOD
W = 4000.0  # length of the two horizontal edges, in scene units


@pytest.fixture
def canvas(qtbot) -> GraphCanvas:
    """Two long horizontal edges a -> b (y = 0) and c -> d (y = 2000), seen from far away."""
    model = GameGraph()
    a, b = model.add_node("a", (0, 0)), model.add_node("b", (W, 0))
    c, d = model.add_node("c", (0, 2000)), model.add_node("d", (W, 2000))
    model.add_edge(a, b)
    model.add_edge(c, d)
    view = GraphCanvas(model, QUndoStack())
    qtbot.addWidget(view)
    view.resize(600, 400)
    view.show()
    qtbot.waitExposed(view)
    set_zoom(qtbot, view, FAR)
    return view


def set_zoom(qtbot, view: GraphCanvas, zoom: float) -> None:
    view.resetTransform()
    view.scale(zoom, zoom)
    view.centerOn(W / 2, 1000)
    qtbot.wait(10)


def on_screen(qtbot, view: GraphCanvas) -> QImage:
    """What the window shows now (after letting Qt run its pending partial repaints)."""
    qtbot.wait(10)
    return view.screen().grabWindow(view.winId()).toImage()


def ink(view: GraphCanvas, image: QImage, x: float, y: float) -> int:
    """How dark the screen is around scene point (x, y): 0 (white) to 255 (black)."""
    p = view.viewport().mapTo(view, view.mapFromScene(QPointF(x, y)))
    return 255 - min(image.pixelColor(p.x() + dx, p.y() + dy).lightness()
                     for dx in (-1, 0, 1) for dy in (-1, 0, 1))


def layer(view: GraphCanvas) -> EdgeLayer:
    return view.scene().edge_layer


def edge(view: GraphCanvas, u: int, v: int) -> EdgeItem:
    return view.scene().edge_items[(u, v)]


def test_zoomed_out_the_layer_draws_the_edges_and_the_items_draw_nothing(qtbot, canvas):
    image = on_screen(qtbot, canvas)
    assert FAR < LINE_LOD and layer(canvas).low
    assert all(item.flags() & NO_CONTENTS for item in canvas.scene().edge_items.values())
    drawn = sorted((ln.x1(), ln.y1(), ln.x2(), ln.y2()) for ln in layer(canvas).lines())
    assert drawn == [(RADIUS, 0, W - RADIUS, 0), (RADIUS, 2000, W - RADIUS, 2000)]
    assert ink(canvas, image, W / 2, 0) > 40 and ink(canvas, image, W / 2, 2000) > 40
    assert ink(canvas, image, W / 2, 1000) == 0  # nothing drawn between the edges


def test_zoomed_out_edges_are_still_found_under_the_mouse_and_the_layer_never_is(qtbot, canvas):
    on_screen(qtbot, canvas)
    scene = canvas.scene()
    near = scene.items(QRectF(W / 2 - 5, -5, 10, 10), Qt.ItemSelectionMode.IntersectsItemShape)
    assert edge(canvas, 0, 1) in near and layer(canvas) not in near
    assert scene.items(QPointF(W / 2, 1000)) == []  # empty space stays empty (double-click adds a vertex)
    assert isinstance(canvas.vertex_at(QPointF(W, 0)), VertexItem)


def test_removing_and_adding_edges_zoomed_out_repaints_them(qtbot, canvas):
    model, stack = canvas.model, canvas.undo_stack
    assert ink(canvas, on_screen(qtbot, canvas), W / 2, 0) > 40
    stack.push(RemoveEdgeCommand(model, 0, 1))
    assert ink(canvas, on_screen(qtbot, canvas), W / 2, 0) == 0  # Qt's partial repaint wiped it
    stack.undo()
    assert ink(canvas, on_screen(qtbot, canvas), W / 2, 0) > 40
    stack.push(AddEdgeCommand(model, 0, 3))  # a diagonal a -> d, drawn by the layer
    assert edge(canvas, 0, 3).flags() & NO_CONTENTS  # born zoomed out: the layer draws it
    assert ink(canvas, on_screen(qtbot, canvas), W / 2, 1000) > 40


def test_moving_a_vertex_zoomed_out_moves_its_line(qtbot, canvas):
    model, stack = canvas.model, canvas.undo_stack
    on_screen(qtbot, canvas)
    stack.push(MoveVerticesCommand(model, {0: (0, 1000), 1: (W, 1000)}, {0: (0, 0), 1: (W, 0)}))
    image = on_screen(qtbot, canvas)
    assert ink(canvas, image, W / 2, 0) == 0  # the old line is gone
    assert ink(canvas, image, W / 2, 1000) > 40  # the new one is there
    assert sorted(ln.y1() for ln in layer(canvas).lines()) == [1000, 2000]


def test_a_highlighted_edge_paints_itself_zoomed_out(qtbot, canvas):
    on_screen(qtbot, canvas)
    canvas.highlight_move(0, 1)
    assert not edge(canvas, 0, 1).flags() & NO_CONTENTS and edge(canvas, 2, 3).flags() & NO_CONTENTS
    canvas.clear_highlight()
    assert edge(canvas, 0, 1).flags() & NO_CONTENTS


def test_zooming_back_in_gives_the_items_their_drawing_back(qtbot, canvas):
    on_screen(qtbot, canvas)
    set_zoom(qtbot, canvas, 1.0)
    canvas.centerOn(W - 200, 0)
    image = on_screen(qtbot, canvas)
    assert not layer(canvas).low
    assert not any(item.flags() & NO_CONTENTS for item in canvas.scene().edge_items.values())
    tip = W - RADIUS
    assert ink(canvas, image, tip - 8, 2.5) > 40  # inside the arrowhead, off the line
    assert ink(canvas, image, tip - 30, 2.5) == 0  # behind the arrowhead, off the line


def test_exporting_while_zoomed_out_draws_arrowheads_and_the_view_stays_zoomed_out(qtbot, canvas, tmp_path):
    on_screen(qtbot, canvas)
    path = tmp_path / "far.png"
    assert canvas.export_png(str(path), scale=1.0)
    image = QImage(str(path))
    left, top = canvas.scene().graph_rect().left() - PAD, canvas.scene().graph_rect().top() - PAD
    x, y = W - RADIUS - 8 - left, 2.5 - top  # inside the arrowhead of a -> b, off the line
    assert image.pixelColor(round(x), round(y)).lightness() < 200
    assert ink(canvas, on_screen(qtbot, canvas), W / 2, 0) > 40
    canvas.viewport().repaint()
    assert layer(canvas).low and edge(canvas, 0, 1).flags() & NO_CONTENTS


def test_vertex_texts_follow_label_and_value_changes_made_while_zoomed_out(qtbot, canvas):
    model = canvas.model
    on_screen(qtbot, canvas)
    model.set_label(0, "start")
    model.add_edge(1, 3)  # b gets a successor: its value becomes 1, a's becomes 0
    item = canvas.item_for_vertex(0)
    assert item.shown_text() == ("start", f"g={model.grundy(0)}")
    assert canvas.item_for_vertex(1).shown_text() == ("b", "g=1")
