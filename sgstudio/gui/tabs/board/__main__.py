"""``python -m sgstudio.gui.tabs.board [FILE]``: the Board tab alone in a window, for a quick look."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication, QMainWindow


def main(argv: list[str]) -> int:
    from sgstudio.gui.tabs.board import BoardTab

    app = QApplication.instance() or QApplication(argv)
    window = QMainWindow()
    tab = BoardTab()
    window.setCentralWidget(tab)
    window.setWindowTitle("sgstudio: Board")
    tab.status_message.connect(lambda text: window.statusBar().showMessage(text, 5000))
    undo, redo = tab.undo_stack.createUndoAction(window), tab.undo_stack.createRedoAction(window)
    undo.setShortcut("Ctrl+Z")
    redo.setShortcuts(["Ctrl+Shift+Z", "Ctrl+Y"])
    window.addActions([undo, redo])
    if len(argv) > 1:
        tab.import_judge_text(Path(argv[1]).read_text(encoding="utf-8"), argv[1], case=0)
    window.resize(1280, 800)
    window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
