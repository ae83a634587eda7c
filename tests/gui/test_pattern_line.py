"""The Pattern line of the S-Nim, split-nim and Take & break tabs on real widgets: a rule set, the line
searched in the background, its text, the clipboard after Copy as Python (the pasted line checked
against values computed here by plain searches), and what is drawn on the plot; the overlay on a
heat map of g(x, y)."""

from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from tab_helpers import show_tab

from sgstudio.core.mex import mex
from sgstudio.core.patterns.report import find_pattern
from sgstudio.games.snim.tab import SNimTab
from sgstudio.games.splitnim.tab import SplitNimTab
from sgstudio.games.takebreak.tab import TakeBreakTab
from sgstudio.gui.pattern_line import PatternLine, PatternOverlay, PatternSearch
from sgstudio.gui.work import Work
from tests.oracles import partitions, takebreak_children

L = Qt.MouseButton.LeftButton


def as_function(expr: str, names: str = "n"):
    code = compile(expr, "<pasted>", "eval")
    keys = names.split(",")
    return lambda *args: eval(code, {"math": math, **dict(zip(keys, args, strict=True))})


def naive_takebreak(digits, size):
    g: list[int] = []
    for h in range(size):
        values = []
        for child in takebreak_children(h, digits):
            x = 0
            for part in child:
                x ^= g[part]
            values.append(x)
        g.append(mex(values))
    return g


def copied(qtbot, line: PatternLine) -> str:
    QGuiApplication.clipboard().clear()
    qtbot.mouseClick(line.copy_button, L)
    return QGuiApplication.clipboard().text()


def wait_pattern(qtbot, tab, needle: str) -> None:
    qtbot.waitUntil(lambda: needle.lower() in tab.pattern_line.text().lower(), timeout=30_000)


# -- Take & break ----------------------------------------------------------------------------------------
def type_rule(qtbot, tab: TakeBreakTab, text: str) -> None:
    field = tab.editor.field
    field.clear()
    qtbot.keyClicks(field, text)
    qtbot.keyClick(field, Qt.Key.Key_Return)


def test_take_and_break_kayles_pattern_line_copy_and_shaded_period(qtbot):
    tab = show_tab(qtbot, TakeBreakTab())
    type_rule(qtbot, tab, "0.77")
    wait_pattern(qtbot, tab, "period 12 from n = 71")
    assert tab.settle()
    line = tab.pattern_line
    # one row (the tab is short of height): how sure in brief, the formula, how sure in full
    assert line.formula.text().startswith("Pattern: certified · period 12 from n = 71 (preperiod 71): "
                                          "g(n) = g(n − 12) for n ≥ 83")
    assert line.formula.text().endswith(line.sure.text()) and line.sure.isHidden()
    assert line.sure.text().startswith("Certified by the octal periodicity theorem")
    expr = copied(qtbot, line)
    assert expr.endswith("[(n - 71) % 12]")
    f, truth = as_function(expr), naive_takebreak((0, 7, 7), 1500)
    assert [f(n) for n in range(1500)] == truth
    overlay = tab.pattern_search.overlay
    assert overlay.regions == {"preperiod": (-0.5, 70.5), "period": (70.5, 82.5)}
    assert all(item.scene() is tab.plot.view.scene() for item in overlay.items)  # drawn on the plot


def test_take_and_break_split_nim_draws_its_fitted_lines(qtbot):
    tab = show_tab(qtbot, TakeBreakTab())
    type_rule(qtbot, tab, "split:2")
    wait_pattern(qtbot, tab, "n plus a correction of period 4")
    assert tab.settle()
    assert tab.pattern_line.sure.text().startswith("Certified by split-nim's closed form")
    assert copied(qtbot, tab.pattern_line) == "n + 1 if n % 4 == 3 else n - 1 if n % 4 == 0 and n > 0 else n"
    overlay = tab.pattern_search.overlay
    assert sorted(overlay.lines) == [(1.0, -1.0), (1.0, 0.0), (1.0, 1.0)]  # g = n - 1, n, n + 1
    assert overlay.regions == {"preperiod": (-0.5, 0.5)}


def test_take_and_break_grundys_game_has_no_pattern_and_nothing_to_copy(qtbot):
    tab = show_tab(qtbot, TakeBreakTab())
    type_rule(qtbot, tab, "grundy")
    wait_pattern(qtbot, tab, "no pattern found")
    assert tab.settle()
    assert "No pattern found up to n = " in tab.pattern_line.sure.text()
    assert not tab.pattern_line.copy_button.isEnabled()
    assert tab.pattern_search.overlay.items == []


# -- S-Nim ----------------------------------------------------------------------------------------------
def naive_snim(members, size):
    g: list[int] = []
    for h in range(size):
        g.append(mex([g[h - s] for s in members if s <= h]))
    return g


def type_s(qtbot, tab: SNimTab, text: str) -> None:
    field = tab.set_editor.field
    field.setFocus()
    field.selectAll()
    qtbot.keyClick(field, Qt.Key.Key_Backspace)
    qtbot.keyClicks(field, text)
    qtbot.keyClick(field, Qt.Key.Key_Return)


