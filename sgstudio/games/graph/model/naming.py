"""The label a new vertex gets: the next one in the document's own naming scheme.

A document whose vertices are all named by letters (the built-in example: A to H) names a new
vertex by the next letter after the last one (I, then J, ...; after Z comes AA, as in a
spreadsheet); one whose vertices are all ``<stem><number>`` with one stem (v1, v2, ...) by the next
number. Any other document (numbers, the usual case, or a mix) names it by its id, as before.

>>> next_label(["A", "B", "H"]), next_label(["v1", "v7"]), next_label(["0", "B"]), next_label([])
('I', 'v8', None, None)
"""

from __future__ import annotations

import re
from collections.abc import Collection

_LETTERS = re.compile(r"[A-Z]+|[a-z]+")
_NUMBERED = re.compile(r"(\D+)(\d+)")


def next_label(labels: Collection[str]) -> str | None:
    """The next label of the scheme that every one of ``labels`` follows, not one of them; None
    when they follow no scheme (the new vertex is then named by its id).

    >>> next_label(["Z", "Y"]), next_label(["AZ"]), next_label(["a", "c"]), next_label(["A", "b"])
    ('AA', 'BA', 'd', None)
    >>> next_label(["x9", "x10"]), next_label(["x1", "y2"]), next_label(["A", "A1"])
    ('x11', None, None)
    """
    if not labels:
        return None
    taken = set(labels)
    if all(_LETTERS.fullmatch(t) for t in taken) and len({t.isupper() for t in taken}) == 1:
        upper = next(iter(taken)).isupper()
        n = max(_letters_number(t.upper()) for t in taken) + 1
        while (label := _number_letters(n, upper)) in taken:  # never, as n is past the largest
            n += 1
        return label
    parts = [_NUMBERED.fullmatch(t) for t in taken]
    if all(parts) and len({p.group(1) for p in parts}) == 1:  # type: ignore[union-attr]
        stem = parts[0].group(1)  # type: ignore[union-attr]
        return f"{stem}{max(int(p.group(2)) for p in parts) + 1}"  # type: ignore[union-attr]
    return None


def _letters_number(text: str) -> int:
    """A, B, ..., Z, AA, AB, ... as 1, 2, ..., 26, 27, 28, ... (bijective base 26).

    >>> [_letters_number(t) for t in ("A", "Z", "AA", "AZ", "BA")]
    [1, 26, 27, 52, 53]
    """
    n = 0
    for c in text:
        n = 26 * n + ord(c) - ord("A") + 1
    return n


def _number_letters(n: int, upper: bool = True) -> str:
    """The inverse of :func:`_letters_number` (n >= 1).

    >>> [_number_letters(n) for n in (1, 26, 27, 52, 53)], _number_letters(9, upper=False)
    (['A', 'Z', 'AA', 'AZ', 'BA'], 'i')
    """
    out = []
    while n:
        n, r = divmod(n - 1, 26)
        out.append(chr(ord("A" if upper else "a") + r))
    return "".join(reversed(out))
