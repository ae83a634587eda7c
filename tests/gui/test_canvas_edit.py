"""The canvas driven by keys and its public API: delete, rename, tokens, clipboard, zoom, pan, layout,
highlight, export. Every edit is undone back to the starting model and redone."""

from __future__ import annotations

import pytest
from canvas_helpers import make_canvas
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QImage, QWheelEvent
from PySide6.QtWidgets import QApplication

from sgstudio.games.graph.model.graph import GameGraph
from sgstudio.games.graph.tab.canvas import GraphCanvas
from sgstudio.games.graph.tab.canvas.items import MOVE, RADIUS

L, K, CTRL = Qt.MouseButton.LeftButton, Qt.Key, Qt.KeyboardModifier.ControlModifier


def snapshot(g: GameGraph) -> tuple:
    return (sorted((v, g.label(v), g.pos(v)) for v in g.nodes()), sorted(g.edges()), g.tokens(), g.values())


def diamond() -> GameGraph:
    """0 -> 1, 0 -> 2, 1 -> 3, 2 -> 3, 3 -> 4, labels A..E, placed by hand; a token on 0 and two on 1."""
    g = GameGraph()
    for i, (x, y) in enumerate([(0, -200), (-100, -100), (100, -100), (0, 0), (0, 120)]):
        g.add_node("ABCDE"[i], (float(x), float(y)))
    for u, v in [(0, 1), (0, 2), (1, 3), (2, 3), (3, 4)]:
        g.add_edge(u, v)
    for v in (0, 1, 1):
        g.add_token(v)
    return g


@pytest.fixture
def canvas(qtbot) -> GraphCanvas:
    c = make_canvas(qtbot, diamond())
    c.setFocus()
    return c


def click(qtbot, c: GraphCanvas, v: int, mods=Qt.KeyboardModifier.NoModifier) -> None:
    qtbot.mouseClick(c.viewport(), L, mods, c.mapFromScene(c.item_for_vertex(v).pos()))


def undo_redo_round_trip(c: GraphCanvas, before: tuple, steps: int) -> None:
    """Undo ``steps`` steps back to ``before``, then redo forward to where we were."""
    after, stack = snapshot(c.model), c.undo_stack
    for _ in range(steps):
        stack.undo()
    assert snapshot(c.model) == before
    for _ in range(steps):
        stack.redo()
    assert snapshot(c.model) == after
    assert {v: it.value for v, it in c.scene().vertex_items.items()} == c.model.values()
    assert {v: it.tokens for v, it in c.scene().vertex_items.items()} == {
        v: c.model.token_count(v) for v in c.model.nodes()}


def test_delete_key_removes_selection_and_undo_brings_back_edges_and_tokens(qtbot, canvas):
    start = snapshot(canvas.model)
    click(qtbot, canvas, 1)
    click(qtbot, canvas, 3, CTRL)
    assert canvas.selected_vertices() == [1, 3]
    qtbot.keyClick(canvas, K.Key_Delete)
    m = canvas.model
    assert m.nodes() == [0, 2, 4] and m.edges() == [(0, 2)] and m.tokens() == [0]
    assert set(canvas.scene().edge_items) == {(0, 2)}
    assert canvas.undo_stack.count() == 1  # one step
    undo_redo_round_trip(canvas, start, 1)
    click(qtbot, canvas, 4)
    qtbot.keyClick(canvas, K.Key_Backspace)
    assert 4 not in canvas.model.nodes()


def test_f2_renames_inline_and_double_click_too(qtbot, canvas):
    start = snapshot(canvas.model)
    click(qtbot, canvas, 3)
    qtbot.keyClick(canvas, K.Key_F2)
    editor = canvas.rename_editor()
    assert editor is not None and editor.text() == "D"
    editor.clear()
    qtbot.keyClicks(editor, "Goal")
    qtbot.keyClick(editor, K.Key_Return)
    assert canvas.model.label(3) == "Goal" and canvas.item_for_vertex(3).shown_text()[0] == "Goal"
    qtbot.mouseDClick(canvas.viewport(), L, pos=canvas.mapFromScene(canvas.item_for_vertex(4).pos()))
    editor = canvas.rename_editor()
    qtbot.keyClicks(editor, "zz")
    qtbot.keyClick(editor, K.Key_Escape)  # cancelled
    assert canvas.model.label(4) == "E"
    undo_redo_round_trip(canvas, start, 1)


def test_plus_minus_keys_and_context_menu_place_tokens(qtbot, canvas):
    start = snapshot(canvas.model)
    click(qtbot, canvas, 2)
    qtbot.keyClick(canvas, K.Key_Plus)
    qtbot.keyClick(canvas, K.Key_Equal)
    assert canvas.model.token_count(2) == 2 and canvas.item_for_vertex(2).tokens == 2
    qtbot.keyClick(canvas, K.Key_Minus)
    assert canvas.model.token_count(2) == 1
    menu = canvas.build_context_menu(canvas.item_for_vertex(4).pos())
    assert canvas.selected_vertices() == [4]
    actions = {a.text().split("\t")[0]: a for a in menu.actions() if a.text()}
    assert not actions["Remove token"].isEnabled()
    actions["Add token"].trigger()
    assert canvas.model.token_count(4) == 1
    undo_redo_round_trip(canvas, start, 4)


