"""The Normal / Misère choice of a tab, and its misère analysis off the UI thread.

Every tab that opts in (``GameTab.play_rules = True``) shows the choice in its Analysis panel
(:class:`PlayRuleChoice`, made by ``AnalysisPanel(..., rule_choice=True)``). A click asks the tab
(:meth:`GameTab.request_play_rule <sgstudio.gui.tabs.base.GameTab.request_play_rule>`), which pushes
one :class:`PlayRuleCommand` on its undo stack (refused during play, like any edit); undo puts the
other rule back. The rule is saved in the document with the tab's state
(:mod:`sgstudio.core.misere.rule`).

Under misère a tab shows its position through :class:`MisereRunner`: the analysis
(:func:`~sgstudio.core.misere.analysis.analyse_misere`) runs in the tab's background work with
progress and Cancel, is cached by position, and is drawn by the panel's
:meth:`~sgstudio.gui.panels.analysis.AnalysisPanel.show_misere`; a search that reaches its bound
says so ("?" and the reason), never a guess. The Play panel plays misère on
:meth:`MisereRunner.play_game`, which reuses the canonical forms the analysis found, so each move
of play is cheap.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtGui import QUndoCommand
from PySide6.QtWidgets import QButtonGroup, QRadioButton, QVBoxLayout, QWidget

from sgstudio.core.errors import SGStudioError, one_line
from sgstudio.core.misere.analysis import MisereAnalysis, Options, analyse_misere
from sgstudio.core.misere.play import MisereGame
from sgstudio.core.misere.rule import MEANING, MISERE, NAMES, NORMAL, RULES, check_rule
from sgstudio.core.misere.search import DEFAULT_LIMIT, MisereSearch
from sgstudio.core.misere.shown import MisereShown, misere_view, part_genera

CACHE = 64
"""Misère analyses a tab keeps, by position (undo and redo show them again at once)."""
PLAY_LIMIT = 4
"""Play may grow the analysis's canonical forms to this many times its bound."""



ANALYSING = "Misère play: analysing the position (which theory decides it)…"
CANCELLED = "Misère play: the analysis was cancelled — no verdict."
STILL_RUNNING = "its misère analysis is still running: press Play again when it is shown"


def failure_text(err: BaseException) -> str:
    """What the panel says of a misère analysis that ended in ``err`` (a bound reached, or a fault)."""
    if isinstance(err, SGStudioError):
        return f"Misère play: no verdict — {one_line(str(err))}"
    return f"Misère play: the analysis failed ({type(err).__name__}: {one_line(str(err))})"


