"""The misère analysis of a sum of components: theory where a theorem decides, search elsewhere.

:func:`analyse_misere` is the one call a tab (or the command line) makes for the misère analysis
of its position: a list of components ``(game, position)`` (or objects with ``.game`` and
``.position``, such as :class:`sgstudio.games.sum.game.Component`). It tries, in order,

1. the *deciders* named in :data:`DECIDERS` (dotted paths, loaded by name, so the kernel imports no
   game): misère Nim (Bouton) for Nim components, the misère quotient of an octal game
   (:mod:`sgstudio.games.takebreak.quotient`) for heaps of one code; a decider answers None where
   it does not apply;
2. tokens on graphs (with or without cycles): a retrograde analysis of the whole position
   (:mod:`.loopy`: WIN, LOSE or DRAW);
3. genus theory: when every component's canonical form is tame, the sum is decided like misère Nim
   (:func:`~.nim.tame_sum_wins`);
4. otherwise the whole-position search over canonical misère forms (:mod:`.search`), bounded.

The answer, :class:`MisereAnalysis`, says which way decided it (``method``) and why in one line
(``reason``), and lists every winning move as ``(component_index, move)`` in the components' own
move shapes (those of ``sgstudio sum``). Past the search's bound: :class:`~.search.SearchLimitError`.

Examples
--------
>>> from sgstudio.games.nim.game import NimGame
>>> a = analyse_misere([(NimGame(), (1, 1, 1))])
>>> str(a.outcome), a.method
('LOSE', 'misère Nim')
>>> a.reason
'every heap is 0 or 1 and the number of heaps of 1 is odd: the player to move loses'
>>> analyse_misere([(NimGame(), (3, 5, 1))]).winning_moves
[(0, (1, 3))]
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from sgstudio.core.misere.genus import Genera
from sgstudio.core.misere.nim import tame_sum_wins
from sgstudio.core.misere.search import DEFAULT_LIMIT, MisereSearch, _split
from sgstudio.core.outcome import Outcome

DECIDERS: list[str] = [
    "sgstudio.core.misere.deciders:nim",
    "sgstudio.games.takebreak.quotient.decide:decide",
]
"""``module:function`` of each decider: ``function(components, options) -> MisereAnalysis | None``."""


@dataclass(frozen=True)
class MisereAnalysis:
    """Who wins a sum in misère play, by which theory, why, and every winning move."""

    outcome: Outcome
    method: str
    reason: str
    winning_moves: list[tuple[int, Any]]
    details: dict[str, Any] = field(default_factory=dict)


@dataclass
class Options:
    """How far a search may go: ``limit`` forms and sums, ``progress(done, limit)``, ``cancel()``,
    at most ``max_moves`` winning moves listed (None: all), and ``search``: a
    :class:`~.search.MisereSearch` to use (and fill), whose canonical forms later analyses of
    positions of the same games reuse (a game being played: each move is then cheap); None: a new
    one for this analysis."""

    limit: int = DEFAULT_LIMIT
    progress: Callable[[int, int], None] | None = None
    cancel: Callable[[], bool] | None = None
    max_moves: int | None = None
    search: MisereSearch | None = None


def _load(path: str) -> Callable[..., MisereAnalysis | None] | None:
    module, _, name = path.partition(":")
    try:
        return getattr(importlib.import_module(module), name)
    except ModuleNotFoundError:
        return None  # a build without that game


def analyse_misere(components: Sequence[Any], options: Options | None = None) -> MisereAnalysis:
    """The misère analysis of the sum of ``components`` (see the module)."""
    options = options or Options()
    parts = [_split(c) for c in components]
    for path in DECIDERS:
        decider = _load(path)
        found = decider(parts, options) if decider is not None else None
        if found is not None:
            return found
    if parts and all(hasattr(g, "successors") for g, _ in parts):
        return _graphs(parts, options)
    search = options.search or MisereSearch(options.limit, options.progress, options.cancel)
    forms = [search.position_form(g, p) for g, p in parts]
    genera = Genera(search.forms)
    texts = [str(genera.of(f)) for f in forms]
    if all(genera.tame(f) for f in forms):
        pairs = [(genera.of(f).base, genera.of(f).misere) for f in forms]
        wins = tame_sum_wins(pairs)
        moves = _tame_moves(parts, forms, search, genera, options.max_moves) if wins else []
        outcome = Outcome.WIN if wins else Outcome.LOSE
        return MisereAnalysis(outcome, "genus theory",
                              f"every component is tame (genus {', '.join(texts)}): decided as misère Nim",
                              moves, {"genus": texts})
    outcome = search.outcome(parts)
    moves = search.winning_moves(parts, options.max_moves) if outcome is Outcome.WIN else []
    return MisereAnalysis(outcome, "misère search",
                          f"a whole-position search over {len(search.forms):,} canonical misère forms "
                          f"(genus {', '.join(texts)}: not all tame)", moves, {"genus": texts})


def _tame_moves(parts: Sequence[tuple[Any, Any]], forms: list[int], search: MisereSearch, genera: Genera,
                limit: int | None) -> list[tuple[int, Any]]:
    pairs = [(genera.of(f).base, genera.of(f).misere) for f in forms]
    found = []
    for i, (game, position) in enumerate(parts):
        for move in game.legal_moves(position):
            after = search.position_form(game, game.apply(position, move))
            if genera.tame(after) and not tame_sum_wins([*pairs[:i], (genera.of(after).base,
                                                        genera.of(after).misere), *pairs[i + 1:]]):
                found.append((i, move))
                if limit is not None and len(found) >= limit:
                    return found
    return found


def _graphs(parts: Sequence[tuple[Any, Any]], options: Options) -> MisereAnalysis:
    """Tokens on graphs (one or several): one graph, their disjoint union, searched whole."""
    from sgstudio.core.misere.loopy import retrograde

    successors: list[tuple[int, ...]] = []
    tokens: list[int] = []
    offsets = []
    for game, position in parts:
        base = len(successors)
        offsets.append(base)
        successors.extend(tuple(w + base for w in out) for out in game.successors)
        tokens.extend(v + base for v in position)
    result = retrograde(successors, tokens, min(options.limit, 2_000_000))

    def local(move: tuple[int, int]) -> tuple[int, Any]:
        i = max(k for k, o in enumerate(offsets) if o <= move[0])
        return i, (move[0] - offsets[i], move[1] - offsets[i])

    moves = [local(m) for m in result.winning_moves][: options.max_moves]
    return MisereAnalysis(result.outcome, "retrograde analysis",
                          f"a retrograde analysis of all {result.positions:,} positions the tokens can reach",
                          moves, {"drawing_moves": [local(m) for m in result.drawing_moves]})
