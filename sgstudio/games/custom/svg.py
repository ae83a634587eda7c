"""A small drawing of the positions reachable from one position, as SVG (Jupyter shows it).

The positions are laid out in layers, by *depth* (the fewest moves from the position drawn) or by
*remoteness* (the moves left under best play; the ends at the bottom), each layer ordered by the
mean place of the positions above it that lead there (one sweep: fewer crossings). A box is
coloured by outcome (blue: the player to move loses, orange: wins, purple: a draw) and shows the
position's text and value; winning moves are the thick arrows. A move that leaves a sum goes to a
small ``+`` node, with dashed lines to its parts. At most ``max_positions`` are drawn; the caption
says how many more there are.

>>> from sgstudio.games.custom.explore import Explorer
>>> from sgstudio.games.custom.solution import Solution
>>> explorer = Explorer(lambda n: list(range(n)))
>>> explorer.add(3); explorer.run()
0
>>> drawing = PositionGraph(Solution.from_explorer(explorer), 3)
>>> svg = drawing._repr_svg_()
>>> svg.startswith("<svg"), svg.count("<rect"), svg.count("<line") + svg.count("Q")    # 4 boxes, 6 moves
(True, 4, 6)
>>> drawing.layer_of
{0: 0, 1: 1, 2: 1, 3: 1}
"""

from __future__ import annotations

from collections import deque
from typing import Any
from xml.sax.saxutils import escape

from sgstudio.core.outcome import Outcome
from sgstudio.games.custom.errors import GameError
from sgstudio.games.custom.html import BLUE, ORANGE, PURPLE
from sgstudio.games.custom.solution import Solution

BOX_W, BOX_H, GAP_X, GAP_Y, MARGIN = 92, 34, 18, 58, 30
_FILL = {Outcome.LOSE: BLUE, Outcome.WIN: ORANGE, Outcome.DRAW: PURPLE}
_TEXT = 13
"""Characters of a position's text shown in its box."""


