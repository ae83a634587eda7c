"""What a window shows of a misère analysis: who wins, which theory decided and why, each part's
genus where it is known, and the winning moves in the game's own words (Qt-free: the Analysis panel
draws it, tests read it).

Under misère the Grundy values no longer decide a sum (``*2 + *2`` and ``*1 + *1`` both have
nim-sum 0; the first is lost for the player to move, the second won), so what is shown is the
theory that did decide (:attr:`~sgstudio.core.misere.analysis.MisereAnalysis.method`) and its
one-line reason, with the normal-play values kept for reference.

Examples
--------
>>> from sgstudio.core.misere.analysis import analyse_misere
>>> from sgstudio.games.nim.game import NimGame
>>> game, heaps = NimGame(), (1, 1, 2)
>>> result = analyse_misere([(game, heaps)])
>>> shown = misere_view(game, heaps, result, game.analyse(heaps), part_genera(game, heaps, result))
>>> shown.verdict
'Misère: the player to move wins.'
>>> shown.theory
'Decided by misère Nim (Bouton): a heap exceeds 1: as normal Nim, nim-sum 2: the player to move wins.'
>>> [m.text for m in shown.moves]
['heap 3: take 1 -> 1']
>>> print(shown.table)
Decided by misère Nim (Bouton):
a heap exceeds 1: as normal Nim,
nim-sum 2: the player to move
wins.
<BLANKLINE>
heap  value  genus
1         1  1^031
2         1  1^031
3         2   2^20
------------------
nim-sum (normal)    2  — not what decides
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sgstudio.core.analysis import MAX_MOVES, Analysis, WinningMove
from sgstudio.core.misere.analysis import MisereAnalysis
from sgstudio.core.misere.genus import Genera, Genus
from sgstudio.core.outcome import Outcome

METHODS = {
    "misère Nim": "misère Nim (Bouton)",
    "misère quotient": "the misère quotient (Plambeck–Siegel)",
    "genus theory": "genus theory (Conway)",
    "misère search": "a whole-position search (no theorem applies)",
    "retrograde analysis": "a retrograde analysis of the whole position",
}
"""The theory behind each :attr:`MisereAnalysis.method`, in the panel's words."""
WINS = "leaves a misère loss"
REASON_WIDTH = 32
"""The theory's reason heads the table, wrapped to this many characters."""
"""Why a winning move wins, in a row of the winning moves."""


@dataclass(frozen=True)
class MisereShown:
    """Who wins in misère play and what decided it, as the panel shows it."""

    outcome: Outcome
    method: str
    verdict: str
    theory: str
    table: str
    moves: tuple[WinningMove, ...]
    move_count: int
    details: dict[str, Any]


def nim_genus(n: int) -> Genus:
    """The genus of the nim heap ``*n``: ``0^120``, ``1^031``, ``n^(n, n xor 2)`` from 2 on.

    >>> [str(nim_genus(n)) for n in (0, 1, 2, 3, 12)]
    ['0^120', '1^031', '2^20', '3^31', '12^(12,14)']
    """
    if n == 0:
        return Genus(0, (1, 2, 0))
    if n == 1:
        return Genus(1, (0, 3, 1))
    return Genus(n, (n, n ^ 2))


def part_genera(game: Any, position: Sequence[Any], result: MisereAnalysis, search: Any = None
                ) -> list[str | None]:
    """The genus of each part of ``position`` where it is known without more work: nim heaps
    (misère Nim), or the parts the search (``search``, a :class:`~.search.MisereSearch` that
    analysed the position) already has the canonical forms of; None for the others."""
    if result.method == "misère Nim":
        return [str(nim_genus(int(h))) for h in position]
    if search is None:
        return [None] * len(position)
    genera = Genera(search.forms)
    found: list[str | None] = []
    for part in position:
        form = search._parts.get((id(game), part))
        found.append(None if form is None else str(genera.of(form)))
    return found


def misere_table(normal: Analysis | None, genera: Sequence[str | None]) -> str:
    """The parts (their names, sizes and normal-play values, from ``normal``) and their genus, then
    the normal nim-sum, said not to decide; monospace text like the normal table."""
    if normal is None:
        rows = [(str(i + 1), "", "—") for i in range(len(genera))]
        part, detail_title, total = "part", "", None
    else:
        rows = [(c.name[:10], c.detail, str(c.value)) for c in normal.components]
        part, detail_title, total = normal.part, normal.detail_title, normal.total
    texts = [(g if g is not None else "—") for g in genera] + ["—"] * max(0, len(rows) - len(genera))
    name_w = max([4, len(part), *(len(n) for n, _, _ in rows)])
    detail_w = max([len(detail_title), *(len(d) for _, d, _ in rows)]) if detail_title else 0
    value_w = max([5, *(len(v) for _, _, v in rows)])
    genus_w = max([5, *(len(t) for t in texts)])

    def line(name: str, detail: str, value: str, genus: str) -> str:
        middle = f"  {detail:>{detail_w}}" if detail_title else ""
        return f"{name:<{name_w}}{middle}  {value:>{value_w}}  {genus:>{genus_w}}"

    out = [line(part, detail_title, "value", "genus")]
    out += [line(n, d, v, texts[i]) for i, (n, d, v) in enumerate(rows)]
    hidden = (normal.component_count - len(rows)) if normal is not None else 0
    if hidden > 0:
        out.append(f"… and {hidden:,} more {part}s")
    out.append("-" * len(out[0]))
    out.append(f"nim-sum (normal)    {total if total is not None else '—'}  — not what decides")
    return "\n".join(out)


def misere_view(game: Any, position: Sequence[Any], result: MisereAnalysis, normal: Analysis | None = None,
                genera: Sequence[str | None] | None = None) -> MisereShown:
    """What the panel shows of ``result``, the misère analysis of ``position`` of ``game`` (a game of
    the play protocol: its ``move_text`` writes the moves); ``normal`` its normal-play analysis (the
    parts' names and values), ``genera`` each part's genus where known."""
    who = "wins" if result.outcome is Outcome.WIN else "loses"
    verdict = f"Misère: the player to move {who}."
    theory = f"Decided by {METHODS.get(result.method, result.method)}: {result.reason}."
    if "quotient" in result.details:
        theory += f" Q = {result.details['quotient']}."
    if genera is None:
        genera = [None] * len(position)
    moves = []
    for entry in result.winning_moves[:MAX_MOVES]:
        move = entry[1]
        moves.append(WinningMove(tuple(move), game.move_text(move, position), WINS))
    table = "\n".join([*textwrap.wrap(theory, REASON_WIDTH), "", misere_table(normal, genera)])
    return MisereShown(result.outcome, result.method, verdict, theory, table,
                       tuple(moves), len(result.winning_moves), dict(result.details))
