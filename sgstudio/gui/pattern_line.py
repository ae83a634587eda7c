"""The "Pattern" line of a tab: the formula of a value table, how sure it is, and Copy as Python;
searched in the background as the table grows, and drawn on the tab's plot.

Three pieces, each usable alone (:mod:`sgstudio.core.patterns` finds the patterns, these only show
them):

- :class:`PatternLine`: ``Pattern: <formula in words and symbols>``, then how sure (certified,
  with the theorem / holds for every n ≤ N / no pattern found up to N) beside a **Copy as Python**
  button, and, when a longer table broke the pattern found on a shorter one, the first
  counterexample; or all of it in one row, for a tab short of height (``lines=(1, 0)``).
- :class:`PatternOverlay`: what a pattern looks like on a pyqtgraph plot. A one-number pattern on a
  plot of g(n) against n (:meth:`PatternOverlay.show_sequence`): the preperiod and the first period
  hatched (periodic and eventually constant patterns), or the fitted lines g = a n + b of each
  residue class (arithmetic-periodic, n plus a correction, linear on residue classes), the
  preperiod hatched too. A two-number pattern on a heat map of g(x, y)
  (:meth:`PatternOverlay.show_plane`): the P-positions it predicts as hollow circles and its
  fitted P-position curves: the lines x - y = c or x + y = c (mod k), the diagonal of x XOR y,
  the rays y = (β/α) x and y = (α/β) x of Beatty pairs.
- :class:`PatternSearch`: runs the search in the tab's :class:`~sgstudio.gui.work.Work` (kind
  ``pattern``: a newer table cancels the older search; never on the UI thread) and shows the result
  on a line and an overlay, dropping a result whose table is no longer the tab's.

For a "Your game" tab with a heat map (an ``ImageItem`` of ``table[x, y]`` on a ``PlotItem``)::

    line = PatternLine()
    overlay = PatternOverlay(heatmap_plot_item, offset=0.5)   # cell (x, y) is centred at x + .5, y + .5
    search = PatternSearch(tab.work, line, overlay)
    search.search(game_file_path, table.shape, table)          # a 2-D int array: g(x, y)

and for a plot of g(0..N-1) against n: ``PatternOverlay(plot_item)`` (offset 0), then
``search.search(rule_text, len(values), values, rule, certifier)``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QGuiApplication
from PySide6.QtWidgets import QGridLayout, QLabel, QToolButton, QWidget

from sgstudio.core.patterns.check import first_counterexample
from sgstudio.core.patterns.report import Certainty, PatternReport, find_pattern
from sgstudio.core.patterns.sequence import SequencePattern
from sgstudio.gui import palette
from sgstudio.gui.widgets import FittedLabel

MAX_LINES = 12
"""At most this many distinct fitted lines are drawn (one per residue class with its own line)."""
MAX_CURVES = 60
"""At most this many P-position lines (residue classes) are drawn on a heat map."""

SURE_COLOURS = {Certainty.CERTIFIED: "#009E73", Certainty.CHECKED: palette.EDGE, Certainty.NONE: palette.EDGE}
"""How-sure line colours: Okabe–Ito bluish green for a certificate, grey otherwise."""


class PatternLine(QWidget):
    """``Pattern: formula`` [Copy as Python] over how sure; emits ``copied(text)`` after a copy.

    ``lines`` is the height of the formula and of how sure, in lines (what does not fit is cut with
    "…", the whole text in the tooltip). With no line for how sure (``(1, 0)``, for a tab short of
    height) the line is one row, ``Pattern: `` and how sure in brief (``certified``, ``holds for
    n ≤ N``), then the formula and how sure in full (cut to the room, whole in its tooltip).
    """

    copied = Signal(str)

    def __init__(self, parent: QWidget | None = None, lines: tuple[int, int] = (2, 1)) -> None:
        super().__init__(parent)
        self.title = QLabel("Pattern:")
        self.title.setFont(palette.font(10, bold=True))
        self.formula = FittedLabel(lines=lines[0])  # a fixed height: nothing around it moves
        self.formula.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.sure = FittedLabel(lines=max(lines[1], 1))
        self.one_row = lines[1] == 0
        self.sure.setVisible(not self.one_row)
        self.title.setVisible(not self.one_row)  # one row: "Pattern:" starts the text instead (less width)
        self.copy_button = QToolButton()  # a tool button: no taller than a line of text
        self.copy_button.setText("Copy as Python")
        self.copy_button.setToolTip("Copy the pattern as one line of Python (an expression in n, or in x, y)")
        self.copy_button.clicked.connect(self.copy)
        layout = QGridLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setVerticalSpacing(1)
        layout.addWidget(self.title, 0, 0, Qt.AlignmentFlag.AlignTop)
        if self.one_row:  # Pattern: ... [Copy as Python]
            layout.addWidget(self.formula, 0, 1)
            layout.addWidget(self.copy_button, 0, 2, Qt.AlignmentFlag.AlignTop)
        else:  # the formula the whole width; how sure beside the button
            layout.addWidget(self.formula, 0, 1, 1, 2)
            layout.addWidget(self.sure, 1, 0, 1, 2)
            layout.addWidget(self.copy_button, 1, 2, Qt.AlignmentFlag.AlignTop)
        layout.setColumnStretch(1, 1)
        self.report: PatternReport | None = None
        self.python = "None"
        self.show_pending("")

    def show_pending(self, text: str = "searching…") -> None:
        """No report (yet): ``text`` in place of the formula, nothing to copy."""
        self.report, self.python = None, "None"
        self.formula.setText(f"Pattern: {text}" if self.one_row and text else text)
        self.sure.setText("")
        self.copy_button.setEnabled(False)

    def show_report(self, report: PatternReport, broken: str = "") -> None:
        """Show ``report``; ``broken`` says how a longer table broke an earlier pattern (or is empty)."""
        self.report, self.python = report, report.python()
        sure = report.how_sure() + (f". {broken}" if broken else "")
        sure = sure[:1].upper() + sure[1:]
        self.sure.setText(sure)
        if self.one_row:  # one row: how sure in brief, the formula, how sure in full (the tip)
            self.formula.setText(f"Pattern: {_brief(report, sure)}")
        else:
            self.formula.setText(report.formula())
        self.sure.setStyleSheet(f"color: {SURE_COLOURS[report.certainty]};")
        self.copy_button.setEnabled(report.pattern is not None)

    def text(self) -> str:
        """The line as shown in full: formula, then how sure (tests and screen readers)."""
        return f"{self.formula.text()}\n{self.sure.text()}"

    def copy(self) -> None:
        """Put the Python line on the clipboard."""
        QGuiApplication.clipboard().setText(self.python)
        self.copied.emit(f"Copied the pattern as Python: {self.python}")


def _brief(report: PatternReport, sure: str) -> str:
    """How sure in a few words, the formula, then ``sure``, how sure in full (the one-row line).

    >>> print(_brief(find_pattern([0, 1] * 20), "Holds for every n ≤ 39 (checked on g(0..39))"))
    holds for n ≤ 39 · period 2 (no preperiod): g(n) = g(n − 2) for n ≥ 2; one period g(0..1) = 0, 1. Holds
    for every n ≤ 39 (checked on g(0..39))
    """
    if report.pattern is None:
        return sure
    if report.certainty is Certainty.CERTIFIED:
        tag = "certified"
    elif len(report.size) == 1:
        tag = f"holds for n ≤ {report.size[0] - 1}"
    else:
        tag = f"holds for x < {report.size[0]}, y < {report.size[1]}"
    return f"{tag} · {report.formula()}. {sure}"


def _hatch(colour: str, style: Qt.BrushStyle, alpha: int = 150) -> QBrush:
    c = QColor(colour)
    c.setAlpha(alpha)
    return QBrush(c, style)


class PatternOverlay:
    """A pattern drawn on a pyqtgraph ``PlotItem`` (module docstring); :meth:`clear` takes it away.

    ``offset`` is where the point of integer coordinates sits (0: g(n) plotted at n; 0.5: a heat
    map whose cell (x, y) spans [x, x + 1) x [y, y + 1)). After a ``show_*`` call, ``regions`` holds
    the hatched (start, end) spans by name (``preperiod``, ``period``), ``lines`` the fitted lines
    as (slope, intercept) in the table's coordinates, ``circles`` the predicted P-positions.
    """

    def __init__(self, plot_item: Any, offset: float = 0.0) -> None:
        import pyqtgraph as pg

        self._pg, self.plot, self.offset = pg, plot_item, offset
        self.items: list[Any] = []
        self.regions: dict[str, tuple[float, float]] = {}
        self.lines: list[tuple[float, float]] = []
        self.circles: np.ndarray = np.zeros((0, 2), np.int64)

    def clear(self) -> None:
        """Remove everything this overlay drew."""
        for item in self.items:
            self.plot.removeItem(item)
        self.items, self.regions, self.lines = [], {}, []
        self.circles = np.zeros((0, 2), np.int64)

    def _add(self, item: Any) -> Any:
        self.plot.addItem(item, ignoreBounds=True)  # the plot's own ranges stay as the tab set them
        self.items.append(item)
        return item

    def _region(self, name: str, start: float, end: float, colour: str, style: Qt.BrushStyle) -> None:
        region = self._pg.LinearRegionItem((start, end), movable=False, brush=_hatch(colour, style),
                                           pen=self._pg.mkPen(colour, width=1))
        region.setZValue(-5)
        region.setToolTip(f"the pattern's {name}")
        self._add(region)
        self.regions[name] = (start, end)

    def _segment(self, xs: tuple[float, float], ys: tuple[float, float], colour: str) -> None:
        pen = self._pg.mkPen(colour, width=1.6, style=Qt.PenStyle.DashLine)
        self._add(self._pg.PlotCurveItem(list(xs), list(ys), pen=pen))

    def show_sequence(self, pattern: SequencePattern | None, upto: int) -> None:
        """Draw a one-number pattern on a plot of g(0..upto - 1): hatched preperiod and period, or
        the fitted lines from n0 to upto - 1 (None: nothing)."""
        self.clear()
        if pattern is None or upto <= 0:
            return
        o, n0 = self.offset, pattern.preperiod
        if n0 > 0:
            self._region("preperiod", o - 0.5, min(n0, upto) + o - 0.5, palette.EDGE,
                         Qt.BrushStyle.BDiagPattern)
        if pattern.family in ("constant", "periodic"):
            if n0 < upto:
                end = min(n0 + pattern.period, upto)
                self._region("period", n0 + o - 0.5, end + o - 0.5, palette.BLUE, Qt.BrushStyle.FDiagPattern)
            return
        seen: list[tuple[float, float]] = []
        for _r, a, b in pattern.lines():
            line = (float(a), float(b))
            if line not in seen and len(seen) < MAX_LINES:
                seen.append(line)
        last = max(upto - 1, n0)
        for a, b in seen:
            self._segment((n0 + o, last + o), (a * n0 + b + o, a * last + b + o), palette.VERMILLION)
        self.lines = seen

    def show_plane(self, pattern: Any, shape: tuple[int, int]) -> None:
        """Draw a two-number pattern on a heat map of g(x, y), x < shape[0], y < shape[1]: the
        P-positions it predicts (hollow circles) and its P-position lines (None: nothing)."""
        self.clear()
        if pattern is None:
            return
        predicted = pattern.predict(shape)
        zeros = predicted if pattern.on_p else predicted == 0
        xs, ys = np.nonzero(zeros)
        self.circles = np.column_stack([xs, ys])
        o = self.offset
        self._add(self._pg.ScatterPlotItem(xs + o, ys + o, size=7, pen=self._pg.mkPen(palette.INK, width=1.2),
                                           brush=self._pg.mkBrush(None)))
        for slope, intercept in _plane_lines(pattern, shape):
            self._line_in_box(slope, intercept, shape)

    def _line_in_box(self, slope: float, intercept: float, shape: tuple[int, int]) -> None:
        """y = slope x + intercept within 0 <= x <= X - 1, 0 <= y <= Y - 1 (in cell coordinates)."""
        top_x, top_y = shape[0] - 1, shape[1] - 1
        x0, x1 = 0.0, float(top_x)
        if slope:
            lo, hi = sorted(((0 - intercept) / slope, (top_y - intercept) / slope))
            x0, x1 = max(x0, lo), min(x1, hi)
        if x0 > x1 or (not slope and not 0 <= intercept <= top_y):
            return
        o = self.offset
        ys = (slope * x0 + intercept + o, slope * x1 + intercept + o)
        self._segment((x0 + o, x1 + o), ys, palette.VERMILLION)
        self.lines.append((slope, intercept))


def _plane_lines(pattern: Any, shape: tuple[int, int]) -> list[tuple[float, float]]:
    """The P-position lines of a two-number pattern as (slope, intercept) of y in x."""
    kind = getattr(pattern, "kind", "")
    if kind in ("xor", "diagonal"):
        return [(1.0, 0.0)]
    if kind in ("difference", "sum"):
        k, c, big = pattern.modulus, pattern.residue, shape[0] + shape[1]
        if kind == "difference":  # x - y = c + j k: y = x - (c + j k)
            return [(1.0, -float(d)) for d in range(c - (big // k + 1) * k, big, k)
                    if -shape[1] < d < shape[0]][:MAX_CURVES]
        return [(-1.0, float(s)) for s in range(c, big, k)][:MAX_CURVES]  # x + y = c + j k
    alpha, beta = getattr(pattern, "alpha", None), getattr(pattern, "beta", None)
    if alpha is None or beta is None:
        return []
    ratio = float(beta) / float(alpha)
    return [(ratio, 0.0), (1 / ratio, 0.0)] if pattern.mirrored else [(ratio, 0.0)]


class PatternSearch(QObject):
    """The pattern of a tab's table, searched in its background work and shown (module docstring).

    Emits ``shown(report)`` once a report is on the line.
    """

    shown = Signal(object)

    def __init__(self, work: Any, line: PatternLine, overlay: PatternOverlay | None = None,
                 kind: str = "pattern") -> None:
        super().__init__(line)
        self.work, self.line, self.overlay, self.kind = work, line, overlay, kind
        self.key: Any = None  # the table asked for last
        self.report: PatternReport | None = None

    def search(self, game: Any, size: Any, table: Any, rule: Any = None, certifier: Any = None,
               upto: int | None = None) -> None:
        """Search ``table`` (an array, or ``table(progress)`` computing it in the worker) of ``game``
        (any hashable naming it: a rule's text, S) at ``size`` (how much of it), unless that is the
        table searched last. ``rule`` and ``certifier`` go to
        :func:`~sgstudio.core.patterns.report.find_pattern`; ``upto``: how far the one-number plot
        goes (default: the table's length). A longer table of the same game that breaks the pattern
        found before is told with its first counterexample; a new game clears the line first."""
        key = (game, size)
        if key == self.key:
            return
        same_game = self.key is not None and self.key[0] == game
        self.key = key
        earlier = self.report.pattern if (same_game and self.report is not None) else None
        if not same_game:
            self.report = None
            self.line.show_pending()
            if self.overlay is not None:
                self.overlay.clear()

        def job(progress: Callable[[int, int], None]) -> tuple[PatternReport, str]:
            values = table(progress) if callable(table) else table
            arr = np.asarray(values, np.int64)
            report = find_pattern(arr, rule, certifier)
            broken = ""
            if earlier is not None and (report.pattern is None or report.pattern != earlier):
                with_dims = isinstance(earlier, SequencePattern) == (arr.ndim == 1)
                counter = first_counterexample(earlier, arr) if with_dims else None
                if counter is not None:
                    broken = f"The pattern found on a shorter table is broken: {counter.text()}"
            return report, broken

        self.work.run(self.kind, job, "Searching the pattern",
                      done=lambda result, k=key: self._done(k, result, upto),
                      failed=lambda err, k=key: self._failed(k, err))

    def reset(self, text: str = "searching…") -> None:
        """Forget the table: the line shows ``text``, the overlay nothing (the game changed, its
        table is not there yet)."""
        self.key, self.report = None, None
        self.work.cancel(self.kind)
        self.line.show_pending(text)
        if self.overlay is not None:
            self.overlay.clear()

    def _done(self, key: Any, result: tuple[PatternReport, str], upto: int | None) -> None:
        if key != self.key:
            return  # a newer table was asked for meanwhile
        report, broken = result
        self.report = report
        self.line.show_report(report, broken)
        if self.overlay is not None:
            if len(report.size) == 1:
                self.overlay.show_sequence(report.pattern, report.size[0] if upto is None else upto)
            else:
                self.overlay.show_plane(report.pattern, (report.size[0], report.size[1]))
        self.shown.emit(report)

    def _failed(self, key: Any, err: BaseException) -> None:
        if key == self.key:
            from sgstudio.gui.work import failure_text

            self.line.show_pending(failure_text("The pattern search", err))

    def redraw(self, upto: int) -> None:
        """Draw the last one-number pattern again on a plot now going to ``upto - 1``."""
        if self.overlay is not None and self.report is not None and len(self.report.size) == 1:
            self.overlay.show_sequence(self.report.pattern, upto)
