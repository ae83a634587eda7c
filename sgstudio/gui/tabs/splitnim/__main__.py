"""Open the split-nim tab alone: ``python -m sgstudio.gui.tabs.splitnim [HDU5795_FILE]``."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QMainWindow

from sgstudio.gui.tabs.splitnim import SplitNimTab


def main(argv: list[str]) -> int:
    app = QApplication.instance() or QApplication(argv)
    window = QMainWindow()
    tab = SplitNimTab(window)
    window.setCentralWidget(tab)
    window.setWindowTitle("sgstudio — split-nim")
    edit = window.menuBar().addMenu("&Edit")
    for action, keys in ((tab.undo_stack.createUndoAction(window), QKeySequence.StandardKey.Undo),
                         (tab.undo_stack.createRedoAction(window), QKeySequence.StandardKey.Redo)):
        action.setShortcut(keys)
        edit.addAction(action)
    tab.status_message.connect(window.statusBar().showMessage)
    if len(argv) > 1:
        tab.import_judge_text(Path(argv[1]).read_text(encoding="utf-8"), argv[1], case=0)
    window.resize(1280, 800)
    window.show()
    code = app.exec()
    tab.shutdown()
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv))
