"""The misère quotient view of the Take & break tab, on real widgets: opened from the tab's button, it
shows what the QuotientSolver computes (the presentation, |Q|, |P|, the pretending function, the
outcome line), its multiplication table holds the solver's products with the P cells shaded and a
legend, Cancel stops it (what it found is shown), and a quotient too big is said in one line."""

from __future__ import annotations

import threading

from PySide6.QtCore import Qt
from tab_helpers import show_tab

from sgstudio.games.takebreak.game import TakeBreakGame
from sgstudio.games.takebreak.position import TakeBreakPosition
from sgstudio.games.takebreak.quotient import solver as solver_module
from sgstudio.games.takebreak.quotient.solver import QuotientSolver
from sgstudio.games.takebreak.tab import TakeBreakTab
from sgstudio.games.takebreak.tab.quotient_view import TABLE_MAX, QuotientView
from tests.core.misere.misere_oracle import heap_oracle

L = Qt.MouseButton.LeftButton


def _opened(qtbot, code: str) -> tuple[TakeBreakTab, QuotientView]:
    tab = show_tab(qtbot, TakeBreakTab(model=TakeBreakPosition(code, (3,))))
    assert tab.model.rule.text == code
    views = []
    tab.quotient_button.clicked.connect(lambda: views.append(tab.findChildren(QuotientView)[-1]))
    qtbot.mouseClick(tab.quotient_button, L)
    assert len(views) == 1
    view = views[0]
    assert view.settle(120_000)
    return tab, view


def test_the_view_shows_what_the_solver_computes(qtbot):
    tab, view = _opened(qtbot, "0.75")
    reference = QuotientSolver("0.75")
    reference.run(view.heaps.value())
    pres = reference.presentation()
    assert view.presentation.toPlainText() == f"Q = {pres.text()}\nP = {pres.p_text()}"
    assert view.sizes.text().startswith("|Q| = 8; |P| = 2;")
    assert view.status.text() == "Solution found at heap 21: Φ is periodic from heap 8 with period 2."
    assert view.phi.rowCount() == 22
    assert [view.phi.item(h, 1).text() for h in range(22)] == [pres.word(x) for x in reference.phi]
    wins, _ = heap_oracle("0.75")  # a heap alone: lost by the player to move (P) by the rules?
    alone = [view.phi.item(h, 2).text()[0] for h in range(22)]
    assert alone == ["N" if wins((h,)) else "P" for h in range(22)]
    # the table: every product the solver gives, in MisereSolver's order of the normal forms
    n = view.table.rowCount()
    assert n == view.table.columnCount() == reference.size
    words = [view.table.horizontalHeaderItem(j).text() for j in range(n)]
    assert words == ["1", "a", "b", "ab", "b2", "ab2", "c", "ac"]
    inverse = {pres.word(x): x for x in pres.normal}
    shaded = set()
    for i in range(n):
        for j in range(n):
            z = int(reference.monoid.mul[inverse[words[i]], inverse[words[j]]])
            assert view.table.item(i, j).text() == pres.word(z)
            if reference.monoid.p[z]:
                shaded.add((i, j))
    assert view.p_cells() == shaded and len(shaded) > 0
    assert view.legend.isVisible() and "in P" in view.legend.text()
    tab.cancel_work()


def test_kayles_table_and_phi(qtbot):
    tab, view = _opened(qtbot, "0.77")
    assert view.sizes.text().startswith("|Q| = 40; |P| = 9;")
    assert "Solution found at heap 167" in view.status.text()
    assert view.table.rowCount() == 40 <= TABLE_MAX
    assert view.phi.item(27, 1).text() == "g"
    p_words = {view.table.item(0, j).text() for j in range(40) if (0, j) in view.p_cells()}
    assert p_words == {"a", "b2", "ac", "ac2", "d", "ad2", "e", "ade", "adf"}  # row 1·y: y itself
    tab.cancel_work()


def test_cancel_stops_the_computation_and_shows_what_it_found(qtbot, monkeypatch):
    gate, reached = threading.Event(), threading.Event()
    real_next = solver_module.QuotientSolver.next

    def slow_next(self):
        if self.heaps >= 10:
            reached.set()
            gate.wait(10)
        real_next(self)

    monkeypatch.setattr(solver_module.QuotientSolver, "next", slow_next)
    view = QuotientView(TakeBreakGame("0.77"))
    qtbot.addWidget(view)
    view.show()
    view.compute()
    assert reached.wait(30)
    assert view.progress.isVisible()
    qtbot.mouseClick(view.progress.cancel_button, L)
    gate.set()
    assert view.settle(30_000)
    assert not view.work.running()
    assert not view.progress.isVisible()
    assert view.status.text() == "No solution found by heap 11 (cancelled before heap 200)."
    assert view.solver is not None and view.solver.heaps == 11  # the heap it was adding, then it stopped
    assert view.sizes.text().startswith("|Q| = 18; |P| = 6;")


def test_a_quotient_too_big_is_said_and_no_table_for_a_big_one(qtbot, monkeypatch):
    monkeypatch.setattr(solver_module, "MAX_MODEL", 30_000)  # the same refusal, a tenth of the work
    view = QuotientView(TakeBreakGame("0.07"))  # Dawson's Kayles: the solver's bounds refuse it
    qtbot.addWidget(view)
    view.heaps.setValue(40)
    view.compute()
    assert view.settle(120_000)
    assert "too big" in view.status.text() and "No solution found by heap" in view.status.text()
    assert view.table.rowCount() in (0, view.solver.size)
    if view.solver.size > TABLE_MAX:
        assert view.table.rowCount() == 0 and "not shown" in view.table_note.text()
