"""Misère play on the "Your game" tab, on real widgets: games run in the worker process, then played
misère from the explored position graph (no user code again), checked against rules-only misère
searches written here: a subtraction game, a game whose options are sums (cutting a sheet), and a
loopy game with draws; the choice is one undo step and saved; the Play panel's computer plays it."""

from __future__ import annotations

from functools import cache

import pytest
from PySide6.QtCore import Qt
from tab_helpers import show_tab

from sgstudio.core.play.session import Mode
from sgstudio.games.custom.tab import CustomTab
from sgstudio.gui.panels.play_target import TabPlayTarget

SUBTRACT = """start = 10

def options(n):
    return [n - k for k in (1, 3, 4) if k <= n]
"""
CUTTING = """name = "Cutting"
start = (4, 5)

def sheet(w, h):
    return (min(w, h), max(w, h))

def options(p):
    w, h = p
    for i in range(2, w - 1):
        yield [sheet(i, h), sheet(w - i, h)]
    for j in range(2, h - 1):
        yield [sheet(w, j), sheet(w, h - j)]
"""
LOOPY = """start = 7

def options(n):
    moves = [n - k for k in (2, 3) if k <= n]
    if n % 3 == 1 and n + 2 <= 14:
        moves.append(n + 2)
    return moves
"""


@cache
def subtract_misere_wins(n: int) -> bool:
    """Misère: no move is a win for the player to move; else a move to a lost position wins."""
    moves = [n - k for k in (1, 3, 4) if k <= n]
    return not moves or any(not subtract_misere_wins(m) for m in moves)


def cuts(sheets: tuple) -> set:
    out = set()
    for i, (w, h) in enumerate(sheets):
        rest = sheets[:i] + sheets[i + 1:]
        for a in range(2, w - 1):
            out.add(tuple(sorted((*rest, (min(a, h), max(a, h)), (min(w - a, h), max(w - a, h))))))
        for b in range(2, h - 1):
            out.add(tuple(sorted((*rest, (min(w, b), max(w, b)), (min(w, h - b), max(w, h - b))))))
    return out


@cache
def cutting_misere_wins(sheets: tuple) -> bool:
    moves = cuts(sheets)
    return not moves or any(not cutting_misere_wins(q) for q in moves)


def loopy_misere_outcomes() -> dict[int, str]:
    """WIN / LOSE / DRAW of every heap 0..14 of the loopy game, misère, by iterating the definitions."""
    def options(n):
        moves = [n - k for k in (2, 3) if k <= n]
        if n % 3 == 1 and n + 2 <= 14:
            moves.append(n + 2)
        return moves

    value = {n: ("WIN" if not options(n) else None) for n in range(15)}
    changed = True
    while changed:
        changed = False
        for n in range(15):
            if value[n] is None:
                if any(value[m] == "LOSE" for m in options(n)):
                    value[n], changed = "WIN", True
                elif all(value[m] == "WIN" for m in options(n)):
                    value[n], changed = "LOSE", True
    return {n: v or "DRAW" for n, v in value.items()}


def ran(qtbot, tab: CustomTab, code: str, position: str) -> None:
    tab.editor.setPlainText(code)
    tab.position.setText(position)
    tab.editor.setFocus()
    qtbot.keyClick(tab.editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: not tab.work.running("run"), timeout=60_000)
    assert tab.model.result is not None, tab.message.text()


def go_misere(tab: CustomTab) -> None:
    tab.analysis_panel.rule_choice.buttons["misere"].click()
    assert tab.is_misere and tab.settle()


def targets(tab: CustomTab) -> list[tuple[str, ...]]:
    """The positions the panel's winning moves leave, by their texts (a sum: its parts, sorted)."""
    game, position = tab.game_and_position()
    return sorted(tuple(sorted(tab.label(v) for v in game.apply(position, m)))
                  for m in tab.analysis_panel.move_rows())


@pytest.fixture
def tab(qtbot) -> CustomTab:
    t = CustomTab()
    t.seconds.setValue(20)
    return show_tab(qtbot, t)


