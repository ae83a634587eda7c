"""One number-game tab alone in a window, for a quick look: ``python -m sgstudio.gui.tabs.<tab> [FILE]``.

The window has the tab's undo and redo (Ctrl+Z, Ctrl+Shift+Z / Ctrl+Y) and a status bar; FILE, a
judge file of the tab's format, is imported (its first test case). Closing the window closes the
tab, which stops its background work.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QMainWindow

from sgstudio.gui.tabs import GameTab


def run_alone(make_tab: Callable[[], GameTab], argv: Sequence[str]) -> int:
    """Show ``make_tab()`` in a window until it is closed; the application's exit status."""
    app = QApplication.instance() or QApplication(list(argv))
    window = QMainWindow()
    tab = make_tab()
    window.setCentralWidget(tab)
    window.setWindowTitle(f"sgstudio — {tab.title}")
    edit = window.menuBar().addMenu("&Edit")
    undo, redo = tab.undo_stack.createUndoAction(window), tab.undo_stack.createRedoAction(window)
    undo.setShortcut(QKeySequence("Ctrl+Z"))
    redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
    edit.addActions([undo, redo])
    tab.status_message.connect(lambda text: window.statusBar().showMessage(text, 6000))
    if len(argv) > 1:
        tab.import_judge_text(Path(argv[1]).read_text(encoding="utf-8"), argv[1], case=0)
    window.resize(1280, 800)
    window.show()
    code = app.exec()
    tab.close()  # its closeEvent stops the workers
    return code
