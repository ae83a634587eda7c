"""Loopy games on the Graph tab, driven by real widgets: the "Allow cycles" box (one undo step,
refused off while a cycle is there), a 2-cycle and a self-loop drawn by mouse, the purple ∞ vertex
in the grabbed image, DRAW and why, the layout of a cyclic graph, the HDU 1524 file with a cycle,
and a drawn play that stops on a repetition."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracles import loopy_outcomes
from PySide6.QtCore import QPoint, QPointF, QRect, Qt
from PySide6.QtGui import QColor, QImage

from sgstudio.app.files import Loaded
from sgstudio.core.play.draws import choose_loopy_move
from sgstudio.core.play.session import Mode
from sgstudio.core.values import Infinite
from sgstudio.games.graph.model.graph import GameGraph
from sgstudio.games.graph.tab.analysis import GraphAnalysis
from sgstudio.games.graph.tab.canvas import animation
from sgstudio.games.graph.tab.canvas.items import RADIUS
from sgstudio.games.graph.tab.canvas.legend import LegendWidget
from sgstudio.games.graph.tab.commands import AddVertexCommand
from sgstudio.games.graph.tab.play_tool import graph_game
from sgstudio.gui import palette

L = Qt.MouseButton.LeftButton


def at(canvas, v: int, dx: float = 0.0, dy: float = 0.0) -> QPoint:
    """The viewport pixel of vertex v's centre, shifted by (dx, dy) scene units."""
    return canvas.mapFromScene(canvas.item_for_vertex(v).pos() + QPointF(dx, dy))


def drag(qtbot, canvas, a: QPoint, b: QPoint, steps: int = 4) -> None:
    vp = canvas.viewport()
    qtbot.mousePress(vp, L, pos=a)
    for k in range(1, steps + 1):
        qtbot.mouseMove(vp, a + (b - a) * (k / steps))
    qtbot.mouseRelease(vp, L, pos=b)


def two_vertices(window) -> tuple[int, int]:
    """A new document with vertices A (left) and B (right), fitted in the view."""
    window.document.new()
    stack = window.undo_stack
    stack.push(AddVertexCommand(window.document.model, (0.0, 0.0), "A"))
    stack.push(AddVertexCommand(window.document.model, (220.0, 0.0), "B"))
    window.canvas.resetTransform()
    window.canvas.centerOn(110, 0)
    return 0, 1


