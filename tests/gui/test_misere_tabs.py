"""The Normal / Misère choice on the heap tabs (Nim, S-Nim, split-nim, the board, Take & break),
through their real widgets: a click on "Misère" is one undo step; the outcome and every winning move
shown are those of a rules-only misère search (the game's own moves, no theory); undo brings normal
play back; the rule is saved in the document and read back; a state without the rule (an old
document) loads as normal play; and the Play panel's computer plays a winning misère move.
"""

from __future__ import annotations

from functools import cache

import pytest
from PySide6.QtCore import Qt

from sgstudio.core.misere.rule import MISERE, NORMAL
from sgstudio.core.play.session import Mode
from sgstudio.games.board.tab import BoardTab
from sgstudio.games.nim.tab import NimTab
from sgstudio.games.snim.tab import SNimTab
from sgstudio.games.splitnim.tab import SplitNimTab
from sgstudio.games.takebreak.tab import TakeBreakTab

L = Qt.MouseButton.LeftButton


def misere_oracle(game):
    """``(wins, winning_moves)`` of misère play by the rules alone: a position without a move is won
    by the player to move; else it is won iff some move leaves a position lost for the opponent."""
    @cache
    def wins(position: tuple) -> bool:
        moves = list(game.legal_moves(position))
        return not moves or any(not wins(key(game.apply(position, m))) for m in moves)

    def key(position) -> tuple:
        return tuple(sorted(position))

    def winning(position: tuple) -> list:
        return [m for m in game.legal_moves(position) if not wins(key(game.apply(position, m)))]

    return (lambda p: wins(key(p))), winning


# -- each tab: how a test sets its position ------------------------------------------------------
def set_nim(tab, heaps):
    tab.model.set_heaps(heaps)


def set_snim(tab, position):
    members, heaps = position
    tab.model.set_S(members)
    tab.model.set_heaps(heaps)


def set_splitnim(tab, heaps):
    tab.position.replace(list(heaps), 3)


def set_board(tab, rows):
    tab.model.replace(rows, 20)


def set_takebreak(tab, position):
    rule, heaps = position
    tab.model.set_rule(rule)
    tab.model.set_heaps(heaps)


CASES = {
    "nim": (NimTab, set_nim, [(1, 1, 1), (2, 2), (1, 2), (1, 1), (3, 4, 5)]),
    "snim": (SNimTab, set_snim, [((2, 3), (4, 5)), ((1, 2), (3, 3, 1)), ((1, 3, 4), (6, 2))]),
    "splitnim": (SplitNimTab, set_splitnim, [(1, 1), (3, 2), (4, 1, 1), (2, 2)]),
    "board": (BoardTab, set_board, [((18, 19), (20,)), ((19,),), ((17,), (19,)), ((16, 18), (19,), (20,))]),
    "takebreak": (TakeBreakTab, set_takebreak, [("0.77", (4, 1)), ("0.07", (5, 3)), ("0.137", (6, 2, 1)),
                                                 ("4.07", (5,))]),
}


def settle(tab) -> None:
    assert tab.settle(60_000)


def click_rule(qtbot, tab, rule: str) -> None:
    button = tab.analysis_panel.rule_choice.buttons[rule]
    qtbot.mouseClick(button, L, pos=button.rect().center())
    settle(tab)


def made(qtbot, key):
    cls, setter, positions = CASES[key]
    tab = cls()
    qtbot.addWidget(tab)
    tab.resize(1280, 800)
    tab.show()
    settle(tab)
    return tab, setter, positions


