"""The Take & break tab: a rule, heaps, who wins and every winning move, g(0..H) with its period, play.

Data flow: the rule editor or the heaps line -> an undo command -> a model method
(:class:`~sgstudio.games.takebreak.position.TakeBreakPosition`) -> a model event -> the tab shows
the new position. Everything said comes from the core: the rule in words and its refusal (the
parser), W/L and every winning move with its splits (the game's ``analyse``, in the one Analysis
panel: "heap 2: 17 -> take 1, leave 5 + 11, value 6 -> 0"), the period report with its
certificate (shaded in the plot only when certified: a pattern that merely appears is said to be
"not certified"), the rare values of the sparse-space method. Values the tab does not have yet
are computed off the UI thread with progress and Cancel (:mod:`.computing`); until then the
parts that need them show ``…``.

Play mode: the Play panel plays a copy of the position; the tab shows each played position
read-only under the banner, a hint selects its move among the winning moves, and "Keep position"
makes the played heaps the tab's own in one undo step.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QSplitter,
    QWidget,
)

from sgstudio.core.heaps import parse_heaps
from sgstudio.games.takebreak.game import TakeBreakError, TakeBreakGame
from sgstudio.games.takebreak.pattern import rule_certifier
from sgstudio.games.takebreak.period import PeriodReport
from sgstudio.games.takebreak.position import (
    PERIOD_SEARCH_DEFAULT,
    TakeBreakPosition,
    answers_at_once,
    default_plot_limit,
    rare_heaps,
    rare_words,
)
from sgstudio.games.takebreak.rules import Rule
from sgstudio.games.takebreak.tab.commands import SetRuleCommand
from sgstudio.games.takebreak.tab.computing import Computing
from sgstudio.games.takebreak.tab.plot import TakeBreakPlot
from sgstudio.games.takebreak.tab.rule_editor import RuleEditor, rule_title
from sgstudio.games.takebreak.tab.values import ValuesTable, row_length
from sgstudio.gui.panels.analysis import AnalysisPanel
from sgstudio.gui.pattern_line import PatternLine, PatternOverlay, PatternSearch
from sgstudio.gui.tabs.base import RedrawnPlayTab, StateCommand
from sgstudio.gui.tabs.misere_judges import MisereJudgeImport
from sgstudio.gui.tasks import TaskProgress
from sgstudio.gui.widgets import banner_over_columns, group_box, message_line

Heaps = tuple[int, ...]
COMPUTE_DELAY_MS = 120
"""A change waits this long before its computation starts (typing "0.137" computes once)."""


def period_words(report: PeriodReport) -> tuple[str, str]:
    """The headline of a period report and its certificate in words, saying "not certified" for
    anything a theorem does not prove.

    >>> period_words(PeriodReport(False, checked=4096, certificate="no theorem applies"))
    ('no period found within 4096 values, not certified', 'Not certified: no theorem applies.')
    """
    if report.certified:
        words = report.certificate
        return f"{report.headline()}, certified", words[:1].upper() + words[1:] + "."
    words = report.certificate
    if not words.startswith("appears"):
        words = f"not certified: {words}"
    return f"{report.headline()}, not certified", words[:1].upper() + words[1:] + "."


class TakeBreakTab(MisereJudgeImport, RedrawnPlayTab):
    """Take-and-break games: the rule, heaps, W/L and winning moves, g(0..H) with its period."""

    key = "takebreak"
    title = "Take & break"
    judge_format = "hdu2509"  # Be the Winner (imported misère, :mod:`~sgstudio.gui.tabs.misere_judges`)
    play_rules = True

    def __init__(self, parent: QWidget | None = None, model: TakeBreakPosition | None = None) -> None:
        super().__init__(parent)
        self.model = model or TakeBreakPosition()
        self.plot_limit: int | None = None  # None: the default H of the rule's period report
        self.search_limit = PERIOD_SEARCH_DEFAULT
        self._plotted: tuple | None = None
        self._build()
        self.computing = Computing(self.model, self.work, self.progress, self.status_message.emit,
                                   self.refresh)
        self._timer = QTimer(self, singleShot=True, interval=COMPUTE_DELAY_MS)
        self._timer.timeout.connect(self._compute)
        self._connect()
        app = QApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.cancel_work)
        self.editor.show_rule(self.model.rule)
        self.refresh()

    def _build(self) -> None:
        self.editor = RuleEditor()
        self.heaps = QLineEdit()
        self.heaps.setPlaceholderText("heap sizes, e.g. 5 9 14")
        self.set_button = QPushButton("Set heaps")
        self.quotient_button = QPushButton("Misère quotient…")  # the quotient view (its own window)
        self.quotient_button.setToolTip("The misère quotient of this rule (Plambeck–Siegel): its "
                                        "presentation, P-portion, pretending function and table")
        self.message = message_line()
        self.values_table = ValuesTable()
        self.analysis_panel = AnalysisPanel(banner=26, play_button=True, rule_choice=True)
        self.attach_play_rule(self.analysis_panel)
        self.plot = TakeBreakPlot()
        self.progress = TaskProgress()
        self.pattern_line = PatternLine(lines=(1, 0))  # every value computed, searched in the background
        self.pattern_search = PatternSearch(self.work, self.pattern_line,
                                            PatternOverlay(self.plot.view.getPlotItem()))
        self.pattern_line.copied.connect(self.status_message)
        row = QHBoxLayout()
        row.addWidget(self.heaps, 1)
        row.addWidget(self.set_button)
        row.addWidget(self.quotient_button)
        heaps_box = group_box("Heaps", self.message)
        heaps_box.layout().insertLayout(0, row)
        self.values_box = group_box("Values g(n)", self.values_table)
        left = QSplitter(Qt.Orientation.Vertical)
        for part in (group_box("Take-and-break rule", self.editor), heaps_box, self.values_box):
            left.addWidget(part)
            left.setCollapsible(left.count() - 1, False)
        left.setStretchFactor(2, 1)
        right = group_box("Grundy values of one heap: g(0..H)", self.plot, self.pattern_line, self.progress)
        banner_over_columns(self, self.banner, (left, self.analysis_panel, right), (350, 300, 630))

    def _connect(self) -> None:
        m = self.model
        m.rule_changed.connect(self._rule_changed)
        m.heaps_changed.connect(self.refresh)
        m.game_changed.connect(self.refresh)
        self.editor.rule_typed.connect(
            lambda rule, session: self.edit(lambda: SetRuleCommand(m, rule, session)))
        self.editor.preset_chosen.connect(self._preset_chosen)
        self.heaps.returnPressed.connect(self._typed_heaps)
        self.set_button.clicked.connect(self._typed_heaps)
        self.quotient_button.clicked.connect(self.show_quotient)
        self.analysis_panel.move_activated.connect(self._play)
        self.plot.limit_changed.connect(self._limit_chosen)
        self.plot.search_changed.connect(self._search_chosen)
        self.plot.recompute_requested.connect(self._resume)
        self.plot.said.connect(self.status_message)

    # -- edits (each one undo step) -------------------------------------------------------------
    def _typed_heaps(self) -> None:
        try:
            heaps = parse_heaps(self.heaps.text())
        except ValueError as err:
            self.tell(f"Heaps unchanged: {err}", error=True)
            return
        if heaps != self.model.heaps or self.playing:
            text = "Set the heaps to " + (" ".join(map(str, heaps)) or "none")
            self.edit(StateCommand(self.model, lambda: self.model.set_heaps(heaps), text))

    def _preset_chosen(self, rule: Rule) -> None:
        if rule.text != self.model.rule.text or self.playing:
            self.edit(lambda: SetRuleCommand(self.model, rule))

    def _play(self, move: tuple) -> None:
        if self.refuse_in_play():  # the tab shows the played position: play it in the Play panel
            return
        game, heaps = self.model.game, self.model.heaps

        def command() -> StateCommand:
            after = game.apply(heaps, move)  # MoveError (a ValueError): told, nothing pushed
            text = "Play " + game.move_text(move)
            return StateCommand(self.model, lambda: self.model.set_heaps(after), text)

        self.edit(command)

    def show_quotient(self) -> Any:
        """Open the misère quotient of the rule in a window of its own (computed there)."""
        from sgstudio.games.takebreak.tab.quotient_view import open_quotient_view

        return open_quotient_view(self, self.model.game)

    def _limit_chosen(self, h: int) -> None:
        self.plot_limit = h
        self.refresh()

    def _search_chosen(self, n: int) -> None:
        self.search_limit = n
        self.refresh()

    def _resume(self) -> None:
        self.computing.resume(self.model.rule.text)
        self.refresh()

    def _rule_changed(self) -> None:
        self.editor.show_rule(self.model.rule)
        self.plot_limit = None  # a new rule shows its own default H
        self.refresh()

    # -- showing ---------------------------------------------------------------------------------
    def shown_heaps(self) -> Heaps:
        """The heaps shown: the played ones while play is on, else the tab's own."""
        return self.model.heaps if self.played is None else self.played

    def limit(self, game: TakeBreakGame) -> int:
        """H of the plot: the person's, else the default of the rule's period report."""
        return self.plot_limit if self.plot_limit is not None else default_plot_limit(game.known_period())

    def refresh(self) -> None:
        """Show the position and what is known of its rule; compute (soon) what is missing."""
        game, heaps = self.model.game, self.shown_heaps()
        self.heaps.setText(" ".join(map(str, heaps)))
        self._show_analysis(game, heaps)
        self._show_values(game)
        self._search_pattern(game)
        need = self.computing.need(game, self.model.heaps + (self.played or ()), self.limit(game),
                                   self.search_limit)
        if need is None:
            self._timer.stop()
        elif need != self.computing.running:
            self._timer.start()

    def _compute(self) -> None:
        game = self.model.game
        need = self.computing.need(game, self.model.heaps + (self.played or ()), self.limit(game),
                                   self.search_limit)
        if need is not None and need != self.computing.running:
            self.computing.start(game, need)

    def _search_pattern(self, game: TakeBreakGame) -> None:
        """The Pattern line: every value computed so far, searched again as the table grows."""
        computed = game.table.computed
        plotted = min(self.limit(game) + 1, computed)
        if not computed:
            self.pattern_search.reset()
            return
        values = np.array(game.values(computed))  # a copy: the table may grow in a worker
        self.pattern_search.search(game.rule.text, computed, values, game.rule, rule_certifier(game.rule),
                                   upto=plotted)
        self.pattern_search.redraw(plotted)

    def _show_analysis(self, game: TakeBreakGame, heaps: Heaps) -> None:
        panel = self.analysis_panel
        halted = self.computing.halted(game.rule.text)
        if self.is_misere:  # the misère quotient, genus or a search decides, not the values
            normal = None
            if answers_at_once(game, heaps):
                try:
                    normal = game.analyse(heaps)
                except TakeBreakError:
                    normal = None
            self.misere.show(game, heaps, normal, has_move=lambda: game.has_move(heaps))
        elif answers_at_once(game, heaps) or (game.rule.text, heaps) in self.computing.tried:
            try:
                panel.show_analysis(game.analyse(heaps), has_move=lambda: game.has_move(heaps))
            except TakeBreakError as err:
                panel.show_pending("?", f"These heaps cannot be evaluated: {err}")
        elif halted:
            panel.show_pending("…", f"The values these heaps need are not computed ({halted}): press "
                                    "Compute again under the plot.")
        else:
            panel.show_pending("…", "Computing the values these heaps need…")
        panel.set_read_only(self.playing)

    def _show_values(self, game: TakeBreakGame) -> None:
        report, limit = game.known_period(), self.limit(game)
        n = min(limit + 1, game.table.computed)
        halted = self.computing.halted(game.rule.text)
        shown = (id(game), n, report, limit, halted)
        if shown == self._plotted:
            return
        self._plotted = shown
        self.plot.set_limit(limit)
        self.plot.set_search(self.search_limit)
        title = rule_title(game.rule)
        if n == 0:
            self.plot.show_message(f"{title}: the computation was stopped ({halted}); nothing is claimed"
                                   if halted else f"{title}: computing the values…", bool(halted))
            self.values_table.values_model.set_values(np.zeros(0, np.int64), None, np.zeros(0, np.int64))
            return
        values = np.asarray(game.values(n))
        if report is None:  # the values, while the period is searched (or after its search stopped)
            self._show_unsearched(game, values, halted)
            return
        headline, certificate = period_words(report)
        if n < limit + 1:
            certificate += f" Showing g(0..{n - 1:,}) of the {limit:,} asked for ({halted or 'computing'})."
        rare = rare_heaps(game, n)
        count = f"; {rare.size:,} below {n:,}, marked ◇" if rare.size else ""
        self.plot.show_report(values, report, f"{title}: {headline}", certificate, rare,
                              rare_words(game) + count)
        self.plot.recompute.setVisible(bool(halted))
        period = (report.preperiod, report.period) if report.certified else None
        self.values_table.values_model.set_values(values, period, rare)
        self.values_box.setTitle(f"Values g(0..{n - 1:,}), {row_length(period)} a row")

    def _show_unsearched(self, game: TakeBreakGame, values: np.ndarray, halted: str) -> None:
        """g(0..H) before any period report: nothing shaded, nothing claimed."""
        title, n = rule_title(game.rule), len(values)
        caption = (f"{title}: the period search was stopped ({halted}); nothing is claimed" if halted
                   else f"{title}: searching the period within {self.search_limit:,} values…")
        rare = rare_heaps(game, n)
        self.plot.show_report(values, None, caption, "", rare, rare_words(game))
        self.plot.recompute.setVisible(bool(halted))
        self.values_table.values_model.set_values(values, None, rare)
        self.values_box.setTitle(f"Values g(0..{n - 1:,}), {row_length(None)} a row")

    def set_read_only(self, on: bool) -> None:
        self.editor.set_read_only(on)
        self.heaps.setReadOnly(on)
        self.set_button.setEnabled(not on)
        self.analysis_panel.set_read_only(on)

    # -- background work ---------------------------------------------------------------------------
    def settle(self, msecs: int = 30_000) -> bool:
        """Process events until nothing is computed nor about to be (screenshots, tests)."""
        return self.work.settle(msecs, busy=self._timer.isActive)

    def cancel_work(self) -> None:
        self._timer.stop()
        super().cancel_work()

    # -- the GameTab interface -------------------------------------------------------------------
    def to_state(self) -> dict[str, Any]:
        """The position, and H and the search bound when the person chose them (None: automatic)."""
        search = self.search_limit if self.search_limit != PERIOD_SEARCH_DEFAULT else None
        return {**self.model.to_dict(), "plot_limit": self.plot_limit, "search_limit": search}

    def load_state(self, state: dict[str, Any]) -> None:
        loaded, view = TakeBreakPosition.from_state(state)  # ValueError: the tab is unchanged
        self.model.restore(loaded.snapshot())
        self.undo_stack.clear()
        self.plot_limit = view["plot_limit"]
        self.search_limit = view["search_limit"] or PERIOD_SEARCH_DEFAULT
        self.refresh()

    def game_and_position(self) -> tuple[TakeBreakGame, Heaps]:
        return self.model.game, self.model.heaps

    def rule_game_identity(self, game: Any) -> Any:
        """The rule's code names the game."""
        return "takebreak", game.rule.text
