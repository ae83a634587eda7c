"""The one Analysis panel: who wins, the nim-sum in binary, every winning move, for every game.

It shows an :class:`~sgstudio.core.analysis.Analysis`, the record every game's ``analyse`` makes
(:mod:`sgstudio.core.analysis`), whatever the tab: the outcome in large type on its colour, who wins
in one sentence, the components' values in binary with their XOR under them (the nim-sum line
stays in sight while the components' rows scroll), and the winning moves with why each wins. A tab
may add its own part below (:meth:`AnalysisPanel.add_part`): the Graph tab's "why this value",
the split-nim tab's counting of the rest, the board's table computation.

Theory shown here: a position is a sum of games (heaps, rows, tokens), so its value is the XOR
(nim-sum) of the components' values and the player to move wins exactly when it is non-zero; a move
in a component of value a wins exactly when it leaves it at a XOR total, which makes the new
nim-sum 0. The panel never edits anything: it emits ``move_hovered(move)`` (None when the mouse
leaves) and ``move_activated(move)`` (a double-click, Enter, or the Play button), which the tab
turns into a highlight or an undoable move.

Misère play (``rule_choice=True``: the Normal / Misère choice on top, :mod:`sgstudio.gui.play_rule`):
the Grundy value alone no longer decides a sum, so :meth:`AnalysisPanel.show_misere` shows what
does: the theory that decided and its reason in words, each part's genus where known beside its
normal value, and the winning moves of misère play.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QFontDatabase, QPalette
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from sgstudio.core.analysis import Analysis
from sgstudio.core.misere.shown import MisereShown
from sgstudio.core.outcome import Outcome
from sgstudio.gui.widgets import FittedLabel, OutcomeBanner, group_box

MOVE_ROLE = Qt.ItemDataRole.UserRole
TABLE_ROWS = 5
"""The nim-sum table shows at least this many lines above its nim-sum line (a heading and four
components); more scroll. Its height follows the room the panel has, never its content, so nothing
under it moves as components come and go (unless it is made to fit its lines: ``fit_rows``)."""
FIT_ROWS_MAX = 12
"""A table that fits its lines grows to at most this many above its nim-sum line."""
FIT_ROWS_MIN = 2
"""... and, when the panel is short of room, shrinks to this many, its rows scrolling."""
NO_MOVE = {Outcome.LOSE: "No winning move: every move leaves a non-zero nim-sum.",
           Outcome.DRAW: "No winning move: nobody can force a win from here.",
           Outcome.WIN: "No winning move listed."}
NO_MOVE_AT_ALL = "No move at all: the player to move cannot move."
STUCK = "The player to move has no move and loses."
MISERE_STUCK = ("Misère play: the player to move has no move left and wins (the opponent made the last "
                "move).")
MISERE_NO_MOVE = "No winning move: every move leaves the opponent a misère win."
TABLE_TITLE = "Nim-sum (XOR of the values)"
MISERE_TITLE = "What decides misère play"


def short(label: str, width: int = 10) -> str:
    """A label cut to ``width`` characters.

    >>> short("a-very-long-name", 6), short("B")
    ('a-very…', 'B')
    """
    return label if len(label) <= width else label[:width] + "…"


def nim_table(analysis: Analysis) -> str:
    """The components' values in binary, a rule, then their XOR (monospace text); a column of the
    components' details (a heap's size) when the analysis has them.

    >>> from sgstudio.core.analysis import sum_analysis
    >>> a = sum_analysis([2, 3], [], part="token", component_of=lambda m: 0, text=str,
    ...                  name="AC".__getitem__)
    >>> print(nim_table(a))
    token  value  binary
    A          2      10
    C          3      11
    --------------------
    nim-sum    1      01
    >>> b = sum_analysis([2, 2, 1], [], part="heap", component_of=lambda m: 0, text=str,
    ...                  detail=["5", "12", "9"].__getitem__, detail_title="size")
    >>> print(nim_table(b))
    heap  size  value  binary
    1        5      2      10
    2       12      2      10
    3        9      1      01
    -------------------------
    nim-sum         1      01
    """
    rows = [(short(c.name), c.detail, c.value) for c in analysis.components]
    total, value = analysis.total, analysis.value
    bits = max([1, *(v.bit_length() for _, _, v in rows if isinstance(v, int)), (total or 0).bit_length()])
    value_w = max([5, len(str(value)), *(len(str(v)) for _, _, v in rows)])
    bin_w = max(6, bits)

    def binary(v: object) -> str:
        return format(v, f"0{bits}b") if isinstance(v, int) else "—"

    if analysis.detail_title:  # name | detail | value | binary; the nim-sum spans name and detail
        name_w = max([4, len(analysis.part), *(len(n) for n, _, _ in rows)])
        detail_w = max([len(analysis.detail_title), *(len(d) for _, d, _ in rows)])
        head = f"{{:<{name_w}}}  {{:>{detail_w}}}  {{:>{value_w}}}  {{:>{bin_w}}}"
        out = [head.format(analysis.part, analysis.detail_title, "value", "binary")]
        out += [head.format(n, d, str(v), binary(v)) for n, d, v in rows]
        tail = f"{{:<{name_w + 2 + detail_w}}}  {{:>{value_w}}}  {{:>{bin_w}}}"
    else:  # name | value | binary
        name_w = max([7, len(analysis.part) + 2, *(len(n) for n, _, _ in rows)])
        head = tail = f"{{:<{name_w}}}{{:>{value_w}}}  {{:>{bin_w}}}"
        out = [head.format(analysis.part, "value", "binary")]
        out += [head.format(n, str(v), binary(v)) for n, _, v in rows]
    hidden = analysis.component_count - len(rows)
    if hidden > 0:
        out.append(f"… and {hidden:,} more {analysis.part}s")
    out.append("-" * len(out[0]))
    out.append(tail.format("nim-sum" if total is not None else "value", str(value), binary(value)))
    return "\n".join(out)


def _monospace_text(parent: QWidget) -> QPlainTextEdit:
    text = QPlainTextEdit(parent)
    text.setReadOnly(True)
    text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
    text.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
    text.setFrameShape(QFrame.Shape.NoFrame)
    return text


class NimTable(QFrame):
    """The nim-sum table: the components' rows scroll, the nim-sum line under them always shows.

    Both parts scroll sideways together (long heap sizes). The rows' part is at least ``rows`` lines
    high and takes the room it is given (``fit_rows``: exactly as high as its lines, up to
    :data:`FIT_ROWS_MAX`); :meth:`toPlainText` is the whole table.
    """

    def __init__(self, parent: QWidget | None = None, rows: int = TABLE_ROWS, fit_rows: bool = False) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setBackgroundRole(QPalette.ColorRole.Base)  # one white box, like a text field
        self.setAutoFillBackground(True)
        self.fit_rows = fit_rows
        self.rows = _monospace_text(self)
        self.total = _monospace_text(self)
        self.total.setObjectName("nim_sum_line")
        self.total.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.total.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.total.setFixedHeight(self._height(self.total, 2))
        self.rows.setMinimumHeight(self._height(self.rows, rows))
        self.rows.horizontalScrollBar().valueChanged.connect(self.total.horizontalScrollBar().setValue)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(1, 1, 1, 1)
        layout.setSpacing(0)
        layout.addWidget(self.rows, 1)
        layout.addWidget(self.total)

    @staticmethod
    def _height(part: QPlainTextEdit, lines: int) -> int:
        return lines * part.fontMetrics().lineSpacing() + 2 * int(part.document().documentMargin()) + 2

    def setPlainText(self, text: str) -> None:  # the QPlainTextEdit name: the table reads like one
        lines = text.split("\n")
        split = len(lines) - 2 if len(lines) > 2 and lines[-2].startswith("---") else len(lines)
        self.rows.setPlainText("\n".join(lines[:split]))
        self.total.setPlainText("\n".join(lines[split:]))
        self.total.horizontalScrollBar().setValue(self.rows.horizontalScrollBar().value())
        if self.fit_rows:  # as high as its lines; less (with a scroll bar) when the panel is short
            fit = self._height(self.rows, max(1, min(split, FIT_ROWS_MAX)))
            self.rows.setMinimumHeight(min(fit, self._height(self.rows, FIT_ROWS_MIN)))
            self.rows.setMaximumHeight(fit)

    def toPlainText(self) -> str:
        tail = self.total.toPlainText()
        return self.rows.toPlainText() + ("\n" + tail if tail else "")

    def text(self) -> str:
        """The whole table (as :meth:`toPlainText`)."""
        return self.toPlainText()


class MoveList(QListWidget):
    """The winning moves; hovering a row (or making it current) and leaving report the move, a
    double-click or Enter activates it."""

    hovered = Signal(object)
    activated = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMouseTracking(True)
        self.setWordWrap(True)  # a long move wraps: the list never scrolls sideways
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.itemEntered.connect(lambda item: self.hovered.emit(item.data(MOVE_ROLE)))
        self.currentItemChanged.connect(lambda item, _old: self.hovered.emit(item.data(MOVE_ROLE) if item
                                                                             else None))
        self.itemActivated.connect(self._activated)

    def _activated(self, item: QListWidgetItem) -> None:
        if item.data(MOVE_ROLE) is not None:
            self.activated.emit(item.data(MOVE_ROLE))

    def leaveEvent(self, event: QEvent) -> None:
        self.hovered.emit(None)
        super().leaveEvent(event)

    def moves(self) -> list[tuple]:
        """The move of every row, in order."""
        found = (self.item(i).data(MOVE_ROLE) for i in range(self.count()))
        return [m for m in found if m is not None]


def _tight(box: QWidget) -> QWidget:
    """A group box with slim margins (the panel's parts stack in little room)."""
    box.layout().setContentsMargins(4, 2, 4, 4)
    return box


class AnalysisPanel(QWidget):
    """The outcome, who wins, the nim-sum table and the winning moves of an
    :class:`~sgstudio.core.analysis.Analysis`; the tab's own parts below (:meth:`add_part`).

    ``play_button`` adds a Play button under the moves (it activates the current one).
    """

    move_hovered = Signal(object)
    move_activated = Signal(object)
    more_link = Signal(str)

    def __init__(self, parent: QWidget | None = None, *, banner: float = 30, play_button: bool = False,
                 table_rows: int = TABLE_ROWS, fit_rows: bool = False, rule_choice: bool = False) -> None:
        super().__init__(parent)
        from sgstudio.gui.play_rule import PlayRuleChoice
        from sgstudio.gui.tasks import TaskProgress

        self.analysis: Analysis | None = None
        self.misere_shown: MisereShown | None = None  # what show_misere shows (None: normal play)
        self._stuck = False  # the position shown is lost because no move is left at all
        self.outcome = OutcomeBanner(self, banner)
        self.verdict = FittedLabel("", self, lines=2)  # two lines whatever the verdict: nothing moves
        self.verdict.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
        self.table = NimTable(self, table_rows, fit_rows)
        self.moves = MoveList(self)
        self.moves.setToolTip("Hover a move to see it; double-click it (or Enter) to play it.")
        self.moves.hovered.connect(self.move_hovered)
        self.moves.activated.connect(self.move_activated)
        self.more = QLabel("", self)
        self.more.setWordWrap(True)
        self.more.linkActivated.connect(self.more_link)
        self.play_button = QPushButton("Play", self) if play_button else None
        self.layout_ = QVBoxLayout(self)
        self.layout_.setContentsMargins(0, 0, 0, 0)
        self.layout_.setSpacing(4)  # the parts stack in little room (a tab at 1024x700 with the Play dock)
        self.rule_choice = PlayRuleChoice(self) if rule_choice else None
        self.misere_progress = TaskProgress(self)  # a misère search (hidden when idle)
        self.layout_.addWidget(self.misere_progress)
        if self.rule_choice is not None:  # beside the banner: the panel is no taller for it
            top = QHBoxLayout()
            top.setSpacing(6)
            top.addWidget(self.outcome, 1)
            top.addWidget(self.rule_choice)
            self.layout_.addLayout(top)
        else:
            self.layout_.addWidget(self.outcome)
        self.layout_.addWidget(self.verdict)
        self.table_box = _tight(group_box(TABLE_TITLE, self.table))
        self.layout_.addWidget(self.table_box, 0 if fit_rows else 2)
        self.moves_box = _tight(group_box("Winning moves", self.moves, self.more))
        self.moves.setMinimumHeight(3 * self.fontMetrics().lineSpacing() + 8)
        if self.play_button is not None:
            self.moves_box.layout().addWidget(self.play_button, 0, Qt.AlignmentFlag.AlignRight)
            self.play_button.clicked.connect(self._play_current)
        self.layout_.addWidget(self.moves_box, 3)
        self.show_pending("…", "")

    def add_part(self, widget: QWidget, stretch: int = 0) -> QWidget:
        """Add the tab's own part below the winning moves; return it."""
        self.layout_.addWidget(widget, stretch)
        return widget

    # -- showing -------------------------------------------------------------------------------
    def show_analysis(self, analysis: Analysis, moves_note: str = "",
                      has_move: Callable[[], bool] | None = None) -> None:
        """Show ``analysis``; while its moves are still looked for (``analysis.moves`` None) the
        moves' list says ``moves_note``. ``has_move()`` (asked only for a lost position) says whether
        any move is left: with none, the panel says so rather than "every move leaves a non-zero
        nim-sum"."""
        self._normal_view()
        self.analysis = analysis
        self._stuck = (analysis.outcome is Outcome.LOSE and has_move is not None
                       and analysis.component_count > 0 and not has_move())
        self.outcome.set_outcome(analysis.outcome)
        self.verdict.setText(STUCK if self._stuck else analysis.verdict())
        self.table.setPlainText(nim_table(analysis))
        self.table_box.setTitle(TABLE_TITLE if analysis.total is not None
                                else "Values (γ of each component)")
        if analysis.moves is None:
            self.show_moves_note(moves_note or "Finding the winning moves…")
        else:
            self.show_moves(analysis)

    def _normal_view(self) -> None:
        self.misere_shown = None

    def show_misere(self, shown: MisereShown, has_move: Callable[[], bool] | None = None) -> None:
        """Show a misère analysis (:func:`sgstudio.core.misere.shown.misere_view`): the outcome, who
        wins, which theory decided and why, the parts' genus, the winning moves. ``has_move()``
        (asked for a won position without a winning move) says whether any move is left."""
        self.analysis, self.misere_shown = None, shown
        self._stuck = False
        stuck = shown.outcome is Outcome.WIN and not shown.moves and has_move is not None and not has_move()
        self.outcome.set_outcome(shown.outcome)
        # two lines as in normal play (nothing moves): who wins and the theory; the whole reason heads
        # the table (and is the tooltip when cut)
        self.verdict.setText(f"{MISERE_STUCK if stuck else shown.verdict} {shown.theory}")
        self.table_box.setTitle(MISERE_TITLE)
        self.table.setPlainText(shown.table)
        self.moves.clear()
        self.set_more("")
        count = shown.move_count
        self.moves_box.setTitle(f"Winning moves ({count:,})" if count else "Winning moves")
        for move in shown.moves:
            item = QListWidgetItem(move.row())
            item.setData(MOVE_ROLE, move.move)
            item.setToolTip(move.row() + "\nDouble-click to play it.")
            self.moves.addItem(item)
        if not shown.moves:
            self._note("No move left: the player to move has won (misère)." if stuck
                       else MISERE_NO_MOVE if shown.outcome is Outcome.LOSE else "No winning move listed.")
        if count > len(shown.moves):
            self.set_more(f"… and {count - len(shown.moves):,} more winning moves ({count:,} in all)")
        if self.play_button is not None:
            self.play_button.setEnabled(bool(shown.moves))
        self.move_hovered.emit(None)

    def show_moves(self, analysis: Analysis) -> None:
        """The winning moves of ``analysis`` (its text and reason in each row)."""
        self.moves.clear()
        self.set_more("")
        listed = analysis.moves or ()
        count = analysis.move_count if analysis.move_count is not None else len(listed)
        self.moves_box.setTitle(f"Winning moves ({count:,})" if count else "Winning moves")
        for move in listed:
            item = QListWidgetItem(move.row())
            item.setData(MOVE_ROLE, move.move)
            item.setToolTip(move.row() + "\nDouble-click to play it.")
            self.moves.addItem(item)
        if not listed:
            self._note(NO_MOVE_AT_ALL if self._stuck else NO_MOVE[analysis.outcome])
        if analysis.more_moves:
            self.set_more(f"… and {analysis.more_moves:,} more winning moves ({count:,} in all)")
        if self.play_button is not None:
            self.play_button.setEnabled(bool(listed))
        self.move_hovered.emit(None)

    def show_pending(self, title: str, text: str, moves_note: str = "") -> None:
        """No verdict yet (``title`` ``…``: being computed) or none possible (``?``), and why."""
        self._normal_view()
        self.analysis, self._stuck = None, False
        self.outcome.set_outcome(None, title)
        self.verdict.setText(text)
        self.table.setPlainText("")
        self.table_box.setTitle(TABLE_TITLE)
        self.moves_box.setTitle("Winning moves")
        self.show_moves_note(moves_note)

    def show_moves_note(self, text: str) -> None:
        """No moves to list (yet), and why."""
        self.moves.clear()
        self.set_more("")
        if text:
            self._note(text)
        if self.play_button is not None:
            self.play_button.setEnabled(False)

    def set_more(self, text: str) -> None:
        """The line under the moves (how many more there are, a link to count them)."""
        self.more.setText(text)
        self.more.setVisible(bool(text))

    def set_read_only(self, on: bool) -> None:
        """The Play button is off while the tab shows a played position (play mode)."""
        if self.play_button is not None:
            self.play_button.setEnabled(not on and bool(self.move_rows()))

    def _note(self, text: str) -> None:
        item = QListWidgetItem(text)
        item.setFlags(Qt.ItemFlag.NoItemFlags)
        self.moves.addItem(item)

    def _play_current(self) -> None:
        item = self.moves.currentItem()
        if item is not None and item.data(MOVE_ROLE) is not None:
            self.move_activated.emit(item.data(MOVE_ROLE))

    def select_move(self, move: tuple | None) -> None:
        """Make the row of ``move`` current (a hint points at it)."""
        for i in range(self.moves.count()):
            if move is not None and self.moves.item(i).data(MOVE_ROLE) == tuple(move):
                self.moves.setCurrentRow(i)

    # -- read-back (tests, screenshots) ----------------------------------------------------------
    def outcome_text(self) -> str:
        """The outcome shown (its name: WIN, LOSE or DRAW), or the pending title."""
        return self.outcome.text()

    def move_rows(self) -> list[tuple]:
        """The winning moves as shown, in order."""
        return self.moves.moves()

    def theory_text(self) -> str:
        """Under misère, which theory decided and why (empty in normal play)."""
        return self.misere_shown.theory if self.misere_shown is not None else ""

    def move_texts(self) -> list[str]:
        """The rows of the winning moves as shown."""
        return [self.moves.item(i).text() for i in range(self.moves.count())
                if self.moves.item(i).data(MOVE_ROLE) is not None]

