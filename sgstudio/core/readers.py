"""Strict readers of a game's rule and position as JSON: what a component of a sum keeps in a document.

A sum across games (:mod:`sgstudio.games.sum.game`) saves each component as its game's kind, its rule
(:meth:`~sgstudio.core.contract.GameBase.game_state`: a take-and-break code, S, a graph) and its
position (:meth:`~sgstudio.core.contract.GameBase.position_state`). The games read them back with
these helpers, which refuse anything but the exact shape (a bool or a float is not an integer) and
raise a :class:`~sgstudio.core.state.StateError` whose ``path`` says where, relative to
the rule or the position; the sum's reader (:mod:`sgstudio.games.sum.position`) puts the
component in front.

Examples
--------
>>> read_heaps([3, 0, 10**20]) == (3, 0, 10**20)
True
>>> read_tokens([2, 0, 2], 3), read_successors({"successors": [[1, 2], [], [0]]})
((0, 2, 2), [[1, 2], [], [0]])
>>> read_tokens([0, 3], 3)
Traceback (most recent call last):
...
sgstudio.core.state.StateError: token 2: no vertex 3 (the vertices are 0..2)
>>> read_int({"parts": True}, "parts", "the number of parts", 2)
Traceback (most recent call last):
...
sgstudio.core.state.StateError: the number of parts must be an integer from 2, not True
"""

from __future__ import annotations

from typing import Any

from sgstudio.core.state import StateError, check_keys, is_int, mapping


def no_rule(state: Any) -> None:
    """A game with nothing to set (Nim): its rule is ``{}``.

    >>> no_rule({"S": [1]})
    Traceback (most recent call last):
    ...
    sgstudio.core.state.StateError: this game has no rule to set: its rule is {}, not {'S': [1]}
    """
    if not isinstance(state, dict) or state:
        where = (str(next(iter(state))),) if isinstance(state, dict) else ()
        raise StateError(f"this game has no rule to set: its rule is {{}}, not {state!r}", where)


def rule_of(state: Any, key: str, what: str) -> Any:
    """``state[key]``, the one key of a rule ``{key: ...}`` (StateError for any other shape)."""
    check_keys(mapping(state, "the rule", key), (key,), (), "the rule", what)
    return state[key]


def read_int(state: Any, key: str, what: str, least: int, most: int | None = None) -> int:
    """The integer ``state[key]`` (the rule's only key) in ``least..most``."""
    value = rule_of(state, key, what)
    if not is_int(value) or value < least or (most is not None and value > most):
        upto = f" to {most}" if most is not None else ""
        raise StateError(f"{what} must be an integer from {least}{upto}, not {value!r}", (key,))
    return value


def read_heaps(data: Any) -> tuple[int, ...]:
    """Heap sizes: a list of integers >= 0 (of any size)."""
    if not isinstance(data, list):
        raise StateError(f"the heaps must be a list of sizes, not {data!r}")
    for i, h in enumerate(data):
        if not is_int(h) or h < 0:
            raise StateError(f"heap {i + 1}: a heap size must be an integer >= 0, not {h!r}", (i,))
    return tuple(data)


def read_successors(state: Any) -> list[list[int]]:
    """A graph ``{"successors": [[...], ...]}``: list i holds the heads of vertex i's edges."""
    successors = rule_of(state, "successors", "the successors of every vertex")
    if not isinstance(successors, list):
        raise StateError(f"the successors must be a list of lists, not {successors!r}", ("successors",))
    n = len(successors)
    for v, heads in enumerate(successors):
        if not isinstance(heads, list):
            raise StateError(f"vertex {v}: its successors must be a list, not {heads!r}", ("successors", v))
        for j, w in enumerate(heads):
            if not is_int(w) or not 0 <= w < n:
                raise StateError(f"vertex {v}: {w!r} is not a vertex (the vertices are 0..{n - 1})",
                                 ("successors", v, j))
    return successors


def read_tokens(data: Any, n: int) -> tuple[int, ...]:
    """Tokens on vertices 0..n-1 (several may share one), sorted."""
    if not isinstance(data, list):
        raise StateError(f"the tokens must be a list of vertices, not {data!r}")
    for i, v in enumerate(data):
        if not is_int(v) or not 0 <= v < n:
            raise StateError(f"token {i + 1}: no vertex {v!r} (the vertices are 0..{n - 1})", (i,))
    return tuple(sorted(data))


def read_labels(data: Any) -> tuple[str, ...]:
    """Vertex names: a list of strings.

    >>> read_labels(["A", 3])
    Traceback (most recent call last):
    ...
    sgstudio.core.state.StateError: label 2 must be a string, not 3
    """
    if not isinstance(data, list):
        raise StateError(f"the labels must be a list of strings, not {data!r}")
    for i, name in enumerate(data):
        if not isinstance(name, str):
            raise StateError(f"label {i + 1} must be a string, not {name!r}", (i,))
    return tuple(data)
