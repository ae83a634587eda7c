"""A published table read back, and every disagreement with a sweep.

:func:`read_table` reads the markdown layout (a header row with ``game`` (or ``code``), ``preperiod``
(or ``prefix``), ``period`` and ``nimbers``, other columns ignored, text around the table ignored) or
the CSV layout of :mod:`.table`. Codes are written as there or as the literature does (``.77``, ``4``
for ``4.0``); a ``?`` after a period marks it not certified, ``-`` or nothing means none.
Malformed text is one :class:`~sgstudio.core.errors.ParseError` with its line and column.

:func:`compare` checks each row against the sweep: the values, first (up to N, and beyond N through a
certified period), then the preperiod and period where a theorem certifies ours. Some tables list a
game from its first heap with a move (heaps without one, all of value 0, left out: .4 from heap 2);
a row that agrees so is read so. A row whose own preperiod or period disagree with its nimbers is
a disagreement too.

>>> from sgstudio.games.takebreak.sweep.job import run_game
>>> rows = read_table("game | prefix | period | nimbers\\n.1 | 2 | 1 | 01(0)\\n.3 | 0 | 3 | (011)\\n", "t.md")
>>> found = compare(rows, {r.code: r for r in (run_game("0.1", 50), run_game("0.3", 50))}, "t.md")
>>> found.agreed, [str(d) for d in found.disagreements]
(['0.1'], ['t.md:3: 0.3: g(2) = 0 here, 1 in the table'])
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from sgstudio.core.errors import ParseError, clip
from sgstudio.games.takebreak.sweep.codes import PatternError, read_code
from sgstudio.games.takebreak.sweep.job import GameResult
from sgstudio.games.takebreak.sweep.table import DIGITS

NAMES = {"game": "code", "code": "code", "preperiod": "preperiod", "prefix": "preperiod", "period": "period",
         "nimbers": "nimbers", "certified": "certified"}
REQUIRED = ("code", "preperiod", "period", "nimbers")
_SEPARATOR = re.compile(r"^:?-+:?$")


@dataclass(frozen=True)
class PublishedRow:
    """One game of a published table: where it is, its code (canonical), what the table says."""

    line: int
    code: str
    preperiod: int | None
    period: int | None
    certified: bool | None
    prefix: tuple[int, ...]
    """The values before the parentheses (all the values when there are none)."""
    cycle: tuple[int, ...] = ()
    """The values in the parentheses: the period, repeated for ever."""

    def expand(self, length: int) -> np.ndarray:
        """The table's g(0..length-1), or fewer when the row gives no period."""
        if not self.cycle:
            return np.array(self.prefix[:length], np.int64)
        prefix = np.array(self.prefix, np.int64)
        index = np.arange(max(0, length - prefix.size))
        tail = np.array(self.cycle, np.int64)[index % len(self.cycle)]
        return np.concatenate([prefix[:length], tail])


@dataclass(frozen=True)
class Disagreement:
    """A row of the table that the sweep contradicts, in one sentence."""

    file: str
    line: int
    code: str
    what: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.code}: {self.what}"


@dataclass
class Comparison:
    """What :func:`compare` found, row by row: each code in one of the four lists."""

    disagreements: list[Disagreement] = field(default_factory=list)
    agreed: list[str] = field(default_factory=list)
    """Same values, and the same preperiod and period, certified here."""
    unconfirmed: list[str] = field(default_factory=list)
    """Same values up to N; no period certified here to confirm the table's."""
    missing: list[str] = field(default_factory=list)
    """Not in the sweep."""

    def summary(self) -> str:
        """One line of counts.

        >>> Comparison(agreed=["0.1"], missing=["0.2", "0.3"]).summary()
        '1 row compared: 1 agrees (certified here), 0 agree up to N, 0 disagree; 2 not swept'
        """
        compared = len(self.agreed) + len(self.unconfirmed) + len(self.disagreements)
        agree = "agrees" if len(self.agreed) == 1 else "agree"
        rows = f"{compared} row{'s' * (compared != 1)}"
        return (f"{rows} compared: {len(self.agreed)} {agree} (certified here), "
                f"{len(self.unconfirmed)} agree up to N, {len(self.disagreements)} disagree; "
                f"{len(self.missing)} not swept")


# -- reading --------------------------------------------------------------------------------------------
def read_table(text: str, name: str) -> list[PublishedRow]:
    """The rows of a published table in markdown or CSV (module docstring); ParseError if malformed."""
    lines = text.splitlines()
    for number, line in enumerate(lines, 1):
        cells = _split(line)
        if cells is None:
            continue
        names = [c.lower() for _, c in cells]
        columns = {NAMES[c]: i for i, c in enumerate(names) if c in NAMES}
        if all(key in columns for key in REQUIRED):
            return _rows(lines, number, columns, name)
    raise ParseError("expected a table with the header 'game | preperiod | period | nimbers' (markdown) or "
                     "'code,preperiod,period,certified,largest,nimbers' (CSV)", file=name, line=1, column=1)


