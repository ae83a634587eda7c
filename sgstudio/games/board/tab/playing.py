"""Play mode in the Board tab: the Play panel's positions shown on the board, read-only, each move
animated (the chess glides from its cell to the landing cell, over the jumped block).

The played rows live in a second :class:`~sgstudio.games.board.position.BoardPosition` that the
view shows meanwhile (:meth:`~sgstudio.games.board.tab.view.BoardView.set_model`); the tab's own
board and undo stack are never touched. Values, total, W/L and winning-move arrows are those of the
played position, from the core.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtGui import QColor

from sgstudio.games.board import game as board
from sgstudio.games.board.position import BoardPosition
from sgstudio.gui.tabs.play_mode import TabPlay

if TYPE_CHECKING:
    from sgstudio.games.board.tab.tab import BoardTab


class BoardPlay(TabPlay):
    """Shows played positions in ``tab``; :attr:`model` is the played board (None: not playing)."""

    tab: BoardTab

    def __init__(self, tab: BoardTab) -> None:
        super().__init__(tab)
        self.model: BoardPosition | None = None

    @property
    def active(self) -> bool:
        return self.model is not None

    def show(self, rows: Sequence[Sequence[int]], move: tuple | None, animate: bool) -> bool:
        if self.model is None:
            self._begin()
        self.highlight(None)  # also ends the running glide
        model = self.model
        before = model.rows
        model.replace(rows)
        self.tab.show_analysis(board.BoardGame(model.width).analyse(model.rows), model.width, model.rows)
        self.tab.show_counts(model)
        if animate and move is not None and self._leads(before, model.rows, tuple(move)):
            self._glide(tuple(move))
        return True

    def _begin(self) -> None:
        own = self.tab.model
        self.model = BoardPosition(own.rows, own.width)
        self.tab.view.set_model(self.model)
        self.tab.begin_play()

    def _leads(self, before: tuple, after: tuple, move: tuple) -> bool:
        try:
            return board.BoardGame(self.model.width).apply(before, move) == after
        except (ValueError, TypeError, IndexError):
            return False

    def _glide(self, move: tuple[int, int, int]) -> None:
        view = self.tab.view

        def step(t: float, _colour: QColor) -> None:
            view.set_glide(move, t)

        self.start_flash(step, lambda: view.set_glide(None))

    def highlight(self, move: tuple | None) -> None:
        """Draw the hinted move's arrow, lit (None: no hint)."""
        self.cut()
        self.tab.view.set_hint(move)

    def request(self, row: int, column: int) -> tuple | None:
        """The move a click on (``row``, ``column``) of the played board asks for (None: no chess there)."""
        rows = self.model.rows
        if not (0 <= row < len(rows) and column in rows[row]):
            return None
        return board.chess_move(rows, row, column, self.model.width)

    def end(self) -> None:
        """Play ended: the board shows (and edits) the tab's own position again."""
        if self.model is None:
            return
        self.highlight(None)
        self.model = None
        self.tab.view.set_model(self.tab.model)
        self.tab.finish_play()
        self.tab.refresh()
        self.tab.show_counts(self.tab.model)
