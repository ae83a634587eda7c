"""``--misere`` on sum, play and play sum; ``sgstudio quotient``; ``play`` on the misère judge formats —
against rules-only misère searches (tests/core/misere/misere_oracle.py)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sgstudio.cli import main as cli
from tests.core.misere.misere_oracle import heap_oracle


def run(capsys, *argv):
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("code", ["0.77", "0.75", "0.137", "0.6"])
def test_sum_misere_matches_the_rules(capsys, code):
    wins, winning = heap_oracle(code)
    for heaps in [(1,), (4, 1), (3, 5, 7), (2, 2), (6, 9, 1)]:
        status, out, _ = run(capsys, "sum", "--misere", "--json", *(f"{code}:{h}" for h in heaps))
        data = json.loads(out)
        assert status == 0 and data["outcome"] == ("WIN" if wins(heaps) else "LOSE")
        got = sorted((m["component"] - 1, m["move"]["take"], tuple(m["move"]["after"]))
                     for m in data["winning_moves"])
        assert got == sorted(winning(heaps))
        assert data["play"] == "misère" and data["method"] and data["reason"]
        status, text, _ = run(capsys, "sum", "--misere", *(f"{code}:{h}" for h in heaps))
        lines = text.splitlines()
        assert lines[0] == data["outcome"] and lines[1].startswith("nim-sum ")
        assert len(lines) == 2 + len(data["winning_moves"])


def test_sum_misere_of_nim_and_graph_tokens(capsys, tmp_path):
    status, out, _ = run(capsys, "sum", "--misere", "nim:1,1,1")
    assert (status, out) == (0, "LOSE\nnim-sum 1\n")
    status, out, _ = run(capsys, "sum", "--misere", "nim:2,2", "nim:1")
    assert out.splitlines()[0] == "WIN"
    loopy = tmp_path / "g.txt"
    loopy.write_text("3\n1 1\n2 0 2\n0\n0\n")
    status, out, _ = run(capsys, "sum", "--misere", f"loopy:{loopy}:1:0")
    assert status == 0 and out.splitlines()[0] == "DRAW"


@given(st.lists(st.integers(0, 6), min_size=1, max_size=3))
@settings(max_examples=25, deadline=None)
def test_play_sum_misere_is_won_by_the_predicted_player(heaps):
    import contextlib
    import io

    wins, _ = heap_oracle("0.77")
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        status = cli.main(["play", "sum", "--misere", "--json", *(f"0.77:{h}" for h in heaps)])
    data = json.loads(buffer.getvalue())
    assert status == 0 and data["winner"] == (1 if wins(tuple(heaps)) else 2)
    if data["moves"]:  # misère: the player who made the last move loses
        assert data["winner"] == 3 - data["moves"][-1]["player"]


@pytest.mark.parametrize(("fmt", "text", "case", "winner"), [
    ("hdu1907", "2\n3\n3 5 1\n1\n1\n", 1, 1), ("hdu1907", "2\n3\n3 5 1\n1\n1\n", 2, 2),
    ("hdu2509", "2\n2 2\n1\n3\n", 1, 2), ("hdu2509", "2\n2 2\n1\n3\n", 2, 1),
])
def test_play_the_misere_judge_formats(capsys, tmp_path, fmt, text, case, winner):
    path = tmp_path / "in.txt"
    path.write_text(text)
    status, out, _ = run(capsys, "play", fmt, str(path), "--case", str(case), "--json")
    data = json.loads(out)
    assert status == 0 and data["winner"] == winner
    assert data["winner"] == 3 - data["moves"][-1]["player"]
    status, out, _ = run(capsys, "play", fmt, str(path), "--case", str(case))
    assert out.splitlines()[-1] == f"player {winner} wins"


def test_play_misere_on_a_normal_format(capsys, tmp_path):
    path = tmp_path / "s.txt"
    path.write_text("1 1\n1\n3 1 1 1\n0\n")  # S = {1}, heaps 1 1 1
    _, out, _ = run(capsys, "play", "hdu1536", str(path), "--json")
    assert json.loads(out)["winner"] == 1  # normal play: three moves, player 1 makes the last
    _, out, _ = run(capsys, "play", "hdu1536", str(path), "--misere", "--json")
    assert json.loads(out)["winner"] == 2  # misère: player 1 makes the last move and loses


QUOTIENT_075 = """\
1

=== Presentation Changed at Heap 1 ===

Q = <a | a2=1>
P = {a}

|Q| = 2; |P| = 1

Phi = 1 a

=== Presentation Changed at Heap 2 ===

Q = <a,b | a2=1, b3=b>
P = {a, b2}

|Q| = 6; |P| = 2

Phi = 1 a b a b

=== Presentation Changed at Heap 5 ===

Q = <a,b,c | a2=1, b3=b, bc=ab, c2=b2>
P = {a, b2}

|Q| = 8; |P| = 2

Phi = 1 a b a b c b c b ab2 b ab2 b ab2 b ab2 b ab2 b ab2 b ab2

=== Solution Found at Heap 21 ===

Period    :      2
Preperiod :      8
Q-Size    :      8
P-Size    :      2
"""


def test_quotient_prints_misere_solvers_layout(capsys):
    status, out, err = run(capsys, "quotient", "0.75")
    assert (status, out, err) == (0, QUOTIENT_075, "")
    status, out, _ = run(capsys, "quotient", "0.77", "--max-heap", "20")
    assert out.endswith("=== No Solution Found by Heap 20 ===\n")
    status, out, _ = run(capsys, "quotient", "0.77", "--json")
    data = json.loads(out)
    assert data["q_size"] == 40 and data["solved"] == {"heap": 167, "period": 12, "preperiod": 71}


def test_quotient_refuses_clearly(capsys):
    status, out, err = run(capsys, "quotient", "0.9z")
    assert status == 2 and out == "" and err.count("\n") == 1 and "bad rule" in err
    status, out, err = run(capsys, "quotient", "0.07", "--max-heap", "40")
    assert status == 2 and "too big" in err and err.count("\n") == 1


def test_play_misere_tokens_on_a_dag_with_and_without_loopy(capsys, tmp_path):
    path = tmp_path / "g.txt"
    path.write_text("4\n2 1 2\n0\n1 3\n0\n1 0\n0\n")  # 0 -> 1, 0 -> 2, 2 -> 3; one token on 0
    _, out, _ = run(capsys, "play", "hdu1524", str(path))
    assert out.splitlines() == ["1. player 1: token 0 -> 1, nim-sum 0", "player 1 wins"]
    _, out, _ = run(capsys, "play", "hdu1524", str(path), "--misere")
    assert out.splitlines() == ["1. player 1: token 0 -> 2, nim-sum 1",
                                "2. player 2: token 2 -> 3, nim-sum 0", "player 1 wins"]
    status, out, err = run(capsys, "play", "hdu1524", str(path), "--misere", "--loopy")
    assert (status, err) == (0, "")  # the same line by the loopy retrograde (no cycle here)
    assert out.splitlines() == ["1. player 1: token 0 -> 2, nim-sum 1",
                                "2. player 2: token 2 -> 3, nim-sum 0", "player 1 wins"]