def _split(line: str) -> list[tuple[int, str]] | None:
    """The cells of a markdown or CSV row with their 1-based columns, or None for other text."""
    sep = "|" if "|" in line else "," if "," in line else None
    if sep is None:
        return None
    cells, start = [], 0
    for piece in line.split(sep):
        cells.append((start + 1 + len(piece) - len(piece.lstrip()), piece.strip()))
        start += len(piece) + 1
    stripped = line.strip()
    if sep == "|" and stripped.startswith("|"):  # the borders of a row, not cells
        cells = cells[1:]
    if sep == "|" and stripped.endswith("|") and len(stripped) > 1:
        cells = cells[:-1]
    return cells


def _rows(lines: list[str], header: int, columns: dict[str, int], name: str) -> list[PublishedRow]:
    """The rows under the header, up to the first blank line or text that is no row."""
    rows: list[PublishedRow] = []
    for number in range(header + 1, len(lines) + 1):
        text = lines[number - 1]
        cells = _split(text)
        if not text.strip() and not rows:
            continue
        if cells is None:
            break
        if not all(_SEPARATOR.match(c) for _, c in cells if c):
            rows.append(_row(cells, number, columns, name))
    return rows


def _row(cells: list[tuple[int, str]], line: int, columns: dict[str, int], name: str) -> PublishedRow:
    need = max(columns[k] for k in REQUIRED) + 1
    if len(cells) < need:
        end = cells[-1][0] + len(cells[-1][1]) if cells else 1
        raise ParseError(f"expected {need} cells, found {len(cells)}", file=name, line=line, column=end)

    def cell(key: str) -> tuple[int, str]:
        return cells[columns[key]]

    code = _code(*cell("code"), line, name)
    preperiod, _ = _count(*cell("preperiod"), line, name, "the preperiod")
    period, mark = _count(*cell("period"), line, name, "the period")
    certified = None if mark is None else not mark
    if "certified" in columns and columns["certified"] < len(cells):
        certified = _yes_no(*cells[columns["certified"]], line, name, certified)
    prefix, cycle = _nimbers(*cell("nimbers"), line, name)
    return PublishedRow(line, code, preperiod, period, certified, prefix, cycle)


def _code(column: int, text: str, line: int, name: str) -> str:
    """A code as tables write it: ``.77``, ``0.77``, ``4.3``, or a lone ``4`` for 4.0."""
    written = text + ".0" if len(text) == 1 and text.lower() in "048c" else text
    try:
        return read_code(written).text
    except PatternError as err:
        message = (err.detail if err.column > 1
                   else f"expected a code such as .77 or 4.3, found {clip(text)!r}")
        raise ParseError(message, file=name, line=line, column=column + err.column - 1) from None


def _count(column: int, text: str, line: int, name: str, what: str) -> tuple[int | None, bool | None]:
    """A preperiod or period cell: ``(value, marked '?')``; ``(None, None)`` for '-' or nothing."""
    if text in ("", "-"):
        return None, None
    digits = text[:-1].rstrip() if text.endswith("?") else text
    if not (digits.isascii() and digits.isdigit()):
        raise ParseError(f"expected {what} (an integer, '-' for none), found {clip(text)!r}", file=name,
                         line=line, column=column)
    return int(digits), text.endswith("?")


def _yes_no(column: int, text: str, line: int, name: str, default: bool | None) -> bool | None:
    if text.lower() in ("yes", "no"):
        return text.lower() == "yes"
    if not text:
        return default
    raise ParseError(f"expected 'yes' or 'no', found {clip(text)!r}", file=name, line=line, column=column)


