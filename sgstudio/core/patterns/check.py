"""A claimed pattern against a (longer) table: the first value that breaks it.

One-number tables are read from n = 0 up; two-number tables by x + y, then x (the order in which
a growing table reaches them). A pattern on the P-positions is broken where g = 0 disagrees with
it; a pattern on the values, where the value does.

Examples
--------
>>> from sgstudio.core.patterns.sequence import find_sequence_pattern
>>> claim = find_sequence_pattern([0, 1, 2] * 20)
>>> first_counterexample(claim, [0, 1, 2] * 30) is None
True
>>> first_counterexample(claim, [0, 1, 2] * 30 + [5]).text()
'g(90) = 5, but the pattern says 0'
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from sgstudio.core.patterns.plane import PlanePattern
from sgstudio.core.patterns.sequence import SequencePattern, as_table


@dataclass(frozen=True)
class Counterexample:
    """Where a table breaks a pattern: the position, the table's value, and what the pattern claims
    (a value, or for a pattern on P-positions whether the position is one)."""

    at: tuple[int, ...]
    found: int
    claimed: int | bool
    on_p: bool = False

    def text(self) -> str:
        """In words.

        >>> Counterexample((3, 4), 2, True, True).text()
        'g(3, 4) = 2, not a P-position, but the pattern says it is one'
        """
        where = f"g({', '.join(str(i) for i in self.at)}) = {self.found}"
        if not self.on_p:
            return f"{where}, but the pattern says {self.claimed}"
        if self.claimed:
            return f"{where}, not a P-position, but the pattern says it is one"
        return f"{where}, a P-position, but the pattern says it is not"


def first_counterexample(pattern: SequencePattern | PlanePattern, table: object) -> Counterexample | None:
    """The first entry of ``table`` where ``pattern`` is wrong (module docstring), or None.

    Parameters
    ----------
    pattern : SequencePattern or a plane pattern
        The claim, found on a shorter table (or on this one).
    table : 1-D or 2-D array of int
        g(0..N-1), or g(x, y) for x < X, y < Y.

    Examples
    --------
    >>> import numpy as np
    >>> from sgstudio.core.patterns.plane import LinePattern
    >>> g = np.ones((9, 9), int)
    >>> g[np.arange(9), np.arange(9)] = 0
    >>> g[5, 7] = 0
    >>> first_counterexample(LinePattern("diagonal", 0, 0, (4, 4)), g).text()
    'g(5, 7) = 0, a P-position, but the pattern says it is not'
    """
    if isinstance(pattern, SequencePattern):
        g = as_table(table, 1)
        bad = np.flatnonzero(pattern.values(np.arange(g.size)) != g)
        if not bad.size:
            return None
        n = int(bad[0])
        return Counterexample((n,), int(g[n]), pattern.value(n))
    g = as_table(table, 2)
    shape = (int(g.shape[0]), int(g.shape[1]))
    claimed = pattern.predict(shape)
    found = (g == 0) if pattern.on_p else g
    xs, ys = np.nonzero(claimed != found)
    if not xs.size:
        return None
    k = int(np.lexsort((xs, xs + ys))[0])
    x, y = int(xs[k]), int(ys[k])
    claim = bool(claimed[x, y]) if pattern.on_p else int(claimed[x, y])
    return Counterexample((x, y), int(g[x, y]), claim, pattern.on_p)