@pytest.mark.parametrize("n", [0, 1, 2, 5, 7, 9, 10])
def test_a_subtraction_game_played_misere(qtbot, tab, n):
    ran(qtbot, tab, SUBTRACT, str(n))
    go_misere(tab)
    panel = tab.analysis_panel
    assert panel.outcome_text() == ("WIN" if subtract_misere_wins(n) else "LOSE")
    expected = sorted((str(n - k),) for k in (1, 3, 4) if k <= n and not subtract_misere_wins(n - k))
    assert targets(tab) == expected
    assert panel.theory_text().startswith("Decided by ")
    assert tab.answers.value.text().startswith("Value in normal play: ")


@pytest.mark.parametrize("sheet", ["(4, 5)", "(5, 6)", "(4, 8)", "(6, 6)"])
def test_a_game_of_sums_played_misere(qtbot, tab, sheet):
    ran(qtbot, tab, CUTTING, sheet)
    go_misere(tab)
    start = (tuple(int(x) for x in sheet.strip("()").split(", ")),)
    panel = tab.analysis_panel
    assert panel.outcome_text() == ("WIN" if cutting_misere_wins(start) else "LOSE")
    expected = sorted(tuple(sorted(str((w, h)) for w, h in q))
                      for q in cuts(start) if not cutting_misere_wins(q))
    assert targets(tab) == expected


@pytest.mark.parametrize("n", [0, 1, 4, 5, 7, 10, 13])
def test_a_loopy_game_played_misere_has_draws(qtbot, tab, n):
    truth = loopy_misere_outcomes()
    ran(qtbot, tab, LOOPY, str(n))
    go_misere(tab)
    panel = tab.analysis_panel
    assert panel.outcome_text() == truth[n]
    options = [n - k for k in (2, 3) if k <= n] + ([n + 2] if n % 3 == 1 and n + 2 <= 14 else [])
    assert targets(tab) == sorted((str(m),) for m in options if truth[m] == "LOSE")
    # from 0 nothing loops (a plain game: genus theory); from any other heap a cycle is reachable
    assert panel.misere_shown.method == ("retrograde analysis" if n else "genus theory")
    assert ("a draw" in panel.verdict.text()) == (truth[n] == "DRAW")


def test_the_choice_is_one_undo_step_and_is_saved(qtbot, tab):
    ran(qtbot, tab, SUBTRACT, "7")
    panel = tab.analysis_panel
    normal = panel.outcome_text()
    steps = tab.undo_stack.count()
    go_misere(tab)
    assert tab.undo_stack.count() == steps + 1 and tab.undo_stack.text(steps) == "Play misère"
    assert panel.outcome_text() == ("WIN" if subtract_misere_wins(7) else "LOSE")
    state = tab.saved_state()
    assert state["play_rule"] == "misere" and state["code"] == SUBTRACT
    tab.check_saved_state(state)
    tab.undo_stack.undo()
    assert not tab.is_misere and panel.outcome_text() == normal and panel.misere_shown is None
    other = CustomTab()
    qtbot.addWidget(other)
    other.load_saved_state(state)
    assert other.is_misere and other.analysis_panel.rule_choice.rule() == "misere"


def test_the_computer_plays_your_game_misere(qtbot, window):
    tab = window.tabs.game_tabs["custom"]
    window.tabs.show_tab("custom")
    ran(qtbot, tab, SUBTRACT, "10")
    go_misere(tab)
    panel = window.play
    panel.speed.setValue(panel.speed.maximum())
    panel.set_mode(Mode.COMPUTER_VS_COMPUTER)
    assert panel.start(TabPlayTarget(tab)), panel.status.text()
    qtbot.waitUntil(lambda: panel.session.is_over, timeout=20_000)
    s = panel.session
    for r in s.history:
        before = int(tab.label(r.before[0]))
        if subtract_misere_wins(before):
            assert not subtract_misere_wins(int(tab.label(r.after[0]))), r
    assert s.winner == (1 if subtract_misere_wins(10) else 2) and s.winner != s.history[-1].player
    panel.stop("test over")
