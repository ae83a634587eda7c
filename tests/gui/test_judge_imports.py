"""A judge file is imported the same way whatever its format and however it comes (File > Import Judge
File, File > Open of an HDU 1524 file, Open Recent, a tab's Import button, ``sgstudio FILE [--tab TAB]``):
its test case goes into its tab as one undo step, the rest of the document is kept, its tab comes to
the front, and the document keeps its file and is modified. Open Recent lists judge files with their
format; every file dialog starts in the document's folder, else the last folder used, else home."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTabBar

from sgstudio.app import start as app
from sgstudio.document import sgs
from sgstudio.games.graph.tab.commands import AddVertexCommand
from sgstudio.paths import resource_path

TAB_OF = {"hdu1524": "graph", "hdu1536": "snim", "hdu5724": "board", "hdu5795": "splitnim", "hdu1907": "nim",
          "hdu2509": "takebreak"}
CTRL, SHIFT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier
WAYS = [("hdu1524", "menu"), ("hdu1524", "open"), ("hdu1524", "recent"), ("hdu1524", "cli"),
        ("hdu1524", "cli-tab"), ("hdu1536", "menu"), ("hdu1536", "recent"), ("hdu1536", "cli-tab"),
        ("hdu5724", "menu"), ("hdu5724", "recent"), ("hdu5724", "cli-tab"), ("hdu5724", "button"),
        ("hdu5795", "menu"), ("hdu5795", "recent"), ("hdu5795", "cli-tab"), ("hdu5795", "button"),
        ("hdu1907", "menu"), ("hdu1907", "recent"), ("hdu1907", "cli-tab"),
        ("hdu2509", "menu"), ("hdu2509", "recent"), ("hdu2509", "cli-tab")]


def sample(fmt: str) -> str:
    return str(resource_path("examples", f"{fmt}.txt"))


def graph_state(model) -> tuple:
    return (sorted((v, model.label(v), model.pos(v)) for v in model.nodes()), sorted(model.edges()),
            model.tokens(), model.loopy)


def everything(window) -> dict:
    """What the document holds, tab by tab (the graph's drawing and the queries shown included)."""
    queries = window.queries
    shown = [queries.list.item(i).text() for i in range(queries.list.count())]
    return {**window.tabs.states(),
            "graph": (graph_state(window.document.model), queries.title.text(), shown)}


def raised_dock(window) -> str:
    """The title of the dock in front among the tabbed ones (Undo History | HDU 1524 Queries)."""
    (bar,) = [b for b in window.findChildren(QTabBar)
              if "HDU 1524 Queries" in (b.tabText(i) for i in range(b.count()))]
    return bar.tabText(bar.currentIndex())


def own_work(window) -> None:
    """A new document (no tab holds the example's content) with a vertex of the person's own."""
    window.document.new()
    window.undo_stack.push(AddVertexCommand(window.document.model, (12.5, -3.0), "mine"))


def import_by(qtbot, window, dialogs, fmt: str, way: str) -> bool:
    path, key = sample(fmt), TAB_OF[fmt]
    dialogs.open_path = path
    if way == "menu":
        (action,) = [a for a in window.menus["judge"].actions() if a.text().startswith(f"HDU {fmt[3:]} ")]
        action.trigger()
        return True
    if way == "open":
        window.actions["open"].trigger()
        return True
    if way == "recent":
        (entry,) = window.menus["recent"].actions()
        assert Path(path).name in entry.text() and f"HDU {fmt[3:]}" in entry.text()
        entry.trigger()
        return True
    if way == "button":
        tab = window.tabs.game_tabs[key]
        qtbot.mouseClick(tab.import_button, Qt.MouseButton.LeftButton)
        return True
    return app.load(window, path, None if way == "cli" else key)


@pytest.mark.parametrize(("fmt", "way"), WAYS)
def test_a_judge_file_goes_into_its_tab_and_keeps_the_rest_of_the_document(qtbot, window, dialogs, fmt, way):
    key = TAB_OF[fmt]
    own_work(window)
    if way == "recent":  # imported once (so that Open Recent lists it), then undone
        dialogs.case, dialogs.open_path = "case 1", sample(fmt)
        window.actions[f"import_{fmt}"].trigger()
        qtbot.keyClick(window, Qt.Key.Key_Z, CTRL)
    window.tabs.show_tab(key if way == "button" else "nim")  # a button is clicked on its tab
    before, model = everything(window), window.document.model
    stacks = {k: (t.undo_stack.index(), t.undo_stack.isClean()) for k, t in window.tabs.game_tabs.items()}
    dialogs.case = "case 2"
    assert import_by(qtbot, window, dialogs, fmt, way)
    after = everything(window)
    assert dialogs.errors == [] and dialogs.questions == []  # nothing to discard: nothing asked
    assert window.tabs.current_key() == key  # its tab in front
    assert after[key] != before[key]
    assert {k: v for k, v in after.items() if k != key} == {k: v for k, v in before.items() if k != key}
    stack = window.tabs.game_tabs[key].undo_stack
    assert stack.index() == stacks[key][0] + 1 and "2" in stack.command(stack.index() - 1).text()
    assert {k: t.undo_stack.index() for k, t in window.tabs.game_tabs.items() if k != key} == {
        k: i for k, (i, _clean) in stacks.items() if k != key}
    assert window.document.name == "Untitled" and window.document.path is None and window.isWindowModified()
    if key == "graph":
        imported = window.document.model
        assert imported is not model and len(imported.nodes()) == 4 and window.queries.list.count() == 3
        assert raised_dock(window) == "HDU 1524 Queries"  # its queries in front, to be clicked
        qtbot.waitUntil(lambda: window.analysis.outcome_text() == imported.outcome())
    else:
        assert window.document.model is model
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL)  # the tab as it was
    assert everything(window) == before and stack.index() == stacks[key][0]
    assert window.document.model is model and window.canvas.model is model
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL | SHIFT)
    assert everything(window) == after


