"""The analysis dock: who wins, the nim-sum in binary, every winning move, and why a value is what it is.

Theory shown here: a vertex's Grundy value is the mex of its successors' values; a position with
several tokens is a sum of games, so its value is the XOR (nim-sum) of the tokens' values, and the
player to move wins exactly when it is non-zero. A move of one token from value a to value b wins
exactly when b = a XOR total, which makes the new nim-sum 0.

The panel subscribes to the model's events and rebuilds at most once per turn of the event loop,
however many events arrive together. It never edits anything: it emits signals that the window
wires to the canvas (hover highlight) and to the undo stack (double-click plays a move).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from sgstudio.core.graph import GameGraph
from sgstudio.core.mex import mex
from sgstudio.gui.widgets import OutcomeBanner, group_box

MOVE_ROLE = Qt.ItemDataRole.UserRole
MAX_TOKEN_ROWS = 12
MODEL_EVENTS = ("node_added", "node_removed", "edge_added", "edge_removed", "token_added",
                "token_removed", "node_changed", "values_changed")


def short(label: str, width: int = 10) -> str:
    """A label cut to ``width`` characters.

    >>> short("a-very-long-name", 6), short("B")
    ('a-very…', 'B')
    """
    return label if len(label) <= width else label[:width] + "…"


def nim_table(rows: list[tuple[str, int]], hidden: int = 0) -> str:
    """Each token's value in binary, a rule, then the XOR of them all (monospace text).

    >>> print(nim_table([("A", 2), ("C", 3)]))
    token  value  binary
    A          2      10
    C          3      11
    --------------------
    nim-sum    1      01
    """
    total = 0
    for _, value in rows:
        total ^= value
    bits = max([1, *(v.bit_length() for _, v in rows)])
    names = [short(name) for name, _ in rows]
    name_w = max([7, *(len(n) for n in names)])
    value_w = max([5, *(len(str(v)) for _, v in rows)])
    bin_w = max(6, bits)
    line = f"{{:<{name_w}}}{{:>{value_w}}}  {{:>{bin_w}}}"
    out = [line.format("token", "value", "binary")]
    out += [line.format(n, v, format(v, f"0{bits}b")) for n, (_, v) in zip(names, rows, strict=True)]
    if hidden:
        out.append(f"… and {hidden} more tokens")
    out.append("-" * len(out[0]))
    out.append(line.format("nim-sum", total, format(total, f"0{bits}b")))
    return "\n".join(out)


def move_text(model: GameGraph, u: int, v: int) -> str:
    """A readable winning-move row.

    >>> g = GameGraph.from_edges(2, [(0, 1)]); g.add_token(0)
    >>> move_text(g, 0, 1)
    'token at 0 -> 1: value 1 -> 0, nim-sum becomes 0'
    """
    return (f"token at {model.label(u)} -> {model.label(v)}: "
            f"value {model.grundy(u)} -> {model.grundy(v)}, nim-sum becomes 0")


def mex_text(model: GameGraph, v: int) -> str:
    """Why vertex ``v`` has its value: its successors' values and their mex (HTML).

    >>> g = GameGraph.from_edges(3, [(0, 1), (0, 2), (1, 2)])
    >>> mex_text(g, 0)
    '<b>0</b> has successors 2 = 0, 1 = 1.<br>mex{0, 1} = <b>2</b>, so g(0) = 2.'
    """
    succ = sorted(model.successors(v), key=lambda w: (model.grundy(w), model.label(w)))
    name = _html(model.label(v))
    if not succ:
        return f"<b>{name}</b> has no successor: no move, so mex{{}} = <b>0</b> and g({name}) = 0."
    parts = ", ".join(f"{_html(model.label(w))} = {model.grundy(w)}" for w in succ)
    values = sorted({model.grundy(w) for w in succ})
    g = mex(values)
    return (f"<b>{name}</b> has successors {parts}.<br>"
            f"mex{{{', '.join(map(str, values))}}} = <b>{g}</b>, so g({name}) = {g}.")


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class MoveList(QListWidget):
    """The winning moves; reports hover, leave and double-click as (from, to) pairs."""

    hovered = Signal(int, int)
    left = Signal()
    played = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMouseTracking(True)
        self.setWordWrap(True)  # a move of long labels wraps: the list never scrolls sideways
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setToolTip("Hover a move to see it on the canvas; double-click to play it.")
        self.itemEntered.connect(self._entered)
        self.itemDoubleClicked.connect(self._played)

    def _entered(self, item: QListWidgetItem) -> None:
        move = item.data(MOVE_ROLE)
        if move:
            self.hovered.emit(*move)

    def _played(self, item: QListWidgetItem) -> None:
        move = item.data(MOVE_ROLE)
        if move:
            self.played.emit(*move)

    def leaveEvent(self, event: QEvent) -> None:
        self.left.emit()
        super().leaveEvent(event)

    def moves(self) -> list[tuple[int, int]]:
        """The (from, to) pair of every row, in order."""
        found = (self.item(i).data(MOVE_ROLE) for i in range(self.count()))
        return [tuple(m) for m in found if m]


class AnalysisPanel(QWidget):
    """WIN/LOSE, the nim-sum table, the winning moves and the mex of the selected vertex."""

    move_hovered = Signal(int, int)
    move_unhovered = Signal()
    move_activated = Signal(int, int)

    def __init__(self, model: GameGraph | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model: GameGraph | None = None
        self._selection: list[int] = []
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.refresh)
        self._build()
        if model is not None:
            self.set_model(model)

    # -- widgets ---------------------------------------------------------------------------
    def _build(self) -> None:
        layout = QVBoxLayout(self)
        self.outcome = OutcomeBanner(self, 30)
        self.verdict = QLabel("", self)
        self.verdict.setWordWrap(True)
        self.verdict.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.table = QLabel("", self)
        self.table.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.table.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.moves = MoveList(self)
        self.moves.hovered.connect(self.move_hovered)
        self.moves.left.connect(self.move_unhovered)
        self.moves.played.connect(self.move_activated)
        self.why = QLabel("", self)
        self.why.setWordWrap(True)
        self.why.setTextFormat(Qt.TextFormat.RichText)
        self.why.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        layout.addWidget(self.outcome)
        layout.addWidget(self.verdict)
        layout.addWidget(group_box("Nim-sum of the tokens (XOR of their values)", self.table))
        layout.addWidget(group_box("Winning moves", self.moves), 1)
        layout.addWidget(group_box("Why this value (selected vertex)", self.why))

    # -- model -----------------------------------------------------------------------------
    def set_model(self, model: GameGraph | None) -> None:
        """Follow another model (disconnects from the previous one)."""
        if self.model is not None:
            for name in MODEL_EVENTS:
                getattr(self.model, name).disconnect(self.schedule)
        self.model = model
        self._selection = []
        if model is not None:
            for name in MODEL_EVENTS:
                getattr(model, name).connect(self.schedule)
        self.refresh()

    def set_selection(self, vertices: list[int]) -> None:
        """The canvas selection changed: explain the first selected vertex."""
        self._selection = list(vertices)
        self._show_why()

    def schedule(self, *_args: object) -> None:
        """Rebuild on the next turn of the event loop (many events, one rebuild)."""
        if not self._timer.isActive():
            self._timer.start()

    # -- rebuilding ------------------------------------------------------------------------
    def refresh(self) -> None:
        """Rebuild everything from the model now."""
        self._timer.stop()
        model = self.model
        if model is None:
            self.outcome.clear_outcome()
            self.verdict.setText("No game open.")
            self.table.setText("")
            self.moves.clear()
            self.why.setText("")
            return
        self._show_outcome(model)
        tokens = model.tokens()
        rows = [(model.label(v), model.grundy(v)) for v in tokens[:MAX_TOKEN_ROWS]]
        self.table.setText(nim_table(rows, max(0, len(tokens) - MAX_TOKEN_ROWS)))
        self._show_moves(model)
        self._show_why()

    def _show_outcome(self, model: GameGraph) -> None:
        total = model.nim_sum()
        win = total != 0
        self.outcome.set_outcome(win)
        if not model.tokens():
            text = "No tokens: the player to move has no move and loses."
        elif win:
            text = f"The player to move wins: the nim-sum is {total}, not 0."
        else:
            text = "The player to move loses: the nim-sum is 0, every move makes it non-zero."
        self.verdict.setText(text)

    def _show_moves(self, model: GameGraph) -> None:
        self.moves.clear()
        moves = model.winning_moves()
        for u, v in moves:
            item = QListWidgetItem(move_text(model, u, v))
            item.setData(MOVE_ROLE, (u, v))
            self.moves.addItem(item)
        if not moves:
            item = QListWidgetItem("none: the player to move is in a losing position")
            item.setFlags(Qt.ItemFlag.NoItemFlags)
            self.moves.addItem(item)
        self.move_unhovered.emit()

    def _show_why(self) -> None:
        model = self.model
        chosen = [v for v in self._selection if model is not None and model.has_node(v)]
        if not chosen:
            self.why.setText("Select a vertex to see its successors' values and the mex that gives its own.")
            return
        self.why.setText(mex_text(model, chosen[0]))

    # -- read-back (tests, screenshots) ----------------------------------------------------
    def outcome_text(self) -> str:
        """``"WIN"`` or ``"LOSE"`` as shown."""
        return self.outcome.text()

    def move_rows(self) -> list[tuple[int, int]]:
        """The winning moves as shown, as (from, to) pairs."""
        return self.moves.moves()
