"""HDU 5724 files: the judge sample (also through the CLI), round trips, every parser error."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sgstudio.core.errors import ParseError
from sgstudio.games.board import hdu5724
from sgstudio.games.board.game import BoardGame
from sgstudio.games.board.hdu5724 import Case
from sgstudio.paths import resource_path

SAMPLE = "2\n1\n2 19 20\n2\n1 19\n1 18\n"
SAMPLE_OUTPUT = "NO\nYES\n"

rows = st.lists(st.integers(1, 20), unique=True, max_size=20).map(tuple)
cases = st.lists(st.builds(Case, st.lists(rows, max_size=6).map(tuple)), max_size=5)


def cli(*args, stdin=""):
    return subprocess.run(
        [sys.executable, "-m", "sgstudio", "solve", "hdu5724", *args],
        input=stdin, capture_output=True, text=True, timeout=60,
    )


# -- the sample ------------------------------------------------------------------------------------


def test_sample_is_solved():
    assert hdu5724.solve(SAMPLE) == SAMPLE_OUTPUT
    assert hdu5724.parse(SAMPLE) == [Case(((19, 20),)), Case(((19,), (18,)))]


def test_shipped_example_is_the_sample():
    assert resource_path("examples", "hdu5724.txt").read_text() == SAMPLE


def test_cli_sample_from_a_file_and_from_stdin(tmp_path):
    path = tmp_path / "in.txt"
    path.write_text(SAMPLE)
    for result in (cli(str(path)), cli(stdin=SAMPLE), cli("-", stdin=SAMPLE)):
        assert (result.returncode, result.stdout, result.stderr) == (0, SAMPLE_OUTPUT, "")


def test_cli_bad_input_exits_2_with_a_located_error(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("1\n1\n2 19 21\n")
    result = cli(str(path))
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == f"{path}:3:6: expected a column in row 1 of test 1 (1..20), found 21\n"
    result = cli(stdin="1\n2\n1 7\n2 3 3\n")
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == "<stdin>:4:5: column 3 is repeated in row 2 of test 1\n"


def test_solving_does_not_import_numba():
    code = (
        "import sys\nfrom sgstudio.games.board import hdu5724\n"
        f"assert hdu5724.solve({SAMPLE!r}) == {SAMPLE_OUTPUT!r}\n"
        "print('numba' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False", out.stderr


# -- round trips and the two readers ---------------------------------------------------------------


def expected_output(cs):
    game = BoardGame(20)
    return "".join("YES\n" if game.value(c.position()) else "NO\n" for c in cs)


@settings(max_examples=80, deadline=None)
@given(cases)
def test_round_trip_and_solve(cs):
    text = hdu5724.generate(cs)
    assert hdu5724._scan(text) is not None  # the fast path reads every well-formed plain file
    assert hdu5724.parse(text) == cs
    assert hdu5724.solve(text) == expected_output(cs)


@settings(max_examples=60, deadline=None)
@given(cases, st.lists(st.sampled_from([" ", "\n", "\t", "  ", "\r\n", " \n\n "]), min_size=1), st.booleans())
def test_any_layout_reads_the_same_by_both_readers(cs, gaps, plus):
    tokens = hdu5724.generate(cs).split()
    if plus:  # '+7' is an integer too, but only the token reader takes it
        tokens = ["+" + t for t in tokens]
    text = "".join(t + gaps[i % len(gaps)] for i, t in enumerate(tokens))
    assert hdu5724.parse(text) == cs
    assert hdu5724._parse_tokens(text, "t") == cs
    assert hdu5724.solve(text) == expected_output(cs)


@settings(max_examples=150, deadline=None)
@given(cases, st.data())
def test_fast_scan_agrees_with_the_token_reader_on_damaged_files(cs, data):
    """Change one token: the scan accepts only what the token reader accepts, with the same cases."""
    tokens = hdu5724.generate(cs).split()
    i = data.draw(st.integers(0, len(tokens) - 1))
    tokens[i] = str(data.draw(st.integers(-2, 25)))
    if data.draw(st.booleans()):
        del tokens[data.draw(st.integers(0, len(tokens) - 1))]
    text = " ".join(tokens)
    try:
        expected = hdu5724._parse_tokens(text, "t")
    except ParseError:
        assert hdu5724._scan(text) is None
        with pytest.raises(ParseError):
            hdu5724.solve(text, "t")
        return
    assert hdu5724.parse(text) == expected
    assert hdu5724.solve(text) == expected_output(expected)


def test_read_and_write(tmp_path):
    cs = [Case(((20, 1, 5), ())), Case(())]
    path = tmp_path / "out.txt"
    hdu5724.write(str(path), cs)
    assert path.read_text() == "2\n2\n3 20 1 5\n0\n0\n"
    assert hdu5724.read(str(path)) == cs


def test_case_converts_lists_and_gives_a_position():
    case = Case([[20, 19], []])
    assert case == Case(((20, 19), ()))
    assert case.position() == ((19, 20), ())


@pytest.mark.parametrize(
    ("case", "message"),
    [(Case(((0,),)), "test 1, row 1: column 0 is outside 1..20"),
     (Case(((), (4, 4))), "test 1, row 2: column 4 is repeated")],
)
def test_generate_refuses_bad_cases(case, message):
    with pytest.raises(ValueError, match=message):
        hdu5724.generate([case])


def test_empty_test_list_and_empty_rows():
    assert hdu5724.generate([]) == "0\n"
    assert hdu5724.solve("0\n") == ""
    assert hdu5724.solve("3\n0\n1\n0\n2 0 1 20\n") == "NO\nNO\nNO\n"


# -- every parser error, with its line and column ---------------------------------------------------


@pytest.mark.parametrize(
    ("text", "line", "column", "message"),
    [
        ("", 1, 1, "the input is empty: expected the number of test cases T"),
        ("x\n", 1, 1, "expected the number of test cases T, found 'x'"),
        ("-1\n", 1, 1, "expected the number of test cases T (>= 0), found -1"),
        ("1\n1.5\n", 2, 1, "expected the number of rows n of test 1, found '1.5'"),
        ("1\n-2\n", 2, 1, "expected the number of rows n of test 1 (>= 0), found -2"),
        ("1\n1\n21 1\n", 3, 1, "expected the number of chesses m in row 1 of test 1 (0..20), found 21"),
        ("1\n1\n-1\n", 3, 1, "expected the number of chesses m in row 1 of test 1 (0..20), found -1"),
        ("1\n1\n2 19 twenty\n", 3, 6, "expected a column in row 1 of test 1, found 'twenty'"),
        ("1\n2\n0\n1   0\n", 4, 5, "expected a column in row 2 of test 1 (1..20), found 0"),
        ("1\n1\n1 21\n", 3, 3, "expected a column in row 1 of test 1 (1..20), found 21"),
        ("1\n1\n3 5 6 5\n", 3, 7, "column 5 is repeated in row 1 of test 1"),
        ("2\n1\n2 19 20\n", 3, 8, "unexpected end of file: expected the number of rows n of test 2"),
        ("1\n2\n1 19\n", 3, 5, "unexpected end of file: expected the number of chesses m in row 2 of test 1"),
        ("1\n1\n3 1 2\n\n", 3, 6, "unexpected end of file: expected a column in row 1 of test 1"),
        ("1\n1\n0\n7 8\n", 4, 1, "expected the end of the file after 1 test case, found '7'"),
        ("99999999999999999999999\n0\n", 2, 2,
         "unexpected end of file: expected the number of rows n of test 2"),
    ],
)
def test_parse_errors_are_located(text, line, column, message):
    for call in (hdu5724.parse, hdu5724.solve):
        with pytest.raises(ParseError) as info:
            call(text, "in.txt")
        err = info.value
        assert (err.file, err.line, err.column, err.message) == ("in.txt", line, column, message)
