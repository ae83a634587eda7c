"""An inline editor for a vertex's label: a line edit over the vertex. Enter (or leaving it) commits
one RenameVertexCommand; Escape cancels."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QLineEdit, QWidget


class RenameEditor(QLineEdit):
    """Edits one label; calls ``commit(vertex, text)`` once, unless cancelled."""

    def __init__(self, parent: QWidget, vertex: int, label: str, centre: QPoint,
                 commit: Callable[[int, str], None]) -> None:
        super().__init__(label, parent)
        self.vertex, self._commit, self._done = vertex, commit, False
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setToolTip("New label: Enter to rename, Escape to cancel")
        self.setFixedWidth(max(90, self.fontMetrics().horizontalAdvance(label) + 30))
        self.move(centre - QPoint(self.width() // 2, self.sizeHint().height() // 2))
        self.selectAll()
        self.editingFinished.connect(self.finish)
        self.show()
        self.setFocus(Qt.FocusReason.OtherFocusReason)

    def finish(self) -> None:
        """Commit the text (once) and close."""
        if self._done:
            return
        self._done = True
        text = self.text().strip()
        self.hide()
        self.deleteLater()
        if text:
            self._commit(self.vertex, text)

    def cancel(self) -> None:
        """Close without renaming."""
        self._done = True
        self.hide()
        self.deleteLater()

    def keyPressEvent(self, event) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.cancel()
            self.parentWidget().setFocus()
            return
        super().keyPressEvent(event)