@pytest.mark.parametrize("key", list(CASES))
def test_misere_shows_the_outcome_and_moves_of_a_rules_only_search_and_undo_is_one_step(qtbot, key):
    tab, setter, positions = made(qtbot, key)
    panel = tab.analysis_panel
    count = tab.undo_stack.count()
    click_rule(qtbot, tab, MISERE)
    assert tab.play_rule == MISERE and tab.undo_stack.count() == count + 1
    assert tab.undo_stack.undoText() == "Play misère" and tab.saved_state()["play_rule"] == MISERE
    seen = set()
    for position in positions:
        setter(tab, position)
        settle(tab)
        game, shown = tab.game_and_position()
        wins, winning = misere_oracle(game)
        assert panel.outcome_text() == ("WIN" if wins(shown) else "LOSE"), (key, shown)
        assert sorted(map(repr, panel.move_rows())) == sorted(map(repr, winning(shown))), (key, shown)
        assert panel.theory_text().startswith("Decided by ") and "Decided by" in panel.verdict.text()
        assert "\nDecided by " in panel.table.toPlainText()
        assert "not what decides" in panel.table.toPlainText()
        seen.add(panel.outcome_text())
    assert seen == {"WIN", "LOSE"}  # the positions tell the rules apart
    # undo: back to normal play in one step, the nim-sum deciding again
    tab.undo_stack.setIndex(count + 1)
    tab.undo_stack.undo()
    settle(tab)
    assert tab.play_rule == NORMAL and tab.undo_stack.count() == count + 1  # redo is kept
    assert panel.theory_text() == "" and panel.misere_shown is None and "nim-sum" in panel.verdict.text()
    assert panel.rule_choice.buttons[NORMAL].isChecked()
    assert panel.outcome_text() in ("WIN", "LOSE") and panel.analysis is not None
    game, shown = tab.game_and_position()
    assert panel.outcome_text() == ("WIN" if game.value(shown) else "LOSE")
    assert "play_rule" not in tab.saved_state()


def test_nim_misere_differs_from_normal_where_bouton_says_so(qtbot):
    tab, setter, _ = made(qtbot, "nim")
    panel = tab.analysis_panel
    setter(tab, (1, 1, 1))
    assert panel.outcome_text() == "WIN"  # normal: nim-sum 1
    click_rule(qtbot, tab, MISERE)
    assert panel.outcome_text() == "LOSE" and panel.move_rows() == []
    assert "misère Nim (Bouton)" in panel.theory_text() and "odd" in panel.theory_text()
    assert "1^031" in panel.table.toPlainText()  # each heap's genus
    setter(tab, (0,))
    settle(tab)
    assert panel.outcome_text() == "WIN" and "no move left" in panel.verdict.text()


def test_the_rule_is_refused_while_playing(qtbot, window):
    window.tabs.show_tab("nim")
    tab, panel = window.tabs.game_tabs["nim"], window.play
    panel.reply_ms = 10**6
    qtbot.mouseClick(panel.start_button, L)
    assert tab.playing
    count = tab.undo_stack.count()
    assert not tab.request_play_rule(MISERE)
    assert tab.play_rule == NORMAL and tab.undo_stack.count() == count
    assert tab.analysis_panel.rule_choice.rule() == NORMAL


@pytest.mark.parametrize("key", ["nim", "snim", "splitnim", "board", "takebreak"])
def test_save_and_open_keep_the_rule_and_an_old_document_is_normal(qtbot, window, dialogs, tmp_path, key):
    window.tabs.show_tab(key)
    tab = window.tabs.game_tabs[key]
    settle(tab)
    click_rule(qtbot, tab, MISERE)
    assert window.isWindowModified()
    before = tab.to_state()
    dialogs.save_path = str(tmp_path / "misere.sgs")
    window.actions["save_as"].trigger()
    text = (tmp_path / "misere.sgs").read_text(encoding="utf-8")
    assert '"play_rule": "misere"' in text
    window.document.new()
    assert tab.play_rule == NORMAL
    dialogs.open_path = str(tmp_path / "misere.sgs")
    window.actions["open"].trigger()
    settle(tab)
    assert dialogs.errors == []
    assert tab.play_rule == MISERE and tab.analysis_panel.rule_choice.rule() == MISERE
    assert tab.to_state() == before and tab.undo_stack.count() == 0
    assert tab.analysis_panel.misere_shown is not None or tab.analysis_panel.outcome_text() == "?"
    # the same document without the key (written before the rule existed): normal play
    old = tmp_path / "old.sgs"
    old.write_text(text.replace(', "play_rule": "misere"', ""), encoding="utf-8")
    assert "play_rule" not in old.read_text(encoding="utf-8")
    dialogs.open_path = str(old)
    window.actions["open"].trigger()
    settle(tab)
    assert dialogs.errors == [] and tab.play_rule == NORMAL and tab.to_state() == before
    assert tab.analysis_panel.misere_shown is None


def test_a_bad_rule_in_a_document_is_refused_and_nothing_changes(qtbot, window, dialogs, tmp_path):
    tab = window.tabs.game_tabs["nim"]
    bad = tmp_path / "bad.sgs"
    bad.write_text('{"format": "sgstudio", "version": 1, "graph": {"vertices": [], "edges": []}, '
                   '"tabs": {"nim": {"heaps": [2], "play_rule": "reverse"}}}', encoding="utf-8")
    before = tab.to_state()
    dialogs.open_path = str(bad)
    window.actions["open"].trigger()
    text = dialogs.errors[-1][1]
    column = int(text.split("column ")[1].split(":")[0])
    assert "(at play_rule)" in text and 'play_rule must be "normal" or "misere"' in text
    assert bad.read_text()[column - 1:].startswith('{"heaps"')  # located at the tab's state
    assert tab.to_state() == before and tab.play_rule == NORMAL


