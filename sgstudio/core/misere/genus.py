"""Conway's genus ``g^(g0 g1 g2 ...)`` of an impartial game, as CGSuite's ``Genus``, and tameness.

``g`` is the normal-play Grundy value; ``g_n`` is the misère Grundy value of the game plus ``n``
copies of ``*2``. Recurrence on the options: ``g0 = mex{g0 of the options}`` (1 for a game without
options), ``g_n = mex({g_(n-1), g_(n-1) xor 1} ∪ {g_n of the options})``. The sequence is eventually
periodic with period 2 and is written up to where it starts repeating: ``0^120`` (the zero game:
1, 2, 0, 2, 0, ...), ``1^031``, ``2^20``, ``0^0`` shortened as CGSuite does to two digits at least.

A genus is *tame* when it is a nim heap's (``0^120``, ``1^031``, ``a^(a, a xor 2, ...)``) or
``a^(a ...)`` for ``a <= 1`` (``0^02``, ``1^13``: sums like ``*2 + *2``); a game is tame when the
genus of every position of its canonical form is tame, and a sum of tame games is decided like
misère Nim (:func:`sgstudio.core.misere.nim.tame_sum_wins`).

Examples
--------
>>> from sgstudio.core.misere.forms import MisereForms
>>> forms = MisereForms(); genera = Genera(forms)
>>> [str(genera.of(forms.nim(n))) for n in range(4)]
['0^120', '1^031', '2^20', '3^31']
>>> g = genera.of(forms.add(forms.nim(2), forms.nim(2)))
>>> str(g), g.tame, g.fickle
('0^02', True, False)
>>> wild = forms.game([forms.add(forms.nim(2), forms.nim(2)), forms.nim(1)])
>>> forms.text(wild), str(genera.of(wild)), genera.tame(wild)
('*[(32)1]', '2^1420', False)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sgstudio.core.misere.forms import MisereForms


def _mex(values: set[int]) -> int:
    m = 0
    while m in values:
        m += 1
    return m


@dataclass(frozen=True)
class Genus:
    """``base`` (the Grundy value g) and ``sup`` (g0, g1, ..., then the last two repeat)."""

    base: int
    sup: tuple[int, ...]

    def digit(self, i: int) -> int:
        """``g_i`` for any ``i >= 0`` (the last two digits repeat)."""
        if i < len(self.sup):
            return self.sup[i]
        return self.sup[len(self.sup) - 2 + ((len(self.sup) ^ i) & 1)]

    @property
    def misere(self) -> int:
        """``g0``: the misère Grundy value (0 exactly for a misère P-position)."""
        return self.sup[0]

    def __str__(self) -> str:
        digits = ("".join(map(str, self.sup)) if max(self.sup) < 10
                  else "(" + ",".join(map(str, self.sup)) + ")")
        return f"{self.base}^{digits}"

    def _matches(self, base0: int, rest: int) -> bool:
        """``g0 = base0`` and ``g_i = rest xor 2·(i odd)`` for i >= 1 (far enough to be sure)."""
        return self.sup[0] == base0 and all(self.digit(i) == rest ^ ((i & 1) << 1)
                                            for i in range(1, len(self.sup) + 2))

    @property
    def fickle(self) -> bool:
        """A tame genus with ``{g, g0} = {0, 1}`` (``0^120``, ``1^031``)."""
        return self.base <= 1 and self._matches(1 - self.base, self.base)

    @property
    def firm(self) -> bool:
        """A tame genus with ``g0 = g`` (``2^20``, ``0^02``)."""
        return self._matches(self.base, self.base)

    @property
    def tame(self) -> bool:
        """Fickle or firm."""
        return self.fickle or self.firm


ZERO_GENUS = Genus(0, (1, 2, 0))


def genus_from(options: Sequence[Genus]) -> Genus:
    """The genus of a game whose options have the genera ``options``.

    >>> str(genus_from([])), str(genus_from([ZERO_GENUS]))
    ('0^120', '1^031')
    """
    if not options:
        return ZERO_GENUS
    base = _mex({o.base for o in options})
    length = max(len(o.sup) for o in options) + 2
    sup = [_mex({o.digit(0) for o in options})]
    for i in range(1, length + 1):
        sup.append(_mex({sup[-1], sup[-1] ^ 1} | {o.digit(i) for o in options}))
    while len(sup) > 2 and sup[-1] == sup[-3]:
        sup.pop()
    return Genus(base, tuple(sup))


class Genera:
    """Genus and tameness of the canonical forms of a :class:`MisereForms` store, memoised by id."""

    def __init__(self, forms: MisereForms) -> None:
        self.forms = forms
        self._genus: dict[int, Genus] = {}
        self._tame: dict[int, bool] = {}

    def of(self, g: int) -> Genus:
        """The genus of the form ``g``."""
        found = self._genus.get(g)
        if found is None:
            found = genus_from([self.of(o) for o in self.forms.options[g]])
            self._genus[g] = found
        return found

    def tame(self, g: int) -> bool:
        """Whether every position of the form ``g`` has a tame genus."""
        found = self._tame.get(g)
        if found is None:
            found = self.of(g).tame and all(self.tame(o) for o in self.forms.options[g])
            self._tame[g] = found
        return found
