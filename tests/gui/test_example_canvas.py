"""The built-in example on the Graph tab as a new user meets it (issue 21, item 10): its labels are
readable at the opening zoom, Ctrl+D puts the copies beside the selection and over no vertex, and
new vertices follow its naming (I, J, K after A to H)."""

from __future__ import annotations

import math

from PySide6.QtCore import QPoint, QPointF, Qt

from sgstudio.games.graph.tab.canvas.items import RADIUS

L, CTRL = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ControlModifier
HALO = RADIUS + 4  # a selected vertex's halo


def ink_height(image, centre: QPoint, top: float, bottom: float, half_width: float) -> int:
    """How many pixel rows between ``top`` and ``bottom`` (offsets from ``centre``, in pixels) hold
    dark text pixels within ``half_width`` of the centre line."""
    rows = 0
    for dy in range(math.ceil(top), math.floor(bottom) + 1):
        y = centre.y() + dy
        if any(image.pixelColor(centre.x() + dx, y).lightness() < 90
               for dx in range(-math.floor(half_width), math.floor(half_width) + 1)):
            rows += 1
    return rows


def test_labels_are_readable_at_the_examples_opening_zoom(qtbot, window):
    canvas, model = window.canvas, window.document.model
    image = canvas.viewport().grab().toImage()
    zoom = canvas.zoom()
    heights = {}
    for v in model.nodes():
        item = canvas.item_for_vertex(v)
        if item.value == 0:
            continue  # the blue ones carry white text: the dark-ink count below reads the orange ones
        centre = canvas.mapFromScene(item.pos())
        inner = (RADIUS - 5) * zoom
        label = ink_height(image, centre, -inner * 0.8, 0, inner * 0.5)  # the label: the upper half
        value = ink_height(image, centre, 1, inner * 0.8, inner * 0.7)  # g=value: the lower half
        heights[model.label(v)] = (label, value)
    assert len(heights) >= 5
    for name, (label, value) in heights.items():
        assert label >= 9, (name, heights)  # a capital letter 9 pixels high or more (it was 6; now 11)
        assert value >= 9, (name, heights)  # "g=2", its g's tail included: 9 or more (it was 8)


def positions(model, vertices) -> list[tuple[float, float]]:
    return [model.pos(v) for v in vertices]


def test_ctrl_d_puts_the_copies_beside_the_selection_and_over_no_vertex(qtbot, window):
    canvas, model = window.canvas, window.document.model
    originals = model.nodes()
    canvas.setFocus()
    qtbot.keyClick(canvas, Qt.Key.Key_A, CTRL)
    qtbot.keyClick(canvas, Qt.Key.Key_D, CTRL)
    copies = canvas.selected_vertices()
    assert len(copies) == len(originals) and not set(copies) & set(originals)
    old, new = positions(model, originals), positions(model, copies)
    shifts = {(round(x - a, 6), round(y - b, 6)) for (a, b), (x, y) in zip(old, new, strict=True)}
    assert len(shifts) == 1  # the same picture, moved as one
    assert min(x for x, _ in new) - max(x for x, _ in old) >= 2 * HALO  # beside it: right of it, clear
    for v in copies:  # every copy, on the canvas, far enough from every other vertex that halos don't touch
        p = canvas.item_for_vertex(v).pos()
        for w in model.nodes():
            if w != v:
                assert math.dist((p.x(), p.y()), model.pos(w)) >= 2 * HALO, (v, w)
    qtbot.keyClick(canvas, Qt.Key.Key_D, CTRL)  # the copies again: beside them, over nothing
    again = canvas.selected_vertices()
    assert len(again) == len(copies) and not set(again) & set(copies)
    for v in again:
        for w in model.nodes():
            if w != v:
                assert math.dist(model.pos(v), model.pos(w)) >= 2 * HALO
    window.undo_stack.undo()
    window.undo_stack.undo()
    assert model.nodes() == originals


def test_ctrl_d_of_one_vertex_lands_beside_it(qtbot, window):
    canvas, model = window.canvas, window.document.model
    v = model.nodes()[0]
    qtbot.mouseClick(canvas.viewport(), L, pos=canvas.mapFromScene(canvas.item_for_vertex(v).pos()))
    qtbot.keyClick(canvas, Qt.Key.Key_D, CTRL)
    (copy,) = canvas.selected_vertices()
    (x, y), (a, b) = model.pos(copy), model.pos(v)
    assert y == b and x > a  # beside it, to the right
    assert min(math.dist((x, y), model.pos(w)) for w in model.nodes() if w != copy) >= 2 * HALO


def test_new_vertices_follow_the_examples_naming(qtbot, window):
    canvas, model = window.canvas, window.document.model
    assert [model.label(v) for v in model.nodes()] == list("ABCDEFGH")
    rect = canvas.mapToScene(canvas.viewport().rect()).boundingRect()
    for k in range(3):  # double-clicks on empty space, left of the graph
        where = QPointF(rect.left() + 40, rect.top() + 60 + 70 * k)
        assert canvas.vertex_at(where) is None
        qtbot.mouseDClick(canvas.viewport(), L, pos=canvas.mapFromScene(where))
    added = model.nodes()[8:]
    assert [model.label(v) for v in added] == ["I", "J", "K"]
    assert [canvas.item_for_vertex(v).label for v in added] == ["I", "J", "K"]
    assert window.undo_stack.undoText() == "Add vertex K"
    window.undo_stack.undo()
    window.undo_stack.redo()
    assert model.label(model.nodes()[-1]) == "K"


def test_a_new_document_still_numbers_its_vertices(qtbot, window):
    qtbot.keyClick(window, Qt.Key.Key_N, CTRL)
    canvas, model = window.canvas, window.document.model
    for x in (200, 400):
        qtbot.mouseDClick(canvas.viewport(), L, pos=QPoint(x, 200))
    assert [model.label(v) for v in model.nodes()] == ["0", "1"]