PLAY_STARTS = {"nim": (1, 1, 2), "snim": ((2, 3), (4, 5, 1)), "splitnim": (3, 1), "board": ((17,), (19,)),
               "takebreak": ("0.77", (4, 1))}


@pytest.mark.parametrize("key", list(PLAY_STARTS))
def test_the_computer_plays_a_winning_misere_move(qtbot, window, key):
    window.tabs.show_tab(key)
    tab = window.tabs.game_tabs[key]
    CASES[key][1](tab, PLAY_STARTS[key])
    settle(tab)
    click_rule(qtbot, tab, MISERE)
    game, start = tab.game_and_position()
    wins, winning = misere_oracle(game)
    assert wins(start)
    panel = window.play
    panel.reply_ms = 0
    panel.set_mode(Mode.COMPUTER_VS_COMPUTER)
    qtbot.mouseClick(panel.start_button, L)
    assert panel.playing, panel.status.text()
    s = panel.session
    assert getattr(s.game, "misere", False)
    first = s.step_forward()
    assert first is not None and repr(first.move) in {repr(m) for m in winning(start)}
    assert "misère" in first.reason
    s.run_to_end(200)
    assert s.is_over and s.winner == s.predicted_winner == 1  # the player left without a move won
    assert "misère" in panel.status.text() or "Game over" in panel.status.text()
    qtbot.mouseClick(panel.start_button, L)
    assert not panel.playing and tab.play_rule == MISERE


@pytest.mark.parametrize("size", [(1280, 800), (1024, 700)])
def test_every_heap_tab_reads_whole_under_misere(qtbot, window, size):
    from layout_audit import problems
    from test_window_layout import click_tab, resized

    resized(qtbot, window, size)
    for key in CASES:
        click_tab(qtbot, window, key)
        tab = window.tabs.game_tabs[key]
        click_rule(qtbot, tab, MISERE)
        click_tab(qtbot, window, key)
        assert tab.analysis_panel.misere_shown is not None or tab.analysis_panel.outcome_text() == "?"
        assert problems(window) == [], key


def test_a_search_past_its_bound_says_so_and_play_is_refused(qtbot, window):
    window.tabs.show_tab("splitnim")
    tab = window.tabs.game_tabs["splitnim"]
    tab.misere.limit = 300  # a tiny bound: these heaps need more canonical forms
    set_splitnim(tab, (9, 8))
    settle(tab)
    click_rule(qtbot, tab, MISERE)
    panel = tab.analysis_panel
    assert panel.outcome_text() == "?" and panel.misere_shown is None and panel.move_rows() == []
    assert "stopped at its bound" in panel.verdict.text() and "300" in panel.verdict.text()
    qtbot.mouseClick(window.play.start_button, L)
    assert not window.play.playing and "Cannot play this position" in window.play.status.text() + \
        window.statusBar().currentMessage()
    tab.misere.limit = 100_000
    set_splitnim(tab, (2, 1))
    settle(tab)
    wins, winning = misere_oracle(tab.game_and_position()[0])
    assert panel.outcome_text() == ("WIN" if wins((2, 1)) else "LOSE")
    assert sorted(map(repr, panel.move_rows())) == sorted(map(repr, winning((2, 1))))


def test_a_long_misere_search_runs_in_the_background_and_cancel_stops_it(qtbot):
    tab, setter, _ = made(qtbot, "splitnim")
    setter(tab, (13, 9, 7))  # wild heaps: a long search (it reaches the default bound)
    settle(tab)
    click = tab.analysis_panel.rule_choice.buttons[MISERE]
    qtbot.mouseClick(click, L, pos=click.rect().center())  # returns at once: the search runs behind
    panel = tab.analysis_panel
    assert tab.play_rule == MISERE and tab.work.running("misere")
    assert panel.outcome_text() == "…" and "analysing" in panel.verdict.text()
    assert panel.misere_progress.isVisible()
    qtbot.mouseClick(panel.misere_progress.cancel_button, L)
    settle(tab)
    assert not tab.work.running("misere") and not panel.misere_progress.isVisible()
    assert panel.outcome_text() == "?" and "cancelled" in panel.verdict.text()
