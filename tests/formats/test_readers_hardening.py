"""Regression tests of issue 9 for the judge readers: exact integers of any size, one rule for empty
files and leading zeros, error positions in characters, short messages.

S-Nim answers are checked against a brute-force win/lose search that uses no Sprague-Grundy theory
(tests/oracles.py style) wherever the numbers are small enough for one.
"""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sgstudio.core.errors import ParseError
from sgstudio.games.board import hdu5724
from sgstudio.games.graph import hdu1524
from sgstudio.games.snim import hdu1536
from sgstudio.games.snim.game import SubtractionGame
from sgstudio.games.splitnim import hdu5795


def int_text(n: int) -> str:
    from sgstudio.formats.tokens import int_text as text  # here: a test of main fails on its behaviour

    return text(n)


READERS = {"hdu1524": hdu1524, "hdu1536": hdu1536, "hdu5724": hdu5724, "hdu5795": hdu5795}


def lines(*items: object) -> str:
    return "".join(f"{item}\n" for item in items)


# -- hdu1536: exact integers, huge S members --------------------------------------------------------
@pytest.mark.parametrize(("text", "answer"), [
    (lines("1 9223372036854775808", 1, "1 9223372036854775808", 0), "W"),  # S = {2^63}: OverflowError
    (lines("1 1", 1, f"1 {10**309}", 0), "L"),  # S = {1}, heap 10^309 (even): crashed converting to float
    (lines("1 1", 1, "2 1 9223372036854775808", 0), "W"),  # a heap in [2^63, 2^64) beside a small one
    (lines(f"1 {10**18}", 1, f"1 {10**18}", 0), "W"),  # no period needed: one move to 0, g = 1
])
def test_reproduced_snim_failures_are_answered(text, answer):
    assert hdu1536.solve(text) == answer + "\n"


@cache
def brute_wins(S: tuple[int, ...], heap: int) -> bool:  # noqa: N803
    """One heap: the player to move wins iff some take leads to a lost heap."""
    return any(not brute_wins(S, heap - s) for s in S if s <= heap)


@cache
def brute_grundy(S: tuple[int, ...], heap: int) -> int:  # noqa: N803
    """mex by plain (memoised) recursion on one heap, small numbers."""
    seen = {brute_grundy(S, heap - s) for s in S if s <= heap}
    return next(v for v in range(len(seen) + 1) if v not in seen)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 40), min_size=1, max_size=4, unique=True), st.integers(0, 120))
def test_the_direct_evaluation_agrees_with_the_recursion(S, heap):  # noqa: N803
    game = SubtractionGame(S)  # a fresh game has no table: every position is computed directly
    assert game._direct_value(heap) == brute_grundy(tuple(sorted(S)), heap)
    assert (game._direct_value(heap) != 0) == brute_wins(tuple(sorted(S)), heap)


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(1, 6), min_size=1, max_size=3, unique=True), st.integers(0, 30),
       st.integers(0, 3))
def test_huge_members_are_small_members_shifted(small, heap, copies):
    """S' = {s * B}: the heap h*B + r plays like h in S = {s} (r < B stones can never be taken), so
    g'(h*B + r) = g(h); B = 10^18 needs the direct way (no table or period reaches that far)."""
    big = 10**18
    game = SubtractionGame([s * big for s in small])
    expected = brute_grundy(tuple(sorted(small)), heap)
    assert game.grundy(heap * big + copies) == expected
    text = lines(f"{len(small)} " + " ".join(str(s * big) for s in small), 1, f"1 {heap * big + copies}", 0)
    assert hdu1536.solve(text) == ("W" if expected else "L") + "\n"


def test_a_heap_too_far_for_every_method_is_a_located_error():
    text = lines(f"2 1 {10**9}", 1, f"1 {10**18}", 0)
    with pytest.raises(ParseError) as info:
        hdu1536.solve(text, "in.txt")
    assert (info.value.line, info.value.column) == (1, 1) and "no period of g found" in info.value.message


# -- the int-string digit limit is lifted for every reader ---------------------------------------------
def test_decimal_and_int_text_have_no_digit_limit():
    from sgstudio.formats.tokens import decimal

    for digits in (4301, 20_000):
        n = 7 * 10 ** (digits - 1) + 3
        text = int_text(n)
        assert len(text) == digits and decimal(text) == n and decimal("-000" + text) == -n


