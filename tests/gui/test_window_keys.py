"""The window leaves the canvas's keys to the canvas; menu items reach the same canvas methods;
the toolbar follows the canvas's tool; a new or opened document starts a clean, empty history."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QLineEdit

from sgstudio.app import actions as acts
from sgstudio.games.graph.tab.commands import AddTokenCommand


def vertex_point(window, v: int) -> QPoint:
    canvas = window.canvas
    return canvas.mapFromScene(canvas.item_for_vertex(v).scenePos())


def select(qtbot, window, v: int) -> None:
    qtbot.mouseClick(window.canvas.viewport(), Qt.MouseButton.LeftButton, pos=vertex_point(window, v))
    assert window.canvas.selected_vertices() == [v]


@pytest.mark.parametrize("name", ["delete", "rename", "select_all", "copy", "paste", "duplicate",
                                  "add_token", "remove_token", "zoom_in", "zoom_out"])
def test_canvas_keys_show_in_the_menus_but_are_widget_scoped(window, name):
    action = window.actions[name]
    assert action.shortcutContext() == Qt.ShortcutContext.WidgetShortcut
    assert not action.shortcut().isEmpty()
    menus = [window.menus["edit"], window.menus["view"]]
    assert any(action in m.actions() for m in menus)


def test_delete_key_on_the_canvas_deletes_once_and_the_menu_item_too(qtbot, window):
    model = window.document.model
    first, second = sorted(model.nodes())[:2]
    select(qtbot, window, first)
    qtbot.keyClick(window.canvas, Qt.Key.Key_Delete)
    assert not model.has_node(first) and window.undo_stack.count() == 1
    select(qtbot, window, second)
    window.actions["delete"].trigger()
    assert not model.has_node(second) and window.undo_stack.count() == 2


def test_plus_minus_and_ctrl_a_reach_the_canvas(qtbot, window):
    model = window.document.model
    sink = next(v for v in model.nodes() if not model.successors(v))
    select(qtbot, window, sink)
    before = model.token_count(sink)
    qtbot.keyClick(window.canvas, Qt.Key.Key_Plus)
    assert model.token_count(sink) == before + 1
    window.actions["remove_token"].trigger()
    assert model.token_count(sink) == before
    qtbot.keyClick(window.canvas, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    assert window.canvas.selected_vertices() == sorted(model.nodes())


def test_typing_into_another_widget_does_not_edit_the_graph(qtbot, window):
    field = QLineEdit(window.docks["history"])
    field.show()
    field.setFocus()
    qtbot.waitUntil(field.hasFocus)
    select(qtbot, window, sorted(window.document.model.nodes())[0])
    field.setFocus()
    start = (window.document.model.tokens(), window.document.model.nodes())
    qtbot.keyClicks(field, "+-f")
    qtbot.keyClick(field, Qt.Key.Key_Backspace)
    qtbot.keyClick(field, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    assert (window.document.model.tokens(), window.document.model.nodes()) == start
    assert field.text() == "+-" and window.undo_stack.count() == 0


def test_toolbar_follows_tool_changed_not_status_messages(qtbot, window):
    a = window.actions
    window.canvas.set_tool("edge")
    assert a["tool_edge"].isChecked()
    a["tool_token"].setChecked(True)  # out of step on purpose: a status message must not "fix" it
    window.canvas.status_message.emit("something else")
    assert a["tool_token"].isChecked()
    qtbot.keyClick(window.canvas, Qt.Key.Key_S)
    assert window.canvas.tool() == "select" and a["tool_select"].isChecked()


def test_new_and_open_start_with_an_empty_clean_history(qtbot, window, dialogs, tmp_path):
    model = window.document.model
    window.undo_stack.push(AddTokenCommand(model, model.nodes()[0]))
    path = tmp_path / "g.sgs"
    assert window.document.save_as(str(path))
    window.undo_stack.push(AddTokenCommand(model, model.nodes()[0]))
    assert window.isWindowModified()
    dialogs.answer = dialogs.answer.Discard
    assert window.document.open(str(path))
    assert window.undo_stack.count() == 0 and window.undo_stack.isClean() and not window.isWindowModified()
    window.undo_stack.push(AddTokenCommand(window.document.model, window.document.model.nodes()[0]))
    assert window.document.new()
    assert window.undo_stack.count() == 0 and window.undo_stack.isClean() and not window.isWindowModified()


def test_every_canvas_method_named_by_a_menu_exists(window):
    for name, method in acts.CANVAS_METHODS.items():
        assert callable(getattr(window.canvas, method)), name


CTRL, SHIFT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier


def focus(qtbot, widget) -> None:
    widget.setFocus()
    qtbot.waitUntil(widget.hasFocus)


def test_ctrl_z_in_a_field_with_nothing_of_its_own_to_undo_undoes_the_tabs_edit(qtbot, window):
    """Heaps typed and Enter: the focus stays in the field, and Ctrl+Z there must undo that edit
    (the field used to swallow Ctrl+Z with nothing to undo, and nothing happened)."""
    window.tabs.show_tab("nim")
    tab = window.tabs.game_tabs["nim"]
    before, field = tab.model.heaps, tab.heaps
    focus(qtbot, field)
    field.selectAll()
    qtbot.keyClicks(field, "1 2")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert tab.model.heaps == (1, 2) and tab.undo_stack.index() == 1
    qtbot.keyClick(field, Qt.Key.Key_Z, CTRL)
    assert tab.model.heaps == before and field.text() == " ".join(map(str, before))
    qtbot.keyClick(field, Qt.Key.Key_Z, CTRL | SHIFT)
    assert tab.model.heaps == (1, 2) and field.text() == "1 2"
    qtbot.keyClick(field, Qt.Key.Key_Z, CTRL)
    qtbot.keyClick(field, Qt.Key.Key_Y, CTRL)
    assert tab.model.heaps == (1, 2)
    qtbot.keyClicks(field, " 9")  # typing of its own: Ctrl+Z undoes that first, the tab's edit stays
    qtbot.keyClick(field, Qt.Key.Key_Z, CTRL)
    assert field.text() == "1 2" and tab.model.heaps == (1, 2) and tab.undo_stack.index() == 1


def test_ctrl_z_in_a_spin_box_undoes_the_tabs_edit(qtbot, window):
    window.tabs.show_tab("board")
    tab = window.tabs.game_tabs["board"]
    width = tab.model.width
    focus(qtbot, tab.width_box)
    qtbot.keyClick(tab.width_box, Qt.Key.Key_Up)
    assert tab.model.width == width + 1 and tab.undo_stack.index() == 1
    qtbot.keyClick(tab.width_box, Qt.Key.Key_Z, CTRL)
    assert tab.model.width == width and tab.width_box.value() == width and tab.undo_stack.index() == 0


def test_ctrl_z_in_the_s_field_steps_back_in_the_tabs_history_and_redo_still_works(qtbot, window):
    """S is applied as it is typed, each typing session one step: Ctrl+Z in the field undoes that
    step (the field's own undo used to record the old text as one more step, losing the redo)."""
    window.tabs.show_tab("snim")
    tab = window.tabs.game_tabs["snim"]
    before, field = tab.model.S, tab.set_editor.field
    focus(qtbot, field)
    field.selectAll()
    qtbot.keyClicks(field, "1 2")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert tab.model.S == (1, 2) and tab.undo_stack.index() == 1
    qtbot.keyClick(field, Qt.Key.Key_Z, CTRL)
    assert before == tab.model.S and field.text() == " ".join(map(str, before))
    assert tab.undo_stack.index() == 0 and tab.undo_stack.count() == 1  # no new step: the redo is kept
    qtbot.keyClick(field, Qt.Key.Key_Z, CTRL | SHIFT)
    assert tab.model.S == (1, 2) and field.text() == "1 2" and tab.undo_stack.index() == 1


def test_tool_keys_and_fit_work_wherever_the_focus_is_on_the_graph_tab(qtbot, window):
    """S, E, T and F are listed in the menus as the window's keys: they act with the focus on the
    "Allow cycles" box, the Analysis panel's moves or the undo history, not only on the canvas."""
    canvas, a = window.canvas, window.actions
    for widget in (window.tabs.graph.loopy_box, window.analysis.moves, window.history):
        focus(qtbot, widget)
        for key, tool in ((Qt.Key.Key_E, "edge"), (Qt.Key.Key_T, "token"), (Qt.Key.Key_S, "select")):
            qtbot.keyClick(widget, key)
            assert canvas.tool() == tool and a[f"tool_{tool}"].isChecked(), (widget, tool)
        canvas.zoom_by(3.0)
        zoomed = canvas.zoom()
        qtbot.keyClick(widget, Qt.Key.Key_F)
        assert canvas.zoom() < zoomed / 2  # fitted again: the whole graph in sight
        assert widget.hasFocus()  # the keys did not move the focus either


def test_tool_keys_type_into_a_text_field_and_do_nothing_on_other_tabs(qtbot, window):
    canvas, model = window.canvas, window.document.model
    v = sorted(model.nodes())[0]
    select(qtbot, window, v)
    qtbot.keyClick(canvas, Qt.Key.Key_F2)  # the label editor over the vertex: a text field
    field = canvas.rename_editor()
    qtbot.waitUntil(field.hasFocus)
    field.clear()
    qtbot.keyClicks(field, "Test f")
    assert field.text() == "Test f" and canvas.tool() == "select"
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert model.label(v) == "Test f" and canvas.tool() == "select"
    canvas.zoom_by(3.0)
    zoomed = canvas.zoom()
    window.tabs.show_tab("nim")
    other = window.tabs.game_tabs["nim"].heaps
    focus(qtbot, other)
    for key in (Qt.Key.Key_E, Qt.Key.Key_T, Qt.Key.Key_F):
        qtbot.keyClick(other, key)
    assert canvas.tool() == "select" and canvas.zoom() == zoomed
    window.tabs.show_tab("graph")
    focus(qtbot, window.history)
    qtbot.keyClick(window.history, Qt.Key.Key_E)
    assert canvas.tool() == "edge"