def test_ctrl_a_copy_paste_duplicate(qtbot, canvas):
    start = snapshot(canvas.model)
    qtbot.keyClick(canvas, K.Key_A, CTRL)
    assert canvas.selected_vertices() == [0, 1, 2, 3, 4]
    canvas.scene().clearSelection()
    click(qtbot, canvas, 0)
    click(qtbot, canvas, 1, CTRL)
    qtbot.keyClick(canvas, K.Key_C, CTRL)
    qtbot.keyClick(canvas, K.Key_V, CTRL)
    m = canvas.model
    new = canvas.selected_vertices()
    assert len(new) == 2 and not set(new) & {0, 1}
    assert (new[0], new[1]) in m.edges()  # the inner edge came along, outer edges did not
    assert len(m.edges()) == 6 and m.token_count(new[0]) == 1 and m.token_count(new[1]) == 2
    assert [m.label(v) for v in new] == ["A2", "B2"]  # labels stay unique
    (ax, ay), (bx, by) = m.pos(new[0]), m.pos(new[1])
    assert (bx - ax, by - ay) == (-100.0, 100.0) and ax == ay + 200 > 0  # A, B's shape, shifted down-right
    assert all(((x - px) ** 2 + (y - py) ** 2) ** 0.5 >= 2 * RADIUS for x, y in (m.pos(new[0]), m.pos(new[1]))
               for w in m.nodes() if w not in new for px, py in [m.pos(w)])  # over no vertex
    assert canvas.undo_stack.count() == 1
    qtbot.keyClick(canvas, K.Key_D, CTRL)  # duplicate the pasted pair
    assert len(m.nodes()) == 9 and len(m.edges()) == 7 and canvas.undo_stack.count() == 2
    undo_redo_round_trip(canvas, start, 2)


def test_paste_and_duplicate_give_fresh_labels_and_say_what_they_added(qtbot, canvas):
    start = snapshot(canvas.model)
    messages = []
    canvas.status_message.connect(messages.append)
    for v in (0, 1, 3):
        click(qtbot, canvas, v, CTRL)
    qtbot.keyClick(canvas, K.Key_C, CTRL)
    qtbot.keyClick(canvas, K.Key_V, CTRL)
    assert messages[-1] == "Pasted 3 vertices, 2 edges, 3 tokens"  # A -> B, B -> D; one on A, two on B
    qtbot.keyClick(canvas, K.Key_V, CTRL)
    qtbot.keyClick(canvas, K.Key_D, CTRL)  # duplicates the second paste
    assert messages[-1] == "Duplicated 3 vertices, 2 edges, 3 tokens"
    m = canvas.model
    labels = [m.label(v) for v in m.nodes()]
    assert len(labels) == 5 + 9 and len(set(labels)) == len(labels)
    assert labels[5:] == ["A2", "B2", "D2", "A3", "B3", "D3", "A4", "B4", "D4"]
    assert canvas.undo_stack.count() == 3  # one step each
    canvas.undo_stack.undo()
    assert len(m.nodes()) == 11  # the duplicate's vertices, edges and tokens go in one undo
    canvas.undo_stack.redo()
    undo_redo_round_trip(canvas, start, 3)


def test_arrow_nudges_merge_into_one_step(qtbot, canvas):
    start = snapshot(canvas.model)
    click(qtbot, canvas, 4)
    for _ in range(3):
        qtbot.keyClick(canvas, K.Key_Right)
    qtbot.keyClick(canvas, K.Key_Down, Qt.KeyboardModifier.ShiftModifier)
    assert canvas.model.pos(4) == (3.0, 130.0) and canvas.undo_stack.count() == 1
    undo_redo_round_trip(canvas, start, 1)


def test_layout_puts_sinks_below_sources_in_one_step(qtbot, canvas):
    start = snapshot(canvas.model)
    canvas.model.add_node("lonely", (500.0, -500.0))
    start = snapshot(canvas.model)
    canvas.layout_graph()
    m = canvas.model
    y = {v: m.pos(v)[1] for v in m.nodes()}
    assert all(y[u] < y[v] for u, v in m.edges())
    sinks = [v for v in m.nodes() if not m.successors(v)]
    assert {y[v] for v in sinks} == {max(y.values())}
    assert canvas.undo_stack.count() == 1
    assert canvas.item_for_vertex(0).pos().y() == y[0]
    undo_redo_round_trip(canvas, start, 1)


