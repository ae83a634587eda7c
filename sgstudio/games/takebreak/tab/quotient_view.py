"""The misère quotient of the Take & break tab's rule, in a window of its own (Plambeck–Siegel).

The :class:`QuotientView` computes the quotient with :class:`~sgstudio.games.takebreak.quotient.
solver.QuotientSolver` off the UI thread, heap by heap up to the bound asked (progress and Cancel),
and shows what MisereSolver prints: the presentation ``Q = <a,b | ...>``, ``P = {...}``, |Q| and |P|,
"Solution found at heap n" (with the period of the pretending function) or "No solution found by
heap n", and the pretending function heap by heap. For a small quotient (|Q| <= :data:`TABLE_MAX`)
the multiplication table, each element written as its normal form, the products in P shaded blue
(the colour of a position the player to move loses) with a legend. A cancelled computation shows
what it found up to the heap it reached; a quotient too big for the solver is said in one line.

The solver is built in the worker and handed over when it stopped: the UI thread never reads a
solver a worker extends.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from sgstudio.games.takebreak.game import TakeBreakGame
from sgstudio.games.takebreak.quotient.solver import QuotientSolver
from sgstudio.games.takebreak.tab.rule_editor import rule_title
from sgstudio.gui import palette
from sgstudio.gui.tasks import TaskProgress
from sgstudio.gui.widgets import group_box
from sgstudio.gui.work import Work, failure_text

TABLE_MAX = 64
"""The multiplication table is shown for quotients of at most this many elements."""
DEFAULT_HEAPS = 200


def outcome_line(solver: QuotientSolver, asked: int, stopped: str = "") -> str:
    """"Solution found at heap n" (with the period), or "No solution found by heap n" (and why it
    stopped early, if it did).

    >>> s = QuotientSolver("0.75"); _ = s.run(60)
    >>> outcome_line(s, 60)
    'Solution found at heap 21: Φ is periodic from heap 8 with period 2.'
    >>> s = QuotientSolver("0.77"); _ = s.run(30)
    >>> outcome_line(s, 30)
    'No solution found by heap 30.'
    """
    if solver.solved is not None:
        s = solver.solved
        return (f"Solution found at heap {s.heap}: Φ is periodic from heap {s.preperiod} with "
                f"period {s.period}.")
    why = f" ({stopped} before heap {asked})" if stopped else ""
    return f"No solution found by heap {max(solver.heaps, 0)}{why}."


class QuotientView(QDialog):
    """The misère quotient of ``game``'s rule: computed when shown (:meth:`compute`)."""

    def __init__(self, game: TakeBreakGame, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.game = game
        self.solver: QuotientSolver | None = None
        self.setWindowTitle(f"Misère quotient of {rule_title(game.rule)}")
        self.work = Work(self, lambda text: self.status.setText(text))
        self.heaps = QSpinBox()
        self.heaps.setRange(1, 2000)
        self.heaps.setValue(DEFAULT_HEAPS)
        self.heaps.setPrefix("up to heap ")
        self.compute_button = QPushButton("Compute")
        self.progress = TaskProgress()
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.sizes = QLabel()
        self.presentation = QPlainTextEdit(readOnly=True)
        self.presentation.setMaximumHeight(110)
        self.phi = QTableWidget(0, 3)
        self.phi.setHorizontalHeaderLabels(["heap", "Φ(heap)", "alone"])
        self.phi.verticalHeader().hide()
        self.table = QTableWidget(0, 0)
        for table in (self.phi, self.table):
            table.verticalHeader().setDefaultSectionSize(22)
        self.legend = QLabel(f"<span style='background:{palette.BLUE}; color:{palette.PAPER}'>&nbsp;x·y&nbsp;"
                             "</span> the product is in P: a sum with that element is lost by the player "
                             "to move (misère)")
        self.table_note = QLabel()
        self.table_note.setWordWrap(True)
        row = QHBoxLayout()
        row.addWidget(QLabel(f"Rule {rule_title(game.rule)}"), 1)
        row.addWidget(self.heaps)
        row.addWidget(self.compute_button)
        top = QVBoxLayout()
        top.addLayout(row)
        top.addWidget(self.progress)
        top.addWidget(self.status)
        top.addWidget(self.sizes)
        top.addWidget(self.presentation)
        head = QWidget()
        head.setLayout(top)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(group_box("Pretending function", self.phi))
        split.addWidget(group_box("Multiplication table", self.table, self.legend, self.table_note))
        split.setStretchFactor(1, 1)
        split.setSizes([280, 620])
        layout = QVBoxLayout(self)
        layout.addWidget(head)
        layout.addWidget(split, 1)
        self.compute_button.clicked.connect(self.compute)
        self.resize(900, 640)
        self._show(None, "")

    # -- computing -----------------------------------------------------------------------------------
    def compute(self) -> None:
        """Compute the quotient up to the heap asked, in the background (replacing a running one)."""
        asked = self.heaps.value()
        solver = QuotientSolver(self.game.rule)
        text = f"Computing the misère quotient of {rule_title(self.game.rule)} up to heap {asked:,}"

        def run(progress):
            solver.run(asked, progress=lambda h: progress(h, asked))
            return solver

        self.status.setText(text + "…")
        self.work.run("quotient", run, text, self.progress, done=lambda s: self._show(s, ""),
                      cancelled=lambda: self._show(solver, "cancelled"),
                      failed=lambda err: self._failed(solver, failure_text(text, err)))

    def _failed(self, solver: QuotientSolver, why: str) -> None:
        self._show(solver if solver.heaps >= 0 else None, "stopped")
        self.status.setText(f"{why}. {self.status.text()}")

    def settle(self, msecs: int = 30_000) -> bool:
        """Process events until the computation ended (tests, screenshots)."""
        return self.work.settle(msecs)

    def done(self, result: int) -> None:  # closing the window stops its computation
        self.work.cancel_and_wait()
        super().done(result)

    # -- showing ----------------------------------------------------------------------------------------
    def _show(self, solver: QuotientSolver | None, stopped: str) -> None:
        self.solver = solver
        if solver is None or solver.heaps < 0:
            self.status.setText("Press Compute for the misère quotient of sums of heaps of this rule.")
            self.sizes.setText("")
            self.presentation.setPlainText("")
            self.phi.setRowCount(0)
            self._show_table(None)
            return
        pres = solver.presentation()
        self.status.setText(outcome_line(solver, self.heaps.value(), stopped))
        self.sizes.setText(f"|Q| = {solver.size}; |P| = {solver.p_size}; the presentation changed at heap"
                           f"{'s' if len(solver.changes) != 1 else ''} "
                           f"{', '.join(map(str, solver.changes)) or 'none'}")
        self.presentation.setPlainText(f"Q = {pres.text()}\nP = {pres.p_text()}")
        self.phi.setRowCount(len(solver.phi))
        p = solver.monoid.p
        for h, x in enumerate(solver.phi):
            for col, text in enumerate((str(h), pres.word(x), "P (loses)" if p[x] else "N (wins)")):
                item = QTableWidgetItem(text)
                item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
                self.phi.setItem(h, col, item)
        self.phi.resizeColumnsToContents()
        self._show_table(solver)

    def _show_table(self, solver: QuotientSolver | None) -> None:
        if solver is None or solver.size > TABLE_MAX:
            self.table.setRowCount(0)
            self.table.setColumnCount(0)
            self.legend.setVisible(False)
            self.table_note.setText(f"|Q| = {solver.size} > {TABLE_MAX}: the table is not shown."
                                    if solver is not None else "")
            return
        pres = solver.presentation()
        order = sorted(pres.normal, key=lambda x: tuple(reversed(pres.normal[x])))  # MisereSolver's order
        words = [pres.word(x) for x in order]
        n = len(order)
        self.table.setRowCount(n)
        self.table.setColumnCount(n)
        self.table.setHorizontalHeaderLabels(words)
        self.table.setVerticalHeaderLabels(words)
        shade, ink = QBrush(QColor(palette.BLUE)), QBrush(QColor(palette.PAPER))
        mul, p = solver.monoid.mul, solver.monoid.p
        for i, x in enumerate(order):
            for j, y in enumerate(order):
                z = int(mul[x, y])
                item = QTableWidgetItem(pres.word(z))
                item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if p[z]:
                    item.setBackground(shade)
                    item.setForeground(ink)
                    item.setToolTip(f"{words[i]} · {words[j]} = {pres.word(z)}, in P")
                self.table.setItem(i, j, item)
        self.table.resizeColumnsToContents()
        self.legend.setVisible(True)
        self.table_note.setText(f"Row x, column y: the product x·y, as its normal form ({n} elements).")

    def p_cells(self) -> set[tuple[int, int]]:
        """The (row, column) of every shaded cell of the table (the products in P)."""
        blue = QColor(palette.BLUE)
        return {(i, j) for i in range(self.table.rowCount()) for j in range(self.table.columnCount())
                if self.table.item(i, j).background().color() == blue}


def open_quotient_view(parent: QWidget, game: TakeBreakGame) -> QuotientView:
    """Open (non-modal) the quotient window of ``game``'s rule and start computing it."""
    view = QuotientView(game, parent)
    view.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    view.show()
    view.compute()
    return view
