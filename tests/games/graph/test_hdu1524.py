"""HDU 1524 reader/writer/solver: judge sample, exact error positions, round trip, big inputs."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sgstudio.core.errors import ParseError
from sgstudio.games.graph import hdu1524
from sgstudio.games.graph.hdu1524 import Case, _scan_exact, generate, parse, solve

SAMPLE = """4
2 1 2
0
1 3
0
1 0
2 0 2
0

4
1 1
1 2
0
0
2 0 1
2 1 1
3 0 1 3
0
"""


def test_judge_sample():
    assert solve(SAMPLE) == "WIN\nWIN\nWIN\nLOSE\nWIN\n"
    cases = parse(SAMPLE)
    assert cases[0] == Case(4, [[1, 2], [], [3], []], [[0], [0, 2]])
    assert cases[1].queries == [[0, 1], [1, 1], [0, 1, 3]]


@pytest.mark.parametrize(("text", "line", "column", "words"), [
    ("2\n1 x\n0\n0\n", 2, 3, "expected a position in 0..1, found 'x'"),
    ("2\n1 1.5\n0\n0\n", 2, 3, "found '1.5'"),
    ("abc\n", 1, 1, "expected the number of positions N, found 'abc'"),
    ("2\n-1\n0\n0\n", 2, 1, "expected the number of moves from position 0 (>= 0), found -1"),
    ("-2\n", 1, 1, "number of positions N (>= 0), found -2"),
    ("2\n0\n0\n-1 0\n0\n", 4, 1, "number of tokens M of a query (0 ends the test case) (>= 0), found -1"),
    ("2\n1 5\n0\n0\n", 2, 3, "expected a position in 0..1, found 5"),
    ("2\n1 -1\n0\n0\n", 2, 3, "found -1"),
    ("2\n0\n0\n2 0  2\n0\n", 4, 6, "found 2"),
    ("2\n0\n0\n1 99999999999999999999999\n0\n", 4, 3, "found 99999999999999999999999"),
    ("2\n2 1", 2, 4, "unexpected end of file: expected a position in 0..1"),
    ("2\n0\n", 2, 2, "unexpected end of file: expected the number of moves from position 1"),
    ("1\n0\n1 0\n", 3, 4, "unexpected end of file: expected the number of tokens M"),
    ("1\n0\n3 0 0\n  \n", 3, 6, "unexpected end of file: expected a position in 0..0"),
    ("3\n1 1\n1 2\n1 0\n1 0\n0\n", 4, 3, "the graph has the cycle 0 -> 1 -> 2 -> 0"),
    ("2\n0\n1 1\n1 0\n0\n", 3, 3, "the graph has the cycle 1 -> 1"),
    ("1\n0\n1 0\n0\n\n2\n1 1\n\n  1 0\n0\n", 9, 5, "the graph has the cycle 0 -> 1 -> 0"),
    ("1\n0\n1 é\n0\n", 3, 3, "found 'é'"),
])
def test_parse_errors_name_line_and_column(text, line, column, words):
    for reader in (parse, solve, lambda t, f: _scan_exact(t, f)):
        with pytest.raises(ParseError) as info:
            reader(text, "in.txt")
        err = info.value
        assert (err.file, err.line, err.column) == ("in.txt", line, column), str(err)
        assert words in err.message
        assert str(err).startswith(f"in.txt:{line}:{column}: ")


ERROR_CASES = test_parse_errors_name_line_and_column.pytestmark[0].args[1]


def test_the_compiled_walk_of_big_inputs_reads_and_refuses_the_same(monkeypatch):
    monkeypatch.setattr(hdu1524, "COMPILED_WALK", 0)  # every input walked by the compiled kernel
    for text, line, column, words in ERROR_CASES:
        with pytest.raises(ParseError) as info:
            parse(text, "in.txt")
        assert (info.value.line, info.value.column) == (line, column) and words in info.value.message
    assert parse(SAMPLE) == [Case(4, [[1, 2], [], [3], []], [[0], [0, 2]]),
                             Case(4, [[1], [2], [], []], [[0, 1], [1, 1], [0, 1, 3]])]
    assert solve(SAMPLE) == "WIN\nWIN\nWIN\nLOSE\nWIN\n"
    arrays = hdu1524.parse_arrays(SAMPLE)
    assert [(a.n, a.successors, a.queries) for a in arrays] == [(c.n, c.successors, c.queries)
                                                                for c in parse(SAMPLE)]
    assert arrays[0].values.tolist() == [2, 0, 1, 0]  # 0 -> {1, 2}, 2 -> 3


def test_first_error_in_reading_order_wins():
    cyclic_then_junk = "2\n1 1\n1 0\n0\n3\n0\nx\n"
    with pytest.raises(ParseError, match=r"in.txt:3:3: the graph has the cycle 0 -> 1 -> 0"):
        solve(cyclic_then_junk, "in.txt")
    range_then_junk = "2\n1 7\n0\n0\nx\n"
    with pytest.raises(ParseError, match=r"in.txt:2:3: .*found 7"):
        solve(range_then_junk, "in.txt")


def test_plus_signs_and_odd_whitespace_are_read_exactly():
    assert parse("2 +1 1\x0c0 1\t+0 0") == [Case(2, [[1], []], [[0]])]


@st.composite
def cases(draw, max_n=7):
    n = draw(st.integers(1, max_n))
    rank = draw(st.permutations(range(n)))
    succ = [
        draw(st.lists(st.sampled_from(rank[rank.index(v) + 1:]), max_size=4)) if rank.index(v) < n - 1 else []
        for v in range(n)
    ]
    queries = draw(st.lists(st.lists(st.integers(0, n - 1), min_size=1, max_size=4), max_size=4))
    return Case(n, succ, queries)


def scatter(text: str, data) -> str:
    """The same tokens with random white space between them (spread over lines, blank lines)."""
    tokens = text.split()
    seps = data.draw(st.lists(st.sampled_from([" ", "\n", "\n\n", "\t", "  \n "]),
                              min_size=len(tokens), max_size=len(tokens)))
    return "".join(t + s for t, s in zip(tokens, seps, strict=True))


@settings(max_examples=80, deadline=None)
@given(st.lists(cases(), min_size=1, max_size=3), st.data())
def test_round_trip_and_free_layout(case_list, data):
    text = generate(case_list)
    assert parse(text) == case_list
    assert parse(scatter(text, data)) == case_list
    assert [raw.to_case() for raw, _ in _scan_exact(text, "x")] == case_list


def brute_force_outcome(case: Case, tokens: list[int]) -> str:
    """Whole-position win/lose search: winning iff some move leads to a losing position."""

    @cache
    def wins(position):
        for i, v in enumerate(position):
            for w in case.successors[v]:
                if not wins(tuple(sorted((*position[:i], w, *position[i + 1:])))):
                    return True
        return False

    return "WIN" if wins(tuple(sorted(tokens))) else "LOSE"


@settings(max_examples=60, deadline=None)
@given(st.lists(cases(max_n=6), min_size=1, max_size=3))
def test_solve_matches_brute_force(case_list):
    expected = [brute_force_outcome(c, q) for c in case_list for q in c.queries]
    assert solve(generate(case_list)) == "".join(w + "\n" for w in expected)


def test_chain_of_200000_positions():
    n = 200_000
    case = Case(n, [[v + 1] for v in range(n - 1)] + [[]], [[0], [1], [0, 1], [n - 1]])
    text = generate([case])
    g = [(n - 1 - v) % 2 for v in range(n)]  # a chain alternates: the end loses, its predecessor wins
    expected = ["WIN" if g[0] else "LOSE", "WIN" if g[1] else "LOSE", "WIN", "LOSE"]
    assert solve(text) == "".join(w + "\n" for w in expected)
    assert expected[:2] == ["WIN", "LOSE"]
    assert parse(text)[0].successors[n - 2] == [n - 1]


def test_read_and_write(tmp_path):
    path = tmp_path / "in.txt"
    hdu1524.write(str(path), parse(SAMPLE))
    assert hdu1524.read(str(path)) == parse(SAMPLE)
    assert solve(path.read_text(), str(path)) == solve(SAMPLE)
