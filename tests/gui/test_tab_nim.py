"""The Nim tab (the worked example of docs/adding-a-game.md), driven through its widgets: typed heaps
are one undo step, bad text changes nothing, the Analysis panel shows the core's analysis checked by
a brute-force search, a winning move plays, and play mode refuses edits."""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import Qt

from sgstudio.games.nim.game import NimGame
from sgstudio.games.nim.tab import NimTab
from sgstudio.gui.tabs.play_mode import REFUSED


@cache
def wins(heaps: tuple[int, ...]) -> bool:
    """The player to move wins Nim from ``heaps``, by brute force (no XOR)."""
    return any(not wins(tuple(sorted((*heaps[:i], h - t, *heaps[i + 1:]))))
               for i, h in enumerate(heaps) for t in range(1, h + 1))


def type_heaps(qtbot, tab: NimTab, text: str) -> None:
    tab.heaps.clear()
    qtbot.keyClicks(tab.heaps, text)
    qtbot.keyClick(tab.heaps, Qt.Key.Key_Return)


def assert_shows_the_core(tab: NimTab) -> None:
    heaps = tab.model.heaps
    panel = tab.analysis_panel
    assert panel.outcome_text() == ("WIN" if wins(tuple(sorted(heaps))) else "LOSE")
    brute = [m for m in NimGame().legal_moves(heaps) if not wins(tuple(sorted(NimGame().apply(heaps, m))))]
    assert panel.move_rows() == brute


def test_typed_heaps_are_one_undo_step_and_bad_text_changes_nothing(qtbot):
    tab = NimTab()
    qtbot.addWidget(tab)
    assert_shows_the_core(tab)
    type_heaps(qtbot, tab, "2 3 6")
    assert tab.model.heaps == (2, 3, 6) and tab.undo_stack.count() == 1
    assert_shows_the_core(tab)
    type_heaps(qtbot, tab, "2 x")
    assert tab.model.heaps == (2, 3, 6) and tab.undo_stack.count() == 1
    assert tab.message.text().startswith("Heaps unchanged: 'x' is not a heap size")
    tab.undo_stack.undo()
    assert tab.model.heaps == (3, 4, 5) and tab.heaps.text() == "3 4 5"


def test_a_winning_move_row_plays_it(qtbot):
    tab = NimTab()
    qtbot.addWidget(tab)
    tab.show()
    moves = tab.analysis_panel.moves
    rect = moves.visualItemRect(moves.item(0))
    qtbot.mouseClick(moves.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(moves.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert tab.model.heaps == (1, 4, 5) and tab.analysis_panel.outcome_text() == "LOSE"
    assert tab.undo_stack.undoText() == "Play heap 1: take 2 -> 1"
    assert_shows_the_core(tab)


def test_play_shows_the_played_heaps_read_only_and_refuses_edits(qtbot, window):
    window.tabs.show_tab("nim")
    tab, panel = window.tabs.game_tabs["nim"], window.play
    panel.reply_ms = 10**6  # the computer waits: the position stays the person's
    qtbot.mouseClick(panel.start_button, Qt.MouseButton.LeftButton)
    assert tab.playing and tab.heaps.isReadOnly()
    panel.play_typed("heap 1 take 2")
    assert tab.heaps.text() == "1 4 5" and tab.model.heaps == (3, 4, 5)
    type_heaps(qtbot, tab, "9")  # read-only: nothing typed, and the button refuses
    tab._typed()
    assert tab.model.heaps == (3, 4, 5) and tab.message.text() == REFUSED
    panel.stop("done", keep=True)
    assert not tab.playing and tab.model.heaps == (1, 4, 5) and tab.undo_stack.count() == 1
