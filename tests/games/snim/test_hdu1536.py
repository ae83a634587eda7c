"""HDU 1536 (S-Nim): parse, generate, solve, errors with line and column, and the CLI."""

import re
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sgstudio.core.errors import ParseError
from sgstudio.games.snim import hdu1536
from sgstudio.games.snim.game import SubtractionGame
from sgstudio.games.snim.hdu1536 import SNimCase, generate, parse, solve

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = "2 2 5\n3\n2 5 12\n3 2 4 7\n4 2 3 7 12\n5 1 2 3 4 5\n3\n2 5 12\n3 2 4 7\n4 2 3 7 12\n0\n"
SAMPLE_OUTPUT = "LWW\nWWL\n"


def brute_letter(members, heaps):
    """W iff some move leads to a losing position (whole-position search, no Sprague-Grundy)."""

    @cache
    def wins(position):
        return any(
            not wins(tuple(sorted((*position[:i], h - s, *position[i + 1 :]))))
            for i, h in enumerate(position)
            for s in set(members)
            if s <= h
        )

    return "W" if wins(tuple(sorted(heaps))) else "L"


cases = st.lists(
    st.builds(
        SNimCase,
        st.lists(st.integers(1, 9), min_size=1, max_size=4).map(tuple),
        st.lists(st.lists(st.integers(0, 12), min_size=1, max_size=3).map(tuple), min_size=1, max_size=4)
        .map(tuple),
    ),
    max_size=3,
)


def reflow(text, seps):
    """The same tokens, separated by the given white space (cycled)."""
    tokens = text.split()
    return "".join(tok + seps[i % len(seps)] for i, tok in enumerate(tokens))


def run_cli(*args, stdin=""):
    return subprocess.run(
        [sys.executable, "-m", "sgstudio", "solve", "hdu1536", *args],
        input=stdin, capture_output=True, text=True, cwd=ROOT, timeout=120,
    )


# -- solving -----------------------------------------------------------------------------------
def test_judge_sample():
    assert solve(SAMPLE) == SAMPLE_OUTPUT


@settings(max_examples=60, deadline=None)
@given(cases)
def test_solve_matches_brute_force_and_round_trips(cs):
    text = generate(cs)
    assert parse(text) == cs
    expected = "".join("".join(brute_letter(c.S, p) for p in c.positions) + "\n" for c in cs)
    assert solve(text) == expected


@settings(max_examples=30, deadline=None)
@given(cases, st.lists(st.sampled_from([" ", "\n", "\t", "  \n ", "\r\n"]), min_size=1, max_size=5))
def test_tokens_may_be_spread_over_lines(cs, seps):
    text = reflow(generate(cs), seps)
    assert parse(text) == cs
    assert solve(text) == solve(generate(cs))


def test_beyond_the_judge_limits():
    members = tuple(range(3, 3 * 3000 + 1, 3))  # k = 3000
    big = (10**7, 10**7 - 1, 10**18, 2**70 + 5)
    case = SNimCase((1, 4, 10), ((10**7,), (10**7, 10**7 - 1), big, (0, 10**18)))
    wide = SNimCase(members, ((5, 9000, 9001), (2,)))
    output = solve(generate([case, wide]))
    letters = []
    for c in (case, wide):
        game = SubtractionGame(c.S)
        letters.append("".join("W" if game.value(p) else "L" for p in c.positions))
    assert output == "\n".join(letters) + "\n"


def test_zero_heaps_inside_a_case_are_heaps_not_the_end():
    """Inside a case a 0 is an empty heap where a heap size is expected; only where a case starts
    does it end the input (and where m or l is expected it is an error, tested below)."""
    text = "1 1\n2\n2 0 0\n3 0 1 0\n0\n"
    assert parse(text) == [SNimCase((1,), ((0, 0), (0, 1, 0)))]
    assert solve(text) == brute_letter([1], (0, 0)) + brute_letter([1], (0, 1, 0)) + "\n"


def test_members_larger_than_every_heap_do_not_matter():
    text = generate([SNimCase((50, 60), ((3, 4), (10,))), SNimCase((2, 10**30), ((3,), (2, 2), (1, 2)))])
    assert solve(text) == "LL\nWLW\n"  # no move at all in the first case; the second is S = {2}
    assert solve(text).splitlines()[1] == "".join(brute_letter([2], p) for p in ((3,), (2, 2), (1, 2)))