def test_importing_keeps_the_documents_file_and_marks_it_modified(qtbot, window, dialogs, tmp_path):
    doc = window.document
    path = tmp_path / "mine.sgs"
    assert doc.save_as(str(path))
    judge = tmp_path / "judge.txt"
    judge.write_text(Path(sample("hdu1524")).read_text())
    text, count = judge.read_text(), len(doc.model.nodes())
    assert not window.isWindowModified()
    dialogs.case, dialogs.open_path = "case 2", str(judge)
    window.actions["open"].trigger()  # File > Open of a judge file: an import into this document
    assert doc.path == path and doc.name == "mine.sgs" and window.windowTitle().startswith("mine.sgs")
    assert window.isWindowModified() and len(doc.model.nodes()) == 4
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL)  # back to what was saved: clean again
    assert not window.isWindowModified() and len(doc.model.nodes()) == count
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL | SHIFT)
    assert window.isWindowModified()
    window.actions["save"].trigger()  # asks nothing: the document's file is written, not the judge file
    assert dialogs.asked[-1][0] == "open" and not window.isWindowModified()
    saved = sgs.read(path)
    assert graph_state(saved.graph) == graph_state(doc.model) and saved.tabs == window.tabs.states()
    assert judge.read_text() == text


def test_open_recent_lists_judge_files_with_their_format_and_forgets_a_gone_one(window, dialogs, tmp_path):
    names = {}
    for fmt in ("hdu1536", "hdu1524"):
        path = tmp_path / f"{fmt}-input.txt"  # nothing in the name says which format it is
        path.write_text(Path(sample(fmt)).read_text())
        dialogs.case, dialogs.open_path = "case 1", str(path)
        window.actions[f"import_{fmt}"].trigger()
        names[fmt] = path
    texts = [a.text() for a in window.menus["recent"].actions()]
    assert texts == [f"&1 {names['hdu1524'].resolve()} (HDU 1524 into Graph)",
                     f"&2 {names['hdu1536'].resolve()} (HDU 1536 into S-Nim)"]
    window.document.new()
    snim = window.tabs.game_tabs["snim"]
    assert snim.model.judge is None
    dialogs.case = "case 2"
    window.menus["recent"].actions()[1].trigger()  # read as HDU 1536 again, not as the Graph's HDU 1524
    assert dialogs.errors == [] and window.tabs.current_key() == "snim"
    assert snim.model.judge is not None and snim.undo_stack.count() == 1
    names["hdu1524"].unlink()
    assert "HDU 1524" in window.menus["recent"].actions()[1].text()  # the S-Nim file is first now
    window.menus["recent"].actions()[1].trigger()  # gone: told once, and off the list
    assert len(dialogs.errors) == 1 and str(names["hdu1524"]) in dialogs.errors[0][1]
    assert [a.text() for a in window.menus["recent"].actions()] == [
        f"&1 {names['hdu1536'].resolve()} (HDU 1536 into S-Nim)"]


