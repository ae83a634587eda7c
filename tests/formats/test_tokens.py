"""TokenStream positions and bulk reads."""

import pytest

from sgstudio.core.errors import ParseError
from sgstudio.formats.tokens import TokenStream


def test_positions_of_bad_tokens():
    ts = TokenStream("1 2\n  3 x4\n", file="t.txt")
    assert ts.take_ints(3, "numbers") == [1, 2, 3]
    with pytest.raises(ParseError) as info:
        ts.next_int("a number")
    assert (info.value.file, info.value.line, info.value.column) == ("t.txt", 2, 5)


def test_bulk_read_reports_first_bad_token():
    ts = TokenStream("5\n1 2 -3 4", file="t")
    ts.next_int("n")
    with pytest.raises(ParseError) as info:
        ts.take_ints(4, "a size", lo=0)
    assert (info.value.line, info.value.column) == (2, 5)
    assert "-3" in info.value.message


def test_end_of_file_is_located_after_last_token():
    ts = TokenStream("3\n1 2\n\n", file="t")
    with pytest.raises(ParseError) as info:
        ts.take_ints(4, "a heap size")
    assert (info.value.line, info.value.column) == (2, 4)
    assert "end of file" in info.value.message


@pytest.mark.parametrize("token", ["1_000", "\uff11", "0x1f", "1e3", "١"])
def test_only_plain_decimal_integers_are_read(token):
    ts = TokenStream(f"3 {token}", file="t")
    assert ts.next_int("a count") == 3
    with pytest.raises(ParseError) as info:
        ts.next_int("a heap size")
    assert (info.value.line, info.value.column) == (1, 3)
    assert repr(token) in info.value.message
    with pytest.raises(ParseError):
        TokenStream(f"3 {token}").take_ints(2, "numbers")


def test_signs_stay_plain():
    ts = TokenStream("+3 -2")
    assert ts.plain and ts.take_ints(2, "numbers") == [3, -2]


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_lines_are_counted_for_every_line_ending(newline):
    ts = TokenStream(newline.join(["1", "2", "4 x", ""]), file="t")
    ts.take_ints(3, "numbers")
    with pytest.raises(ParseError) as info:
        ts.next_int("a number")
    assert (info.value.line, info.value.column) == (3, 3)
