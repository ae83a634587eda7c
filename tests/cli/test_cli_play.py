"""``sgstudio play``: the optimal line from the SPEC.md judge samples, in text and JSON.

Lines are not compared with hard-coded move lists: every move is replayed on the game and must be
legal, the line must end with no move left, and the winner must be the one a brute-force win/lose
search (no Sprague-Grundy theory) predicts for the start position.
"""

from __future__ import annotations

import json
import subprocess
import sys
from functools import cache

import pytest

from sgstudio.cli import play as cli_play

SAMPLES = {
    "hdu1524": "4\n2 1 2\n0\n1 3\n0\n1 0\n2 0 2\n0\n\n4\n1 1\n1 2\n0\n0\n2 0 1\n2 1 1\n3 0 1 3\n0\n",
    "hdu1536": "2 2 5\n3\n2 5 12\n3 2 4 7\n4 2 3 7 12\n5 1 2 3 4 5\n3\n2 5 12\n3 2 4 7\n4 2 3 7 12\n0\n",
    "hdu5724": "2\n1\n2 19 20\n2\n1 19\n1 18\n",
    "hdu5795": "2\n2\n4 4\n3\n1 2 4\n",
}
# How a JSON move reads back as the game's move (heaps and rows counted from 1 in JSON, from 0 inside).
FROM_JSON = {
    "hdu1524": lambda m: (m["from"], m["to"]),
    "hdu1536": lambda m: (m["heap"] - 1, m["take"]),
    "hdu5724": lambda m: (m["row"] - 1, m["from"], m["to"]),
    "hdu5795": lambda m: (m["heap"] - 1, tuple(m["after"])),
}
# (case, query) pairs of each sample.
POSITIONS = {
    "hdu1524": [(1, 1), (1, 2), (2, 1), (2, 2), (2, 3)],
    "hdu1536": [(c, q) for c in (1, 2) for q in (1, 2, 3)],
    "hdu5724": [(1, 1), (2, 1)],
    "hdu5795": [(1, 1), (2, 1)],
}


def oracle(game):
    @cache
    def wins(position) -> bool:
        return any(not wins(game.apply(position, m)) for m in game.legal_moves(position))

    return wins


@pytest.fixture
def sample_file(tmp_path):
    def write(fmt: str, text: str | None = None):
        path = tmp_path / f"{fmt}.txt"
        path.write_text(SAMPLES[fmt] if text is None else text, encoding="utf-8")
        return str(path)

    return write


def run_play(capsys, *argv):
    code = cli_play.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def replay(fmt, path, case, query, moves):
    """Replay JSON moves from the start; return the game, the start and the final position."""
    with open(path, encoding="utf-8") as handle:
        setup = cli_play.load(fmt, handle.read(), path, case, query)
    position = setup.start
    for entry in moves:
        move = FROM_JSON[fmt](entry["move"])
        assert move in list(setup.game.legal_moves(position))
        position = setup.game.apply(position, move)
        assert entry["value_after"] == setup.game.value(position)
    return setup.game, setup.start, position