def test_read_write_round_trip(tmp_path):
    cs = [SNimCase((5, 2, 2), ((5, 12), (0,))), SNimCase((1,), ((1, 1, 1),))]
    path = tmp_path / "in.txt"
    hdu1536.write(str(path), cs)
    assert hdu1536.read(str(path)) == cs


@pytest.mark.parametrize(
    "bad",
    [SNimCase((), ((1,),)), SNimCase((1,), ()), SNimCase((1,), ((),)), SNimCase((0,), ((1,),)),
     SNimCase((1,), ((1, -1),))],
)
def test_generate_rejects_cases_it_could_not_read_back(bad):
    with pytest.raises(ValueError):
        generate([bad])


# -- errors ------------------------------------------------------------------------------------
ERRORS = [
    ("", 1, 1, "the input is empty: expected the size k of S"),
    ("2 2 x\n", 1, 5, "expected a member of S of test case 1, found 'x'"),
    ("2 2 5\nthree\n", 2, 1, "expected the number m of positions of test case 1, found 'three'"),
    ("2 2 5\n1\n2 5 1.5\n0\n", 3, 5, "expected a heap size of position 1 of 1 of test case 1, found '1.5'"),
    ("2 2 5\n0\n", 2, 1, "found 0 where the number m of positions of test case 1 is expected"),
    ("2 2 5\n2\n2 5 12\n0\n", 4, 1, "found 0 where the number l of heaps of position 2 of 2"),
    ("1 3\n1\n2 4 -1\n0\n", 3, 5, "expected a heap size of position 1 of 1 of test case 1 (>= 0), found -1"),
    ("2 0 5\n", 1, 3, "expected a member of S of test case 1 (>= 1), found 0"),
    ("1 1\n1\n1 1\n2 4 -7\n", 4, 5, "expected a member of S of test case 2 (>= 1), found -7"),
    ("-1\n", 1, 1, "expected the size k of S of a test case (0 ends the input) (>= 0), found -1"),
    ("2 2 5\n1\n3 1 2", 3, 6, "unexpected end of file: expected a heap size of position 1 of 1"),
    ("2 2 5\n1\n3 1 2\n", 3, 6, "unexpected end of file: expected a heap size of position 1 of 1"),
    ("3 2 5\n", 1, 6, "unexpected end of file: expected a member of S of test case 1"),
    ("1 1\n1\n1 1\n", 3, 4, "unexpected end of file: expected the size k of S"),
    ("1 1\n1\n2 1 2 3\n0\n", 4, 1, "expected a member of S of test case 2 (>= 1), found 0"),
    ("1 1\n1\n1 1\n0\n\n5 \n", 6, 1, "expected the end of the input after the final 0, found '5'"),
    ("2 1 1000000000\n1\n1 1000000000000000000\n0\n", 1, 1, "test case 1: no period of g found"),
]


@pytest.mark.parametrize(("text", "line", "column", "message"), ERRORS)
def test_bad_input_is_located(text, line, column, message):
    for reader in (parse, solve) if "period" not in message else (solve,):
        with pytest.raises(ParseError) as info:
            reader(text, "bad.txt")
        err = info.value
        assert (err.file, err.line, err.column) == ("bad.txt", line, column), err
        assert message in err.message


# -- the command line ----------------------------------------------------------------------------
def test_cli_reads_a_file_and_stdin(tmp_path):
    path = tmp_path / "sample.txt"
    path.write_text(SAMPLE)
    for result in (run_cli(str(path)), run_cli(stdin=SAMPLE), run_cli("-", stdin=reflow(SAMPLE, [" "]))):
        assert (result.returncode, result.stdout, result.stderr) == (0, SAMPLE_OUTPUT, "")


@pytest.mark.parametrize(("text", "line", "column", "message"), [ERRORS[3], ERRORS[5], ERRORS[-1]])
def test_cli_bad_input_exits_2(tmp_path, text, line, column, message):
    path = tmp_path / "bad.txt"
    path.write_text(text)
    for result, name in ((run_cli(str(path)), str(path)), (run_cli(stdin=text), "<stdin>")):
        assert result.returncode == 2 and result.stdout == ""
        match = re.fullmatch(r"(.+):(\d+):(\d+): (.+)\n", result.stderr)
        assert match, result.stderr
        assert (match[1], int(match[2]), int(match[3])) == (name, line, column)
        assert message in match[4]
