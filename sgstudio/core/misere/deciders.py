"""Deciders of the kernel's own (see :data:`sgstudio.core.misere.analysis.DECIDERS`): misère Nim.

>>> from sgstudio.games.nim.game import NimGame
>>> nim([(NimGame(), (2, 2))], None).outcome
<Outcome.LOSE: 'LOSE'>
>>> nim([(NimGame(), (2,)), (object(), (1,))], None) is None   # not only Nim: not this decider's
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sgstudio.core import registry
from sgstudio.core.misere.nim import misere_nim_winning_moves, misere_nim_wins
from sgstudio.core.outcome import Outcome


def _is_nim(game: Any) -> bool:
    try:
        return registry.kind_of(game).key == "nim"
    except KeyError:
        return False


def nim(parts: Sequence[tuple[Any, Any]], options: Any) -> Any:
    """Misère Nim (Bouton) when every component is a position of Nim; else None."""
    from sgstudio.core.misere.analysis import MisereAnalysis

    if not parts or not all(_is_nim(g) for g, _ in parts):
        return None
    heaps = [h for _, p in parts for h in p]
    where = [(i, j) for i, (_, p) in enumerate(parts) for j in range(len(p))]
    wins = misere_nim_wins(heaps)
    limit = getattr(options, "max_moves", None)
    moves = []
    if wins:
        for k, left in misere_nim_winning_moves(heaps):
            i, j = where[k]
            moves.append((i, (j, heaps[k] - left)))
    moves = moves[:limit] if limit is not None else moves
    if any(h > 1 for h in heaps):
        reason = f"a heap exceeds 1: as normal Nim, nim-sum {_xor(heaps)}"
    else:
        ones = sum(heaps)
        parity = "even" if ones % 2 == 0 else "odd"
        reason = f"every heap is 0 or 1 and the number of heaps of 1 is {parity}"
    reason += ": the player to move " + ("wins" if wins else "loses")
    return MisereAnalysis(Outcome.WIN if wins else Outcome.LOSE, "misère Nim", reason, moves)


def _xor(heaps: Sequence[int]) -> int:
    total = 0
    for h in heaps:
        total ^= h
    return total
