"""The canvas shows what is there and where a gesture starts: labels inside their discs, a mark for
every token at any zoom, a hint on an empty canvas, a cue on the rim an edge starts from, Fit clear
of the legend, a fit after Layout is undone, and copies that never hide their originals.

What is drawn is read back from the canvas's own pixels (``QWidget.grab``).
"""

from __future__ import annotations

import pytest
from canvas_helpers import make_canvas
from PySide6.QtCore import QEvent, QPoint, QPointF, QRect, Qt
from PySide6.QtGui import QColor, QMouseEvent
from PySide6.QtWidgets import QApplication

from sgstudio.games.graph.model.graph import GameGraph
from sgstudio.games.graph.tab.canvas.items import RADIUS
from sgstudio.games.graph.tab.canvas.legend import EMPTY_HINT, LegendWidget
from sgstudio.games.graph.tab.canvas.token_layer import TOKEN_LOD
from sgstudio.gui import palette

L = Qt.MouseButton.LeftButton
BLACK = 200  # ink darker than this is black: a token (a vertex's blue or orange fill is lighter)


def ink(image, p: QPoint) -> int:
    """How dark a pixel is: 0 (white) to 255 (black)."""
    return 255 - QColor(image.pixel(p)).lightness()


def device(canvas, x: float, y: float) -> QPoint:
    return canvas.mapFromScene(QPointF(x, y))


def look_at(qtbot, canvas, zoom: float, centre: QPointF):
    canvas.resetTransform()
    canvas.scale(zoom, zoom)
    canvas.centerOn(centre)
    qtbot.wait(10)
    return canvas.viewport().grab().toImage()


def test_a_long_label_stays_inside_its_disc(qtbot):
    model = GameGraph.from_edges(2, [(0, 1)])  # vertex 0 has value 1: orange, its label in black
    model.set_pos(0, (0, 0))
    model.set_pos(1, (0, 300))
    canvas = make_canvas(qtbot, model)
    canvas.rename_vertex(0)  # F2's editor: type the new label, Enter
    editor = canvas._editor
    editor.selectAll()
    qtbot.keyClicks(editor, "123456")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    assert model.label(0) == "123456" and canvas.item_for_vertex(0).shown_text() == ("123456", "g=1")
    image = look_at(qtbot, canvas, 4.0, QPointF(0, 0))
    label_row = [device(canvas, x, y) for y in (-10, -7, -4) for x in range(-12, 13)]
    assert max(ink(image, p) for p in label_row) > BLACK  # the label is drawn
    near_rim = [device(canvas, sign * x, y) for sign in (-1, 1) for x in (RADIUS - 6, RADIUS - 4)
                for y in (-10, -7, -4)]
    assert max(ink(image, p) for p in near_rim) < BLACK  # orange up to the rim: no digit reaches it
    outside = [device(canvas, sign * (RADIUS + d), y) for sign in (-1, 1) for d in (3, 6) for y in (-9, -5)]
    assert max(ink(image, p) for p in outside) < 30  # paper just outside the disc


