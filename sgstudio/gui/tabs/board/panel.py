"""The side panel of the Board tab: W/L in large type, the total, and the list of winning moves.

It shows an :class:`~sgstudio.core.analysis.Analysis` (or a "computing" / "not computed"
state while the Grundy table of the width is missing). Hovering a listed move emits
``move_hovered(move)`` (None when the mouse leaves); double-clicking it (or Enter) emits
``move_activated(move)``.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from sgstudio.core.analysis import Analysis
from sgstudio.gui import palette
from sgstudio.gui.tasks import TaskProgress
from sgstudio.gui.widgets import OutcomeBanner

MOVE_ROLE = Qt.ItemDataRole.UserRole


class MoveList(QListWidget):
    """The winning moves; hover and double-click report the move."""

    move_hovered = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMouseTracking(True)
        self.setUniformItemSizes(True)
        self.setFont(palette.font(10.5))
        self.setSpacing(1)
        self.itemEntered.connect(lambda item: self.move_hovered.emit(item.data(MOVE_ROLE)))

    def leaveEvent(self, event) -> None:
        self.move_hovered.emit(None)
        super().leaveEvent(event)


class AnalysisPanel(QWidget):
    """Outcome, total and winning moves of the board."""

    move_hovered = Signal(object)
    move_activated = Signal(object)
    compute_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.outcome = OutcomeBanner(self, 30, 64)
        self.outcome.set_outcome(None)
        self.verdict = QLabel()
        self.verdict.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.total = QLabel()
        self.total.setWordWrap(True)
        self.total.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.moves_title = QLabel()
        self.moves_title.setWordWrap(True)
        self.moves = MoveList()
        self.progress = TaskProgress()
        self.compute = QPushButton("Compute the table")
        self.compute.hide()
        self.compute.clicked.connect(self.compute_requested)
        self.moves.move_hovered.connect(self.move_hovered)
        self.moves.itemActivated.connect(lambda item: self.move_activated.emit(item.data(MOVE_ROLE)))
        self.moves.currentItemChanged.connect(
            lambda item, _old: self.move_hovered.emit(item.data(MOVE_ROLE) if item else None))
        layout = QVBoxLayout(self)
        for w in (self.outcome, self.verdict, self.total, self.progress, self.compute, self.moves_title):
            layout.addWidget(w)
        layout.addWidget(self.moves, 1)
        hint = QLabel("Hover a move to see its arrow; double-click it to play it.")
        hint.setWordWrap(True)
        hint.setStyleSheet(f"color: {palette.EDGE}")
        layout.addWidget(hint)

    def show_analysis(self, analysis: Analysis) -> None:
        win = analysis.total != 0
        self.outcome.set_outcome(win)
        self.verdict.setText("the player to move wins" if win else "the player to move loses")
        values = analysis.values
        shown = " ⊕ ".join(map(str, values[:12])) + (" ⊕ …" if len(values) > 12 else "")
        self.total.setText(f"Total (nim-sum of {len(values)} row values): <b>{analysis.total}</b>"
                           + (f"<br>{shown} = {analysis.total}" if values else ""))
        self.moves_title.setText(f"Winning moves: {len(analysis.moves)}" if win
                                 else "No winning move: every move leaves a non-zero total.")
        self.compute.hide()
        self.moves.clear()
        for m in analysis.moves:
            item = QListWidgetItem(m.row())
            item.setData(MOVE_ROLE, m.move)
            self.moves.addItem(item)

    def show_pending(self, width: int, cancelled: bool) -> None:
        """No analysis: the table of ``width`` is being computed, or its computation was cancelled."""
        self.outcome.set_outcome(None)
        self.verdict.setText(f"Grundy table for width {width}: "
                             + ("not computed (cancelled)" if cancelled else "computing…"))
        self.total.setText("")
        self.moves_title.setText("")
        self.moves.clear()
        self.compute.setVisible(cancelled)

    def outcome_text(self) -> str:
        return self.outcome.text()

    def move_rows(self) -> list[tuple[int, int, int]]:
        return [self.moves.item(i).data(MOVE_ROLE) for i in range(self.moves.count())]
