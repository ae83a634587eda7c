"""Play keeps the computer honest and the window keeps its shape, through the real window.

The computer against itself never replays a person's move after Restart; the "Type a move" line
names the syntax of the tab shown; nothing in the Play panel moves when its texts or its mode
change; the status bar is there from the start at one height; the "playing" banner moves nothing;
Undo and Redo say what they did.
"""

from __future__ import annotations

from functools import cache

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QStatusBar, QStyle

from sgstudio.core import registry
from sgstudio.games.graph.tab.canvas import animation
from sgstudio.games.graph.tab.commands import PlaceTokensCommand
from sgstudio.gui.tabs import play_mode

L = Qt.MouseButton.LeftButton


@pytest.fixture
def fast(monkeypatch):
    monkeypatch.setattr(animation, "DURATION_MS", 0)
    monkeypatch.setattr(play_mode, "DURATION_MS", 0)


def vertex(window, label: str) -> int:
    model = window.document.model
    return next(v for v in model.nodes() if model.label(v) == label)


def brute_wins(game):
    """Whether the player to move wins, by searching every line of play (no Sprague-Grundy theory)."""

    @cache
    def wins(position) -> bool:
        return any(not wins(game.apply(position, m)) for m in game.legal_moves(position))

    return wins


def type_move(qtbot, panel, text: str) -> None:
    panel.move_edit.clear()
    qtbot.keyClicks(panel.move_edit, text)
    qtbot.keyClick(panel.move_edit, Qt.Key.Key_Return)


def click_tab(qtbot, window, key: str) -> None:
    bar = window.tabs.tabBar()
    index = window.tabs.indexOf(window.tabs.pages[key])
    qtbot.mouseClick(bar, L, pos=bar.tabRect(index).center())
    assert window.tabs.current_key() == key


def test_after_restart_the_computer_against_itself_plays_its_own_move(qtbot, window, fast):
    """The issue's steps: tokens with nim-sum 3, a losing move typed by a person, the computer's
    answer, Restart, then "Computer against itself": move 1 is the computer's, to a lost position."""
    panel = window.play
    panel.reply_ms = 0
    tokens = [vertex(window, "B"), vertex(window, "C")]
    window.undo_stack.push(PlaceTokensCommand(window.document.model, tokens))
    qtbot.mouseClick(panel.start_button, L)
    s = panel.session
    assert s.value == 3
    type_move(qtbot, panel, "C -> E")
    qtbot.waitUntil(lambda: s.index == 2)  # the computer answered
    assert panel.history_rows()[1][1:3] == ["1: you", "C -> E"]
    qtbot.mouseClick(panel.restart_button, L)
    panel.mode_box.setFocus()
    qtbot.keyClick(panel.mode_box, Qt.Key.Key_Down)  # "Computer against itself"
    assert panel.mode_box.currentText() == "Computer against itself"
    qtbot.waitUntil(lambda: s.index >= 1)
    first = s.history[0]
    wins = brute_wins(s.game)
    assert not first.by_person and first.move != (vertex(window, "C"), vertex(window, "E"))
    assert wins(first.before) and not wins(first.after) and first.value_after == 0
    assert panel.history_rows()[1][1] == "1: computer" and panel.history_rows()[1][4] != "by hand"


def test_the_type_a_move_line_names_the_syntax_of_the_tab_shown(qtbot, window):
    panel = window.play
    click_tab(qtbot, window, "board")
    qtbot.mouseClick(panel.start_button, L)
    assert "18 -> 19" in panel.move_edit.placeholderText()
    qtbot.mouseClick(panel.start_button, L)  # stop
    for key, example, other in (("splitnim", "2 -> 2 + 3 + 4", "18 -> 19"), ("snim", "2 take 3", "->"),
                                ("graph", "A -> D", "take")):
        click_tab(qtbot, window, key)
        text = panel.move_edit.placeholderText()
        assert example in text and other not in text
        syntax = registry.get("dag" if key == "graph" else key).game.syntax  # each game's own syntax
        assert panel.move_edit.toolTip().lower().startswith(syntax.lower())


def panel_geometry(window) -> list:
    """Where the Play panel's buttons, lists and state lines are, in window coordinates."""
    panel = window.play
    widgets = [panel.start_button, panel.mode_box, panel.restart_button, panel.back_button,
               panel.forward_button, panel.hint_button, panel.keep_button, panel.history, panel.choices,
               panel.move_edit, panel.status, panel.last, panel.notice]
    return [(w.mapTo(window, QPoint(0, 0)), w.size()) for w in widgets] + [window.docks["play"].size()]


