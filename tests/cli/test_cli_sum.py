"""``sgstudio sum``: the outcome and every winning move of random sums given on the command line,
against the rules-only search of the whole sum (``oracles.whole_game_outcomes``: no values, no
XOR); the text and JSON forms; a bad component is one line on stderr naming it, status 2."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracles import whole_game_outcomes

from sgstudio.cli import main as cli
from sgstudio.games.board.game import BoardGame
from sgstudio.games.graph.dag.game import DagGame
from sgstudio.games.graph.hdu1524 import Case, generate
from sgstudio.games.graph.loopy.game import LoopyGame
from sgstudio.games.sum.game import Component, SumGame
from sgstudio.games.takebreak.game import TakeBreakGame

GRAPH = [[1, 2], [3], [3], []]  # a diamond: 0 -> 1, 2 -> 3
CYCLIC = [[0, 1], [0, 2], [], [2, 3]]  # a self-loop on 0 and on 3, a 2-cycle 0 <-> 1, an exit to 2


def run(capsys, *argv):
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@st.composite
def command_components(draw):
    """(argument, Component built directly from the rules) for 1-3 components of different kinds."""
    made = {
        "rule": st.builds(lambda rule, h: (f"{rule}:{h}", Component(TakeBreakGame(rule), (h,))),
                          st.sampled_from(["0.07", "0.77", "grundy", "snim:1,3", "split:3"]),
                          st.integers(0, 6)),
        "board": st.builds(lambda cells: ("board:" + "".join(".x"[c] for c in cells),
                                          Component(BoardGame(len(cells)),
                                                    (tuple(i + 1 for i, c in enumerate(cells) if c),))),
                           st.lists(st.integers(0, 1), min_size=1, max_size=5)),
        "dag": st.builds(lambda tokens: (f"dag:{{file}}:1:{','.join(map(str, tokens))}",
                                         Component(DagGame(GRAPH), tuple(sorted(tokens)))),
                         st.lists(st.integers(0, 3), min_size=1, max_size=2)),
        "loopy": st.builds(lambda tokens: (f"loopy:{{loopy}}:1:{','.join(map(str, tokens))}",
                                           Component(LoopyGame(CYCLIC), tuple(sorted(tokens)))),
                           st.lists(st.integers(0, 3), min_size=1, max_size=2)),
    }
    kinds = draw(st.lists(st.sampled_from(sorted(made)), min_size=1, max_size=3, unique=True))
    return [draw(made[kind]) for kind in kinds]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(command_components())
def test_outcome_and_winning_moves_agree_with_the_whole_sum(capsys, tmp_path, parts):
    graph, loopy = tmp_path / "graph.txt", tmp_path / "loopy.txt"
    graph.write_text(generate([Case(4, GRAPH, [[0]])]))
    loopy.write_text(generate([Case(4, CYCLIC, [[0]])]))
    args = [arg.format(file=graph, loopy=loopy) for arg, _ in parts]
    status, out, err = run(capsys, "sum", *args, "--json")
    assert (status, err) == (0, "")
    result = json.loads(out)
    game, start = SumGame.of([c for _, c in parts])
    table = whole_game_outcomes(game, start)
    assert result["outcome"] == table[start]
    winning = {m for m in game.legal_moves(start) if table[game.apply(start, m)] == "LOSE"}
    assert result["index_base"] == 1  # components, heaps and rows count from 1
    listed = [(w["component"] - 1, w["text"]) for w in result["winning_moves"]]
    split = any("split" in arg for arg, _ in parts)
    expected = sorted((m[0], game.move_text(m, start)) for m in winning)
    if split:  # split-nim rules list every take but one split per heap: a subset, never empty if any
        assert set(listed) <= set(expected) and bool(listed) == bool(expected)
    else:
        assert sorted(listed) == expected
    assert [c["text"] for c in result["components"]] == [c.text() for _, c in parts]
    assert (result["nim_sum"] == 0) == (result["outcome"] == "LOSE")


def test_the_text_output_is_outcome_nim_sum_then_one_move_a_line(capsys):
    status, out, err = run(capsys, "sum", "0.07:4", "board:.x", "grundy:3")
    lines = out.splitlines()
    game, start = SumGame.of([Component(TakeBreakGame("0.07"), (4,)), Component(BoardGame(2), ((2,),)),
                              Component(TakeBreakGame("grundy"), (3,))])
    table = whole_game_outcomes(game, start)
    assert (status, err) == (0, "") and lines[0] == table[start]
    assert lines[1] == f"nim-sum {game.value(start)}"
    assert lines[2:] == [game.move_text(m, start) for m in game.legal_moves(start)
                         if table[game.apply(start, m)] == "LOSE"]
    status, out, _ = run(capsys, "sum", "0.77:3", "0.77:3")  # two equal heaps: lost
    assert (status, out) == (0, "LOSE\nnim-sum 0\n")


@pytest.mark.parametrize(("component", "message"), [
    ("0.07", "component 2 '0.07': no heap: expected RULE:HEAP"),
    ("0.1g7:3", "component 2 '0.1g7:3': bad rule '0.1g7': column 4: expected a hexadecimal digit"),
    ("0.07:-2", "component 2 '0.07:-2': HEAP must be an integer"),
    ("board:.x.o", "component 2 'board:.x.o': expected board:ROW, ROW being 1 to 24 characters"),
    ("board:" + "." * 25, "expected board:ROW"),
    ("dag:{file}:2:0", "test case 2 is out of range: there is 1 test case"),
    ("dag:{file}:1:4", "the tokens must be vertices 0..3 of test case 1"),
    ("dag:{file}:1", "expected dag:FILE:CASE:V1,V2,..."),
    ("dag:{file}.missing:1:0", "cannot read"),
])
def test_a_bad_component_is_one_line_naming_it(capsys, tmp_path, component, message):
    graph = tmp_path / "graph.txt"
    graph.write_text(generate([Case(4, GRAPH, [[0]])]))
    status, out, err = run(capsys, "sum", "0.77:2", component.format(file=graph))
    assert (status, out) == (2, "") and err.count("\n") == 1
    assert err.startswith("sgstudio: component 2 ") and message in err


def test_the_optimal_line_of_sgstudio_play_runs_on_a_sum():
    """The play protocol on a sum: both players follow the computer's policy to the end; the
    predicted winner makes the last move, every one of its moves leaving nim-sum 0."""
    from sgstudio.cli.play import line

    game, start = SumGame.of([Component(TakeBreakGame("0.07"), (9,)), Component(BoardGame(5), ((2, 4),)),
                              Component(DagGame(GRAPH), (0, 1))])
    table = whole_game_outcomes(game, start)
    steps = list(line(game, start))
    winner = 1 if table[start] == "WIN" else 2
    assert steps and steps[-1].player == winner and not list(game.legal_moves(steps[-1].after))
    assert all(s.value_after == 0 and table[s.after] == "LOSE" for s in steps if s.player == winner)
