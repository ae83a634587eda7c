"""The "Your game" tab: a game written in Python, run in a worker process, explored, tabulated, played.

Data flow: the code in the editor, the position typed (a Python literal, or the game's ``start``),
the table's size and the position limit -> Run (Ctrl+Enter) -> :func:`~sgstudio.games.custom.run.run_code`
off the UI thread (the user's code in a worker process, never in the window's) with progress and
Cancel -> one undo step (:class:`RunCommand`) holding the code and what it found: the answers of
the position, the values table and plot (a game on integers) or the heat map (a game on pairs).
A failed Run is a step too (undo shows what was there before); a mistake in the code is told as
``FILE.py:LINE: Type: message``, its line marked in the editor, the user's traceback one click
away. Going to a position already explored (a winning move, a cell of the table) needs no user
code: it is a step of its own.

Trust: a document's code is not the user's until they say so. Loading a state that holds code
shows it read-only under a banner and asks "Run this game's code?" (default No); :attr:`trust`
is "ask" in the window, "yes" or "no" for ``--screenshot`` (``--trust``).

The explored positions are a token game (:mod:`sgstudio.games.custom.play`): the Play panel plays
it, Add to Sum copies it into the Sum tab, Show position graph sends it to the Graph tab as a
drawing (``graph_requested``).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut, QUndoCommand
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from sgstudio.core.errors import SGStudioError
from sgstudio.games.custom import examples
from sgstudio.games.custom.errors import GameError
from sgstudio.games.custom.run import RunResult, parse_position, report_of, run_code, shape_of
from sgstudio.games.custom.state import MAX_LIMIT, MAX_TABLE, CustomState
from sgstudio.games.custom.tab.answers import Answers, Tables
from sgstudio.games.custom.tab.editor import CodeEditor
from sgstudio.gui.misere_games import GameMisereRunner
from sgstudio.gui.tabs.base import GameTab
from sgstudio.gui.tasks import TaskCancelled, TaskProgress
from sgstudio.gui.widgets import banner_over_columns, group_box, message_line

ASK = "Run this game's code?"
DEFAULT_SECONDS = 120
"""The time limit of a Run unless the person sets another (0: none)."""
MEMORY_MB = 4096
BYTES_PER_POSITION = 400
"""Memory an explored position takes: some 270 bytes in the worker (its dict entry, its rows of the
arrays: measured on pairs of integers) and what the window keeps of the result."""
UNTRUSTED = ("This document holds Python code, shown read-only: it has not been run. Run it only if you "
             "trust where the document comes from.")


def misere_game(game: Any) -> Any:
    """The explored positions played misère: a retrograde analysis of whole positions when the game
    has cycles (WIN, LOSE or DRAW; a position with no move is a misère win), else canonical misère
    forms of the positions (a sum option: the sum of its parts' forms), with genus theory where
    every part is tame. All from the explored position graph: no user code runs again."""
    from sgstudio.core.misere.forms_game import FormsMisereGame
    from sgstudio.core.misere.retro_game import RetroMisereGame

    return RetroMisereGame(game) if getattr(game, "may_draw", False) else FormsMisereGame(game)


def name_in(code: str) -> str:
    """The ``name = "..."`` of the code, read without running it ("game" when there is none).

    >>> name_in('name = "Wythoff"\\ndef options(p): ...'), name_in("def options(p): ...")
    ('Wythoff', 'game')
    """
    import ast

    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return "game"
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "name" for t in node.targets) \
                and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            return node.value.value
    return "game"


def is_example(code: str) -> bool:
    """Whether ``code`` is one of the examples, word for word (sgstudio's own: it needs no trust)."""
    for _title, path in examples.files():
        with open(path, encoding="utf-8") as handle:
            if handle.read() == code:
                return True
    return False


class Model:
    """What a Run left: the state (code, position, table, limit), its result or its error."""

    def __init__(self, changed: Any) -> None:
        self.state = CustomState()
        self.result: RunResult | None = None
        self.error: GameError | None = None
        self.changed = changed

    def snapshot(self) -> tuple:
        return (self.state, self.result, self.error)

    def restore(self, snapshot: tuple) -> None:
        self.state, self.result, self.error = snapshot
        self.changed()


class RunCommand(QUndoCommand):
    """One Run (or a move to a position explored), as one undo step: what it found, and back."""

    def __init__(self, model: Model, after: tuple, text: str) -> None:
        super().__init__(text)
        self.model, self.after, self.before = model, after, model.snapshot()

    def redo(self) -> None:
        self.model.restore(self.after)

    def undo(self) -> None:
        self.model.restore(self.before)


class CustomTab(GameTab):
    """Games written in Python (see the module docstring)."""

    key = "custom"
    title = "Your game"
    play_rules = True
    #: "ask" before a document's code runs; "yes" / "no" answer without asking (screenshots)
    trust = "ask"
    #: the positions reachable from the current one, as a drawing for the Graph tab (a GameGraph), and
    #: the undo step's text
    graph_requested = Signal(object, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = Model(self.refresh)
        self.trusted = True
        self._running: tuple | None = None
        self._asked = False
        self.trust_dialog: QMessageBox | None = None
        self._build()
        first = examples.files()[0][1]
        with open(first, encoding="utf-8") as handle:
            code = handle.read()
        self.model.state = CustomState(code, "", name=name_in(code))
        self.refresh()

    # -- building ---------------------------------------------------------------------------------
    def _build(self) -> None:
        self.editor = CodeEditor()
        self.editor.document().modificationChanged.connect(self.typing_changed)
        self.editor.run_requested.connect(self.run)
        self.examples = QToolButton()
        self.examples.setText("Examples")
        self.examples.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(self.examples)
        for title, path in examples.files():
            menu.addAction(title, lambda p=path: self.load_example(p))
        self.examples.setMenu(menu)
        self.graph_button = QPushButton("Show position graph")
        self.graph_button.setToolTip("Draw the positions reachable from this one on the Graph tab")
        self.graph_button.clicked.connect(self.show_graph)
        self.run_button = QPushButton("Run")
        self.run_button.setToolTip("Run the code in a worker process (Ctrl+Enter)")
        self.run_button.clicked.connect(self.run)
        run_key = QShortcut(QKeySequence("Ctrl+Return"), self)  # on the tab only (the editor's own too)
        run_key.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        run_key.activated.connect(self.run)
        self.limit = QSpinBox()
        self.limit.setRange(1, MAX_LIMIT)
        self.limit.setGroupSeparatorShown(True)
        self.limit.setToolTip("Stop once this many positions are reached")
        self.limit.setKeyboardTracking(False)  # a limit typed is weighed once, not at every digit
        self.limit.valueChanged.connect(self._limit_typed)
        self._accepted_limit = self.limit.value()
        self.seconds = QSpinBox()
        self.seconds.setRange(0, 24 * 3600)
        self.seconds.setValue(DEFAULT_SECONDS)
        self.seconds.setSuffix(" s")
        self.seconds.setToolTip("Stop a Run after this long (0: no time limit)")
        self.memory = QSpinBox()
        self.memory.setRange(64, 1 << 20)
        self.memory.setValue(MEMORY_MB)
        self.memory.setSuffix(" MB")
        self.memory.setGroupSeparatorShown(True)
        self.memory.setToolTip("Stop a Run when the worker running your code needs more memory than this")
        bar = QHBoxLayout()
        for w in (self.examples, self.run_button, self.graph_button):
            bar.addWidget(w)
        bar.addStretch(1)
        limits = QHBoxLayout()
        for w in (QLabel("Limit"), self.limit, QLabel("Time"), self.seconds):
            limits.addWidget(w)
        limits.addStretch(1)
        memory = QHBoxLayout()  # a row of its own: beside the others it widened the tab at 1024x700
        for w in (QLabel("Memory"), self.memory):
            memory.addWidget(w)
        memory.addStretch(1)
        self.trust_line = QLabel(UNTRUSTED)
        self.trust_line.setWordWrap(True)
        self.trust_line.setStyleSheet("background: #FFF4CE; padding: 4px;")
        self.trust_button = QPushButton("Run this game's code…")
        self.trust_button.clicked.connect(self.ask_trust)
        self.trust_box = QWidget()
        trust_layout = QHBoxLayout(self.trust_box)
        trust_layout.setContentsMargins(0, 0, 0, 0)
        trust_layout.addWidget(self.trust_line, 1)
        trust_layout.addWidget(self.trust_button)
        self.trust_box.hide()
        self.message = message_line(lines=2)
        self.details_button = QPushButton("Traceback")
        self.details_button.setCheckable(True)
        self.details_button.setToolTip("The traceback of the mistake (your code's frames only)")
        self.details = QPlainTextEdit()
        self.details.setReadOnly(True)
        self.details.setMaximumHeight(140)
        self.details.hide()
        self.details_button.toggled.connect(self.details.setVisible)
        error_row = QHBoxLayout()
        error_row.addWidget(self.message, 1)
        error_row.addWidget(self.details_button)
        self.progress = TaskProgress()
        left = QWidget()
        column = QVBoxLayout(left)
        column.setContentsMargins(0, 0, 0, 0)
        column.addLayout(bar)
        column.addLayout(limits)
        column.addLayout(memory)
        column.addWidget(self.trust_box)
        column.addWidget(self.editor, 1)
        column.addWidget(self.progress)
        column.addLayout(error_row)
        column.addWidget(self.details)
        self.position = QLineEdit()
        self.position.setPlaceholderText("a position as a Python literal, e.g. (3, 5); empty: the start")
        self.position.returnPressed.connect(self.go)
        self.go_button = QPushButton("Go")
        self.go_button.setToolTip("Show this position (a Run when it was not explored)")
        self.go_button.clicked.connect(self.go)
        self.answers = Answers()
        self.analysis_panel = self.answers.panel  # the one Analysis panel of every tab
        self.attach_play_rule(self.analysis_panel)
        self.misere = GameMisereRunner(self, self.analysis_panel, misere_game)
        self.answers.move_chosen.connect(self._move_chosen)
        pos_row = QHBoxLayout()
        pos_row.addWidget(self.position, 1)
        pos_row.addWidget(self.go_button)
        middle = QWidget()  # no frame: the analysis needs the height (1024 x 700 with the Play dock)
        middle_layout = QVBoxLayout(middle)
        middle_layout.setContentsMargins(0, 0, 0, 0)
        middle_layout.addLayout(pos_row)
        middle_layout.addWidget(self.answers, 1)
        self.tables = Tables()
        self.tables.position_chosen.connect(self.go_to)
        self.size_a, self.size_b = QSpinBox(), QSpinBox()
        for box in (self.size_a, self.size_b):
            box.setRange(1, MAX_TABLE)
        self.size_a.setToolTip("N values g(0..N-1), or A lines of the heat map (x < A)")
        self.size_b.setToolTip("B columns of the heat map (y < B)")
        size_row = QHBoxLayout()
        for w in (QLabel("N or A"), self.size_a, QLabel("B"), self.size_b):
            size_row.addWidget(w)
        size_row.addStretch(1)
        right = group_box("Values", self.tables)
        right.layout().insertLayout(0, size_row)
        banner_over_columns(self, self.banner, (left, middle, right), (430, 260, 440))

    # -- showing ----------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Show the model: its code, position, limits, and what its Run found (or why it stopped)."""
        state, result, error = self.model.snapshot()
        if self.editor.toPlainText() != state.code:
            self.editor.setPlainText(state.code)
        self.position.setText(state.position or (repr(result.position) if result is not None else ""))
        self._show_limit(state.max_positions)
        self.size_a.setValue(state.table[0])
        self.size_b.setValue(state.table[1])
        if error is not None:
            self._show_error(error)
        else:
            self.tell("")
            self.details.setPlainText("")
            self.details_button.setChecked(False)
            self.details_button.setEnabled(False)
        if result is None:
            self.answers.clear("The game's code has not been run yet: press Run (Ctrl+Enter)"
                               if error is None else "The last Run stopped: see the message under the code")
            self.tables.show_note("The values table and plot (a game on integers), or the heat map of "
                                  "g(x, y) (a game on pairs), show here after a Run.")
            return
        game, position = self._game_of(result)
        self.answers.show_report(result.report, game, position, self.label, self.is_misere)
        if self.is_misere and not isinstance(game, str):
            self.misere.show(game, position, game.analyse(position, label=self.label),
                             has_move=lambda: game.has_move(position), label=self.label)
        if result.table_error is not None:
            self.tables.show_note(f"No table: {result.table_error.message}")
        elif result.shape == "int" and result.values:
            self.tables.show_values(result.values, result.name)
        elif result.shape == "pair" and result.grid:
            p = result.position
            self.tables.show_grid(result.grid, (p[0], p[1]))
        else:
            self.tables.show_note("No table: the position is neither an integer nor a pair of integers "
                                  "(the table is for games on those).")

    def _show_limit(self, limit: int) -> None:
        """The position limit in its box, as the state has it (not weighed again)."""
        blocked = self.limit.blockSignals(True)
        self.limit.setValue(limit)
        self.limit.blockSignals(blocked)
        self._accepted_limit = limit

    def _limit_typed(self, limit: int) -> None:
        """A position limit typed: refused with a dialog (the box back at the limit before, the
        document unchanged) when this machine has no memory for that many positions (issue 28)."""
        from sgstudio.core.limits import TooLarge, check_values
        from sgstudio.gui.errors import show_error

        try:
            check_values(limit, BYTES_PER_POSITION, "positions", "choose a smaller Limit")
        except TooLarge as err:
            self._show_limit(self._accepted_limit)
            show_error(self, "The position limit is too large for the memory", f"{err}.")
            return
        self._accepted_limit = limit

    def _game_of(self, result: RunResult) -> tuple[Any, tuple]:
        """The game of the studio the result's position is (the analysis, Play), or why not (a str)."""
        from sgstudio.games.custom.play import NotTokenGameError

        if result.reach is None:
            result.with_reach()
        if isinstance(result.reach, str):
            return result.reach, ()
        try:
            return result.reach.game()
        except NotTokenGameError as err:
            result.reach = str(err)
            return result.reach, ()

    def _move_chosen(self, move: tuple) -> None:
        """A winning move of the panel activated: go to the position it leaves."""
        result = self.model.result
        if result is None or self.refuse_in_play():
            return
        game, position = self._game_of(result)
        if not isinstance(game, str):
            self.go_to(result.reach.position_after(game, position, move))

    def _show_error(self, error: GameError) -> None:
        self.tell(error.message, error=True)
        self.details.setPlainText(error.details or error.message)
        self.details_button.setEnabled(bool(error.details))
        if error.line is not None and (error.file is None or error.file.endswith(self._file_name())):
            self.editor.mark_line(error.line)

    def _file_name(self) -> str:
        from sgstudio.games.custom.run import file_name

        return file_name(self.model.state.name)

    # -- running ----------------------------------------------------------------------------------
    def typed_state(self) -> CustomState:
        """The state as the widgets have it now (the code in the editor, the position typed, ...)."""
        code = self.editor.toPlainText()
        return CustomState(code, self.position.text().strip(), (self.size_a.value(), self.size_b.value()),
                           self.limit.value(), name_in(code))

    def run(self) -> bool:
        """Run the code in the editor (False: refused, or not trusted)."""
        if self.refuse_in_play():
            return False
        if not self.trusted:
            self.tell("This document's code has not been trusted: press \"Run this game's code…\" first",
                      error=True)
            return False
        state = self.typed_state()
        if not state.has_code:
            self.tell("There is no code to run: write options(position), or pick one of the Examples",
                      error=True)
            return False
        self._start(state)
        return True

    def _start(self, state: CustomState) -> None:
        seconds = self.seconds.value() or None
        memory = self.memory.value()
        limit = state.max_positions
        shown: list[int] = [0]

        def job(progress: Any) -> RunResult:
            def heard(explored: int, _reached: int) -> None:
                shown[0] = explored
                progress(explored, limit)

            def cancel() -> bool:
                progress(shown[0], limit)  # raises TaskCancelled once Cancel was pressed
                return False

            return run_code(state.code, state.name, state.position, state.table, limit, memory, seconds,
                            heard, cancel)

        self._running = (state, shown)
        self.tell("")
        self.work.run("run", job, f"Running {self._file_name()}: positions explored", self.progress,
                      lambda result: self._ran(state, result, None),
                      lambda: self._cancelled(shown[0]),
                      lambda err: self._failed(state, err))

    def _ran(self, state: CustomState, result: RunResult | None, error: GameError | None) -> None:
        self._running = None
        position = result.report.text if result is not None else ""
        text = f"Run {state.name}" + (f" at {position}" if position else "") if error is None else \
            f"Run {state.name} (stopped)"
        self.push(RunCommand(self.model, (state, result, error), text))
        if error is not None:
            self._show_error(error)
            self.status_message.emit(error.message)
        elif result is not None:
            self.status_message.emit(f"{result.name}: {result.explored:,} positions explored")

    def _failed(self, state: CustomState, err: BaseException) -> None:
        if isinstance(err, TaskCancelled):
            self._cancelled(0)
            return
        if not isinstance(err, GameError):
            if not isinstance(err, SGStudioError | ValueError | OSError):
                from sgstudio.gui.work import failure_text

                self._running = None
                self.tell(failure_text("Running the game", err), error=True)
                return
            err = GameError(str(err))
        self._ran(state, None, err)

    def _cancelled(self, explored: int) -> None:
        self._running = None
        so_far = f"after {explored:,} positions explored" if explored else "before any position was explored"
        self.tell(f"Run cancelled {so_far}: the worker process was ended", error=True)

    def cancel_run(self) -> None:
        """Cancel the Run in progress (the Cancel button's)."""
        self.work.cancel("run")

    # -- positions --------------------------------------------------------------------------------
    def go(self) -> None:
        """Show the position typed: from what was explored, or by a Run."""
        text = self.position.text().strip()
        result = self.model.result
        if result is None or not text or self.typed_state().code != self.model.state.code:
            self.run()
            return
        try:
            position = parse_position(text)
        except GameError as err:
            self.tell(f"Position unchanged: {err.message}", error=True)
            return
        self.go_to(position)

    def go_to(self, position: Any) -> None:
        """Make ``position`` the shown one: one undo step (a Run when it was not explored)."""
        if self.refuse_in_play():
            return
        result = self.model.result
        if result is None or result.solution.parts_of(position) is None:
            self.position.setText(repr(position))
            self.run()
            return
        state = self.model.state
        new_state = CustomState(state.code, repr(position), state.table, state.max_positions, state.name)
        report = report_of(result.solution, result.name, position)
        after = RunResult(result.name, position, report, result.solution, result.shape, result.values,
                          result.grid, result.table_error, result.explored)
        if shape_of(position) != result.shape:
            after.shape, after.values, after.grid = shape_of(position), [], []
        after.with_reach()
        self.push(RunCommand(self.model, (new_state, after, None), f"Go to {report.text}"))

    # -- examples ---------------------------------------------------------------------------------
    def load_example(self, path: str) -> None:
        """Put an example's code in the editor (undoable there) and run it."""
        if self.refuse_in_play():
            return
        with open(path, encoding="utf-8") as handle:
            code = handle.read()
        cursor = self.editor.textCursor()
        cursor.select(cursor.SelectionType.Document)
        cursor.insertText(code)
        self.position.setText("")
        self.set_trusted(True)
        self.run()

    # -- trust ------------------------------------------------------------------------------------
    def set_trusted(self, on: bool) -> None:
        """Trust the code shown (editable, may run) or not (read-only, under the banner)."""
        self.trusted = on
        self.trust_box.setVisible(not on)
        self.editor.setReadOnly(not on or self.playing)
        self.run_button.setEnabled(on and not self.playing)

    def ask_trust(self) -> bool:
        """Ask "Run this game's code?" (default No); Yes trusts it and runs it."""
        box = QMessageBox(QMessageBox.Icon.Warning, ASK,
                          "This document holds Python code. Running it runs that code on this computer "
                          "(in a worker process, but with your rights). Run it only if you trust where "
                          "the document comes from.", QMessageBox.StandardButton.Yes
                          | QMessageBox.StandardButton.No, self)
        box.setDefaultButton(QMessageBox.StandardButton.No)
        box.setEscapeButton(QMessageBox.StandardButton.No)
        box.setInformativeText(ASK)
        self.trust_dialog = box
        answer = box.exec()
        self.trust_dialog = None
        if answer != QMessageBox.StandardButton.Yes:
            self.tell("The document's code was not run (it stays read-only)")
            return False
        self.set_trusted(True)
        self.run()
        return True

    # -- the GameTab interface --------------------------------------------------------------------
    def has_unsaved_typing(self) -> bool:
        """Code typed since the document was saved or opened (not run yet: no undo step) counts as
        an unsaved edit: closing asks, autosave keeps it."""
        return self.editor.document().isModified()

    def typing_saved(self) -> None:
        self.editor.document().setModified(False)
        self.typing_changed.emit(False)

    def to_state(self) -> dict[str, Any]:
        """The code as the editor has it, and the rest of the last Run's state."""
        state = self.model.state
        return CustomState(self.editor.toPlainText(), state.position, state.table, state.max_positions,
                           state.name).to_dict()

    def load_state(self, state: dict[str, Any]) -> None:
        loaded, _ = CustomState.from_state(state)  # ValueError: the tab is unchanged
        self.cancel_run()
        self.model.restore((loaded, None, None))
        self.undo_stack.clear()
        self.editor.document().clearUndoRedoStacks()
        ours = is_example(loaded.code)  # the code sgstudio comes with needs no trust
        self.set_trusted(not loaded.has_code or ours)
        if loaded.has_code and self.trust == "yes":  # a screenshot with --trust
            self.set_trusted(True)
            self.run()
        elif loaded.has_code and not ours:
            self.answers.clear("This document's code has not been run")
            if self.trust == "ask":
                self._asked = False
                QTimer.singleShot(0, self._ask_if_shown)

    def _ask_if_shown(self) -> None:
        """Ask once, when the tab is shown with code not trusted yet."""
        if not self.trusted and self.trust == "ask" and self.isVisible() and not self._asked:
            self._asked = True
            self.ask_trust()

    def showEvent(self, event: Any) -> None:
        super().showEvent(event)
        if not self.trusted and not self._asked:
            QTimer.singleShot(0, self._ask_if_shown)

    def set_read_only(self, on: bool) -> None:
        self.editor.setReadOnly(on or not self.trusted)
        for w in (self.run_button, self.go_button, self.examples, self.position):
            w.setEnabled(not on and (self.trusted or w is not self.run_button))

    def settle(self, msecs: int = 30_000) -> bool:
        return self.work.settle(msecs)

    def game_and_position(self) -> tuple[Any, tuple]:
        result = self.model.result
        if result is None:
            raise ValueError("run the game first (Run, Ctrl+Enter)")
        game, position = self._game_of(result)
        if isinstance(game, str):
            raise ValueError(game)
        return game, position

    def label(self, v: int) -> str:
        result = self.model.result
        reach = result.reach if result is not None else None
        return reach.label(v) if reach is not None and not isinstance(reach, str) else str(v)

    def show_graph(self) -> None:
        """Send the positions reachable from this one to the Graph tab as a drawing."""
        from sgstudio.games.custom.play import MAX_DRAWN, NotTokenGameError, position_graph

        result = self.model.result
        if result is None:
            self.tell("Run the game first: the graph is of the positions it explored", error=True)
            return
        node = result.solution.node(result.position)
        try:
            graph = position_graph(result.solution, node, MAX_DRAWN)
        except NotTokenGameError as err:
            self.tell(f"No position graph: {err}", error=True)
            return
        text = f"Positions reachable from {result.report.text} ({len(graph):,}, {result.name})"
        self.graph_requested.emit(graph, text)
        self.status_message.emit(f"Sent to the Graph tab: {text}")
