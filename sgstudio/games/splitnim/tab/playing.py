"""Play mode in the split-nim tab: the Play panel's positions shown in the tab, read-only, each move
animated. A take flashes its heap's row while the size counts down to what is left (a heap taken
whole then leaves the table); a split inserts the new heaps, which light up and fade.

The played heaps live in a second :class:`~sgstudio.games.splitnim.position.SplitNimPosition`
shown through a :class:`~sgstudio.games.splitnim.tab.heaps.PlayHeapModel`; the tab's own position,
its table model and its undo stack are never touched, and its analyst is held meanwhile.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtGui import QColor

from sgstudio.games.splitnim.position import SplitNimPosition
from sgstudio.games.splitnim.steps import scan_winning_moves
from sgstudio.games.splitnim.tab.analysis import MOVE_ROWS, show_verdict, with_scanned_moves
from sgstudio.games.splitnim.tab.heaps import PlayHeapModel
from sgstudio.gui.tabs.play_mode import HIGHLIGHT, TabPlay, counted

if TYPE_CHECKING:
    from sgstudio.games.splitnim.tab.tab import SplitNimTab


class SplitNimPlay(TabPlay):
    """Shows played positions in ``tab``; :attr:`position` is the played one (None: not playing)."""

    tab: SplitNimTab

    def __init__(self, tab: SplitNimTab) -> None:
        super().__init__(tab)
        self.position: SplitNimPosition | None = None
        self.model: PlayHeapModel | None = None

    @property
    def active(self) -> bool:
        return self.position is not None

    def show(self, heaps: Sequence[int], move: tuple | None, animate: bool) -> bool:
        heaps = tuple(int(h) for h in heaps)
        if self.position is None:
            self._begin()
        self.highlight(None)  # also ends the running animation
        pos = self.position
        before = pos.heaps
        if not (animate and move is not None and self._leads(before, heaps, move)):
            pos.replace(heaps, pos.parts)
        elif len(move[1]) > 1:  # a split: the new heaps come in and light up
            i, after = move
            pos.splice(i, 1, list(after))
            self._animate(range(i, i + len(after)), None, lambda: None)
        else:  # a take: the heap counts down, then is replaced by what is left (or removed)
            i, after = move
            size = before[i]
            self._animate(range(i, i + 1), (size, size - (after[0] if after else 0)),
                          lambda: pos.splice(i, 1, list(after)))
        self._verdict(heaps)
        return True

    def _begin(self) -> None:
        tab = self.tab
        self.position = SplitNimPosition(tab.position.heap_array, tab.position.parts)
        self.model = PlayHeapModel(self.position, tab.refuse_in_play, tab)
        tab.heap_view.setModel(self.model)
        tab.analyst.hold(True)
        tab.begin_play()

    def _leads(self, before: tuple[int, ...], after: tuple[int, ...], move: tuple) -> bool:
        try:
            return self.position.game.apply(before, move) == after
        except (ValueError, TypeError, IndexError):
            return False

    def _animate(self, rows: range, count: tuple[int, int] | None, then) -> None:
        model = self.model

        def step(t: float, colour: QColor) -> None:
            sizes = {rows.start: str(counted(count[0], count[1], t))} if count else None
            model.set_flash(rows, colour, sizes)

        def done() -> None:
            model.set_flash(range(0), None)
            then()

        self.tab.heap_view.scrollTo(model.index(rows.start, 0))
        self.start_flash(step, done)

    def _verdict(self, heaps: tuple[int, ...]) -> None:
        """The outcome, nim-sum and winning moves of the played position (from the core)."""
        tab = self.tab
        pos = SplitNimPosition(heaps, self.position.parts)
        tab.heap_count.setText(f"{len(heaps):,} heap{'s' if len(heaps) != 1 else ''} (played position)")
        if tab.show_misere(pos):
            return
        analysis = show_verdict(tab.analysis_panel, pos)
        if analysis is None or analysis.moves is not None:
            return
        total = int(analysis.total or 0)
        scan = scan_winning_moves(pos.game, pos.heap_array, pos.values(), total, 0, MOVE_ROWS)
        tab.analysis_panel.show_moves(with_scanned_moves(analysis, pos.game, pos.heap_array, pos.values(),
                                                         scan.moves, scan.count))

    def highlight(self, move: tuple | None) -> None:
        """Light up the heap of ``move`` (a hint) and select it among the winning moves; None: nothing."""
        self.cut()
        if self.model is None:
            return
        if move is None:
            self.model.set_flash(range(0), None)
            return
        i = int(move[0])
        self.model.set_flash(range(i, i + 1), QColor(HIGHLIGHT))
        self.tab.heap_view.clearSelection()  # the selection's colour would hide the hint's
        self.tab.heap_view.scrollTo(self.model.index(i, 0))
        self.tab.analysis_panel.select_move((i, tuple(move[1])))

    def end(self) -> None:
        """Play ended: the tab shows (and edits) its own position again."""
        if self.position is None:
            return
        self.cut()
        tab = self.tab
        tab.heap_view.setModel(tab.heap_model)
        self.model.deleteLater()
        self.position = self.model = None
        tab.finish_play()
        tab.analyst.hold(False)