@pytest.mark.parametrize("fmt,case,query", [(f, c, q) for f, pq in POSITIONS.items() for c, q in pq])
def test_json_line_is_legal_and_won_by_the_predicted_player(capsys, sample_file, fmt, case, query):
    path = sample_file(fmt)
    code, out, err = run_play(capsys, fmt, path, "--case", str(case), "--query", str(query), "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert set(data) == {"index_base", "moves", "winner"} and data["index_base"] == 1
    game, start, end = replay(fmt, path, case, query, data["moves"])
    assert not list(game.legal_moves(end))
    expected = 1 if oracle(game)(start) else 2
    assert data["winner"] == expected
    assert [m["player"] for m in data["moves"]] == [1 + k % 2 for k in range(len(data["moves"]))]
    if data["moves"]:
        assert data["moves"][-1]["player"] == expected
    for k, entry in enumerate(data["moves"]):
        if k % 2 == (0 if expected == 1 else 1):  # the winner's moves all reach nim-sum 0
            assert entry["value_after"] == 0

    code, text, err = run_play(capsys, fmt, path, "--case", str(case), "--query", str(query))
    lines = text.splitlines()
    assert code == 0 and err == "" and lines[-1] == f"player {expected} wins"
    assert len(lines) == len(data["moves"]) + 1
    for k, (row, entry) in enumerate(zip(lines, data["moves"], strict=False), 1):
        assert row.startswith(f"{k}. player {entry['player']}: ")
        assert row.endswith(f", nim-sum {entry['value_after']}")


PART = {"hdu1536": "heap", "hdu5724": "row", "hdu5795": "heap"}  # what a move's first index counts


def test_heaps_and_rows_count_from_1_in_text_and_json_as_in_the_window(capsys, sample_file):
    """One numbering (issue 21 item 4): ``play`` names heap i of a position, and row i of a board,
    as the window and ``play sum`` do (from 1), in its text and its JSON, which says so."""
    later_parts = 0
    for fmt, word in PART.items():
        path = sample_file(fmt)
        for case, query in POSITIONS[fmt]:
            options = ["--case", str(case), "--query", str(query)]
            _, text, _ = run_play(capsys, fmt, path, *options)
            _, out, _ = run_play(capsys, fmt, path, *options, "--json")
            data = json.loads(out)
            assert data["index_base"] == 1
            with open(path, encoding="utf-8") as handle:
                setup = cli_play.load(fmt, handle.read(), path, case, query)
            steps = list(cli_play.line(setup.game, setup.start))
            assert len(steps) == len(data["moves"]) == len(text.splitlines()) - 1
            rows = zip(steps, text.splitlines(), data["moves"], strict=False)
            for k, (step, row, entry) in enumerate(rows, 1):
                number = step.move[0] + 1
                assert row.startswith(f"{k}. player {step.player}: {word} {number}, ")
                assert entry["move"][word] == number
                window = setup.game.move_text(step.move, step.before)  # the window's words for it
                assert window.startswith(f"{word} {number}: ")
                later_parts += step.move[0] > 0
    assert later_parts  # the samples move in a second heap or row too: the numbering shows


@pytest.mark.parametrize("fmt", sorted(SAMPLES))
def test_out_of_range_case_and_query(capsys, sample_file, fmt):
    path = sample_file(fmt)
    for option in ("--case", "--query"):
        for bad in ("0", "99"):
            code, out, err = run_play(capsys, fmt, path, option, bad)
            assert code == 2 and out == ""
            assert err.count("\n") == 1 and f"{option} {bad} is out of range" in err and path in err


def test_bad_input_and_missing_file(capsys, sample_file, tmp_path):
    path = sample_file("hdu5724", "1\n1\n2 4 x\n")
    code, out, err = run_play(capsys, "hdu5724", path)
    assert code == 2 and out == "" and err.startswith(f"{path}:3:5:") and err.count("\n") == 1
    code, out, err = run_play(capsys, "hdu5724", str(tmp_path / "missing.txt"))
    assert code == 2 and out == "" and "cannot read" in err and err.count("\n") == 1
    bad = tmp_path / "latin1.txt"
    bad.write_bytes(b"1\n1\n1 \xe9\n")
    code, out, err = run_play(capsys, "hdu5724", str(bad))
    assert code == 2 and out == "" and err.startswith(f"{bad}:3:3:") and err.count("\n") == 1


def test_max_moves_stops_early_with_the_predicted_winner(capsys, sample_file):
    path = sample_file("hdu5724")
    code, out, _ = run_play(capsys, "hdu5724", path, "--case", "2", "--json", "--max-moves", "1")
    data = json.loads(out)
    assert code == 0 and len(data["moves"]) == 1 and data["stopped"] is True and data["winner"] == 1
    code, out, err = run_play(capsys, "hdu5724", path, "--max-moves", "-1")
    assert code == 2 and out == "" and "--max-moves" in err


def test_runs_as_a_program(sample_file):
    path = sample_file("hdu5724")
    argv = [sys.executable, "-m", "sgstudio.cli.play", "hdu5724", path, "--case", "2", "--json"]
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["winner"] == 1
    argv = [sys.executable, "-m", "sgstudio.cli.play", "hdu5795", "-", "--case", "2"]
    done = subprocess.run(argv, input=SAMPLES["hdu5795"], capture_output=True, text=True, check=False)
    assert done.returncode == 0 and done.stdout.splitlines()[-1] == "player 1 wins", done.stderr
