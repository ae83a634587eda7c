"""A game written in Python as a game of the studio: tokens on its positions, a move may split one.

The positions reachable from one position are the vertices (named by their texts); an option of a
vertex is a tuple of vertices: one for an ordinary option, several for a sum (a list option: the
token is replaced by one token on each part), none for the empty sum. A position of
:class:`PositionsGame` is the sorted tuple of its tokens; a move ``(v, i)`` plays option i of a
token on v. The game always ends (a game with cycles is played as a
:class:`~sgstudio.games.graph.loopy.game.LoopyGame` instead, when it has no sums). Its value is the
XOR of its tokens' values, each the mex of its options' (computed here again, from the graph
alone, so that a saved sum needs no user code). The Play panel, the Sum tab (its rule is the
graph, saved as JSON) and ``sgstudio sum`` take it as any game.

>>> game = PositionsGame(["4", "1", "3", "0"], [[(1, 2)], [(3,)], [(3,), (1, 1, 1)], []], "Split")
>>> game.values, game.value((0,)), game.value((1, 2))
([0, 1, 2, 0], 0, 3)
>>> [game.move_text(m, (2,)) for m in game.winning_moves((2,))]
['3 -> 0']
>>> game.apply((2,), (2, 1)), game.parse_move("3 -> 1 + 1 + 1", (2,))
((1, 1, 1), (2, 1))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from sgstudio.core.analysis import MAX_MOVES, Analysis, sum_analysis
from sgstudio.core.contract import GameBase, Label

Option = tuple[int, ...]


class PositionsGame(GameBase):
    """Tokens on the explored positions of a game written in Python (see the module docstring)."""

    part, judge_position = "token", "position"
    syntax: ClassVar[str] = ('write a move as "POSITION -> OPTION" (the texts shown, a sum\'s parts '
                             "joined by +)")
    example: ClassVar[str] = "(3, 5) -> (1, 2)"

    def __init__(self, labels: Sequence[str], options: Sequence[Sequence[Option]],
                 name: str = "game") -> None:
        self.labels = tuple(labels)
        # each option's parts sorted, and an option given twice listed once (one move)
        self.options = tuple(tuple(dict.fromkeys(tuple(sorted(o)) for o in row)) for row in options)
        self.name = name
        n = len(self.labels)
        if len(self.options) != n:
            raise ValueError(f"{len(self.options)} rows of options for {n} positions")
        for v, row in enumerate(self.options):
            for o in row:
                if any(not 0 <= w < n for w in o):
                    raise ValueError(f"position {v}: an option names a position that is not there: {list(o)}")
        self.values = _mex_values(self.options)

    # -- the play protocol --------------------------------------------------------------------------
    def legal_moves(self, position: Sequence[int]) -> list[tuple[int, int]]:
        return [(v, i) for v in dict.fromkeys(position) for i in range(len(self.options[v]))]

    def apply(self, position: Sequence[int], move: tuple[int, int]) -> tuple[int, ...]:
        v, i = move
        if v not in position:
            raise ValueError(f"no token on {self._label(v)}")
        if not 0 <= i < len(self.options[v]):
            raise ValueError(f"{self._label(v)} has no option {i + 1}")
        rest = list(position)
        rest.remove(v)
        return tuple(sorted(rest + list(self.options[v][i])))

    def value(self, position: Sequence[int]) -> int:
        total = 0
        for v in position:
            total ^= self.values[v]
        return total

    def winning_moves(self, position: Sequence[int]) -> list[tuple[int, int]]:
        total = self.value(position)
        if not total:
            return []
        out = []
        for v in dict.fromkeys(position):
            target = self.values[v] ^ total
            out += [(v, i) for i, o in enumerate(self.options[v]) if self.value(o) == target]
        return out

    def remaining_length(self, position: Sequence[int]) -> int | None:
        return None

    # -- in words -----------------------------------------------------------------------------------
    def _label(self, v: int) -> str:
        return self.labels[v] if 0 <= v < len(self.labels) else str(v)

    def option_text(self, option: Option) -> str:
        """An option in words: its position, a sum's parts joined by ``+``, ``nothing`` for none."""
        return " + ".join(self._label(w) for w in option) or "nothing"

    def move_text(self, move: tuple[int, int], position: Sequence[int] = (), label: Label = str) -> str:
        v, i = move
        return f"{self._label(v)} -> {self.option_text(self.options[v][i])}"

    def parse_move(self, text: str, position: Sequence[int], label: Label = str) -> tuple[int, int]:
        before, arrow, after = text.partition("->")
        if not arrow:
            raise ValueError(self.syntax)
        before, after = before.strip(), " ".join(after.split())
        for v in dict.fromkeys(position):
            if self._label(v) != before:
                continue
            for i, o in enumerate(self.options[v]):
                if " ".join(self.option_text(o).split()) == after:
                    return (v, i)
            raise ValueError(f"{before} has no option {after}")
        raise ValueError(f"no token on {before}: the tokens are on "
                         + ", ".join(self._label(v) for v in dict.fromkeys(position)))

    def position_text(self, position: Sequence[int], label: Label = str) -> str:
        shown = [self._label(v) for v in position[:12]]
        more = f" … ({len(position)} positions)" if len(position) > 12 else ""
        return " + ".join(shown) + more if shown else "nothing (the empty sum)"

    def names(self, label: Label) -> tuple[str, ...] | None:
        return None  # the game names its positions itself

    def rule_text(self) -> str:
        n = len(self.labels)
        count = f"({n:,} position{'s' if n != 1 else ''})"
        return count if self.name == "game" else f"{self.name} {count}"

    # -- as a component of a sum: the graph as JSON -------------------------------------------------
    def game_state(self) -> dict[str, Any]:
        return {"name": self.name, "labels": list(self.labels),
                "options": [[list(o) for o in row] for row in self.options]}

    @classmethod
    def from_game_state(cls, state: Any) -> PositionsGame:
        """``{"name": str, "labels": [str], "options": [[[int]]]}``, checked (StateError naming where)."""
        from sgstudio.core.state import StateError, check_keys, is_int, mapping

        data = mapping(state, "the positions of a game written in Python", "labels and options")
        check_keys(data, ("labels", "options"), ("name",), "the positions of a game written in Python",
                   "labels and options")
        labels, options = data["labels"], data["options"]
        if not isinstance(labels, list) or not all(isinstance(t, str) for t in labels):
            raise StateError("labels must be a list of strings", ("labels",))
        if not isinstance(options, list) or not all(
                isinstance(row, list) and all(isinstance(o, list) and all(is_int(w) for w in o) for o in row)
                for row in options):
            raise StateError("options must be a list, per position, of lists of positions", ("options",))
        try:
            return cls(labels, options, str(data.get("name", "game")))
        except ValueError as err:
            raise StateError(str(err), ("options",)) from None

    def read_position(self, data: Any) -> tuple[int, ...]:
        from sgstudio.core.readers import read_tokens

        return read_tokens(data, len(self.labels))

    def move_json(self, move: tuple[int, int]) -> dict[str, Any]:
        v, i = move
        return {"from": v, "to": list(self.options[v][i])}

    def analyse(self, position: Sequence[int], *, label: Label = str,
                max_moves: int | None = None) -> Analysis:
        first: dict[int, int] = {}
        for i, v in enumerate(position):
            first.setdefault(v, i)
        return sum_analysis([self.values[v] for v in position], self.winning_moves(position), part="token",
                            component_of=lambda m: first[m[0]], text=self.move_text,
                            name=lambda i: self._label(position[i]), max_moves=max_moves or MAX_MOVES)


def _mex_values(options: Sequence[Sequence[Option]]) -> list[int]:
    """Each vertex's mex over its options' XORs, in an order where options come first (no recursion);
    ValueError when the graph has a cycle."""
    n = len(options)
    preds: list[list[int]] = [[] for _ in range(n)]
    left = [0] * n
    for v, row in enumerate(options):
        heads = {w for o in row for w in o}
        left[v] = len(heads)
        for w in heads:
            preds[w].append(v)
    ready = [v for v in range(n) if left[v] == 0]
    values = [-1] * n
    while ready:
        v = ready.pop()
        seen = set()
        for o in options[v]:
            x = 0
            for w in o:
                x ^= values[w]
            seen.add(x)
        values[v] = next(g for g in range(len(seen) + 1) if g not in seen)
        for u in preds[v]:
            left[u] -= 1
            if left[u] == 0:
                ready.append(u)
    if min(values, default=0) < 0:
        raise ValueError("the positions have a cycle: a game with cycles is played as a loopy game")
    return values
