"""The named infinite subtraction sets against their definitions, computed here the slow way."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sgstudio.games.snim.subtraction.sets import (
    NAMED_SETS,
    SubtractionSetError,
    finite_members,
    resolve,
)

LIMIT = 3000


def is_prime_by_trial(k: int) -> bool:
    return k >= 2 and all(k % d for d in range(2, math.isqrt(k) + 1))


def by_definition(name: str, limit: int) -> list[int]:
    """The members <= limit, from each set's definition (no closed-form tests, no sieve)."""
    out, k = [], 1
    if name == "primes":
        return [k for k in range(limit + 1) if is_prime_by_trial(k)]
    if name == "fibonacci":
        a, b = 1, 1  # F(1), F(2): the set is {1, 2, 3, 5, ...}
        while b <= limit:
            out += [b] if b not in out else []
            a, b = b, a + b
        return out
    term = {"squares": lambda k: k * k, "triangular": lambda k: k * (k + 1) // 2,
            "factorials": math.factorial}[name]
    while term(k) <= limit:
        if term(k) not in out:
            out.append(term(k))
        k += 1
    return out


@pytest.mark.parametrize("name", list(NAMED_SETS))
def test_members_and_membership_follow_the_definition(name):
    expected = by_definition(name, LIMIT)
    named = NAMED_SETS[name]
    for limit in (0, 1, 2, 3, 30, 1000, LIMIT):
        assert named.members(limit).tolist() == [k for k in expected if k <= limit]
    assert named.count(LIMIT) == len(expected)
    assert [k for k in range(-2, LIMIT + 1) if named.contains(k)] == expected


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 10**30))
def test_membership_of_huge_numbers(k):
    assert NAMED_SETS["squares"].contains(k * k) and not NAMED_SETS["squares"].contains(k * k + 1)
    t = k * (k + 1) // 2
    assert NAMED_SETS["triangular"].contains(t) and not NAMED_SETS["triangular"].contains(t + 1)


def test_membership_of_huge_primes_fibonacci_and_factorials():
    primes = NAMED_SETS["primes"]
    assert primes.contains(2**61 - 1) and primes.contains(2**89 - 1)  # Mersenne primes
    assert not primes.contains(2**61 + 1) and not primes.contains((2**31 - 1) * (2**61 - 1))
    for pseudoprime in (561, 2047, 41041, 3215031751, 3825123056546413051):  # Carmichael / strong
        assert not primes.contains(pseudoprime)
    fib = NAMED_SETS["fibonacci"]
    a, b = 1, 2
    while b < 10**40:
        a, b = b, a + b
    assert fib.contains(b) and not fib.contains(b + 1) and not fib.contains(a + 1)
    assert NAMED_SETS["factorials"].contains(math.factorial(30))
    assert not NAMED_SETS["factorials"].contains(math.factorial(30) + 1)


def test_primes_sieve_agrees_with_trial_division_further_out():
    members = NAMED_SETS["primes"].members(200_000)
    sample = np.random.default_rng(5).integers(0, 200_000, 3000)
    inside = set(members.tolist())
    assert all((int(k) in inside) == is_prime_by_trial(int(k)) for k in sample)
    assert members.size == 17984  # pi(200000)


def test_names_resolve_and_unknown_names_are_refused():
    assert resolve("  FIBONACCI ").name == "fibonacci"
    assert [NAMED_SETS[n].oeis for n in NAMED_SETS] == ["A014586", "A014589", "A014588", "A019509",
                                                         "A014587"]
    with pytest.raises(SubtractionSetError, match=r"no subtraction set is named 'cube'.*squares, primes"):
        resolve("cube")


@pytest.mark.parametrize(("members", "message"), [
    ([], "at least one member"),
    ([1, 0], "positive integer, got 0"),
    ([2, -3], "positive integer, got -3"),
    ([2.5], "positive integer, got 2.5"),
    ([True], "positive integer, got True"),
    ([1 << 62], "below 2\\^62"),
])
def test_finite_sets_are_validated(members, message):
    with pytest.raises(SubtractionSetError, match=message):
        finite_members(members)
    assert finite_members([np.int64(7), 3, 3]).tolist() == [3, 7]
