"""The canvas driven by real mouse events: draw a graph, refuse a cycle, move, select, undo/redo."""

from __future__ import annotations

import pytest
from canvas_helpers import make_canvas
from PySide6.QtCore import QPoint, QPointF, Qt

from sgstudio.core.mex import mex
from sgstudio.games.graph.model.graph import GameGraph
from sgstudio.games.graph.tab.canvas import GraphCanvas
from sgstudio.games.graph.tab.canvas.items import FLASH, RADIUS
from sgstudio.gui import palette

L = Qt.MouseButton.LeftButton


def snapshot(g: GameGraph) -> tuple:
    """Everything a user can see or save of a model."""
    return (sorted((v, g.label(v), g.pos(v)) for v in g.nodes()), sorted(g.edges()), g.tokens(), g.values())


@pytest.fixture
def canvas(qtbot) -> GraphCanvas:
    c = make_canvas(qtbot, GameGraph())
    c.resetTransform()
    c.centerOn(0, 0)
    return c


def at(c: GraphCanvas, x: float, y: float) -> QPoint:
    """Viewport pixel of a scene point."""
    return c.mapFromScene(QPointF(x, y))


def drag(qtbot, c: GraphCanvas, a: QPoint, b: QPoint, button=L, steps: int = 4) -> None:
    vp = c.viewport()
    qtbot.mousePress(vp, button, pos=a)
    for k in range(1, steps + 1):
        qtbot.mouseMove(vp, a + (b - a) * (k / steps))
    qtbot.mouseRelease(vp, button, pos=b)


def rim(c: GraphCanvas, v: int, towards: QPointF) -> QPoint:
    """A viewport point on v's rim, on the side facing ``towards``."""
    p = c.item_for_vertex(v).pos()
    d = towards - p
    n = (d.x() ** 2 + d.y() ** 2) ** 0.5
    q = p + d * ((RADIUS - 3) / n)
    return c.mapFromScene(q)


def centre(c: GraphCanvas, v: int) -> QPoint:
    return c.mapFromScene(c.item_for_vertex(v).pos())


def draw_path_graph(qtbot, c: GraphCanvas) -> tuple[int, int, int]:
    """Double-click A (top), B, C (bottom); draw A -> B from A's rim and B -> C with the edge tool."""
    for y in (-150, 0, 150):
        qtbot.mouseDClick(c.viewport(), L, pos=at(c, 0, y))
    a, b, cc = sorted(c.model.nodes())
    drag(qtbot, c, rim(c, a, c.item_for_vertex(b).pos()), centre(c, b))
    c.set_tool("edge")
    drag(qtbot, c, centre(c, b), centre(c, cc))
    c.set_tool("select")
    return a, b, cc


def test_double_clicks_and_drags_draw_a_graph_with_live_values(qtbot, canvas):
    a, b, c = draw_path_graph(qtbot, canvas)
    m = canvas.model
    assert m.nodes() == [a, b, c] and sorted(m.edges()) == [(a, b), (b, c)]
    assert [m.pos(v)[1] for v in (a, b, c)] == pytest.approx([-150, 0, 150], abs=1.5)
    for v in (a, b, c):  # the items show the model's values, computed here from scratch
        item = canvas.item_for_vertex(v)
        expected = mex(m.grundy(w) for w in m.successors(v))
        assert item.value == expected == m.grundy(v)
        assert item.shown_text() == (m.label(v), f"g={expected}")
        assert item.fill_colour() == (palette.BLUE if expected == 0 else palette.ORANGE).lower()
    assert [canvas.item_for_vertex(v).fill_colour() for v in (a, b, c)] == ["#0072b2", "#e69f00", "#0072b2"]
    assert canvas.undo_stack.count() == 5  # three vertices, two edges: one step each
    assert set(canvas.scene().edge_items) == {(a, b), (b, c)}


def test_a_new_edge_updates_values_in_the_same_frame(qtbot, canvas):
    a, _b, c = draw_path_graph(qtbot, canvas)
    canvas.set_tool("edge")
    drag(qtbot, canvas, centre(canvas, a), centre(canvas, c))  # A -> C: A now sees {1, 0}, so A = 2
    assert canvas.model.grundy(a) == 2
    assert canvas.item_for_vertex(a).shown_text()[1] == "g=2"
    assert canvas.item_for_vertex(a).fill_colour() == palette.ORANGE.lower()


