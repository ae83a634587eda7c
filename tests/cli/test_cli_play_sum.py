"""``sgstudio play sum COMPONENT...``: the optimal line of a sum across games.

No line is compared with a hard-coded list of moves: every move is replayed on the sum and must be
legal, and the winner, and where each move of the winner goes, must agree with the rules-only
search of the whole sum (``oracles.whole_game_outcomes``: no values, no XOR). Loopy components
(which the command line cannot write) are played through the same ``line``/``winner`` in-process.
"""

from __future__ import annotations

import json
import subprocess
import sys
from itertools import pairwise

from hypothesis import HealthCheck, given, settings
from oracles import whole_game_outcomes
from sum_cases import sums
from test_cli_sum import CYCLIC, GRAPH, command_components

from sgstudio.cli import main as cli
from sgstudio.cli import play as cli_play
from sgstudio.games.graph.hdu1524 import Case, generate
from sgstudio.games.graph.loopy.game import LoopyGame
from sgstudio.games.nim.game import NimGame
from sgstudio.games.sum.game import Component, SumGame

SETTINGS = settings(max_examples=30, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


def run_process(*argv: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "sgstudio", "play", "sum", *argv],
                          capture_output=True, text=True, timeout=120)


def check_line(game, start, positions, winner) -> None:
    """``positions`` (start first) is a line of ``game`` that the whole-sum search agrees with:
    the named winner is the one it predicts, and every move of the winner leaves the mover's
    opponent in a position it calls LOSE."""
    table = whole_game_outcomes(game, start)
    assert winner == {"WIN": 1, "LOSE": 2, "DRAW": None}[table[start]]
    for number, (before, after) in enumerate(pairwise(positions)):
        player = 1 + number % 2
        if player == winner:
            assert (table[before], table[after]) == ("WIN", "LOSE")


def replay(game, start, moves: list[dict]) -> list:
    """The positions of a JSON line, each move checked legal and its nim-sum the sum's value."""
    positions = [start]
    for number, entry in enumerate(moves):
        assert entry["player"] == 1 + number % 2
        matching = [m for m in game.legal_moves(positions[-1]) if game.move_json(m) == entry["move"]]
        assert len(matching) == 1, entry
        assert entry["move"]["component"] == matching[0][0] + 1  # components count from 1
        positions.append(game.apply(positions[-1], matching[0]))
        value = game.value(positions[-1])  # a loopy sum's ∞(K) is written as its text
        assert entry["value_after"] == (value if isinstance(value, int) else str(value))
    return positions


@SETTINGS
@given(command_components())
def test_json_line_is_legal_and_agrees_with_the_whole_sum(capsys, tmp_path, parts):
    graph, loopy = tmp_path / "graph.txt", tmp_path / "loopy.txt"
    graph.write_text(generate([Case(4, GRAPH, [[0]])]))
    loopy.write_text(generate([Case(4, CYCLIC, [[0]])]))
    args = [arg.format(file=graph, loopy=loopy) for arg, _ in parts]
    status = cli.main(["play", "sum", *args, "--json"])
    out, err = capsys.readouterr()
    assert (status, err) == (0, "")
    result = json.loads(out)
    assert result["index_base"] == 1
    game, start = SumGame.of([c for _, c in parts])
    positions = replay(game, start, result["moves"])
    if result["winner"] is None:  # a loopy component may make the sum a draw: kept to a repetition
        assert {whole_game_outcomes(game, start)[p] for p in positions} == {"DRAW"}
        assert len(set(positions)) < len(positions)
    else:
        assert not game.has_move(positions[-1]) and "stopped" not in result
    check_line(game, start, positions, result["winner"])


@SETTINGS
@given(sums())
def test_line_of_any_small_sum_agrees_with_the_whole_sum(start_of_sum):
    game, start = start_of_sum
    setup = cli_play.Setup(game, start, game.move_json, game.move_text)
    steps = list(cli_play.line(game, start, 1000))
    positions = [start]
    for step in steps:
        assert step.before == positions[-1] and step.move in list(game.legal_moves(step.before))
        positions.append(game.apply(step.before, step.move))
        assert step.after == positions[-1]
    won, finished = cli_play.winner(setup, steps[-1] if steps else None)
    assert finished
    check_line(game, start, positions, won)
    table = whole_game_outcomes(game, start)
    if won is None:  # a draw: kept all along, and ended by a drawn position that repeats
        assert {table[p] for p in positions} == {"DRAW"} and steps[-1].repeated is not None
    else:
        assert not game.has_move(positions[-1])


def test_drawn_loopy_sum_ends_by_repetition(capsys):
    loop = LoopyGame.from_edges(2, [(1, 1), (1, 0)])  # a token on 1 is ∞{0}; beside a Nim heap 1: a draw
    game, start = SumGame.of([Component(loop, (1,)), Component(NimGame(), (1,))])
    setup = cli_play.Setup(game, start, game.move_json, game.move_text)
    cli_play._print_text(setup, cli_play.line(game, start, 50), 50)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("1. player 1: #1 ") and lines[0].endswith("value ∞{1}")
    assert lines[-1].startswith("draw: the position after move ")
    assert lines[-1].endswith("and neither side can win")
    assert len(lines) - 1 == int(lines[-1].split("move ")[1].split(" ")[0])


def test_text_line_as_a_process():
    components = ["0.07:5", "board:.x.x", "grundy:4"]
    result = run_process(*components)
    assert (result.returncode, result.stderr) == (0, "")
    *moves, last = result.stdout.splitlines()
    setup = cli_play.sum_setup(components)
    game, positions = setup.game, [setup.start]
    for number, text in enumerate(moves, 1):
        head, _, rest = text.partition(": ")
        assert head == f"{number}. player {2 - number % 2}"
        move_text, _, value = rest.rpartition(", nim-sum ")
        before = positions[-1]
        matching = [m for m in game.legal_moves(before) if game.move_text(m, before) == move_text]
        assert len(matching) == 1 and move_text.startswith(f"#{matching[0][0] + 1} ")
        positions.append(game.apply(positions[-1], matching[0]))
        assert int(value) == game.value(positions[-1])
    assert moves and not game.has_move(positions[-1])
    assert last == f"player {2 - len(moves) % 2} wins"
    check_line(game, setup.start, positions, int(last.split()[1]))


def test_cut_line_in_json(capsys):
    status = cli.main(["play", "sum", "0.07:9", "grundy:7", "--max-moves", "2", "--json"])
    stdout, err = capsys.readouterr()
    assert (status, err) == (0, "")
    out = json.loads(stdout)
    setup = cli_play.sum_setup(["0.07:9", "grundy:7"])
    game, start = setup.game, setup.start
    positions = replay(game, start, out["moves"])
    assert len(positions) == 3 and out["stopped"] is True
    check_line(game, start, positions, out["winner"])


def test_bad_component_is_one_line_on_stderr_and_status_2():
    result = run_process("0.07:5", "board:.y.")
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.count("\n") == 1 and "component 2 'board:.y.'" in result.stderr
