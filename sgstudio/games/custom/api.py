"""``from sgstudio import Game``: impartial games in notebooks and scripts, written or built in.

- ``Game(options, name=...)``: a function of the caller's; explored in the caller's process (it
  is the caller's code already; the position limit applies, Ctrl+C / a kernel interrupt stops it).
- ``Game.from_file(path)``: a game file (``options``, optionally ``name``, ``start``, ``text``),
  run in a **worker process** (:mod:`sgstudio.games.custom.worker`): an endless loop, a crash or a
  runaway never takes the notebook down, and the position, memory and time limits hold. The file
  is loaded at once (so a mistake in it is raised here) in a worker that stays, keeping what it
  explored for the next question (``close()`` ends it; a failure too, and the next question then
  starts a new one). ``in_process=True`` runs it in the caller's process instead; the values are
  the same (the tests check it).
- The built-in games (:mod:`sgstudio.games.custom.builtin`): ``Game.takebreak("0.77")``,
  ``Game.snim([1, 3, 4])``, ``Game.splitnim(3)``, ``Game.nim()``, ``Game.grundy()``,
  ``Game.kayles()``, answered by the studio's own engines.

Every game answers ``value(p)`` (a nimber, or ∞(K) in a loopy game), ``outcome(p)`` (an Outcome),
``winning_moves(p)``, ``remoteness(p)``, ``values(n)`` (g(0) .. g(n-1)), ``table(a, b)`` (g((x, y))
for x < a, y < b; shown in Jupyter as a table, ``.heatmap()`` as a heat map), ``report(p)`` (all of
it with the moves' texts) and ``graph(p)`` (the positions reachable from p, drawn as SVG). A
position asked about may be a list: a sum of positions of the game.

Examples
--------
>>> def options(p):                                   # Wythoff's game
...     a, b = p
...     return ([(a - k, b) for k in range(1, a + 1)] + [(a, b - k) for k in range(1, b + 1)]
...             + [(a - k, b - k) for k in range(1, min(a, b) + 1)])
>>> wythoff = Game(options, name="Wythoff")
>>> wythoff.value((3, 5)), wythoff.outcome((3, 5)), wythoff.winning_moves((4, 5))
(0, <Outcome.LOSE: 'LOSE'>, [(3, 5), (1, 2)])
>>> wythoff.remoteness((4, 5)), wythoff.value([(1, 2), (1, 1)])
(3, 2)
>>> [row[:4] for row in wythoff.table(3, 3).values]
[[0, 1, 2], [1, 2, 0], [2, 0, 1]]
"""

from __future__ import annotations

from collections.abc import Iterable

from sgstudio.games.custom.explored import ExploredGame

__all__ = ["Game"]


class Game(ExploredGame):
    """An impartial game given by ``options(position)`` (see the module docstring), or one of the
    studio's own heap games (the static methods below)."""

    # -- the built-in games (sgstudio.games.custom.builtin) ------------------------------------------
    @staticmethod
    def takebreak(rule: str) -> ExploredGame:
        """A take-and-break game by its code or name: ``"0.77"`` (Kayles), ``"0.137"``, ``"grundy"``,
        ``"snim:1,3,4"``, ``"split:3"``; positions are heap sizes (a list or tuple of them: a sum)."""
        from sgstudio.games.custom.builtin import takebreak

        return takebreak(rule)

    @staticmethod
    def snim(members: Iterable[int]) -> ExploredGame:
        """S-Nim: take a member of S from one heap."""
        from sgstudio.games.custom.builtin import snim

        return snim(members)

    @staticmethod
    def splitnim(parts: int = 3) -> ExploredGame:
        """Take any number from a heap, or split it into ``parts`` non-empty heaps (3: HDU 5795)."""
        from sgstudio.games.custom.builtin import splitnim

        return splitnim(parts)

    @staticmethod
    def nim() -> ExploredGame:
        """Nim: take any number from one heap."""
        from sgstudio.games.custom.builtin import nim

        return nim()

    @staticmethod
    def grundy() -> ExploredGame:
        """Grundy's game: split a heap into two unequal non-empty heaps."""
        from sgstudio.games.custom.builtin import takebreak

        return takebreak("grundy")

    @staticmethod
    def kayles() -> ExploredGame:
        """Kayles (0.77): take one or two adjacent pins, maybe splitting the row."""
        from sgstudio.games.custom.builtin import takebreak

        return takebreak("0.77")
