"""Files through the window: save/open round trip, bad files, HDU 1524 import/export, exports,
recent files, the unsaved-changes prompt, and the screenshot command."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import networkx as nx
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QMessageBox

from sgstudio.games.graph import hdu1524
from sgstudio.games.graph.tab.commands import AddEdgeCommand, AddVertexCommand, MoveTokenCommand
from sgstudio.gui import palette
from sgstudio.paths import resource_path

SAMPLE = resource_path("examples", "hdu1524.txt")
Button = QMessageBox.StandardButton


def state(model) -> tuple:
    return (sorted((v, model.label(v), model.pos(v)) for v in model.nodes()), sorted(model.edges()),
            model.tokens())


def edit(window) -> None:
    """A user-level edit through the undo stack (a new vertex with an edge and a moved token)."""
    model = window.document.model
    add = AddVertexCommand(model, (33.5, -70.25), "new")
    window.undo_stack.push(add)
    window.undo_stack.push(AddEdgeCommand(model, add.vertex, model.tokens()[0]))
    u, v = model.winning_moves()[0]
    window.undo_stack.push(MoveTokenCommand(model, u, v))


def test_save_then_open_round_trips_the_model(qtbot, window, dialogs, tmp_path):
    edit(window)
    before = state(window.document.model)
    assert window.isWindowModified()
    dialogs.save_path = str(tmp_path / "mine")  # the suffix is added
    window.actions["save_as"].trigger()
    path = tmp_path / "mine.sgs"
    assert path.exists() and not window.isWindowModified()
    assert window.windowTitle().startswith("mine.sgs")
    window.document.new()
    assert window.document.model.nodes() == []
    dialogs.open_path = str(path)
    window.actions["open"].trigger()
    assert state(window.document.model) == before
    assert window.canvas.model is window.document.model
    assert window.undo_stack.count() == 0 and not window.isWindowModified()
    assert window.analysis.outcome_text() == window.document.model.outcome()
    assert dialogs.errors == [] and dialogs.questions == []


def test_save_writes_to_the_same_file_and_recent_files_remember_it(window, dialogs, tmp_path, settings):
    dialogs.save_path = str(tmp_path / "a.sgs")
    assert window.document.save()  # untitled example: asks where
    edit(window)
    dialogs.save_path = ""  # a second Save must not ask
    window.actions["save"].trigger()
    assert not window.isWindowModified()
    recent = window.document.recent_files()
    assert recent == [str((tmp_path / "a.sgs").resolve())]
    assert settings.value("recent_files") in (recent, recent[0])
    menu = window.menus["recent"]
    assert [a.text() for a in menu.actions()] == [f"&1 {recent[0]}"]
    window.document.new()
    menu.actions()[0].trigger()
    assert window.document.path == tmp_path / "a.sgs" or window.document.path.resolve() == Path(recent[0])
    assert len(window.document.model.nodes()) == 9


def test_a_recent_file_that_is_gone_is_told_once_and_leaves_open_recent(window, dialogs, tmp_path, settings):
    kept, gone = tmp_path / "kept.sgs", tmp_path / "gone.sgs"
    for path in (kept, gone):
        dialogs.save_path = str(path)
        assert window.document.save_as()
    gone.unlink()
    menu = window.menus["recent"]
    assert [a.text() for a in menu.actions()] == [f"&1 {gone.resolve()}", f"&2 {kept.resolve()}"]
    menu.actions()[0].trigger()
    assert len(dialogs.errors) == 1 and str(gone) in dialogs.errors[0][1]
    assert window.document.path == gone  # the open document stays as it was
    assert window.document.recent_files() == [str(kept.resolve())]
    assert settings.value("recent_files") in ([str(kept.resolve())], str(kept.resolve()))
    assert [a.text() for a in menu.actions()] == [f"&1 {kept.resolve()}"]
    kept.write_text("{")  # a file there but bad: it stays in the list, its error is told
    menu.actions()[0].trigger()
    assert len(dialogs.errors) == 2 and window.document.recent_files() == [str(kept.resolve())]
    kept.unlink()
    menu.actions()[0].trigger()
    assert window.document.recent_files() == [] and not menu.isEnabled()


@pytest.mark.parametrize(
    ("name", "content", "where"),
    [
        ("broken.sgs", '{"format": "sgstudio",\n "version": 1\n "graph": {}}', "line 3, column 2"),
        ("cyclic.txt", "2\n1 1\n1 0\n0\n", "line 3"),
        ("letters.txt", "3\n1 x\n", "line 2, column 3"),
        ("bad.sgs", '{"format": "sgstudio", "version": 1,\n "graph": {"vertices": [], "edges": [[0, 1]]}}',
         "line 2, column 38"),
    ],
)
def test_a_bad_file_shows_where_and_changes_nothing(window, dialogs, tmp_path, name, content, where):
    path = tmp_path / name
    path.write_text(content)
    edit(window)
    model, before, count = window.document.model, state(window.document.model), window.undo_stack.count()
    title = window.windowTitle()
    dialogs.answer = Button.Discard
    assert not window.document.open(str(path))
    assert len(dialogs.errors) == 1
    _title, text = dialogs.errors[0]
    assert str(path) in text and where in text
    assert window.document.model is model and window.canvas.model is model
    assert state(model) == before and window.undo_stack.count() == count
    assert window.windowTitle() == title and window.isWindowModified()


def test_an_unreadable_file_shows_an_error(window, dialogs, tmp_path):
    before = state(window.document.model)
    for path in (tmp_path / "missing.sgs", tmp_path):
        assert not window.document.open(str(path))
    assert len(dialogs.errors) == 2 and "missing.sgs" in dialogs.errors[0][1]
    binary = tmp_path / "binary.sgs"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    assert not window.document.open(str(binary))
    assert "binary.sgs" in dialogs.errors[-1][1]
    assert state(window.document.model) == before


def choose_each_query(qtbot, window) -> list[str]:
    """Click every query row; the analysis panel's verdict after each."""
    listw, seen = window.queries.list, []
    for row in range(listw.count()):
        qtbot.mouseClick(listw.viewport(), Qt.MouseButton.LeftButton,
                         pos=listw.visualItemRect(listw.item(row)).center())
        tokens = listw.item(row).data(Qt.ItemDataRole.UserRole)
        assert window.document.model.tokens() == sorted(tokens)
        model = window.document.model
        qtbot.waitUntil(lambda m=model: window.analysis.outcome_text() == m.outcome())
        seen.append(window.analysis.outcome_text())
    return seen


