"""The four tabs in the window: the undo group follows the tab, Graph-only docks and actions step
aside, the document holds every tab (round trip, bad tab states, old documents), judge files are
imported through the menu into their tabs, and the Play panel plays on every tab."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt

from sgstudio.core.play.session import Mode
from sgstudio.document import sgs
from sgstudio.games.graph.tab.canvas import animation
from sgstudio.games.graph.tab.commands import AddTokenCommand
from sgstudio.paths import resource_path

L = Qt.MouseButton.LeftButton
SAMPLES = {"hdu1536": "hdu1536.txt", "hdu5795": "hdu5795.txt", "hdu5724": "hdu5724.txt"}
TAB_OF = {"hdu1536": "snim", "hdu5795": "splitnim", "hdu5724": "board"}
# the judge's sample answers (SPEC.md): per test case, W when the first player wins (S-Nim: the
# first position of the case, which is the one the tab loads)
JUDGE = {"hdu1536": ["L", "W"], "hdu5795": ["L", "W"], "hdu5724": ["L", "W"]}
CASE_ITEM = {"hdu1536": "case {}:", "hdu5795": "case {}:", "hdu5724": "case {}:"}


def tab(window, key):
    return window.tabs.game_tabs[key]


def outcome(window, key) -> str:
    game, position = tab(window, key).game_and_position()
    return "W" if game.value(position) else "L"


def import_sample(window, dialogs, fmt: str, case: int = 1) -> None:
    dialogs.open_path = str(resource_path("examples", SAMPLES[fmt]))
    dialogs.case = CASE_ITEM[fmt].format(case)
    window.actions[f"import_{fmt}"].trigger()
    assert dialogs.errors == []


def graph_state(model) -> tuple:
    return (sorted((v, model.label(v), model.pos(v)) for v in model.nodes()), sorted(model.edges()),
            model.tokens())


def test_four_tabs_with_graph_first(window):
    shown = [window.tabs.tabText(i) for i in range(window.tabs.count())]
    assert "Take && break" in shown  # an & written twice: shown as one, not as a shortcut mark
    titles = [title.replace("&&", "&") for title in shown]
    assert titles == ["Graph", "S-Nim", "Split-nim", "Board", "Take & break", "Nim", "Sum",  # Nim: example
                      "Your game"]
    assert window.tabs.current_key() == "graph" and window.tabs.current_tab() is window.tabs.graph
    assert window.tabs.currentWidget().isAncestorOf(window.canvas)
    assert window.tabs.group.activeStack() is window.undo_stack


@pytest.mark.parametrize("fmt", sorted(SAMPLES))
def test_each_judge_sample_through_the_menu_gives_the_judges_answers(window, dialogs, fmt):
    key = TAB_OF[fmt]
    for case, expected in enumerate(JUDGE[fmt], 1):
        import_sample(window, dialogs, fmt, case)
        assert window.tabs.current_key() == key  # the import shows its tab
        assert outcome(window, key) == expected, (fmt, case)
    assert tab(window, key).undo_stack.count() == 2 and window.isWindowModified()


def test_a_bad_judge_file_changes_nothing(window, dialogs, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("2 2 5\n3\n2 5 x\n", encoding="utf-8")
    before = tab(window, "snim").to_state()
    dialogs.open_path = str(bad)
    window.actions["import_hdu1536"].trigger()
    assert len(dialogs.errors) == 1 and "bad.txt, line 3, column 5" in dialogs.errors[0][1]
    assert tab(window, "snim").to_state() == before and tab(window, "snim").undo_stack.count() == 0
    assert window.tabs.current_key() == "graph"


def test_the_undo_group_follows_the_tab(window, dialogs):
    model = window.document.model
    window.undo_stack.push(AddTokenCommand(model, model.nodes()[0]))
    import_sample(window, dialogs, "hdu5724")
    board = tab(window, "board")
    assert window.tabs.group.activeStack() is board.undo_stack
    assert window.history.stack() is board.undo_stack
    assert "hdu5724" in window.actions["undo"].text()
    imported = board.to_state()
    window.actions["undo"].trigger()  # undoes the board import, not the graph edit
    assert board.to_state() != imported and window.undo_stack.index() == 1
    window.actions["redo"].trigger()
    assert board.to_state() == imported
    window.tabs.show_tab("graph")
    assert window.tabs.group.activeStack() is window.undo_stack
    assert window.history.stack() is window.undo_stack
    tokens = model.tokens()
    window.actions["undo"].trigger()
    assert len(model.tokens()) == len(tokens) - 1 and board.to_state() == imported


def test_graph_docks_and_actions_step_aside_on_other_tabs(window):
    docks, a = window.docks, window.actions
    docks["queries"].hide()  # closed by the user: stays closed when the Graph tab comes back
    for key in ("snim", "splitnim", "board"):
        window.tabs.show_tab(key)
        assert docks["analysis"].isHidden() and docks["queries"].isHidden()
        assert not any(a[n].isEnabled() for n in ("tool_edge", "delete", "export_png", "zoom_in"))
        assert a["save"].isEnabled() and not docks["history"].isHidden() and not docks["play"].isHidden()
    window.tabs.show_tab("graph")
    assert not docks["analysis"].isHidden() and docks["queries"].isHidden()
    assert a["tool_edge"].isEnabled() and a["delete"].isEnabled()


def view_menu_action(window, title: str):
    return next(a for a in window.menus["view"].actions() if a.text() == title)


@pytest.mark.parametrize("key", ["snim", "splitnim", "board", "takebreak", "nim", "sum"])
def test_view_analysis_is_not_offered_on_a_tab_with_its_own_analysis(qtbot, window, key):
    """View > Analysis (the Graph tab's dock) never shows the graph's verdict beside another tab's."""
    docks = window.docks
    window.tabs.show_tab(key)
    analysis, queries = view_menu_action(window, "Analysis"), view_menu_action(window, "HDU 1524 Queries")
    window.menus["view"].aboutToShow.emit()  # as the menu opens
    assert not analysis.isEnabled() and not queries.isEnabled()
    assert analysis.toolTip() and "Graph tab" in analysis.toolTip()
    analysis.trigger()  # a click on a disabled entry: nothing happens
    qtbot.wait(10)
    assert docks["analysis"].isHidden() and docks["queries"].isHidden()
    shown = window.tabs.game_tabs[key]
    qtbot.waitUntil(lambda: shown.analysis_panel.outcome_text() in ("WIN", "LOSE"), timeout=20000)
    assert shown.analysis_panel.isVisible()  # the tab's own verdict, alone
    window.tabs.show_tab("graph")  # on the Graph tab the entries are there and work
    assert analysis.isEnabled() and queries.isEnabled()
    analysis.trigger()
    assert docks["analysis"].isHidden()
    analysis.trigger()
    assert not docks["analysis"].isHidden()


def test_modified_and_the_close_prompt_consider_every_tab(window, dialogs, tmp_path):
    assert not window.isWindowModified()
    import_sample(window, dialogs, "hdu1536")
    assert window.isWindowModified() and window.undo_stack.isClean()
    dialogs.answer = dialogs.answer.Cancel
    assert not window.close()  # asked, and cancelled
    assert len(dialogs.questions) == 1
    assert window.document.save_as(str(tmp_path / "d.sgs"))
    assert not window.isWindowModified() and tab(window, "snim").undo_stack.isClean()
    tab(window, "snim").undo_stack.undo()
    assert window.isWindowModified()


def fill_every_tab(window, dialogs) -> dict:
    model = window.document.model
    window.undo_stack.push(AddTokenCommand(model, model.nodes()[-1]))
    import_sample(window, dialogs, "hdu1536", 2)
    import_sample(window, dialogs, "hdu5795", 2)
    import_sample(window, dialogs, "hdu5724", 2)
    nim = tab(window, "nim")  # the worked example, without a judge format: its heaps typed in
    nim.heaps.setText("1 2 4")
    nim.set_button.click()
    takebreak = tab(window, "takebreak")  # a rule and heaps typed in
    takebreak.editor.field.setText("0.137")
    takebreak.editor.field.textEdited.emit("0.137")
    takebreak.heaps.setText("7 20")
    takebreak.set_button.click()
    custom = tab(window, "custom")  # code typed (not run: a document's code is data)
    custom.editor.setPlainText("def options(n):\n    return range(n)\n")
    window.tabs.show_tab("nim")
    window.actions["add_to_sum"].trigger()  # the Sum tab: its start and the Nim heaps 1 2 4
    states = window.tabs.states()
    assert all(states[k] != window.tabs.defaults[k] for k in states)
    return states


def test_save_and_open_round_trip_every_tab(window, dialogs, tmp_path):
    states = fill_every_tab(window, dialogs)
    graph = graph_state(window.document.model)
    path = tmp_path / "all.sgs"
    assert window.document.save_as(str(path))
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["version"] == sgs.VERSION
    assert set(saved["tabs"]) == {"snim", "splitnim", "board", "takebreak", "nim", "sum", "custom"}
    assert window.document.new()
    assert window.tabs.states() == window.tabs.empty_states() and window.document.model.nodes() == []
    assert window.document.open(str(path))
    assert window.tabs.states() == states and graph_state(window.document.model) == graph
    assert not window.isWindowModified()
    assert all(stack.count() == 0 for stack in window.tabs.stacks())
    assert dialogs.errors == []


def test_a_bad_tab_state_is_a_located_error_and_changes_nothing(window, dialogs, tmp_path):
    states = fill_every_tab(window, dialogs)
    graph = graph_state(window.document.model)
    counts = [stack.count() for stack in window.tabs.stacks()]
    data = json.loads(sgs.dumps(window.document.model, states))
    data["tabs"]["board"]["rows"] = [[3, 25]]  # column 25 on a board of width 20
    bad = tmp_path / "bad.sgs"
    bad.write_text(json.dumps(data, indent=1), encoding="utf-8")
    dialogs.answer = dialogs.answer.Discard
    assert not window.document.open(str(bad))
    _title, text = dialogs.errors[-1]
    assert "bad.sgs, line" in text and "Board" in text
    line = int(text.split("line ")[1].split(",")[0])
    assert '"board"' in bad.read_text(encoding="utf-8").splitlines()[line - 1]
    assert window.tabs.states() == states and graph_state(window.document.model) == graph
    assert [stack.count() for stack in window.tabs.stacks()] == counts


def test_an_old_document_without_tabs_opens_with_the_tabs_at_their_start(window, dialogs, tmp_path):
    fill_every_tab(window, dialogs)
    data = json.loads(sgs.dumps(window.document.model))
    del data["tabs"]
    old = tmp_path / "old.sgs"
    old.write_text(json.dumps(data), encoding="utf-8")
    dialogs.answer = dialogs.answer.Discard
    assert window.document.open(str(old))
    assert window.tabs.states() == window.tabs.defaults and dialogs.errors == []


def test_unknown_tabs_of_a_later_version_are_kept(window, dialogs, tmp_path):
    data = json.loads(sgs.dumps(window.document.model, {"future": {"x": [1, 2]}}))
    path = tmp_path / "future.sgs"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert window.document.open(str(path))
    assert window.document.save()
    assert json.loads(path.read_text(encoding="utf-8"))["tabs"]["future"] == {"x": [1, 2]}


@pytest.mark.parametrize("key", ["graph", "snim", "splitnim", "board"])
def test_computer_against_itself_finishes_with_the_right_winner_on_every_tab(qtbot, window, monkeypatch, key):
    monkeypatch.setattr(animation, "DURATION_MS", 0)
    window.tabs.show_tab(key)
    before = window.tabs.states()
    panel = window.play
    panel.speed.setValue(panel.speed.maximum())
    panel.set_mode(Mode.COMPUTER_VS_COMPUTER)
    qtbot.mouseClick(panel.start_button, L)
    assert panel.playing and panel.target.title == window.tabs.tabText(window.tabs.currentIndex())
    qtbot.waitUntil(lambda: panel.session.is_over, timeout=20000)
    s = panel.session
    assert s.index > 0 and s.winner == s.predicted_winner
    assert f"Player {s.winner} (computer) wins" in panel.status.text()
    assert window.tabs.states() == before  # play ran on a copy


def test_a_person_plays_a_tab_from_the_move_list_and_an_edit_ends_play(qtbot, window, dialogs):
    window.play.reply_ms = 0
    import_sample(window, dialogs, "hdu5795", 2)  # heaps 1 2 4: a first-player win
    state = tab(window, "splitnim").to_state()
    qtbot.mouseClick(window.play.start_button, L)
    panel = window.play
    assert panel.history_rows()[0][4] == "heaps 1 2 4" and panel.choices.item(0).text().startswith("★")
    centre = panel.choices.visualItemRect(panel.choices.item(0)).center()
    qtbot.mouseClick(panel.choices.viewport(), L, pos=centre)
    qtbot.mouseDClick(panel.choices.viewport(), L, pos=centre)
    qtbot.waitUntil(lambda: panel.session.index == 2)  # the computer answered
    assert panel.session.history[0].value_after == 0
    assert tab(window, "splitnim").to_state() == state
    tab(window, "splitnim").undo_stack.undo()  # an edit of the tab
    assert not panel.playing
    qtbot.mouseClick(panel.start_button, L)
    window.tabs.show_tab("board")  # another tab ends play too
    assert not panel.playing


def run_app(tmp_path, *args: str):
    import os
    import subprocess
    import sys

    env = dict(os.environ)
    env.pop("DISPLAY", None)
    env.pop("QT_QPA_PLATFORM", None)
    return subprocess.run([sys.executable, "-m", "sgstudio", *args], capture_output=True, text=True,
                          env=env, timeout=180, cwd=tmp_path)


def test_screenshot_of_every_tab_with_its_judge_file(tmp_path):
    from PySide6.QtGui import QImage

    for fmt, key in TAB_OF.items():
        out = tmp_path / f"{key}.png"
        result = run_app(tmp_path, "--screenshot", str(out), "--tab", key,
                         str(resource_path("examples", SAMPLES[fmt])))
        assert result.returncode == 0, result.stderr
        image = QImage(str(out))
        assert (image.width(), image.height()) == (1280, 800)
        colours = {image.pixel(x, y) for x in range(0, 1280, 7) for y in range(0, 800, 7)}
        assert len(colours) > 20, key
    plain = tmp_path / "board-default.png"
    assert run_app(tmp_path, "--screenshot", str(plain), "--tab", "board").returncode == 0 and plain.exists()


def test_judge_files_need_their_tab(tmp_path):
    sample = str(resource_path("examples", "hdu1536.txt"))
    result = run_app(tmp_path, "--screenshot", "x.png", sample)  # read as HDU 1524: refused, with a hint
    assert result.returncode == 2 and len(result.stderr.splitlines()) == 1  # one line: where, and the hint
    assert "hdu1536.txt:1:" in result.stderr and "--tab snim" in result.stderr
    result = run_app(tmp_path, "--screenshot", "y.png", "--tab", "board", sample)  # the wrong format
    assert result.returncode == 2 and "hdu1536.txt" in result.stderr and not (tmp_path / "y.png").exists()
    result = run_app(tmp_path, "--screenshot", "z.png", "--tab", "chess", sample)
    assert result.returncode == 2 and "invalid choice" in result.stderr


def test_play_refuses_a_position_too_big_to_step_through(qtbot, window):
    from sgstudio.gui.panels.play import MAX_PARTS

    window.tabs.show_tab("splitnim")
    tab(window, "splitnim").load_state({"parts": 3, "heaps": [5] * (MAX_PARTS + 1)})
    qtbot.mouseClick(window.play.start_button, L)
    assert not window.play.playing
    assert "at most 20,000" in window.statusBar().currentMessage()


def test_gametab_optional_hooks_have_harmless_defaults(qtbot):
    from sgstudio.gui.tabs import GameTab

    class Counter(GameTab):
        key, title = "counter", "Counter"

        def __init__(self, parent=None):
            super().__init__(parent)
            self.n = 0

        def to_state(self):
            return {"n": self.n}

        def load_state(self, state):
            if not isinstance(state.get("n"), int):
                raise ValueError("n must be an integer")
            self.n = state["n"]

    t = Counter()
    qtbot.addWidget(t)
    t.check_state({"n": 3})
    with pytest.raises(ValueError, match="integer"):
        t.check_state({"n": "x"})
    assert t.n == 0  # checked on a throwaway instance
    assert t.show_play_position((1,), None) is False and not t.can_keep_play_position()
    t.end_play()
    with pytest.raises(NotImplementedError):
        t.keep_play_position((1,))