@pytest.mark.parametrize("zoom", [0.03, 0.1, TOKEN_LOD - 0.01, TOKEN_LOD + 0.05, 1.0])
def test_a_token_has_a_mark_at_every_zoom(qtbot, zoom):
    """Black ink (darker than any vertex's fill) where the token is: its badge, or zoomed out a mark."""
    model = GameGraph()
    holder = model.add_node("A", (0, 0))
    model.add_node("B", (300, 0))
    model.add_token(holder)
    canvas = make_canvas(qtbot, model, (400, 300))
    image = look_at(qtbot, canvas, zoom, QPointF(150, 0))
    item = canvas.item_for_vertex(holder)
    where = item.scenePos() + (item.badge_centre() if zoom >= TOKEN_LOD else QPointF(0, 0))
    mark = device(canvas, where.x(), where.y())
    around = [mark + QPoint(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
    assert min(ink(image, p) for p in around) > BLACK
    assert ink(image, device(canvas, 300, 0)) < BLACK  # the vertex without a token has no mark
    area = [mark + QPoint(dx, dy) for dx in range(-2, 3) for dy in range(-2, 3)]
    before = sum(ink(image, p) > BLACK for p in area)
    model.remove_token(holder)  # the mark goes with the token (a rim's line may stay)
    image = canvas.viewport().grab().toImage()
    assert sum(ink(image, p) > BLACK for p in area) <= before - 10


def test_an_empty_canvas_says_what_to_do_until_its_first_vertex(qtbot):
    model = GameGraph()
    canvas = make_canvas(qtbot, model)
    hint = canvas._hint
    assert hint.isVisible() and hint.text() == EMPTY_HINT
    centre = hint.mapTo(canvas, hint.rect().center())
    assert abs(centre.x() - canvas.width() / 2) < 10 and abs(centre.y() - canvas.height() / 2) < 10
    qtbot.mouseDClick(canvas.viewport(), L, pos=canvas.viewport().rect().center())  # through the hint
    assert model.nodes() == [0]
    qtbot.waitUntil(lambda: not hint.isVisible())
    canvas.undo_stack.undo()
    qtbot.waitUntil(hint.isVisible)
    canvas.set_model(GameGraph.from_edges(2, [(0, 1)]))
    assert not hint.isVisible()


def hover(canvas, at: QPoint) -> None:
    """The mouse moves over the canvas with no button down."""
    event = QMouseEvent(QEvent.Type.MouseMove, QPointF(at), QPointF(canvas.viewport().mapToGlobal(at)),
                        Qt.MouseButton.NoButton, Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(canvas.viewport(), event)


def test_the_rim_an_edge_starts_from_lights_up(qtbot):
    model = GameGraph()
    a, b = model.add_node("A", (0, 0)), model.add_node("B", (200, 0))
    canvas = make_canvas(qtbot, model)
    vp = canvas.viewport()
    rim = device(canvas, RADIUS - 3, 0)
    hover(canvas, device(canvas, 0, 0))  # the middle moves the vertex: no cue
    assert canvas.scene().rim_cued() is None
    hover(canvas, rim)
    assert canvas.scene().rim_cued() == a
    cue = QColor(canvas.viewport().grab().toImage().pixel(device(canvas, 0, -RADIUS)))
    assert cue.name() == QColor(palette.SKY).name()
    hover(canvas, device(canvas, 100, 100))
    assert canvas.scene().rim_cued() is None
    hover(canvas, rim)
    qtbot.mousePress(vp, L, pos=rim)  # and a drag from there draws the edge
    for k in range(1, 5):
        qtbot.mouseMove(vp, rim + (device(canvas, 200, 0) - rim) * (k / 4))
    qtbot.mouseRelease(vp, L, pos=device(canvas, 200, 0))
    assert model.edges() == [(a, b)] and canvas.scene().rim_cued() is None


def vertices_in(canvas, rect: QRect) -> list[int]:
    """The vertices whose discs reach into ``rect`` (viewport pixels)."""
    out = []
    for v, item in canvas.scene().vertex_items.items():
        shown = canvas.mapFromScene(item.sceneBoundingRect()).boundingRect()
        if shown.intersects(rect):
            out.append(v)
    return out


def legend_rect(canvas) -> QRect:
    legend = canvas.findChild(LegendWidget)  # the legend overlay in the canvas's bottom-left corner
    return legend.geometry().translated(-canvas.viewport().pos())


def test_fit_leaves_the_legend_corner_free(qtbot):
    model = GameGraph()
    for i in range(4):  # a wide, low grid: fitted to the whole view, its bottom-left lies under the legend
        for j in range(2):
            model.add_node(f"v{i}{j}", (300.0 * i, 120.0 * j))
    canvas = make_canvas(qtbot, model, (700, 300))
    qtbot.keyClick(canvas, Qt.Key.Key_F)
    assert vertices_in(canvas, legend_rect(canvas)) == []
    assert len(vertices_in(canvas, canvas.viewport().rect())) == 8  # every vertex still in sight


def test_undoing_layout_fits_the_graph_again(qtbot, window):
    canvas, model = window.canvas, window.document.model
    window.actions["layout"].trigger()
    laid_out = {v: model.pos(v) for v in model.nodes()}
    canvas.zoom_by(5.0)  # a close look after the layout: most of the graph is out of sight
    assert len(vertices_in(canvas, canvas.viewport().rect())) < len(laid_out)
    window.actions["undo"].trigger()
    assert {v: model.pos(v) for v in model.nodes()} != laid_out
    assert len(vertices_in(canvas, canvas.viewport().rect())) == len(laid_out)  # fitted again
    canvas.zoom_by(5.0)
    window.actions["redo"].trigger()
    assert {v: model.pos(v) for v in model.nodes()} == laid_out
    assert len(vertices_in(canvas, canvas.viewport().rect())) == len(laid_out)


def test_copies_never_land_on_a_vertex(qtbot):
    model = GameGraph()
    a = model.add_node("A", (0, 0))
    model.add_node("B", (0, 200))
    canvas = make_canvas(qtbot, model)
    canvas.setFocus()
    for _ in range(3):  # the same original, duplicated again and again
        canvas.select_vertices([a])
        qtbot.keyClick(canvas, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    canvas.select_vertices([a])
    qtbot.keyClick(canvas, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(canvas, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    places = [model.pos(v) for v in model.nodes()]
    assert len(model.nodes()) == 6 and len(set(places)) == 6
