"""The Play panel: step through optimal play on the current tab's position.

Modes (:class:`sgstudio.core.play.session.Mode`): a person against the computer (who moves first is a
choice), the computer against itself (auto-step at a chosen speed, pause), or two people with a
Hint. Step back and forward walk the move list and restore positions exactly; a click on a row
jumps there. Each row shows who moved, the move, the nim-sum before and after, and why the computer
chose it. The computer's policy is :func:`sgstudio.core.play.policy.choose_move`.

A person moves on the tab (a token dragged, a heap row asked, a chess clicked), by double-clicking
a row of "Moves from here", or by typing the move in the "Type a move" line (the syntax of
:mod:`sgstudio.core.moves`, shown in its placeholder). Every move goes through the session, which
refuses an illegal one with the game's one-line reason (heaps and rows counted from 1, vertices by
label), shown in the panel and the status bar; the position does not change.

The panel owns a :class:`~sgstudio.core.play.session.PlaySession` (Qt-free) and follows its ``changed``
event; a *target* (:mod:`sgstudio.gui.panels.play_target`) shows positions on its tab. Any change
of the target's undo stack (an edit of the game) ends play mode; :meth:`PlayPanel.stop` does it.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import QListWidgetItem, QTreeWidgetItem, QWidget

from sgstudio.core.play.policy import has_move
from sgstudio.core.play.session import IllegalMoveError, Mode, MoveRecord, PlaySession
from sgstudio.gui.panels.play_target import PlayTarget
from sgstudio.gui.panels.play_text import draw_end, last_text, player_name, short_name, turn_text
from sgstudio.gui.panels.play_widgets import MODES, WHY, PlayWidgets, WrappingDelegate

MOVE_ROLE = Qt.ItemDataRole.UserRole
MAX_MOVE_ROWS = 200  # the "moves from here" list shows at most this many moves
REPLY_MS = 450  # the computer answers a person's move after this pause
MAX_PARTS = 20_000  # play refuses positions with more heaps, rows or tokens (each step scans them all)
EDITED = "The game was edited: play mode ended (the position from before play is back)"


class PlayPanel(PlayWidgets):
    """Controls, the move list, and the moves from the current position.

    Signals: ``start_requested()`` (the window answers with :meth:`start` and the current tab's
    target), ``message(str)`` (one line for the status bar) and ``playing_changed(bool)``.
    """

    start_requested = Signal()
    message = Signal(str)
    playing_changed = Signal(bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session: PlaySession | None = None
        self.target: PlayTarget | None = None
        self.reply_ms = REPLY_MS
        self._shown_index = 0
        self._rows = 0  # history rows in the move list
        self._reply = QTimer(self)
        self._reply.setSingleShot(True)
        self._reply.timeout.connect(self._computer_reply)
        self._auto = QTimer(self)
        self._auto.timeout.connect(self._auto_step)
        self._connect()
        self._wrap_reasons()
        self._idle()

    def _wrap_reasons(self) -> None:
        """The Why column wraps a long reason onto more lines instead of cutting it off with …."""
        tree = self.history
        tree.setWordWrap(True)
        tree.setUniformRowHeights(False)
        tree.setItemDelegateForColumn(WHY, WrappingDelegate(tree, WHY))
        tree.header().sectionResized.connect(lambda column, *_args: column == WHY and tree.doItemsLayout())

    def _connect(self) -> None:
        self.start_button.clicked.connect(self._start_or_stop)
        self.mode_box.currentIndexChanged.connect(self._mode_changed)
        self.first_box.currentIndexChanged.connect(self._mode_changed)
        self.run_button.toggled.connect(self._run_toggled)
        self.speed.valueChanged.connect(self._speed_changed)
        self.back_button.clicked.connect(self.step_back)
        self.forward_button.clicked.connect(self.step_forward)
        self.restart_button.clicked.connect(self.restart)
        self.hint_button.clicked.connect(self.hint)
        self.keep_button.clicked.connect(lambda: self.stop("Kept the played position", keep=True))
        self.drag_button.clicked.connect(self._use_drag)
        self.history.itemClicked.connect(self._row_clicked)
        self.choices.itemDoubleClicked.connect(self._choice_played)
        self.move_edit.returnPressed.connect(self._typed)

    # -- starting and stopping ------------------------------------------------------------------------
    @property
    def playing(self) -> bool:
        return self.session is not None

    def _start_or_stop(self) -> None:
        if self.playing:
            self.stop("Play mode ended")
        else:
            self.start_requested.emit()

    def start(self, target: PlayTarget) -> bool:
        """Play from ``target``'s current position; False (with a message) when it cannot be played."""
        self.stop()
        try:
            game, position = target.game_and_position()
        except (ValueError, NotImplementedError) as err:
            self._say(f"Cannot play this position: {err}")
            return False
        if len(position) > MAX_PARTS:
            self._say(f"Cannot play this position: it has {len(position):,} parts; play works on at most "
                      f"{MAX_PARTS:,} (every step looks at all of them)")
            return False
        self.target = target
        self.session = PlaySession(game, position, **self._mode_args())
        self.session.changed.connect(self._changed)
        if target.undo_stack is not None:
            target.undo_stack.indexChanged.connect(self._edited)
        target.begin()
        self._shown_index, self._rows = 0, 0
        self.history.clear()
        self._set_playing(True)
        self.playing_changed.emit(True)
        self.show_syntax(type(getattr(game, "inner", game)), target.can_drag)  # misère: the game's
        self._changed()
        self._say(f"Play mode on the {target.title} tab: the document is not changed by play")
        self._after_change()
        return True

    def stop(self, reason: str = "", keep: bool = False) -> None:
        """End play mode (the target shows its own position again); ``keep``: apply the played position."""
        if self.session is None:
            return
        session, target = self.session, self.target
        self.session = self.target = None
        self._reply.stop()
        self.run_button.setChecked(False)
        session.changed.disconnect(self._changed)
        if target.undo_stack is not None:
            target.undo_stack.indexChanged.disconnect(self._edited)
        target.finish()
        self._set_playing(False)
        self.playing_changed.emit(False)
        self._idle()
        if keep and target.can_keep:
            target.keep(session.position)
        if reason:
            self._say(reason)

    def _edited(self, *_args: object) -> None:
        self.stop(EDITED)

    def _idle(self) -> None:
        self.history.clear()
        self.choices.clear()
        self.status.setText("Press Play to step through optimal play from the current position.")
        self.last.setText("")
        self.notice.setText("")

    # -- modes -------------------------------------------------------------------------------------
    def _mode_args(self) -> dict:
        mode = MODES[self.mode_box.currentIndex()][1]
        return {"mode": mode, "human_player": 1 + self.first_box.currentIndex()}

    def set_mode(self, mode: Mode, computer_first: bool = False) -> None:
        """Choose the mode (as the combo boxes do)."""
        self.first_box.setCurrentIndex(1 if computer_first else 0)
        self.mode_box.setCurrentIndex([m for _, m in MODES].index(Mode(mode)))

    def _mode_changed(self, *_args: object) -> None:
        mode = MODES[self.mode_box.currentIndex()][1]
        self.mode_row.setCurrentIndex(self.mode_box.currentIndex())  # its pages follow MODES
        self.hint_button.setEnabled(self.playing and mode is not Mode.COMPUTER_VS_COMPUTER)
        if mode is not Mode.COMPUTER_VS_COMPUTER:
            self.run_button.setChecked(False)
        if self.session is not None:
            self.session.set_mode(**self._mode_args())
            self._after_change()

    def _after_change(self) -> None:
        """Let the computer move when it is its turn (after a pause), or run in computer-only mode."""
        s = self.session
        if s is None or draw_end(s):  # a drawn play that repeated (or ran long) stops
            return
        if s.mode is Mode.COMPUTER_VS_COMPUTER:
            if not s.is_over and not self.run_button.isChecked():
                self.run_button.setChecked(True)
        elif s.computer_to_move and not self._reply.isActive():
            self._reply.start(self.reply_ms)

    def _computer_reply(self) -> None:
        s = self.session
        if s is not None and s.mode is Mode.HUMAN_VS_COMPUTER and s.computer_to_move and not draw_end(s):
            s.computer_move()

    def _run_toggled(self, on: bool) -> None:
        self.run_button.setText("Pause" if on else "Run")
        if on and self.session is not None:
            self._auto.start(self.interval())
        else:
            self._auto.stop()

    def interval(self) -> int:
        """Milliseconds between two moves when the computer plays itself (from the speed slider)."""
        return int(2000 / self.speed.value())

    def _speed_changed(self, _value: int) -> None:
        self._auto.setInterval(self.interval())

    def _auto_step(self) -> None:
        s = self.session
        if s is None or s.is_over or draw_end(s):
            self.run_button.setChecked(False)
            return
        s.step_forward()

    # -- moves ---------------------------------------------------------------------------------------
    def play_move(self, move: tuple) -> bool:
        """A person's move; refused with a one-line reason (panel and status bar) when illegal."""
        s = self.session
        if s is None:
            return False
        move = tuple(move)
        try:
            s.play(move)
        except IllegalMoveError as err:
            reason = str(err)
            if not s.is_over and not s.is_computer(s.player_to_move):  # the game's reason, not the turn's
                reason = s.game.people_reason(s.position, move, reason, self.target.label)
            self._refuse(reason)
            return False
        self._after_change()
        return True

    def play_typed(self, text: str) -> bool:
        """Play a move typed as text (:mod:`sgstudio.core.moves` syntax); refused with the reason."""
        s = self.session
        if s is None:
            return False
        try:
            move = s.game.parse_move(text, s.position, self.target.label)
        except ValueError as err:
            self.notice.setText(f"Not a move: {err}")
            self._say(f"Not a move: {err}")
            return False
        return self.play_move(move)

    def _typed(self) -> None:
        if self.move_edit.text().strip() and self.play_typed(self.move_edit.text()):
            self.move_edit.clear()

    def _refuse(self, reason: str) -> None:
        self.notice.setText(f"Refused: {reason}")
        self._say(f"Move refused: {reason}")

    def step_forward(self) -> None:
        if self.session is not None and self.session.step_forward() is None:
            self._say("No move to step to: " + self._turn_text())

    def step_back(self) -> None:
        if self.session is not None:
            self._reply.stop()
            self.run_button.setChecked(False)
            self.session.step_back()

    def restart(self) -> None:
        """Back to the start with the move list kept (Next and the list replay it), as a jump to 0."""
        self.jump(0)

    def jump(self, index: int) -> None:
        """Show the position after the first ``index`` moves (0 = the start)."""
        if self.session is not None:
            self._reply.stop()
            self.run_button.setChecked(False)
            self.session.jump(index)

    def hint(self) -> None:
        s = self.session
        if s is None or s.is_over:
            return
        decision = s.hint()
        text = self._move_text(decision.move, s.position)
        self.notice.setText(f"Hint: {text} — {decision.reason}")
        self.target.highlight(decision.move)
        for i in range(self.choices.count()):
            if self.choices.item(i).data(MOVE_ROLE) == decision.move:
                self.choices.setCurrentRow(i)

    def _row_clicked(self, item: QTreeWidgetItem) -> None:
        self.jump(self.history.indexOfTopLevelItem(item))

    def _choice_played(self, item: QListWidgetItem) -> None:
        move = item.data(MOVE_ROLE)
        if move is not None:
            self.play_move(move)

    def _use_drag(self) -> None:
        if self.target is not None and self.target.can_drag:
            self.target.use_drag()

    # -- showing -------------------------------------------------------------------------------------
    def _changed(self) -> None:
        s, target = self.session, self.target
        if s is None:
            return
        forward = s.index == self._shown_index + 1
        record = s.history[s.index - 1] if forward else None
        self._shown_index = s.index
        target.highlight(None)
        target.show(s.position, record, forward)
        self._fill_history()
        self._fill_choices()
        self.notice.setText("")
        self.status.setText(self._turn_text())
        self.last.setText(self._last_text())
        self.back_button.setEnabled(s.index > 0)
        self.forward_button.setEnabled(s.index < len(s.history) or s.computer_to_move)
        self.hint_button.setEnabled(s.mode is not Mode.COMPUTER_VS_COMPUTER and not s.is_over)
        if s.is_over or draw_end(s):
            self.run_button.setChecked(False)
            self._say(self._turn_text())

    def _turn_text(self) -> str:
        s = self.session
        return "" if s is None else turn_text(s, self.target.label, self._who)

    def _last_text(self) -> str:
        return last_text(self.session, self.target.label)

    def _who(self, player: int) -> str:
        s = self.session
        return player_name(player, s.is_computer(player), s.mode is Mode.HUMAN_VS_COMPUTER)

    def _fill_history(self) -> None:
        s = self.session
        records = s.history
        if self._rows > len(records) or (
                self._rows and self._row_record(self._rows) is not records[self._rows - 1]):
            self.history.clear()
            self._rows = 0
        if self.history.topLevelItemCount() == 0:
            start = QTreeWidgetItem(["0", "", "start", f"{s.game.value(s.start)}",
                                     s.game.position_text(s.start, self.target.label)])
            self.history.addTopLevelItem(start)
        for i in range(self._rows, len(records)):
            self.history.addTopLevelItem(self._history_row(i + 1, records[i]))
        self._rows = len(records)
        for i in range(self.history.topLevelItemCount()):
            item = self.history.topLevelItem(i)
            for col in range(item.columnCount()):
                item.setForeground(col, self.palette().text() if i <= s.index else self.palette().mid())
        current = self.history.topLevelItem(s.index)
        self.history.setCurrentItem(current)
        self.history.scrollToItem(current)

    def _row_record(self, row: int) -> MoveRecord | None:
        item = self.history.topLevelItem(row)
        return None if item is None else item.data(0, MOVE_ROLE)

    def _history_row(self, number: int, r: MoveRecord) -> QTreeWidgetItem:
        s = self.session
        who = short_name(r.player, not r.by_person, s.mode is Mode.HUMAN_VS_COMPUTER)
        move = self._move_text(r.move, r.before)
        item = QTreeWidgetItem([str(number), who, move, f"{r.value_before} → {r.value_after}", r.reason])
        item.setData(0, MOVE_ROLE, r)
        item.setToolTip(4, r.reason)
        return item

    def _fill_choices(self) -> None:
        s = self.session
        self.choices.clear()
        if s.is_over:
            return
        game, pos = s.game, s.position
        winning = list(game.winning_moves(pos))
        try:
            others = [m for m in game.legal_moves(pos)[:MAX_MOVE_ROWS] if m not in set(winning)]
        except ValueError:  # too many moves to list (a huge heap): the winning ones are enough
            others = []
        for move in winning[:MAX_MOVE_ROWS]:
            self._add_choice(f"★ {self._move_text(move, pos)}", move)
        for move in others[:max(0, MAX_MOVE_ROWS - len(winning))]:
            self._add_choice(self._move_text(move, pos), move)
        if not winning and has_move(game, pos):
            self.choices.insertItem(0, "(no winning move here)")

    def _move_text(self, move: tuple, position: tuple) -> str:
        return self.session.game.move_text(move, position, self.target.label)

    def _add_choice(self, text: str, move: tuple) -> None:
        item = QListWidgetItem(text)
        item.setData(MOVE_ROLE, move)
        self.choices.addItem(item)

    def _say(self, text: str) -> None:
        self.message.emit(text)

    # -- read-back (tests, screenshots) ---------------------------------------------------------------
    def history_rows(self) -> list[list[str]]:
        """The move list as shown: one list of column texts per row (row 0 is the start)."""
        return [[self.history.topLevelItem(i).text(c) for c in range(5)]
                for i in range(self.history.topLevelItemCount())]

    def choice_moves(self) -> list[tuple]:
        """The moves of the "moves from here" list, in order."""
        found = (self.choices.item(i).data(MOVE_ROLE) for i in range(self.choices.count()))
        return [m for m in found if m is not None]