def dialog_folders(qtbot, window, dialogs) -> dict[str, str]:
    """Open every file dialog of the window (each cancelled); the folder each one started in."""
    dialogs.open_path = dialogs.save_path = ""
    dialogs.asked.clear()
    window.tabs.show_tab("graph")  # the canvas exports are enabled there
    names = ["open", "save_as", *(f"import_{fmt}" for fmt in TAB_OF),
             "export_hdu", "export_png", "export_svg", "export_graphml"]
    for name in names:
        window.actions[name].trigger()
    for key in ("board", "splitnim"):  # the tabs' own Import buttons
        window.tabs.show_tab(key)
        qtbot.mouseClick(window.tabs.game_tabs[key].import_button, Qt.MouseButton.LeftButton)
    names += ["board button", "splitnim button"]
    assert len(dialogs.asked) == len(names)
    return {name: (where if kind == "open" else str(Path(where).parent))
            for name, (kind, _title, where) in zip(names, dialogs.asked, strict=True)}


def test_every_file_dialog_starts_in_the_documents_folder_else_the_last_used_else_home(
        qtbot, window, dialogs, tmp_path, monkeypatch):
    home, judges, documents = tmp_path / "home", tmp_path / "judges", tmp_path / "documents"
    for folder in (home, judges, documents):
        folder.mkdir()
    monkeypatch.setenv("HOME", str(home))
    folders = dialog_folders(qtbot, window, dialogs)  # an untitled document, no folder used yet
    assert set(folders.values()) == {str(home)}, folders
    judge = judges / "s.txt"
    judge.write_text(Path(sample("hdu1536")).read_text())
    dialogs.case, dialogs.open_path = "case 1", str(judge)
    window.actions["import_hdu1536"].trigger()
    folders = dialog_folders(qtbot, window, dialogs)  # still untitled: the last folder used
    assert set(folders.values()) == {str(judges)}, folders
    dialogs.save_path = str(documents / "doc.sgs")
    window.actions["save_as"].trigger()
    assert window.document.path == documents / "doc.sgs"
    dialogs.open_path = str(judge)
    window.actions["import_hdu1536"].trigger()  # a judge file from elsewhere: the document's folder wins
    folders = dialog_folders(qtbot, window, dialogs)
    assert set(folders.values()) == {str(documents)}, folders
    assert dialogs.asked[1][2] == str(documents / "doc.sgs")  # Save As suggests the document's own name
    assert dialogs.errors == []


def test_a_cancelled_case_choice_or_a_bad_file_changes_nothing_in_any_way(qtbot, window, dialogs, tmp_path):
    own_work(window)
    bad = tmp_path / "bad.txt"
    bad.write_text("3\n1 x\n")
    before, recent = everything(window), window.document.recent_files()
    counts = {k: t.undo_stack.count() for k, t in window.tabs.game_tabs.items()}
    for fmt in TAB_OF:
        dialogs.case, dialogs.open_path = None, sample(fmt)  # the chooser cancelled
        window.actions[f"import_{fmt}"].trigger()
        dialogs.open_path = str(bad)
        window.actions[f"import_{fmt}"].trigger()
    assert len(dialogs.errors) == len(TAB_OF)
    assert all(str(bad) in text and "line 2" in text for _title, text in dialogs.errors)
    assert everything(window) == before and window.document.recent_files() == recent
    assert {k: t.undo_stack.count() for k, t in window.tabs.game_tabs.items()} == counts
    assert window.tabs.current_key() == "graph" and dialogs.questions == []