def _nimbers(column: int, text: str, line: int, name: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Base-36 digits and ``{decimal}`` values, with at most one ``(period)`` at the end."""
    parts: list[list[int]] = [[]]
    i = 0
    while i < len(text):
        ch = text[i]
        if ch.upper() in DIGITS:
            parts[-1].append(DIGITS.index(ch.upper()))
        elif ch == "{" and (end := text.find("}", i)) > i + 1 and text[i + 1 : end].isdigit():
            parts[-1].append(int(text[i + 1 : end]))
            i = end
        elif ch == "(" and len(parts) == 1:
            parts.append([])
        elif ch == ")" and len(parts) == 2 and parts[1] and i == len(text) - 1:
            return tuple(parts[0]), tuple(parts[1])
        else:
            what = "a digit 0-9 or A-Z, {decimal}" + (", '('" if len(parts) == 1 else ", ')' at the end")
            raise ParseError(f"expected {what} in the nimbers, found {ch!r}", file=name, line=line,
                             column=column + i)
        i += 1
    if len(parts) == 2:
        raise ParseError("expected ')' closing the period of the nimbers, found the end", file=name,
                         line=line, column=column + len(text))
    return tuple(parts[0]), ()


# -- comparing ------------------------------------------------------------------------------------------
def compare(rows: Sequence[PublishedRow], results: Mapping[str, GameResult],
            name: str = "table") -> Comparison:
    """Each row of a published table against the sweep's ``results`` (code -> result)."""
    found = Comparison()
    for row in rows:
        result = results.get(row.code)
        if result is None or result.status == "error":
            found.missing.append(row.code)
            continue
        what = _check(row, result)
        if what:
            found.disagreements.append(Disagreement(name, row.line, row.code, what))
        elif result.certified and row.period is not None:
            found.agreed.append(row.code)
        else:
            found.unconfirmed.append(row.code)
    return found


def _check(row: PublishedRow, result: GameResult) -> str:
    """What is wrong with ``row`` (one sentence), or '' when the sweep agrees with it."""
    if row.cycle and row.preperiod is not None and row.preperiod != len(row.prefix):
        return (f"preperiod {row.preperiod} in the table, whose nimbers have {len(row.prefix)} values "
                "before '('")
    if row.cycle and row.period is not None and row.period != len(row.cycle):
        return f"period {row.period} in the table, whose nimbers repeat {len(row.cycle)} values"
    shifts = dict.fromkeys([0, dead_heaps(result.code, result.n)])
    mismatches = [(s, _first_difference(row, result, s)) for s in shifts]
    agreeing = [s for s, diff in mismatches if diff is None]
    if not agreeing:
        s, (h, ours, theirs) = max(mismatches, key=lambda m: m[1][0])  # type: ignore[index]
        counted = f" (the table's heap {h} taken as heap {h + s})" if s else ""
        return f"g({h + s}) = {ours} here, {theirs} in the table{counted}"
    if row.period is None or not result.certified:
        return ""
    pre, per = _aligned_period(result, agreeing[0])
    if (pre, per) != (row.preperiod, row.period):
        return (f"preperiod {pre} period {per} here (certified), preperiod {row.preperiod} period "
                f"{row.period} in the table" + (f" (from heap {agreeing[0]})" if agreeing[0] else ""))
    return ""


def ours(result: GameResult, length: int) -> np.ndarray:
    """The sweep's g(0..length-1): its N values, and beyond N through a certified period."""
    values = result.values().astype(np.int64)
    if length <= values.size or not result.certified or result.saltus:
        return values[:length]
    p, q = result.preperiod, result.period
    index = np.arange(values.size, length)
    return np.concatenate([values, values[p + (index - p) % q]])


def _first_difference(row: PublishedRow, result: GameResult, shift: int) -> tuple[int, int, int] | None:
    """The first heap h (of the table's counting) where the table and the sweep (from heap ``shift``)
    differ, with both values; None when they agree as far as both go."""
    need = max(result.n, len(row.prefix) + len(row.cycle))
    mine = ours(result, need + shift)[shift:]
    theirs = row.expand(mine.size if row.cycle else len(row.prefix))
    length = min(mine.size, theirs.size)
    bad = np.flatnonzero(mine[:length] != theirs[:length])
    if not bad.size:
        return None
    h = int(bad[0])
    return h, int(mine[h]), int(theirs[h])


def _aligned_period(result: GameResult, shift: int) -> tuple[int, int]:
    """The preperiod and period of the sweep's values counted from heap ``shift``."""
    q = result.period
    h = ours(result, max(result.n, result.preperiod + 2 * q) + shift)[shift:]
    differs = np.flatnonzero(h[q:] != h[:-q])
    return (int(differs[-1]) + 1 if differs.size else 0), q


def dead_heaps(code: str, limit: int) -> int:
    """How many heaps 1, 2, ... from the first have no move (at most ``limit``): tables that list a
    game from its first heap with a move leave them out.

    >>> dead_heaps("0.4", 100), dead_heaps("0.77", 100), dead_heaps("4.0", 100), dead_heaps("0.0", 9)
    (2, 0, 1, 9)
    """
    rule = read_code(code)
    for h in range(1, limit + 1):
        for c in rule.clauses:
            leaves = [h - k for k in c.removals.below(h + 1).tolist()]
            if any(m == 0 if c.parts == 0 else m >= c.parts for m in leaves):
                return h - 1
    return limit
