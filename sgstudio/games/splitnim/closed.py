"""The closed forms of split-nim for parts 2 (Lasker's Nim) and 3 (HDU 5795), and their proof.

A heap of split-nim (:mod:`sgstudio.games.splitnim.game`) may lose stones or split into ``parts``
non-empty heaps. Closed forms for parts = 2 (Lasker's Nim) and parts = 3 (HDU 5795), with P = 2**parts::

    g(0) = 0;  g(n) = n + 1 if n = P - 1 (mod P);  g(n) = n - 1 if n = 0 (mod P), n > 0;  else g(n) = n.

Proof by induction on n; call the formula f (a bijection swapping P*q + P - 1 and P*q + P).
(a) Every value below f(n) is reached. Takes reach f(0..n-1): all of 0..n-1, except when n = 0 mod P
(then 0..n-2 and n; f(n) = n - 1). When n = P - 1 mod P, the split 1, 2, 4, ..., 2**(k-2),
n + 1 - 2**(k-1) has pairwise disjoint bits and f is the identity on its parts, so it reaches n,
the one value below f(n) = n + 1 that takes miss. (b) No move reaches f(n). Takes cannot (f is
injective). For a split only the residues ri = xi mod P matter: the low bits of the XOR are the XOR of
sigma(ri) (sigma swaps 0 and P - 1, fixes the rest), and the XOR is at most sum f(xi) =
n + sum delta(ri) (delta = +1 at P - 1, -1 at 0), with equality only if no two parts share a bit.
So a tuple of residues is harmless when its low bits differ from those of f(n), or that bound is
below f(n), or it equals f(n) while two sigma(ri) share a bit. :func:`certify_closed_form` checks
that all P**k tuples are harmless, which completes the proof; for parts = 4 the check fails (and
the computed table shows that the formula does too).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations_with_replacement

import numpy as np

from sgstudio.core.mex import nim_sum


def closed_form(n: int, parts: int) -> int:
    """g(n) by the closed form of period P = 2**parts (proven for parts 2 and 3 only).

    >>> [closed_form(n, 3) for n in range(6, 10)]
    [6, 8, 7, 9]
    >>> closed_form(10**30 + 3, 2) - 10**30
    4
    """
    period = 1 << parts
    r = n % period
    if r == period - 1:
        return n + 1
    return n - 1 if r == 0 and n > 0 else n


def closed_form_array(heaps: np.ndarray, parts: int) -> np.ndarray:
    """:func:`closed_form` of every entry of an int64 array (entries must stay below 2**63 - 1).

    >>> closed_form_array(np.arange(9), 3).tolist()
    [0, 1, 2, 3, 4, 5, 6, 8, 7]
    """
    mask = (1 << parts) - 1
    low = heaps & mask
    return heaps + (low == mask) - ((low == 0) & (heaps > 0))


def _sigma(r: int, period: int) -> int:
    return period - 1 - r if r in (0, period - 1) else r


def _delta(r: int, period: int) -> int:
    return 1 if r == period - 1 else -1 if r == 0 else 0


def _disjoint(values: Sequence[int]) -> bool:
    seen = 0
    for v in values:
        if seen & v:
            return False
        seen |= v
    return True


def certify_closed_form(parts: int) -> bool:
    """Step (b) of the module's proof: True when no split can reach f(n), for every residue tuple.

    >>> certify_closed_form(2), certify_closed_form(3), certify_closed_form(4)
    (True, True, False)
    """
    period = 1 << parts
    for res in combinations_with_replacement(range(period), parts):
        low = nim_sum(_sigma(r, period) for r in res)
        rn = sum(res) % period
        slack = sum(_delta(r, period) for r in res) - _delta(rn, period)
        if low != _sigma(rn, period) or slack < 0:
            continue
        if slack == 0 and not _disjoint([_sigma(r, period) for r in res]):
            continue
        return False
    return True


@cache
def _residue_index(parts: int) -> dict[tuple[int, int], list[tuple[int, ...]]]:
    """Residue tuples mod P keyed by (XOR of their sigma, their sum mod P)."""
    period = 1 << parts
    index: dict[tuple[int, int], list[tuple[int, ...]]] = {}
    for res in combinations_with_replacement(range(period), parts):
        key = (nim_sum(_sigma(r, period) for r in res), sum(res) % period)
        index.setdefault(key, []).append(res)
    return index


def closed_form_split(n: int, target: int, parts: int) -> tuple[int, ...] | None:
    """A split of heap ``n`` whose closed-form value is ``target`` (sorted parts), or None if none exists.

    Constructive, also for huge n: a part is x = P*q + r with f(x) = P*q' + sigma(r), q' = q + delta(r).
    For each residue tuple with the right low bits and the right sum mod P, the q' must have a given
    XOR and a given sum; :func:`xor_sum_parts` decides that exactly and builds them.

    >>> closed_form_split(7, 7, 3)
    (1, 2, 4)
    >>> closed_form_split(9, 9, 3) is None   # g(9) = 9: no move keeps it
    True
    >>> split = closed_form_split(10**30, 12345, 3)
    >>> sum(split) == 10**30 and nim_sum(closed_form(x, 3) for x in split)
    12345
    """
    period = 1 << parts
    for res in _residue_index(parts).get((target % period, n % period), ()):
        rest = n - sum(res)
        if rest < 0:
            continue
        shifts = [_delta(r, period) for r in res]
        need = [r == period - 1 for r in res]
        highs = xor_sum_parts(target // period, rest // period + sum(shifts), need)
        if highs is not None:
            return tuple(sorted(period * (h - d) + r for h, d, r in zip(highs, shifts, res, strict=True)))
    return None


def xor_sum_parts(xor: int, total: int, need: Sequence[bool]) -> list[int] | None:
    """len(need) numbers >= 0 (>= 1 where need is True) with the given XOR and sum, or None.

    Digit DP from the lowest bit: c numbers have a 1 at bit b, c has the parity of the XOR's bit and
    c + carry that of the sum's bit; the state is (carry, how many needed numbers are non-zero so
    far, capped). The ones of each bit go first to needed numbers that are still zero.

    >>> xor_sum_parts(1, 7, [False, False, False])
    [3, 3, 1]
    >>> xor_sum_parts(3, 4, [False, False]) is None   # a ^ b = 3 forces a + b odd
    True
    """
    k, wanted = len(need), sum(need)
    if total < 0 or xor > total:
        return None
    layers: list[dict[tuple[int, int], tuple[int, int, int]]] = []
    states = {(0, 0)}
    for b in range(total.bit_length()):
        xb, sb = (xor >> b) & 1, (total >> b) & 1
        layer: dict[tuple[int, int], tuple[int, int, int]] = {}
        for carry, cov in states:
            for c in range(xb, k + 1, 2):
                if (c + carry) & 1 == sb:
                    layer.setdefault(((c + carry) >> 1, min(wanted, cov + c)), (carry, cov, c))
        layers.append(layer)
        states = set(layer)
    if (0, wanted) not in states:
        return None
    counts, state = [], (0, wanted)
    for layer in reversed(layers):
        carry, cov, c = layer[state]
        counts.append(c)
        state = (carry, cov)
    values = [0] * k
    for b, c in enumerate(reversed(counts)):
        order = sorted(range(k), key=lambda i: not (need[i] and values[i] == 0))
        for i in order[:c]:
            values[i] |= 1 << b
    return values
