"""What the games of tokens on a graph share (acyclic, :mod:`.dag`, or loopy, :mod:`.loopy_game`):
their moves and positions in words (:class:`TokenGame`), their analysis, the longest remaining game.

A position is the sorted tuple of the tokens' vertices and a move ``(from, to)`` moves one token
along an edge; people name vertices by label. Each token is a component of the sum, named by its
vertex's label; a winning move is made in the component of its token.

Examples
--------
>>> names = "ABC".__getitem__
>>> token_move_text((0, 2), names), tokens_text((0, 0, 2), names), tokens_text(())
('A -> C', 'tokens on A, A, C', 'no token')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from sgstudio.core.analysis import MAX_MOVES, Analysis, sum_analysis
from sgstudio.core.contract import MAX_ITEMS, GameBase, more_items
from sgstudio.core.moves import DAG_SYNTAX, parse_dag_move, relabelled_reason

Label = Callable[[int], str]


class TokenGame(GameBase):
    """The text of moves and positions of tokens on a graph whose vertices are ``0..len(successors)-1``
    (subclasses set ``successors`` and the play protocol)."""

    part, syntax, example, judge_position = "token", DAG_SYNTAX, "A -> D", "query"
    successors: tuple[tuple[int, ...], ...]

    # -- as a component of a sum (sgstudio.games.sum.game): the graph and the tokens -------------------
    def rule_text(self) -> str:
        n = len(self.successors)
        return f"({n} vertices)" if n != 1 else "(1 vertex)"

    def game_state(self) -> dict[str, Any]:
        return {"successors": [list(s) for s in self.successors]}

    @classmethod
    def from_game_state(cls, state: Any) -> TokenGame:
        """``{"successors": [[1, 2], [2], []]}`` (a graph with a cycle is refused by an acyclic game)."""
        from sgstudio.core.readers import read_successors
        from sgstudio.core.state import StateError

        successors = read_successors(state)
        try:
            return cls(successors)  # type: ignore[call-arg]
        except ValueError as err:
            raise StateError(str(err), ("successors",)) from None

    def read_position(self, data: Any) -> tuple[int, ...]:
        """The tokens: vertices of the graph, sorted."""
        from sgstudio.core.readers import read_tokens

        return read_tokens(data, len(self.successors))

    def names(self, label: Label) -> tuple[str, ...] | None:
        """The vertices' labels, or None when every vertex is named by its id."""
        names = tuple(label(v) for v in range(len(self.successors)))
        return None if all(name == str(v) for v, name in enumerate(names)) else names

    def move_text(self, move: tuple[int, int], position: Sequence[int] = (), label: Label = str) -> str:
        """``A -> D``: the vertex of the token moved, then where it goes (by ``label``)."""
        return token_move_text(move, label)

    def parse_move(self, text: str, position: Sequence[int], label: Label = str) -> tuple[int, int]:
        """The move written ``A -> D`` or ``A D`` (labels, or vertex ids); ValueError when it is not one.
        Whether it is legal is ``apply``'s business."""
        return parse_dag_move(text, len(self.successors), label)

    def position_text(self, position: Sequence[int], label: Label = str) -> str:
        return tokens_text(position, label)

    def people_reason(self, position: Sequence[int], move: tuple, reason: str, label: Label = str) -> str:
        """The refusal with the vertices named by their labels."""
        return relabelled_reason(move, reason, label)

    @classmethod
    def from_judge_case(cls, case: Any) -> tuple[Any, list[tuple[int, ...]]]:
        """An HDU 1524 test case: its graph and its queries (the tokens of each, sorted)."""
        return cls(case.successors), [tuple(sorted(q)) for q in case.queries]

    def move_json(self, move: tuple[int, int]) -> dict[str, int]:
        return {"from": move[0], "to": move[1]}

    def judge_move_text(self, move: tuple[int, int]) -> str:
        """``token 0 -> 1``: the token on position 0 of the file moves to position 1."""
        return f"token {move[0]} -> {move[1]}"


def token_move_text(move: tuple[int, int], label: Label = str) -> str:
    """``A -> D``: the vertex of the token moved, then where it goes."""
    return f"{label(move[0])} -> {label(move[1])}"


def tokens_text(position: Sequence[int], label: Label = str) -> str:
    """``tokens on A, A, C`` (long positions cut short)."""
    if not position:
        return "no token"
    return "tokens on " + ", ".join(label(v) for v in position[:MAX_ITEMS]) + more_items(position, "tokens")


def token_analysis(game: Any, position: Sequence[int], values: Sequence[int], label: Label = str,
                   max_moves: int | None = None) -> Analysis:
    """The analysis of tokens of these finite ``values`` (one per token of ``position``): the game's
    winning moves, each made in the component of the first token on its vertex.

    >>> from sgstudio.games.graph.dag.game import DagGame
    >>> game = DagGame.from_edges(3, [(0, 1), (1, 2)])
    >>> a = token_analysis(game, (1, 1, 0), [1, 1, 0])
    >>> a.total, [c.name for c in a.components], a.moves
    (0, ['1', '1', '0'], ())
    """
    first = {}
    for i, v in enumerate(position):
        first.setdefault(v, i)
    return sum_analysis(values, game.winning_moves(position), part="token",
                        component_of=lambda m: first[m[0]], text=lambda m: token_move_text(m, label),
                        name=lambda i: label(position[i]), max_moves=max_moves or MAX_MOVES)


def longest_paths(successors: Sequence[Sequence[int]]) -> list[int]:
    """Length of the longest path from every vertex of a DAG (0 at a sink), without recursion.

    >>> longest_paths([(1, 2), (2,), (), (0,)])
    [2, 1, 0, 3]
    """
    n = len(successors)
    preds: list[list[int]] = [[] for _ in range(n)]
    left = [len(succ) for succ in successors]
    for u, succ in enumerate(successors):
        for v in succ:
            preds[v].append(u)
    depth = [0] * n
    ready = [v for v in range(n) if left[v] == 0]
    while ready:
        v = ready.pop()
        for u in preds[v]:
            depth[u] = max(depth[u], depth[v] + 1)
            left[u] -= 1
            if left[u] == 0:
                ready.append(u)
    return depth
