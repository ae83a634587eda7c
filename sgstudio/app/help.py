"""Help inside the app: the keyboard shortcuts, how the values work, and how the computer plays."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

Rows = list[tuple[str, str]]

EVERYWHERE: Rows = [
    ("Ctrl+Z", "Undo (in the current tab)"),
    ("Ctrl+Shift+Z / Ctrl+Y", "Redo"),
    ("Ctrl+N / Ctrl+O", "New game / open a game (an HDU 1524 file: into the Graph tab)"),
    ("Ctrl+S / Ctrl+Shift+S", "Save / save as (the document holds every tab)"),
    ("Ctrl+I", "Import an HDU 1524 file into the Graph tab (File > Import has the other tabs' judge files)"),
    ("Ctrl+Shift+A", "Add the current tab's position to the Sum tab (Edit > Add to Sum)"),
    ("F1", "How the values work"),
    ("Ctrl+/", "This list of keyboard shortcuts"),
    ("Ctrl+Q", "Quit"),
]
GRAPH: Rows = [
    ("S", "Select tool: click, rubber band, drag to move"),
    ("E", "Edge tool: drag from one vertex to another"),
    ("T", "Token tool: click adds a token, right-click removes one"),
    ("Double-click empty space", "New vertex"),
    ("Drag from a vertex's rim", "New edge (Select tool; the rim lights up where a drag starts one)"),
    ("F2 / double-click a vertex", "Rename the vertex"),
    ("+ / -", "Add / remove a token on the selected vertices"),
    ("Delete / Backspace", "Delete the selection (undo brings edges and tokens back)"),
    ("Ctrl+A", "Select all"),
    ("Ctrl+C / Ctrl+V / Ctrl+D", "Copy / paste / duplicate the selection (beside it, never over a vertex)"),
    ("Wheel, Ctrl+= / Ctrl+-", "Zoom around the cursor / in / out"),
    ("Middle-drag, Space+drag", "Pan"),
    ("F", "Fit the graph in the window (clear of the legend)"),
    ("Ctrl+L", "Layout in layers (sinks at the bottom)"),
    ("Ctrl+Shift+G", "Snap to grid on/off"),
    ("Ctrl+G", "Go to a vertex by its label or id (centres and selects it)"),
    ("Shift+F", "Show the whole graph (on a big graph F shows where the game is)"),
    ("X", "Expand the selected vertex's neighbourhood (big graphs: laid out where the game is)"),
    ("Double-click a winning move (Analysis panel)", "Play it"),
]
SNIM: Rows = [
    ("Type in the S field", "The subtraction set, e.g. 2 5 7 (checked as you type)"),
    ("Insert", "Add a heap (in the heaps table)"),
    ("Delete", "Remove the selected heaps (in the heaps table)"),
    ("Type a number / double-click / F2 on a size", "Edit the heap's size; Enter sets it, Escape cancels"),
    ("Double-click / Enter a winning move", "Play it (one undo step); the Play button does the same"),
    ("Double-click / Enter a judge position", "Load its heaps"),
    ("H box, Enter", "Plot g(0..H); hover the plot to read n and g(n)"),
]
SPLITNIM: Rows = [
    ("Sizes field, Enter", "Add the heaps typed, e.g. 9 7 4"),
    ("Delete / Backspace", "Remove the selected heaps (in the heaps table)"),
    ("Type a number / double-click / F2 on a size", "Edit the heap's size; Enter sets it, Escape cancels"),
    ("Double-click a winning move", "Play it (one undo step)"),
]
BOARD: Rows = [
    ("Click a cell", "Place or remove a chess"),
    ("Arrow keys", "Move the cell cursor on the board"),
    ("Space", "Place or remove a chess under the cell cursor"),
    ("Ctrl+Shift+R, Insert on the board", "Add an empty row below the current one"),
    ("Ctrl+Shift+D, Delete on the board", "Remove the current row"),
    ("Click a row number", "Make that row current"),
    ("Double-click / Enter a winning move", "Play it (one undo step); hover it to see its arrow"),
]
TAKEBREAK: Rows = [
    ("Type in the Rule field, Enter", "A rule: a code such as 0.77 or 0.137, or grundy, split:3, snim:1,3,4 "
     "(checked and said in words as you type; Enter or leaving the field uses it, one undo step)"),
    ("Presets", "Kayles, Dawson's Kayles, Dawson's chess, Treblecross, Officers, Grundy's game, "
     "Lasker's Nim"),
    ("Heaps field, Enter / Set heaps", "The heaps, e.g. 5 9 14"),
    ("Double-click / Enter a winning move", "Play it (one undo step); the Play button does the same"),
    ("H box, Enter", "Plot and table g(0..H); hover the plot to read n and g(n)"),
    ("Period search box, Enter", "How many values the period search looks within"),
    ("Hover a cell of the values table", "Its n and g(n); the table scrolls sideways when it is wider "
     "than its room"),
    ("Cancel (under the plot)", "Stop a long computation; Compute again goes on from what was computed"),
]
NIM: Rows = [
    ("Heaps field, Enter / Set heaps", "The heaps, e.g. 3 4 5 (one undo step)"),
    ("Double-click / Enter a winning move", "Play it (one undo step)"),
]
SUM: Rows = [
    ("Add", "A small position of each game, or one typed as sgstudio sum reads it (0.07:15)"),
    ("Edit… / double-click a row", "Type the component's position anew, as a saved file keeps it"),
    ("Remove, Up, Down", "Edit the list of components (each one undo step)"),
    ("Double-click a winning move", "Play it in its component (one undo step)"),
]
YOUR_GAME: Rows = [
    ("Ctrl+Enter", "Run the code (in a worker process; Cancel stops it)"),
    ("Enter in the position field", "Show that position (a Run when it was not explored)"),
    ("Double-click a winning move / a table cell", "Go to that position (one undo step)"),
]
PLAY: Rows = [
    ("Play panel buttons", "Play, step back / forward, restart (the move list is kept), hint"),
    ("Click a row of the move list", "Jump to the position after that move"),
    ("Double-click a move of the moves-from-here list", "Play it"),
    ("Type a move, Enter", "Graph: A -> D or A D (labels or ids); S-Nim: heap 2 take 3 or 2 3; "
     "split-nim: 2 take 3, 2 -> 5, 2 -> 2 + 3 + 4; board: row 2: 18 -> 19 or 2 18. Heaps and rows "
     "count from 1; an illegal move is refused with the game's reason"),
    ("Drag a token (Graph)", "Move it to a successor (refused with a reason if illegal)"),
    ("Double-click / Enter a heap row", "S-Nim: type the stones to take (3); split-nim: a take "
     "(take 3), what is left (-> 5) or a split (2 + 3 + 4); Enter plays, Escape cancels"),
    ("Click a chess (Board)", "The chess makes its move (refused with the reason if it cannot)"),
]
SECTIONS: list[tuple[str, Rows]] = [
    ("Everywhere", EVERYWHERE),
    ("Graph tab", GRAPH),
    ("S-Nim tab", SNIM),
    ("Split-nim tab", SPLITNIM),
    ("Board tab", BOARD),
    ("Take & break tab", TAKEBREAK),
    ("Nim tab", NIM),
    ("Sum tab", SUM),
    ("Your game tab", YOUR_GAME),
    ("Play panel", PLAY),
]
"""The keyboard and mouse gestures, by where they work (the dialog shows one section after another)."""

VALUES_HTML = """
<h2>How the values work</h2>
<p>A move takes <b>one token one step</b> along an arrow. The player who cannot move
<b>loses</b>.</p>
<h3>Grundy value of a vertex: the mex</h3>
<p>The <i>mex</i> (minimum excludant) of a set of numbers is the least non-negative integer
not in it: mex{0, 1, 3} = 2, mex{1, 2} = 0, mex{} = 0.</p>
<p>The value of a vertex is the mex of its successors' values:
<b>g(v) = mex{ g(w) : v &rarr; w }</b>. A vertex with no arrow out has g = 0. Select a vertex to
see this calculation in the Analysis panel.</p>
<p>A single token on v is lost for the player to move exactly when g(v) = 0 (blue vertices);
from a non-zero vertex (orange) there is always a move to a vertex of value 0.</p>
<h3>Several tokens: the nim-sum</h3>
<p>Tokens move independently, so the game is a <i>sum</i> of one-token games. The
Sprague&ndash;Grundy theorem says its value is the XOR of the tokens' values, the
<b>nim-sum</b>: write each value in binary and, column by column, count the ones; an odd count
gives 1. Example: 2 = 10, 3 = 11, 2 = 10, nim-sum = 11 = 3.</p>
<p>The player to move <b>wins</b> exactly when the nim-sum is not 0 (WIN), and loses when it is 0
(LOSE).</p>
<h3>Winning moves</h3>
<p>With nim-sum T &ne; 0, moving a token from a vertex of value a to a successor of value
<b>b = a XOR T</b> makes the nim-sum 0, and the opponent is then in a losing position. These are
exactly the winning moves; the Analysis panel lists every one of them. Hover a row to see it on
the canvas, double-click to play it.</p>
<h3>Loopy games: cycles and draws</h3>
<p>Tick <b>Allow cycles (loopy game)</b> on the Graph tab to draw edges that close cycles (two
opposite edges are drawn as two curves, an edge from a vertex to itself as a small loop). Play
may then go on for ever: that is a <b>draw</b>. Each vertex gets a <i>generalized</i>
Sprague&ndash;Grundy value (Smith 1966, Fraenkel&ndash;Yesha): a nimber m, when m is the mex of
the finite values of its successors and every move to &infin; or above m can be answered by a
move back to m (a <i>counter</i> proves that play still ends), or else <b>&infin;(K)</b>, drawn
in <b>purple</b> as &infin;{0,2}, with K the finite values among its successors.</p>
<p>A single token on &infin;(K) wins when 0 is in K (move to a 0) and is a draw otherwise. With
several tokens: all finite, the nim-sum decides; one &infin;(K), the player to move wins exactly
when the nim-sum of the others is in K, else it is a draw; two or more &infin;, a draw. Winning
moves say the counter they leave: the ones that <i>make progress</i> lower it, so the computer,
playing them, wins in finitely many moves; from a draw it keeps the draw. A drawn game in the
Play panel ends when a position repeats or after a move cap. For a draw the Analysis panel says
which token can keep the game going.</p>
"""


def shortcuts_dialog(parent: QWidget | None = None) -> QDialog:
    """A dialog with the table of keyboard shortcuts, a titled section per tab and the Play panel."""
    dialog = QDialog(parent)
    dialog.setWindowTitle("Keyboard shortcuts")
    table = QTableWidget(sum(len(rows) + 1 for _title, rows in SECTIONS), 2, dialog)
    table.setHorizontalHeaderLabels(["Keys", "Action"])
    row = 0
    for title, rows in SECTIONS:
        heading = QTableWidgetItem(title)
        font = heading.font()
        font.setBold(True)
        heading.setFont(font)
        table.setItem(row, 0, heading)
        table.setSpan(row, 0, 1, 2)
        row += 1
        for keys, action in rows:
            table.setItem(row, 0, QTableWidgetItem(keys))
            table.setItem(row, 1, QTableWidgetItem(action))
            row += 1
    table.verticalHeader().hide()
    table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
    table.horizontalHeader().setStretchLastSection(True)
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    table.setWordWrap(True)
    # rows follow their text at the Action column's shown width (sized now, before the dialog lays
    # the table out, they took the height of a narrow column's wrapped text)
    table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    _finish(dialog, table, 720, 600)
    return dialog


def values_dialog(parent: QWidget | None = None) -> QDialog:
    """A dialog explaining mex, nim-sum and winning moves."""
    dialog = QDialog(parent)
    dialog.setWindowTitle("How the values work")
    browser = QTextBrowser(dialog)
    browser.setHtml(VALUES_HTML)
    _finish(dialog, browser, 560, 600)
    return dialog


COMPUTER_HTML = """
<h2>How the computer plays</h2>
<p>The computer looks at the <b>nim-sum</b> of the position (see <i>How the values work</i>): the
player to move wins exactly when it is not 0.</p>
<h3>From a winning position (nim-sum not 0)</h3>
<p>It always plays a move that leaves <b>nim-sum 0</b>, so you are left in a lost position. When
several moves do that, it plays the <b>first</b> of them in this order:</p>
<ul>
<li><b>Graph:</b> the token on the lowest-numbered vertex first (vertex ids, as in an HDU 1524
file), and from that vertex its arrows in the order they were drawn.</li>
<li><b>S-Nim:</b> heap 1 first, then heap 2, &hellip;; within a heap the smallest take in S first.</li>
<li><b>Split-nim:</b> heap 1 first, then heap 2, &hellip;; within a heap the takes first, the one
leaving the fewest stones first (taking the whole heap comes first of all), then the split.</li>
<li><b>Board:</b> the top row first, then the leftmost chess that can move.</li>
<li><b>Take &amp; break:</b> heap 1 first, then heap 2, &hellip;; within a heap the smallest take
first, then the move leaving the fewest heaps, then the one whose smallest heap left is smallest.</li>
<li><b>Nim:</b> heap 1 first, then heap 2, &hellip; (a heap has one winning move at most: to its size
XOR the nim-sum).</li>
<li><b>Sum:</b> component #1 first, then #2, &hellip;; within a component in that game's order
(with a loopy component, the moves that make the most progress come first).</li>
</ul>
<h3>From a losing position (nim-sum 0)</h3>
<p>Every move now hands you a win, so the computer makes it as hard as it can:</p>
<ol>
<li>it plays the move after which you have the <b>fewest winning replies</b>;</li>
<li>among those, the one that keeps the game <b>longest</b>: on the graph, the longest paths the
tokens can still walk; on the board, the most empty cells to the right of the chesses; with heaps,
the most stones left;</li>
<li>among those, the first in the game's order of all moves: the graph and the board as above;
S-Nim heap by heap, smallest take first; split-nim heap by heap, takes leaving 0, 1, 2, &hellip;
stones first, then the splits.</li>
</ol>
<h3>A bound, to stay quick</h3>
<p>From a losing position the computer examines <b>at most {limit} candidate moves</b>: the first
{limit} in the order above (for a split-nim position too big to list every move: taking 1 stone
from each heap, then 2, then 3, &hellip;). When the bound cut the choice short, the move list says
so (&ldquo;fewest among the first {limit} moves&rdquo;).</p>
<h3>Why it chose a move</h3>
<p>The &ldquo;Why&rdquo; column of the Play panel's move list gives the reason of every move the
computer played, for example &ldquo;winning: moves to nim-sum 0 (first of 2 winning moves)&rdquo;
or &ldquo;losing: leaves the opponent 1 winning reply (fewest)&rdquo;.</p>
<h3>Stepping back, and changing who plays</h3>
<p>Back, Restart and a click on the move list keep the moves ahead for Next. But the computer
never replays a person's move as its own: when it is its turn, it chooses. And when you change
who plays, the moves ahead are kept only if every one of them is what the computer would play
now; otherwise they are dropped.</p>
"""


def computer_html() -> str:
    """The computer's policy for people (the developer's version is
    :mod:`sgstudio.core.play.policy`'s docstring).

    >>> text = computer_html()
    >>> "nim-sum 0" in text and "fewest winning replies" in text and "at most 64 candidate" in text
    True
    """
    from sgstudio.core.play.policy import MAX_CANDIDATES

    return COMPUTER_HTML.format(limit=MAX_CANDIDATES)


def computer_dialog(parent: QWidget | None = None) -> QDialog:
    """A dialog explaining how the computer chooses its moves."""
    dialog = QDialog(parent)
    dialog.setWindowTitle("How the computer plays")
    browser = QTextBrowser(dialog)
    browser.setHtml(computer_html())
    _finish(dialog, browser, 620, 600)
    return dialog


def _finish(dialog: QDialog, body: QWidget, width: int, height: int) -> None:
    layout = QVBoxLayout(dialog)
    layout.addWidget(body)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, dialog)
    buttons.rejected.connect(dialog.reject)
    layout.addWidget(buttons)
    dialog.resize(width, height)
