"""The command line's words for what went wrong (issue 21 item 9): a mistyped command is named as
one, with the close match suggested; a FILE that is not there is one line and exit status 2 with no
window; a component without its heap says so; ``board:`` says what a board component looks like;
``nim:3`` and ``nim:3,4,5`` are components."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracles import whole_game_outcomes

from sgstudio.cli import main as cli
from sgstudio.games.nim.game import NimGame
from sgstudio.games.sum.game import Component, SumGame
from sgstudio.games.takebreak.game import TakeBreakGame


def oracle(game, start):
    """The rules-only outcome of every position, and the winning moves in words (a lost position after)."""
    table = whole_game_outcomes(game, start)
    lost = [m for m in game.legal_moves(start) if table[game.apply(start, m)] == "LOSE"]
    return table, [game.move_text(m, start) for m in lost]


@pytest.fixture
def no_window(monkeypatch):
    """The window must not open: a call to it is recorded (and answers 0, as a closed window)."""
    opened = []
    monkeypatch.setattr(cli, "run_gui", lambda argv: opened.append(argv) or 0)
    return opened


def run(capsys, *argv):
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize(("typed", "meant"), [("vaules", "values"), ("perod", "period"), ("slove", "solve"),
                                              ("sums", "sum"), ("paly", "play")])
def test_a_mistyped_command_is_named_with_the_close_match(capsys, no_window, typed, meant):
    status, out, err = run(capsys, typed, "0.77", "50")
    assert (status, out, no_window) == (2, "", [])
    assert err.count("\n") == 1 and "unrecognized" not in err
    assert err.startswith(f"sgstudio: unknown command {typed!r}: did you mean {meant!r}?")


@pytest.mark.parametrize("argv", [["foo"], ["missing.sgs"], ["--tab", "snim", "heaps.txt"],
                                  ["--screenshot", "out.png", "gone.sgs"]])
def test_a_file_that_is_not_there_is_one_line_and_no_window(capsys, no_window, tmp_path, monkeypatch, argv):
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, *argv)
    name = next(a for a in argv if not a.startswith("-") and a not in ("snim", "out.png"))
    assert (status, out, no_window) == (2, "", [])
    assert err.count("\n") == 1 and err.startswith(f"{name}: cannot read: No such file or directory")
    assert ("is not a command" in err) == (name == "foo")  # a word like a command's is told it is not one


def test_a_directory_is_refused_before_any_window(capsys, no_window, tmp_path):
    status, out, err = run(capsys, str(tmp_path))
    assert (status, out, no_window) == (2, "", []) and err == f"{tmp_path}: cannot read: Is a directory\n"


def test_a_file_that_is_there_still_opens_the_window(capsys, no_window, tmp_path):
    path = tmp_path / "vaules"  # a file named like a mistyped command is a file
    path.write_text("{}")
    assert run(capsys, str(path)) == (0, "", "") and no_window == [[str(path)]]


@pytest.mark.parametrize(("component", "expected", "not_said"), [
    ("snim:1,3,4", "no heap: expected RULE:HEAP, such as snim:1,3,4:10", "bad rule"),
    ("split:3", "no heap: expected RULE:HEAP, such as split:3:10", "bad rule"),
    ("subtract:squares", "no heap: expected RULE:HEAP, such as subtract:squares:10", "bad rule"),
    ("board:", "expected board:ROW, ROW being 1 to 24 characters . (empty) and x (a chess), such as "
               "board:..x.x, not ''", "rule"),
    ("nim:", "expected nim:HEAPS, one heap or several separated by commas, such as nim:3", "rule"),
    ("nim:3,,4", "expected nim:HEAPS", "rule"),
    ("dag:", "expected dag:FILE:CASE:V1,V2,...", "rule"),
    ("loopy:", "expected loopy:FILE:CASE:V1,V2,...", "rule"),
])
def test_a_component_is_told_what_it_lacks(capsys, component, expected, not_said):
    status, out, err = run(capsys, "sum", "0.77:2", component)
    assert (status, out) == (2, "") and err.count("\n") == 1
    assert err.startswith(f"sgstudio: component 2 {component!r}: {expected}") and not_said not in err


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.integers(0, 5), min_size=1, max_size=3), st.integers(0, 6))
def test_nim_components_agree_with_the_whole_sum(capsys, heaps, kayles):
    """``nim:3,4,5`` beside ``0.77:H``: the outcome and every winning move agree with the rules-only
    search of the whole sum."""
    status, out, err = run(capsys, "sum", "nim:" + ",".join(map(str, heaps)), f"0.77:{kayles}")
    parts = [Component(NimGame(), tuple(heaps)), Component(TakeBreakGame("0.77"), (kayles,))]
    game, start = SumGame.of(parts)
    table, wins = oracle(game, start)
    outcome, _, *moves = out.splitlines()
    assert (status, err, outcome) == (0, "", table[start])
    assert sorted(moves) == sorted(wins)


def test_nim_components_in_text_and_json(capsys):
    status, out, err = run(capsys, "sum", "nim:3", "nim:3,4,5")
    game, start = SumGame.of([Component(NimGame(), (3,)), Component(NimGame(), (3, 4, 5))])
    table, wins = oracle(game, start)
    outcome, nim_sum, *moves = out.splitlines()
    assert (status, err, outcome, nim_sum) == (0, "", table[start], f"nim-sum {game.value(start)}")
    assert sorted(moves) == sorted(wins) and "#1 heap 1: take 1 -> 2" in moves
    status, out, err = run(capsys, "sum", "nim:3", "nim:3,4,5", "--json")
    result = json.loads(out)
    assert [c["text"] for c in result["components"]] == ["Nim: heaps 3", "Nim: heaps 3 4 5"]
    assert sorted(w["text"] for w in result["winning_moves"]) == sorted(wins)
    assert {"component": 1, "move": {"heap": 1, "take": 1}, "text": "#1 heap 1: take 1 -> 2"} in [
        {"component": w["component"], "move": w["move"], "text": w["text"]} for w in result["winning_moves"]]