def test_zoom_keys_wheel_fit_and_pan(qtbot, canvas):
    z = canvas.zoom()
    qtbot.keyClick(canvas, K.Key_Equal, CTRL)
    assert canvas.zoom() == pytest.approx(z * 1.25)
    qtbot.keyClick(canvas, K.Key_Minus, CTRL)
    qtbot.keyClick(canvas, K.Key_Minus, CTRL)
    assert canvas.zoom() == pytest.approx(z / 1.25)
    vp = canvas.viewport()
    where = QPoint(200, 150)
    fixed = canvas.mapToScene(where)
    wheel = QWheelEvent(QPointF(where), QPointF(vp.mapToGlobal(where)), QPoint(), QPoint(0, 240),
                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase,
                        False)
    QApplication.sendEvent(vp, wheel)
    assert canvas.zoom() == pytest.approx(z / 1.25 * 1.25 ** 2)
    after = canvas.mapToScene(where)  # zoomed around the cursor
    assert abs(after.x() - fixed.x()) < 3 and abs(after.y() - fixed.y()) < 3
    qtbot.keyClick(canvas, K.Key_F)
    rect = canvas.mapToScene(vp.rect()).boundingRect()
    assert rect.contains(canvas.scene().graph_rect())
    h = canvas.horizontalScrollBar().value()
    qtbot.mousePress(vp, Qt.MouseButton.MiddleButton, pos=QPoint(400, 300))
    qtbot.mouseMove(vp, QPoint(300, 300))
    qtbot.mouseRelease(vp, Qt.MouseButton.MiddleButton, pos=QPoint(300, 300))
    assert canvas.horizontalScrollBar().value() == h + 100
    assert canvas.undo_stack.count() == 0  # viewing is not editing


def test_highlight_move_and_set_model(qtbot, canvas):
    canvas.highlight_move(0, 2)
    scene = canvas.scene()
    assert scene.edge_items[(0, 2)].highlight == MOVE and canvas.item_for_vertex(0).token_highlight
    canvas.clear_highlight()
    assert scene.edge_items[(0, 2)].highlight is None and not canvas.item_for_vertex(0).token_highlight
    fresh = GameGraph.from_edges(3, [(0, 1), (1, 2)])
    canvas.set_model(fresh)
    assert canvas.model is fresh and set(scene.vertex_items) == {0, 1, 2}
    assert all(fresh.pos(v) is not None for v in fresh.nodes())  # laid out on opening
    fresh.add_edge(0, 2)  # the scene follows the new model, not the old one
    assert (0, 2) in scene.edge_items and canvas.item_for_vertex(0).value == 2


def test_export_png_and_svg_and_a_screenshot(qtbot, canvas, tmp_path):
    png, svg = tmp_path / "g.png", tmp_path / "g.svg"
    assert canvas.export_png(str(png)) and canvas.export_svg(str(svg))
    image = QImage(str(png))
    assert not image.isNull() and image.width() > 200
    colours = {image.pixelColor(x, y).name() for x in range(0, image.width(), 3)
               for y in range(0, image.height(), 3)}
    assert {"#0072b2", "#e69f00", "#ffffff"} <= colours
    assert "<svg" in svg.read_text() and "#0072b2" in svg.read_text().lower()
    shot = canvas.grab()
    assert shot.save("/tmp/sgstudio_canvas_test.png")
    assert shot.toImage().pixelColor(8, 8) == QColor("white")


def test_space_drag_pans_and_snap_places_on_the_grid(qtbot, canvas):
    vp = canvas.viewport()
    v0 = canvas.verticalScrollBar().value()
    qtbot.keyPress(canvas, K.Key_Space)
    qtbot.mousePress(vp, L, pos=QPoint(300, 300))
    qtbot.mouseMove(vp, QPoint(300, 240))
    qtbot.mouseRelease(vp, L, pos=QPoint(300, 240))
    qtbot.keyRelease(canvas, K.Key_Space)
    assert canvas.verticalScrollBar().value() == v0 + 60
    assert canvas.model.pos(0) == (0.0, -200.0)  # panning moved no vertex
    canvas.set_snap(True)
    qtbot.mouseDClick(vp, L, pos=canvas.mapFromScene(QPointF(233, 47)))
    new = max(canvas.model.nodes())
    assert canvas.model.pos(new) == (240.0, 40.0)
    qtbot.mousePress(vp, L, pos=canvas.mapFromScene(QPointF(240, 40)))
    qtbot.mouseMove(vp, canvas.mapFromScene(QPointF(291, 88)))
    qtbot.mouseRelease(vp, L, pos=canvas.mapFromScene(QPointF(291, 88)))
    assert canvas.model.pos(new) == (300.0, 80.0)


def test_context_menu_on_empty_space_adds_a_vertex_there(qtbot, canvas):
    menu = canvas.build_context_menu(QPointF(300, 300))
    actions = {a.text().split("\t")[0]: a for a in menu.actions() if a.text()}
    assert {"New vertex here", "Paste", "Select all", "Layout", "Fit graph"} <= set(actions)
    actions["New vertex here"].trigger()
    new = max(canvas.model.nodes())
    assert canvas.model.pos(new) == (300.0, 300.0) and canvas.undo_stack.count() == 1
