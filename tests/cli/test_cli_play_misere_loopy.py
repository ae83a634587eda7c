"""``sgstudio play hdu1524 --misere --loopy``: the misère line on a graph with cycles, against a rules-only
misère search (tests/core/misere/misere_oracle.py: a fixed point of the definitions, no retrograde queue)."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from sgstudio.cli import main as cli
from tests.core.misere.misere_oracle import token_oracle


def run(capsys, *argv):
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def judge_text(successors, tokens) -> str:
    lines = [str(len(successors))]
    lines += [" ".join(map(str, (len(s), *s))) for s in successors]
    lines += [" ".join(map(str, (len(tokens), *tokens))), "0"]
    return "\n".join(lines) + "\n"


def after(position, move):
    v, w = move
    rest = list(position)
    rest.remove(v)
    return tuple(sorted((*rest, w)))


graphs = st.integers(2, 5).flatmap(lambda n: st.tuples(
    st.lists(st.lists(st.integers(0, n - 1), max_size=3, unique=True), min_size=n, max_size=n),
    st.lists(st.integers(0, n - 1), min_size=1, max_size=2)))


@given(graphs)
@settings(max_examples=60, deadline=None)
def test_the_misere_loopy_line_follows_the_rules(case):
    import contextlib
    import io
    import tempfile
    from pathlib import Path

    successors, tokens = case
    outcome = token_oracle(successors)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "g.txt"
        path.write_text(judge_text(successors, tokens))
        buffer = io.StringIO()
        with contextlib.redirect_stdout(buffer):
            status = cli.main(["play", "hdu1524", str(path), "--misere", "--loopy", "--json",
                               "--max-moves", "200"])
    data = json.loads(buffer.getvalue())
    assert status == 0 and "stopped" not in data  # a won game ends, a drawn one repeats
    start = outcome(tokens)
    expected = {"WIN": 1, "LOSE": 2, "DRAW": None}[start]
    assert data["winner"] == expected
    position = tuple(sorted(tokens))
    for step in data["moves"]:
        move = (step["move"]["from"], step["move"]["to"])
        assert move[1] in successors[move[0]] and move[0] in position
        before, position = outcome(position), after(position, move)
        if before == "WIN":
            assert outcome(position) == "LOSE"  # the winner always moves to a lost position
        elif before == "DRAW":
            assert outcome(position) == "DRAW"  # and a draw is kept
    if expected is None:
        assert data["draw"] is True and data["repeated"]["again"] == len(data["moves"])
    else:  # misère: the player who made the last move loses; then no move is left
        assert all(not successors[v] for v in position)
        assert data["winner"] == (1 if not data["moves"] else 3 - data["moves"][-1]["player"])


def test_the_text_line_and_a_draw(capsys, tmp_path):
    path = tmp_path / "g.txt"
    # 0 <-> 1, 1 -> 2 (a dead end), 3 -> 2: misère, a token on 3 loses; on 0 nobody can force a win
    path.write_text(judge_text([[1], [0, 2], [], [2]], [3]) + judge_text([[1], [0, 2], [], [2]], [0]))
    status, out, err = run(capsys, "play", "hdu1524", str(path), "--misere", "--loopy")
    assert (status, err) == (0, "")
    assert out.splitlines() == ["1. player 1: token 3 -> 2, nim-sum 0", "player 2 wins"]
    status, out, _ = run(capsys, "play", "hdu1524", str(path), "--case", "2", "--misere", "--loopy")
    assert out.splitlines() == ["1. player 1: token 0 -> 1, nim-sum 1",
                                "2. player 2: token 1 -> 0, nim-sum 0",
                                "draw: the position after move 2 repeats the start, and neither side can win"]


def test_too_big_a_misere_loopy_position_is_refused(capsys, tmp_path, monkeypatch):
    from sgstudio.core.misere import retro

    monkeypatch.setattr(retro, "DEFAULT_LIMIT", 5)  # as if the tokens could reach too many positions
    path = tmp_path / "g.txt"
    n = 6
    path.write_text(judge_text([[(v + 1) % n, (v + 2) % n] for v in range(n)], [0, 1, 2]))
    status, out, err = run(capsys, "play", "hdu1524", str(path), "--misere", "--loopy")
    assert status == 2 and out == "" and err.count("\n") == 1
    assert "more than 5 positions are reachable" in err and "too big" in err


def mixed_outcomes(successors, tokens, heaps) -> dict:
    """Misère outcomes of tokens on a graph beside Nim heaps, by the rules (a token steps along an
    edge, a heap loses one or more), iterated to a fixed point: {(tokens, heaps): WIN/LOSE/DRAW}."""
    def moves(p):
        toks, hs = p
        out = []
        for i, v in enumerate(toks):
            out += [(tuple(sorted((*toks[:i], w, *toks[i + 1:]))), hs) for w in successors[v]]
        for j, h in enumerate(hs):
            out += [(toks, (*hs[:j], h - t, *hs[j + 1:])) for t in range(1, h + 1)]
        return out

    graph, todo = {}, [(tuple(sorted(tokens)), tuple(heaps))]
    while todo:
        p = todo.pop()
        if p not in graph:
            graph[p] = moves(p)
            todo += graph[p]
    value = {p: ("WIN" if not out else None) for p, out in graph.items()}
    changed = True
    while changed:
        changed = False
        for p, out in graph.items():
            if value[p] is None:
                if any(value[q] == "LOSE" for q in out):
                    value[p], changed = "WIN", True
                elif all(value[q] == "WIN" for q in out):
                    value[p], changed = "LOSE", True
    return {p: v or "DRAW" for p, v in value.items()}


@given(graphs, st.lists(st.integers(0, 3), min_size=1, max_size=2))
@settings(max_examples=40, deadline=None)
def test_sum_misere_of_a_loopy_component_and_nim_heaps(case, heaps):
    import contextlib
    import io
    import tempfile
    from pathlib import Path

    successors, tokens = case
    truth = mixed_outcomes(successors, tokens, heaps)
    start = (tuple(sorted(tokens)), tuple(heaps))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "g.txt"
        path.write_text(judge_text(successors, tokens))
        texts = [f"loopy:{path}:1:{','.join(map(str, tokens))}", *(f"nim:{h}" for h in heaps)]
        buffer = io.StringIO()
        with contextlib.redirect_stdout(buffer):
            status = cli.main(["sum", "--misere", "--json", *texts])
    data = json.loads(buffer.getvalue())
    assert status == 0 and data["outcome"] == truth[start]
    got = set()
    for m in data["winning_moves"]:
        toks, hs = start
        if m["component"] == 1:
            got.add((after(toks, (m["move"]["from"], m["move"]["to"])), hs))
        else:
            j = m["component"] - 2
            got.add((toks, (*hs[:j], hs[j] - m["move"]["take"], *hs[j + 1:])))
    assert len(got) == len(data["winning_moves"])  # each move once
    every = set()
    toks, hs = start
    for v in set(toks):
        every |= {(after(toks, (v, w)), hs) for w in successors[v]}
    for j, h in enumerate(hs):
        every |= {(toks, (*hs[:j], h - t, *hs[j + 1:])) for t in range(1, h + 1)}
    assert got == {q for q in every if truth[q] == "LOSE"}
    assert data["method"] == "retrograde analysis"
