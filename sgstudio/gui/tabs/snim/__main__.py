"""Open the S-Nim tab alone in a window: ``python -m sgstudio.gui.tabs.snim [HDU1536_FILE]``."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QMainWindow

from sgstudio.gui.tabs.snim import SNimTab


def main(argv: list[str]) -> int:
    app = QApplication(argv)
    window = QMainWindow()
    tab = SNimTab()
    window.setCentralWidget(tab)
    window.setWindowTitle("sgstudio — S-Nim")
    edit = window.menuBar().addMenu("&Edit")
    for action, keys in ((tab.undo_stack.createUndoAction(window), QKeySequence.StandardKey.Undo),
                         (tab.undo_stack.createRedoAction(window), QKeySequence.StandardKey.Redo)):
        action.setShortcut(keys)
        edit.addAction(action)
    tab.status_message.connect(window.statusBar().showMessage)
    if len(argv) > 1:
        tab.import_judge_text(Path(argv[1]).read_text(encoding="utf-8"), argv[1])
    window.resize(1280, 800)
    window.show()
    code = app.exec()
    tab.cancel_work()
    return code


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
