"""The analysis and queries panels on their own, driven by model edits and real mouse gestures."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QUndoStack

from sgstudio.core.mex import mex
from sgstudio.games.graph.analysis import analyse_graph
from sgstudio.games.graph.model.graph import GameGraph
from sgstudio.games.graph.tab.analysis import GraphAnalysis
from sgstudio.games.graph.tab.queries import QueriesPanel
from sgstudio.gui.panels.analysis import AnalysisPanel, nim_table


def make_panel(qtbot, model: GameGraph) -> AnalysisPanel:
    """The Graph tab's Analysis panel (the one panel, following a graph)."""
    panel = GraphAnalysis(model)
    qtbot.addWidget(panel)
    panel.resize(420, 600)
    panel.show()
    qtbot.waitExposed(panel)
    return panel


def test_panel_shows_outcome_and_every_winning_move(qtbot, example):
    panel = make_panel(qtbot, example)
    assert panel.outcome_text() == example.outcome() == "WIN"
    assert panel.move_rows() == example.winning_moves()
    for i, (u, v) in enumerate(panel.move_rows()):
        text = panel.moves.item(i).text()  # the game's move text, then why it wins
        assert text.startswith(f"{example.label(u)} -> {example.label(v)}, ")
        assert f"value {example.grundy(u)} -> {example.grundy(v)}" in text


def test_panel_follows_edits_once_per_event_loop_turn(qtbot, example, monkeypatch):
    panel = make_panel(qtbot, example)
    rebuilds = []
    original = panel.show_analysis
    monkeypatch.setattr(panel, "show_analysis", lambda a, **kw: (rebuilds.append(1), original(a, **kw)))
    u, v = example.winning_moves()[0]
    example.remove_token(u)
    example.add_token(v)
    assert example.outcome() == "LOSE"
    assert panel.outcome_text() == "WIN"  # not yet: the rebuild waits for the event loop
    qtbot.waitUntil(lambda: panel.outcome_text() == "LOSE")
    assert rebuilds == [1]
    assert panel.move_rows() == [] == example.winning_moves()
    sink = next(w for w in example.nodes() if not example.successors(w))
    a = example.add_node("new", (0.0, 0.0))
    example.add_edge(a, sink)  # g(a) = mex{0} = 1: a token on it makes the nim-sum 1
    example.add_token(a)
    qtbot.waitUntil(lambda: panel.move_rows() == example.winning_moves() != [])


def test_nim_table_lists_each_token_in_binary_and_the_xor(qtbot, example):
    panel = make_panel(qtbot, example)
    lines = panel.table.text().splitlines()
    body = lines[1:1 + len(example.tokens())]
    for line, v in zip(body, example.tokens(), strict=True):
        name, value, bits = line.split()
        assert (name, int(value), int(bits, 2)) == (example.label(v), example.grundy(v), example.grundy(v))
    last = lines[-1].split()
    assert last[0] == "nim-sum" and int(last[1]) == int(last[2], 2) == example.nim_sum()
    assert set(lines[-2]) == {"-"}


def test_nim_table_with_no_token_has_zero_sum():
    assert nim_table(analyse_graph(GameGraph())).splitlines()[-1].split() == ["nim-sum", "0", "0"]


def test_selected_vertex_explains_its_mex(qtbot, example):
    panel = make_panel(qtbot, example)
    for v in example.nodes():
        panel.set_selection([v])
        text = panel.why.text()
        succ = {example.grundy(w) for w in example.successors(v)}
        assert f"mex{{{', '.join(map(str, sorted(succ)))}}} = <b>{mex(succ)}</b>" in text
        assert mex(succ) == example.grundy(v)
        for w in example.successors(v):
            assert f"{example.label(w)} = {example.grundy(w)}" in text


def row_centre(listw, row: int):
    return listw.visualItemRect(listw.item(row)).center()


def double_click(qtbot, widget, pos) -> None:
    """A real double-click: press and release, then the double-click event."""
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=pos)
    qtbot.mouseDClick(widget, Qt.MouseButton.LeftButton, pos=pos)


def test_hover_and_double_click_report_the_move(qtbot, example):
    panel = make_panel(qtbot, example)
    moves = panel.moves
    expected = example.winning_moves()[1]
    with qtbot.waitSignal(panel.move_hovered) as hovered:
        qtbot.mouseMove(moves.viewport(), row_centre(moves, 1))
    assert hovered.args == [expected]
    with qtbot.waitSignal(panel.move_activated) as played:
        double_click(qtbot, moves.viewport(), row_centre(moves, 1))
    assert played.args == [expected]


def test_query_click_places_its_tokens_in_one_undo_step(qtbot):
    model = GameGraph.from_edges(4, [(0, 1), (0, 2), (2, 3)])
    model.add_token(3)
    stack = QUndoStack()
    panel = QueriesPanel()
    qtbot.addWidget(panel)
    panel.show()
    panel.set_queries(model, [[0], [0, 2]], "test")
    from sgstudio.games.graph.tab.commands import PlaceTokensCommand

    panel.query_chosen.connect(lambda tokens: stack.push(PlaceTokensCommand(model, tokens)))
    assert panel.answers() == ["WIN", "WIN"]
    qtbot.mouseClick(panel.list.viewport(), Qt.MouseButton.LeftButton, pos=row_centre(panel.list, 1))
    assert model.tokens() == [0, 2] and stack.count() == 1
    stack.undo()
    assert model.tokens() == [3]
    model.add_edge(1, 2)  # 1 -> 2 -> 3: g(1) = 0, g(2) = 1, g(0) = mex{0, 1} = 2
    qtbot.waitUntil(lambda: panel.answers() == ["WIN", "WIN"] and model.grundy(0) == 2)
    model.remove_edge(0, 1)  # g(0) = mex{1} = 0: tokens on 0 and 2 now XOR to 1, a lone 0 loses
    qtbot.waitUntil(lambda: panel.answers() == ["LOSE", "WIN"])


def test_many_qt_calls_keep_none_and_bools_alive(qtbot):
    """PySide6 6.12.0 on CPython 3.11 dropped a reference to None per void call (and to True per emit)."""
    import sys

    from PySide6.QtCore import QObject, Signal
    from PySide6.QtWidgets import QLabel

    class Emitter(QObject):
        ping = Signal(int)

    label = QLabel()
    qtbot.addWidget(label)
    emitter = Emitter()
    got = []
    emitter.ping.connect(got.append)
    before = sys.getrefcount(None), sys.getrefcount(True)
    for i in range(20000):
        label.setText(str(i & 7))
        emitter.ping.emit(i)
    after = sys.getrefcount(None), sys.getrefcount(True)
    assert label.text() == str(19999 & 7) and len(got) == 20000
    assert abs(after[0] - before[0]) < 1000 and abs(after[1] - before[1]) < 1000, (before, after)