class PositionGraph:
    """The positions reachable from ``position`` in ``solution``, laid out (see the module docstring).

    ``nodes`` are the solution's node ids in breadth-first order, ``layer_of`` their layers,
    ``edges`` the (from, to) pairs drawn, ``hidden`` how many reachable positions were left out.
    """

    def __init__(self, solution: Solution, position: Any, *, max_positions: int = 40,
                 layers: str = "depth") -> None:
        if layers not in ("depth", "remoteness"):
            raise ValueError(f"layers is 'depth' or 'remoteness', not {layers!r}")
        self.solution = solution
        root = solution.node(position)
        if root is None:
            raise KeyError(position)
        self.nodes, self.edges, self.hidden = self._walk(root, max_positions)
        self._edge_set = set(self.edges)
        self.layer_of = self._depths(root) if layers == "depth" else self._remoteness_layers()
        self.place = self._layout()

    def _row(self, v: int) -> list[int]:
        s = self.solution
        return list(dict.fromkeys(s.heads[s.start[v]:s.start[v + 1]].tolist()))

    def _walk(self, root: int, cap: int) -> tuple[list[int], list[tuple[int, int]], int]:
        seen, order, queue = {root}, [root], deque([root])
        while queue and len(order) < cap:
            v = queue.popleft()
            for w in self._row(v):
                if w not in seen and len(order) < cap:
                    seen.add(w)
                    order.append(w)
                    queue.append(w)
        shown = set(order)
        edges = [(v, w) for v in order for w in self._row(v) if w in shown]
        return order, edges, self._count_beyond(root, shown)

    def _count_beyond(self, root: int, shown: set[int], limit: int = 100_000) -> int:
        """How many reachable nodes are not drawn (counted up to ``limit``)."""
        seen, queue = {root}, deque([root])
        while queue and len(seen) < limit:
            for w in self._row(queue.popleft()):
                if w not in seen:
                    seen.add(w)
                    queue.append(w)
        return len(seen - shown)

    def _depths(self, root: int) -> dict[int, int]:
        depth, queue = {root: 0}, deque([root])
        drawn = set(self.nodes)
        while queue:
            v = queue.popleft()
            for w in self._row(v):
                if w in drawn and w not in depth:
                    depth[w] = depth[v] + 1
                    queue.append(w)
        return depth

    def _remoteness_layers(self) -> dict[int, int]:
        far: dict[int, int | None] = {}
        for v in self.nodes:
            try:
                far[v] = self.solution.remoteness(self.solution.position(v))
            except GameError:
                far[v] = None
        top = max((f for f in far.values() if f is not None), default=0)
        return {v: (top - f + 1 if f is not None else 0) for v, f in far.items()}

    def _layout(self) -> dict[int, tuple[float, float]]:
        rows: dict[int, list[int]] = {}
        for v in self.nodes:
            rows.setdefault(self.layer_of[v], []).append(v)
        parents: dict[int, list[int]] = {}
        for v, w in self.edges:
            parents.setdefault(w, []).append(v)
        place: dict[int, tuple[float, float]] = {}
        self.width = max(len(r) for r in rows.values()) * (BOX_W + GAP_X) - GAP_X + 2 * MARGIN
        for k, layer in enumerate(sorted(rows)):
            members = rows[layer]
            members.sort(key=lambda w: _mean(place[p][0] for p in parents.get(w, []) if p in place))
            span = len(members) * (BOX_W + GAP_X) - GAP_X
            left = (self.width - span) / 2
            for i, w in enumerate(members):
                place[w] = (left + i * (BOX_W + GAP_X) + BOX_W / 2, MARGIN + k * (BOX_H + GAP_Y) + BOX_H / 2)
        self.height = MARGIN * 2 + len(rows) * (BOX_H + GAP_Y) - GAP_Y + (18 if self.hidden else 0)
        return place

    # -- drawing ------------------------------------------------------------------------------------
    def svg(self) -> str:
        """The drawing as an SVG document."""
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width:.0f}" '
                 f'height="{self.height:.0f}" viewBox="0 0 {self.width:.0f} {self.height:.0f}" '
                 'font-family="sans-serif">',
                 "<defs>" + _marker("move", "#999", 7) + _marker("win", "#222", 10) + "</defs>"]
        parts += [self._edge(v, w) for v, w in self.edges]
        parts += [self._node(v) for v in self.nodes]
        if self.hidden:
            parts.append(f'<text x="{MARGIN}" y="{self.height - 6:.0f}" font-size="11" fill="#666">'
                         f'… {self.hidden:,} more positions not drawn</text>')
        parts.append("</svg>")
        return "\n".join(parts)

    def _repr_svg_(self) -> str:
        return self.svg()

    def _outcome(self, v: int) -> Outcome:
        return self.solution.outcome(self.solution.position(v))

    def _edge(self, v: int, w: int) -> str:
        (x1, y1), (x2, y2) = self.place[v], self.place[w]
        top = BOX_H / 2 if not self.solution.is_sum[w] else 9
        if self.solution.is_sum[v]:
            return (f'<line x1="{x1:.1f}" y1="{y1 + 9:.1f}" x2="{x2:.1f}" y2="{y2 - top:.1f}" stroke="#888" '
                    'stroke-dasharray="4 3"/>')
        winning = self._outcome(v) is Outcome.WIN and self._outcome(w) is Outcome.LOSE
        look = ('stroke="#222" stroke-width="2.6" marker-end="url(#win)"' if winning else
                'stroke="#999" stroke-width="1" marker-end="url(#move)"')
        if y2 != y1:  # down (bottom of one box to the top of the other) or up; a pair of opposite moves apart
            a, b = (y1 + BOX_H / 2, y2 - top) if y2 > y1 else (y1 - BOX_H / 2, y2 + top)
            shift = 4.0 if (w, v) in self._edge_set else 0.0
            length = max(((x2 - x1) ** 2 + (b - a) ** 2) ** 0.5, 1.0)
            dx, dy = -(b - a) / length * shift, (x2 - x1) / length * shift
            return f'<line x1="{x1 + dx:.1f}" y1="{a + dy:.1f}" x2="{x2 + dx:.1f}" y2="{b + dy:.1f}" {look}/>'
        lift = y1 - BOX_H / 2 - 14 - abs(x2 - x1) * 0.08  # the same layer: an arc over the row
        return (f'<path d="M{x1:.1f},{y1 - BOX_H / 2:.1f} Q{(x1 + x2) / 2:.1f},{lift:.1f} {x2:.1f},'
                f'{y2 - top:.1f}" fill="none" {look}/>')

    def _node(self, v: int) -> str:
        x, y = self.place[v]
        title = escape(self.solution.text(v))
        if self.solution.is_sum[v]:
            return (f'<g><title>{title}</title>'
                    f'<circle cx="{x:.1f}" cy="{y:.1f}" r="9" fill="#ddd" stroke="#666"/>'
                    f'<text x="{x:.1f}" y="{y + 4:.1f}" font-size="13" text-anchor="middle">+</text></g>')
        outcome = self._outcome(v)
        text = self.solution.text(v)
        label = escape(text if len(text) <= _TEXT else text[:_TEXT - 1] + "…")
        value = escape(str(self.solution.gamma(v)))
        return (f'<g><title>{title}: value {value}, {outcome}</title>'
                f'<rect x="{x - BOX_W / 2:.1f}" y="{y - BOX_H / 2:.1f}" width="{BOX_W}" height="{BOX_H}" '
                f'rx="6" '
                f'fill="{_FILL[outcome]}" stroke="#333"/>'
                f'<text x="{x:.1f}" y="{y - 2:.1f}" font-size="12" fill="white" text-anchor="middle">'
                f'{label}</text>'
                f'<text x="{x:.1f}" y="{y + 12:.1f}" font-size="10" fill="white" text-anchor="middle">'
                f'g = {value}</text></g>')


def _marker(name: str, colour: str, size: int) -> str:
    """An arrowhead of a fixed size, whatever the line's width."""
    return (f'<marker id="{name}" viewBox="0 0 10 10" refX="10" refY="5" markerUnits="userSpaceOnUse" '
            f'markerWidth="{size}" markerHeight="{size}" orient="auto"><path d="M0,0 L10,5 L0,10 z" '
            f'fill="{colour}"/></marker>')


def _mean(values: Any) -> float:
    items = list(values)
    return sum(items) / len(items) if items else 0.0
