"""S-Nim with an infinite S given by name: the game of the S-Nim tab's presets "S = all squares" etc.

S is one of the named infinite sets of :mod:`sgstudio.games.snim.subtraction.sets` (squares,
primes, Fibonacci numbers, triangular numbers, factorials). No period is known (nor claimed) for
these games, so a heap is answered only once the values up to it are computed: the values come
from :mod:`sgstudio.games.snim.subtraction.engine` (which picks its method by size, cancellable
with progress) through :func:`compute_named`, meant for a worker thread; :attr:`known` is how
many values g(0..known-1) the game answers at once. Moves, values of positions and winning moves
are those of :class:`~sgstudio.games.snim.subtraction.game.SubtractionHeaps`, in the game contract
(:class:`~sgstudio.core.contract.GameBase`) and the words of S-Nim ("heap 2: take 4 -> 9").

Examples
--------
>>> game = compute_named("squares", 100)
>>> game.S, game.known >= 100, game.values(10).tolist()         # OEIS A014586
('squares', True, [0, 1, 0, 1, 2, 0, 1, 0, 1, 2])
>>> a = game.analyse((2, 5, 13))
>>> a.outcome.name, [m.row() for m in a.moves]
('WIN', ['heap 1: take 1 -> 1, value 0 -> 1', 'heap 2: take 4 -> 1, value 0 -> 1', \
'heap 3: take 1 -> 12, value 1 -> 0'])
>>> game.apply((2, 5, 13), (1, 3))
Traceback (most recent call last):
...
sgstudio.games.snim.game.SNimError: take 3 is not in S (the squares 1, 4, 9, 16, ...)
>>> named_set_name(" All Primes "), named_set_name("2 5 7")
('primes', None)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from sgstudio.core.analysis import Analysis, sum_analysis
from sgstudio.core.contract import GameBase, Label
from sgstudio.core.errors import number
from sgstudio.core.moves import SNIM_SYNTAX, parse_snim_move
from sgstudio.games.snim.game import SNimError
from sgstudio.games.snim.subtraction.engine import Progress
from sgstudio.games.snim.subtraction.game import DEFAULT_LIMIT, SubtractionHeaps
from sgstudio.games.snim.subtraction.sets import NAMED_SETS, SubtractionSetError, resolve

Move = tuple[int, int]
PRESETS: tuple[tuple[str, str], ...] = (
    ("squares", "S = all squares"),
    ("primes", "S = all primes"),
    ("fibonacci", "S = all Fibonacci numbers"),
    ("triangular", "S = all triangular numbers"),
    ("factorials", "S = all factorials"),
)
"""(name, menu text) of the named sets, for the S-Nim tab's presets menu."""
LEAST_COMPUTED = 1024
"""A computation makes at least this many values known."""


def named_set_name(text: str) -> str | None:
    """The name of the named set ``text`` means (``squares``, ``all squares``; any case), else None."""
    words = text.strip().lower()
    words = words[4:].strip() if words.startswith("all ") else words
    return words if words in NAMED_SETS else None


class NamedSubtractionGame(GameBase):
    """Heaps of the subtraction game whose S is the named infinite set ``name``.

    ``S`` is the name (``"squares"``); :attr:`known` how many values are computed.
    """

    syntax, example = SNIM_SYNTAX, "2 take 4"

    def __init__(self, name: str, *, limit: int = DEFAULT_LIMIT) -> None:
        try:
            self.named = resolve(name)
        except SubtractionSetError as err:
            raise SNimError(str(err)) from None
        self.S = self.named.name
        self.limit = limit
        self.heaps = SubtractionHeaps(self.named, limit=limit)
        self.known = 0

    def describe(self) -> str:
        """S in words: ``the squares 1, 4, 9, 16, ...``."""
        return self.named.title

    def compute(self, n: int, progress: Progress | None = None) -> None:
        """Make g(0..n-1) known (at least :data:`LEAST_COMPUTED` values); ``progress(done, total)``
        may raise to cancel. SNimError beyond the values this game computes."""
        n = max(int(n), LEAST_COMPUTED)
        if n <= self.known:
            return
        if n - 1 > self.limit:
            raise SNimError(f"heap {n - 1:,} is beyond the {self.limit:,} values computed for "
                            f"{self.describe()} (no period is known)")
        self.heaps.progress = progress
        try:
            self.heaps.grundy(n - 1)
        finally:
            self.heaps.progress = None
        self.known = n

    def grundy_array(self, heaps: Sequence[int] | np.ndarray) -> np.ndarray:
        """g of many heaps (computing what is not known yet)."""
        return self.heaps.grundy_array(heaps)

    def values(self, n: int) -> np.ndarray:
        """g(0..n-1)."""
        return self.grundy_array(np.arange(n, dtype=np.int64)) if n else np.zeros(0, np.int64)

    # -- the play protocol ---------------------------------------------------------------------
    def legal_moves(self, position: Sequence[int]) -> Sequence[Move]:
        return self.heaps.legal_moves(position)

    def apply(self, position: Sequence[int], move: Move) -> tuple[int, ...]:
        """The heaps after ``move``; SNimError saying why it is illegal."""
        try:
            return self.heaps.apply(position, move)
        except ValueError as err:
            raise SNimError(str(err)) from None

    def value(self, position: Sequence[int]) -> int:
        return self.heaps.value(position)

    def winning_moves(self, position: Sequence[int]) -> list[Move]:
        return self.heaps.winning_moves(position)

    def remaining_length(self, position: Sequence[int]) -> int:
        return self.heaps.remaining_length(position)

    def candidate_moves(self, position: Sequence[int], limit: int) -> list[Move]:
        return self.heaps.candidate_moves(position, limit)

    def move_text(self, move: Move, position: Sequence[int], label: Label = str) -> str:
        """``heap 2: take 4 -> 9`` (heaps from 1, and the stones left), as in S-Nim."""
        i, take = move
        return f"heap {i + 1}: take {number(take)} -> {number(position[i] - take)}"

    def parse_move(self, text: str, position: Sequence[int], label: Label = str) -> Move:
        move = parse_snim_move(text, position)
        self.apply(position, move)
        return move

    def analyse(self, position: Sequence[int], *, label: Label = str, max_moves: int | None = None
                ) -> Analysis:
        """Each heap's value, the nim-sum, who wins and every winning move."""
        heaps = [int(h) for h in position]
        values = self.grundy_array(heaps).tolist()
        return sum_analysis(values, self.winning_moves(heaps), part="heap", component_of=lambda m: m[0],
                            text=lambda m: self.move_text(m, heaps), detail=lambda i: number(heaps[i]),
                            detail_title="size", max_moves=max_moves or 200)


def compute_named(name: str, n: int, progress: Progress | None = None) -> NamedSubtractionGame:
    """A new game of the named set with g(0..n-1) known (meant for a worker thread)."""
    game = NamedSubtractionGame(name)
    game.compute(n, progress)
    return game
