"""Misère play on tabs whose game gets a misère game of its own: the Graph tab (tokens on a DAG or a
graph with cycles), the Sum tab and the Your game tab.

:class:`GameMisereRunner` has the interface of :class:`~sgstudio.gui.play_rule.MisereRunner` (the
tab's ``misere``: :meth:`~GameMisereRunner.show`, :meth:`~GameMisereRunner.play_game`,
:meth:`~GameMisereRunner.result`), but the analysis and the play go through one *misère game* made
for each game of the tab (``make(game)``), which keeps what it found from one position to the next:

- :class:`~sgstudio.core.misere.retro_game.RetroMisereGame` where play may never end (a graph with
  cycles, a sum with such a component): a retrograde analysis of every position reachable (WIN,
  LOSE or DRAW; the computer makes progress or keeps the draw);
- :class:`~sgstudio.core.misere.forms_game.FormsMisereGame` for tokens on a DAG or explored positions:
  canonical misère forms of the parts, with genus theory where every part is tame;
- :class:`~sgstudio.core.misere.play.MisereGame` (:func:`~sgstudio.core.misere.analysis.analyse_misere`)
  for a sum: misère Nim, the quotient, genus theory or the search.

The first analysis of a position runs in the tab's background work (progress and Cancel); a bound
reached is shown as "?" with the reason, never a guess. While play is on the played positions are
analysed at once by the game being played (the retrograde table or the forms already hold them).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from sgstudio.core.errors import SGStudioError
from sgstudio.core.misere.analysis import MisereAnalysis
from sgstudio.core.misere.shown import misere_view
from sgstudio.gui.play_rule import ANALYSING, CANCELLED, STILL_RUNNING, failure_text

CACHE = 64
"""Analyses kept, by position (undo and redo show them again at once)."""
GAMES = 8
"""Misère games kept (one per game of the tab: a graph edited and undone finds its own again)."""


class _Labelled:
    """A game whose ``move_text`` names vertices with ``label`` (what :func:`misere_view` writes)."""

    def __init__(self, game: Any, label: Callable[[int], str] | None) -> None:
        self.game, self.label = game, label

    def move_text(self, move: Any, position: Any) -> str:
        if self.label is None:
            return self.game.move_text(move, position)
        return self.game.move_text(move, position, self.label)


def analyse(misere: Any, position: tuple, progress: Callable[[int, int], None] | None = None
            ) -> MisereAnalysis:
    """The misère analysis of ``position`` by ``misere`` (a misère game with ``analysis``, or a
    :class:`~sgstudio.core.misere.play.MisereGame`)."""
    from sgstudio.core.misere.play import MisereGame

    if isinstance(misere, MisereGame):
        return misere.analysis(position)
    return misere.analysis(position, progress=progress)


def genera_of(misere: Any, position: tuple, result: MisereAnalysis) -> list[str | None]:
    """Each part's genus where the misère game knows it (tokens on a DAG), else None."""
    hook = getattr(misere, "genera_of", None)
    if hook is not None:
        try:
            return list(hook(position))
        except SGStudioError:
            pass
    found = result.details.get("genus")
    if isinstance(found, list) and len(found) == len(position):
        return list(found)
    return [None] * len(position)


class GameMisereRunner:
    """The misère analyses of one tab's positions through misère games made by ``make(game)`` (see the
    module); shown in ``panel`` (an AnalysisPanel made with ``rule_choice=True``)."""

    def __init__(self, tab: Any, panel: Any, make: Callable[[Any], Any]) -> None:
        self.tab, self.panel, self.make = tab, panel, make
        self._games: OrderedDict[int, tuple[Any, Any]] = OrderedDict()
        self._done: OrderedDict[tuple, MisereAnalysis] = OrderedDict()
        self._failed: dict[tuple, str] = {}
        self._current: tuple | None = None
        self.playing: Any = None  # the misère game play runs on, while play is on

    def misere_game(self, game: Any) -> Any:
        """The misère game of ``game`` (made once; the last :data:`GAMES` are kept)."""
        found = self._games.get(id(game))
        if found is not None and found[0] is game:
            self._games.move_to_end(id(game))
            return found[1]
        misere = self.make(game)
        self._games[id(game)] = (game, misere)  # holding the game keeps its id its own
        while len(self._games) > GAMES:
            old, _ = self._games.popitem(last=False)
            for key in [k for k in self._done if k[0] == old]:
                del self._done[key]
            for key in [k for k in self._failed if k[0] == old]:
                del self._failed[key]
        return misere

    @staticmethod
    def key(game: Any, position: Sequence[Any]) -> tuple:
        return id(game), tuple(position)

    def result(self, game: Any, position: Sequence[Any]) -> MisereAnalysis | None:
        """The analysis of ``position`` when known (None: being computed, refused, or not asked)."""
        return self._done.get(self.key(game, position))

    def show(self, game: Any, position: Sequence[Any], normal: Any = None,
             has_move: Callable[[], bool] | None = None, label: Callable[[int], str] | None = None) -> None:
        """Show the misère analysis of ``position`` of ``game`` in the panel (``normal``: its normal-play
        Analysis, for the parts' names and values; ``label`` names vertices in the moves)."""
        position = tuple(position)
        misere = self.misere_game(game)
        key = self.key(game, position)
        self._current = key
        shown = _Labelled(game, label)
        if not self.tab.playing:
            self.playing = None
        elif self.playing is misere:
            try:
                result = analyse(misere, position)
            except SGStudioError as err:
                self.panel.show_pending("?", failure_text(err))
                return
            self._show(shown, misere, position, result, normal, has_move)
            return
        found = self._done.get(key)
        if found is not None:
            self._done.move_to_end(key)
            self._show(shown, misere, position, found, normal, has_move)
            return
        if key in self._failed:
            self.panel.show_pending("?", self._failed[key])
            return
        self.panel.show_pending("…", ANALYSING)

        def run(progress: Callable[[int, int], None]) -> MisereAnalysis:
            return analyse(misere, position, progress)

        def done(result: MisereAnalysis) -> None:
            self._done[key] = result
            while len(self._done) > CACHE:
                self._done.popitem(last=False)
            if self._current == key:
                self._show(shown, misere, position, result, normal, has_move)

        def failed(err: BaseException) -> None:
            text = failure_text(err)
            self._failed[key] = text
            if self._current == key:
                self.panel.show_pending("?", text)

        def cancelled() -> None:
            if self._current == key:
                self.panel.show_pending("?", CANCELLED)

        self.tab.work.run("misere", run, "Misère analysis", self.panel.misere_progress, done, cancelled,
                          failed)

    def _show(self, shown: _Labelled, misere: Any, position: tuple, result: MisereAnalysis, normal: Any,
              has_move: Callable[[], bool] | None) -> None:
        genera = genera_of(misere, position, result)
        if getattr(misere, "component_moves", False):  # a sum's moves name their component: (i, move)
            result = replace(result, winning_moves=[(0, tuple(m)) for m in result.winning_moves])
        self.panel.show_misere(misere_view(shown, position, result, normal, genera), has_move)

    def play_game(self, game: Any, position: Sequence[Any]) -> Any:
        """The misère game the Play panel plays from ``position`` (whose analysis is known); ValueError
        (the Play panel says it) while it is still computed or when it was refused."""
        key = self.key(game, position)
        if key not in self._done:
            if key in self._failed:
                raise ValueError(self._failed[key].removeprefix("Misère play: "))
            raise ValueError(STILL_RUNNING)
        self.playing = self.misere_game(game)
        return self.playing
