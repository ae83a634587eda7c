"""What Jupyter shows of a game: a table of values, a heat map of them, and a position's report.

Plain HTML with inline styles (a notebook strips style sheets), in the studio's colours: blue for
value 0 (the player to move loses: the P-positions), orange for the other nimbers (darker for
larger ones in the heat map), purple for ∞ (play may go on for ever).

>>> table = Table([[0, 1], [1, 0]], "Nim")
>>> print(table)
0 1
1 0
>>> table.p_positions()
[(0, 0), (1, 1)]
>>> "<table" in table._repr_html_() and "background" in table.heatmap()._repr_html_()
True
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

from sgstudio.core.outcome import Outcome
from sgstudio.core.values import Gamma, Infinite

BLUE, ORANGE, PURPLE = "#1f6fd1", "#e07b00", "#8a3ffc"
"""The studio's colours: value 0, another nimber, ∞."""
_CELL = "padding:2px 6px;text-align:right;font-family:monospace;"


def _word(value: Gamma) -> str:
    return str(value) if isinstance(value, Infinite) else f"{value}"


class Table:
    """g((x, y)): ``values[x][y]``; printed as lines of values, shown as an HTML table (P-positions
    marked) or, by :meth:`heatmap`, as a heat map."""

    def __init__(self, values: list[list[Gamma]], name: str = "") -> None:
        self.values = values
        self.name = name

    def __str__(self) -> str:
        return "\n".join(" ".join(_word(v) for v in row) for row in self.values)

    def __repr__(self) -> str:
        return f"Table({self.name!r}, {len(self.values)} x {len(self.values[0]) if self.values else 0})"

    def p_positions(self) -> list[tuple[int, int]]:
        """The cells of value 0 (the player to move loses), row by row."""
        return [(x, y) for x, row in enumerate(self.values) for y, v in enumerate(row) if v == 0]

    def _repr_html_(self) -> str:
        return self._html(lambda v: f"color:{BLUE};font-weight:bold;" if v == 0 else
                          (f"color:{PURPLE};" if isinstance(v, Infinite) else ""))

    def heatmap(self) -> HeatMap:
        """The same values as a heat map (colour by value, P-positions in blue)."""
        return HeatMap(self)

    def _html(self, style: Any, show: bool = True) -> str:
        width = len(self.values[0]) if self.values else 0
        head = "".join(f'<th style="{_CELL}color:#888">{y}</th>' for y in range(width))
        rows = []
        for x, row in enumerate(self.values):
            cells = "".join(f'<td style="{_CELL}{style(v)}" title="g({x}, {y}) = {html.escape(_word(v))}">'
                            f'{html.escape(_word(v)) if show else ""}</td>' for y, v in enumerate(row))
            rows.append(f'<tr><th style="{_CELL}color:#888">{x}</th>{cells}</tr>')
        caption = (f"<caption>{html.escape(self.name)}: g(x, y), x down, y across</caption>"
                   if self.name else "")
        return (f'<table style="border-collapse:collapse">{caption}<tr><th></th>{head}</tr>'
                + "".join(rows) + "</table>")


class HeatMap:
    """A :class:`Table` drawn as coloured cells (value 0 blue; larger nimbers darker orange; ∞ purple)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        finite = [v for row in table.values for v in row if not isinstance(v, Infinite)]
        self.top = max(finite, default=1) or 1

    def colour(self, value: Gamma) -> str:
        """The cell colour of a value."""
        if isinstance(value, Infinite):
            return PURPLE
        if value == 0:
            return BLUE
        light = 88 - int(48 * value / self.top)  # lightness from 88% (1) down to 40% (the largest)
        return f"hsl(30,100%,{light}%)"

    def _repr_html_(self) -> str:
        def style(v: Gamma) -> str:
            text = "white" if v == 0 or isinstance(v, Infinite) else "black"
            return f"background:{self.colour(v)};color:{text};font-size:9px;min-width:14px;"

        return self.table._html(style)


@dataclass
class Report:
    """Everything about one position: value, outcome, remoteness, every winning move with its text."""

    game: str
    position: Any
    text: str
    value: Gamma
    outcome: Outcome
    remoteness: int | str | None
    moves: list[tuple[Any, str]]

    def lines(self) -> list[str]:
        """The report as lines of text."""
        far = self.remoteness
        far_text = "none (a draw)" if far is None else (f"{far} moves" if isinstance(far, int) else far)
        head = [f"{self.game}: {self.text}",
                f"value {_word(self.value)}, {self.outcome}, remoteness {far_text}"]
        if not self.moves:
            return [*head, "no winning move"]
        return [*head, f"winning moves ({len(self.moves)}):", *(f"  -> {text}" for _, text in self.moves)]

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def _repr_html_(self) -> str:
        colour = {Outcome.LOSE: BLUE, Outcome.WIN: ORANGE, Outcome.DRAW: PURPLE}[self.outcome]
        first, second, *rest = self.lines()
        items = "".join(f"<li><code>{html.escape(text)}</code></li>" for _, text in self.moves)
        moves = f"<p>winning moves:</p><ul>{items}</ul>" if self.moves else f"<p>{html.escape(rest[0])}</p>"
        return (f"<div><b>{html.escape(first)}</b><br><span style=\"color:{colour};font-weight:bold\">"
                f"{html.escape(str(self.outcome))}</span> {html.escape(second)}{moves}</div>")
