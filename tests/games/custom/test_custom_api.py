"""``from sgstudio import Game``: the built-in games, sums, the Jupyter displays, and the lazy import."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles import snim_wins, splitnim_wins, takebreak_wins

from sgstudio import Game
from sgstudio.core.outcome import Outcome
from sgstudio.games.custom.errors import PositionError
from sgstudio.games.custom.examples import files

WYTHOFF = dict(files())["Wythoff"]


def wythoff_options(p):
    a, b = p
    return ([(a - k, b) for k in range(1, a + 1)] + [(a, b - k) for k in range(1, b + 1)]
            + [(a - k, b - k) for k in range(1, min(a, b) + 1)])


def test_importing_sgstudio_loads_neither_numpy_nor_the_api():
    code = ("import sys, sgstudio\n"
            "print(sorted(m for m in ('numpy', 'numba', 'sgstudio.games.custom.api') if m in sys.modules))\n"
            "from sgstudio import Game\n"
            "print(Game.__module__, 'numba' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.splitlines() == ["[]", "sgstudio.games.custom.api False"]


def test_the_worker_imports_no_numpy():
    code = ("import sys\nimport sgstudio.games.custom.worker, sgstudio.games.custom.source\n"
            "print('numpy' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_a_file_in_the_worker_and_its_function_in_process_give_the_same_answers():
    worker, direct = Game.from_file(WYTHOFF), Game(wythoff_options, name="Wythoff")
    assert worker.name == "Wythoff" and worker.start == (3, 5)
    cells = [(x, y) for x in range(12) for y in range(12)]
    assert [worker.value(c) for c in cells] == [direct.value(c) for c in cells]
    assert [worker.remoteness(c) for c in cells] == [direct.remoteness(c) for c in cells]
    assert worker.winning_moves((7, 9)) == direct.winning_moves((7, 9))
    assert str(worker.table(6, 6)) == str(direct.table(6, 6))
    worker.close()
    assert worker.value((20, 20)) == direct.value((20, 20))  # a new worker after close


def test_a_sum_of_positions_is_the_xor_of_its_parts():
    game = Game(wythoff_options)
    parts = [(1, 2), (2, 2), (4, 1)]
    total = 0
    for p in parts:
        total ^= game.value(p)
    assert game.value(parts) == total
    assert (game.outcome(parts) is Outcome.LOSE) == (total == 0)
    for move in game.winning_moves(parts):
        assert game.value(move) == 0


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 14), min_size=1, max_size=3))
def test_builtin_heap_games_against_searches_by_their_rules(heaps):
    kayles, dawson = takebreak_wins([0, 7, 7]), takebreak_wins([0, 1, 3, 7])
    assert (Game.kayles().outcome(heaps) is Outcome.WIN) is kayles(heaps)
    assert (Game.takebreak("0.137").outcome(heaps) is Outcome.WIN) is dawson(heaps)
    assert (Game.snim([2, 5]).outcome(heaps) is Outcome.WIN) is snim_wins([2, 5])(heaps)
    assert (Game.splitnim(3).outcome(heaps) is Outcome.WIN) is splitnim_wins(heaps, 3)
    game = Game.kayles()
    for move in game.winning_moves(heaps):
        assert not kayles(move)


def test_builtin_games_answer_values_moves_and_remoteness():
    nim = Game.nim()
    assert nim.values(5) == [0, 1, 2, 3, 4] and nim.value([1, 2, 3]) == 0
    assert nim.winning_moves([3, 4, 5]) == [[1, 4, 5]] and nim.winning_moves(6) == [0]
    assert nim.remoteness(6) == 1 and nim.remoteness([1, 1]) == 2
    grundy = Game.grundy()
    assert grundy.values(8) == [0, 0, 0, 1, 0, 2, 1, 0] and grundy.winning_moves(5) == [[1, 4]]
    assert grundy.remoteness(5) == Game(lambda n: [[k, n - k] for k in range(1, (n + 1) // 2)]).remoteness(5)
    assert str(Game.takebreak("0.07").table(2, 3)) == "0 0 1\n0 0 1"
    assert Game.takebreak("0.137").value(10**30) == Game.takebreak("0.137").value(52 + (10**30 - 52) % 34)
    with pytest.raises(PositionError, match="not a position of Kayles"):
        Game.kayles().value(-1)


def test_a_report_names_value_outcome_remoteness_and_the_moves_with_their_text():
    game = Game.from_file(dict(files())["Cutting game (POJ 2311)"])
    report = game.report()
    assert report.position == (4, 5) and report.outcome is Outcome.WIN
    assert str(report).splitlines() == ["Cutting game (POJ 2311): 4 x 5", "value 1, WIN, remoteness 3 moves",
                                        "winning moves (2):", "  -> 2 x 5 + 2 x 5", "  -> 2 x 4 + 3 x 4"]
    html = report._repr_html_()
    assert "2 x 4 + 3 x 4" in html and "WIN" in html
    assert game.text((4, 5)) == "4 x 5"


def test_the_table_marks_the_p_positions_and_the_heatmap_colours_them():
    table = Game(wythoff_options).table(6, 6)
    html = table._repr_html_()
    assert table.p_positions() == [(0, 0), (1, 2), (2, 1), (3, 5), (5, 3)]
    assert html.count("font-weight:bold") == 5
    heat = table.heatmap()._repr_html_()
    assert heat.count("background:#1f6fd1") == 5  # the P-positions, blue
    assert heat.count("<td") == 36 and "hsl(30,100%" in heat


def test_the_position_graph_is_an_svg_of_the_positions_reachable():
    game = Game(wythoff_options, start=(2, 1))
    drawing = game.graph()
    svg = ET.fromstring(drawing._repr_svg_())
    ns = "{http://www.w3.org/2000/svg}"
    boxes = svg.findall(f".//{ns}rect")
    reachable = {(a, b) for a in range(3) for b in range(2)}
    assert len(boxes) == len(reachable) == len(drawing.nodes)
    arcs = [path for path in svg.findall(f".//{ns}path") if path.get("marker-end")]
    lines = svg.findall(f".//{ns}line") + arcs
    assert len(lines) == sum(len(set(wythoff_options(p))) for p in reachable)
    thick = [line for line in lines if line.get("stroke-width") == "2.6"]
    assert len(thick) == sum(1 for p in reachable if game.outcome(p) is Outcome.WIN
                             for q in set(wythoff_options(p)) if game.outcome(q) is Outcome.LOSE)
    by_remoteness = game.graph((2, 1), layers="remoteness")
    layers = {game.remoteness(by_remoteness.solution.position(v)): layer
              for v, layer in by_remoteness.layer_of.items()}
    assert sorted(layers, reverse=True) == sorted(layers, key=layers.get)  # the ends at the bottom


def test_a_big_graph_is_cut_and_says_so():
    drawing = Game(wythoff_options).graph((9, 9), max_positions=12)
    assert len(drawing.nodes) == 12 and drawing.hidden == 100 - 12
    assert "88 more positions not drawn" in drawing.svg()


def test_sum_options_are_drawn_as_plus_nodes():
    drawing = Game(lambda n: [[k, n - k] for k in range(1, (n + 1) // 2)]).graph(5)
    svg = drawing.svg()
    # 5 -> 1 + 4, 2 + 3; 4 -> 1 + 3; 3 -> 1 + 2: four sums
    assert svg.count("<circle") == sum(1 for v in drawing.nodes if drawing.solution.is_sum[v]) == 4
    assert "stroke-dasharray" in svg


def test_bad_positions_asked_about_are_refused_in_words():
    game = Game(wythoff_options)
    with pytest.raises(PositionError, match=r"\{1, 2\} is not a position: it is a set"):
        game.value({1, 2})
    with pytest.raises(PositionError, match="has no start position"):
        game.report()


def test_a_script_without_a_main_guard_is_not_run_again_by_the_worker(tmp_path):
    script = tmp_path / "script.py"
    script.write_text("from sgstudio import Game\n"
                      f"game = Game.from_file({WYTHOFF!r})\n"
                      "print('ran', game.value((4, 7)), game.outcome((3, 4)))\n", encoding="utf-8")
    run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == ["ran 0 WIN"]


def test_a_game_from_a_file_streams_progress_and_may_be_cancelled():
    heard: list[int] = []
    stop = [False]
    game = Game.from_file(WYTHOFF, progress=lambda explored, reached: heard.append(explored),
                          cancel=lambda: stop[0])
    assert game.value((30, 30)) == Game(wythoff_options).value((30, 30)) and heard and heard[-1] == 961
    stop[0] = True
    from sgstudio.games.custom.errors import CancelledError

    with pytest.raises(CancelledError, match=r"^cancelled"):
        game.value((60, 60))
    stop[0] = False
    assert game.value((3, 5)) == 0  # a new worker
