"""The command line of games written in Python: ``values FILE.py N``, ``table FILE.py A B``,
``sum FILE.py:POSITION ...`` and ``play sum``, checked against a rules-only search written here
(who wins a position, or a sum of positions with a Nim heap beside it, by retrograde analysis of
the moves the rules allow: no Sprague-Grundy values, no XOR); a mistake in the user's file is one
line on stderr naming FILE.py:LINE and the exception, exit status 2; a document's code runs only
with --trust."""

from __future__ import annotations

import json

import pytest

from sgstudio.cli import main as cli
from sgstudio.document import sgs
from sgstudio.games.custom.state import CustomState

SUBTRACT = "def options(n):\n    return [n - k for k in (1, 3, 4) if k <= n]\n"
WYTHOFF = """def options(p):
    a, b = p
    return ([(a - k, b) for k in range(1, a + 1)] + [(a, b - k) for k in range(1, b + 1)]
            + [(a - k, b - k) for k in range(1, min(a, b) + 1)])
"""
LOOPY = """def options(n):
    moves = [n - k for k in (2, 3) if k <= n]
    if n % 3 == 1 and n + 2 <= 14:
        moves.append(n + 2)
    return moves
"""


def subtract_moves(n):
    return [n - k for k in (1, 3, 4) if k <= n]


def wythoff_moves(p):
    a, b = p
    return ([(a - k, b) for k in range(1, a + 1)] + [(a, b - k) for k in range(1, b + 1)]
            + [(a - k, b - k) for k in range(1, min(a, b) + 1)])


def loopy_moves(n):
    moves = [n - k for k in (2, 3) if k <= n]
    if n % 3 == 1 and n + 2 <= 14:
        moves.append(n + 2)
    return moves


def sum_moves(moves, position):
    """The sums one move away: a move in one component (the game's own), or in the Nim heap."""
    parts, heap = position
    out = set()
    for i, p in enumerate(parts):
        for q in moves(p):
            out.add((tuple(sorted((*parts[:i], q, *parts[i + 1:]))), heap))
    out |= {(parts, h) for h in range(heap)}
    return out


def outcomes(moves, start):
    """Retrograde analysis from ``start``: {position: WIN | LOSE | DRAW}, by the rules alone."""
    after, queue = {}, [start]
    while queue:
        p = queue.pop()
        if p not in after:
            after[p] = moves(p)
            queue += [q for q in after[p] if q not in after]
    preds = {p: [] for p in after}
    for p, nexts in after.items():
        for q in nexts:
            preds[q].append(p)
    left = {p: len(n) for p, n in after.items()}
    result = {p: "LOSE" for p, n in after.items() if not n}
    ready = list(result)
    for p in ready:
        for q in preds[p]:
            if q in result:
                continue
            left[q] -= 1
            if result[p] == "LOSE":
                result[q] = "WIN"
                ready.append(q)
            elif left[q] == 0:
                result[q] = "LOSE"
                ready.append(q)
    return {p: result.get(p, "DRAW") for p in after}


def sum_outcome(moves, parts, heap=0):
    start = (tuple(sorted(parts)), heap)
    return outcomes(lambda s: sum_moves(moves, s), start)[start]


def confirms_value(moves, p, g) -> bool:
    """g is p's value iff p beside a Nim heap of g is lost and beside any smaller heap is won: what
    the rules say of the sums, searched whole."""
    return sum_outcome(moves, (p,), g) == "LOSE" and all(sum_outcome(moves, (p,), h) == "WIN"
                                                          for h in range(g))


def run(capsys, *argv):
    status = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def files(tmp_path):
    for name, text in (("subtract.py", SUBTRACT), ("wythoff.py", WYTHOFF), ("loopy.py", LOOPY)):
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def test_values_against_the_rules(capsys, files):
    status, out, err = run(capsys, "values", files / "subtract.py", 30)
    assert status == 0 and err == ""
    values = [int(v) for v in out.split()]
    assert len(values) == 30
    for n, g in enumerate(values):
        assert confirms_value(subtract_moves, n, g), n
    status, out, _ = run(capsys, "values", files / "subtract.py", 30, "--json")
    assert status == 0 and json.loads(out) == values


