"""HDU 1907 ("John") and HDU 2509 ("Be the Winner"): readers, writers, the judge samples through the
CLI byte for byte, bad input, and the answers against rules-only misère searches."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sgstudio.core.errors import ParseError
from sgstudio.core.misere.forms import MisereForms
from sgstudio.core.misere.genus import Genera
from sgstudio.core.misere.search import MisereSearch
from sgstudio.games.nim import hdu1907
from sgstudio.games.takebreak import hdu2509
from sgstudio.games.takebreak.game import TakeBreakGame
from tests.core.misere.misere_oracle import heap_oracle

SAMPLES = {"hdu1907": ("2\n3\n3 5 1\n1\n1\n", "John\nBrother\n"),
           "hdu2509": ("2\n2 2\n1\n3\n", "No\nYes\n")}
MODULES = {"hdu1907": hdu1907, "hdu2509": hdu2509}
# Nim is "take any number, leave 0 or 1 heap" (digit 3); the rows of HDU 2509 also leave 2 (digit 7)
RULES = {"hdu1907": "0." + "3" * 9, "hdu2509": "0." + "7" * 9}


def solve_cli(fmt, *args, stdin=None):
    return subprocess.run([sys.executable, "-m", "sgstudio", "solve", fmt, *args], input=stdin,
                          capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("fmt", SAMPLES)
def test_the_sample_byte_for_byte(fmt, tmp_path):
    text, answer = SAMPLES[fmt]
    run = solve_cli(fmt, stdin=text)
    assert (run.returncode, run.stdout, run.stderr) == (0, answer, "")
    path = tmp_path / "in.txt"
    path.write_text(text)
    run = solve_cli(fmt, str(path))
    assert (run.returncode, run.stdout, run.stderr) == (0, answer, "")


@pytest.mark.parametrize(("fmt", "text", "where", "words"), [
    ("hdu1907", "1\n3\n1 -2 4\n", "3:3", "expected a pile size (>= 0), found -2"),
    ("hdu1907", "1\n2\n5\n", "3:2", "unexpected end of file: expected a pile size"),
    ("hdu1907", "1\n1\n5\n7\n", "4:1", "expected the end of the input after 1 test, found '7'"),
    ("hdu1907", "", "1:1", "the number of tests T"),
    ("hdu2509", "2\n1 x\n", "2:3", "expected a row length"),
    ("hdu2509", "3\n1 2\n", "2:4", "unexpected end of file: expected a row length"),
    ("hdu2509", "-1\n", "1:1", "the number of rows n"),
])
def test_bad_input_is_one_located_line(fmt, text, where, words, tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text(text)
    run = solve_cli(fmt, str(path))
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.count("\n") == 1 and run.stderr.startswith(f"{path}:{where}: ") and words in run.stderr
    with pytest.raises(ParseError):
        MODULES[fmt].parse(text, str(path))


cases = st.lists(st.builds(lambda hs: hdu1907.Case(tuple(hs)), st.lists(st.integers(0, 10**30), max_size=5)),
                 max_size=4)


@given(cases)
def test_round_trips(found):
    assert hdu1907.parse(hdu1907.generate(found)) == found
    rows = [hdu2509.Case(c.heaps) for c in found]
    if rows:
        assert hdu2509.parse(hdu2509.generate(rows)) == rows


@pytest.mark.parametrize("fmt", SAMPLES)
@given(st.lists(st.lists(st.integers(0, 8), min_size=1, max_size=4), min_size=1, max_size=3))
@settings(max_examples=40, deadline=None)
def test_answers_match_a_rules_only_misere_search(fmt, tests):
    wins, _ = heap_oracle(RULES[fmt])
    module = MODULES[fmt]
    text = module.generate([module.Case(tuple(t)) for t in tests])
    first, second = module.FIRST, module.SECOND
    assert module.solve(text) == "".join((first if wins(t) else second) + "\n" for t in tests)


def test_rows_of_apples_are_tame_nim_heaps():
    """HDU 2509's theory: every row of n <= 14 is tame with the genus of *n (so misère Nim decides)."""
    game = TakeBreakGame("0." + "7" * 14)
    search = MisereSearch()
    genera = Genera(search.forms)
    nims = Genera(MisereForms())
    for n in range(15):
        form = search.part_form(game, n)
        assert genera.tame(form)
        assert genera.of(form) == nims.of(nims.forms.nim(n))
