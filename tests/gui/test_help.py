"""Help > How the computer plays and Help > Keyboard shortcuts, as shown in their dialogs."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QDialog, QTextBrowser

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
