"""Moves as people write them: one parser per game, and refusals in the numbering people see.

Moves of :mod:`sgstudio.core.play` number heaps and rows from 0 and vertices by id; people number
heaps and rows from 1 (as the tabs and the Play panel do) and name vertices by label. The parsers
turn a line of text into a move and raise ValueError with a clear message when the text is not a
move of the game's *form*; whether the move is *legal* is the game's business (its ``apply``), and
:func:`people_reason` words the game's one-line reason in people's numbering.

Syntax (case does not matter; the Play panel's move list is valid input too):

- tokens on a DAG: ``A -> D`` or ``A D`` (vertex labels, or vertex ids when no label matches);
- S-Nim: ``heap 2 take 3``, ``2: take 3`` or ``2 3`` (heap 2, take 3 stones);
- split-nim: ``2 take 3`` or ``2 3`` (take 3 from heap 2), ``2 take all``, ``2 -> 5`` (leave 5),
  ``2 -> 2 + 3 + 4`` or ``2: 2 + 3 + 4`` (split heap 2 into 2, 3 and 4);
- board: ``row 2: 18 -> 19``, ``2 18 19``, or ``2 18`` (the chess of row 2 in column 18 makes its
  only move: a chess has at most one).

Examples
--------
>>> from sgstudio.core.games.snim import SubtractionGame
>>> from sgstudio.core.games.splitnim import SplitNim
>>> parse_move(SubtractionGame([2, 5]), "heap 2 take 5", (3, 7))
(1, 5)
>>> parse_move(SplitNim(3), "1 -> 2 + 3 + 4", (9,)), parse_move(SplitNim(3), "1 take 3", (9,))
((0, (2, 3, 4)), (0, (6,)))
>>> parse_move(SplitNim(3), "3 take 1", (9,))
Traceback (most recent call last):
...
ValueError: there is no heap 3: the heaps are numbered 1..1
>>> people_reason(SubtractionGame([2, 5]), (3, 7), (0, 5), "heap 0 has only 3 stones")
'heap 1 has only 3 stones'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from sgstudio.core.games.board import BoardGame, row_moves
from sgstudio.core.games.dag import DagGame
from sgstudio.core.games.snim import SubtractionGame
from sgstudio.core.games.splitnim import SplitNim

Label = Callable[[int], str]
Move = tuple

ARROW = r"\s*(?:->|→|=>)\s*"
_NOTE = re.compile(r"\s*\([^()]*\)\s*$")  # a trailing note in brackets, like "(7 -> 2)" or "(jumps)"
_HEAD = re.compile(r"(?:heap\s*)?(\d+)\s*[:,]?\s*(.*)", re.IGNORECASE | re.DOTALL)
SYNTAX = {
    "dag": 'write a move as "A -> D" or "A D": the vertex of a token, then a successor',
    "snim": 'write a move as "heap 2 take 3" or "2 3": the heap (from 1), then the stones to take',
    "splitnim": 'write a move as "2 take 3", "2 -> 5" (leave 5) or "2 -> 2 + 3 + 4" (split heap 2)',
    "board": 'write a move as "row 2: 18 -> 19" or "2 18": the row (from 1), then the chess\'s column',
}
"""What each game's parser accepts, in one line (the Play panel's placeholder and help use it)."""


def kind_of(game: Any) -> str:
    """``"dag"``, ``"snim"``, ``"splitnim"``, ``"board"``, or ``""`` for another game.

    >>> kind_of(BoardGame()), kind_of(SplitNim(2)), kind_of(object())
    ('board', 'splitnim', '')
    """
    for cls, kind in ((DagGame, "dag"), (SubtractionGame, "snim"), (SplitNim, "splitnim"),
                      (BoardGame, "board")):
        if isinstance(game, cls):
            return kind
    return ""


def parse_move(game: Any, text: str, position: Sequence[Any], label: Label = str) -> Move:
    """The move that ``text`` writes in ``game`` at ``position`` (``label`` names DAG vertices).

    ValueError with a clear message when the text is not a move of this game's form.
    """
    kind = kind_of(game)
    if kind == "dag":
        return parse_dag_move(text, len(game.successors), label)
    if kind == "snim":
        return parse_snim_move(text, position)
    if kind == "splitnim":
        return parse_splitnim_move(text, position)
    if kind == "board":
        return parse_board_move(text, position, game.width)
    raise ValueError(f"typed moves are not known for {type(game).__name__}")


def _index(number: str, count: int, what: str) -> int:
    """The 0-based index of ``what`` number ``number`` (people count from 1)."""
    n = int(number)
    if not 1 <= n <= count:
        where = f"the {what}s are numbered 1..{count}" if count else f"the position has no {what}"
        raise ValueError(f"there is no {what} {n}: {where}")
    return n - 1


def _head(text: str, kind: str) -> tuple[str, str]:
    """The leading heap or row number and the rest of ``text`` (a trailing note dropped)."""
    body = _NOTE.sub("", text.strip())
    match = _HEAD.fullmatch(re.sub(r"^row\s*", "heap ", body, flags=re.IGNORECASE) if kind == "board"
                            else body)
    if match is None:
        raise ValueError(SYNTAX[kind])
    return match[1], match[2].strip()


def parse_snim_move(text: str, position: Sequence[int]) -> tuple[int, int]:
    """``(heap_index, take)`` from ``"heap 2 take 3"``, ``"2: take 3"`` or ``"2 3"``.

    >>> parse_snim_move("2 3", (5, 7)), parse_snim_move("heap 2: take 5 (7 -> 2)", (5, 7))
    ((1, 3), (1, 5))
    >>> parse_snim_move("2 three", (5, 7))
    Traceback (most recent call last):
    ...
    ValueError: write a move as "heap 2 take 3" or "2 3": the heap (from 1), then the stones to take
    """
    heap, rest = _head(text, "snim")
    take = re.fullmatch(r"(?:take\s*|-\s*)?(\d+)", rest, re.IGNORECASE)
    if take is None:
        raise ValueError(SYNTAX["snim"])
    return _index(heap, len(position), "heap"), int(take[1])


def parse_splitnim_move(text: str, position: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """``(heap_index, after)``: a take (``"2 take 3"``, ``"2 3"``, ``"2 take all"``), what is left
    (``"2 -> 5"``, ``"2: 9 -> 5"``) or a split (``"2 -> 2 + 3 + 4"``, ``"2: 2 + 3 + 4"``).

    A take of ``t`` from a heap of ``n`` leaves ``(n - t,)``, or ``()`` when ``t == n``; the parts are
    kept as written (an empty part too: the game refuses it with its reason).

    >>> [parse_splitnim_move(t, (4, 9)) for t in ("2 take 9", "2: 9 -> 1 + 0 + 8", "1 -> 0")]
    [(1, ()), (1, (1, 0, 8)), (0, ())]
    >>> parse_splitnim_move("2: 8 -> 5", (4, 9))
    Traceback (most recent call last):
    ...
    ValueError: heap 2 has 9 stones, not 8
    """
    heap, rest = _head(text, "splitnim")
    i = _index(heap, len(position), "heap")
    n = int(position[i])
    take = re.fullmatch(r"(?:take\s*|-\s*)?(\d+|all(?:\s+\d+)?)", rest, re.IGNORECASE)
    if take is not None and "+" not in rest:
        if take[1].lower().startswith("all"):
            return i, ()
        t = int(take[1])
        if t > n:
            raise ValueError(f"heap {heap} has only {n} stone{'s' * (n != 1)}: it cannot give {t}")
        return i, (n - t,) if t < n else ()
    arrow = re.fullmatch(r"(\d+)?" + ARROW + r"(.+)", rest)
    if arrow is not None:
        if arrow[1] is not None and int(arrow[1]) != n:
            raise ValueError(f"heap {heap} has {n} stones, not {arrow[1]}")
        rest = arrow[2]
    elif "+" not in rest:
        raise ValueError(SYNTAX["splitnim"])
    parts = re.split(r"\s*\+\s*|\s*,\s*|\s+", rest.strip())
    if not all(p.isdigit() for p in parts):
        raise ValueError(SYNTAX["splitnim"])
    after = tuple(int(p) for p in parts)
    return i, () if after == (0,) else after


def parse_board_move(text: str, position: Sequence[Sequence[int]], width: int) -> tuple[int, int, int]:
    """``(row_index, from_col, to_col)`` from ``"row 2: 18 -> 19"``, ``"2 18 19"`` or ``"2 18"``.

    Without a landing column, the chess makes its one move (see :func:`chess_move`).

    >>> rows = ((19, 20), (16, 17))
    >>> parse_board_move("row 2: chess 16 -> 18 (jumps)", rows, 20), parse_board_move("2 17", rows, 20)
    ((1, 16, 18), (1, 17, 18))
    """
    row, rest = _head(text, "board")
    cols = re.fullmatch(r"(?:chess\s*)?(\d+)(?:" + ARROW + r"|\s+)?(\d+)?", rest, re.IGNORECASE)
    if cols is None:
        raise ValueError(SYNTAX["board"])
    i = _index(row, len(position), "row")
    c = int(cols[1])
    return (i, c, int(cols[2])) if cols[2] is not None else chess_move(position, i, c, width)


def chess_move(position: Sequence[Sequence[int]], row: int, column: int, width: int) -> tuple[int, int, int]:
    """The move of the chess at (``row``, ``column``): to its landing cell, or, when it cannot move
    (or there is no chess there), to the next column, which the game then refuses with its reason.

    >>> chess_move(((3, 4, 6),), 0, 3, 6), chess_move(((3, 4, 6),), 0, 6, 6)
    ((0, 3, 5), (0, 6, 7))
    """
    for c, d in row_moves(position[row], width):
        if c == column:
            return row, c, d
    return row, column, column + 1


def parse_dag_move(text: str, vertices: int, label: Label = str) -> tuple[int, int]:
    """``(from, to)`` from ``"A -> D"`` or ``"A D"``: labels of vertices ``0..vertices-1``, or ids.

    >>> names = "A B C D".split()
    >>> parse_dag_move("A -> D", 4, names.__getitem__), parse_dag_move("b 2", 4, names.__getitem__)
    ((0, 3), (1, 2))
    >>> parse_dag_move("A -> E", 4, names.__getitem__)
    Traceback (most recent call last):
    ...
    ValueError: no vertex is named 'E' (and there is no vertex id E)
    """
    body = text.strip()
    ends = re.split(ARROW, body)
    if len(ends) != 2:
        ends = body.replace(",", " ").split()
    if len(ends) != 2 or not all(e.strip() for e in ends):
        raise ValueError(SYNTAX["dag"])
    names: dict[str, list[int]] = {}
    for v in range(vertices):
        names.setdefault(label(v).strip().casefold(), []).append(v)
    return _vertex(ends[0].strip(), names, vertices), _vertex(ends[1].strip(), names, vertices)


def _vertex(name: str, names: dict[str, list[int]], vertices: int) -> int:
    found = names.get(name.casefold(), [])
    if len(found) == 1:
        return found[0]
    if name.isdigit() and int(name) < vertices:
        return int(name)
    if found:
        raise ValueError(f"several vertices are named {name!r} (ids {', '.join(map(str, found))}): "
                         "type the id")
    raise ValueError(f"no vertex is named {name!r} (and there is no vertex id {name})")


def people_reason(game: Any, position: Sequence[Any], move: Move, reason: str, label: Label = str) -> str:
    """The game's one-line reason for refusing ``move``, in people's numbering.

    A heap or a row is refused on its own merits, so the move is tried on that component alone: its
    reason then names it as heap 0 (row 0), which becomes its number counted from 1. A DAG's vertex
    ids become labels. ``reason`` is returned unchanged when the component accepts the move (the
    refusal was the session's, like "it is the computer's turn").

    >>> people_reason(BoardGame(), ((1,), (19, 20)), (1, 19, 20), "")
    'the chess at row 2, column 19 cannot move: no empty cell to its right'
    >>> game = DagGame.from_edges(3, [(0, 1)])
    >>> people_reason(game, (0,), (0, 2), "0 -> 2 is not an edge", "ABC".__getitem__)
    'A -> C is not an edge'
    """
    kind = kind_of(game)
    if kind == "dag":
        u, v = move
        reason = reason.replace(f"{u} -> {v}", f"{label(u)} -> {label(v)}")
        return reason.replace(f"vertex {u}", label(u))
    if kind not in ("snim", "splitnim", "board"):
        return reason
    try:
        i = move[0]
        part = (position[i],) if isinstance(i, int) and 0 <= i < len(position) else None
        if part is None:
            return reason
        game.apply(part, (0, *move[1:]))
    except ValueError as err:
        return re.sub(r"\b(heap|row) 0\b", lambda m: f"{m[1]} {i + 1}", str(err))
    except (TypeError, IndexError, KeyError):
        return reason
    return reason
