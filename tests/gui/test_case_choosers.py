"""The four test-case choosers speak with one voice and fit on the screen; the HDU 1524 import error
does not send a person to the menu they just used.

The real QInputDialog is shown (the window fixture's stand-in is put back aside) and read while it
is open: its title, question, items and width.
"""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QComboBox, QInputDialog, QLabel

from sgstudio.app.files import TAB_HINT
from sgstudio.paths import resource_path

REAL_GET_ITEM = QInputDialog.getItem  # before the window fixture replaces it
FORMATS = {"hdu1524": "graph", "hdu1536": "snim", "hdu5795": "splitnim", "hdu5724": "board"}
SAMPLES = {fmt: f"{fmt}.txt" for fmt in FORMATS}
NAMES = {fmt: f"HDU {fmt[3:]}" for fmt in FORMATS}


def answer_chooser(qtbot, pick: int) -> dict:
    """Read the chooser when it opens, then choose item ``pick``; what was seen comes back in the dict."""
    seen: dict = {}

    def look() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, QInputDialog):
            QTimer.singleShot(20, look)
            return
        combo = dialog.findChild(QComboBox)
        seen.update(title=dialog.windowTitle(), question=dialog.findChild(QLabel).text(),
                    items=[combo.itemText(i) for i in range(combo.count())],
                    width=dialog.frameGeometry().width(), screen=dialog.screen().availableGeometry().width())
        combo.setCurrentIndex(pick)
        dialog.accept()

    QTimer.singleShot(0, look)
    return seen


def big_snim_file(path) -> str:
    """Two HDU 1536 cases, the first with a 100-member S and a heap of 22 digits."""
    rng = random.Random(1536)
    members = rng.sample(range(1, 10001), 100)
    lines = [f"100 {' '.join(map(str, members))}", "2", "2 5 1234567890123456789012", "1 7",
             "3 1 2 3", "1", "2 5 12", "0"]
    path.write_text("\n".join(lines) + "\n")
    return str(path)


@pytest.mark.parametrize("fmt", list(SAMPLES))
def test_every_chooser_asks_the_same_way(qtbot, window, dialogs, monkeypatch, fmt):
    monkeypatch.setattr(QInputDialog, "getItem", REAL_GET_ITEM)
    dialogs.open_path = str(resource_path("examples", SAMPLES[fmt]))
    seen = answer_chooser(qtbot, 1)
    window.actions[f"import_{fmt}"].trigger()
    assert dialogs.errors == []
    assert seen["title"] == f"Import {NAMES[fmt]}"
    assert seen["question"] == f"{SAMPLES[fmt]} has 2 test cases. Import which one?"
    assert [item.split(":")[0] for item in seen["items"]] == ["case 1", "case 2"]
    assert seen["width"] <= seen["screen"]
    if fmt == "hdu1524":  # the graph's edges are called edges
        assert all(" edge" in item and "moves" not in item for item in seen["items"])
    assert window.tabs.current_key() == FORMATS[fmt]  # the second case was imported into its tab
    assert "2" in window.tabs.current_tab().undo_stack.command(0).text()


def test_a_hundred_member_set_keeps_the_chooser_on_the_screen(qtbot, window, dialogs, monkeypatch, tmp_path):
    monkeypatch.setattr(QInputDialog, "getItem", REAL_GET_ITEM)
    dialogs.open_path = big_snim_file(tmp_path / "big.txt")
    seen = answer_chooser(qtbot, 1)
    window.actions["import_hdu1536"].trigger()
    assert seen["width"] <= seen["screen"]
    assert seen["items"][0].startswith("case 1: S = {") and "(100 members)" in seen["items"][0]
    assert window.tabs.game_tabs["snim"].model.S == (1, 2, 3)


def test_the_hdu_1524_import_error_does_not_send_you_to_the_menu_you_used(window, dialogs, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("2\n1 5\n0\n")
    dialogs.open_path = str(bad)
    window.actions["import_hdu1524"].trigger()
    (_title, text), = dialogs.errors
    assert "line 2" in text and "Import Judge File" not in text and "HDU 1536 into S-Nim" in text
    dialogs.errors.clear()
    assert not window.document.open(str(bad))  # File > Open does point at the import menu
    assert dialogs.errors[0][1].endswith(TAB_HINT)
