"""The certificate of a subtraction game's period, in words (the subtraction-game bound).

For a finite S with w = max(S), g(n) is a function of the w values before it: w values that agree p
apart prove the period p (see :mod:`sgstudio.games.snim.game`). S-Nim's tab and take-and-break's
``sgstudio period snim:...`` write the one wording below.
"""

from __future__ import annotations


def certificate(n0: int, p: int, w: int) -> str:
    """The certificate of a period p from n0 of S-Nim with max(S) = w, in words: w values that agree
    p apart (the module docstring's proof). The one wording of it: the S-Nim tab
    (:meth:`sgstudio.games.snim.game.SubtractionGame.describe_period`) and ``sgstudio period snim:...``
    (:func:`sgstudio.games.takebreak.period.find_period`) both write this.

    >>> certificate(8, 3, 7), certificate(0, 1, 1)
    ('certified by 7 agreeing values: g(8..14) = g(11..17)', 'certified by 1 agreeing value: g(0) = g(1)')
    """
    a, b = (f"{x}..{x + w - 1}" if w > 1 else str(x) for x in (n0, n0 + p))
    return f"certified by {w} agreeing value{'s' * (w > 1)}: g({a}) = g({b})"
