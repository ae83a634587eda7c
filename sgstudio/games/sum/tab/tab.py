"""The Sum tab: positions of different games side by side, analysed and played as one sum.

The components come from any tab ("Add to sum": that tab's position, with its game and rule,
:meth:`~sgstudio.gui.tabs.base.GameTab.sum_component`) or from the tab's own Add menu
(:mod:`sgstudio.games.sum.tab.starts`); Edit (or a double-click on a row) types a component's
position anew, as a saved file keeps it, the game staying; Edit, Remove, Up and Down are each one
undo step. The
table shows each component's game, position and value; the one Analysis panel shows the nim-sum in
binary, WIN/LOSE/DRAW and every winning move (double-click plays it, naming its component: ``#2 heap
1: take 2 -> 3``); under the table the theorem in words, with the components' actual values
(:func:`sgstudio.games.sum.analysis.explain`). The model is a
:class:`~sgstudio.games.sum.position.SumPosition`; the game a :class:`~sgstudio.games.sum.game.SumGame`.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMenu,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from sgstudio.core.errors import SGStudioError, clip
from sgstudio.formats.json_text import decode
from sgstudio.games.sum.analysis import explain
from sgstudio.games.sum.game import Component, SumGame
from sgstudio.games.sum.position import SumPosition
from sgstudio.games.sum.tab.starts import STARTS
from sgstudio.games.sum.text import FORMS, TOKEN_FORMS, parse_component
from sgstudio.gui.misere_games import GameMisereRunner
from sgstudio.gui.panels.analysis import AnalysisPanel
from sgstudio.gui.tabs.base import RedrawnPlayTab, StateCommand
from sgstudio.gui.widgets import group_box, message_line

COLUMNS = ("#", "Game", "Position", "Value")
THEOREM_TITLE = "Why: the Sprague–Grundy theorem, with these values"
MISERE_TITLE = "Why: misère play (the last move loses)"
MISERE_WHY = ("Under misère play the Sprague–Grundy theorem does not decide a sum: components of equal "
              "values can differ (*1 + *1 is won by the player to move, *2 + *2 lost), so the nim-sum "
              "of the values (shown for reference) is not the answer. The Analysis panel says which "
              "theory decides this sum: misère Nim (Bouton) when every component is Nim, the misère "
              "quotient for heaps of one octal game, genus theory when every component is tame, a "
              "retrograde analysis when play can go on for ever, else a search of the whole position.")
TABLE_ROWS = 7  # the table's height in rows (a heading and six components); more scroll
EMPTY = "No component yet: use Add, or \"Add to sum\" (Edit menu) on any other tab."
MAX_POSITION_TEXT = 100_000
"""The most characters a typed position may have (read before anything is built)."""


def misere_sum(game: SumGame) -> Any:
    """The sum played misère: a retrograde analysis of whole positions when a component may go on
    for ever (WIN, LOSE or DRAW), else :func:`~sgstudio.core.misere.analysis.analyse_misere` of the
    components (misère Nim, the quotient, genus theory or the search)."""
    from sgstudio.core.misere.play import MisereGame
    from sgstudio.core.misere.retro_game import RetroMisereGame

    return RetroMisereGame(game, component_moves=True) if game.may_draw else MisereGame.of_sum(game)


class SumTab(RedrawnPlayTab):
    """A sum across games: the components' table and the theorem on the left, the analysis right."""

    key = "sum"
    title = "Sum"
    addable = False  # a sum is not a component of a sum
    play_rules = True

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = SumPosition(STARTS[i][1]() for i in (0, 1, 3))  # Nim, S-Nim, 0.07: 3 ⊕ 3 ⊕ 3
        self.add_button = QToolButton(self)
        self.add_button.setText("Add")
        self.add_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.add_menu = QMenu(self.add_button)
        for text, make in STARTS:
            self.add_menu.addAction(text.replace("&", "&&"), lambda m=make: self.add_component(m()))
        self.add_menu.addSeparator()
        self.add_menu.addAction("From text (0.07:15, board:..x.x, dag:FILE:1:0)…", self.ask_text)
        self.add_button.setMenu(self.add_menu)
        self.edit_button = QPushButton("Edit…", self)
        self.edit_button.setToolTip("Type the selected component's position anew (or double-click its row)")
        self.edit_button.clicked.connect(self.edit_selected)
        self.remove_button = QPushButton("Remove", self)
        self.up_button = QPushButton("Up", self)
        self.down_button = QPushButton("Down", self)
        self.remove_button.clicked.connect(self._remove)
        self.up_button.clicked.connect(self._move_up)
        self.down_button.clicked.connect(self._move_down)
        self.table = _components_table(self)
        # queued: the table's model emits as it is destroyed, and no call then reaches the dying tab
        self.table.itemSelectionChanged.connect(self._enable, Qt.ConnectionType.QueuedConnection)
        self.table.doubleClicked.connect(lambda index: self.edit_component(index.row()))
        self.remove_button.setToolTip("Remove the selected component (Delete on the table)")
        self.table.remove_requested.connect(self._remove)
        self.message = message_line(self)
        self.theorem = QLabel("", self)
        self.theorem.setWordWrap(True)
        self.analysis_panel = AnalysisPanel(self, rule_choice=True)
        self.analysis_panel.move_activated.connect(self._play)
        self._game: tuple[tuple, SumGame] | None = None  # the sum's game, while its components' games stay
        self.attach_play_rule(self.analysis_panel)
        self.misere = GameMisereRunner(self, self.analysis_panel, misere_sum)
        self._layout()
        self.model.changed.connect(self.refresh)
        self.refresh()

    def _layout(self) -> None:
        buttons = QHBoxLayout()
        for button in (self.add_button, self.edit_button, self.remove_button, self.up_button,
                       self.down_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        left = QVBoxLayout()
        left.addLayout(buttons)
        left.addWidget(self.table)
        left.addWidget(self.message)
        self.theorem_box = group_box(THEOREM_TITLE, self.theorem)
        left.addWidget(self.theorem_box)
        left.addStretch(1)
        columns = QHBoxLayout()
        columns.addLayout(left, 3)
        columns.addWidget(self.analysis_panel, 2)
        layout = QVBoxLayout(self)
        layout.addWidget(self.banner)
        layout.addLayout(columns, 1)

    # -- edits (each one undo step) -------------------------------------------------------------
    def add_component(self, component: Component) -> bool:
        """Add ``component`` last, as one undo step (refused during play)."""
        text = f"Add {component.text()} to the sum"
        done = self.edit(StateCommand(self.model, lambda: self.model.add(component), text))
        if done:
            self.table.selectRow(len(self.model.components) - 1)
        return done

    def ask_text(self) -> None:
        """Add Menu > From text: a component typed as ``sgstudio sum`` reads it (RULE:HEAP, board:ROW,
        dag:FILE:CASE:V1,... with FILE relative to the document's folder, see :meth:`folder`).
        A bad one is asked again as typed, with what is wrong with it, until it reads or the person
        cancels."""
        text, refusal = "", ""
        prompt = f"A component: {FORMS}; or {TOKEN_FORMS}, FILE relative to {self.folder()} or absolute"
        while True:
            text, ok = ask_again(self, "Add to the sum", prompt, text, refusal)
            if not ok or not text.strip():
                return
            component, refusal = self._read_component(text)
            if component is not None:
                self.add_component(component)
                return
            self.tell(refusal, error=True)

    def add_text(self, text: str) -> bool:
        """Add the component ``text`` writes; a bad one is told on the message line, nothing added."""
        component, refusal = self._read_component(text)
        if component is None:
            self.tell(refusal, error=True)
            return False
        return self.add_component(component)

    def folder(self) -> str:
        """Where a ``dag:``/``loopy:`` FILE typed is looked for: the folder of the window's document
        once it is saved, else the working folder (never standard input)."""
        import os

        path = getattr(getattr(self.window(), "document", None), "path", None)
        return str(path.parent) if path is not None else os.getcwd()

    def _read_component(self, text: str) -> tuple[Component | None, str]:
        """The component ``text`` writes, or None and why not."""
        try:
            component = parse_component(text, folder=self.folder())
            component.value()
        except (SGStudioError, ValueError) as err:
            return None, f"Not added: {err}"
        return component, ""

    def edit_selected(self) -> None:
        """Edit…: type the selected component's position anew (see :meth:`edit_component`)."""
        index = self.selected()
        if index is not None:
            self.edit_component(index)

    def edit_component(self, index: int) -> None:
        """Ask for component ``index``'s position, shown as a saved file keeps it (a list of heaps,
        of vertex numbers for tokens, ...), and set it (refused during play). A bad one is asked
        again as typed, with what is wrong with it."""
        if self.refuse_in_play() or not 0 <= index < len(self.model.components):
            return
        component = self.model.components[index]
        text, refusal = json.dumps(component.game.position_state(component.position)), ""
        prompt = f"#{index + 1} {component.title()}: its position, as a saved file keeps it"
        while True:
            text, ok = ask_again(self, f"Edit #{index + 1}", f"{prompt}\n{_numbering(component)}", text,
                                 refusal)
            if not ok:
                return
            position, refusal = self._read_position(index, text)
            if position is not None:
                self._set_position(index, position)
                return
            self.tell(refusal, error=True)

    def set_position_text(self, index: int, text: str) -> bool:
        """Set component ``index`` to the position ``text`` writes (JSON, as in a saved file), one
        undo step; a bad one is told on the message line and nothing changes."""
        position, refusal = self._read_position(index, text)
        if position is None:
            self.tell(refusal, error=True)
            return False
        return self._set_position(index, position)

    def _read_position(self, index: int, text: str) -> tuple[Any, str]:
        """The position of component ``index`` that ``text`` writes, or None and why not."""
        component = self.model.components[index]
        try:
            if len(text) > MAX_POSITION_TEXT:
                raise SGStudioError(f"a position of at most {MAX_POSITION_TEXT:,} characters, "
                                    f"not {len(text):,}")
            position = component.game.read_position(decode(text, "the position"))
            Component(component.game, position, component.labels).value()
        except (SGStudioError, ValueError) as err:
            return None, f"#{index + 1} not changed: {err}"
        return position, ""

    def _set_position(self, index: int, position: Any) -> bool:
        component = self.model.components[index]
        if position == component.position:
            return True
        words = clip(component.game.position_text(position, component.label), 60)
        command = StateCommand(self.model, lambda: self.model.set_position(index, position),
                               f"Edit #{index + 1}: {words}")
        if self.edit(command):
            self.table.selectRow(index)
            return True
        return False

    def selected(self) -> int | None:
        """The row chosen in the table (None: none)."""
        rows = self.table.selectionModel().selectedRows()
        return rows[0].row() if rows else None

    def _remove(self) -> None:
        index = self.selected()
        if self.refuse_in_play() or index is None:
            return
        text = f"Remove #{index + 1} from the sum"
        done = self.edit(StateCommand(self.model, lambda: self.model.remove(index), text))
        if done and self.model.components:
            self.table.selectRow(min(index, len(self.model.components) - 1))

    def _move_up(self) -> None:
        self._move_selected(-1)

    def _move_down(self) -> None:
        self._move_selected(+1)

    def _move_selected(self, step: int) -> None:
        index = self.selected()
        if self.refuse_in_play() or index is None or not 0 <= index + step < len(self.model.components):
            return
        text = f"Move #{index + 1} {'up' if step < 0 else 'down'}"
        if self.edit(StateCommand(self.model, lambda: self.model.move(index, index + step), text)):
            self.table.selectRow(index + step)

    def _play(self, move: tuple) -> None:
        if self.refuse_in_play():  # the rows show the played position: play it in the Play panel
            return
        game, position = self.game_and_position()
        after = game.apply(position, move)[move[0]]
        text = "Play " + game.move_text(move, position)
        self.edit(StateCommand(self.model, lambda: self.model.set_position(move[0], after), text))

    # -- showing --------------------------------------------------------------------------------
    def shown(self) -> tuple[SumGame, tuple]:
        """The sum shown: the tab's own, or the played position while play is on."""
        game, position = self.game_and_position()
        return game, (position if self.played is None else self.played)

    def refresh(self) -> None:
        """Show the components (or the played ones), the theorem and the analysis."""
        game, position = self.shown()
        self.table.setRowCount(len(position))
        for i, p in enumerate(position):
            component = game.component(position, i)
            cells = (f"#{i + 1}", component.title(), component.game.position_text(p, component.label),
                     str(component.value()))
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(text)
                self.table.setItem(i, column, item)
        analysis = game.analyse(position)  # the table names the games: the nim-sum shows #i only
        components = tuple(replace(c, detail="") for c in analysis.components)
        normal = replace(analysis, components=components, detail_title="")
        if self.is_misere:
            self.theorem_box.setTitle(MISERE_TITLE)
            self.theorem.setText(MISERE_WHY if position else EMPTY)
            self.misere.show(game, position, normal, has_move=lambda: game.has_move(position))
        else:
            self.theorem_box.setTitle(THEOREM_TITLE)
            self.theorem.setText(explain(game, position) if position else EMPTY)
            self.analysis_panel.show_analysis(normal, has_move=lambda: game.has_move(position))
        self._enable()

    def _enable(self) -> None:
        index, count, editable = self.selected(), len(self.model.components), not self.playing
        self.add_button.setEnabled(editable)
        self.edit_button.setEnabled(editable and index is not None)
        self.remove_button.setEnabled(editable and index is not None)
        self.up_button.setEnabled(editable and index is not None and index > 0)
        self.down_button.setEnabled(editable and index is not None and index < count - 1)

    def set_read_only(self, on: bool) -> None:
        self._enable()

    # -- the GameTab interface ------------------------------------------------------------------
    def to_state(self) -> dict[str, Any]:
        return self.model.to_dict()

    def load_state(self, state: dict[str, Any]) -> None:
        loaded, _view = SumPosition.from_state(state)  # ValueError: the tab is unchanged
        self.model.set_components(loaded.components)
        self.undo_stack.clear()

    def game_and_position(self) -> tuple[SumGame, tuple]:
        """The sum's game (one object while the components' games stay: its misère analyses are kept
        by it) and the components' positions."""
        game, position = self.model.game_and_position()
        key = tuple((id(g), labels) for g, labels in zip(game.games, game.labels, strict=True))
        if self._game is not None and self._game[0] == key:
            return self._game[1], position
        self._game = (key, game)  # the game holds its components' games: their ids stay theirs
        return game, position

    def highlight_play_move(self, move: tuple | None) -> None:
        super().highlight_play_move(move)
        if move is not None:
            self.table.selectRow(move[0])

    def keep_play_position(self, position: tuple) -> None:
        own = self.model.components
        kept = [Component(c.game, p, c.labels) for c, p in zip(own, position, strict=True)]
        if kept != list(own):
            text = "Keep the played position"
            self.push(StateCommand(self.model, lambda: self.model.set_components(kept), text))


def ask_again(parent: QWidget, title: str, prompt: str, text: str, refusal: str) -> tuple[str, bool]:
    """Ask for a line of text, showing ``text`` as typed before and, when it was refused, why
    (``refusal``) above the prompt: the person corrects it instead of typing it anew."""
    from PySide6.QtWidgets import QInputDialog

    label = f"{refusal}\nCorrect it, or Cancel.\n\n{prompt}" if refusal else prompt
    return QInputDialog.getText(parent, title, label, text=text)


def _numbering(component: Component, shown: int = 8) -> str:
    """What the numbers of a typed position stand for: the vertices' names for tokens on a graph.

    >>> from sgstudio.games.sum.tab.starts import STARTS
    >>> _numbering(STARTS[0][1]()), _numbering(STARTS[5][1]())
    ('Now: heaps 3', 'Now: tokens on A; vertex numbers: A = 0, B = 1, C = 2')
    """
    now = f"Now: {component.game.position_text(component.position, component.label)}"
    if component.labels is None:
        return now
    names = [f"{name} = {v}" for v, name in enumerate(component.labels[:shown])]
    more = ", …" if len(component.labels) > shown else ""
    return f"{now}; vertex numbers: {', '.join(names)}{more}"


class ComponentsTable(QTableWidget):
    """The components, one a row; Delete or Backspace asks to remove the selected one (as on the heap
    tables and the board)."""

    remove_requested = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace) and not event.modifiers():
            self.remove_requested.emit()
            return
        super().keyPressEvent(event)


def _components_table(parent: QWidget) -> QTableWidget:
    table = ComponentsTable(0, len(COLUMNS), parent)
    table.setHorizontalHeaderLabels(COLUMNS)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.verticalHeader().hide()
    rows = table.fontMetrics().lineSpacing() + 10
    table.setMinimumHeight(TABLE_ROWS * rows)
    table.setMaximumHeight(TABLE_ROWS * rows + rows // 2)
    header = table.horizontalHeader()
    header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
    header.setSectionResizeMode(3, QHeaderView.ResizeMode.ResizeToContents)
    return table
