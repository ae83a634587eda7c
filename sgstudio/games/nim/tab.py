"""The Nim tab: type the heaps, see who wins and every winning move, play.

The worked example of ``docs/adding-a-game.md``: everything a tab needs beyond its own widgets comes
from :class:`~sgstudio.gui.tabs.base.GameTab` (the undo stack, refusing edits during play, the
Play target; :class:`~sgstudio.gui.tabs.base.RedrawnPlayTab` shows played positions by redrawing
the tab) and from the one Analysis panel; the game is :class:`sgstudio.games.nim.game.NimGame`,
its position a :class:`~sgstudio.core.heaps.HeapsPosition`.

The play rule (Normal / Misère) is the base's too: the tab sets ``play_rules``, makes its panel with
``rule_choice=True`` and calls :meth:`~sgstudio.gui.tabs.base.GameTab.attach_play_rule`; under
misère :meth:`refresh` hands the position to the tab's ``misere`` runner instead of showing the
normal analysis (the rule is saved with the state and switched as one undo step by the base).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget

from sgstudio.core.heaps import HeapsPosition, parse_heaps
from sgstudio.games.nim.game import NimGame
from sgstudio.gui.panels.analysis import AnalysisPanel
from sgstudio.gui.tabs.base import RedrawnPlayTab, StateCommand
from sgstudio.gui.tabs.misere_judges import MisereJudgeImport
from sgstudio.gui.widgets import FittedLabel, message_line

RULE = "A move takes any number of stones (at least one) from one heap. Heap h has Grundy value h."


class NimTab(MisereJudgeImport, RedrawnPlayTab):
    """Plain Nim: the heaps in one line, the Analysis panel beside them."""

    key = "nim"
    title = "Nim"
    judge_format = "hdu1907"  # John: misère Nim (imported misère, :mod:`~sgstudio.gui.tabs.misere_judges`)
    play_rules = True

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model, self.game = HeapsPosition((3, 4, 5)), NimGame()
        self.heaps = QLineEdit(self)
        self.heaps.setPlaceholderText("heap sizes, e.g. 3 4 5")
        self.heaps.returnPressed.connect(self._typed)
        self.set_button = QPushButton("Set heaps", self)
        self.set_button.clicked.connect(self._typed)
        self.message = message_line(self)
        self.analysis_panel = AnalysisPanel(self, rule_choice=True)
        self.analysis_panel.move_activated.connect(self._play)
        self.attach_play_rule(self.analysis_panel)
        self._layout()
        self.model.changed.connect(self.refresh)
        self.refresh()

    def _layout(self) -> None:
        row = QHBoxLayout()
        row.addWidget(QLabel("Heaps:", self))
        row.addWidget(self.heaps, 1)
        row.addWidget(self.set_button)
        left = QVBoxLayout()
        left.addLayout(row)
        left.addWidget(self.message)
        left.addWidget(FittedLabel(RULE, self, lines=2))  # no height-for-width: the tab never scrolls
        left.addStretch(1)
        columns = QHBoxLayout()
        columns.addLayout(left, 1)
        columns.addWidget(self.analysis_panel, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.banner)
        layout.addLayout(columns, 1)

    # -- edits (each one undo step) -------------------------------------------------------------
    def _typed(self) -> None:
        try:
            heaps = parse_heaps(self.heaps.text())
        except ValueError as err:
            self.tell(f"Heaps unchanged: {err}", error=True)
            return
        if heaps != self.model.heaps:
            text = "Set the heaps to " + " ".join(map(str, heaps))
            self.edit(StateCommand(self.model, lambda: self.model.set_heaps(heaps), text))

    def _play(self, move: tuple[int, int]) -> None:
        if self.refuse_in_play():  # the rows show the played position: play it in the Play panel
            return
        after = self.game.apply(self.model.heaps, move)
        text = "Play " + self.game.move_text(move, self.model.heaps)
        self.edit(StateCommand(self.model, lambda: self.model.set_heaps(after), text))

    def refresh(self) -> None:
        """Show the tab's own heaps (or the played ones) and their analysis."""
        heaps = self.model.heaps if self.played is None else self.played
        self.heaps.setText(" ".join(map(str, heaps)))
        normal = self.game.analyse(heaps)
        if self.is_misere:
            self.misere.show(self.game, heaps, normal, has_move=lambda: self.game.has_move(heaps))
        else:
            self.analysis_panel.show_analysis(normal, has_move=lambda: self.game.has_move(heaps))

    def set_read_only(self, on: bool) -> None:
        self.heaps.setReadOnly(on)
        self.set_button.setEnabled(not on)

    # -- the GameTab interface ------------------------------------------------------------------
    def to_state(self) -> dict[str, Any]:
        return self.model.to_dict()

    def load_state(self, state: dict[str, Any]) -> None:
        loaded, _view = HeapsPosition.from_state(state)  # ValueError: the tab is unchanged
        self.model.set_heaps(loaded.heaps)
        self.undo_stack.clear()

    def game_and_position(self) -> tuple[NimGame, tuple[int, ...]]:
        return self.game, self.model.heaps
