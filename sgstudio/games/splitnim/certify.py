"""Split-nim's certificate: its proven closed form certifies a pattern found in its table.

See :mod:`sgstudio.core.patterns.certify` for certifiers; this one is split-nim's own, since it
rests on the game's closed form (:mod:`sgstudio.games.splitnim.closed`): g(n) = n + 1 if n = P - 1,
n - 1 if n = 0 (n > 0), else n (mod P = 2**K), proven by induction whose finite step
:func:`~sgstudio.games.splitnim.closed.certify_closed_form` checks.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from sgstudio.core.patterns.certify import Certificate, _unfit
from sgstudio.core.patterns.sequence import SequencePattern
from sgstudio.games.splitnim.closed import certify_closed_form, closed_form_array


def _parts(rule: Any) -> int:
    if isinstance(rule, int):
        return rule
    if getattr(rule, "family", None) == "split":
        return int(rule.params[0])
    return int(rule.parts)


SPLIT_CHECKED_PARTS = 5
"""split:K's closed form is checked for K up to this (K = 6 takes seconds, K = 8 far longer)."""


def split_certificate(pattern: object, table: object, rule: Any) -> Certificate:
    """Split-nim's proven closed form (module docstring). ``rule``: K, a ``split:K`` Rule or a SplitNim.

    >>> from sgstudio.core.patterns.sequence import find_sequence_pattern
    >>> g = [0, 1, 2, 4, 3, 5, 6, 8, 7] * 1 + [n + (n % 4 == 3) - (n % 4 == 0) for n in range(9, 80)]
    >>> split_certificate(find_sequence_pattern(g), g, 2).certified
    True
    """
    why = _unfit(pattern, table, periodic=False)
    if why is not None:
        return Certificate(False, why)
    assert isinstance(pattern, SequencePattern)
    k = _parts(rule)
    period = 1 << k
    # from n = 1 on, both have period P in their differences (lines on the residue classes at most):
    # equal on 0..2P they are equal everywhere
    upto = np.arange(2 * period + 1, dtype=np.int64)
    closed = pattern.preperiod <= 1 and np.array_equal(pattern.values(upto), closed_form_array(upto, k))
    if k > SPLIT_CHECKED_PARTS:  # the proof's check would take minutes (its work grows as 2^(K^2) / K!)
        why = (f"the pattern is not split:{k}'s closed form" if not closed else
               f"the engine checks the closed form's proof for at most {SPLIT_CHECKED_PARTS} parts")
        return Certificate(False, why)
    if not certify_closed_form(k):
        return Certificate(False, f"no closed form is proven for split:{k} (the engine's check of the proof "
                                  "fails)")
    if not closed:
        return Certificate(False, f"the pattern is not split:{k}'s proven closed form")
    return Certificate(True, f"certified by split-nim's closed form, proven by induction (the engine checks "
                             f"its finite step for split:{k}): g(n + {period}) = g(n) + {period} for every "
                             "n >= 1")

