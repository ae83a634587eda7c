"""A bounded whole-position misère search, memoised on canonical misère forms.

Any finite game whose positions are tuples of independent parts (heaps, tokens, rows: every game
of the registry but the Sum, which is a list of such components) is searched part by part: a
part's canonical form (:mod:`.forms`) comes from the forms of the parts each of its moves leaves,
and a whole position is the canonical sum of its parts' forms. Equal parts and equal sums are
computed once, so sums of many equal heaps, or of heaps whose forms coincide, stay small.

The search is bounded (``limit``: canonical forms plus memoised sums); past the bound it stops with
:class:`SearchLimitError`, whose message says so, never with a guess. ``progress(done, limit)`` is
called as forms are made and ``cancel()`` (returning True) stops the search with
:class:`SearchCancelledError`.

Examples
--------
>>> from sgstudio.games.nim.game import NimGame
>>> search = MisereSearch()
>>> search.outcome([(NimGame(), (1, 1))]), search.outcome([(NimGame(), (2, 2))])
(<Outcome.WIN: 'WIN'>, <Outcome.LOSE: 'LOSE'>)
>>> search.winning_moves([(NimGame(), (1, 2))])
[(0, (1, 2))]
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from sgstudio.core.errors import SGStudioError
from sgstudio.core.misere.forms import FormLimit, MisereForms
from sgstudio.core.outcome import Outcome

DEFAULT_LIMIT = 100_000
"""Canonical forms plus memoised sums a search may make before it stops (some 10-20 s of work and
50 MB at most on wild games such as Dawson's Kayles heaps of 60)."""


class SearchLimitError(SGStudioError):
    """The search reached its bound: the position is too big to search."""


class SearchCancelledError(SGStudioError):
    """The search was cancelled (``cancel()`` returned True)."""


Part = tuple[Any, Any]
"""A component of a sum: ``(game, position)`` (an object with ``.game`` and ``.position`` does too)."""


def _split(component: Any) -> tuple[Any, Any]:
    if isinstance(component, tuple):
        return component
    return component.game, component.position


@contextlib.contextmanager
def _deep() -> Iterator[None]:
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 30_000))
    try:
        yield
    finally:
        sys.setrecursionlimit(old)


class MisereSearch:
    """Canonical misère forms of parts, positions and sums of positions, memoised (see module)."""

    def __init__(self, limit: int = DEFAULT_LIMIT, progress: Callable[[int, int], None] | None = None,
                 cancel: Callable[[], bool] | None = None) -> None:
        self.progress, self.cancel = progress, cancel
        self.forms = MisereForms(limit, self._tick)
        self._parts: dict[tuple[int, Any], int] = {}
        self._games: dict[int, Any] = {}  # keeps the games alive while their ids key the memo

    def _tick(self, done: int) -> None:
        if self.cancel is not None and self.cancel():
            raise SearchCancelledError("the misère search was cancelled")
        if self.progress is not None:
            self.progress(done, self.forms.limit)

    def _guard(self, run: Callable[[], Any]) -> Any:
        try:
            with _deep():
                return run()
        except FormLimit as err:
            raise SearchLimitError(f"the misère search stopped at its bound ({err}): the position is too "
                              "big to search whole, and no theorem here decides it") from None
        except RecursionError:
            raise SearchLimitError("the misère search stopped: the game is too long to search whole "
                              "(more than some 10,000 moves deep)") from None

    def part_form(self, game: Any, part: Any) -> int:
        """The canonical form of one part (a heap, a token, a row) of ``game``."""
        return self._guard(lambda: self._part(game, part))

    def _part(self, game: Any, part: Any) -> int:
        key = (id(game), part)
        found = self._parts.get(key)
        if found is not None:
            return found
        self._games[id(game)] = game
        alone = (part,)
        options = {self._position(game, game.apply(alone, move)) for move in game.legal_moves(alone)}
        found = self.forms.game(options)
        self._parts[key] = found
        return found

    def _position(self, game: Any, position: Sequence[Any]) -> int:
        return self.forms.add_all([self._part(game, p) for p in position])

    def position_form(self, game: Any, position: Sequence[Any]) -> int:
        """The canonical form of a whole position of ``game`` (the sum of its parts)."""
        return self._guard(lambda: self._position(game, position))

    def sum_of(self, forms: Sequence[int]) -> int:
        """The canonical form of the sum of canonical ``forms`` (within the bound)."""
        return self._guard(lambda: self.forms.add_all(forms))

    def sum_form(self, components: Sequence[Any]) -> int:
        """The canonical form of a sum of components ``(game, position)``."""
        def run() -> int:
            return self.forms.add_all([self._position(*_split(c)) for c in components])
        return self._guard(run)

    def outcome(self, components: Sequence[Any]) -> Outcome:
        """WIN or LOSE for the player to move, in misère play."""
        return Outcome.LOSE if self.forms.is_p(self.sum_form(components)) else Outcome.WIN

    def winning_moves(self, components: Sequence[Any], limit: int | None = None) -> list[tuple[int, Any]]:
        """Every winning move ``(component_index, move)`` (at most ``limit``), in the games' order:
        those after which the player who moved wins (the sum left is a misère P-position)."""
        def run() -> list[tuple[int, Any]]:
            split = [_split(c) for c in components]
            forms = [self._position(g, p) for g, p in split]
            found = []
            for i, (game, position) in enumerate(split):
                others = forms[:i] + forms[i + 1:]
                for move in game.legal_moves(position):
                    after = self._position(game, game.apply(position, move))
                    if self.forms.is_p(self.forms.add_all([*others, after])):
                        found.append((i, move))
                        if limit is not None and len(found) >= limit:
                            return found
            return found
        return self._guard(run)
