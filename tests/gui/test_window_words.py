"""The window's words, read as a person reads them: a number typed beyond what a box takes is said
to be capped, a refused component keeps its text, undo texts say what happened, a position with no
move says so, Help covers every tab, About gives the version."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from sgstudio.games.takebreak.position import PLOT_MAX, SEARCH_MAX
from sgstudio.gui.plots import MAX_LIMIT

L = Qt.MouseButton.LeftButton


def show(qtbot, window, key: str):
    window.tabs.show_tab(key)
    tab = window.tabs.game_tabs[key]
    assert tab.settle()
    return tab


def type_number(qtbot, box, digits: str) -> None:
    """Select the spin box's text and type ``digits``, then Enter, as a person does."""
    box.lineEdit().selectAll()
    qtbot.keyClicks(box.lineEdit(), digits)
    qtbot.keyClick(box.lineEdit(), Qt.Key.Key_Return)


# -- a number beyond a box's largest ---------------------------------------------------------------
@pytest.mark.parametrize(("key", "box", "largest"), [("takebreak", "limit", PLOT_MAX),
                                                     ("takebreak", "search", SEARCH_MAX),
                                                     ("snim", "limit", MAX_LIMIT)])
def test_a_number_beyond_the_largest_is_capped_and_said_so(qtbot, window, key, box, largest):
    tab = show(qtbot, window, key)
    spin = getattr(tab.plot, box)
    typed = largest * 2 + 16  # e.g. H = 33,554,448 in a box that goes to 16,777,216
    with qtbot.waitSignal(tab.status_message) as said:
        type_number(qtbot, spin, str(typed))
    assert spin.value() == largest  # what the tab uses: the largest it takes, not the first digits
    message = said.args[0]
    assert f"{typed:,}" in message and f"{largest:,}" in message and "at most" in message
    assert tab.plot.hover.text() == message  # beside the box, not only in the status bar
    tab.cancel_work()  # no need to compute that many values here
    type_number(qtbot, spin, "2048")  # a number in range: no word
    assert spin.value() == 2048 and tab.plot.hover.text() != message
    assert tab.settle()


# -- Sum > Add > From text keeps what was typed ---------------------------------------------------------
def input_dialog(qtbot):
    """The text dialog once it is shown (modal)."""
    from PySide6.QtWidgets import QApplication, QInputDialog

    found = []
    qtbot.waitUntil(lambda: isinstance(QApplication.activeModalWidget(), QInputDialog) and found.append(
        QApplication.activeModalWidget()) is None, timeout=5000)
    return found[-1]


def test_a_refused_component_is_asked_again_as_typed_with_the_reason(qtbot, window):
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QLineEdit

    tab = show(qtbot, window, "sum")
    before = tab.model.components
    seen = []

    def person() -> None:  # each step in its own turn of the event loop: a dialog's exec returns first
        dialog = input_dialog(qtbot)
        field = dialog.findChild(QLineEdit)
        qtbot.keyClicks(field, "snim:1,3,4")  # the heap is missing
        QTimer.singleShot(0, corrects)
        qtbot.keyClick(field, Qt.Key.Key_Return)

    def corrects() -> None:
        again = input_dialog(qtbot)
        field = again.findChild(QLineEdit)
        seen.append((field.text(), again.labelText()))
        field.end(False)
        qtbot.keyClicks(field, ":10")  # corrected, not typed anew
        qtbot.keyClick(field, Qt.Key.Key_Return)

    QTimer.singleShot(0, person)
    tab.add_menu.actions()[-1].trigger()  # Add > From text…
    assert seen and seen[0][0] == "snim:1,3,4"
    assert seen[0][1].startswith("Not added: ") and "Correct it" in seen[0][1]
    assert len(tab.model.components) == len(before) + 1
    added = tab.model.components[-1]
    assert added.text().endswith("heaps 10") and tab.undo_stack.count() == 1


