"""A game whose positions are sums of independent parts (tokens on a DAG, explored positions that may
split), played misère through canonical misère forms kept from one position to the next.

:class:`FormsMisereGame` keeps one :class:`~sgstudio.core.misere.search.MisereSearch` for its game,
so the form of every part (a token's vertex) is made once, however many positions are asked about
(the Play panel asks about every position of a line, and the computer about the replies to each
candidate move). ``outcome`` and ``winning_moves`` follow misère play; ``value`` is the game's
normal-play value, for reference. :meth:`analysis` says what decided: genus theory when every part
is tame (the sum is then decided like misère Nim), else the search over canonical forms; each
part's genus ``g^(g0 g1 ...)`` is listed. Past the search's bound:
:class:`~sgstudio.core.misere.search.SearchLimitError` (never a guess).

Examples
--------
A path 0 -> 1 -> 2: one token on 0 is a misère win (move to 1: the opponent must make the last
move; the token on 0 equals the game 0 in misère play), on 1 a loss (it is *1); two tokens on 1
are *1 + *1 = 0, a misère win.

>>> from sgstudio.games.graph.dag.game import DagGame
>>> game = FormsMisereGame(DagGame.from_edges(3, [(0, 1), (1, 2)]))
>>> [str(game.outcome((v,))) for v in range(3)], game.winning_moves((0,)), game.outcome((1, 1))
(['WIN', 'LOSE', 'WIN'], [(0, 1)], <Outcome.WIN: 'WIN'>)
>>> a = game.analysis((0, 1)); a.method, a.details["genus"]
('genus theory', ['0^120', '1^031'])
>>> game.genus(0), game.value((0,))   # the normal-play value, for reference
('0^120', 0)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sgstudio.core.misere.analysis import MisereAnalysis
from sgstudio.core.misere.genus import Genera
from sgstudio.core.misere.search import DEFAULT_LIMIT, MisereSearch
from sgstudio.core.outcome import Outcome


class FormsMisereGame:
    """``inner`` (positions: tuples of independent parts) played misère (see the module)."""

    misere = True
    may_draw = False

    def __init__(self, inner: Any, limit: int = DEFAULT_LIMIT,
                 cancel: Callable[[], bool] | None = None) -> None:
        self.inner = inner
        self.search = MisereSearch(limit, cancel=cancel)
        self.genera = Genera(self.search.forms)

    def __getattr__(self, name: str) -> Any:  # moves, their text and JSON: the game's own
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self.inner, name)

    def legal_moves(self, position: Any) -> Any:
        return self.inner.legal_moves(position)

    def apply(self, position: Any, move: Any) -> Any:
        return self.inner.apply(position, move)

    def value(self, position: Any) -> Any:
        """The normal-play value (the nim-sum), for reference: it does not decide misère play."""
        return self.inner.value(position)

    def has_move(self, position: Any) -> bool:
        return next(iter(self.inner.legal_moves(position)), None) is not None

    def outcome(self, position: Any) -> Outcome:
        """WIN or LOSE for the player to move, in misère play."""
        return self.search.outcome([(self.inner, tuple(position))])

    def winning_moves(self, position: Any) -> list[Any]:
        """Every move after which the opponent loses in misère play, in the game's order."""
        return [m for _, m in self.search.winning_moves([(self.inner, tuple(position))])]

    def genus(self, part: Any) -> str:
        """The genus ``g^(g0 g1 ...)`` of one part alone (a token's vertex)."""
        return str(self.genera.of(self.search.part_form(self.inner, part)))

    def analysis(self, position: Any, max_moves: int | None = None,
                 progress: Callable[[int, int], None] | None = None) -> MisereAnalysis:
        """Who wins in misère play, which theory decided, why, and every winning move ``(0, move)``
        (``progress(done, limit)`` hears the search, and may raise to cancel)."""
        self.search.progress = progress
        try:
            return self._analysis(tuple(position), max_moves)
        finally:
            self.search.progress = None

    def genera_of(self, position: Any) -> list[str]:
        """The genus of each part of ``position``."""
        return [self.genus(p) for p in position]

    def _analysis(self, position: tuple, max_moves: int | None) -> MisereAnalysis:
        forms = [self.search.part_form(self.inner, p) for p in position]
        texts = [str(self.genera.of(f)) for f in forms]
        outcome = self.outcome(position)
        moves = [(0, m) for m in self.winning_moves(position)][:max_moves]
        parts = getattr(self.inner, "part", "part")
        if all(self.genera.tame(f) for f in forms):
            pairs = [(self.genera.of(f).base, self.genera.of(f).misere) for f in forms]
            fickle = all(self.genera.of(f).fickle for f in forms)
            g = 0
            for base, _ in pairs:
                g ^= base
            if fickle:
                rule = (f"every {parts} is tame and fickle (genus 0^120 or 1^031): as misère Nim with heaps "
                        f"of 0 and 1, the player to move wins iff the nim-sum {g} is 0")
            else:
                rule = (f"every {parts} is tame (genus {', '.join(texts)}) and some is firm: as in normal "
                        f"Nim, the player to move wins iff the nim-sum {g} is not 0")
            return MisereAnalysis(outcome, "genus theory", rule, moves, {"genus": texts})
        wild = next(t for f, t in zip(forms, texts, strict=True) if not self.genera.tame(f))
        return MisereAnalysis(outcome, "misère search",
                              f"not every {parts} is tame (genus {wild} is wild), so genus theory does not "
                              f"decide; the canonical misère forms do ({len(self.search.forms):,} made)",
                              moves, {"genus": texts})
