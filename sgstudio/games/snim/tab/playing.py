"""Play mode in the S-Nim tab: the Play panel's positions shown in the tab, read-only, each take
animated (the heap's row flashes while its size counts down to what is left).

The played heaps live in a second :class:`~sgstudio.games.snim.position.SNimPosition` (same S,
same period result), so the tab's own position and undo stack are never touched; the tab's panels
show whichever position :attr:`SNimPlay.model` says (the played one while play is on).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtGui import QColor

from sgstudio.games.snim.game import SNimError
from sgstudio.games.snim.position import SNimPosition, check_heap
from sgstudio.gui.tabs.play_mode import HIGHLIGHT, TabPlay, counted

if TYPE_CHECKING:
    from sgstudio.games.snim.tab.tab import SNimTab

class SNimPlay(TabPlay):
    """Shows played positions in ``tab``; :attr:`model` is the played position (None: not playing)."""

    tab: SNimTab

    def __init__(self, tab: SNimTab) -> None:
        super().__init__(tab)
        self.model: SNimPosition | None = None
        self.hinted: int | None = None  # the heap row lit up by a hint

    @property
    def active(self) -> bool:
        return self.model is not None

    def show(self, position: Sequence[int], move: tuple | None, animate: bool) -> bool:
        heaps = tuple(check_heap(h, i) for i, h in enumerate(position))
        if self.model is None:
            self._begin()
        self.highlight(None)  # also ends the running animation
        before = self.model.heaps
        self.model.set_heaps(heaps)
        self.tab.refresh_position()
        take = self._take(before, heaps, move) if animate and move is not None else None
        if take is not None:
            self._animate(move[0], before[move[0]], take)
        return True

    def _begin(self) -> None:
        own = self.tab.model
        self.model = SNimPosition(own.S, own.heaps)
        if own.period_result is not None:
            self.model.adopt(own.period_result)
        self.tab.begin_play()

    def _take(self, before: tuple[int, ...], after: tuple[int, ...], move: tuple) -> int | None:
        """The take of ``move`` if it leads from ``before`` to ``after`` (else None: no animation)."""
        try:
            if self.model.game.apply(before, move) != after:
                return None
        except (SNimError, TypeError, ValueError, IndexError):
            return None
        return int(move[1])

    def _animate(self, row: int, size: int, take: int) -> None:
        table = self.tab.heap_table

        def step(t: float, colour: QColor) -> None:
            table.flash_row(row, colour, str(counted(size, take, t)))

        if table.view.item(row, 0) is not None:
            table.view.scrollToItem(table.view.item(row, 0))
        self.start_flash(step, lambda: table.flash_row(row, None))

    def highlight(self, move: tuple | None) -> None:
        """Light up the heap of ``move`` (a hint) and select it among the winning moves; None: nothing."""
        self.cut()
        table = self.tab.heap_table
        if self.hinted is not None:
            table.flash_row(self.hinted, None)
        self.hinted = None if move is None else int(move[0])
        if self.hinted is None:
            return
        table.flash_row(self.hinted, QColor(HIGHLIGHT))
        table.view.clearSelection()  # the selection's colour would hide the hint's
        table.view.scrollToItem(table.view.item(self.hinted, 0))
        self.tab.analysis_panel.select_move(move)

    def adopt(self, result: object) -> None:
        """A period search result arrived for the tab's S: the played position uses it too."""
        if self.model is not None:
            self.model.adopt(result)  # type: ignore[arg-type]

    def end(self) -> None:
        """Play ended: the tab shows and edits its own position again."""
        if self.model is None:
            return
        self.cut()
        self.model = None
        self.tab.finish_play()
        self.tab.refresh_position()
