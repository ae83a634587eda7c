"""Help > How the computer plays and Help > Keyboard shortcuts, as shown in their dialogs."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QTableWidget, QTextBrowser

from sgstudio.core.play import policy


@pytest.fixture
def shown(monkeypatch) -> list[QDialog]:
    dialogs: list[QDialog] = []
    monkeypatch.setattr(QDialog, "exec", lambda self: dialogs.append(self) or 0)
    return dialogs


def test_how_the_computer_plays_is_written_for_people(qtbot, window, shown):
    window.actions["computer_help"].trigger()
    text = shown[0].findChild(QTextBrowser).toPlainText()
    for jargon in (":data:", ":func:", "``", "len(", "winning_moves", "legal_moves", "LENGTHS", "()"):
        assert jargon not in text, jargon
    assert "nim-sum 0" in text and "fewest" in text and "longest" in text
    assert f"at most {policy.MAX_CANDIDATES}" in text
    for game in ("Graph", "S-Nim", "Split-nim", "Board", "Take & break", "Nim", "Sum"):  # each game's order
        assert f"{game}:" in text, game


def table_rows(dialog: QDialog) -> list[tuple[str, str]]:
    table = dialog.findChild(QTableWidget)
    return [(table.item(r, 0).text(), table.item(r, 1).text() if table.item(r, 1) else "")
            for r in range(table.rowCount())]


def test_keyboard_shortcuts_have_a_section_per_tab_with_its_keys(qtbot, window, shown):
    window.actions["shortcuts"].trigger()
    rows = table_rows(shown[0])
    titles = [keys for keys, action in rows if not action]
    tabs = [f"{tab.title} tab" for tab in window.tabs.game_tabs.values()]  # every tab, in order
    assert titles == ["Everywhere", *tabs, "Play panel"]
    assert "Take & break tab" in titles and "Nim tab" in titles

    def section(title: str) -> str:
        start = rows.index((title, ""))
        end = next((i for i in range(start + 1, len(rows)) if not rows[i][1]), len(rows))
        return "\n".join(f"{k}: {a}" for k, a in rows[start + 1:end])

    assert "Insert" in section("S-Nim tab") and "Delete" in section("S-Nim tab")
    assert "Delete" in section("Split-nim tab") and "Enter" in section("Split-nim tab")
    board = section("Board tab")
    for keys in ("Arrow keys", "Space", "Ctrl+Shift+R", "Ctrl+Shift+D", "Insert", "Delete"):
        assert keys in board, keys
    assert "Double-click / Enter a winning move" in section("S-Nim tab")
    assert "Type a move" in section("Play panel") and "Ctrl+Z" in section("Everywhere")
    assert "Ctrl+L" in section("Graph tab")
    assert "Edit… / double-click a row" in section("Sum tab") and "Ctrl+Shift+A" in section("Everywhere")
    takebreak = section("Take & break tab")
    for words in ("Rule field", "Presets", "H box", "Period search", "values table", "Cancel",
                  "winning move"):
        assert words in takebreak, words
    assert "Heaps field" in section("Nim tab") and "winning move" in section("Nim tab")


def test_no_two_shortcuts_of_the_window_share_a_key(window):
    """Two shortcuts active at once on one key make Qt fire neither (an "ambiguous" key): a key of a
    window-wide action must be nobody else's, and a tab's own keys must be set in their context."""
    from collections import Counter

    from PySide6.QtCore import Qt
    from PySide6.QtGui import QAction, QShortcut

    wide = (Qt.ShortcutContext.WindowShortcut, Qt.ShortcutContext.ApplicationShortcut)
    actions = [(k.toString(), a.shortcutContext()) for a in window.findChildren(QAction)
               for k in a.shortcuts()]
    shortcuts = [(s.key().toString(), s.context()) for s in window.findChildren(QShortcut)]
    keys = Counter(key for key, _ in actions + shortcuts)
    window_wide = {key for key, context in actions if context in wide}
    assert {key for key in window_wide if keys[key] > 1} == set()
    assert {key for key, context in shortcuts if context in wide} == set()  # each in its own context


def test_on_the_board_tab_ctrl_shift_a_adds_to_the_sum_and_ctrl_shift_r_adds_a_row(window, qtbot):
    from PySide6.QtCore import Qt

    board, sums = window.tabs.game_tabs["board"], window.tabs.game_tabs["sum"]
    window.tabs.show_tab("board")
    board.view.setFocus()
    qtbot.waitUntil(board.view.hasFocus)
    rows, components = len(board.model.rows), len(sums.model.components)
    both = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    qtbot.keyClick(board.view, Qt.Key.Key_R, both)
    assert len(board.model.rows) == rows + 1 and len(sums.model.components) == components
    qtbot.keyClick(board.view, Qt.Key.Key_A, both)
    assert len(sums.model.components) == components + 1 and sums.model.components[-1].kind.key == "board"
    assert len(board.model.rows) == rows + 1


def test_each_shortcut_row_is_as_tall_as_its_text_in_the_shown_dialog(qtbot, window, shown):
    """The rows were sized before the dialog laid its table out, for a narrow Action column: one
    line of text stood in a row four lines tall."""
    window.actions["shortcuts"].trigger()
    dialog = shown[0]
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    table = dialog.findChild(QTableWidget)
    line = table.fontMetrics().lineSpacing()  # slack for the cell's margins
    for row in range(table.rowCount()):
        action = table.item(row, 1)
        if action is None:
            continue
        width = table.columnWidth(1) - 12  # the cell's margins
        text = table.fontMetrics().boundingRect(0, 0, width, 10_000, Qt.TextFlag.TextWordWrap, action.text())
        needed = max(text.height() + line, table.verticalHeader().defaultSectionSize())
        assert table.rowHeight(row) <= needed, (action.text(), table.rowHeight(row), needed)