# -- undo texts say what happened ---------------------------------------------------------------
def test_s_nim_add_heap_says_the_size_and_where_it_went(qtbot, window):
    tab = show(qtbot, window, "snim")
    view = tab.heap_table.view
    heaps = tab.model.heaps
    rect = view.visualRect(view.model().index(1, 0))
    qtbot.mouseClick(view.viewport(), L, pos=rect.center())  # heap 2 current
    qtbot.mouseClick(tab.heap_table.add_button, L)  # a copy of heap 2 after it
    assert tab.model.heaps == (*heaps[:2], heaps[1], *heaps[2:])
    assert tab.undo_stack.undoText() == f"Add a heap of {heaps[1]} (heap 3)"
    assert window.history.model().index(1, 0).data() == tab.undo_stack.undoText()  # the Undo History too


# -- a position with no move at all -----------------------------------------------------------------
def panel_words(panel) -> tuple[str, str, list[str]]:
    notes = [panel.moves.item(i).text() for i in range(panel.moves.count())]
    return panel.outcome_text(), panel.verdict.text(), notes


def type_line(qtbot, field, text: str) -> None:
    field.selectAll()
    qtbot.keyClicks(field, text)
    qtbot.keyClick(field, Qt.Key.Key_Return)


def test_a_position_without_a_move_says_so(qtbot, window):
    from sgstudio.games.nim.game import NimGame
    from sgstudio.gui.panels.analysis import NO_MOVE, NO_MOVE_AT_ALL, STUCK

    nim = show(qtbot, window, "nim")
    type_line(qtbot, nim.heaps, "0 0")  # no stone: no move at all
    assert not NimGame().has_move((0, 0))
    assert panel_words(nim.analysis_panel) == ("LOSE", STUCK, [NO_MOVE_AT_ALL])
    type_line(qtbot, nim.heaps, "2 2")  # lost, with moves: each leaves a non-zero nim-sum
    outcome, verdict, notes = panel_words(nim.analysis_panel)
    assert outcome == "LOSE" and notes == [NO_MOVE[nim.analysis_panel.analysis.outcome]]
    assert "every move makes it non-zero" in verdict
    breaks = show(qtbot, window, "takebreak")
    type_line(qtbot, breaks.editor.field, "0.07")  # Dawson's Kayles: a move takes 2
    type_line(qtbot, breaks.heaps, "1 1")
    assert breaks.settle()
    game = breaks.model.game
    assert not game.has_move((1, 1)) and game.has_move((2, 1))
    assert panel_words(breaks.analysis_panel) == ("LOSE", STUCK, [NO_MOVE_AT_ALL])
    from test_tab_snim import cell_center, edit_heap

    snim = show(qtbot, window, "snim")  # S = 2 5 7: a heap of 1 cannot move
    view = snim.heap_table.view
    qtbot.mouseClick(view.viewport(), L, pos=cell_center(snim, 2, 0))
    qtbot.mouseClick(snim.heap_table.remove_button, L)
    edit_heap(qtbot, snim, 0, "1")
    edit_heap(qtbot, snim, 1, "1")
    assert snim.settle() and snim.model.heaps == (1, 1) and not snim.model.game.has_move((1, 1))
    assert panel_words(snim.analysis_panel) == ("LOSE", STUCK, [NO_MOVE_AT_ALL])
    window.tabs.show_tab("graph")  # one token on a vertex without an arrow out
    model = window.document.model
    for token in list(model.tokens()):
        model.remove_token(token)
    sink = next(v for v in model.nodes() if not model.successors(v))
    model.add_token(sink)
    qtbot.waitUntil(lambda: window.analysis.outcome_text() == "LOSE")
    assert panel_words(window.analysis) == ("LOSE", STUCK, [NO_MOVE_AT_ALL])


# -- About ------------------------------------------------------------------------------------------
def test_about_shows_the_version_of_the_package(qtbot, window, monkeypatch):
    from importlib.metadata import version

    from PySide6.QtWidgets import QMessageBox

    shown = []
    monkeypatch.setattr(QMessageBox, "about", lambda _parent, title, text: shown.append((title, text)))
    about = next(a for a in window.menus["help"].actions() if a.text().replace("&", "").startswith("About"))
    about.trigger()
    assert len(shown) == 1 and shown[0][0] == "About sgstudio"
    assert f"Version {version('sgstudio')}" in shown[0][1] and "Qt 6." in shown[0][1]
