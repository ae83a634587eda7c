"""Opening a big file shows its stages in a progress dialog; a small one opens without it."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QProgressDialog

from sgstudio.gui import progress


def dialogs() -> list[QProgressDialog]:
    return [w for w in QApplication.topLevelWidgets() if isinstance(w, QProgressDialog) and w.isVisible()]


def test_a_big_file_shows_its_stages(qtbot, tmp_path):
    big = tmp_path / "big.txt"
    big.write_text(" " * (progress.BIG_FILE + 1))
    with progress.opening(None, str(big)) as step:
        shown = dialogs()
        assert len(shown) == 1 and "big.txt" in shown[0].labelText()
        step("Parsing…", 40)
        assert shown[0].labelText() == "Parsing…" and shown[0].value() == 40
    assert not dialogs()


def test_a_small_file_or_no_dialogs_wanted_opens_quietly(qtbot, tmp_path):
    small = tmp_path / "small.txt"
    small.write_text("1\n0\n0\n")
    with progress.opening(None, str(small)) as step:
        step("Parsing…", 40)
        assert not dialogs()
    big = tmp_path / "big.txt"
    big.write_text(" " * (progress.BIG_FILE + 1))
    with progress.opening(None, str(big), shown=False):
        assert not dialogs()
