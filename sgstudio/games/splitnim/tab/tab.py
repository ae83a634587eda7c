"""The split-nim tab: heaps and the number of parts; values with their rule, W/L, winning moves,
a brute-force table beside the closed form, and HDU 5795 import.

Data flows one way: a gesture pushes an undo command (``commands``), the command calls the
position model (:class:`sgstudio.games.splitnim.position.SplitNimPosition`), and the widgets follow
the model's events; who wins is shown by the one Analysis panel. Work that may take long (a table
for parts >= 4, the winning moves of a million heaps, a big brute-force table) runs in the tab's
background work (:attr:`~sgstudio.gui.tabs.base.GameTab.work`) with a progress bar and Cancel;
its results are dropped when the position changed meanwhile.

Play mode (:mod:`.playing`): while the Play panel plays here, the heaps, the verdict and the
winning moves show the played position, read-only under a "playing — edits end play" banner, each
move animated. A double-click (or Enter) on a heap row asks for a move of that heap ("take 3",
"-> 5", "2 + 3 + 4"), which goes to the Play panel (``play_move_requested``) to be played or
refused with the game's reason; a hint lights up its heap's row. "Keep position" makes the played
heaps the tab's own in one undo step.

The layout fits about 900 pixels: three columns in a splitter (heaps | verdict and moves | the
g(0..N) table), each with a modest minimum width, long explanations in wrapped labels.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from sgstudio.core.moves import parse_splitnim_move
from sgstudio.games.splitnim import hdu5795
from sgstudio.games.splitnim.certify import split_certificate
from sgstudio.games.splitnim.position import MAX_PARTS, SplitNimPosition, parse_size, parse_sizes
from sgstudio.games.splitnim.tab.analysis import Analyst, position_analysis
from sgstudio.games.splitnim.tab.commands import (
    RemoveRangesCommand,
    ReplaceCommand,
    SetPartsCommand,
    SpliceCommand,
)
from sgstudio.games.splitnim.tab.heaps import HeapTableModel, HeapView
from sgstudio.games.splitnim.tab.panels import ComparisonPanel
from sgstudio.games.splitnim.tab.playing import SplitNimPlay
from sgstudio.gui import palette
from sgstudio.gui.panels.analysis import AnalysisPanel
from sgstudio.gui.pattern_line import PatternSearch
from sgstudio.gui.tabs import GameTab
from sgstudio.gui.tasks import TaskProgress
from sgstudio.gui.widgets import group_box

DEFAULT_HEAPS = (13, 9, 7)
MIN_WIDTHS = (250, 230, 210)  # the splitter's columns: heaps, verdict and moves, g(0..N) table


class SplitNimTab(GameTab):
    """Edit a split-nim position and see who wins, why, and every winning move."""

    key = "splitnim"
    title = "Split-nim"
    judge_format = "hdu5795"
    play_rules = True

    def __init__(self, parent: QWidget | None = None, position: SplitNimPosition | None = None) -> None:
        super().__init__(parent)
        self.position = position if position is not None else SplitNimPosition(DEFAULT_HEAPS, parts=3)
        self.play = SplitNimPlay(self)
        self._build()
        self.analyst = Analyst(self.position, self.heap_model, self.analysis_panel, self.compare,
                               self.progress, self.compute_button, self.work, self)
        self.attach_play_rule(self.analysis_panel)
        self.analyst.misere = self.show_misere
        self.compare.count_changed.connect(self.analyst.refresh_comparison)
        self.pattern_line = self.compare.pattern_line
        self.pattern_search = PatternSearch(self.work, self.pattern_line)
        self.pattern_line.copied.connect(self.status_message)
        self.compare.table_shown.connect(self._search_pattern)
        self.position.changed.connect(self._heaps_changed)
        self.position.parts_changed.connect(self._parts_changed)
        self._heaps_changed()
        self._parts_changed(self.position.parts)

    def _search_pattern(self, comparison: Any) -> None:
        """The Pattern line: the brute-force table g(0..N) just shown, searched in the background."""
        if comparison is None:
            self.pattern_search.reset()
            return
        parts = self.position.parts
        self.pattern_search.search(parts, len(comparison.brute), np.asarray(comparison.brute), parts,
                                   split_certificate)

    # -- widgets -----------------------------------------------------------------------------
    def _build(self) -> None:
        self.splitter = splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(self._build_heaps())
        splitter.addWidget(self._build_analysis())
        self.compare = ComparisonPanel(self)
        compare = group_box("Check: g(0..N)", self.compare)
        compare.layout().insertWidget(0, _note("Brute force beside the closed form; rows that differ are "
                                               "highlighted.", self))
        splitter.addWidget(compare)
        for i, width in enumerate(MIN_WIDTHS):
            splitter.widget(i).setMinimumWidth(width)
            splitter.setCollapsible(i, False)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        splitter.setStretchFactor(2, 2)
        splitter.setSizes([420, 300, 280])
        # the window's scroll area sizes the tab by its height-for-width, which would take the
        # columns' preferred heights: the splitter takes whatever height there is (down to its minimum)
        splitter.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Ignored)
        splitter.setMinimumHeight(splitter.minimumSizeHint().height())  # Ignored drops it otherwise
        layout = QVBoxLayout(self)
        layout.addWidget(self.banner)
        layout.addLayout(self._build_parts_row())
        layout.addWidget(splitter, 1)
        self.message = QLabel("", self)
        self.message.setWordWrap(True)
        self.message.setStyleSheet(f"color: {palette.VERMILLION}; font-weight: bold;")
        layout.addWidget(self.message)

    def _build_parts_row(self) -> QHBoxLayout:
        self.parts = QSpinBox(self)
        self.parts.setRange(2, MAX_PARTS)
        self.parts.setSuffix(" parts")
        self.parts.setKeyboardTracking(False)
        self.parts.setToolTip("A split makes this many non-empty heaps (2: Lasker's Nim, 3: HDU 5795).")
        self.parts.valueChanged.connect(self._parts_edited)
        self.parts_note = QLabel("", self)
        self.parts_note.setWordWrap(True)
        self.import_button = QPushButton("Import HDU 5795…", self)
        self.import_button.clicked.connect(self.ask_import)
        row = QHBoxLayout()
        row.addWidget(QLabel("A move takes stones from one heap, or splits one heap into", self))
        row.addWidget(self.parts)
        row.addWidget(self.parts_note, 1)
        row.addWidget(self.import_button)
        return row

    def _build_heaps(self) -> QWidget:
        self.heap_model = HeapTableModel(self.position, self._edit_heap, self)
        self.heap_view = HeapView(self)
        self.heap_view.setModel(self.heap_model)
        self.heap_view.remove_requested.connect(self._remove_ranges)
        self.heap_view.move_typed.connect(self._move_typed)
        self.sizes = QLineEdit(self)
        self.sizes.setPlaceholderText("heap sizes to add, e.g. 9 7 4")
        self.sizes.returnPressed.connect(self._add_heaps)
        self.add_button = QPushButton("Add", self)
        self.add_button.clicked.connect(self._add_heaps)
        self.remove_button = QPushButton("Remove", self)
        self.remove_button.setToolTip("Remove the selected heaps (Delete)")
        self.remove_button.clicked.connect(self._remove_selected)
        self.heap_count = QLabel("", self)
        row = QHBoxLayout()
        for w in (self.sizes, self.add_button, self.remove_button):
            row.addWidget(w)
        self.sizes.setMinimumWidth(80)
        box = group_box("Heaps", self.heap_view)
        self.heaps_hint = _note("Edit a size in place; Delete removes the selected heaps.", self)
        box.layout().insertWidget(0, self.heaps_hint)
        box.layout().addLayout(row)
        box.layout().addWidget(self.heap_count)
        return box

    def _build_analysis(self) -> QWidget:
        self.analysis_panel = AnalysisPanel(self, banner=34, rule_choice=True)
        self.analysis_panel.move_activated.connect(self._play)
        self.compute_button = self.analysis_panel.add_part(QPushButton("Compute the table", self))
        self.compute_button.hide()
        self.progress = self.analysis_panel.add_part(TaskProgress(self, lines=2))
        return self.analysis_panel

    # -- edits (each one undo command) -------------------------------------------------------
    def _edit_heap(self, row: int, text: str) -> bool:
        if self.refuse_in_play():
            return False
        try:
            size = parse_size(text)
        except ValueError as err:
            self.tell(f"Heap {row + 1} unchanged: {err}.", error=True)
            return False
        self.tell("")
        if size != self.position.heap(row):
            self.push(SpliceCommand(self.position, row, 1, [size], f"Set heap {row + 1} to {size}"))
        return True

    def _add_heaps(self) -> None:
        if self.refuse_in_play():
            return
        try:
            sizes = parse_sizes(self.sizes.text())
        except ValueError as err:
            self.tell(f"Nothing added: {err}.", error=True)
            return
        start = len(self.position)
        text = f"Add heap {sizes[0]}" if len(sizes) == 1 else f"Add {len(sizes)} heaps"
        self.push(SpliceCommand(self.position, start, 0, sizes, text))
        self.sizes.clear()
        self.heap_view.scrollTo(self.heap_model.index(len(self.position) - 1, 0))

    def _remove_selected(self) -> None:
        ranges = self.heap_view.selected_ranges()
        if not ranges:
            self.tell("Select the heaps to remove first (click a row; Shift or Ctrl adds more).", error=True)
            return
        self._remove_ranges(ranges)

    def _remove_ranges(self, ranges: list) -> None:
        if self.refuse_in_play():
            return
        self.heap_view.clearSelection()
        self.push(RemoveRangesCommand(self.position, [tuple(r) for r in ranges]))

    def _parts_edited(self, parts: int) -> None:
        if self.playing:  # the box is disabled in play mode; nothing changes
            return
        if parts != self.position.parts:
            self.push(SetPartsCommand(self.position, parts))

    def _play(self, move: tuple[int, tuple[int, ...]]) -> None:
        if self.refuse_in_play():
            return
        i, after = move
        try:
            self.position.game.apply((self.position.heap(i),), (0, after))
        except (ValueError, IndexError) as err:
            self.tell(f"Cannot play that move: {err}.", error=True)
            return
        text = "Play " + self.position.game.move_text(move, self.position.heap_array)
        self.push(SpliceCommand(self.position, i, 1, list(after), text))

    # -- following the model -----------------------------------------------------------------
    def _heaps_changed(self, *_args: object) -> None:
        if self.playing:
            return  # an edit while playing: play ends at once and shows this position
        self.heap_count.setText(f"{len(self.position):,} heap{'s' if len(self.position) != 1 else ''}")
        self.analyst.schedule()

    def _parts_changed(self, parts: int) -> None:
        self.parts.blockSignals(True)
        self.parts.setValue(parts)
        self.parts.blockSignals(False)
        game = self.position.game
        if game.has_closed_form:
            note = f"closed form proven (period {1 << parts}): any heap size"
        else:
            note = f"no closed form: values from a computed table, heaps below {game.table_limit():,}"
        self.parts_note.setText(f"({note})")
        self.compare.count.setMaximum(min(4095, game.table_limit() - 1))
        self.heap_model.values_changed()
        self.analyst.schedule()
        self.analyst.refresh_comparison()

    def refresh(self) -> None:
        """Show the verdict now (it is also kept current on its own)."""
        self.analyst.refresh()

    def settle(self, msecs: int = 30_000) -> bool:
        """Process events until no work runs (screenshots, tests); False on timeout."""
        return self.work.settle(msecs, busy=self.analyst.busy)

    # -- GameTab -----------------------------------------------------------------------------
    def to_state(self) -> dict[str, Any]:
        return {**self.position.to_dict(), "table_n": self.compare.count.value()}

    def empty_state(self) -> dict[str, Any]:
        """Splits into 3 parts (HDU 5795), no heap."""
        return {"parts": hdu5795.PARTS, "heaps": [], "table_n": self.compare.count.value()}

    def load_state(self, state: dict[str, Any]) -> None:
        loaded, view = SplitNimPosition.from_state(state)  # ValueError: the tab is unchanged
        table_n = view["table_n"]
        self.position.replace(loaded.heap_array, loaded.parts)
        if table_n is not None:
            self.compare.count.setValue(min(table_n, self.compare.count.maximum()))
        self.undo_stack.clear()
        self.tell("")

    def describe_case(self, case: hdu5795.Case) -> str:
        return _preview(case.heaps)

    def import_case(self, case: hdu5795.Case, index: int, count: int, file: str) -> None:
        name = Path(file).name
        text = f"Import case {index + 1} of {name}"
        self.push(ReplaceCommand(self.position, case.heaps, hdu5795.PARTS, text))
        self.status_message.emit(f"Loaded case {index + 1} of {name}: {len(case.heaps):,} heaps, 3 parts")

    def game_and_position(self) -> tuple[Any, tuple]:
        return self.position.game, self.position.heaps

    # -- misère play (the base's play rule) ---------------------------------------------------
    def rule_game_identity(self, game: Any) -> Any:
        """The number of parts names the game (the position makes a new game object each time)."""
        return "splitnim", game.parts

    def show_misere(self, pos: SplitNimPosition) -> bool:
        """Under misère, show ``pos``'s misère analysis (the normal values beside it when known) and
        return True; False under normal play."""
        if not self.is_misere:
            return False
        try:
            normal = position_analysis(pos)
        except ValueError:
            normal = None  # a heap beyond the table: no normal values to show beside the genus
        game, heaps = pos.game, pos.heaps
        self.misere.show(game, heaps, normal, has_move=lambda: any(heaps))
        return True

    # -- play mode (the Play panel) ------------------------------------------------------------
    def show_play_position(self, position: tuple, move: tuple | None = None, animate: bool = True) -> bool:
        """Show a played position in the tab (read-only); a forward move is animated."""
        return self.play.show(position, move, animate)

    def end_play(self) -> None:
        self.play.end()
        self.finish_play()
        self._heaps_changed()

    def highlight_play_move(self, move: tuple | None) -> None:
        """The hinted move's heap row lights up (and the move is selected if listed)."""
        self.play.highlight(move)

    def _move_typed(self, row: int, text: str) -> None:
        """A move asked on a heap row in play mode: requested from the Play panel (it judges)."""
        if self.play.position is None:
            return
        try:
            move = parse_splitnim_move(f"{row + 1}: {text}", self.play.position.heaps)
        except ValueError as err:
            self.tell(f"Not a move: {err}", error=True)
            return
        self.tell("")
        self.play_move_requested.emit(move)

    def can_keep_play_position(self) -> bool:
        return True

    def keep_play_position(self, position: tuple) -> None:
        """The played heaps become the tab's, as one undo step (none if they are the same)."""
        heaps = tuple(position)
        if heaps != self.position.heaps:
            self.push(ReplaceCommand(self.position, heaps, self.position.parts, "Keep the played position"))

    def set_read_only(self, on: bool) -> None:
        """Read-only while play is on; editable again after."""
        self.heap_view.set_read_only(on)
        for widget in (self.parts, self.sizes, self.add_button, self.remove_button, self.import_button):
            widget.setEnabled(not on)
        self.tell("")


def _preview(heaps: tuple[int, ...], shown: int = 6) -> str:
    """``3 heaps: 1 2 4`` (cut after a few).

    >>> _preview((1, 2, 4)), _preview(tuple(range(10)))
    ('3 heaps: 1 2 4', '10 heaps: 0 1 2 3 4 5 …')
    """
    text = " ".join(str(h) for h in heaps[:shown]) + (" …" if len(heaps) > shown else "")
    return f"{len(heaps):,} heap{'s' if len(heaps) != 1 else ''}: {text}"


def _note(text: str, parent: QWidget) -> QLabel:
    """A wrapped line of explanation (it never widens its column)."""
    label = QLabel(text, parent)
    label.setWordWrap(True)
    return label
