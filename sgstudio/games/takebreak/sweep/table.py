"""A sweep's results in the published layout: a markdown table ``game | preperiod | period | nimbers``
and the CSV ``code,preperiod,period,certified,largest,nimbers``.

The nimbers are base-36 digits ``0-9A-Z``, a value of 36 or more in braces (``{36}``); a period shows
as its values in parentheses after the preperiod's (``0(01)``: g(0) = 0, then 0, 1, 0, 1, ...). A
period seen in the N values but not certified has a ``?`` after its length in the markdown
(``certified`` ``no`` in the CSV); a game with no period within N values shows all N values and
``-`` (empty in the CSV). Under the markdown table: the games that could not be computed, and the
equivalence groups (:mod:`.groups`). :mod:`.compare` reads both layouts back.

>>> from sgstudio.games.takebreak.sweep.job import run_game
>>> results = [run_game(code, 40) for code in ("0.1", "0.3", "0.33")]
>>> print(markdown(results, with_groups=False))
game | preperiod | period | nimbers
:--- | ---: | ---: | :---
0.1 | 2 | 1 | 01(0)
0.3 | 0 | 2 | (01)
0.33 | 0 | 3 | (012)
>>> print(csv_text(results[:1]), end="")
code,preperiod,period,certified,largest,nimbers
0.1,2,1,yes,1,01(0)
>>> digits([3, 10, 35, 36])
'3AZ{36}'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from sgstudio.games.takebreak.sweep.groups import Groups, find_groups
from sgstudio.games.takebreak.sweep.job import GameResult

DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
HEADER = ("game", "preperiod", "period", "nimbers")
CSV_HEADER = ("code", "preperiod", "period", "certified", "largest", "nimbers")


def digits(values: Iterable[int]) -> str:
    """Values as base-36 digits, 36 and more as ``{decimal}`` (see the module examples)."""
    return "".join(DIGITS[v] if v < 36 else f"{{{v}}}" for v in (int(x) for x in values))


def has_period(result: GameResult) -> bool:
    """Whether the layout shows a period for ``result`` (certified or seen; a pure period, no saltus)."""
    return result.status in ("certified", "apparent") and result.period > 0 and result.saltus == 0


def nimbers(result: GameResult, values: np.ndarray | None = None) -> str:
    """The nimbers cell: the preperiod's digits, then the period's in parentheses; else all values."""
    v = result.values() if values is None else values
    if not has_period(result):
        return digits(v)
    p, q = result.preperiod, result.period
    return f"{digits(v[:p])}({digits(v[p:p + q])})"


def markdown(results: Sequence[GameResult], with_groups: bool = True) -> str:
    """The results as the published markdown table (module docstring), the groups under it."""
    rows = [" | ".join(HEADER), ":--- | ---: | ---: | :---"]
    failed = []
    for r in results:
        if r.status == "error":
            failed.append(f"- {r.code}: {r.error}")
            continue
        shown = has_period(r)
        mark = "" if r.certified else "?"
        rows.append(f"{r.code} | {r.preperiod if shown else '-'} | {f'{r.period}{mark}' if shown else '-'} | "
                    f"{nimbers(r)}")
    parts = ["\n".join(rows)]
    if any(has_period(r) and not r.certified for r in results) or any(not has_period(r) for r in results):
        n = max((r.n for r in results), default=0)
        parts.append(f"`?`: a period seen in the {n} values, not certified; `-`: no period within {n} "
                     "values.")
    if failed:
        parts.append("Not computed:\n" + "\n".join(failed))
    if with_groups and results:
        parts.append(groups_markdown(find_groups(results)))
    return "\n\n".join(parts)


def groups_markdown(groups: Groups) -> str:
    """The equivalence groups as a markdown table: representative, games, and the groups it equals
    on heaps one smaller (g(n + 1) of this group = g(n) of those)."""
    rows = ["group | games | heap n + 1 = heap n of", ":--- | :--- | :---"]
    for rep, codes in groups.members.items():
        rows.append(f"{rep} | {' '.join(codes)} | {' '.join(groups.shifted.get(rep, ())) or '-'}")
    return "\n".join(rows)


def csv_text(results: Iterable[GameResult]) -> str:
    """The results as CSV: the header, then one row per game (``certified`` is ``yes`` or ``no``)."""
    lines = [",".join(CSV_HEADER)]
    for r in results:
        if r.status == "error":
            lines.append(f"{r.code},,,no,,")
            continue
        shown = has_period(r)
        pre, per = (str(r.preperiod), str(r.period)) if shown else ("", "")
        lines.append(f"{r.code},{pre},{per},{'yes' if r.certified else 'no'},{r.largest},{nimbers(r)}")
    return "\n".join(lines) + "\n"
