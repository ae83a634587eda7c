"""An edit that fails leaves the model, the undo stack, the drawing and the saved file exactly as
before (issue 21, item 1), driven with the mouse and the keyboard.

First the case that crashed: a refused "untick Allow cycles" on a loopy graph left a numpy view of
the edge arrays alive in the refusal's traceback, after which every edge edit raised BufferError
half-way (the edge in the model and the file, not on the canvas, "Add edge" in the history). Then
the rule in general: a failure injected into a model method, on a push, an undo and a redo.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt

from sgstudio.document import sgs
from sgstudio.games.graph.model.graph import GameGraph

L = Qt.MouseButton.LeftButton
CTRL, SHIFT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier


def at(canvas, v: int) -> QPoint:
    return canvas.mapFromScene(canvas.item_for_vertex(v).pos())


def drag(qtbot, canvas, a: QPoint, b: QPoint, steps: int = 4) -> None:
    vp = canvas.viewport()
    qtbot.mousePress(vp, L, pos=a)
    for k in range(1, steps + 1):
        qtbot.mouseMove(vp, a + (b - a) * (k / steps))
    qtbot.mouseRelease(vp, L, pos=b)


def tick(qtbot, box) -> None:
    qtbot.mouseClick(box, L, pos=QPoint(8, box.height() // 2))


def drawn(canvas) -> tuple:
    """What the canvas draws: its vertices with their labels and values, its edges, its tokens."""
    scene = canvas.scene()
    items = scene.vertex_items
    return ({v: (item.label, str(item.value)) for v, item in items.items()}, sorted(scene.edge_items),
            sorted(v for v, item in items.items() for _ in range(item.tokens)))


def modelled(model: GameGraph) -> tuple:
    """The same, read from the model."""
    return ({v: (model.label(v), str(model.grundy(v))) for v in model.nodes()}, sorted(model.edges()),
            model.tokens())


def fresh(model: GameGraph) -> GameGraph:
    """The same game built anew (values by the bulk kernel, not kept up edit by edit)."""
    ids = model.nodes()
    copy = GameGraph.from_edges(max(ids) + 1, model.edges(), loopy=model.loopy)
    for v in range(max(ids) + 1):
        if v in ids:
            copy.set_label(v, model.label(v))
        else:
            copy.remove_node(v)
    for v in model.tokens():
        copy.add_token(v)
    return copy


def history(stack) -> list[str]:
    return [stack.text(k) for k in range(stack.count())] + [f"at {stack.index()}"]


def new_loopy_triangle(qtbot, window) -> GameGraph:
    """File > New; tick Allow cycles; three vertices by double-clicks; edges 0 -> 1 and 1 -> 0."""
    qtbot.keyClick(window, Qt.Key.Key_N, CTRL)
    model, canvas = window.document.model, window.canvas
    assert len(model) == 0
    tick(qtbot, window.tabs.graph.loopy_box)
    for x, y in ((150, 120), (450, 120), (300, 320)):
        qtbot.mouseDClick(canvas.viewport(), L, pos=QPoint(x, y))
    assert model.nodes() == [0, 1, 2] and model.loopy
    qtbot.keyClick(canvas, Qt.Key.Key_E)
    drag(qtbot, canvas, at(canvas, 0), at(canvas, 1))
    drag(qtbot, canvas, at(canvas, 1), at(canvas, 0))
    assert sorted(model.edges()) == [(0, 1), (1, 0)]
    return model


def saved_and_reopened(qtbot, window, dialogs, path) -> GameGraph:
    """Save As (Ctrl+Shift+S) to ``path``, then open it again (Ctrl+O); the model reopened."""
    dialogs.save_path = dialogs.open_path = str(path)
    qtbot.keyClick(window, Qt.Key.Key_S, CTRL | SHIFT)
    qtbot.keyClick(window, Qt.Key.Key_O, CTRL)
    return window.document.model


def test_edges_after_a_refused_untick_of_allow_cycles(qtbot, window, dialogs, tmp_path):
    model = new_loopy_triangle(qtbot, window)
    canvas, stack, box = window.canvas, window.undo_stack, window.tabs.graph.loopy_box
    before = history(stack)
    tick(qtbot, box)  # refused: the cycle 0 -> 1 -> 0 is there
    assert model.loopy and box.isChecked() and history(stack) == before
    assert canvas.scene().is_flashing()
    drag(qtbot, canvas, at(canvas, 1), at(canvas, 2))  # crashed with BufferError
    assert sorted(model.edges()) == [(0, 1), (1, 0), (1, 2)]
    assert stack.undoText() == "Add edge 1 -> 2" and dialogs.errors == []
    assert drawn(canvas) == modelled(model) == modelled(fresh(model))  # values as computed anew
    drag(qtbot, canvas, at(canvas, 2), at(canvas, 0))
    assert drawn(canvas) == modelled(model) and len(model.edges()) == 4
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL)  # crashed at src.pop()
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL)
    assert sorted(model.edges()) == [(0, 1), (1, 0)] and drawn(canvas) == modelled(model)
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL | SHIFT)
    assert sorted(model.edges()) == [(0, 1), (1, 0), (1, 2)] and drawn(canvas) == modelled(model)
    shown = drawn(canvas)
    reopened = saved_and_reopened(qtbot, window, dialogs, tmp_path / "loopy.sgs")
    assert reopened is not model and reopened.loopy
    assert modelled(reopened) == drawn(window.canvas) == shown
    drag(qtbot, window.canvas, at(window.canvas, 2), at(window.canvas, 0))  # the reopened game edits too
    assert sorted(reopened.edges()) == [(0, 1), (1, 0), (1, 2), (2, 0)]
    assert drawn(window.canvas) == modelled(reopened) == modelled(fresh(reopened)) and dialogs.errors == []


def test_a_refused_untick_on_a_saved_loopy_game_then_edits(qtbot, window, dialogs, tmp_path):
    path = tmp_path / "cycle.sgs"
    g = GameGraph.from_edges(3, [(0, 1), (1, 0)], loopy=True)
    g.set_positions([0, 1, 2], [[0.0, 0.0], [300.0, 0.0], [150.0, 200.0]])
    path.write_text(sgs.dumps(g))
    dialogs.open_path = str(path)
    qtbot.keyClick(window, Qt.Key.Key_O, CTRL)
    model, canvas = window.document.model, window.canvas
    tick(qtbot, window.tabs.graph.loopy_box)  # refused
    assert model.loopy
    qtbot.keyClick(canvas, Qt.Key.Key_E)
    for a, b in ((1, 2), (0, 2), (2, 0)):
        drag(qtbot, canvas, at(canvas, a), at(canvas, b))
    assert sorted(model.edges()) == [(0, 1), (0, 2), (1, 0), (1, 2), (2, 0)]
    assert drawn(canvas) == modelled(model) and window.undo_stack.count() == 3
    for _ in range(3):
        qtbot.keyClick(window, Qt.Key.Key_Z, CTRL)
    assert sorted(model.edges()) == [(0, 1), (1, 0)] and drawn(canvas) == modelled(model)


# -- the rule in general: a failure injected into a model method ---------------------------------
class InjectedError(RuntimeError):
    """The failure a test puts into a model method."""


@pytest.fixture
def example_state(window):
    """What the window shows and keeps, to compare with after a failure: the drawing, the model, the
    undo history and where it stands, and the text File > Save writes."""
    def state():
        model = window.document.model
        assert model.edge_count() == len(model.edges())  # the edge arrays agree with the adjacency
        return (drawn(window.canvas), modelled(model), history(window.undo_stack),
                window.document.document_text())
    return state


def failures(qtbot, action, until=None) -> list[type]:
    """The types of the errors that ``action()`` (a person's input) raised: at the call (a Qt
    override called from the test raises there) or in Qt's event processing (then the window's
    hook shows it); ``until()`` is waited for before looking."""
    found = []
    with qtbot.capture_exceptions() as raised:
        try:
            action()
        except Exception as err:  # what the test looks at
            found.append(type(err))
        if until is not None:
            qtbot.waitUntil(until)
    return found + [type(e[1]) for e in raised]


class _Frozen:
    """An edge array whose append fails, as an ``array`` does while it exports a buffer."""

    def __init__(self, items) -> None:
        self.items = items

    def append(self, _x) -> None:
        raise BufferError("cannot resize an array that is exporting buffers")

    def __getattr__(self, name):
        return getattr(self.items, name)

    def __len__(self) -> int:
        return len(self.items)


@pytest.mark.parametrize("loopy", [False, True], ids=["dag", "loopy"])
@pytest.mark.parametrize("where", ["update", "arrays"])
def test_an_edge_that_fails_half_way_changes_nothing(qtbot, window, example_state, loopy, where):
    model, canvas = window.document.model, window.canvas
    if loopy:
        tick(qtbot, window.tabs.graph.loopy_box)
    qtbot.mouseDClick(canvas.viewport(), L, pos=canvas.mapFromScene(QPointF(-400, 600)))
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL)  # something to redo: a failed push keeps it
    before = example_state()
    u, v = next((u, v) for u in model.nodes() for v in model.nodes()
                if u != v and not model.has_edge(u, v) and model.would_close_cycle(u, v) is None)
    store = model._dag

    def fail(*_args):
        raise InjectedError("a value update went wrong")

    qtbot.keyClick(canvas, Qt.Key.Key_E)
    with pytest.MonkeyPatch.context() as patch:
        if where == "update":
            patch.setattr(store, "update_from", fail)
        else:  # the heads' array refuses to grow once the tails' has grown
            patch.setattr(store, "dst", _Frozen(store.dst))
        raised = failures(qtbot, lambda: drag(qtbot, canvas, at(canvas, u), at(canvas, v)))
    assert raised == [InjectedError if where == "update" else BufferError]
    assert not model.has_edge(u, v)
    assert example_state() == before  # drawing, values, history (the redo kept), file
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL | SHIFT)
    assert len(model) == 9 and drawn(canvas) == modelled(model)  # the kept redo still works
    drag(qtbot, canvas, at(canvas, u), at(canvas, v))
    assert model.has_edge(u, v) and drawn(canvas) == modelled(model) == modelled(fresh(model))


def click_history_row(qtbot, window, row: int) -> None:
    """A click on row ``row`` of the Undo History dock (row 0: "<opened>")."""
    view = window.history
    rect = view.visualRect(view.model().index(row, 0))
    qtbot.mouseClick(view.viewport(), L, pos=rect.center())


def test_an_undo_or_redo_that_fails_leaves_the_step_where_it_was(qtbot, window, example_state):
    model, canvas, stack = window.document.model, window.canvas, window.undo_stack
    sink = next(v for v in model.nodes() if not model.successors(v))
    source = next(v for v in model.nodes() if v != sink and not model.has_edge(v, sink))
    qtbot.keyClick(canvas, Qt.Key.Key_E)
    drag(qtbot, canvas, at(canvas, source), at(canvas, sink))
    qtbot.mouseDClick(canvas.viewport(), L, pos=canvas.mapFromScene(QPointF(-400, 600)))
    assert stack.count() == 2 and model.has_edge(source, sink)
    before = example_state()

    def fail(self, *args):
        raise InjectedError("remove_edge went wrong")

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(GameGraph, "remove_edge", fail)
        raised = failures(qtbot, lambda: click_history_row(qtbot, window, 0),
                          until=lambda: stack.index() == 1)
    assert raised == [InjectedError]
    assert model.has_edge(source, sink) and len(model) == 8  # the new vertex undone, the edge not
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL | SHIFT)  # the vertex back: as before the failure
    assert example_state() == before

    def fail_add(self, *args, **kwargs):
        raise InjectedError("add_node went wrong")

    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL)
    middle = example_state()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(GameGraph, "add_node", fail_add)
        raised = failures(qtbot, lambda: qtbot.keyClick(window, Qt.Key.Key_Z, CTRL | SHIFT),
                          until=lambda: stack.index() == 1)  # put back at the next turn of the loop
    assert raised == [InjectedError]
    assert example_state() == middle  # the redo did not happen, and the stack says so
