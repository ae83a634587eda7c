"""The Sum tab, driven through its widgets and the window: "Add to sum" from every tab copies that
tab's position with its game; the Add menu, Remove, Up and Down are one undo step each; a
double-clicked winning move plays in its component; what is shown agrees with a rules-only search
of the whole sum (``oracles.whole_game_outcomes``: no values, no XOR); save/load round-trips; the
Play panel plays a sum to the end, each move naming its component."""

from __future__ import annotations

import pytest
from oracles import whole_game_outcomes
from PySide6.QtCore import Qt, QTimer
from tab_helpers import show_tab

from sgstudio.core.play.session import Mode
from sgstudio.core.registry import kind_of
from sgstudio.games.graph.tab.canvas import animation
from sgstudio.games.sum.tab import SumTab
from sgstudio.games.sum.tab.starts import STARTS
from sgstudio.gui.panels.analysis import MOVE_ROLE
from sgstudio.gui.tabs.play_mode import REFUSED

L = Qt.MouseButton.LeftButton


def assert_shows_the_whole_sum(tab: SumTab) -> None:
    game, position = tab.model.game_and_position()
    table = whole_game_outcomes(game, position)
    panel = tab.analysis_panel
    assert panel.outcome_text() == table[position]
    wins = [m for m in game.legal_moves(position) if table[game.apply(position, m)] == "LOSE"]
    assert sorted(panel.move_rows()) == sorted(wins)
    assert tab.table.rowCount() == len(position)
    for i in range(len(position)):
        component = game.component(position, i)
        assert tab.table.item(i, 1).text() == component.title()
        assert tab.table.item(i, 3).text() == str(component.value())


def table_texts(tab: SumTab) -> list[list[str]]:
    return [[tab.table.item(r, c).text() for c in range(tab.table.columnCount())]
            for r in range(tab.table.rowCount())]


def double_click_move(qtbot, tab: SumTab, row: int) -> tuple:
    moves = tab.analysis_panel.moves
    rect, move = moves.visualItemRect(moves.item(row)), moves.item(row).data(Qt.ItemDataRole.UserRole)
    qtbot.mouseClick(moves.viewport(), L, pos=rect.center())
    qtbot.mouseDClick(moves.viewport(), L, pos=rect.center())
    return move


def test_add_to_sum_copies_each_tabs_position_with_its_game(qtbot, window):
    sums: SumTab = window.tabs.game_tabs["sum"]
    start = len(sums.model.components)
    added = []
    for key in ("graph", "snim", "splitnim", "board", "nim"):
        window.tabs.show_tab(key)
        tab = window.tabs.game_tabs[key]
        game, position = tab.game_and_position()
        window.actions["add_to_sum"].trigger()
        last = sums.model.components[-1]
        assert kind_of(last.game) is kind_of(game) and last.position == position
        assert last.value() == game.value(position) and last.game.game_state() == game.game_state()
        said = window.statusBar().currentMessage()
        assert said.startswith(f"Added to the sum as #{start + len(added) + 1}")
        added.append(last)
    assert len(sums.model.components) == start + 5 and sums.undo_stack.count() == 5
    graph = window.tabs.graph
    assert sums.model.components[start].label(graph.model.tokens()[0]) == graph.label(graph.model.tokens()[0])
    window.tabs.show_tab("sum")  # a sum is no component of a sum
    window.actions["add_to_sum"].trigger()
    assert len(sums.model.components) == start + 5 and "another tab" in window.statusBar().currentMessage()
    # too big for the whole-sum search: each row shows the value the component's own tab finds
    values = [window.tabs.game_tabs[k].game_and_position()[0].analyse(c.position).value
              for k, c in zip(("graph", "snim", "splitnim", "board", "nim"), added, strict=True)]
    assert [sums.table.item(start + i, 3).text() for i in range(5)] == [str(v) for v in values]
    game, position = sums.model.game_and_position()
    assert sums.analysis_panel.outcome_text() == game.outcome(position).value
    sums.undo_stack.undo()
    assert sums.model.components[-1] is added[-2]