def test_import_of_the_sample_gives_the_judge_answers(qtbot, window, dialogs):
    answers = []
    for case in ("case 1", "case 2"):
        dialogs.case = case
        assert window.document.import_hdu(str(SAMPLE))
        assert window.docks["queries"].isVisible()
        shown = window.queries.answers()
        answers += choose_each_query(qtbot, window)
        assert shown == answers[-len(shown):]
    assert answers == ["WIN", "WIN", "WIN", "LOSE", "WIN"]
    assert hdu1524.solve(SAMPLE.read_text()).split() == answers


def test_choosing_a_query_is_one_undo_step(qtbot, window, dialogs):
    dialogs.case = "case 2"
    example = window.document.model
    assert window.document.open(str(SAMPLE))
    model = window.document.model
    assert model.nodes() == [0, 1, 2, 3] and all(model.pos(v) is not None for v in model.nodes())
    start = model.tokens()
    choose_each_query(qtbot, window)
    assert window.undo_stack.count() == 3  # the import, then two queries (the first one's tokens were there)
    window.undo_stack.undo()
    window.undo_stack.undo()
    assert model.tokens() == start and window.document.model is model
    window.undo_stack.undo()  # the import itself
    assert window.document.model is example and window.canvas.model is example


def test_cancelling_the_case_choice_changes_nothing(window, dialogs):
    before = state(window.document.model)
    dialogs.case = None
    assert not window.document.import_hdu(str(SAMPLE))
    assert state(window.document.model) == before and dialogs.errors == []


def test_exports(window, dialogs, tmp_path):
    model = window.document.model
    for kind, name in (("hdu1524", "g.txt"), ("graphml", "g.graphml"), ("png", "g.png"), ("svg", "g.svg")):
        dialogs.save_path = str(tmp_path / name)
        assert window.document.export(kind)
        assert (tmp_path / name).stat().st_size > 0
    (case,) = hdu1524.parse((tmp_path / "g.txt").read_text())
    assert case.n == len(model.nodes()) and len(case.edges()) == len(model.edges())
    assert hdu1524.solve((tmp_path / "g.txt").read_text()).split() == [model.outcome()]
    graph = nx.read_graphml(tmp_path / "g.graphml", node_type=int)
    assert sorted(graph.edges()) == sorted(model.edges())
    assert {v: graph.nodes[v]["label"] for v in graph} == {v: model.label(v) for v in model.nodes()}
    assert not QImage(str(tmp_path / "g.png")).isNull()
    assert "<svg" in (tmp_path / "g.svg").read_text()
    dialogs.save_path = str(tmp_path / "no-such-dir" / "g.png")
    assert not window.document.export("png")
    assert "no-such-dir" in dialogs.errors[-1][1]


