"""What the Play panel plays on: a *target*, every tab alike (:class:`TabPlayTarget`).

A target gives the game and the start position, names things, shows positions, points at a hinted
move, and knows the undo stack whose changes end play mode. The Play panel owns the
:class:`~sgstudio.core.play.session.PlaySession`.

Play runs on a *copy* of the tab's position (``tab.game_and_position()``); the tab's own position
and undo stack are never changed by play. Each tab shows the played positions itself, read-only,
through the :class:`~sgstudio.gui.tabs.GameTab` methods: ``begin_play``, ``show_play_position``
(each move animated), ``end_play``, ``highlight_play_move`` (the Hint), ``use_drag`` when
``can_drag`` (tokens dragged on the Graph tab), and ``keep_play_position`` when
``can_keep_play_position`` (the panel's "Keep position"). A person's move made in the tab arrives
through the tab's ``play_move_requested`` signal, connected to the panel while play is on.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from sgstudio.core.play.session import Game, MoveRecord


class PlayTarget:
    """The default target does nothing visible: the panel's text is the only view."""

    title = ""
    can_keep = False
    can_drag = False
    undo_stack: Any = None

    def game_and_position(self) -> tuple[Game, tuple]:
        raise NotImplementedError

    def label(self, v: int) -> str:
        """The name of a DAG vertex."""
        return str(v)

    def begin(self) -> None:
        """Play mode starts."""

    def show(self, position: Sequence[Any], record: MoveRecord | None, animate: bool) -> None:
        """Show ``position``; ``record`` is the move that led to it when stepping forward."""

    def highlight(self, move: tuple | None) -> None:
        """Point at ``move`` (a hint), or at nothing."""

    def finish(self) -> None:
        """Play mode ends: show the document's own position again."""

    def keep(self, position: Sequence[Any]) -> None:
        """Make ``position`` the document's (one undo step); only when :attr:`can_keep`."""

    def use_drag(self) -> None:
        """Let the person move by dragging on the tab (only when :attr:`can_drag`)."""


class TabPlayTarget(PlayTarget):
    """A :class:`~sgstudio.gui.tabs.GameTab`: plays on a copy of its position.

    ``on_move`` (the Play panel's ``play_move``) receives the tab's ``play_move_requested`` moves
    from :meth:`begin` to :meth:`finish`.
    """

    def __init__(self, tab: Any, on_move: Callable[[tuple], object] | None = None) -> None:
        self.tab = tab
        self.on_move = on_move
        self.title = tab.title
        self.undo_stack = tab.undo_stack
        self.can_drag = tab.can_drag
        self._game: Game | None = None
        self._start: tuple | None = None

    def game_and_position(self) -> tuple[Game, tuple]:
        if self._game is None:  # the tab's rule: misère play too
            self._game, self._start = self.tab.play_game_and_position()
        return self._game, self._start

    @property
    def can_keep(self) -> bool:  # type: ignore[override]
        return self.tab.can_keep_play_position()

    def label(self, v: int) -> str:
        return self.tab.label(v)

    def begin(self) -> None:
        if self.on_move is not None:
            self.tab.play_move_requested.connect(self.on_move)
        self.tab.begin_play()

    def use_drag(self) -> None:
        self.tab.use_drag()

    def show(self, position: Sequence[Any], record: MoveRecord | None, animate: bool) -> None:
        self.tab.show_play_position(position, record.move if record is not None else None, animate)

    def highlight(self, move: tuple | None) -> None:
        self.tab.highlight_play_move(move)

    def finish(self) -> None:
        if self.on_move is not None:
            self.tab.play_move_requested.disconnect(self.on_move)
        self.tab.end_play()

    def keep(self, position: Sequence[Any]) -> None:
        self.tab.keep_play_position(position)