def test_add_menu_remove_and_reorder_are_undo_steps(qtbot):
    tab = SumTab()
    qtbot.addWidget(tab)
    tab.show()
    tab.model.set_components([STARTS[0][1](), STARTS[2][1]()])  # small enough for the whole-sum search
    first = tab.model.components
    menu = tab.add_menu.actions()
    menu[4].trigger()  # a board row
    menu[6].trigger()  # a token on a loopy graph
    assert [c.kind.key for c in tab.model.components[-2:]] == ["board", "loopy"]
    assert tab.selected() == len(first) + 1
    assert_shows_the_whole_sum(tab)
    qtbot.mouseClick(tab.up_button, L)
    assert tab.model.components[-2].kind.key == "loopy" and tab.selected() == len(first)
    assert_shows_the_whole_sum(tab)
    tab.table.selectRow(0)
    qtbot.waitUntil(lambda: not tab.up_button.isEnabled())  # the buttons follow the selection
    qtbot.mouseClick(tab.remove_button, L)
    assert tab.model.components[0] == first[1] and len(tab.model.components) == len(first) + 1
    assert tab.undo_stack.count() == 4 and tab.undo_stack.undoText() == "Remove #1 from the sum"
    for _ in range(4):
        tab.undo_stack.undo()
    assert tab.model.components == first
    assert_shows_the_whole_sum(tab)


def test_add_from_text_reads_what_sgstudio_sum_reads(qtbot, monkeypatch):
    from PySide6.QtWidgets import QInputDialog

    tab = SumTab()
    qtbot.addWidget(tab)
    tab.model.set_components([STARTS[0][1]()])  # small enough for the whole-sum search
    first = tab.model.components
    typed = iter([("split:3:7", True), ("0.1g7:3", True), ("board:.x", False)])
    asked = []

    def answer(_parent, _title, label, text=""):
        asked.append((label, text))
        return next(typed)

    monkeypatch.setattr(QInputDialog, "getText", answer)
    menu = tab.add_menu.actions()[-1]
    menu.trigger()
    added = tab.model.components[-1]
    assert added.text() == "Take & break split:3: heaps 7" and tab.undo_stack.count() == 1
    menu.trigger()  # a bad rule: told, nothing added, asked again as typed; then cancelled
    assert tab.model.components[-1] is added and "column 4" in tab.message.text()
    assert asked[-1][1] == "0.1g7:3" and "column 4" in asked[-1][0] and len(asked) == 3
    assert len(tab.model.components) == len(first) + 1
    assert_shows_the_whole_sum(tab)