class PlayRuleChoice(QWidget):
    """``(•) Normal play`` over ``( ) Misère play``, beside the outcome banner (as tall as it: the
    panel grows no taller); ``requested(rule)`` when a person picks one (the tab decides:
    :meth:`show_rule` puts the tab's rule back when it refuses)."""

    requested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.buttons = {rule: QRadioButton(f"{NAMES[rule]} play", self) for rule in RULES}
        self.group = QButtonGroup(self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addStretch(1)
        for rule, button in self.buttons.items():
            button.setObjectName(f"play_rule_{rule}")
            button.setToolTip(f"{NAMES[rule]} play: {MEANING[rule]} (one undo step; saved in the document)")
            self.group.addButton(button)
            layout.addWidget(button)
            button.toggled.connect(lambda on, r=rule: on and self.requested.emit(r))
        layout.addStretch(1)
        self.show_rule(NORMAL)

    def rule(self) -> str:
        """The rule shown."""
        return next(r for r, b in self.buttons.items() if b.isChecked())

    def show_rule(self, rule: str) -> None:
        """Show ``rule`` checked (no ``requested``)."""
        button = self.buttons[check_rule(rule)]
        if not button.isChecked():
            self.blockSignals(True)
            button.setChecked(True)
            self.blockSignals(False)


class PlayRuleCommand(QUndoCommand):
    """One undo step: the tab plays ``rule`` (``tab.set_play_rule``); undo, the rule it had."""

    def __init__(self, tab: Any, rule: str) -> None:
        super().__init__(f"Play {NAMES[check_rule(rule)].lower()}")
        self.tab, self.rule, self.before = tab, rule, tab.play_rule

    def redo(self) -> None:
        self.tab.set_play_rule(self.rule)

    def undo(self) -> None:
        self.tab.set_play_rule(self.before)


class MisereRunner:
    """The misère analyses of one tab's positions (see the module): computed off the UI thread,
    cached, shown in ``panel``; ``limit`` bounds a search (canonical forms and sums)."""

    def __init__(self, tab: Any, panel: Any, limit: int = DEFAULT_LIMIT) -> None:
        self.tab, self.panel, self.limit = tab, panel, limit
        self._done: OrderedDict[tuple, tuple[Any, MisereAnalysis, MisereSearch | None, list]] = OrderedDict()
        self._failed: dict[tuple, tuple[Any, str]] = {}  # the game kept: its id stays its own
        self._current: tuple | None = None
        #: called with what the panel shows after each misère verdict (None: no verdict yet, or
        #: none possible): a tab that draws the winning moves elsewhere too (a board's arrows)
        self.shown_hook: Callable[[MisereShown | None], object] | None = None
        self._running: tuple | None = None  # the key of the analysis running in the background
        self._games: dict[Any, Any] = {}  # identity -> the game analysed for it (kept alive)
        self.playing: MisereGame | None = None  # the game play runs on, while play is on
        self._playing_search: MisereSearch | None = None

    def same_game(self, game: Any) -> Any:
        """The game the runner analyses for ``game``: the first one seen with its identity
        (``tab.rule_game_identity(game)``), so that equal rules share the cache and the canonical
        forms even when the tab makes a new game object for each refresh."""
        identity = self.tab.rule_game_identity(game)
        kept = self._games.get(identity)
        if kept is None:
            kept = self._games[identity] = game
            while len(self._games) > CACHE:
                self._games.pop(next(iter(self._games)))
        return kept

    def key(self, game: Any, position: Sequence[Any]) -> tuple:
        """The cache's key: the game's identity (see :meth:`same_game`), the position by value."""
        return self.tab.rule_game_identity(game), tuple(position)

    def result(self, game: Any, position: Sequence[Any]) -> MisereAnalysis | None:
        """The analysis of ``position`` when it is known (None: being computed, refused, or not asked)."""
        found = self._done.get(self.key(game, position))
        return None if found is None else found[1]

    def show(self, game: Any, position: Sequence[Any], normal: Any = None,
             has_move: Callable[[], bool] | None = None) -> None:
        """Show the misère analysis of ``position`` of ``game`` in the panel (``normal``: the
        normal-play :class:`~sgstudio.core.analysis.Analysis`, for the parts' names and values):
        at once when known (or while play is on), else after a background analysis."""
        position, game = tuple(position), self.same_game(game)
        key = self.key(game, position)
        self._current = key
        if not self.tab.playing:
            self.playing = self._playing_search = None
        elif self.playing is not None and self.playing.inner is game:
            self._show_played(game, position, normal, has_move)
            return
        found = self._done.get(key)
        if found is not None:
            self._done.move_to_end(key)
            _game, result, _search, genera = found
            self._show(misere_view(game, position, result, normal, genera), has_move)
            return
        if key in self._failed:
            self._pending("?", self._failed[key][1])
            return
        self._pending("…", ANALYSING)
        if self._running == key and self.tab.work.running("misere"):
            return  # already on its way
        self._running = key
        limit = self.limit

        def run(progress: Callable[[int, int], None]) -> tuple:
            search = MisereSearch(limit, progress)
            result = analyse_misere([(game, position)], Options(limit, search=search))
            return result, search, part_genera(game, position, result, search)

        def done(found: tuple) -> None:
            result, search, genera = found
            search.progress = search.cancel = None  # the worker's progress: not after it ended
            self._done[key] = (game, result, search, genera)
            while len(self._done) > CACHE:
                self._done.popitem(last=False)
            if self._current == key:
                self._show(misere_view(game, position, result, normal, genera), has_move)

        def failed(err: BaseException) -> None:
            text = failure_text(err)
            self._failed[key] = (game, text)
            while len(self._failed) > CACHE:
                self._failed.pop(next(iter(self._failed)))
            if self._current == key:
                self._pending("?", text)

        def cancelled() -> None:
            if self._current == key:
                self._pending("?", CANCELLED)

        self.tab.work.run("misere", run, "Misère analysis", self.panel.misere_progress, done,
                          cancelled, failed)

    def _show(self, shown: MisereShown, has_move: Callable[[], bool] | None) -> None:
        self.panel.show_misere(shown, has_move)
        if self.shown_hook is not None:
            self.shown_hook(shown)

    def _pending(self, title: str, text: str) -> None:
        self.panel.show_pending(title, text)
        if self.shown_hook is not None:
            self.shown_hook(None)

    def _show_played(self, game: Any, position: tuple, normal: Any, has_move: Any) -> None:
        try:
            result = self.playing.analysis(position)
        except SGStudioError as err:
            self._pending("?", failure_text(err))
            return
        genera = part_genera(game, position, result, self._playing_search)
        self._show(misere_view(game, position, result, normal, genera), has_move)

    def play_game(self, game: Any, position: Sequence[Any]) -> MisereGame:
        """``game`` played misère for the Play panel, from ``position`` whose analysis is known;
        ValueError (the Play panel says it) while it is still computed or when it was refused."""
        game = self.same_game(game)
        key = self.key(game, position)
        found = self._done.get(key)
        if found is None:
            if key in self._failed:
                raise ValueError(self._failed[key][1].removeprefix("Misère play: "))
            raise ValueError(STILL_RUNNING)
        _game, _result, search, _genera = found
        if search is not None:
            search.forms.limit = max(search.forms.limit, PLAY_LIMIT * self.limit)
        options = Options(PLAY_LIMIT * self.limit, search=search)
        played = MisereGame(game, lambda p: analyse_misere([(game, p)], options))
        self.playing, self._playing_search = played, search
        return played


def rule_is_misere(rule: str) -> bool:
    """Whether ``rule`` is misère play.

    >>> rule_is_misere("misere"), rule_is_misere("normal")
    (True, False)
    """
    return check_rule(rule) == MISERE