def test_cyclic_edge_is_refused_flashes_and_says_why(qtbot, canvas):
    a, b, c = draw_path_graph(qtbot, canvas)
    before, steps = snapshot(canvas.model), canvas.undo_stack.count()
    messages = []
    canvas.status_message.connect(messages.append)
    canvas.set_tool("edge")
    drag(qtbot, canvas, centre(canvas, c), centre(canvas, a))
    assert snapshot(canvas.model) == before and canvas.undo_stack.count() == steps
    assert messages[-1] == ("2 -> 0 would close the cycle 2 -> 0 -> 1 -> 2; a game graph must stay acyclic"
                            " (or tick Allow cycles)")
    scene = canvas.scene()
    assert scene.is_flashing()
    assert scene.edge_items[(a, b)].highlight == FLASH and scene.edge_items[(b, c)].highlight == FLASH
    assert all(canvas.item_for_vertex(v).highlight == FLASH for v in (a, b, c))
    qtbot.waitUntil(lambda: not scene.is_flashing(), timeout=3000)
    assert scene.edge_items[(a, b)].highlight is None


def test_self_loop_is_refused(qtbot, canvas):
    qtbot.mouseDClick(canvas.viewport(), L, pos=at(canvas, 0, 0))
    (v,) = canvas.model.nodes()
    messages = []
    canvas.status_message.connect(messages.append)
    canvas.set_tool("edge")
    drag(qtbot, canvas, centre(canvas, v), at(canvas, 80, 0), steps=2)  # out and back onto itself
    drag(qtbot, canvas, at(canvas, 0, 0), at(canvas, 5, 5))
    assert canvas.model.edges() == [] and "self-loop" in messages[-1]


def test_drag_moves_vertices_in_one_step_and_edges_follow(qtbot, canvas):
    a, b, _c = draw_path_graph(qtbot, canvas)
    edge = canvas.scene().edge_items[(a, b)]
    tail_before = edge.line().p1()
    start = snapshot(canvas.model)
    drag(qtbot, canvas, centre(canvas, a), at(canvas, 200, -150), steps=6)
    assert canvas.model.pos(a) == pytest.approx((200, -150), abs=1.5)
    assert edge.line().p1().x() > tail_before.x() + 150  # the edge followed its tail
    assert canvas.undo_stack.undoText().startswith("Move 1 vertex")
    canvas.undo_stack.undo()
    assert snapshot(canvas.model) == start
    assert canvas.item_for_vertex(a).pos().x() == pytest.approx(start[0][0][2][0])


def test_rubber_band_selects_and_reports(qtbot, canvas):
    a, b, _c = draw_path_graph(qtbot, canvas)
    seen = []
    canvas.selection_changed.connect(seen.append)
    drag(qtbot, canvas, at(canvas, -100, -220), at(canvas, 100, 60))
    assert canvas.selected_vertices() == [a, b] and seen[-1] == [a, b]
    qtbot.mouseClick(canvas.viewport(), L, pos=at(canvas, 300, 300))
    assert canvas.selected_vertices() == []


def test_every_mouse_action_undoes_to_the_start_and_redoes(qtbot, canvas):
    empty = snapshot(canvas.model)
    draw_path_graph(qtbot, canvas)
    canvas.set_tool("token")
    qtbot.mouseClick(canvas.viewport(), L, pos=at(canvas, 0, -150))
    drag(qtbot, canvas, at(canvas, 0, 150), at(canvas, 120, 150))  # token tool: a token, no move
    assert canvas.model.pos(2) == pytest.approx((0, 150), abs=1.5)
    canvas.set_tool("select")
    drag(qtbot, canvas, at(canvas, 0, 150), at(canvas, 120, 150))
    done, stack = snapshot(canvas.model), canvas.undo_stack
    assert stack.count() == 8 and done[2] == [0, 2]
    while stack.canUndo():
        stack.undo()
    assert snapshot(canvas.model) == empty and canvas.scene().vertex_items == {}
    while stack.canRedo():
        stack.redo()
    assert snapshot(canvas.model) == done
    assert {v: it.value for v, it in canvas.scene().vertex_items.items()} == canvas.model.values()


def test_token_tool_click_adds_right_click_removes(qtbot, canvas):
    a, b, _c = draw_path_graph(qtbot, canvas)
    canvas.set_tool("token")
    for _ in range(3):
        qtbot.mouseClick(canvas.viewport(), L, pos=centre(canvas, b))
    assert canvas.model.token_count(b) == 3 and canvas.item_for_vertex(b).tokens == 3
    qtbot.mouseClick(canvas.viewport(), Qt.MouseButton.RightButton, pos=centre(canvas, b))
    assert canvas.model.tokens() == [b, b] and canvas.model.outcome() == "LOSE"  # 1 ^ 1
    qtbot.mouseClick(canvas.viewport(), Qt.MouseButton.RightButton, pos=centre(canvas, b))
    assert canvas.model.tokens() == [b] and canvas.model.outcome() == "WIN"
    qtbot.mouseClick(canvas.viewport(), Qt.MouseButton.RightButton, pos=centre(canvas, a))  # none there
    assert canvas.model.tokens() == [b] and canvas.undo_stack.count() == 5 + 5