def test_the_box_switches_the_mode_as_one_undo_step(qtbot, window):
    tab, model = window.tabs.graph, window.document.model
    box = tab.loopy_box
    assert not box.isChecked() and not model.loopy
    steps = window.undo_stack.count()
    legend = window.canvas.findChild(LegendWidget)
    small = legend.height()
    qtbot.mouseClick(box, L, pos=QPoint(8, box.height() // 2))
    assert model.loopy and box.isChecked() and window.undo_stack.count() == steps + 1
    assert legend.loopy and legend.height() > small  # the legend explains purple ∞
    window.undo_stack.undo()
    assert not model.loopy and not box.isChecked() and not legend.loopy
    window.undo_stack.redo()
    assert model.loopy and box.isChecked()


def test_a_two_cycle_and_a_self_loop_by_mouse_then_undo(qtbot, window):
    a, b = two_vertices(window)
    model, canvas, box = window.document.model, window.canvas, window.tabs.graph.loopy_box
    canvas.set_tool("edge")
    drag(qtbot, canvas, at(canvas, a), at(canvas, b))
    drag(qtbot, canvas, at(canvas, b), at(canvas, a))  # DAG mode: refused
    assert model.edges() == [(a, b)]
    qtbot.mouseClick(box, L, pos=QPoint(8, box.height() // 2))
    drag(qtbot, canvas, at(canvas, b), at(canvas, a))
    vp = canvas.viewport()  # out of A and back onto it: a self-loop
    qtbot.mousePress(vp, L, pos=at(canvas, a))
    for dy in (-30, -60, -90, -60, -30, -5):
        qtbot.mouseMove(vp, at(canvas, a, 0, dy))
    qtbot.mouseRelease(vp, L, pos=at(canvas, a, 0, -5))
    assert sorted(model.edges()) == [(a, a), (a, b), (b, a)]
    items = canvas.scene().edge_items
    assert items[(a, b)].bend == items[(b, a)].bend == 1.0  # two curves, seen apart
    assert items[(a, b)].path().boundingRect() != items[(b, a)].path().boundingRect()
    assert items[(a, a)].curved and items[(a, a)].path() is not None
    # A <-> B, A -> A: no value is finite (the retrograde analysis: a single token never ends)
    assert [str(model.grundy(v)) for v in (a, b)] == ["∞", "∞"]
    item = canvas.item_for_vertex(a)
    assert item.fill_colour() == palette.PURPLE.lower() and item.shown_text()[1] == "∞"
    canvas.set_tool("select")
    image = canvas.grab().toImage()
    colour = image.pixelColor(at(canvas, a, 0, 0.8 * RADIUS))  # below the value text, on the disc
    assert colour == QColor(palette.PURPLE)
    window.undo_stack.undo()  # the self-loop goes, then B -> A: the pair is straight again
    window.undo_stack.undo()
    assert model.edges() == [(a, b)] and not items[(a, b)].curved
    assert model.grundy(a) == 1 and canvas.item_for_vertex(a).fill_colour() == palette.ORANGE.lower()


def test_turning_cycles_off_with_a_cycle_is_refused_and_says_why(qtbot, window):
    a, b = two_vertices(window)
    model, box, tab = window.document.model, window.tabs.graph.loopy_box, window.tabs.graph
    qtbot.mouseClick(box, L, pos=QPoint(8, box.height() // 2))
    model.add_edge(a, b)
    model.add_edge(b, a)
    steps = window.undo_stack.count()
    messages: list[str] = []
    tab.status_message.connect(messages.append)
    qtbot.mouseClick(box, L, pos=QPoint(8, box.height() // 2))
    assert model.loopy and box.isChecked() and window.undo_stack.count() == steps
    assert "Cycles stay allowed: the graph has the cycle A -> B -> A" in messages[-1]
    assert window.canvas.scene().is_flashing()


def test_a_draw_is_shown_with_the_token_that_keeps_it_going(qtbot, window):
    model = GameGraph.from_edges(3, [(0, 1), (1, 0), (2, 2), (2, 1)], loopy=True)
    for v, name in enumerate("ABC"):
        model.set_label(v, name)
    model.add_token(2)
    window.document.install(Loaded(model, "draw.sgs"))
    panel = window.analysis
    assert panel.outcome_text() == "DRAW" and panel.move_texts() == []
    assert panel.more.text().startswith("Draw: the token on C (∞) can keep the game going")
    assert "∞" in panel.table.toPlainText()
    window.canvas.select_vertices([2])
    assert "B is ∞ without a follower of value 0, so from B the game can go on for ever" in panel.why.text()
    model.add_node("D")  # a sink under C: C is now ∞{0}, a win by moving there
    model.add_edge(2, 3)
    panel.refresh()
    assert panel.outcome_text() == "WIN" and panel.more.text() == ""
    assert panel.move_rows() == [(2, 3)]
    assert panel.move_texts() == ["C -> D, value ∞{0} -> 0 (counter 0), makes progress"]
    assert model.grundy(2) == Infinite(frozenset({0}))


def test_layout_of_a_graph_with_cycles(qtbot, window):
    model = GameGraph.from_edges(4, [(0, 1), (1, 0), (1, 2), (2, 2), (2, 3), (3, 0)], loopy=True)
    window.document.install(Loaded(model, "cycles.sgs"))
    window.canvas.layout_graph()
    spots = {model.pos(v) for v in model.nodes()}
    assert len(spots) == 4 and None not in spots


def test_an_hdu_file_with_a_cycle_is_offered_as_a_loopy_game(qtbot, window, dialogs, tmp_path):
    path = tmp_path / "cycle.txt"
    path.write_text("3\n1 1\n1 0\n0\n2\n1 0\n1 2\n0\n")
    dialogs.answer = dialogs.answer.Cancel
    assert not window.document.import_hdu(str(path))
    assert "open it as a loopy game?" in dialogs.questions[-1] and dialogs.errors  # refused as before
    assert not window.document.model.loopy
    dialogs.answer = dialogs.answer.Open
    assert window.document.import_hdu(str(path))
    model = window.document.model
    assert model.loopy and window.tabs.graph.loopy_box.isChecked()
    assert sorted(model.edges()) == [(0, 1), (1, 0)]
    assert window.analysis.outcome_text() == "DRAW"


def test_a_drawn_play_stops_when_a_position_repeats(qtbot, window, monkeypatch):
    monkeypatch.setattr(animation, "DURATION_MS", 0)
    model = GameGraph.from_edges(2, [(0, 1), (1, 0)], loopy=True)
    model.add_token(0)
    window.document.install(Loaded(model, "cycle.sgs"))
    panel = window.play
    panel.set_mode(Mode.COMPUTER_VS_COMPUTER)
    panel.speed.setValue(panel.speed.maximum())
    qtbot.mouseClick(panel.start_button, L)
    qtbot.waitUntil(lambda: not panel.run_button.isChecked() and panel.session.index >= 2, timeout=5000)
    s = panel.session
    assert s.index == 2 and s.position == (0,) and not s.is_over  # stopped, not over: a draw
    assert panel.status.text().startswith(
        "Game over — Draw: the position after move 2 repeats the start, and neither side can win")


@st.composite
def loopy_positions(draw) -> tuple[int, list[tuple[int, int]], tuple[int, ...]]:
    """A digraph on 1..5 vertices (cycles and self-loops allowed) and 1..2 tokens on it."""
    n = draw(st.integers(1, 5))
    edges = draw(st.sets(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=n * n))
    tokens = draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=2))
    return n, sorted(edges), tuple(sorted(tokens))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(case=loopy_positions())
def test_the_panel_shows_the_outcome_and_winning_moves_of_a_brute_force_search(qtbot, case):
    n, edges, tokens = case
    model = GameGraph.from_edges(n, edges, loopy=True)
    for v in tokens:
        model.add_token(v)
    panel = GraphAnalysis(model)
    qtbot.addWidget(panel)
    succ = [sorted(w for u, w in edges if u == v) for v in range(n)]
    oracle = loopy_outcomes(succ, len(tokens))  # no SG theory: retrograde analysis of positions
    assert panel.outcome_text() == oracle[tokens][0]
    lost_after = {(u, w) for u in set(tokens) for w in succ[u]
                  if oracle[tuple(sorted((*tokens[:tokens.index(u)], w, *tokens[tokens.index(u) + 1:])))][0]
                  == "LOSE"}
    assert set(panel.move_rows()) == lost_after
    rows = panel.move_texts()
    if rows:  # the first row makes progress (it is the one the computer plays)
        assert rows[0].endswith("makes progress")
    assert bool(panel.more.text()) == (oracle[tokens][0] == "DRAW")  # a draw says why


def _computer_wins_against_every_defence(game, position: tuple, path: frozenset) -> None:
    """The computer moves from ``position`` (a won one) by the Play panel's policy; every reply is
    tried; no line may come back to a position it passed (the computer never cycles)."""
    decision = choose_loopy_move(game, position)
    assert decision is not None
    after = tuple(sorted(game.apply(position, decision.move)))
    assert after not in path
    for reply in game.legal_moves(after):  # none: the computer made the last move and won
        back = tuple(sorted(game.apply(after, reply)))
        assert back not in path | {after}
        _computer_wins_against_every_defence(game, back, path | {after, back})


@settings(max_examples=60, deadline=None)
@given(case=loopy_positions())
def test_the_computer_on_the_tab_wins_from_win_and_keeps_a_draw(case):
    n, edges, tokens = case
    model = GameGraph.from_edges(n, edges, loopy=True)
    game = graph_game(model)  # the game the Play panel plays on the Graph tab
    succ = [sorted(w for u, w in edges if u == v) for v in range(n)]
    oracle = loopy_outcomes(succ, len(tokens))
    outcome = oracle[tokens][0]
    if outcome == "WIN":
        _computer_wins_against_every_defence(game, tokens, frozenset({tokens}))
    elif outcome == "DRAW":
        decision = choose_loopy_move(game, tokens)
        assert oracle[tuple(sorted(game.apply(tokens, decision.move)))][0] == "DRAW"


def test_an_exported_picture_of_a_loopy_game_has_the_third_legend_row(qtbot, window, tmp_path):
    model = GameGraph.from_edges(2, [(0, 1)], loopy=True)  # no ∞ vertex: purple only in the legend
    window.document.install(Loaded(model, "plain.sgs"))
    assert window.canvas.export_png(str(tmp_path / "loopy.png"), scale=1.0)
    image = QImage(str(tmp_path / "loopy.png"))
    colours = {image.pixelColor(x, y).name() for x in range(0, image.width(), 2)
               for y in range(0, image.height(), 2)}
    assert palette.PURPLE.lower() in colours
    model.set_loopy(False)
    assert window.canvas.export_png(str(tmp_path / "dag.png"), scale=1.0)
    image = QImage(str(tmp_path / "dag.png"))
    assert palette.PURPLE.lower() not in {image.pixelColor(x, y).name() for x in range(0, image.width(), 2)
                                          for y in range(0, image.height(), 2)}


# -- the values table of a loopy game (issue 21, item 8) --------------------------------------------
def unseen_rows(table) -> list[str]:
    """The lines of the table's rows part that do not show whole, unless a scroll bar can bring
    them in: the part is clipped by the table and its box, and the nim-sum line lies over it."""
    rows, window = table.rows, table.window()
    bar = rows.verticalScrollBar()
    if bar.isVisible() and bar.maximum() > 0:
        return []

    def on_window(widget, rect: QRect) -> QRect:
        return QRect(widget.mapTo(window, rect.topLeft()), rect.size())

    shown = on_window(rows.viewport(), rows.viewport().rect())
    for clip in (table, table.parentWidget()):
        shown = shown.intersected(on_window(clip, clip.rect()))
    shown.setBottom(min(shown.bottom(), on_window(table.total, table.total.rect()).top() - 1))
    unseen, block = [], rows.document().firstBlock()
    while block.isValid():
        top = rows.blockBoundingGeometry(block).translated(rows.contentOffset()).top()
        line = QRect(0, round(top), rows.viewport().width(), round(block.layout().lineAt(0).height()))
        if not shown.contains(on_window(rows.viewport(), line)):
            unseen.append(block.text())
        block = block.next()
    return unseen


def five_tokens_on_a_cycle(window) -> GameGraph:
    model = GameGraph.from_edges(3, [(0, 1), (1, 2), (2, 0)], loopy=True)
    model.set_positions([0, 1, 2], [[0.0, 0.0], [200.0, 0.0], [100.0, 150.0]])
    for v in (0, 0, 1, 2, 2):
        model.add_token(v)
    window.document.install(Loaded(model, "five.sgs"))
    return model


def test_every_token_of_a_loopy_game_shows_in_the_values_table(qtbot, window):
    five_tokens_on_a_cycle(window)
    panel = window.analysis
    qtbot.waitUntil(lambda: panel.outcome_text() == "DRAW")
    lines = panel.table.rows.toPlainText().splitlines()
    assert len(lines) == 6 and all("∞" in line for line in lines[1:])  # a heading, then 5 tokens
    # (the layout settles over a few turns of the event loop: waited for, it never did before)
    qtbot.waitUntil(lambda: unseen_rows(panel.table) == [])  # the fifth was cut in half, no scroll bar
    window.resize(1024, 700)  # a smaller window (restored from maximised): a row was gone
    qtbot.waitUntil(lambda: window.analysis.height() < 480)
    qtbot.waitUntil(lambda: unseen_rows(panel.table) == [])


def test_many_tokens_scroll_in_the_values_table(qtbot, window):
    model = five_tokens_on_a_cycle(window)
    for v in (0, 1, 2) * 4:
        model.add_token(v)
    window.resize(1024, 700)
    panel = window.analysis
    qtbot.waitUntil(lambda: panel.table.rows.toPlainText().count("\n") == 17)
    bar = panel.table.rows.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.isVisible() and bar.maximum() > 0)  # not all rows fit: they scroll
    assert unseen_rows(panel.table) == []


def test_the_draw_says_how_many_tokens_on_how_many_vertices(qtbot, window):
    five_tokens_on_a_cycle(window)
    panel = window.analysis
    qtbot.waitUntil(lambda: panel.outcome_text() == "DRAW")
    assert panel.more.text().startswith("Draw: 5 tokens are at ∞, on 3 vertices (0, 1, 2);")


def test_the_values_table_of_a_game_opened_while_the_window_was_hidden(qtbot, window):
    """Restored (a recovered document installed before the window shows, or a window shown again):
    the table is laid out for the room it gets then."""
    window.hide()
    five_tokens_on_a_cycle(window)
    window.resize(1024, 700)
    window.showNormal()
    qtbot.waitExposed(window)
    panel = window.analysis
    qtbot.waitUntil(lambda: panel.outcome_text() == "DRAW")
    qtbot.waitUntil(lambda: unseen_rows(panel.table) == [])
    assert panel.table.rows.toPlainText().count("∞") == 5
