"""Sum > Add > From text takes every component ``sgstudio sum`` takes, ``dag:`` and ``loopy:`` tokens
on an HDU 1524 file included (issue 29, item 10): a relative FILE is looked for in the document's
folder, an absolute one where it says; a bad file is told at its line and column, the sum unchanged;
``-`` is a file name there, never standard input. The values shown are those of the command line."""

from __future__ import annotations

from PySide6.QtWidgets import QInputDialog

from sgstudio.cli.sum import parse_component

GRAPH = "5\n1 1\n2 2 3\n1 4\n0\n1 3\n0\n"  # 0 -> 1 -> 2, 3; 2 -> 4 -> 3; no query
LOOP = "3\n1 1\n1 2\n1 0\n0\n"  # 0 -> 1 -> 2 -> 0: every token's game is a draw


def saved_window(window, tmp_path):
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "g.txt").write_text(GRAPH)
    (folder / "loop.txt").write_text(LOOP)
    assert window.document.save_as(str(folder / "game.sgs"))
    return window.tabs.game_tabs["sum"], folder


def typed(monkeypatch, answers):
    """QInputDialog.getText answering ``answers`` in turn (then Cancel); the labels it was shown."""
    labels = []

    def get_text(_parent, _title, label, text="", *_args, **_kwargs):
        labels.append(label)
        return (answers.pop(0), True) if answers else (text, False)

    monkeypatch.setattr(QInputDialog, "getText", staticmethod(get_text))
    return labels


def test_dag_and_loopy_components_are_read_from_the_documents_folder(window, tmp_path, monkeypatch):
    tab, folder = saved_window(window, tmp_path)
    monkeypatch.chdir(tmp_path)  # not the document's folder: g.txt is not here
    before = len(tab.model.components)
    typed(monkeypatch, ["dag:g.txt:1:0,4", f"loopy:{folder / 'loop.txt'}:1:1"])
    tab.ask_text()
    tab.ask_text()
    assert len(tab.model.components) == before + 2
    dag, loopy = tab.model.components[-2:]
    cli_dag = parse_component(f"dag:{folder / 'g.txt'}:1:0,4")
    assert dag.game.successors == cli_dag.game.successors and dag.position == (0, 4)
    assert dag.value() == cli_dag.value()
    cli_loopy = parse_component(f"loopy:{folder / 'loop.txt'}:1:1")
    assert loopy.position == (1,) and loopy.value() == cli_loopy.value()
    assert type(loopy.game).__name__ == "LoopyGame" and type(dag.game).__name__ == "DagGame"
    shown = [tab.table.item(r, 3).text() for r in range(tab.table.rowCount())][-2:]
    assert shown == [str(dag.value()), str(loopy.value())]
    tab.undo_stack.undo()
    tab.undo_stack.undo()
    assert len(tab.model.components) == before  # each one undo step


def test_a_bad_file_is_told_at_its_line_and_column_and_the_sum_stays(window, tmp_path, monkeypatch):
    tab, folder = saved_window(window, tmp_path)
    (folder / "bad.txt").write_text("2\n1 7\n0\n")  # vertex 7 of 2
    before, steps = tab.to_state(), tab.undo_stack.count()
    labels = typed(monkeypatch, ["dag:bad.txt:1:0", "dag:-:1:0", "dag:g.txt:2:0", "dag:g.txt:1:9"])
    tab.ask_text()  # each refusal asks again, the text as typed, with why: then Cancel
    assert len(labels) == 5
    told = labels[1:]
    assert f"{folder / 'bad.txt'}:2:" in told[0] and "Not added" in told[0]
    assert f"{folder / '-'}: cannot read" in told[1]  # a file named "-": the window reads no stdin
    assert "test case 2" in told[2] and "0..4 of test case 1" in told[3]
    assert tab.to_state() == before and tab.undo_stack.count() == steps


def test_a_sum_with_a_file_component_is_saved_with_its_graph(window, tmp_path, monkeypatch):
    tab, folder = saved_window(window, tmp_path)
    assert tab.add_text("dag:g.txt:1:1")
    value = tab.model.components[-1].value()
    assert window.document.save()
    (folder / "g.txt").unlink()  # the document holds the graph, not the file's name
    assert window.document.open(str(folder / "game.sgs"))
    again = window.tabs.game_tabs["sum"].model.components[-1]
    assert again.position == (1,) and again.value() == value