def test_snim_pattern_line_is_certified_and_shades_the_preperiod_and_period(qtbot):
    tab = show_tab(qtbot, SNimTab())
    type_s(qtbot, tab, "2 4 7")  # period 3 from n = 8 (the plain search below agrees)
    wait_pattern(qtbot, tab, "period 3 from n = 8 (preperiod 8)")
    assert tab.settle()
    truth = naive_snim((2, 4, 7), 3000)
    assert all(truth[n] == truth[n + 3] for n in range(8, 2997)) and truth[7] != truth[10]
    line = tab.pattern_line
    assert line.sure.text().startswith("Certified by the subtraction-game bound: g(8..14) = g(11..17)")
    f = as_function(copied(qtbot, line))
    assert [f(n) for n in range(3000)] == truth
    overlay = tab.pattern_search.overlay
    assert overlay.regions == {"preperiod": (-0.5, 7.5), "period": (7.5, 10.5)}
    type_s(qtbot, tab, "2 5")
    assert tab.pattern_line.text().startswith("Pattern: searching")  # nothing of the old S is left shown
    wait_pattern(qtbot, tab, "period 7 (no preperiod)")
    assert tab.settle()
    assert overlay.regions == {"period": (-0.5, 6.5)}
    assert copied(qtbot, line) == "[0, 0, 1, 1, 0, 2, 1][n % 7]"


def test_snim_with_the_squares_finds_no_pattern(qtbot):
    tab = show_tab(qtbot, SNimTab())
    type_s(qtbot, tab, "squares")
    wait_pattern(qtbot, tab, "no pattern found")
    assert tab.settle()
    assert tab.pattern_line.sure.text().startswith("No pattern found up to n = ")
    assert not tab.pattern_line.copy_button.isEnabled() and tab.pattern_search.overlay.items == []


# -- split-nim ----------------------------------------------------------------------------------------------
def naive_splitnim(parts, size):
    g: list[int] = []
    for h in range(size):
        values = set(g[:h])
        for split in partitions(h, parts):
            x = 0
            for part in split:
                x ^= g[part]
            values.add(x)
        g.append(mex(values))
    return g


def test_split_nim_pattern_line_follows_the_parts(qtbot):
    tab = show_tab(qtbot, SplitNimTab())
    wait_pattern(qtbot, tab, "n plus a correction of period 8")
    line = tab.compare.pattern_line
    assert line.sure.text().startswith("Certified by split-nim's closed form")
    expr = copied(qtbot, line)
    assert expr == "n + 1 if n % 8 == 7 else n - 1 if n % 8 == 0 and n > 0 else n"
    f = as_function(expr)
    assert [f(n) for n in range(90)] == naive_splitnim(3, 90)
    tab.parts.setValue(2)  # Lasker's Nim
    wait_pattern(qtbot, tab, "n plus a correction of period 4")
    assert copied(qtbot, line) == "n + 1 if n % 4 == 3 else n - 1 if n % 4 == 0 and n > 0 else n"


# -- a heat map of g(x, y) (the Your game tab's use) -------------------------------------------------------
def test_overlay_draws_wythoffs_p_position_rays_on_a_heat_map(qtbot):
    size = 60
    lose = np.zeros((size, size), bool)  # Wythoff by the definition: P iff no move reaches a P-position
    for x in range(size):
        for y in range(size):
            moves = [(x - k, y) for k in range(1, x + 1)] + [(x, y - k) for k in range(1, y + 1)] + \
                [(x - k, y - k) for k in range(1, min(x, y) + 1)]
            lose[x, y] = not any(lose[m] for m in moves)
    table = np.where(lose, 0, 1)
    widget = pg.PlotWidget()
    qtbot.addWidget(widget)
    plot = widget.getPlotItem()
    plot.addItem(pg.ImageItem(table.astype(float)))
    line = PatternLine()
    qtbot.addWidget(line)
    work = Work(None, lambda text: None)
    search = PatternSearch(work, line, PatternOverlay(plot, offset=0.5))
    search.search("wythoff", table.shape, table)
    assert work.settle(30_000)
    assert line.formula.text().startswith("P-positions (g = 0) exactly at (⌊nα⌋, ⌊nβ⌋)")
    overlay = search.overlay
    phi = (1 + 5 ** 0.5) / 2
    assert [round(s, 9) for s, _ in overlay.lines] == [round(phi, 9), round(1 / phi, 9)]
    assert {tuple(p) for p in overlay.circles.tolist()} == set(zip(*np.nonzero(lose), strict=True))
    is_p = as_function(copied(qtbot, line)[3:], "x,y")
    assert all(is_p(x, y) == lose[x, y] for x in range(size) for y in range(size))


def test_a_longer_table_that_breaks_the_pattern_shows_the_first_counterexample(qtbot):
    line = PatternLine()
    qtbot.addWidget(line)
    work = Work(None, lambda text: None)
    search = PatternSearch(work, line)
    search.search("g", 60, [0, 1, 2] * 20)
    assert work.settle(10_000) and line.formula.text().startswith("period 3 (no preperiod)")
    search.search("g", 61, [0, 1, 2] * 20 + [5])
    assert work.settle(10_000)
    assert "broken: g(60) = 5, but the pattern says 0" in line.sure.text()
    assert find_pattern([0, 1, 2] * 20 + [5]).pattern is None and line.formula.text() == "no pattern found"
