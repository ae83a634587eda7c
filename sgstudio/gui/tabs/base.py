"""The base of every tab: what the tabs share, in one place.

A tab edits one position of its game (:mod:`sgstudio.core.registry` names the game and its
position class) and shows who wins with the one :class:`~sgstudio.gui.panels.analysis.AnalysisPanel`.
:class:`GameTab` gives every tab the same behaviour:

- **the undo stack**: one QUndoStack per tab (the window puts them all in one QUndoGroup);
  :meth:`GameTab.edit` builds a command, refuses it when it is bad (a ValueError: its reason goes to
  the tab's message line and the status bar, nothing is pushed), pushes it and names it;
- **refusing edits during play, one way**: while the Play panel plays on the tab (:attr:`playing`),
  the tab shows the played position read-only under the "playing" banner and every edit gesture is
  refused with the same sentence (:data:`~sgstudio.gui.tabs.play_mode.REFUSED`);
- **long work**: :attr:`GameTab.work` (:class:`sgstudio.gui.work.Work`) runs computations off the UI
  thread with progress and Cancel; :meth:`GameTab.cancel_work` cancels and joins them before the tab
  goes away (closing the tab or the window);
- **the judge test-case picker**: :meth:`GameTab.import_judge_text` parses a judge file of the tab's
  format, asks which test case (one dialog for every format, :func:`sgstudio.gui.cases.choose_case`)
  and imports it as one undo step (:meth:`import_case`, the tab's);
- **saved state**: checked by the position class of the registry (:meth:`check_state`), with no
  throwaway widget;
- **the Play target**: the Play panel plays on a copy of :meth:`game_and_position` and shows each
  position through :meth:`show_play_position`, which a tab overrides to show played positions
  (:meth:`begin_play` and :meth:`finish_play` switch the read-only mode and the banner);
- **the play rule** (Normal / Misère, :mod:`sgstudio.gui.play_rule`): a tab with ``play_rules``
  True has :attr:`play_rule`, switched by :meth:`request_play_rule` as one undo step, saved with
  its state by :meth:`saved_state` (the window's), and played by :meth:`play_game_and_position`;
  the tab follows a change in :meth:`play_rule_changed`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtGui import QUndoCommand
from PySide6.QtWidgets import QLabel, QWidget

from sgstudio.core import registry
from sgstudio.core.errors import ParseError
from sgstudio.core.misere.rule import MISERE, NORMAL, check_rule, split_rule, with_rule
from sgstudio.gui.cases import choose_case, counted
from sgstudio.gui.tabs.play_mode import REFUSED, playing_banner
from sgstudio.gui.undo_guard import GuardedUndoStack
from sgstudio.gui.work import Work

Command = QUndoCommand | Callable[[], QUndoCommand]


class StateCommand(QUndoCommand):
    """One undo step on a position model that has ``snapshot()`` and ``restore(snapshot)``: ``change()``
    edits it (through its methods), and undo puts the snapshot taken in ``redo`` back.

    >>> from sgstudio.core.heaps import HeapsPosition
    >>> from PySide6.QtGui import QUndoStack
    >>> p, stack = HeapsPosition((3, 4)), QUndoStack()
    >>> stack.push(StateCommand(p, lambda: p.set_heaps((3, 2)), "Take 2 from heap 2"))
    >>> p.heaps, (stack.undo(), p.heaps)[1]
    ((3, 2), (3, 4))
    """

    def __init__(self, model: Any, change: Callable[[], object], text: str) -> None:
        super().__init__(text)
        self.model, self.change = model, change
        self.before = model.snapshot()

    def redo(self) -> None:
        self.before = self.model.snapshot()
        self.change()

    def undo(self) -> None:
        self.model.restore(self.before)


class GameTab(QWidget):
    """Base of every tab: what the main window relies on, and the behaviour tabs share.

    Subclasses set ``key`` (the ``--tab`` name and the key in the document), ``title`` (shown on the
    tab), ``judge_format`` and ``game_key`` (the registry's key of its game; ``key`` by default), and
    implement ``to_state``, ``load_state`` and ``game_and_position``; a tab with a judge format
    implements :meth:`read_cases`, :meth:`describe_case` and :meth:`import_case`. The optional
    methods after them have working defaults.

    The main window follows ``undo_stack``: its clean state is the tab's share of the window's
    "modified" flag, and any change of its index (an edit) ends play mode on the tab.
    """

    key: str = ""
    title: str = ""
    judge_format: str = ""
    game_key: str = ""
    #: whether the document keeps this tab's state in its ``tabs`` (False: the Graph tab, whose game
    #: is the document's graph)
    document_state: bool = True
    #: whether the person moves by dragging on the tab in play mode (the Play panel's "Drag tokens")
    can_drag: bool = False
    #: whether the tab shows its own "playing" banner (False in the window, whose tab bar shows one)
    banner_in_tab: bool = True
    #: the window's docks shown with this tab (hidden on the others): the Graph tab's Analysis and
    #: Queries; the other tabs show their Analysis panel inside themselves
    window_docks: tuple[str, ...] = ()
    #: whether the window's canvas actions (tools, zoom, layout, canvas exports) apply to this tab
    canvas_actions: bool = False
    #: what the tab's own "Import …" button calls: the window sets File > Import's (its dialog, recent
    #: files, errors); None (a tab alone in a window): :meth:`ask_import` asks for the file itself
    importer: Callable[[], object] | None = None
    #: whether the tab offers the Normal / Misère choice (its Analysis panel shows it; the rule is
    #: saved in the document, and the tab follows it in :meth:`play_rule_changed`)
    play_rules: bool = False

    #: a one-line message for the status bar
    status_message = Signal(str)
    #: emitted when :meth:`has_unsaved_typing` may have changed (the window's title follows)
    typing_changed = Signal(bool)
    #: a person's move made in the tab while play is on (a move tuple of the tab's game, see
    #: :mod:`sgstudio.core.play.session`); the main window passes it to the Play panel, which refuses an
    #: illegal one with the game's reason
    play_move_requested = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.undo_stack = GuardedUndoStack(self)  # a failed edit is not kept (gui/undo_guard)
        self.work = Work(self, self.status_message.emit)
        self.playing = False
        self.banner = playing_banner(self)
        self.message: QLabel | None = None  # the tab's own message line, when it has one
        self.import_folder = str(Path.home())  # where ask_import's own dialog starts
        self.play_rule = NORMAL  # or MISERE (play_rules): the last move loses
        self.rule_choice: Any = None  # the PlayRuleChoice shown (attach_play_rule)
        self.misere: Any = None  # the tab's MisereRunner (attach_play_rule)

    @property
    def kind(self) -> registry.GameKind:
        """The registry's entry of the tab's game."""
        return registry.get(self.game_key or self.key)

    # -- edits: one undo step each, refused during play ------------------------------------------
    def edit(self, command: Command) -> bool:
        """An edit gesture: refused while play is on, else :meth:`push`."""
        if self.refuse_in_play():
            return False
        return self.push(command)

    def push(self, command: Command) -> bool:
        """Push ``command`` (or the one a callable builds: a ValueError is told, nothing is pushed)."""
        try:
            made = command() if callable(command) and not isinstance(command, QUndoCommand) else command
        except ValueError as err:
            self.tell(str(err), error=True)
            return False
        text = made.text()  # a merged command is deleted by push
        self.undo_stack.push(made)
        self.tell("")
        self.status_message.emit(text)
        return True

    def refuse_in_play(self, *_args: object) -> bool:
        """True (with the reason told) when play is on: the tab is read-only then."""
        if self.playing:
            self.tell(REFUSED, error=True)
        return self.playing

    def tell(self, text: str, error: bool = False) -> None:
        """A message: on the tab's message line (when it has one) and, when not empty, the status bar."""
        if self.message is not None:
            self.message.setText(text)
            self.message.setVisible(bool(text) or not self.message.property("hides"))
        if text:
            self.status_message.emit(text)

    # -- background work ------------------------------------------------------------------------
    def cancel_work(self) -> None:
        """Cancel every background task below the tab and wait until each stopped (before the tab goes
        away: closing the tab or the window calls this). A tab with more to stop extends it."""
        from sgstudio.gui.tasks import Task

        self.work.cancel_and_wait()
        for task in self.findChildren(Task):
            if task.is_running():
                task.cancel_and_wait()

    def closeEvent(self, event) -> None:
        self.cancel_work()
        super().closeEvent(event)

    def has_unsaved_typing(self) -> bool:
        """Edits typed into the tab that are not undo steps yet (e.g. code in an editor): they make
        the document modified too. None here."""
        return False

    def typing_saved(self) -> None:
        """The document was saved or loaded: what is typed now is what it holds."""

    def settle(self, msecs: int = 30_000) -> bool:
        """Process events until no work runs (screenshots, tests); False on timeout."""
        return self.work.settle(msecs)

    # -- judge files ------------------------------------------------------------------------------
    def import_judge_text(self, text: str, file: str, case: int | None = None) -> None:
        """Import test case ``case`` (0-based) of a judge file of ``judge_format``, as one undo step.

        With ``case=None`` and several cases, ask the user which one (a dialog; cancelled: nothing
        changes). Raise :class:`sgstudio.core.errors.ParseError` on bad input, leaving the tab
        unchanged.
        """
        cases = self.read_cases(text, file)
        if not cases:
            raise ParseError("the file has no test case", file=file, line=1, column=1, expected="a test case")
        if case is None:
            case = self.choose_case(cases, file)
            if case is None:
                return
        if not 0 <= case < len(cases):
            raise ValueError(f"{file} has {counted(len(cases), 'test case')}: there is no case {case + 1}")
        self.import_case(cases[case], case, len(cases), file)

    def choose_case(self, cases: Sequence[Any], file: str) -> int | None:
        """Ask which test case of ``file`` to import (one case: the first, without asking)."""
        return choose_case(self, self.judge_format, file, self.describe_cases(cases))

    def describe_cases(self, cases: Sequence[Any]) -> list[str]:
        """What the case chooser says of each case (after ``case K:``)."""
        return [self.describe_case(c) for c in cases]

    def read_cases(self, text: str, file: str) -> Sequence[Any]:
        """The test cases of a judge file of the tab's format (ParseError on bad input)."""
        import importlib

        from sgstudio.formats import MODULES

        return importlib.import_module(MODULES[self.judge_format]).parse(text, file)

    def describe_case(self, case: Any) -> str:
        """What the case chooser says of a case (after ``case K:``)."""
        raise NotImplementedError

    def import_case(self, case: Any, index: int, count: int, file: str) -> None:
        """Make test case ``index`` (0-based, of ``count``) of ``file`` the tab's, as one undo step."""
        raise NotImplementedError

    def ask_import(self) -> None:
        """The tab's "Import …" button: choose a judge file, import it (a bad file: a dialog). The
        window's :attr:`importer` when set; else the dialog starts in the folder of the last import."""
        from PySide6.QtWidgets import QFileDialog

        from sgstudio.gui.cases import judge_name
        from sgstudio.gui.errors import show_file_error

        if self.importer is not None:
            self.importer()
            return
        path, _ = QFileDialog.getOpenFileName(self, f"Import an {judge_name(self.judge_format)} file",
                                              self.import_folder, "Text files (*.txt);;All files (*)")
        if not path:
            return
        self.import_folder = str(Path(path).parent)
        try:
            self.import_judge_text(Path(path).read_text(encoding="utf-8"), path)
        except (OSError, UnicodeDecodeError, ValueError) as err:
            show_file_error(self, "import", path, err)

    # -- saved state ------------------------------------------------------------------------------
    def to_state(self) -> dict[str, Any]:
        """The tab's state as plain JSON data (saved in the document)."""
        raise NotImplementedError

    def load_state(self, state: dict[str, Any]) -> None:
        """Replace the tab's state; raise ValueError with a clear message (tab unchanged) if invalid.

        Clears the tab's undo stack: a loaded document starts a new history.
        """
        raise NotImplementedError

    def check_state(self, state: dict[str, Any]) -> None:
        """Raise ValueError (with a clear message, a StateError with its path) if :meth:`load_state`
        would refuse ``state``; the tab is untouched.

        The registry's position class checks it (the one strict reader of the state, in the core);
        a tab whose game has none loads ``state`` into a throwaway instance of its class.
        """
        position = self._position_class()
        if position is not None:
            position.from_state(state)
            return
        probe = type(self)()
        try:
            probe.load_state(state)
        finally:
            probe.close()
            probe.deleteLater()

    def empty_state(self) -> dict[str, Any]:
        """The tab's state in a new document (File > New): its game with no position at all.

        The position class's empty state, else the state the tab has when made.
        """
        position = self._position_class()
        if position is not None:
            return position.empty_state()
        probe = type(self)()
        try:
            return probe.to_state()
        finally:
            probe.close()
            probe.deleteLater()

    def _position_class(self) -> type | None:
        try:
            return self.kind.position
        except KeyError:
            return None

    # -- the play rule (Normal / Misère) ------------------------------------------------------------
    def attach_play_rule(self, panel: Any) -> None:
        """Offer the Normal / Misère choice in ``panel`` (an AnalysisPanel made with
        ``rule_choice=True``); its misère analyses are shown there by :attr:`misere` (a
        :class:`~sgstudio.gui.play_rule.MisereRunner`)."""
        from sgstudio.gui.play_rule import MisereRunner

        self.play_rules = True
        self.rule_choice = panel.rule_choice
        self.rule_choice.requested.connect(self.request_play_rule)
        self.rule_choice.show_rule(self.play_rule)
        self.misere = MisereRunner(self, panel)

    def rule_game_identity(self, game: Any) -> Any:
        """What makes two of the tab's games the same for the misère cache (the rules, by value):
        the object itself by default; a tab that makes a new game object for each position
        overrides it (split-nim: its number of parts)."""
        return id(game)

    @property
    def is_misere(self) -> bool:
        """Whether the tab plays misère (the last move loses)."""
        return self.play_rule == MISERE

    def request_play_rule(self, rule: str) -> bool:
        """A person picks ``rule``: one undo step (refused during play: the choice shows the rule
        back)."""
        if rule == self.play_rule:
            return False
        from sgstudio.gui.play_rule import PlayRuleCommand

        done = self.edit(PlayRuleCommand(self, rule))
        if not done and self.rule_choice is not None:
            self.rule_choice.show_rule(self.play_rule)
        return done

    def set_play_rule(self, rule: str) -> None:
        """Play ``rule`` from now on (no undo step: :meth:`request_play_rule` makes one)."""
        rule = check_rule(rule)
        if self.rule_choice is not None:
            self.rule_choice.show_rule(rule)
        if rule != self.play_rule:
            self.play_rule = rule
            self.play_rule_changed()

    def play_rule_changed(self) -> None:
        """Show the position under the new rule: the tab's ``refresh`` (or ``refresh_position``)."""
        for name in ("refresh_position", "refresh"):
            method = getattr(self, name, None)
            if callable(method):
                method()
                return

    def saved_state(self) -> dict[str, Any]:
        """What the document keeps of the tab (``"tabs": {key: ...}``): :meth:`to_state` (nothing
        for a tab without :attr:`document_state`), with the rule when misère
        (:mod:`sgstudio.core.misere.rule`)."""
        state = self.to_state() if self.document_state else {}
        return with_rule(state, self.play_rule) if self.play_rules else state

    def check_saved_state(self, state: dict[str, Any]) -> None:
        """:meth:`check_state` of what a document keeps of the tab, its rule checked first."""
        rest, _rule = split_rule(state) if self.play_rules else (state, NORMAL)
        if self.document_state:
            self.check_state(rest)

    def load_saved_state(self, state: dict[str, Any]) -> None:
        """:meth:`load_state` of what a document keeps of the tab, then its rule (normal when it
        names none)."""
        rest, rule = split_rule(state) if self.play_rules else (state, NORMAL)
        if self.document_state:
            self.load_state(rest)
        if self.play_rules:
            self.set_play_rule(rule)

    # -- the Play target --------------------------------------------------------------------------
    def play_game_and_position(self) -> tuple[Any, tuple]:
        """What the Play panel plays: :meth:`game_and_position`, played misère under that rule
        (ValueError while the misère analysis of the position is not known)."""
        game, position = self.game_and_position()
        if self.is_misere and self.misere is not None:
            return self.misere.play_game(game, position), position
        return game, position

    def game_and_position(self) -> tuple[Any, tuple]:
        """The core Game (protocol of :mod:`sgstudio.core.play.session`) and the current position, for
        play."""
        raise NotImplementedError

    def begin_play(self) -> None:
        """Play mode starts showing played positions: read-only, under the banner."""
        if not self.playing:
            self.playing = True
            self.banner.setVisible(self.banner_in_tab)
            self.set_read_only(True)

    def finish_play(self) -> None:
        """Play mode ended: editable again, no banner."""
        if self.playing:
            self.playing = False
            self.banner.hide()
            self.set_read_only(False)
            self.tell("")

    def set_read_only(self, on: bool) -> None:
        """Disable (or enable again) the tab's editing widgets; the default has none."""

    def show_play_position(self, position: tuple, move: tuple | None = None, animate: bool = True) -> bool:
        """Show a position reached in the Play panel (``move`` led to it when stepping forward).

        Play runs on a copy: the tab's own position and undo stack must stay as they are. Return True
        when shown; the default shows nothing (the Play panel shows positions as text) and returns False.
        """
        return False

    def end_play(self) -> None:
        """Play mode ended: show the tab's own position again (default: nothing to undo)."""
        self.finish_play()

    def highlight_play_move(self, move: tuple | None) -> None:
        """Point at ``move`` of the played position (the Play panel's Hint), or at nothing (None).

        The default shows nothing (the Play panel names the move in words)."""

    def can_keep_play_position(self) -> bool:
        """Whether :meth:`keep_play_position` is implemented (the Play panel's "Keep position")."""
        return False

    def keep_play_position(self, position: tuple) -> None:
        """Make a played position the tab's own, as one undo step (only if :meth:`can_keep_play_position`)."""
        raise NotImplementedError

    def use_drag(self) -> None:
        """Make dragging on the tab the way to move (only when :attr:`can_drag`)."""

    def label(self, v: int) -> str:
        """The name of a vertex of the tab's game (its id by default)."""
        return str(v)

    #: whether "Add to sum" copies this tab's position into the Sum tab (not the Sum tab's own)
    addable: bool = True

    def sum_component(self) -> Any:
        """The tab's own position, with its game, rule and vertex names, as a component of a sum
        (:class:`sgstudio.games.sum.game.Component`; the Sum tab adds it)."""
        from sgstudio.core import registry

        return registry.get("sum").game.component_of(*self.game_and_position(), self.label)


class RedrawnPlayTab(GameTab):
    """A tab that shows a played position by redrawing itself: :meth:`refresh` (the tab's) shows
    :attr:`played` while it is not None, the tab's own position otherwise, and the hinted move is
    selected in the tab's ``analysis_panel``.

    "Keep position" makes the played heaps the tab's (a model with ``heaps`` and ``set_heaps``); a tab
    whose position is not heaps overrides :meth:`keep_play_position`.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.played: tuple | None = None  # the position shown while play is on

    def refresh(self) -> None:
        """Show the tab's position, or :attr:`played` while play is on."""
        raise NotImplementedError

    def show_play_position(self, position: tuple, move: tuple | None = None, animate: bool = True) -> bool:
        self.played = tuple(position)
        self.refresh()
        return True

    def end_play(self) -> None:
        self.played = None
        self.finish_play()
        self.refresh()

    def highlight_play_move(self, move: tuple | None) -> None:
        self.analysis_panel.select_move(move)

    def can_keep_play_position(self) -> bool:
        return True

    def keep_play_position(self, position: tuple) -> None:
        heaps = tuple(position)
        if heaps != self.model.heaps:
            text = "Keep the played position"
            self.push(StateCommand(self.model, lambda: self.model.set_heaps(heaps), text))
