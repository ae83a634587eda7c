"""The Board tab (HDU 5724 "Chess"): edit an n x width board, see every row's value, who wins, and
every winning move drawn as an arrow and listed.

Data flows one way: a click or a shortcut pushes an undo command (:mod:`.commands`), the command
edits the :class:`~sgstudio.games.board.position.BoardPosition`, and the model's ``changed`` event
(one per edit) refreshes the analysis: it asks the core
(:meth:`~sgstudio.games.board.game.BoardGame.analyse`) and hands the result to the view and the one
Analysis panel.

The Grundy table of width 20 ships with sgstudio; any other width is computed (with numba: up to a
few seconds for widths 21..24, plus the first compile) by the tab's background work (the task
``"table"``) with a progress bar and Cancel. Until it is ready the board stays editable and shows
"…" for the values. ``table_loader(width, progress)`` is the function the task runs (tests
replace it).

Play mode (:mod:`.playing`): while the Play panel plays here, the board shows the played position,
read-only under a "playing — edits end play" banner, each chess gliding to its landing cell. A click
on a chess asks for its move (a chess has at most one) through ``play_move_requested``: the Play
panel plays it, or refuses it with the game's reason (a chess that cannot move). A hint draws its
arrow lit. "Keep position" makes the played rows the tab's own in one undo step.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from sgstudio.core.analysis import Analysis, WinningMove
from sgstudio.games.board import game as board
from sgstudio.games.board import hdu5724
from sgstudio.games.board.position import BoardPosition
from sgstudio.games.board.tab.commands import (
    AddRowsCommand,
    PlayMoveCommand,
    RemoveRowsCommand,
    ReplaceBoardCommand,
    SetWidthCommand,
    ToggleChessCommand,
)
from sgstudio.games.board.tab.playing import BoardPlay
from sgstudio.games.board.tab.view import BoardView
from sgstudio.gui import palette
from sgstudio.gui.cases import counted
from sgstudio.gui.panels.analysis import AnalysisPanel
from sgstudio.gui.tabs import GameTab
from sgstudio.gui.tabs.play_mode import REFUSED
from sgstudio.gui.tasks import Progress, TaskProgress
from sgstudio.gui.widgets import message_line
from sgstudio.gui.work import failure_text

ADD_ROW_KEYS = ("Ctrl+Shift+R",)  # Ctrl+Shift+A is Edit > Add to Sum, everywhere
REMOVE_ROW_KEYS = ("Ctrl+Shift+D",)
EXAMPLE = ((19, 20), (18,), (3, 4, 5, 9), (1, 2, 12, 13, 14))


def load_table(width: int, progress: Progress) -> int:
    """Make the core's Grundy table of ``width`` ready (runs in the worker thread); return the width.

    Two steps: load or compile the kernel (the first time numba is imported), then fill the table.
    The numba kernel itself cannot stop half-way: Cancel takes effect after the step that runs.
    (The core compiles it without ``nogil``, so while it fills a table, up to about a second for
    width 24, the UI thread waits for the interpreter lock too.)
    """
    progress(0, 2)
    board.compute_grundy_table(1)
    progress(1, 2)
    board.grundy_table(width)
    progress(2, 2)
    return width


class BoardTab(GameTab):
    """Edit a board of HDU 5724 "Chess" and see who wins and how."""

    key = "board"
    title = "Board"
    judge_format = "hdu5724"
    play_rules = True

    def __init__(self, parent: QWidget | None = None, model: BoardPosition | None = None) -> None:
        super().__init__(parent)
        self.model = model if model is not None else BoardPosition(EXAMPLE)
        self.table_loader: Callable[[int, Progress], Any] = load_table
        self.analysis: Analysis | None = None
        self.analysis_width = 0  # the board width the analysis is of
        self._task_width = 0
        self._ready: set[int] = set()
        self._declined: int | None = None
        self.play = BoardPlay(self)
        self._build()
        self.attach_play_rule(self.analysis_panel)
        self.misere.shown_hook = self._misere_shown
        self.model.changed.connect(self.refresh)
        self.model.changed.connect(self._sync_controls)
        app = QApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.cancel_work)
        self.refresh()

    # -- building ----------------------------------------------------------------------------------
    def _build_panel(self) -> AnalysisPanel:
        """The one Analysis panel, with the board's own parts: the table's progress, Compute, a hint."""
        self.analysis_panel = panel = AnalysisPanel(banner=30, rule_choice=True)
        self.progress = panel.add_part(TaskProgress())
        self.compute = panel.add_part(QPushButton("Compute the table"))
        self.compute.hide()
        hint = panel.add_part(QLabel("Hover a move to see its arrow; double-click it to play it."))
        hint.setWordWrap(True)
        hint.setStyleSheet(f"color: {palette.EDGE}")
        panel.setMinimumWidth(300)
        panel.setMaximumWidth(460)
        return panel

    def _build(self) -> None:
        self.view = BoardView(self.model)
        self._build_panel()
        self.width_box = QSpinBox()
        self.width_box.setRange(1, board.MAX_WIDTH)
        self.width_box.setValue(self.model.width)
        self.width_box.setKeyboardTracking(False)
        self.width_box.setToolTip("Columns of the board (1..24); the judge's board is 20 wide")
        self.add_button = QPushButton("Add row")
        self.remove_button = QPushButton("Remove row")
        self.clear_button = QPushButton("Clear")
        self.import_button = QPushButton("Import HDU 5724…")
        self.message = message_line()
        self.message.setProperty("hides", True)  # shown only with a message
        self.message.hide()
        self.counts = QLabel()
        bar = QHBoxLayout()
        bar.addWidget(QLabel("Width"))
        for w in (self.width_box, self.add_button, self.remove_button, self.clear_button, self.import_button):
            bar.addWidget(w)
        bar.addWidget(self.counts)
        bar.addStretch(1)
        splitter = QSplitter()
        splitter.addWidget(self.view)
        splitter.addWidget(self.analysis_panel)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([900, 340])
        layout = QVBoxLayout(self)
        layout.addWidget(self.banner)
        layout.addLayout(bar)
        layout.addWidget(self.message)
        layout.addWidget(splitter, 1)
        self._connect()
        self._sync_controls()

    def _connect(self) -> None:
        self.view.cell_clicked.connect(self.toggle_cell)
        self.analysis_panel.move_hovered.connect(self.view.set_highlight)
        self.analysis_panel.move_activated.connect(self.play_move)
        self.compute.clicked.connect(self._compute_again)
        self.width_box.valueChanged.connect(self.set_width)
        self.add_button.clicked.connect(self.add_row)
        self.remove_button.clicked.connect(self.remove_row)
        self.clear_button.clicked.connect(self.clear)
        self.import_button.clicked.connect(self.ask_import)
        self.add_button.setToolTip(f"Add an empty row below the current one ({ADD_ROW_KEYS[0]}, Insert)")
        self.remove_button.setToolTip(f"Remove the current row ({REMOVE_ROW_KEYS[0]}, Delete on the board)")
        for keys, slot, widget, context in (
            (ADD_ROW_KEYS, self.add_row, self, Qt.ShortcutContext.WidgetWithChildrenShortcut),
            (REMOVE_ROW_KEYS, self.remove_row, self, Qt.ShortcutContext.WidgetWithChildrenShortcut),
            (("Insert",), self.add_row, self.view, Qt.ShortcutContext.WidgetShortcut),
            (("Delete",), self.remove_row, self.view, Qt.ShortcutContext.WidgetShortcut),
        ):
            for k in keys:  # PySide6 ignores a context given to the constructor: set it after
                shortcut = QShortcut(QKeySequence(k), widget)
                shortcut.setContext(context)
                shortcut.activated.connect(slot)

    def _sync_controls(self) -> None:
        self.width_box.blockSignals(True)
        self.width_box.setValue(self.model.width)
        self.width_box.blockSignals(False)
        self.remove_button.setEnabled(self.model.row_count() > 0 and not self.playing)
        self.clear_button.setEnabled(self.model.chess_count() > 0 and not self.playing)
        if not self.playing:
            self.show_counts(self.model)

    def show_counts(self, model: BoardPosition) -> None:
        played = " (played position)" if self.playing else ""
        rows, chesses = model.row_count(), model.chess_count()
        self.counts.setText(f"{rows} row{'s' * (rows != 1)}, {chesses} chess{'es' * (chesses != 1)}{played}")

    def set_read_only(self, on: bool) -> None:
        """Read-only while play is on; editable again after."""
        for w in (self.width_box, self.add_button, self.import_button):
            w.setEnabled(not on)
        self.remove_button.setEnabled(not on and self.model.row_count() > 0)
        self.clear_button.setEnabled(not on and self.model.chess_count() > 0)

    # -- edits (each one undo step) ----------------------------------------------------------------
    def toggle_cell(self, row: int, column: int) -> None:
        """A click on a cell: toggles its chess; in play mode a chess asks to make its move."""
        if not self.playing:
            self.push(ToggleChessCommand(self.model, row, column))
            return
        move = self.play.request(row, column)
        if move is None:
            self.tell(f"No chess at row {row + 1}, column {column}: click a chess to move it. {REFUSED}",
                      error=True)
            return
        self.tell("")
        self.play_move_requested.emit(move)

    def add_row(self) -> None:
        """Add an empty row below the current row (at the end when none is current)."""
        if self.refuse_in_play():
            return
        current = self.view.current_row
        index = current + 1 if 0 <= current < self.model.row_count() else self.model.row_count()
        self.push(AddRowsCommand(self.model, index))
        self.view.set_current_row(index)
        self.view.ensure_row_visible(index)

    def remove_row(self) -> None:
        """Remove the current row (the last one when none is current)."""
        if self.refuse_in_play():
            return
        n = self.model.row_count()
        if n == 0:
            self.tell("There is no row to remove.", error=True)
            return
        current = self.view.current_row
        self.push(RemoveRowsCommand(self.model, current if 0 <= current < n else n - 1))

    def clear(self) -> None:
        if self.model.chess_count() and not self.refuse_in_play():
            self.push(ReplaceBoardCommand(self.model, [()] * self.model.row_count(), text="Clear the board"))

    def set_width(self, width: int) -> None:
        if width == self.model.width or self.refuse_in_play():
            return
        widest = max((r[-1] for r in self.model.rows if r), default=0)
        if widest > width:
            self._sync_controls()
            self.tell(f"The board cannot be {width} wide: a chess stands in column {widest}. "
                      "Remove it first.", error=True)
            return
        self.push(SetWidthCommand(self.model, width))

    def play_move(self, move) -> None:
        move = tuple(move)
        if self.refuse_in_play():
            return
        if self.analysis is None or move not in [m.move for m in self.analysis.moves]:
            return
        self.push(PlayMoveCommand(self.model, move))

    # -- analysis ----------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Show the analysis of the current board (or start the table's computation)."""
        if self.playing:
            return  # the view shows the played board; play mode ends on any edit and calls this
        width = self.model.width
        if width == board.DEFAULT_WIDTH and width not in self._ready:
            board.grundy_table(width)  # shipped: a 1 MiB file, read at once
            self._ready.add(width)
        if width not in self._ready:
            self.analysis = None
            self.view.set_analysis(None)
            self.show_pending(width, cancelled=self._declined == width)
            if self._declined != width:
                self._start_task(width)
            return
        self.show_analysis(board.BoardGame(width).analyse(self.model.rows), width, self.model.rows)

    def show_analysis(self, analysis: Analysis, width: int, rows: Sequence[Sequence[int]]) -> None:
        """Show ``analysis`` (of the board ``rows``, ``width`` wide) on the board and in the Analysis
        panel."""
        self.analysis, self.analysis_width = analysis, width
        self.compute.hide()
        if self.is_misere:  # the rows' values stay (for reference); the arrows wait for misère moves
            self._normal = analysis
            self.analysis = analysis.with_moves((), 0)
            self.view.set_analysis(self.analysis)
            rows = tuple(tuple(r) for r in rows)
            self.misere.show(board.BoardGame(width), rows, analysis,
                             has_move=lambda: board.BoardGame(width).has_move(rows))
            return
        self.view.set_analysis(analysis)
        self.analysis_panel.show_analysis(analysis, has_move=lambda: board.BoardGame(width).has_move(rows))

    def _misere_shown(self, shown: Any) -> None:
        """The misère winning moves are known (None: not yet): the board draws their arrows."""
        if self.analysis is None or not self.is_misere:
            return
        moves = [] if shown is None else [WinningMove(m.move, m.text, m.reason, m.move[0])
                                          for m in shown.moves]
        self.analysis = self._normal.with_moves(moves, len(moves))
        self.view.set_analysis(self.analysis)

    def rule_game_identity(self, game: Any) -> Any:
        """The width names the game (a new BoardGame is made for each position)."""
        return "board", game.width

    def show_pending(self, width: int, cancelled: bool) -> None:
        """No analysis: the table of ``width`` is being computed, or its computation was cancelled."""
        state = "not computed (cancelled)" if cancelled else "computing…"
        self.analysis_panel.show_pending("…", f"Grundy table for width {width}: {state}")
        self.compute.setVisible(cancelled)

    @property
    def task(self):
        """The running computation of a table (None when there is none)."""
        return self.work.tasks.get("table")

    def _start_task(self, width: int) -> None:
        if self.task is not None:
            if self._task_width != width:
                self.task.cancel()  # it ends on its own; its end starts the right one
            return
        loader = self.table_loader
        self._task_width = width
        self.work.run("table", lambda progress: loader(width, progress), f"2^{width} rows", self.progress,
                      self._task_finished, self._task_cancelled, self._task_failed)

    def _task_finished(self, _result) -> None:
        self._ready.add(self._task_width)
        self.refresh()

    def _task_cancelled(self) -> None:
        width = self._task_width
        if width == self.model.width:
            self._declined = width
            self.status_message.emit(f"Cancelled: the Grundy table for width {width} was not computed.")
        self.refresh()

    def _task_failed(self, error: BaseException) -> None:
        self._declined = self._task_width
        self.tell(failure_text("Computing the Grundy table", error), error=True)
        self.refresh()

    def _compute_again(self) -> None:
        self._declined = None
        self.refresh()

    # -- the GameTab interface ---------------------------------------------------------------------
    def to_state(self) -> dict[str, Any]:
        return self.model.to_dict()

    def load_state(self, state: dict[str, Any]) -> None:
        loaded, _view = BoardPosition.from_state(state)  # ValueError: the tab is unchanged
        self.model.replace(loaded.rows, loaded.width)
        self.undo_stack.clear()
        self.view.set_current_row(-1)

    def describe_cases(self, cases: list[hdu5724.Case]) -> list[str]:
        """Each case's rows and the judge's answer."""
        wins = hdu5724.answers(cases)
        return [f"{counted(len(c.rows), 'row')}, judge answer {'YES' if w else 'NO'}"
                for c, w in zip(cases, wins, strict=True)]

    def import_case(self, case: hdu5724.Case, index: int, count: int, file: str) -> None:
        name = Path(file).name or file
        self.push(ReplaceBoardCommand(self.model, case.position(), board.DEFAULT_WIDTH,
                                      text=f"Import test {index + 1} of {name}"))
        self.view.set_current_row(-1)
        self.view.verticalScrollBar().setValue(0)

    def game_and_position(self) -> tuple[board.BoardGame, board.Position]:
        return board.BoardGame(self.model.width), self.model.rows

    # -- play mode (the Play panel) ----------------------------------------------------------------
    def show_play_position(self, position: tuple, move: tuple | None = None, animate: bool = True) -> bool:
        """Show a played position on the board (read-only); a forward move's chess glides."""
        return self.play.show(position, move, animate)

    def end_play(self) -> None:
        self.play.end()
        self.finish_play()

    def highlight_play_move(self, move: tuple | None) -> None:
        """The hinted move's arrow is drawn lit on the board."""
        if self.playing:
            self.play.highlight(move)

    def can_keep_play_position(self) -> bool:
        return True

    def keep_play_position(self, position: tuple) -> None:
        """The played rows become the tab's, as one undo step (none if they are the same)."""
        rows = tuple(tuple(r) for r in position)
        if rows != self.model.rows:
            self.push(ReplaceBoardCommand(self.model, rows, text="Keep the played position"))
