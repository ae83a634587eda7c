"""The S-Nim tab: edit S and the heaps, see who wins and why, plot g, import HDU 1536 files.

Data flow: a panel's request -> an undo command (:mod:`.commands`) -> a model method
(:class:`~sgstudio.core.positions.snim.SNimPosition`) -> a model event -> the panels refresh.
Numbers and W/L come from the core. The period search of each new S, plots of many values and the
judge's answers for huge heaps run in :class:`sgstudio.gui.tasks.Task` workers with progress and
Cancel; until the period is known, heaps of 65,536 stones or more show ``…``.

Play mode (:mod:`.playing`): while the Play panel plays here, the heaps, the outcome and the winning
moves show the played position, read-only under a "playing — edits end play" banner; each take
flashes its heap's row while the size counts down. A double-click (or Enter) on a heap row asks how
many stones to take: the move goes to the Play panel (``play_move_requested``), which plays it or
refuses it with the game's reason. A hint lights up its heap's row. "Keep position" makes the
played heaps the tab's own in one undo step.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import numpy as np
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QCloseEvent, QUndoCommand
from PySide6.QtWidgets import (
    QApplication,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from sgstudio.core.errors import ParseError
from sgstudio.core.moves import parse_snim_move
from sgstudio.core.positions.snim import (
    DIRECT,
    JudgeCase,
    PeriodResult,
    SNimPosition,
    default_plot_limit,
    grundy_range,
    search_period,
)
from sgstudio.formats import hdu1536
from sgstudio.gui.cases import choose_case, counted
from sgstudio.gui.tabs import GameTab
from sgstudio.gui.tabs.playshow import REFUSED, playing_banner
from sgstudio.gui.tabs.snim.commands import (
    ImportCaseCommand,
    InsertHeapCommand,
    LoadHeapsCommand,
    PlayMoveCommand,
    RemoveHeapsCommand,
    SetHeapCommand,
    SetSCommand,
)
from sgstudio.gui.tabs.snim.heaps import HeapTable
from sgstudio.gui.tabs.snim.playing import SNimPlay
from sgstudio.gui.tabs.snim.plot import GrundyPlot
from sgstudio.gui.tabs.snim.widgets import JudgeList, MoveList, OutcomeView, SetEditor
from sgstudio.gui.tasks import Task, TaskProgress
from sgstudio.gui.widgets import group_box, set_text

PLOT_SYNC = 200_000
"""Plots of at most this many values are computed on the UI thread (a few milliseconds)."""
SEARCH_DELAY_MS = 120
"""A new S waits this long before its period search starts (typing "2 5 7" searches once)."""


class SNimTab(GameTab):
    """S-Nim: S, heaps, W/L, nim-sum table, winning moves, plot of g with its period, HDU 1536."""

    key = "snim"
    title = "S-Nim"
    judge_format = "hdu1536"

    def __init__(self, parent: QWidget | None = None, model: SNimPosition | None = None) -> None:
        super().__init__(parent)
        self.model = model or SNimPosition()
        self.tasks: dict[str, Task] = {}
        self._alive: set[Task] = set()
        self._default_h_for: tuple[int, ...] | None = None
        self._h_chosen = False  # False: H follows the default of each S (saved as plot_limit None)
        self._answers: tuple[JudgeCase, str] | None = None
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
        self.outcome = OutcomeView()
        self.moves = MoveList()
        self.plot = GrundyPlot()
        self.progress = TaskProgress()
        self.judge = JudgeList()
        self.judge_progress = TaskProgress()
        # Three columns, so that at 1280x800 with the Play dock open every part has its height:
        # S over the heaps | the position (W/L, nim-sum table) over the winning moves | the plot
        # over the judge file. S is one line and keeps its height.
        left = QSplitter(Qt.Orientation.Vertical)
        set_box = group_box("Subtraction set S", self.set_editor)
        left.addWidget(set_box)
        left.addWidget(group_box("Heaps", self.heap_table))
        left.setCollapsible(0, False)
        left.setStretchFactor(0, 0)
        left.setStretchFactor(1, 1)
        middle = QSplitter(Qt.Orientation.Vertical)
        middle.addWidget(group_box("Position", self.outcome))
        middle.addWidget(group_box("Winning moves", self.moves))
        middle.setStretchFactor(0, 3)
        middle.setStretchFactor(1, 2)
        right = QSplitter(Qt.Orientation.Vertical)
        right.addWidget(group_box("Grundy values of one heap: g(0..H)", self.plot, self.progress))
        right.addWidget(group_box("Judge file (HDU 1536)", self.judge, self.judge_progress))
        right.setStretchFactor(0, 3)
        right.setStretchFactor(1, 2)
        main = QSplitter(Qt.Orientation.Horizontal)
        for column in (left, middle, right):
            main.addWidget(column)
        main.setStretchFactor(2, 1)
        main.setSizes([260, 300, 720])
        left.setSizes([set_box.minimumSizeHint().height(), 600])
        middle.setSizes([420, 280])
        right.setSizes([420, 280])
        self.banner = playing_banner(self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.banner)
        layout.addWidget(main)

    def _connect(self) -> None:
        m = self.model
        m.s_changed.connect(self._on_s_changed)
        m.heaps_changed.connect(self.refresh_position)
        m.judge_changed.connect(self._refresh_judge)
        m.period_changed.connect(self._on_period_changed)
        self.set_editor.s_typed.connect(lambda s, session: self._edit(lambda: SetSCommand(m, s, session)))
        self.heap_table.edit_requested.connect(lambda i, h: self._edit(lambda: SetHeapCommand(m, i, h)))
        self.heap_table.add_requested.connect(self._add_heap)
        self.heap_table.remove_requested.connect(lambda rows: self._edit(lambda: RemoveHeapsCommand(m, rows)))
        self.heap_table.move_typed.connect(self._move_typed)
        self.moves.play_requested.connect(lambda mv: self._edit(lambda: PlayMoveCommand(m, mv)))
        self.judge.load_requested.connect(self._load_position)
        self.plot.limit_changed.connect(self._limit_chosen)
        self.plot.recompute_requested.connect(self.start_period_search)

    # -- edits -----------------------------------------------------------------------------------
    def _edit(self, make: Callable[[], QUndoCommand]) -> bool:
        """A gesture in the tab: refused while play is on (the tab shows the played position)."""
        if self.play.active:
            self.status_message.emit(REFUSED)
            return False
        return self._push(make)

    def _push(self, make: Callable[[], QUndoCommand]) -> bool:
        """Push the command ``make()`` builds; a ValueError goes to the status bar and changes nothing."""
        try:
            command = make()
        except ValueError as err:
            self.status_message.emit(str(err))
            return False
        text = command.text()  # a merged command is deleted by push
        self.undo_stack.push(command)
        self.status_message.emit(text)
        return True

    def _add_heap(self, index: int, size: int) -> None:
        if self._edit(lambda: InsertHeapCommand(self.model, index, size)):
            self.heap_table.view.setCurrentCell(index, 0)

    def _load_position(self, j: int) -> None:
        judge = self.model.judge
        if judge is not None and 0 <= j < len(judge.positions) and judge.positions[j] != self.model.heaps:
            text = f"Load position {j + 1} of test case {judge.number}"
            self._edit(lambda: LoadHeapsCommand(self.model, judge.positions[j], text))

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
        analysis = shown.analyse()
        heaps = shown.heaps
        self.heap_table.show_heaps(heaps, analysis.values if analysis else None)
        self.outcome.show_analysis(heaps, analysis, self._pending_text())
        self.moves.show_moves(analysis)
        self.moves.play_button.setEnabled(bool(analysis and analysis.moves) and not self.play.active)
        self.judge.mark(heaps)

    def set_playing(self, on: bool) -> None:
        """Read-only with the banner while play is on; editable again after."""
        self.banner.setVisible(on and self.banner_in_tab)
        self.heap_table.set_read_only(on)
        self.set_editor.field.setReadOnly(on)
        self.judge.load_button.setEnabled(not on and self.model.judge is not None)
        self.moves.play_button.setEnabled(not on and self.moves.list.count() > 0)

    def _pending_text(self) -> str:
        result = self.model.period_result
        if result is None:
            return (f"Heaps of {DIRECT:,} stones or more are evaluated through the period of g, "
                    "which is being searched…")
        return f"Heaps of {result.known:,} stones or more cannot be evaluated: {result.text}."

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
        task = Task(lambda progress: hdu1536.solve_case(case), self)
        task.finished.connect(lambda letters: self._judge_answered(judge, letters))
        self._run("judge", task, "Judging the positions…", self.judge_progress)

    def _judge_answered(self, judge: JudgeCase, letters: str) -> None:
        self._answers = (judge, letters)
        if self.model.judge == judge:
            self.judge.show_case(judge, letters)

    # -- the period and the plot -----------------------------------------------------------------
    def start_period_search(self) -> None:
        """Search the period of g for the current S in a worker (does nothing if it is known)."""
        self._search_timer.stop()
        S = self.model.S  # noqa: N806
        if self.model.period_result is not None:
            return
        which = f"S = {set_text(S)}" if len(S) <= 4 else f"the {len(S)} members of S"  # a heading: short
        self.plot.show_message(f"Searching for the period of g for {which}…")
        task = Task(lambda progress: search_period(S, progress), self)
        task.finished.connect(self._period_found)
        task.cancelled.connect(lambda: self._period_cancelled(S))
        self._run("period", task, "Period search", self.progress)

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
        self._cancel("plot")
        result = self.model.period_result
        if result is None:
            return
        if self._default_h_for != result.S:
            self._default_h_for = result.S
            self._h_chosen = False
            self.plot.set_limit(default_plot_limit(result.period))
        h = self.plot.limit.value()
        stop = h + 1 if result.period else int(min(h + 1, result.known))
        text = result.text if stop == h + 1 else f"{result.text}; showing g(0..{stop - 1:,})"
        if stop <= PLOT_SYNC:
            self.plot.show_values(grundy_range(result.game, stop), result.period, text)
            return
        task = Task(lambda progress: grundy_range(result.game, stop, progress), self)
        task.finished.connect(lambda values: self._plot_ready(result, values, text))
        self._run("plot", task, f"g(0..{stop - 1:,})", self.progress)

    def _plot_ready(self, result: PeriodResult, values: np.ndarray, text: str) -> None:
        if self.model.period_result is result:
            self.plot.show_values(values, result.period, text)

    # -- workers ---------------------------------------------------------------------------------
    def _run(self, kind: str, task: Task, text: str, progress: TaskProgress) -> None:
        """Start ``task`` as the one task of ``kind`` (cancelling the previous one), with progress."""
        self._cancel(kind)
        self.tasks[kind] = task
        self._alive.add(task)
        task.failed.connect(lambda err: self.status_message.emit(f"{text} failed: {err}"))
        for end in (task.finished, task.failed, task.cancelled):
            end.connect(lambda *_args, t=task, k=kind: self._ended(k, t))
        progress.track(task, text)
        task.start()

    def _ended(self, kind: str, task: Task) -> None:
        if self.tasks.get(kind) is task:
            del self.tasks[kind]
        self._alive.discard(task)
        task.deleteLater()

    def _cancel(self, kind: str) -> None:
        task = self.tasks.pop(kind, None)
        if task is not None:
            task.cancel()

    def cancel_work(self) -> None:
        """Cancel every worker and wait until they stopped (before the tab goes away)."""
        self._search_timer.stop()
        for task in list(self._alive):
            task.cancel_and_wait()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.cancel_work()
        super().closeEvent(event)

    # -- the GameTab interface -------------------------------------------------------------------
    def to_state(self) -> dict[str, Any]:
        """The position, and H if the person chose it (None: the default H of the tab's S)."""
        return {**self.model.to_dict(), "plot_limit": self.plot.limit.value() if self._h_chosen else None}

    def check_state(self, state: dict[str, Any]) -> None:
        SNimPosition.from_state(state)

    def empty_state(self) -> dict[str, Any]:
        """S as a new tab has it, no heap, no judge file."""
        return SNimPosition.empty_state()

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

    def import_judge_text(self, text: str, file: str, case: int | None = None) -> None:
        cases = hdu1536.parse(text, file)
        if not cases:
            raise ParseError("the file has no test case (it starts with the final 0)", file=file, line=1,
                             column=1, expected="a test case")
        if case is None:
            case = self._choose_case(cases, file)
            if case is None:
                return
        if not 0 <= case < len(cases):
            raise ValueError(f"{file} has {len(cases)} test cases: there is no test case {case + 1}")
        chosen = cases[case]
        judge = JudgeCase(os.path.basename(file), case + 1, len(cases), chosen.S, chosen.positions)
        self._push(lambda: ImportCaseCommand(self.model, judge))

    def _choose_case(self, cases: list[hdu1536.SNimCase], file: str) -> int | None:
        details = [f"S = {set_text(c.S)}, {counted(len(c.positions), 'position')}" for c in cases]
        return choose_case(self, self.judge_format, file, details)

    def game_and_position(self) -> tuple[Any, tuple]:
        return self.model.game, self.model.heaps

    # -- play mode (the Play panel) ----------------------------------------------------------------
    def show_play_position(self, position: tuple, move: tuple | None = None, animate: bool = True) -> bool:
        """Show a played position in the tab (read-only); a forward take flashes and counts down."""
        return self.play.show(position, move, animate)

    def end_play(self) -> None:
        self.play.end()

    def highlight_play_move(self, move: tuple | None) -> None:
        """The hinted take's heap row lights up (and the move is selected among the winning moves)."""
        if self.play.active:
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
            self._push(lambda: LoadHeapsCommand(self.model, heaps, "Keep the played position"))
