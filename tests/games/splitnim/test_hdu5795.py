"""HDU 5795 reader, writer and solver; the CLI on the judge sample and on bad input."""

import subprocess
import sys
from functools import cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sgstudio.core.errors import ParseError
from sgstudio.games.splitnim import hdu5795
from sgstudio.games.splitnim.game import SplitNim
from sgstudio.games.splitnim.hdu5795 import Case, case_value, generate, parse, read, solve, write

SAMPLE = "2\n2\n4 4\n3\n1 2 4\n"
SAMPLE_OUT = "Second player wins.\nFirst player wins.\n"


@cache
def wins(heaps):
    """Brute force over whole positions (sorted tuples of non-empty heaps): no mex, no XOR."""
    for i, n in enumerate(heaps):
        rest = heaps[:i] + heaps[i + 1:]
        children = [(m,) for m in range(n)]
        children += [(a, b, n - a - b) for a in range(1, n) for b in range(1, n - a)]
        if any(not wins(tuple(sorted(h for h in rest + c if h))) for c in children):
            return True
    return False


def cli(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "sgstudio", "solve", "hdu5795", *args],
                          input=stdin, capture_output=True, text=True, timeout=60)


# -- the sample through the CLI ---------------------------------------------------------------------
def test_sample_from_stdin():
    run = cli(stdin=SAMPLE)
    assert (run.returncode, run.stdout, run.stderr) == (0, SAMPLE_OUT, "")


def test_sample_from_file(tmp_path):
    path = tmp_path / "sample.txt"
    path.write_text(SAMPLE)
    run = cli(str(path))
    assert (run.returncode, run.stdout, run.stderr) == (0, SAMPLE_OUT, "")


def test_bad_input_through_the_cli(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("1\n3\n1 -2 4\n")
    run = cli(str(path))
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.strip() == f"{path}:3:3: expected a heap size (>= 0), found -2"
    run = cli(stdin="1\n2\n5\n")
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.startswith("<stdin>:3:2: unexpected end of file")


def test_solving_does_not_load_numba():
    code = ("import sys\nfrom sgstudio.games.splitnim import hdu5795\nhdu5795.solve('1 1 7')\n"
            "print('numba' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False", out.stderr


# -- parser errors: every one located -----------------------------------------------------------------
@pytest.mark.parametrize(("text", "line", "column", "words"), [
    ("", 1, 1, "the input is empty: expected the number of tests T"),
    ("x\n", 1, 1, "'x'"),
    ("-1\n", 1, 1, "number of tests"),
    ("1\n0\n", 2, 1, "number of heaps n (>= 1)"),
    ("1\n-4 1 2\n", 2, 1, "number of heaps"),
    ("1\n2.5 1 2\n", 2, 1, "'2.5'"),
    ("1\n3\n1 2 x\n", 3, 5, "'x'"),
    ("1\n3\n1 2 3.0\n", 3, 5, "'3.0'"),
    ("1\n3\n1 -1 2\n", 3, 3, "found -1"),
    ("2\n2\n4 4\n3\n1 2\n", 5, 4, "end of file"),
    ("2\n2\n4 4\n", 3, 4, "end of file: expected the number of heaps"),
    ("1\n2\n4 4 4\n", 3, 5, "end of the input after 1 test, found '4'"),
    ("1\n2\n4 4\n\n  junk\n", 5, 3, "found 'junk'"),
])
def test_parse_errors_are_located(text, line, column, words):
    with pytest.raises(ParseError) as info:
        parse(text, file="in.txt")
    err = info.value
    assert (err.file, err.line, err.column) == ("in.txt", line, column)
    assert words in err.message
    assert str(err).startswith(f"in.txt:{line}:{column}: ")


def test_tokens_may_spread_over_lines_and_heaps_may_be_huge_or_zero():
    text = " 2 1\n\n0 3 18446744073709551617\n7 \n 100000000000000000000000000000"
    cases = parse(text)
    assert cases == [Case((0,)), Case((2**64 + 1, 7, 10**29))]
    value = SplitNim(3).value(cases[1].heaps)
    assert solve(text) == "Second player wins.\n" + ("First" if value else "Second") + " player wins.\n"


# -- round trip, files, answers -----------------------------------------------------------------------
heap_sizes = st.one_of(st.integers(0, 100), st.integers(0, 10**9), st.integers(0, 10**40))
case_lists = st.lists(st.builds(Case, st.lists(heap_sizes, min_size=1, max_size=40).map(tuple)), max_size=6)


@settings(max_examples=60, deadline=None)
@given(case_lists)
def test_round_trip(cases):
    assert parse(generate(cases)) == cases


def test_read_write(tmp_path):
    cases = [Case((1, 2, 3)), Case((10**25,))]
    path = tmp_path / "t.txt"
    write(str(path), cases)
    assert read(str(path)) == cases
    assert hdu5795.read(str(path)) == parse(path.read_text())


@settings(max_examples=80, deadline=None)
@given(st.lists(st.lists(st.integers(0, 9), min_size=1, max_size=3).filter(lambda h: sum(h) <= 16),
                min_size=1, max_size=4))
def test_answers_match_brute_force_search(tests):
    text = generate([Case(tuple(heaps)) for heaps in tests])
    winners = ["First" if wins(tuple(sorted(h for h in heaps if h))) else "Second" for heaps in tests]
    expected = "".join(f"{w} player wins.\n" for w in winners)
    assert solve(text) == expected


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 2**62 - 1), min_size=33, max_size=200))
def test_vectorised_value_matches_python_ints(heaps):
    assert case_value(heaps) == SplitNim(3).value(heaps)
    assert case_value([*heaps, 2**70]) == SplitNim(3).value([*heaps, 2**70])


def test_a_million_heaps():
    rng = np.random.default_rng(7)
    heaps = rng.integers(1, 10**9 + 1, 10**6)
    text = f"2\n{len(heaps)}\n" + " ".join(map(str, heaps.tolist())) + "\n2\n5 5\n"
    cases = parse(text)
    assert len(cases[0].heaps) == 10**6 and cases[1] == Case((5, 5))
    game = SplitNim(3)
    slow = 0
    for h in cases[0].heaps:
        slow ^= game.grundy(h)
    first = "First player wins.\n" if slow else "Second player wins.\n"
    assert solve(text) == first + "Second player wins.\n"


@settings(max_examples=150, deadline=None)
@given(st.lists(st.one_of(st.integers(-1, 6), st.integers(0, 2**64)), max_size=12), st.booleans())
def test_vectorised_path_agrees_with_the_parser_or_defers_to_it(numbers, newline):
    text = ("\n" if newline else " ").join(map(str, numbers))
    try:
        expected = "".join(("First" if case_value(c.heaps) else "Second") + " player wins.\n"
                           for c in parse(text, "t"))
    except ParseError as err:
        with pytest.raises(ParseError) as info:
            solve(text, "t")
        assert str(info.value) == str(err)
    else:
        assert solve(text, "t") == expected


@pytest.mark.parametrize("text", [SAMPLE, SAMPLE.replace("\n", "\r\n"), "\t2 2 4 4\n\n3 1 2 4"])
def test_well_formed_files_take_the_vectorised_path(text):
    assert hdu5795._solve_vectorised(text) == SAMPLE_OUT
    assert [c.heaps for c in parse(text)] == [(4, 4), (1, 2, 4)]