@pytest.mark.parametrize("fmt", sorted(READERS))
def test_a_number_of_5000_digits_is_read_by_every_reader(fmt):
    big = 10**5000 + 1
    text = {
        "hdu1524": lines(1, 0, f"1 {int_text(big)}", 0),  # a position number: out of range, said so
        "hdu1536": lines("1 1", 1, f"1 {int_text(big)}", 0),  # a heap: answered
        "hdu5724": lines(1, 1, f"1 {int_text(big)}"),  # a column: out of range, said so
        "hdu5795": lines(1, 1, int_text(big)),  # a heap: answered
    }[fmt]
    if fmt in ("hdu1536", "hdu5795"):
        cases = READERS[fmt].parse(text)
        assert big in (cases[0].positions[0] if fmt == "hdu1536" else cases[0].heaps)
        assert READERS[fmt].solve(text) in ("W\n", "L\n", "First player wins.\n", "Second player wins.\n")
        assert READERS[fmt].parse(READERS[fmt].generate(cases)) == cases
        return
    with pytest.raises(ParseError) as info:
        READERS[fmt].parse(text, "in.txt")
    assert (info.value.line, info.value.column) == (3, 3)
    assert "found 1000000000" in info.value.message and len(info.value.message) < 200


def test_hdu1536_answer_for_a_heap_of_5000_digits_matches_the_period():
    heap = 10**5000 + 3  # S = {2, 5}: period 7 from 0, g = 0,0,1,1,0,2,1
    expected = "L\n" if heap % 7 in (0, 1, 4) else "W\n"
    assert hdu1536.solve(lines("2 2 5", 1, f"1 {int_text(heap)}", 0)) == expected


# -- one rule for leading zeros (hdu5795's fast and exact readers) and for empty files -------------------
@pytest.mark.parametrize("zeros", [1, 30, 5000])
def test_leading_zeros_are_read_the_same_by_the_fast_and_the_exact_reader(zeros):
    text = lines(1, 2, "0" * zeros + "7 7")
    fast = hdu5795._solve_vectorised(text)
    assert fast == "Second player wins.\n"  # 7 and 7 cancel
    assert hdu5795.parse(text) == [hdu5795.Case((7, 7))]
    assert "".join(("First player wins.\n" if hdu5795.case_value(c.heaps) else "Second player wins.\n")
                   for c in hdu5795.parse(text)) == fast


@pytest.mark.parametrize("fmt", sorted(READERS))
@pytest.mark.parametrize("text", ["", " \n\r\n\t"])
def test_an_empty_file_is_refused_by_every_reader_the_same_way(fmt, text):
    for reader in (READERS[fmt].parse, READERS[fmt].solve):
        with pytest.raises(ParseError) as info:
            reader(text, "empty.txt")
        err = info.value
        assert (err.file, err.line, err.column) == ("empty.txt", 1, 1)
        assert err.message.startswith("the input is empty: expected ")


# -- positions ---------------------------------------------------------------------------------------
def test_undecodable_bytes_are_located_in_characters_with_cr_line_breaks():
    from sgstudio.formats.tokens import decode

    with pytest.raises(ParseError) as info:
        decode(b"2\r1 1\r0\r1 0\r\xff", "cr.txt")
    assert (info.value.line, info.value.column) == (5, 1)
    with pytest.raises(ParseError) as info:
        decode("é".encode() * 3 + b"\xff", "u.txt")  # three characters (six bytes) before the bad byte
    assert (info.value.line, info.value.column) == (1, 4)


def test_a_repeated_column_before_the_end_of_the_file_is_the_first_error():
    with pytest.raises(ParseError) as info:
        hdu5724.parse("1\n1\n3 4 4", "in.txt")
    assert (info.value.line, info.value.column) == (3, 5) and "repeated" in info.value.message
    with pytest.raises(ParseError) as info:  # the end of the file is still reported where it is first
        hdu5724.parse("1\n1\n3 4 5", "in.txt")
    assert (info.value.line, info.value.column) == (3, 6) and "end of file" in info.value.message


# -- messages ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("fmt", sorted(READERS))
def test_a_million_character_token_gives_a_short_message(fmt):
    token = "x" * 1_000_000
    with pytest.raises(ParseError) as info:
        READERS[fmt].parse(f"{token}\n", "long.txt")
    text = str(info.value)
    assert len(text) < 200 and "\n" not in text and "1,000,000 characters" in text
    assert text.count("x") <= 45  # at most ~40 characters of the token are quoted


def test_a_file_name_with_a_newline_stays_one_line():
    with pytest.raises(ParseError) as info:
        hdu5795.parse("x", "a\nb.txt")
    assert str(info.value) == "a\\nb.txt:1:1: expected the number of tests T, found 'x'"
