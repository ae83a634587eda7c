"""Canonical misère forms of impartial games (Conway), each stored once and named by an integer id.

Two games are *misère equal* when no third game added to both tells them apart (the misère
outcome of ``G + X`` equals that of ``H + X`` for every ``X``). Conway's simplification: a game
``G`` whose options are ``K's options`` plus games ``H1, H2, ...`` that each have ``K`` as an
option equals ``K`` — provided ``K`` is not 0, or ``G`` has an option that is a misère P-position
(both are N-positions then). A game with its options in canonical form, without duplicates, and
with no such reduction is canonical; two canonical forms are equal only if identical, so the id of
a form names its misère class and sums can be memoised on ids (:meth:`MisereForms.add`).

Outcomes: a position with no move is won by the player to move (misère); a position is P (lost
for the player to move) when it has moves and every move leads to an N-position.

Examples
--------
>>> forms = MisereForms()
>>> star = forms.nim(1); star2 = forms.nim(2)
>>> forms.add(star, star) == forms.ZERO      # * + * = 0 in misère play
True
>>> forms.add(star2, star2) == forms.ZERO    # but *2 + *2 is not 0 (it is P, and 0 is N)
False
>>> forms.is_p(star), forms.is_p(forms.ZERO), forms.is_p(forms.add(star2, star2))
(True, False, True)
>>> forms.text(forms.game([star2]))          # the game whose only option is *2
'*[2#]'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable


class FormLimit(Exception):  # noqa: N818 - a bound reached, not a bug
    """More canonical forms or sums than the bound allows (the message says which bound)."""


class MisereForms:
    """A store of canonical misère forms: ``0`` is the zero game; every id's options are ids.

    ``limit`` bounds the number of forms and memoised sums together (:class:`FormLimit` beyond it);
    ``tick(count)`` is called every 4,096 new entries (progress; it may raise to cancel).
    """

    ZERO = 0

    def __init__(self, limit: int = 2_000_000, tick: Callable[[int], None] | None = None) -> None:
        self.options: list[frozenset[int]] = [frozenset()]
        self.p: list[bool] = [False]
        self._ids: dict[frozenset[int], int] = {frozenset(): 0}
        self._sums: dict[tuple[int, ...], int] = {}
        self._nims: list[int] = [0]
        self.limit, self.tick = limit, tick

    def __len__(self) -> int:
        return len(self.options)

    @property
    def size(self) -> int:
        """Forms plus memoised sums: what :attr:`limit` bounds."""
        return len(self.options) + len(self._sums)

    def _grow(self) -> None:
        if self.size >= self.limit:
            raise FormLimit(f"more than {self.limit:,} canonical forms and sums")
        if self.tick is not None and self.size % 4096 == 0:
            self.tick(self.size)

    def is_p(self, g: int) -> bool:
        """Whether the player to move loses ``g`` in misère play."""
        return self.p[g]

    def game(self, options: Iterable[int]) -> int:
        """The id of the canonical form of the game with these (canonical) options."""
        opts = frozenset(options)
        found = self._ids.get(opts)
        if found is not None:
            return found
        has_p = any(self.p[o] for o in opts)
        for h in opts:
            for k in self.options[h]:
                k_opts = self.options[k]
                if (k or has_p) and k_opts <= opts and all(k in self.options[x] for x in opts - k_opts):
                    self._ids[opts] = k
                    return k
        self._grow()
        self.options.append(opts)
        self.p.append(bool(opts) and not has_p)
        self._ids[opts] = len(self.options) - 1
        return len(self.options) - 1

    def nim(self, n: int) -> int:
        """The nim heap ``*n``."""
        while len(self._nims) <= n:
            self._nims.append(self.game(self._nims))
        return self._nims[n]

    def add(self, *games: int) -> int:
        """The canonical form of the sum of ``games`` (memoised on the sorted ids, zeros dropped)."""
        return self.add_all(games)

    def add_all(self, games: Iterable[int]) -> int:
        """:meth:`add` of any number of ids."""
        key = tuple(sorted(g for g in games if g))
        if len(key) <= 1:
            return key[0] if key else 0
        found = self._sums.get(key)
        if found is not None:
            return found
        options = set()
        for i, g in enumerate(key):
            if i and key[i - 1] == g:
                continue  # the same component again: the same options
            rest = key[:i] + key[i + 1:]
            for o in self.options[g]:
                options.add(self.add_all((*rest, o)))
        result = self.game(options)
        self._grow()
        self._sums[key] = result
        return result

    def text(self, g: int) -> str:
        """CGSuite's notation: ``*[2]`` a nim heap, ``*[42]`` options *4 and *2, ``#``: one option.

        >>> forms = MisereForms()
        >>> forms.text(forms.nim(3)), forms.text(forms.game([forms.nim(4), forms.nim(2)]))
        ('*[3]', '*[42]')
        """
        return f"*[{self._inner(g)}]"

    def _inner(self, g: int) -> str:
        m = len(self.options[g])
        if self.nim(m) == g:
            return str(m)
        parts = sorted((self._inner(o) for o in self.options[g]), key=lambda t: (len(t), t), reverse=True)
        if len(parts) == 1:
            return parts[0] + "#" if len(parts[0]) == 1 else f"({parts[0]})#"
        return "".join(p if len(p) == 1 else f"({p})" for p in parts)
