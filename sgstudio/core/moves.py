"""Moves as people write them: the text readers the games' ``parse_move`` methods share, and
refusals in the numbering people see.

Moves of :mod:`sgstudio.core.play.session` number heaps and rows from 0 and vertices by id; people number
heaps and rows from 1 (as the tabs and the Play panel do) and name vertices by label. The readers
turn a line of text into a move and raise ValueError with a clear message when the text is not a
move of the game's *form*; whether the move is *legal* is the game's business (its ``apply``), and
:func:`renumbered_reason` words the game's one-line reason in people's numbering. Each game class
names its syntax (``syntax``, one line) and calls its reader from ``parse_move``; nothing here
knows which games exist.

Syntax (case does not matter; what a game's ``move_text`` writes is valid input too):

- tokens on a graph: ``A -> D`` or ``A D`` (vertex labels, or vertex ids when no label matches);
- S-Nim: ``heap 2 take 3``, ``2: take 3``, ``2 3`` (heap 2, take 3 stones) or ``heap 2: take 3 -> 4``;
- split-nim: ``2 take 3`` or ``2 3`` (take 3 from heap 2), ``2 take all``, ``2 -> 5`` (leave 5),
  ``2 -> 2 + 3 + 4`` or ``2: 2 + 3 + 4`` (split heap 2 into 2, 3 and 4);
- board (:func:`sgstudio.games.board.game.parse_board_move`): ``row 2: 18 -> 19``, ``2 18 19``, or
  ``2 18`` (the chess of row 2 in column 18 makes its only move: a chess has at most one).

Examples
--------
>>> parse_snim_move("heap 2 take 5", (3, 7)), parse_snim_move("heap 2: take 5 -> 2", (3, 7))
((1, 5), (1, 5))
>>> parse_splitnim_move("1 -> 2 + 3 + 4", (9,)), parse_splitnim_move("1 take 3", (9,))
((0, (2, 3, 4)), (0, (6,)))
>>> parse_splitnim_move("3 take 1", (9,))
Traceback (most recent call last):
...
ValueError: there is no heap 3: the heaps are numbered 1..1
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

Label = Callable[[int], str]
Move = tuple

ARROW = r"\s*(?:->|→|=>)\s*"
_NOTE = re.compile(r"\s*\([^()]*\)\s*$")  # a trailing note in brackets, like "(7 -> 2)" or "(jumps)"
_HEAD = re.compile(r"(?:heap\s*)?(\d+)\s*[:,]?\s*(.*)", re.IGNORECASE | re.DOTALL)
DAG_SYNTAX = 'write a move as "A -> D" or "A D": the vertex of a token, then a successor'
SNIM_SYNTAX = 'write a move as "heap 2 take 3" or "2 3": the heap (from 1), then the stones to take'
SPLITNIM_SYNTAX = 'write a move as "2 take 3", "2 -> 5" (leave 5) or "2 -> 2 + 3 + 4" (split heap 2)'


def index_of(number: str, count: int, what: str) -> int:
    """The 0-based index of ``what`` number ``number`` (people count from 1)."""
    n = int(number)
    if not 1 <= n <= count:
        where = f"the {what}s are numbered 1..{count}" if count else f"the position has no {what}"
        raise ValueError(f"there is no {what} {n}: {where}")
    return n - 1


def head(text: str, syntax: str, row: bool = False) -> tuple[str, str]:
    """The leading heap (or ``row``) number and the rest of ``text`` (a trailing note dropped);
    ValueError(``syntax``) when there is none.

    >>> head("heap 2: take 3 (7 -> 4)", "?"), head("row 1: 18 -> 19", "?", row=True)
    (('2', 'take 3'), ('1', '18 -> 19'))
    """
    body = _NOTE.sub("", text.strip())
    match = _HEAD.fullmatch(re.sub(r"^row\s*", "heap ", body, flags=re.IGNORECASE) if row else body)
    if match is None:
        raise ValueError(syntax)
    return match[1], match[2].strip()


def parse_snim_move(text: str, position: Sequence[int]) -> tuple[int, int]:
    """``(heap_index, take)`` from ``"heap 2 take 3"``, ``"2: take 3"``, ``"2 3"`` or, with what is
    left, ``"heap 2: take 3 -> 4"``.

    >>> parse_snim_move("2 3", (5, 7)), parse_snim_move("heap 2: take 5 (7 -> 2)", (5, 7))
    ((1, 3), (1, 5))
    >>> parse_snim_move("heap 2: take 5 -> 3", (5, 7))
    Traceback (most recent call last):
    ...
    ValueError: heap 2 has 7 stones: taking 5 leaves 2, not 3
    >>> parse_snim_move("2 three", (5, 7))
    Traceback (most recent call last):
    ...
    ValueError: write a move as "heap 2 take 3" or "2 3": the heap (from 1), then the stones to take
    """
    heap, rest = head(text, SNIM_SYNTAX)
    take = re.fullmatch(r"(?:take\s*|-\s*)?(\d+)(?:" + ARROW + r"(\d+))?", rest, re.IGNORECASE)
    if take is None:
        raise ValueError(SNIM_SYNTAX)
    i = index_of(heap, len(position), "heap")
    if take[2] is not None and int(position[i]) - int(take[1]) != int(take[2]):
        raise ValueError(f"heap {heap} has {position[i]} stones: taking {take[1]} leaves "
                         f"{int(position[i]) - int(take[1])}, not {take[2]}")
    return i, int(take[1])


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
    heap, rest = head(text, SPLITNIM_SYNTAX)
    i = index_of(heap, len(position), "heap")
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
        raise ValueError(SPLITNIM_SYNTAX)
    parts = re.split(r"\s*\+\s*|\s*,\s*|\s+", rest.strip())
    if not all(p.isdigit() for p in parts):
        raise ValueError(SPLITNIM_SYNTAX)
    after = tuple(int(p) for p in parts)
    return i, () if after == (0,) else after


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
        raise ValueError(DAG_SYNTAX)
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


def renumbered_reason(game: Any, position: Sequence[Any], move: Move, reason: str) -> str:
    """A game's reason for refusing ``move`` in a heap or a row, in people's numbering.

    A heap or a row is refused on its own merits, so the move is tried on that component alone: the
    game's reason then names it as heap 0 (row 0), which becomes its number counted from 1.
    ``reason`` is returned unchanged when the component accepts the move (the refusal was the
    session's, like "it is the computer's turn") or when the move names no component.

    >>> from sgstudio.games.board.game import BoardGame
    >>> renumbered_reason(BoardGame(), ((1,), (19, 20)), (1, 19, 20), "")
    'the chess at row 2, column 19 cannot move: no empty cell to its right'
    """
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


def relabelled_reason(move: Move, reason: str, label: Label) -> str:
    """A refusal of a token move with the vertices' ids written as their labels.

    >>> relabelled_reason((0, 2), "0 -> 2 is not an edge", "ABC".__getitem__)
    'A -> C is not an edge'
    """
    u, v = move
    reason = reason.replace(f"{u} -> {v}", f"{label(u)} -> {label(v)}")
    return reason.replace(f"vertex {u}", label(u))