def test_a_tab_alone_starts_its_import_dialog_at_home_then_where_it_last_imported(
        qtbot, dialogs, tmp_path, monkeypatch):
    from sgstudio.games.board.tab import BoardTab

    monkeypatch.setenv("HOME", str(tmp_path))
    tab = BoardTab()  # no window: the tab asks for the file itself
    qtbot.addWidget(tab)
    tab.show()
    folder = tmp_path / "inputs"
    folder.mkdir()
    judge = folder / "b.txt"
    judge.write_text(Path(sample("hdu5724")).read_text())
    dialogs.case, dialogs.open_path = "case 2", str(judge)
    qtbot.mouseClick(tab.import_button, Qt.MouseButton.LeftButton)
    assert dialogs.asked[-1][2] == str(tmp_path) and tab.undo_stack.count() == 1
    qtbot.mouseClick(tab.import_button, Qt.MouseButton.LeftButton)
    assert dialogs.asked[-1][2] == str(folder) and tab.undo_stack.count() == 2


@pytest.mark.parametrize(("fmt", "case", "heaps", "rule", "outcome"), [
    ("hdu1907", "case 1", (3, 5, 1), None, "WIN"),  # John: the first player wins
    ("hdu1907", "case 2", (1,), None, "LOSE"),  # Brother
    ("hdu2509", "case 1", (2, 2), "0.77", "LOSE"),  # No: rows of 2 and 2, take consecutive apples
    ("hdu2509", "case 2", (3,), "0.777", "WIN"),  # Yes
])
def test_a_misere_judge_case_is_played_misere_in_one_undo_step(qtbot, window, dialogs, fmt, case, heaps, rule,
                                                                outcome):
    from tests.core.misere.misere_oracle import heap_oracle

    key = TAB_OF[fmt]
    tab = window.tabs.game_tabs[key]
    before, old_rule = everything(window), tab.model.rule.text if rule else None
    assert tab.play_rule == "normal"
    dialogs.case, dialogs.open_path = case, sample(fmt)
    window.actions[f"import_{fmt}"].trigger()
    assert dialogs.errors == [] and window.tabs.current_key() == key
    assert tab.model.heaps == heaps and tab.play_rule == "misere" and tab.rule_choice.rule() == "misere"
    if rule:
        assert tab.model.rule.text == rule
        wins, _ = heap_oracle(rule)  # the rules alone: take 1 or 2 consecutive ... of the rows
        assert ("WIN" if wins(heaps) else "LOSE") == outcome
    assert tab.settle(60_000)
    assert tab.analysis_panel.outcome_text() == outcome
    assert tab.undo_stack.count() == 1 and tab.undo_stack.command(0).text() == f"Import {case} of {fmt}.txt"
    assert window.tabs.states()[key]["play_rule"] == "misere"
    tab.undo_stack.undo()  # one step: the heaps, the rule and the play rule as they were
    assert tab.play_rule == "normal" and everything(window) == before
    if rule:
        assert tab.model.rule.text == old_rule
    tab.undo_stack.redo()
    assert tab.play_rule == "misere" and tab.model.heaps == heaps


def test_a_row_too_long_for_a_rule_is_refused_and_changes_nothing(qtbot, window, dialogs, tmp_path):
    long_row = tmp_path / "rows.txt"
    long_row.write_text("1\n70000\n")
    before = everything(window)
    tab = window.tabs.game_tabs["takebreak"]
    dialogs.case, dialogs.open_path = "case 1", str(long_row)
    window.actions["import_hdu2509"].trigger()
    assert len(dialogs.errors) == 1 and str(long_row) in dialogs.errors[0][1]
    assert "70,000 digits" in dialogs.errors[0][1]
    assert everything(window) == before and tab.undo_stack.count() == 0 and tab.play_rule == "normal"
