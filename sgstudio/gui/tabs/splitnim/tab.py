"""The split-nim tab: heaps and the number of parts; values with their rule, W/L, winning moves,
a brute-force table beside the closed form, and HDU 5795 import.

Data flows one way: a gesture pushes an undo command (``commands``), the command calls the
position model (:class:`sgstudio.core.positions.splitnim.SplitNimPosition`), and the widgets follow
the model's events. Work that may take long (a table for parts >= 4, the winning moves of a
million heaps, a big brute-force table) runs in :class:`sgstudio.gui.tasks.Task` workers with a
progress bar and Cancel; their results are dropped when the position changed meanwhile.

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

from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent
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

from sgstudio.core.errors import ParseError
from sgstudio.core.moves import parse_splitnim_move
from sgstudio.core.positions.splitnim import MAX_PARTS, SplitNimPosition, parse_size, parse_sizes
from sgstudio.formats import hdu5795
from sgstudio.gui import palette
from sgstudio.gui.cases import choose_case
from sgstudio.gui.tabs import GameTab
from sgstudio.gui.tabs.playshow import REFUSED, playing_banner
from sgstudio.gui.tabs.splitnim.analysis import MOVE_ROWS, Analyst
from sgstudio.gui.tabs.splitnim.commands import (
    RemoveRangesCommand,
    ReplaceCommand,
    SetPartsCommand,
    SpliceCommand,
)
from sgstudio.gui.tabs.splitnim.heaps import HeapTableModel, HeapView
from sgstudio.gui.tabs.splitnim.panels import ComparisonPanel, MovesPanel, OutcomePanel
from sgstudio.gui.tabs.splitnim.playing import SplitNimPlay
from sgstudio.gui.tasks import TaskProgress
from sgstudio.gui.widgets import group_box

DEFAULT_HEAPS = (13, 9, 7)
MIN_WIDTHS = (250, 230, 210)  # the splitter's columns: heaps, verdict and moves, g(0..N) table


class SplitNimTab(GameTab):
    """Edit a split-nim position and see who wins, why, and every winning move."""

    key = "splitnim"
    title = "Split-nim"
    judge_format = "hdu5795"

    def __init__(self, parent: QWidget | None = None, position: SplitNimPosition | None = None) -> None:
        super().__init__(parent)
        self.position = position if position is not None else SplitNimPosition(DEFAULT_HEAPS, parts=3)
        self.play = SplitNimPlay(self)
        self._build()
        self.analyst = Analyst(self.position, self.heap_model, self.outcome, self.moves, self.compare,
                               self.progress, self.compute_button, self._tell, self)
        self.compare.count_changed.connect(self.analyst.refresh_comparison)
        self.position.changed.connect(self._heaps_changed)
        self.position.parts_changed.connect(self._parts_changed)
        self._heaps_changed()
        self._parts_changed(self.position.parts)

    # -- widgets -----------------------------------------------------------------------------
    def _build(self) -> None:
        self.splitter = splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(self._build_heaps())
        splitter.addWidget(self._build_analysis())
        self.compare = ComparisonPanel(self)
        self.compare.progress.label.setWordWrap(True)
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
        self.banner = playing_banner(self)
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
        self.import_button.clicked.connect(self._import_file)
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
        self.outcome = OutcomePanel(self)
        self.moves = MovesPanel(MOVE_ROWS, self)
        self.moves.played.connect(self._play)
        self.compute_button = QPushButton("Compute the table", self)
        self.compute_button.hide()
        self.progress = TaskProgress(self)
        self.progress.label.setWordWrap(True)
        column = QWidget(self)
        layout = QVBoxLayout(column)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.outcome)
        layout.addWidget(self.compute_button)
        layout.addWidget(group_box("Winning moves (double-click to play)", self.moves), 1)
        layout.addWidget(self.progress)
        return column

    # -- edits (each one undo command) -------------------------------------------------------
    def refuse_edit(self, *_args: object) -> bool:
        """An edit gesture while play is on: refused with the reason."""
        self._tell(REFUSED, error=True)
        return False

    def _edit_heap(self, row: int, text: str) -> bool:
        if self.play.active:
            return self.refuse_edit()
        try:
            size = parse_size(text)
        except ValueError as err:
            self._tell(f"Heap {row + 1} unchanged: {err}.", error=True)
            return False
        self._tell("")
        if size != self.position.heap(row):
            text = f"Set heap {row + 1} to {size}"
            self.undo_stack.push(SpliceCommand(self.position, row, 1, [size], text))
        return True

    def _add_heaps(self) -> None:
        if self.play.active:
            self.refuse_edit()
            return
        try:
            sizes = parse_sizes(self.sizes.text())
        except ValueError as err:
            self._tell(f"Nothing added: {err}.", error=True)
            return
        self._tell("")
        start = len(self.position)
        text = f"Add heap {sizes[0]}" if len(sizes) == 1 else f"Add {len(sizes)} heaps"
        self.undo_stack.push(SpliceCommand(self.position, start, 0, sizes, text))
        self.sizes.clear()
        self.heap_view.scrollTo(self.heap_model.index(len(self.position) - 1, 0))

    def _remove_selected(self) -> None:
        ranges = self.heap_view.selected_ranges()
        if not ranges:
            self._tell("Select the heaps to remove first (click a row; Shift or Ctrl adds more).", error=True)
            return
        self._remove_ranges(ranges)

    def _remove_ranges(self, ranges: list) -> None:
        if self.play.active:
            self.refuse_edit()
            return
        self._tell("")
        self.heap_view.clearSelection()
        self.undo_stack.push(RemoveRangesCommand(self.position, [tuple(r) for r in ranges]))

    def _parts_edited(self, parts: int) -> None:
        if self.play.active:  # the box is disabled in play mode; nothing changes
            return
        if parts != self.position.parts:
            self.undo_stack.push(SetPartsCommand(self.position, parts))

    def _play(self, move: tuple[int, tuple[int, ...]]) -> None:
        if self.play.active:
            self.refuse_edit()
            return
        i, after = move
        try:
            self.position.game.apply((self.position.heap(i),), (0, after))
        except (ValueError, IndexError) as err:
            self._tell(f"Cannot play that move: {err}.", error=True)
            return
        text = "Play " + self.position.game.move_text(move, self.position.heap_array)
        self.undo_stack.push(SpliceCommand(self.position, i, 1, list(after), text))
        self.status_message.emit(text)

    def _tell(self, text: str, error: bool = False) -> None:
        self.message.setText(text)
        if text:
            self.status_message.emit(text)

    # -- following the model -----------------------------------------------------------------
    def _heaps_changed(self, *_args: object) -> None:
        if self.play.active:
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
        return self.analyst.settle(msecs)

    def shutdown(self) -> None:
        """Stop every worker (blocks until they stopped); call before the tab goes away."""
        self.analyst.shutdown()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.shutdown()
        super().closeEvent(event)

    # -- GameTab -----------------------------------------------------------------------------
    def to_state(self) -> dict[str, Any]:
        return {**self.position.to_dict(), "table_n": self.compare.count.value()}

    def check_state(self, state: dict[str, Any]) -> None:
        SplitNimPosition.from_state(state)

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
        self._tell("")

    def import_judge_text(self, text: str, file: str, case: int | None = None) -> None:
        cases = hdu5795.parse(text, file)
        if not cases:
            raise ParseError("the file holds no test case (T = 0)", file=file)
        if case is None:
            case = 0 if len(cases) == 1 else self._ask_case(cases, file)
            if case is None:
                return
        elif not 0 <= case < len(cases):
            raise ValueError(f"{file} has {len(cases)} test cases: there is no case {case + 1}")
        heaps = cases[case].heaps
        name = Path(file).name
        self.undo_stack.push(ReplaceCommand(self.position, heaps, hdu5795.PARTS,
                                            f"Import case {case + 1} of {name}"))
        self._tell("")
        self.status_message.emit(f"Loaded case {case + 1} of {name}: {len(heaps):,} heaps, 3 parts")

    def _ask_case(self, cases: list, file: str) -> int | None:
        return choose_case(self, self.judge_format, file, [_preview(c.heaps) for c in cases])

    def _import_file(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        from sgstudio.gui.errors import show_file_error

        path, _ = QFileDialog.getOpenFileName(self, "Import an HDU 5795 file", "",
                                              "Text files (*.txt);;All files (*)")
        if not path:
            return
        try:
            self.import_judge_text(Path(path).read_text(encoding="utf-8"), path)
        except (OSError, ValueError) as err:
            show_file_error(self, "import", path, err)

    def game_and_position(self) -> tuple[Any, tuple]:
        return self.position.game, self.position.heaps

    # -- play mode (the Play panel) ------------------------------------------------------------
    def show_play_position(self, position: tuple, move: tuple | None = None, animate: bool = True) -> bool:
        """Show a played position in the tab (read-only); a forward move is animated."""
        return self.play.show(position, move, animate)

    def end_play(self) -> None:
        self.play.end()
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
            self._tell(f"Not a move: {err}", error=True)
            return
        self._tell("")
        self.play_move_requested.emit(move)

    def can_keep_play_position(self) -> bool:
        return True

    def keep_play_position(self, position: tuple) -> None:
        """The played heaps become the tab's, as one undo step (none if they are the same)."""
        heaps = tuple(position)
        if heaps != self.position.heaps:
            self.undo_stack.push(ReplaceCommand(self.position, heaps, self.position.parts,
                                                "Keep the played position"))

    def set_playing(self, on: bool) -> None:
        """Read-only with the banner while play is on; editable again after."""
        self.banner.setVisible(on and self.banner_in_tab)
        self.heap_view.set_read_only(on)
        for widget in (self.parts, self.sizes, self.add_button, self.remove_button, self.import_button):
            widget.setEnabled(not on)
        self._tell("")


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
