"""The plot of g(0..H) for a take-and-break rule: the S-Nim plot, plus what a take-and-break rule has.

:class:`TakeBreakPlot` is the S-Nim tab's :class:`~sgstudio.gui.plots.GrundyPlot` (dots
coloured by outcome, the certified preperiod shaded grey and the first period sky blue, dashed
lines at the next periods, hover to read n and g(n)) with: the period report's certificate in
words under the headline; a saltus (values growing by s each period, as in Lasker's Nim) in the
period's label and in the hover text; the rare values of the sparse-space method marked with
hollow vermillion diamonds, and a line saying which values are rare; and the period search's
bound (``search_changed``). Only a certified period is shaded: a pattern that merely appears
is told in words, never drawn as a period.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import Signal

from sgstudio.games.takebreak.period import PeriodReport
from sgstudio.games.takebreak.position import PERIOD_SEARCH_DEFAULT, PLOT_MAX, SEARCH_MAX, SEARCH_MIN
from sgstudio.gui import palette
from sgstudio.gui.plots import GrundyPlot
from sgstudio.gui.widgets import CappedSpinBox, FittedLabel

PRE_LABEL_SHARE = 0.15
"""The preperiod is labelled when it is at least this share of the plot's width."""


class TakeBreakPlot(GrundyPlot):
    """g(0..H) with its certified period, its certificate and its rare values; emits
    ``limit_changed(H)``, ``search_changed(N)`` and ``recompute_requested()`` (compute again what
    was cancelled)."""

    search_changed = Signal(int)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        pg = self._pg
        self.certificate = FittedLabel(lines=2)  # two lines whatever the words: the plot never jumps
        self.certificate.setStyleSheet(f"color: {palette.EDGE};")
        self.rare_note = FittedLabel(lines=2)
        layout = self.layout()
        layout.insertWidget(1, self.certificate)
        layout.insertWidget(3, self.rare_note)
        self.rare = pg.ScatterPlotItem(symbol="d", size=10, pen=pg.mkPen(palette.VERMILLION, width=1.6),
                                       brush=pg.mkBrush(None))
        self.rare.setZValue(5)
        self.view.getPlotItem().addItem(self.rare)
        self.limit.setRange(1, PLOT_MAX)
        self.search = CappedSpinBox()
        self.search.setRange(SEARCH_MIN, SEARCH_MAX)
        self.search.setValue(PERIOD_SEARCH_DEFAULT)
        self.search.setGroupSeparatorShown(True)
        self.search.setKeyboardTracking(False)
        self.search.setSingleStep(PERIOD_SEARCH_DEFAULT)
        self.search.setToolTip("The period search looks within this many values (off the UI thread)")
        self.add_control("period search within", self.search)
        self.recompute.setText("Compute again")
        self.recompute.setToolTip("Compute again what was cancelled")
        self.rare_shown = np.zeros(0, np.int64)
        self.search.valueChanged.connect(self.search_changed)
        self.search.capped.connect(lambda typed: self.say_capped("The period search", typed, SEARCH_MAX))
        self.search.valueChanged.connect(self._box_changed)

    def set_search(self, n: int) -> None:
        """Show ``n`` in the search box without emitting ``search_changed``."""
        self.search.blockSignals(True)
        self.search.setValue(min(max(SEARCH_MIN, n), SEARCH_MAX))
        self.search.blockSignals(False)

    def show_report(self, values: np.ndarray, report: PeriodReport | None, caption: str, certificate: str,
                    rare: np.ndarray, rare_text: str) -> None:
        """Plot ``values`` = g(0..n-1); shade ``report``'s period only when it is certified; mark the
        ``rare`` heaps (those below n)."""
        certified = report is not None and report.certified
        self.show_values(values, (report.preperiod, report.period) if certified else None, caption)
        self.saltus = report.saltus if certified else 0
        if certified:  # a narrow preperiod's label would run into the period's
            self.pre_label.setVisible(report.preperiod >= PRE_LABEL_SHARE * max(len(values), 1))
        if certified and report.saltus:
            self.period_label.setText(f"period {report.period}, saltus {report.saltus}")
        self.certificate.setText(certificate)
        shown = rare[rare < len(values)]
        self.rare_shown = shown
        self.rare.setData(shown.astype(float), values[shown].astype(float) if shown.size else [])
        self.rare_note.setText(rare_text)

    def show_message(self, text: str, can_retry: bool = False, certificate: str = "") -> None:
        """Only a caption and words (while the values are computed, or after a cancel)."""
        super().show_message(text, can_retry)
        self.certificate.setText(certificate)

    def hover_note(self, n: int) -> str:
        """Where n stands in the period, and "rare" when g(n) is one of the rare values."""
        rare = "  rare" if np.any(self.rare_shown == n) else ""
        return super().hover_note(n) + rare