@pytest.mark.parametrize(("answer", "closes"), [(Button.Cancel, False), (Button.Discard, True)])
def test_close_prompts_when_there_are_unsaved_changes(qtbot, window, dialogs, answer, closes):
    window.close()  # clean: no prompt
    assert dialogs.questions == [] and not window.isVisible()
    window.show()
    edit(window)
    dialogs.answer = answer
    window.close()
    assert len(dialogs.questions) == 1 and "example.sgs" in dialogs.questions[0]
    assert window.isVisible() != closes
    dialogs.answer = Button.Discard


def test_save_in_the_prompt_saves_then_goes_on(window, dialogs, tmp_path):
    edit(window)
    before = state(window.document.model)
    dialogs.answer, dialogs.save_path = Button.Save, str(tmp_path / "kept.sgs")
    assert window.document.new()
    assert window.document.model.nodes() == []
    from sgstudio.document import sgs

    assert state(sgs.read(tmp_path / "kept.sgs").graph) == before


def test_cancel_in_the_prompt_keeps_the_document_on_new_and_open(window, dialogs, tmp_path):
    from sgstudio.document import sgs
    from sgstudio.games.graph.model.graph import GameGraph

    other = tmp_path / "other.sgs"
    other.write_text(sgs.dumps(GameGraph(), {}))
    edit(window)
    model = window.document.model
    dialogs.answer = Button.Cancel
    assert not window.document.new()
    assert not window.document.open(str(other))
    assert window.document.model is model and len(dialogs.questions) == 2
    dialogs.case = "case 1"  # a judge file is imported into the document: nothing to discard, no prompt
    assert window.document.open(str(SAMPLE)) and len(dialogs.questions) == 2


def run_screenshot(tmp_path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env.pop("DISPLAY", None)
    env.pop("QT_QPA_PLATFORM", None)  # the command must choose offscreen by itself
    return subprocess.run([sys.executable, "-m", "sgstudio", "--screenshot", *args],
                          capture_output=True, text=True, env=env, timeout=120, cwd=tmp_path)


def distinct_colours(path: Path) -> int:
    image = QImage(str(path))
    step = 7
    xs, ys = range(0, image.width(), step), range(0, image.height(), step)
    return len({image.pixel(x, y) for x in xs for y in ys})


def test_screenshot_of_a_judge_file_with_a_cycle_draws_it_as_a_loopy_game(tmp_path):
    # a cycle 0 -> 1 -> 0 with no way out (both ∞) beside a sink 2: the screenshot cannot ask, so
    # it opens the loopy game
    (tmp_path / "cyclic.txt").write_text("3\n1 1\n1 0\n0\n1 0\n0\n")
    result = run_screenshot(tmp_path, "loopy.png", "cyclic.txt")
    assert result.returncode == 0, result.stderr
    image = QImage(str(tmp_path / "loopy.png"))
    purple = QColor(palette.PURPLE).rgb()
    drawn = sum(image.pixel(x, y) == purple for x in range(0, image.width() * 2 // 3, 2)
                for y in range(0, image.height() // 2, 2))  # the canvas above the legend's swatch
    assert drawn > 100  # the ∞ vertices, in purple (the DRAW banner is further right)


def test_screenshot_command_writes_a_non_blank_png(tmp_path):
    result = run_screenshot(tmp_path, "out.png")
    assert result.returncode == 0, result.stderr
    image = QImage(str(tmp_path / "out.png"))
    assert (image.width(), image.height()) == (1280, 800)
    assert distinct_colours(tmp_path / "out.png") > 20
    result = run_screenshot(tmp_path, "hdu.png", str(SAMPLE))
    assert result.returncode == 0 and distinct_colours(tmp_path / "hdu.png") > 20
    (tmp_path / "bad.sgs").write_text("{")
    result = run_screenshot(tmp_path, "bad.png", "bad.sgs")
    assert result.returncode == 2 and "bad.sgs" in result.stderr and not (tmp_path / "bad.png").exists()