def type_into_the_dialog(qtbot, text: str) -> None:
    """Once the Add > From text dialog is up, type ``text`` into its field and press Enter."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QInputDialog, QLineEdit

    def answer() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, QInputDialog):
            QTimer.singleShot(10, answer)
            return
        field = dialog.findChild(QLineEdit)
        qtbot.keyClicks(field, text)
        qtbot.keyClick(field, Qt.Key.Key_Return)

    QTimer.singleShot(0, answer)


def test_add_from_text_takes_nim_heaps_typed_in_the_dialog(qtbot):
    """``nim:3`` and ``nim:3,4,5`` are components in the Sum tab too (the reader sgstudio sum uses)."""
    tab = SumTab()
    qtbot.addWidget(tab)
    tab.show()
    tab.model.set_components([STARTS[0][1]()])  # small enough for the whole-sum search
    menu = tab.add_menu.actions()[-1]
    for typed, heaps in (("nim:3,4,5", (3, 4, 5)), ("nim:2", (2,))):
        type_into_the_dialog(qtbot, typed)
        menu.trigger()
        added = tab.model.components[-1]
        assert (added.kind.key, added.position) == ("nim", heaps)
        assert tab.table.item(len(tab.model.components) - 1, 2).text() == f"heaps {' '.join(map(str, heaps))}"
    assert tab.undo_stack.count() == 2 and len(tab.model.components) == 3
    assert_shows_the_whole_sum(tab)
    asked_again = []

    def cancel_the_second_asking() -> None:
        from PySide6.QtWidgets import QApplication, QInputDialog

        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, QInputDialog) or "Correct it" not in dialog.labelText():
            QTimer.singleShot(10, cancel_the_second_asking)
            return
        asked_again.append(dialog.labelText())
        dialog.reject()

    type_into_the_dialog(qtbot, "nim:")
    QTimer.singleShot(0, cancel_the_second_asking)
    menu.trigger()  # told what a Nim component looks like (asked again with why), nothing added
    assert len(tab.model.components) == 3 and "expected nim:HEAPS" in tab.message.text()
    assert asked_again and "expected nim:HEAPS" in asked_again[0]


def test_a_double_clicked_winning_move_plays_in_its_component_and_undoes(qtbot):
    tab = SumTab()
    qtbot.addWidget(tab)
    tab.show()
    before = tab.model.components
    game, position = tab.model.game_and_position()
    move = double_click_move(qtbot, tab, 1)
    after = game.apply(position, move)
    assert tab.model.game_and_position()[1] == after and tab.analysis_panel.outcome_text() == "LOSE"
    assert tab.undo_stack.undoText() == "Play " + game.move_text(move, position)
    assert tab.undo_stack.undoText().startswith(f"Play #{move[0] + 1} ")
    assert "It is 0, so the player to move loses" in tab.theorem.text()
    assert_shows_the_whole_sum(tab)
    tab.undo_stack.undo()
    assert tab.model.components == before and "3 ⊕ 3 ⊕ 3 = 3" in tab.theorem.text()


def test_the_sum_saves_and_opens_again(qtbot, window, tmp_path):
    sums: SumTab = window.tabs.game_tabs["sum"]
    window.tabs.show_tab("board")
    window.actions["add_to_sum"].trigger()
    sums.add_menu.actions()[5].trigger()  # a token on a graph, with names
    state, shown = sums.to_state(), table_texts(sums)
    path = tmp_path / "sum.sgs"
    assert window.document.save_as(str(path))
    assert window.document.new() and sums.model.components == ()
    assert sums.analysis_panel.outcome_text() == "LOSE" and "No component yet" in sums.theorem.text()
    assert window.document.open(str(path))
    assert sums.to_state() == state and sums.model.components[-1].labels == ("A", "B", "C")
    assert table_texts(sums) == shown and shown[-1][2] == "tokens on A"


@pytest.mark.parametrize("mode", [Mode.COMPUTER_VS_COMPUTER, Mode.HUMAN_VS_COMPUTER])
def test_play_a_sum_to_the_end_through_the_play_panel(qtbot, window, monkeypatch, mode):
    monkeypatch.setattr(animation, "DURATION_MS", 0)
    sums: SumTab = window.tabs.game_tabs["sum"]
    window.tabs.show_tab("sum")
    before = sums.to_state()
    panel = window.play
    panel.speed.setValue(panel.speed.maximum())
    panel.reply_ms = 0
    panel.set_mode(mode)
    qtbot.mouseClick(panel.start_button, L)
    assert panel.playing and sums.playing and not sums.add_button.isEnabled()
    if mode is Mode.HUMAN_VS_COMPUTER:
        sums._remove()
        assert sums.message.text() == REFUSED
        while not panel.session.is_over:  # the person plays the first listed move, whatever it is
            game, position = panel.session.game, panel.session.position
            move = next(iter(game.legal_moves(position)))
            panel.play_typed(game.move_text(move, position))
            qtbot.waitUntil(lambda: panel.session.is_over or panel.session.index % 2 == 0, timeout=20000)
    qtbot.waitUntil(lambda: panel.session.is_over, timeout=20000)
    s = panel.session
    assert s.index > 0 and all(row[2].startswith("#") for row in panel.history_rows()[1:])
    if mode is Mode.COMPUTER_VS_COMPUTER:
        assert s.winner == s.predicted_winner
    assert sums.played is not None and sums.to_state() == before  # play ran on a copy
    panel.stop("done")
    assert not sums.playing and sums.played is None


def test_a_hint_selects_its_component_and_keep_makes_the_played_sum_the_tabs(qtbot, window):
    sums: SumTab = window.tabs.game_tabs["sum"]
    window.tabs.show_tab("sum")
    before, count = sums.to_state(), sums.undo_stack.count()
    panel = window.play
    panel.reply_ms = 10**6  # the computer waits: the position stays the person's
    panel.set_mode(Mode.HUMAN_VS_COMPUTER)
    qtbot.mouseClick(panel.start_button, L)
    hinted = panel.session.hint().move
    qtbot.mouseClick(panel.hint_button, L)
    assert sums.table.currentRow() == hinted[0]
    assert tuple(hinted) in sums.analysis_panel.move_rows()  # the start is a win: the hint is a winning move
    assert sums.analysis_panel.moves.currentItem().data(MOVE_ROLE) == tuple(hinted)
    game, position = panel.session.game, panel.session.position
    after = game.apply(position, hinted)
    assert panel.play_typed(game.move_text(hinted, position))
    assert sums.played == tuple(after) and sums.to_state() == before  # shown, but play runs on a copy
    panel.stop("done", keep=True)
    assert not sums.playing and sums.played is None
    assert sums.model.game_and_position()[1] == tuple(after) and sums.undo_stack.count() == count + 1
    sums.undo_stack.undo()
    assert sums.to_state() == before


def test_edit_types_a_components_position_anew_as_one_undo_step(qtbot, monkeypatch):
    from PySide6.QtWidgets import QInputDialog

    tab = SumTab()
    qtbot.addWidget(tab)
    tab.show()
    tab.model.set_components([STARTS[0][1](), STARTS[6][1]()])  # Nim heaps, a token on a loopy graph
    first = tab.model.components
    asked = []
    answers = iter([("[2, 1]", True), ("[1, 2", True), ("[0, -1]", True), ("[5]", False)])

    def answer(parent, title, label, text=""):
        asked.append((title, text))
        return next(answers)

    monkeypatch.setattr(QInputDialog, "getText", answer)
    rect = tab.table.visualItemRect(tab.table.item(0, 2))
    qtbot.mouseClick(tab.table.viewport(), L, pos=rect.center())
    qtbot.mouseDClick(tab.table.viewport(), L, pos=rect.center())  # a double-click edits the row
    assert asked == [("Edit #1", str(list(first[0].position)))]  # shown as a saved file keeps it
    assert tab.model.components[0].position == (2, 1) and tab.model.components[1] == first[1]
    assert tab.model.components[0].game is first[0].game  # the game stays, only the position is new
    assert tab.undo_stack.count() == 1 and tab.undo_stack.undoText().startswith("Edit #1")
    assert tab.table.item(0, 3).text() == "3"  # 2 ⊕ 1, as the table now shows
    assert_shows_the_whole_sum(tab)
    edited = tab.model.components
    qtbot.waitUntil(tab.edit_button.isEnabled)
    qtbot.mouseClick(tab.edit_button, L)  # not JSON, then not a position of Nim, then cancelled
    assert asked[1:] == [("Edit #1", "[2, 1]"), ("Edit #1", "[1, 2"), ("Edit #1", "[0, -1]")]  # as typed
    assert tab.model.components == edited and "not changed" in tab.message.text()
    assert tab.model.components == edited and tab.undo_stack.count() == 1
    tab.undo_stack.undo()
    assert tab.model.components == first
    assert_shows_the_whole_sum(tab)


def test_edit_moves_a_token_of_a_graph_component_and_is_refused_in_play(qtbot, window, monkeypatch):
    from PySide6.QtWidgets import QInputDialog

    tab = window.tabs.game_tabs["sum"]
    tab.model.set_components([STARTS[6][1]()])  # a token on a loopy graph
    component = tab.model.components[0]
    target = next(v for v in range(len(component.game.successors)) if (v,) != component.position)
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: (f"[{target}]", True))
    tab.table.selectRow(0)
    tab.edit_selected()
    assert tab.model.components[0].position == (target,)
    assert tab.model.components[0].game is component.game
    assert_shows_the_whole_sum(tab)
    tab.undo_stack.undo()
    window.tabs.show_tab("sum")
    panel = window.play
    panel.reply_ms = 10**6  # the computer waits: play stays on
    panel.set_mode(Mode.HUMAN_VS_COMPUTER)
    qtbot.mouseClick(panel.start_button, L)
    assert tab.playing and not tab.edit_button.isEnabled()
    tab.edit_selected()  # the rows show the played sum: editing them is refused, as Remove is
    assert tab.model.components[0] == component and tab.message.text() == REFUSED
    panel.stop("done")


@pytest.mark.parametrize("key", [Qt.Key.Key_Delete, Qt.Key.Key_Backspace])
def test_delete_on_the_table_removes_the_selected_component_as_the_heap_tables_do(qtbot, key):
    tab = show_tab(qtbot, SumTab())
    first = tab.model.components
    tab.table.setFocus()
    qtbot.mouseClick(tab.table.viewport(), L, pos=tab.table.visualItemRect(tab.table.item(1, 1)).center())
    assert tab.selected() == 1
    qtbot.keyClick(tab.table, key)
    assert tab.model.components == (first[0], *first[2:])
    assert [row[0] for row in table_texts(tab)] == [f"#{i + 1}" for i in range(len(first) - 1)]
    assert tab.undo_stack.undoText() == "Remove #2 from the sum" and tab.selected() == 1
    assert "Delete" in tab.remove_button.toolTip()
    tab.undo_stack.undo()
    assert tab.model.components == first and tab.table.rowCount() == len(first)
    tab.table.clearSelection()
    qtbot.keyClick(tab.table, key)  # no row chosen: nothing to remove
    assert tab.model.components == first and tab.undo_stack.index() == 0
