"""The label of a new vertex (:mod:`sgstudio.games.graph.model.naming`) against a plain enumeration of the
spreadsheet-style names A, B, ..., Z, AA, AB, ..."""

from itertools import count, islice, product
from string import ascii_uppercase

from hypothesis import given
from hypothesis import strategies as st

from sgstudio.games.graph.model.naming import next_label


def names():
    """A, ..., Z, AA, ..., ZZ, AAA, ... in order."""
    for width in count(1):
        for letters in product(ascii_uppercase, repeat=width):
            yield "".join(letters)


ORDER = list(islice(names(), 26 + 26 * 26 + 100))


@given(st.sets(st.integers(0, len(ORDER) - 2), min_size=1, max_size=30), st.booleans())
def test_letters_go_on_after_the_last(picked, lower):
    labels = [ORDER[k].lower() if lower else ORDER[k] for k in picked]
    expected = ORDER[max(picked) + 1]
    assert next_label(labels) == (expected.lower() if lower else expected)


@given(st.sets(st.integers(0, 10**6), min_size=1, max_size=30), st.sampled_from(["v", "x_", "Node "]))
def test_numbered_labels_go_on_after_the_largest(numbers, stem):
    assert next_label([f"{stem}{n}" for n in numbers]) == f"{stem}{max(numbers) + 1}"


@given(st.lists(st.sampled_from(["A", "b", "7", "v1", "w2", "A1", "é", ""]), min_size=2, max_size=6))
def test_a_mix_follows_no_scheme(labels):
    kinds = {("upper" if t.isalpha() and t.isascii() and t.isupper() else
              "lower" if t.isalpha() and t.isascii() and t.islower() else t.rstrip("0123456789") + "#"
              if t[:1].isalpha() and t[-1:].isdigit() else "other") for t in labels}
    if len(kinds) > 1 or kinds & {"other"}:
        assert next_label(labels) is None
    else:
        assert next_label(labels) not in labels
