"""The plot of g(0..H) with the certified preperiod and period shaded and written out.

pyqtgraph is imported when the first plot is made (not when the tab's package is imported). The
values and the period come from the core (:mod:`sgstudio.games.snim.game`); this widget only draws
them: dots joined by a thin line (no dots past a few thousand values, and pyqtgraph's peak
downsampling keeps 10^7 values smooth), the preperiod 0..n0-1 shaded grey, the first period
n0..n0+p-1 shaded sky blue, dashed lines at the next period boundaries. Hovering shows n and g(n).
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QPointF, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from sgstudio.gui import palette
from sgstudio.gui.widgets import CappedSpinBox, FittedLabel

MAX_LIMIT = 10**8
"""The largest H the spin box offers (10^7 runs in about a second off the UI thread)."""
DOTS_UP_TO = 2000
BOUNDARIES_SHOWN = 40
HOVER_HINT = "hover the plot to read n and g(n)"


def _alpha(colour: str, alpha: int) -> QColor:
    c = QColor(colour)
    c.setAlpha(alpha)
    return c


class GrundyPlot(QWidget):
    """g(0..H) with its period; emits ``limit_changed(H)``, ``recompute_requested()`` and ``said(text)``
    (a number typed beyond a box's largest was capped: the hover line says so too)."""

    limit_changed = Signal(int)
    recompute_requested = Signal()
    said = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        import pyqtgraph as pg

        self._pg = pg
        self.caption = FittedLabel(lines=2)  # two lines whatever the text: the plot never jumps
        self.caption.setFont(palette.font(10.5, bold=True))
        self.caption.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.limit = CappedSpinBox()
        self.limit.setRange(1, MAX_LIMIT)
        self.limit.setGroupSeparatorShown(True)
        self.limit.setKeyboardTracking(False)
        self.limit.setToolTip("Plot g(0..H); large H is computed off the UI thread")
        self.recompute = QPushButton("Search again")
        self.recompute.setToolTip("Restart the period search that was cancelled")
        self.recompute.hide()
        self.hover = FittedLabel(HOVER_HINT)  # its own line: the longest reading fits, and widens nothing
        self.view = pg.PlotWidget(background=palette.PAPER)
        self._build_items()
        hover_row = QHBoxLayout()
        hover_row.addWidget(self.hover, 1)
        hover_row.addWidget(self.recompute)
        self.controls = QGridLayout()  # a control a row ("H =" [H]), so that a narrow tab keeps them whole
        self.controls.setColumnStretch(2, 1)
        self.add_control("H =", self.limit)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.caption)
        layout.addWidget(self.view, 1)
        layout.addLayout(hover_row)
        layout.addLayout(self.controls)
        self.values = np.zeros(0, np.int64)
        self.period: tuple[int, int] | None = None
        self.saltus = 0  # g(n + p) = g(n) + saltus past the preperiod (0: purely periodic, as in S-Nim)
        self.limit.valueChanged.connect(self.limit_changed)
        self.limit.capped.connect(lambda typed: self.say_capped("H", typed, self.limit.maximum()))
        self.limit.valueChanged.connect(self._box_changed)
        self._capped_at: int | None = None
        self.recompute.clicked.connect(self.recompute_requested)
        self.view.scene().sigMouseMoved.connect(self.hover_at)

    def _build_items(self) -> None:
        pg = self._pg
        item = self.view.getPlotItem()
        item.setLabel("bottom", "n (heap size)")
        item.setLabel("left", "g(n)")
        item.showGrid(x=False, y=True, alpha=0.25)
        item.setMenuEnabled(False)
        item.hideButtons()
        self.pre_region = pg.LinearRegionItem(movable=False, brush=_alpha(palette.EDGE, 45),
                                              pen=pg.mkPen(None))
        self.period_region = pg.LinearRegionItem(movable=False, brush=_alpha(palette.SKY, 70),
                                                 pen=pg.mkPen(None))
        self.pre_label = pg.TextItem("preperiod", color=palette.EDGE, anchor=(0, 0))
        self.period_label = pg.TextItem("period", color=palette.BLUE, anchor=(0, 0))
        for region in (self.pre_region, self.period_region):
            region.setZValue(-10)
            item.addItem(region)
        item.addItem(self.pre_label)
        item.addItem(self.period_label)
        self.boundaries: list[object] = []
        self.curve = item.plot([], [], pen=pg.mkPen(palette.EDGE, width=1))
        self.curve.setClipToView(True)
        self.curve.setDownsampling(auto=True, method="peak")
        self.marker = pg.ScatterPlotItem(size=11, pen=pg.mkPen(palette.INK, width=1.5),
                                         brush=pg.mkBrush(None))
        item.addItem(self.marker)

    def say_capped(self, what: str, typed: int, largest: int) -> None:
        """Say on the hover line (and through ``said``) that ``typed`` was set to ``largest``."""
        text = f"{what} is at most {largest:,}: {typed:,} was set to {largest:,}"
        self.hover.setStyleSheet(f"color: {palette.VERMILLION};")
        self.hover.setText(text)
        self._capped_at = largest
        self.said.emit(text)

    def _box_changed(self, value: int) -> None:
        """A value other than the one just capped to: the hover line's note is done."""
        if self._capped_at is not None and value != self._capped_at:
            self._capped_at = None
            self.hover.setStyleSheet("")
            self.hover.setText(HOVER_HINT)

    def add_control(self, text: str, control: QWidget) -> None:
        """A row of the controls under the plot: ``text``, then ``control``."""
        row = self.controls.rowCount()
        self.controls.addWidget(QLabel(text), row, 0, Qt.AlignmentFlag.AlignRight)
        self.controls.addWidget(control, row, 1)

    # -- showing ---------------------------------------------------------------------------------
    def set_limit(self, h: int) -> None:
        """Show ``h`` in the H box without emitting ``limit_changed``."""
        self.limit.blockSignals(True)
        self.limit.setValue(min(max(1, h), MAX_LIMIT))
        self.limit.blockSignals(False)

    def show_message(self, text: str, can_retry: bool = False) -> None:
        """Only a caption (while the period is searched, or after a cancel)."""
        self.caption.setText(text)
        self.recompute.setVisible(can_retry)

    def show_values(self, values: np.ndarray, period: tuple[int, int] | None, text: str) -> None:
        """Plot g(0..len(values)-1) and shade ``period = (n0, p)`` (None: not certified)."""
        self.values, self.period = values, period
        self.caption.setText(text)
        self.recompute.hide()
        n = len(values)
        dots = n <= DOTS_UP_TO
        brushes = [palette.fill(int(v)) for v in values] if dots else None
        # Clipping to the view goes in the same setData as the new points: switched on alone, it would
        # clip the old dots but not their brushes (pyqtgraph raises "Number of brushes does not match").
        # Downsampling likewise: dots are never downsampled (the old, wider view would thin them out).
        self.curve.setDownsampling(ds=1, auto=not dots, method="peak")
        self.curve.setData(np.arange(n), values, symbol="o" if dots else None, symbolSize=5,
                           symbolPen=None, symbolBrush=brushes, clipToView=not dots)
        top = float(values.max()) + 1 if n else 1.0
        self._shade(period, n, top)
        item = self.view.getPlotItem()
        # The new limits first: the old ones would clamp the new range to the old plot's width.
        item.getViewBox().setLimits(xMin=-1, xMax=max(n, 2) + 1, yMin=-1, yMax=top + 2)
        item.setXRange(-0.5, max(n - 0.5, 1), padding=0.01)
        item.setYRange(-0.3, top + 1.0, padding=0)
        item.getAxis("left").setTickSpacing(*((1, 1) if top <= 24 else (None, None)))
        self.marker.setData([], [])

    def _shade(self, period: tuple[int, int] | None, n: int, top: float) -> None:
        item = self.view.getPlotItem()
        for line in self.boundaries:
            item.removeItem(line)
        self.boundaries = []
        visible = period is not None
        for thing in (self.pre_region, self.period_region, self.pre_label, self.period_label):
            thing.setVisible(visible)
        if period is None:
            return
        n0, p = period
        self.pre_region.setRegion((-0.5, n0 - 0.5))
        self.pre_region.setVisible(n0 > 0)
        self.pre_label.setVisible(n0 > 0)
        self.pre_label.setPos(-0.5, top + 0.95)
        self.period_region.setRegion((n0 - 0.5, n0 + p - 0.5))
        self.period_label.setText(f"period {p}")
        self.period_label.setPos(n0 - 0.5, top + 0.95)
        start = n0 + p
        while start < n and len(self.boundaries) < BOUNDARIES_SHOWN:
            line = self._pg.InfiniteLine(start - 0.5, pen=self._pg.mkPen(palette.SKY, width=1,
                                                                          style=Qt.PenStyle.DashLine))
            item.addItem(line)
            self.boundaries.append(line)
            start += p

    # -- hovering --------------------------------------------------------------------------------
    def value_at(self, scene_pos: QPointF) -> tuple[int, int] | None:
        """``(n, g(n))`` under a scene point, or None outside the plotted values."""
        vb = self.view.getPlotItem().getViewBox()
        if not vb.sceneBoundingRect().contains(scene_pos):
            return None
        n = round(vb.mapSceneToView(scene_pos).x())
        if not 0 <= n < len(self.values):
            return None
        return n, int(self.values[n])

    def hover_at(self, scene_pos: QPointF) -> None:
        found = self.value_at(scene_pos)
        self.hover.setStyleSheet("")
        if found is None:
            self.hover.setText(HOVER_HINT)
            self.marker.setData([], [])
            return
        n, g = found
        self.hover.setText(f"n = {n:,}, g(n) = {g}{self.hover_note(n)}")
        self.marker.setData([n], [g])

    def hover_note(self, n: int) -> str:
        """What the hover line says after g(n): where n stands in the period, if one is shown."""
        if self.period is None:
            return ""
        n0, p = self.period
        if n < n0:
            return "  (in the preperiod)"
        if n < n0 + p:
            return ""
        q, r = divmod(n - n0, p)
        plus = f" + {q} x {self.saltus}" if self.saltus else ""
        return f"  (= g({n0 + r}){plus} by the period)"

    def scene_point(self, n: int, g: float) -> QPointF:
        """The scene point of data point (n, g) (for tests and tooltips)."""
        return self.view.getPlotItem().getViewBox().mapViewToScene(QPointF(n, g))