def test_values_of_a_loopy_game_say_win_lose_draw_as_the_rules(capsys, files):
    status, out, _ = run(capsys, "values", files / "loopy.py", 15, "--json")
    assert status == 0
    found = json.loads(out)
    for n, v in enumerate(found):
        truth = outcomes(lambda m: set(loopy_moves(m)), n)[n]
        if isinstance(v, int):
            assert truth == ("LOSE" if v == 0 else "WIN"), n
            assert confirms_value(lambda m: loopy_moves(m), n, v) if truth != "DRAW" else True
        else:  # ∞(K): a win iff 0 is in K
            assert v.startswith("∞")
            assert truth == ("WIN" if "{" in v and "0" in v.strip("∞{}").split(",") else "DRAW"), (n, v)
    assert any(isinstance(v, str) for v in found)


def test_table_lines_are_x_and_columns_y(capsys, files):
    status, out, err = run(capsys, "table", files / "wythoff.py", 7, 9)
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert len(lines) == 7 and all(len(line.split()) == 9 for line in lines)
    for x, line in enumerate(lines):
        for y, g in enumerate(map(int, line.split())):
            lost = outcomes(lambda p: set(wythoff_moves(p)), (x, y))[(x, y)] == "LOSE"
            assert (g == 0) == lost, (x, y)
            if x < 4 and y < 4:
                assert confirms_value(wythoff_moves, (x, y), g), (x, y)


def test_sum_of_python_components_and_nim(capsys, files):
    wythoff = files / "wythoff.py"
    status, out, err = run(capsys, "sum", f"{wythoff}:(2, 3)", f"{wythoff}:(1, 1)", "nim:2")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == sum_outcome(wythoff_moves, ((2, 3), (1, 1)), 2)
    moves = set()
    for line in lines[2:]:
        comp, _, move = line.partition(" ")
        if comp == "#3":
            continue
        before, after = move.split(" -> ")
        moves.add((before, after))
    parts = ((2, 3), (1, 1))
    expected = set()
    for i, p in enumerate(parts):
        for q in wythoff_moves(p):
            rest = (*parts[:i], q, *parts[i + 1:])
            if sum_outcome(wythoff_moves, rest, 2) == "LOSE":
                expected.add((repr(p), repr(q)))
    assert moves == expected
    status, out, _ = run(capsys, "sum", f"{wythoff}:(2, 3)", "nim:2", "--json")
    data = json.loads(out)
    assert data["outcome"] == sum_outcome(wythoff_moves, ((2, 3),), 2)
    assert data["components"][0]["text"].endswith("positions): (2, 3)")


def test_play_sum_is_won_by_the_player_the_rules_say(capsys, files):
    status, out, _ = run(capsys, "play", "sum", f"{files / 'subtract.py'}:9", "nim:3")
    assert status == 0
    first_wins = sum_outcome(subtract_moves, (9,), 3) == "WIN"
    assert out.splitlines()[-1] == ("player 1 wins" if first_wins else "player 2 wins")


@pytest.mark.parametrize(("text", "said"), [
    ("def options(n):\n    x = 1\n    return [x // 0]\n", "bad.py:3: ZeroDivisionError"),
    ("def options(n):\n    return [n +]\n", "bad.py:2:"),
    ("start = 3\n", "defines no options"),
    ("def options(n):\n    return 5\n", "int"),
])
def test_a_mistake_in_the_file_is_one_line_exit_2(capsys, tmp_path, text, said):
    path = tmp_path / "bad.py"
    path.write_text(text, encoding="utf-8")
    for argv in (("values", path, 5), ("table", path, 2, 2), ("sum", f"{path}:3")):
        status, out, err = run(capsys, *argv)
        assert status == 2 and out == "", argv
        assert said in err and err.count("\n") == 1, err
        assert "Traceback" not in err


def test_the_position_limit(capsys, tmp_path):
    path = tmp_path / "long.py"
    path.write_text("def options(n):\n    return [n + 1] if n < 10**7 else []\n", encoding="utf-8")
    status, out, err = run(capsys, "values", path, 1, "--max-positions", 1000)
    assert status == 2 and out == "" and "1,000" in err and err.count("\n") == 1


def test_a_documents_code_runs_only_with_trust(capsys, tmp_path):
    from sgstudio.games.graph.model.graph import GameGraph

    path = tmp_path / "game.sgs"
    sgs.write(path, GameGraph(), {"custom": CustomState(SUBTRACT, "5").to_dict()})
    status, out, err = run(capsys, "values", path, 8)
    assert status == 2 and out == "" and "--trust" in err
    status, out, err = run(capsys, "values", path, 8, "--trust")
    assert status == 0 and [int(v) for v in out.split()] == [0, 1, 0, 1, 2, 3, 2, 0]
    assert all(confirms_value(subtract_moves, n, g) for n, g in enumerate([0, 1, 0, 1, 2, 3, 2, 0]))
