"""The main window on the built-in example: analysis, playing moves from the panel, undo/redo, title."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtWidgets import QApplication

from sgstudio.gui.panels.analysis import AnalysisPanel


def model_of(window):
    return window.document.model


def state(model) -> tuple:
    return (sorted((v, model.label(v), model.pos(v)) for v in model.nodes()), sorted(model.edges()),
            model.tokens())


def row_centre(listw, row: int) -> QPoint:
    return listw.visualItemRect(listw.item(row)).center()


def vertex_point(window, v: int) -> QPoint:
    canvas = window.canvas
    return canvas.mapFromScene(canvas.item_for_vertex(v).scenePos())


def test_opens_on_the_example_with_win_shown(window):
    model = model_of(window)
    assert window.canvas.model is model
    assert window.analysis.outcome_text() == "WIN" == model.outcome()
    assert "example.sgs" in window.windowTitle() and not window.isWindowModified()
    assert isinstance(window.docks["analysis"].widget(), AnalysisPanel)
    assert window.docks["analysis"].isVisible() and window.docks["history"].isVisible()


def test_rows_match_the_model_and_follow_a_keyboard_edit(qtbot, window):
    model, panel = model_of(window), window.analysis
    assert panel.move_rows() == model.winning_moves() != []
    sink = next(v for v in model.nodes() if not model.successors(v))
    qtbot.mouseClick(window.canvas.viewport(), Qt.MouseButton.LeftButton, pos=vertex_point(window, sink))
    assert window.canvas.selected_vertices() == [sink]
    before = model.tokens()
    qtbot.keyClick(window.canvas, Qt.Key.Key_Plus)  # a token on a value-0 vertex: same nim-sum
    assert model.tokens() == sorted([*before, sink])
    qtbot.waitUntil(lambda: panel.table.text().count("\n") == 2 + len(model.tokens()))
    assert panel.move_rows() == model.winning_moves()
    source = next(v for v in model.nodes() if model.token_count(v) and model.grundy(v))
    qtbot.mouseClick(window.canvas.viewport(), Qt.MouseButton.LeftButton, pos=vertex_point(window, source))
    qtbot.keyClick(window.canvas, Qt.Key.Key_Minus)
    qtbot.waitUntil(lambda: panel.move_rows() == model.winning_moves())
    assert panel.outcome_text() == model.outcome()


def test_selecting_a_vertex_explains_its_value(qtbot, window):
    model = model_of(window)
    v = max(model.nodes(), key=lambda x: len(model.successors(x)))
    qtbot.mouseClick(window.canvas.viewport(), Qt.MouseButton.LeftButton, pos=vertex_point(window, v))
    text = window.analysis.why.text()
    assert f"<b>{model.label(v)}</b> has successors" in text and f"= <b>{model.grundy(v)}</b>" in text


def test_hovering_a_row_highlights_the_move_on_the_canvas(qtbot, window):
    model, moves = model_of(window), window.analysis.moves
    u, v = model.winning_moves()[0]
    edge = window.canvas.scene().edge_items[(u, v)]
    assert edge.highlight is None
    qtbot.mouseMove(moves.viewport(), row_centre(moves, 0))
    qtbot.waitUntil(lambda: edge.highlight is not None)
    assert window.canvas.item_for_vertex(u).token_highlight
    QApplication.sendEvent(moves, QEvent(QEvent.Type.Leave))  # the mouse leaves the list
    assert edge.highlight is None and not window.canvas.item_for_vertex(u).token_highlight


def test_double_clicking_a_row_plays_it_and_undo_restores(qtbot, window):
    model, moves = model_of(window), window.analysis.moves
    start = state(model)
    u, v = model.winning_moves()[2]
    qtbot.mouseClick(moves.viewport(), Qt.MouseButton.LeftButton, pos=row_centre(moves, 2))
    qtbot.mouseDClick(moves.viewport(), Qt.MouseButton.LeftButton, pos=row_centre(moves, 2))
    expected = sorted([*start[2], v])
    expected.remove(u)
    assert model.tokens() == expected
    assert model.outcome() == "LOSE"
    qtbot.waitUntil(lambda: window.analysis.outcome_text() == "LOSE")
    assert window.isWindowModified() and window.undo_stack.count() == 1
    window.canvas.setFocus()
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert state(model) == start and not window.isWindowModified()
    qtbot.waitUntil(lambda: window.analysis.outcome_text() == "WIN")
    ctrl_shift = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    qtbot.keyClick(window, Qt.Key.Key_Z, ctrl_shift)
    assert model.tokens() == expected
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(window, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert model.tokens() == expected


def test_edit_menu_has_undo_and_redo_with_their_shortcuts(window):
    edit = window.menus["edit"]
    texts = {a.text().split()[0].replace("&", ""): a for a in edit.actions() if a.text()}
    assert texts["Undo"].shortcut().toString() == "Ctrl+Z"
    assert [s.toString() for s in texts["Redo"].shortcuts()] == ["Ctrl+Shift+Z", "Ctrl+Y"]


def test_toolbar_tools_switch_the_canvas_tool_and_keys_keep_them_in_step(qtbot, window):
    a = window.actions
    a["tool_edge"].trigger()
    assert window.canvas.tool() == "edge"
    qtbot.keyClick(window.canvas, Qt.Key.Key_T)
    assert window.canvas.tool() == "token" and a["tool_token"].isChecked()
    for name in ("tool_select", "tool_edge", "tool_token", "zoom_in", "fit", "layout", "snap"):
        assert "(" in a[name].toolTip(), name  # every tool names its shortcut


def test_status_bar_shows_canvas_messages(window):
    window.canvas.status_message.emit("hello from the canvas")
    assert window.statusBar().currentMessage() == "hello from the canvas"


def test_help_dialogs_open(qtbot, window, monkeypatch):
    from PySide6.QtWidgets import QDialog

    shown = []
    monkeypatch.setattr(QDialog, "exec", lambda self: shown.append(self.windowTitle()) or 0)
    window.actions["shortcuts"].trigger()
    window.actions["values_help"].trigger()
    assert shown == ["Keyboard shortcuts", "How the values work"]
