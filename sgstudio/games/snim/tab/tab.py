"""The S-Nim tab: edit S and the heaps, see who wins and why, plot g, import HDU 1536 files.

Data flow: a panel's request -> an undo command (:mod:`.commands`) -> a model method
(:class:`~sgstudio.games.snim.position.SNimPosition`) -> a model event -> the panels refresh.
Numbers and W/L come from the core (the game's ``analyse``, shown by the one Analysis panel). The
period search of each new S, plots of many values, the judge's answers for huge heaps and the
value of a heap beyond the table and the period (computed directly from the positions play can
reach, when S's members are huge next to it) run in the tab's background work
(:attr:`~sgstudio.gui.tabs.base.GameTab.work`) with progress and Cancel; until they are known,
such heaps show ``…``.

Play mode (:mod:`.playing`): while the Play panel plays here, the heaps, the outcome and the winning
moves show the played position, read-only under a "playing — edits end play" banner; each take
flashes its heap's row while the size counts down. A double-click (or Enter) on a heap row asks how
many stones to take: the move goes to the Play panel (``play_move_requested``), which plays it or
refuses it with the game's reason. A hint lights up its heap's row. "Keep position" makes the
played heaps the tab's own in one undo step.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QApplication,
    QSplitter,
    QWidget,
)

from sgstudio.core.analysis import Analysis
from sgstudio.core.moves import parse_snim_move
from sgstudio.core.patterns.certify import subtraction_certificate
from sgstudio.games.snim import hdu1536
from sgstudio.games.snim.position import (
    DIRECT,
    JudgeCase,
    PeriodResult,
    SNimPosition,
    default_plot_limit,
    grundy_range,
    search_period,
)
from sgstudio.games.snim.tab.commands import (
    ImportCaseCommand,
    InsertHeapCommand,
    LoadHeapsCommand,
    PlayMoveCommand,
    RemoveHeapsCommand,
    SetHeapCommand,
    SetSCommand,
)
from sgstudio.games.snim.tab.heaps import HeapTable
from sgstudio.games.snim.tab.named import NamedValues
from sgstudio.games.snim.tab.playing import SNimPlay
from sgstudio.games.snim.tab.widgets import JudgeList, SetEditor
from sgstudio.gui.cases import counted
from sgstudio.gui.panels.analysis import AnalysisPanel
from sgstudio.gui.pattern_line import PatternLine, PatternOverlay, PatternSearch
from sgstudio.gui.plots import GrundyPlot
from sgstudio.gui.tabs import GameTab
from sgstudio.gui.tasks import TaskProgress
from sgstudio.gui.widgets import banner_over_columns, group_box, set_text
from sgstudio.gui.work import failure_text

PLOT_SYNC = 200_000
PATTERN_VALUES = 2000
"""The Pattern line reads at least this many values (and four periods past the preperiod)."""
"""Plots of at most this many values are computed on the UI thread (a few milliseconds)."""
SEARCH_DELAY_MS = 120
"""A new S waits this long before its period search starts (typing "2 5 7" searches once)."""


class SNimTab(GameTab):
    """S-Nim: S, heaps, W/L, nim-sum table, winning moves, plot of g with its period, HDU 1536."""

    key = "snim"
    title = "S-Nim"
    judge_format = "hdu1536"
    play_rules = True

    def __init__(self, parent: QWidget | None = None, model: SNimPosition | None = None) -> None:
        super().__init__(parent)
        self.model = model or SNimPosition()
        self.analysis: Analysis | None = None
        self._default_h_for: tuple[int, ...] | None = None
        self._h_chosen = False  # False: H follows the default of each S (saved as plot_limit None)
        self._answers: tuple[JudgeCase, str] | None = None
        self.named_values = NamedValues(self)
        self.play = SNimPlay(self)
        self._build()
        self._search_timer = QTimer(self, singleShot=True, interval=SEARCH_DELAY_MS)
        self._search_timer.timeout.connect(self.start_period_search)
        self._connect()
        app = QApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.cancel_work)
        self.set_editor.show_S(self.model.S)
        self.refresh_position()
        self._refresh_judge()
        self._refresh_plot()
        if self.model.period_result is None:
            self.start_period_search()

    def _build(self) -> None:
        self.set_editor = SetEditor()
        self.heap_table = HeapTable()
        self.analysis_panel = AnalysisPanel(banner=26, play_button=True, rule_choice=True)
        self.attach_play_rule(self.analysis_panel)
        self.analysis_progress = self.analysis_panel.add_part(TaskProgress())
        self.plot = GrundyPlot()
        self.progress = TaskProgress()
        self.pattern_line = PatternLine(lines=(1, 0))  # g(0..H) and beyond, searched in the background
        self.pattern_search = PatternSearch(self.work, self.pattern_line,
                                            PatternOverlay(self.plot.view.getPlotItem()))
        self.pattern_line.copied.connect(self.status_message)
        row = self.plot.controls.getItemPosition(self.plot.controls.indexOf(self.plot.limit))[0]
        self.plot.controls.addWidget(self.pattern_line, row, 2)  # beside H: no height of its own
        self.judge = JudgeList()
        self.judge_progress = TaskProgress()
        # Three columns, so that at 1280x800 with the Play dock open every part has its height:
        # S over the heaps | the Analysis panel (W/L, nim-sum table, winning moves) | the plot
        # over the judge file. S is one line and keeps its height.
        left = QSplitter(Qt.Orientation.Vertical)
        set_box = group_box("Subtraction set S", self.set_editor)
        left.addWidget(set_box)
        left.addWidget(group_box("Heaps", self.heap_table))
        left.setCollapsible(0, False)
        left.setStretchFactor(0, 0)
        left.setStretchFactor(1, 1)
        middle = self.analysis_panel
        right = QSplitter(Qt.Orientation.Vertical)
        right.addWidget(group_box("Grundy values of one heap: g(0..H)", self.plot, self.progress))
        right.addWidget(group_box("Judge file (HDU 1536)", self.judge, self.judge_progress))
        right.setStretchFactor(0, 3)
        right.setStretchFactor(1, 2)
        left.setSizes([set_box.minimumSizeHint().height(), 600])
        right.setSizes([420, 280])
        banner_over_columns(self, self.banner, (left, middle, right), (260, 300, 720))

    def _connect(self) -> None:
        m = self.model
        m.s_changed.connect(self._on_s_changed)
        m.heaps_changed.connect(self.refresh_position)
        m.judge_changed.connect(self._refresh_judge)
        m.period_changed.connect(self._on_period_changed)
        self.set_editor.s_typed.connect(lambda s, session: self.edit(lambda: SetSCommand(m, s, session)))
        self.heap_table.edit_requested.connect(lambda i, h: self.edit(lambda: SetHeapCommand(m, i, h)))
        self.heap_table.add_requested.connect(self._add_heap)
        self.heap_table.remove_requested.connect(lambda rows: self.edit(lambda: RemoveHeapsCommand(m, rows)))
        self.heap_table.move_typed.connect(self._move_typed)
        self.analysis_panel.move_activated.connect(lambda mv: self.edit(lambda: PlayMoveCommand(m, mv)))
        self.judge.load_requested.connect(self._load_position)
        self.plot.limit_changed.connect(self._limit_chosen)
        self.plot.recompute_requested.connect(self.start_period_search)
        self.plot.said.connect(self.status_message)

    # -- edits -----------------------------------------------------------------------------------
    def _add_heap(self, index: int, size: int) -> None:
        if self.edit(lambda: InsertHeapCommand(self.model, index, size)):
            self.heap_table.view.setCurrentCell(index, 0)

    def _load_position(self, j: int) -> None:
        judge = self.model.judge
        if judge is not None and 0 <= j < len(judge.positions) and judge.positions[j] != self.model.heaps:
            text = f"Load position {j + 1} of test case {judge.number}"
            self.edit(lambda: LoadHeapsCommand(self.model, judge.positions[j], text))

    # -- following the model ---------------------------------------------------------------------
    def _on_s_changed(self) -> None:
        self.set_editor.show_S(self.model.S)

    def _on_period_changed(self) -> None:
        self.refresh_position()
        self._refresh_plot()
        if self.model.period_result is None:
            self._search_timer.start()

    def refresh_position(self) -> None:
        """Show the position: the played one while play is on, else the tab's own."""
        shown = self.play.model if self.play.model is not None else self.model
        heaps = shown.heaps
        self.work.cancel("analysis")
        analysis = shown.analyse()
        if analysis is None and shown.period_result is not None and shown.named:  # beyond the values
            self._compute_named(force=False)
        elif analysis is None and shown.period_result is not None:  # beyond the table and the period
            self._evaluate(shown)
        self._show(heaps, analysis, self._pending_text())
        self.judge.mark(heaps)

    def _show(self, heaps: tuple[int, ...], analysis: Analysis | None, pending: str) -> None:
        self.analysis = analysis
        self.heap_table.show_heaps(heaps, analysis.values if analysis else None)
        if self.is_misere:  # the Grundy values do not decide: the misère analysis does
            game = (self.play.model if self.play.model is not None else self.model).game
            self.misere.show(game, heaps, analysis, has_move=lambda: game.has_move(heaps))
        elif analysis is None:
            self.analysis_panel.show_pending("…", pending)
        else:
            game = (self.play.model if self.play.model is not None else self.model).game
            self.analysis_panel.show_analysis(analysis, has_move=lambda: game.has_move(heaps))
        self.analysis_panel.set_read_only(self.playing)

    def _evaluate(self, shown: SNimPosition) -> None:
        """The heaps that neither the table nor the period reach: evaluated off the UI thread (the
        core computes such a heap directly from the positions play can reach, when S's members are
        huge next to it), or said to be out of reach, in words."""
        game, heaps = shown.game, shown.heaps

        def done(analysis: Analysis) -> None:
            if (shown.game, shown.heaps) == (game, heaps):
                self._show(heaps, analysis, "")

        def failed(err: BaseException) -> None:
            if (shown.game, shown.heaps) == (game, heaps):
                self.analysis_panel.show_pending("?", f"These heaps cannot be evaluated: {err}")

        self.work.run("analysis", lambda progress: game.analyse(heaps), "Evaluating the large heaps",
                      self.analysis_progress, done, failed=failed)

    def set_read_only(self, on: bool) -> None:
        """Read-only while play is on; editable again after."""
        self.heap_table.set_read_only(on)
        self.set_editor.field.setReadOnly(on)
        self.judge.load_button.setEnabled(not on and self.model.judge is not None)
        self.analysis_panel.set_read_only(on)

    def _pending_text(self) -> str:
        result = self.model.period_result
        if self.model.named:
            return f"The values these heaps need are being computed (S = all {self.model.S})…"
        if result is None:
            return (f"Heaps of {DIRECT:,} stones or more are evaluated through the period of g, "
                    "which is being searched…")
        return f"Heaps of {result.known:,} stones or more are being evaluated directly…"

    def _refresh_judge(self) -> None:
        judge = self.model.judge
        if judge is None or (self._answers and self._answers[0] == judge):
            self.judge.show_case(judge, self._answers[1] if judge and self._answers else None)
            self.judge.mark(self.model.heaps)
            return
        case = hdu1536.SNimCase(judge.S, judge.positions)
        if max((max(p) for p in judge.positions), default=0) < DIRECT:
            self._answers = (judge, hdu1536.solve_case(case))
            self.judge.show_case(judge, self._answers[1])
            self.judge.mark(self.model.heaps)
            return
        self.judge.show_case(judge, None)

        def failed(err: BaseException) -> None:
            self.status_message.emit(failure_text("Judging the positions", err))
            if self.model.judge == judge:
                self.judge.show_case(judge, None, f"cannot be answered: {err}")

        self.work.run("judge", lambda progress: hdu1536.solve_case(case), "Judging the positions…",
                      self.judge_progress, lambda letters: self._judge_answered(judge, letters),
                      failed=failed)

    def _judge_answered(self, judge: JudgeCase, letters: str) -> None:
        self._answers = (judge, letters)
        if self.model.judge == judge:
            self.judge.show_case(judge, letters)

    # -- the period and the plot -----------------------------------------------------------------
    def start_period_search(self) -> None:
        """Search the period of g for the current S in a worker (does nothing if it is known)."""
        self._search_timer.stop()
        S = self.model.S  # noqa: N806
        if self.model.named:
            self._compute_named()
            return
        if self.model.period_result is not None:
            return
        which = f"S = {set_text(S)}" if len(S) <= 4 else f"the {len(S)} members of S"  # a heading: short
        self.plot.show_message(f"Searching for the period of g for {which}…")
        self.work.run("period", lambda progress: search_period(S, progress), "Period search", self.progress,
                      self._period_found, lambda: self._period_cancelled(S))

    def _compute_named(self, force: bool = True) -> None:
        """Compute the values an infinite S needs, in a worker (:mod:`.named`)."""
        self.named_values.compute(force)

    def _period_found(self, result: PeriodResult) -> None:
        self.play.adopt(result)
        self.model.adopt(result)

    def _period_cancelled(self, S: tuple[int, ...]) -> None:  # noqa: N803
        if self.model.S == S and self.model.period_result is None:
            self.plot.show_message("Period search cancelled: no plot, and large heaps show …", True)
            self.status_message.emit("Period search cancelled")

    def _limit_chosen(self, _h: int) -> None:
        """The person set H: it is kept (and saved) until S changes or a state says "automatic"."""
        self._h_chosen = True
        self._default_h_for = self.model.S
        self._refresh_plot()

    def _refresh_plot(self) -> None:
        """Plot g(0..H) for the current S once its period search is done (large H in a worker).

        A new S brings its default H (:func:`default_plot_limit`: about three periods, at least 30).
        """
        self.work.cancel("plot")
        result = self.model.period_result
        if result is None:
            self.pattern_search.reset()
            return
        if self._default_h_for != result.S:
            self._default_h_for = result.S
            self._h_chosen = False
            self.plot.set_limit(default_plot_limit(result.period))
        h = self.plot.limit.value()
        stop = h + 1 if result.period else int(min(h + 1, result.known))
        if self.model.named and stop < h + 1:
            self._compute_named(force=False)
        text = result.text if stop == h + 1 else f"{result.text}; showing g(0..{stop - 1:,})"
        self._search_pattern(result, stop)
        if stop <= PLOT_SYNC:
            self.plot.show_values(grundy_range(result.game, stop), result.period, text)
            return
        self.work.run("plot", lambda progress: grundy_range(result.game, stop, progress),
                      f"g(0..{stop - 1:,})", self.progress,
                      lambda values: self._plot_ready(result, values, text))

    def _search_pattern(self, result: PeriodResult, stop: int) -> None:
        """The Pattern line: g(0..H), or more when that is too short to show a period three times."""
        size = max(stop, PATTERN_VALUES)
        if result.period is not None:
            size = max(size, 2 * result.period[0] + 4 * result.period[1] + 50)
        size = int(min(size, result.known))
        game, members = result.game, None if isinstance(result.S, str) else tuple(result.S)
        certifier = None if members is None else subtraction_certificate  # an infinite S: no theorem
        self.pattern_search.search(result.S, size, lambda progress: grundy_range(game, size, progress),
                                   members, certifier, upto=stop)
        self.pattern_search.redraw(stop)

    def _plot_ready(self, result: PeriodResult, values: np.ndarray, text: str) -> None:
        if self.model.period_result is result:
            self.plot.show_values(values, result.period, text)

    def cancel_work(self) -> None:
        """Cancel every worker and wait until they stopped (before the tab goes away)."""
        self._search_timer.stop()
        super().cancel_work()

    # -- the GameTab interface -------------------------------------------------------------------
    def to_state(self) -> dict[str, Any]:
        """The position, and H if the person chose it (None: the default H of the tab's S)."""
        return {**self.model.to_dict(), "plot_limit": self.plot.limit.value() if self._h_chosen else None}

    def load_state(self, state: dict[str, Any]) -> None:
        loaded, view = SNimPosition.from_state(state)  # ValueError: the tab is unchanged
        limit = view["plot_limit"]
        self.model.restore(loaded.snapshot())
        self.undo_stack.clear()
        self._h_chosen = limit is not None
        self._default_h_for = self.model.S if self._h_chosen else None  # None: the default H again
        if limit is not None:
            self.plot.set_limit(limit)
        self._refresh_plot()

    def describe_case(self, case: hdu1536.SNimCase) -> str:
        return f"S = {set_text(case.S)}, {counted(len(case.positions), 'position')}"

    def import_case(self, case: hdu1536.SNimCase, index: int, count: int, file: str) -> None:
        judge = JudgeCase(os.path.basename(file), index + 1, count, case.S, case.positions)
        self.push(lambda: ImportCaseCommand(self.model, judge))

    def game_and_position(self) -> tuple[Any, tuple]:
        return self.model.game, self.model.heaps

    def rule_game_identity(self, game: Any) -> Any:
        """S names the game (the played copy's game is another object of the same S)."""
        return "snim", game.S

    # -- play mode (the Play panel) ----------------------------------------------------------------
    def show_play_position(self, position: tuple, move: tuple | None = None, animate: bool = True) -> bool:
        """Show a played position in the tab (read-only); a forward take flashes and counts down."""
        return self.play.show(position, move, animate)

    def end_play(self) -> None:
        self.play.end()
        self.finish_play()

    def highlight_play_move(self, move: tuple | None) -> None:
        """The hinted take's heap row lights up (and the move is selected among the winning moves)."""
        if self.playing:
            self.play.highlight(move)

    def _move_typed(self, row: int, text: str) -> None:
        """A take asked on a heap row in play mode: requested from the Play panel (it judges)."""
        if self.play.model is None:
            return
        try:
            move = parse_snim_move(f"{row + 1} {text}", self.play.model.heaps)
        except ValueError as err:
            self.status_message.emit(f"Not a move: {err}")
            return
        self.play_move_requested.emit(move)

    def can_keep_play_position(self) -> bool:
        return True

    def keep_play_position(self, position: tuple) -> None:
        """The played heaps become the tab's, as one undo step (none if they are the same)."""
        heaps = tuple(position)
        if heaps != self.model.heaps:
            self.push(lambda: LoadHeapsCommand(self.model, heaps, "Keep the played position"))