def test_nothing_in_the_play_panel_moves_when_its_texts_or_mode_change(qtbot, window, fast):
    panel = window.play
    panel.reply_ms = 0
    steady = panel_geometry(window)
    qtbot.mouseClick(panel.start_button, L)
    assert panel_geometry(window) == steady
    type_move(qtbot, panel, "no such vertex at all, and a long sentence that will never fit in one line " * 3)
    assert panel.notice.text().startswith("Not a move") and panel_geometry(window) == steady
    type_move(qtbot, panel, "A -> B")
    qtbot.waitUntil(lambda: panel.session.index == 2)
    assert panel_geometry(window) == steady
    for index in (1, 2, 0, 2):
        panel.mode_box.setCurrentIndex(index)
        qtbot.wait(10)
        assert panel_geometry(window) == steady
    for label in (panel.status, panel.last, panel.notice):  # one line each; a cut one has it all in its tip
        assert "\n" not in label.shown_text()
        assert not label.is_cut() or label.toolTip() == label.text()
    assert panel.last.text().startswith("Move 2: Player 2 (computer) played ")


def test_the_status_bar_is_there_from_the_start_at_one_height(qtbot, window):
    bar = window.findChild(QStatusBar)  # not statusBar(), which would make one now
    assert bar is not None and bar.isVisible() and bar.height() > 0
    height, central = bar.height(), window.centralWidget().geometry()
    window.canvas.status_message.emit("a message " * 40)
    qtbot.wait(10)
    assert bar.currentMessage().startswith("a message") and bar.height() == height
    assert window.centralWidget().geometry() == central
    bar.clearMessage()
    qtbot.wait(10)
    assert bar.isVisible() and bar.height() == height


@pytest.mark.parametrize("key", ["graph", "snim", "splitnim", "board"])
def test_the_playing_banner_moves_nothing(qtbot, window, key):
    click_tab(qtbot, window, key)
    page = window.tabs.currentWidget()
    before = (page.mapTo(window, QPoint(0, 0)), page.size(), window.tabs.tabBar().height())
    qtbot.mouseClick(window.play.start_button, L)
    banner = window.tabs.banner
    assert banner.isVisible() and "edits end play" in banner.text()
    assert (page.mapTo(window, QPoint(0, 0)), page.size(), window.tabs.tabBar().height()) == before
    top = banner.mapTo(window, QPoint(0, 0)).y()
    assert top + banner.height() <= page.mapTo(window, QPoint(0, 0)).y()  # above the page, in the tab bar
    assert banner.mapTo(window, QPoint(banner.width(), 0)).x() <= window.width()
    qtbot.mouseClick(window.play.start_button, L)
    assert not banner.isVisible()


def test_undo_and_redo_say_what_they_did(qtbot, window):
    click_tab(qtbot, window, "snim")
    tab = window.tabs.game_tabs["snim"]
    tab.heap_table.edit_requested.emit(0, 9)  # what the heap editor sends on Enter
    text = tab.undo_stack.command(0).text()
    assert window.statusBar().currentMessage() == text
    qtbot.keyClick(tab.heap_table.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert tab.undo_stack.index() == 0 and window.statusBar().currentMessage() == f"Undone: {text}"
    window.actions["redo"].trigger()
    assert tab.undo_stack.index() == 1 and window.statusBar().currentMessage() == f"Redone: {text}"


def test_the_move_list_headers_read_whole_and_hint_rests_when_the_game_is_over(qtbot, window, fast):
    from sgstudio.core.play.session import Mode

    panel = window.play
    header, metrics = panel.history.header(), panel.history.header().fontMetrics()
    margin = 2 * header.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin)
    for column in range(header.count()):  # every heading fits its column (no "Why (the computer's reas…")
        text = panel.history.headerItem().text(column)
        assert metrics.horizontalAdvance(text) + margin <= header.sectionSize(column), text
    panel.set_mode(Mode.TWO_HUMANS)
    qtbot.mouseClick(panel.start_button, L)
    assert panel.hint_button.isEnabled()
    s = panel.session
    while not s.is_over:
        s.computer_move()
    assert not panel.hint_button.isEnabled() and panel.status.text().startswith("Game over")
