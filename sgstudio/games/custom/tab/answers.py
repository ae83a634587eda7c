"""What the "Your game" tab shows of a Run: the position's answers, and the table of values.

:class:`Answers`: the position in words, its value, WIN/LOSE/DRAW, remoteness, and every winning
move (in the one Analysis panel: double-click one to go there). :class:`Tables`: for a game on
integers the values g(0..N-1) as a table (rows of ten, P-positions in blue) and the S-Nim tab's
plot of them; for a game on pairs the heat map of g(x, y) with a hover readout; otherwise a line
saying why there is no table.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QLabel,
    QStackedWidget,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from sgstudio.core.outcome import Outcome
from sgstudio.core.values import Infinite
from sgstudio.games.custom.html import Report
from sgstudio.games.custom.tab.heatmap import HeatMap
from sgstudio.gui import palette
from sgstudio.gui.panels.analysis import AnalysisPanel
from sgstudio.gui.widgets import FittedLabel

ROW = 10
"""Values a row of the values table."""
VERDICT = {Outcome.WIN: "WIN: the player to move wins", Outcome.LOSE: "LOSE: the player to move loses",
           Outcome.DRAW: "DRAW: neither player can force a win"}


def far_text(remoteness: Any) -> str:
    """Remoteness in words.

    >>> far_text(3), far_text(None), far_text(1)
    ('3 moves to the end', 'none: a draw goes on for ever', '1 move to the end')
    """
    if remoteness is None:
        return "none: a draw goes on for ever"
    if isinstance(remoteness, int):
        return f"{remoteness} move{'s' if remoteness != 1 else ''} to the end"
    return str(remoteness)


class Answers(QWidget):
    """The position's answers: its text, value and remoteness over the one Analysis panel (who wins,
    the values of its parts, every winning move); ``move_chosen(move)`` when a winning move is
    activated (a move of the game the panel shows)."""

    move_chosen = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.position = FittedLabel(lines=1)
        self.value = FittedLabel(lines=1)
        self.remoteness = FittedLabel(lines=1)
        self.panel = AnalysisPanel(banner=22, table_rows=2, rule_choice=True)  # a token or two: its parts
        self.panel.move_activated.connect(self.move_chosen)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for w in (self.position, self.value, self.remoteness):
            layout.addWidget(w)
        layout.addWidget(self.panel, 1)
        self.report: Report | None = None
        self.clear("Press Run (Ctrl+Enter) to explore the game")

    def clear(self, text: str) -> None:
        """No answers: ``text`` says why."""
        self.report = None
        self.position.setText(text)
        self.value.setText("")
        self.remoteness.setText("")
        self.panel.show_pending("…", "")

    def show_report(self, report: Report, game: Any, position: tuple, label: Any, misere: bool = False
                    ) -> None:
        """The answers of one position: ``report`` (the engine's), and the analysis of ``game`` at
        ``position`` (vertices named by ``label``) in the panel; ``game`` a str: why there is none.
        ``misere``: the report's value and remoteness are said to be normal play's, and the panel is
        left to the tab's misère runner (a str ``game``: no misère verdict, and why)."""
        self.report = report
        self.position.setText(f"{report.game}: {report.text}")
        normal = " in normal play" if misere else ""
        self.value.setText(f"Value{normal}: {report.value} ({report.outcome})")
        self.remoteness.setText(f"Remoteness{normal}: {far_text(report.remoteness)}")
        self.remoteness.setToolTip("Moves to the end under best play: the winner hurries, the loser delays")
        if misere:
            if isinstance(game, str):
                self.panel.show_pending("?", f"Misère play: no verdict — {game}")
            return
        if isinstance(game, str):
            moves = ", ".join(text for _, text in report.moves[:8]) or "none"
            self.panel.show_pending(str(report.outcome), f"Winning moves: {moves} ({game})")
            self.panel.outcome.set_outcome(report.outcome)
            return
        self.panel.show_analysis(game.analyse(position, label=label),
                                 has_move=lambda: game.has_move(position))

    def move_texts(self) -> list[str]:
        """The winning moves as the panel lists them (tests)."""
        return self.panel.move_texts()


class Tables(QStackedWidget):
    """The values of a game on integers (table and plot), or the heat map of a game on pairs."""

    position_chosen = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.note = QLabel("The values table and plot (a game on integers), or the heat map of g(x, y) "
                           "(a game on pairs), show here after a Run.")
        self.note.setWordWrap(True)
        self.note.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.values = QTableWidget(0, ROW)
        self.values.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.values.horizontalHeader().setDefaultSectionSize(40)
        self.values.setHorizontalHeaderLabels([f"+{i}" for i in range(ROW)])
        self.values.cellDoubleClicked.connect(self._value_chosen)
        self._plot: Any = None
        self.values_page = QWidget()
        self._values_layout = QVBoxLayout(self.values_page)
        self._values_layout.setContentsMargins(0, 0, 0, 0)
        self._values_layout.addWidget(self.values, 2)
        self.heatmap = HeatMap()
        self.hover = FittedLabel("Hover the heat map to read g(x, y); double-click a cell to go there")
        self.heatmap.hovered.connect(self.hover.setText)
        self.heatmap.chosen.connect(lambda x, y: self.position_chosen.emit((x, y)))
        heat_page = QWidget()
        heat_layout = QVBoxLayout(heat_page)
        heat_layout.setContentsMargins(0, 0, 0, 0)
        heat_layout.addWidget(self.heatmap, 1)
        heat_layout.addWidget(self.hover)
        for page in (self.note, self.values_page, heat_page):
            self.addWidget(page)
        self.shown: list[Any] = []

    @property
    def plot(self) -> Any:
        """The S-Nim tab's plot of g(0..H), made when first needed (pyqtgraph loads then)."""
        if self._plot is None:
            from sgstudio.gui.plots import GrundyPlot

            self._plot = GrundyPlot()
            self._plot.limit.hide()
            self._values_layout.insertWidget(0, self._plot, 3)
        return self._plot

    def show_note(self, text: str) -> None:
        self.note.setText(text)
        self.setCurrentIndex(0)

    def show_values(self, values: list[Any], name: str) -> None:
        """g(0..N-1): the table (rows of ten) and the plot (∞ drawn at -1, said in the caption)."""
        self.shown = values
        rows = -(-len(values) // ROW)
        self.values.setRowCount(rows)
        self.values.setVerticalHeaderLabels([str(r * ROW) for r in range(rows)])
        for i, v in enumerate(values):
            item = QTableWidgetItem(str(v))
            item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            if v == 0 and not isinstance(v, Infinite):
                item.setBackground(QBrush(QColor(palette.BLUE)))
                item.setForeground(QBrush(QColor(palette.PAPER)))
            elif isinstance(v, Infinite):
                item.setBackground(QBrush(QColor(palette.PURPLE)))
            item.setToolTip(f"g({i}) = {v}")
            self.values.setItem(i // ROW, i % ROW, item)
        for j in range(len(values), rows * ROW):
            self.values.setItem(j // ROW, j % ROW, QTableWidgetItem(""))
        finite = np.array([v if isinstance(v, int) else -1 for v in values], np.int64)
        loops = int((finite < 0).sum())
        extra = f"; {loops} values ∞ drawn at -1" if loops else ""
        self.plot.show_values(finite, None, f"{name}: g(0..{len(values) - 1}){extra}")
        self.setCurrentIndex(1)

    def cell_text(self, n: int) -> str:
        """The text of g(n)'s cell (tests)."""
        item = self.values.item(n // ROW, n % ROW)
        return item.text() if item is not None else ""

    def _value_chosen(self, row: int, column: int) -> None:
        n = row * ROW + column
        if n < len(self.shown):
            self.position_chosen.emit(n)

    def show_grid(self, grid: list[list[Any]], marked: tuple[int, int] | None) -> None:
        """g(x, y) as the heat map."""
        self.heatmap.set_grid(grid, marked)
        self.setCurrentIndex(2)
