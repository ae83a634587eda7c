"""Help > How the computer plays and Help > Keyboard shortcuts, as shown in their dialogs."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QDialog, QTableWidget, QTextBrowser

from sgstudio.core import policy


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
    for game in ("Graph", "S-Nim", "Split-nim", "Board"):  # the order of each game is stated
        assert game in text, game


def table_rows(dialog: QDialog) -> list[tuple[str, str]]:
    table = dialog.findChild(QTableWidget)
    return [(table.item(r, 0).text(), table.item(r, 1).text() if table.item(r, 1) else "")
            for r in range(table.rowCount())]


def test_keyboard_shortcuts_have_a_section_per_tab_with_its_keys(qtbot, window, shown):
    window.actions["shortcuts"].trigger()
    rows = table_rows(shown[0])
    titles = [keys for keys, action in rows if not action]
    assert titles == ["Everywhere", "Graph tab", "S-Nim tab", "Split-nim tab", "Board tab", "Play panel"]

    def section(title: str) -> str:
        start = rows.index((title, ""))
        end = next((i for i in range(start + 1, len(rows)) if not rows[i][1]), len(rows))
        return "\n".join(f"{k}: {a}" for k, a in rows[start + 1:end])

    assert "Insert" in section("S-Nim tab") and "Delete" in section("S-Nim tab")
    assert "Delete" in section("Split-nim tab") and "Enter" in section("Split-nim tab")
    board = section("Board tab")
    for keys in ("Arrow keys", "Space", "Ctrl+Shift+A", "Ctrl+Shift+D", "Insert", "Delete"):
        assert keys in board, keys
    assert "Double-click / Enter a winning move" in section("S-Nim tab")
    assert "Type a move" in section("Play panel") and "Ctrl+Z" in section("Everywhere")
    assert "Ctrl+L" in section("Graph tab")
