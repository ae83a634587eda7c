"""The ``.sgs`` document: a game as versioned JSON, validated on load, saved atomically.

Layout of version 1::

    {"format": "sgstudio", "version": 1,
     "graph": {"vertices": [{"id": 0, "label": "A", "x": 0.0, "y": 0.0}, ...],
               "edges": [[0, 1], ...],
               "tokens": [0, 0, 2],
               "loopy": false},
     "tabs": {}}

``tokens`` is a multiset of vertex ids (a vertex appears once per token on it); ``x``/``y`` may
both be ``null`` for a vertex without a position yet; ``loopy`` is the graph's mode (true: cycles
and self-loops allowed, values are generalized Sprague-Grundy values; a document without it, written
before the mode existed, is a DAG); ``tabs`` keeps the number-game tabs' states,
one JSON object per tab key (``"snim"``, ``"splitnim"``, ``"board"``), written one tab a line.
What a tab's state holds is the tab's business (``GameTab.to_state``); this module checks that each
is an object, and the window checks the rest before it changes anything. A document without
``tabs`` (written before the tabs existed) is still version 1 and loads with every tab at its start.
Every problem found on load raises :class:`~sgstudio.core.errors.ParseError` with the file, the
line and column of the offending JSON value, and what was expected there; the JSON itself is read
by :mod:`sgstudio.formats.json_text` (integers of any length, nesting, repeated keys, lone
surrogates). What loads can be saved again, and loading costs time and memory in proportion to the
file: vertex ids are integers in 0..2^31-1, and ids far sparser than the vertices (a largest id of
at least twice the number of vertices plus 1,024) are renumbered 0, 1, ... in their order, keeping
labels, positions, edges and tokens, so that one vertex numbered 10^7 costs one vertex.

Examples
--------
>>> from sgstudio.games.graph.model.graph import GameGraph
>>> g = GameGraph.from_edges(2, [(0, 1)]); g.add_token(0)
>>> doc = loads(dumps(g))
>>> doc.graph.edges(), doc.graph.tokens(), doc.tabs
([(0, 1)], [0], {})
>>> loops = GameGraph.from_edges(2, [(0, 1), (1, 0), (1, 1)], loopy=True)
>>> back = loads(dumps(loops)).graph; back.loopy, back.edges()
(True, [(0, 1), (1, 0), (1, 1)])
>>> loads(dumps(g, {"snim": {"S": [2, 5], "heaps": [7]}})).tabs
{'snim': {'S': [2, 5], 'heaps': [7]}}
>>> loads('{"format": "sgstudio", "version": 1, "graph": {"vertices": [], "edges": [[0, 1]]}}', "g.sgs")
Traceback (most recent call last):
...
sgstudio.core.errors.ParseError: g.sgs:1:74: edge 0 -> 1 names vertex 0, which does not exist
"""

from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass, field
from typing import Any

from sgstudio.core.errors import CycleError, ParseError, clip
from sgstudio.formats import json_text
from sgstudio.formats.atomic import write_atomic
from sgstudio.formats.json_text import locate
from sgstudio.formats.tokens import decode, int_text
from sgstudio.games.graph.model.graph import GameGraph

FORMAT = "sgstudio"
VERSION = 1
MAX_ID = 2**31 - 1
SPARSE_SLACK = 1024

JsonPath = tuple[str | int, ...]


@dataclass
class Document:
    """What a ``.sgs`` file holds: the game graph and the other tabs' state."""

    graph: GameGraph
    tabs: dict[str, Any] = field(default_factory=dict)


# -- writing -------------------------------------------------------------------------------------
def to_dict(graph: GameGraph, tabs: dict[str, Any] | None = None) -> dict[str, Any]:
    """The JSON-ready dictionary of a game (vertices sorted by id)."""
    vertices = []
    for v in sorted(graph.nodes()):
        pos = graph.pos(v)
        x, y = (None, None) if pos is None else (float(pos[0]), float(pos[1]))
        vertices.append({"id": v, "label": graph.label(v), "x": x, "y": y})
    return {
        "format": FORMAT,
        "version": VERSION,
        "graph": {
            "vertices": vertices,
            "edges": [[u, v] for u, v in sorted(graph.edges())],
            "tokens": graph.tokens(),
            "loopy": graph.loopy,
        },
        "tabs": dict(tabs or {}),
    }


def dumps(graph: GameGraph, tabs: dict[str, Any] | None = None) -> str:
    """The document as JSON text: one vertex per line, ten edges per line, easy to diff."""
    return text_of(to_dict(graph, tabs))


def text_of(data: dict[str, Any], extra: dict[str, Any] | None = None) -> str:
    """The text of a :func:`to_dict` dictionary (plain data: any thread may format it), with the
    top-level members ``extra`` added at the end (a recovery file's origin, say)."""
    g = data["graph"]
    compact = {"ensure_ascii": False}
    vertices = ",\n".join("   " + json.dumps(v, **compact) for v in g["vertices"])
    edges = ",\n".join("   " + ", ".join(json.dumps(e) for e in g["edges"][i:i + 10])
                       for i in range(0, len(g["edges"]), 10))
    lines = [f"  {json.dumps(key)}: {json_value(state)}" for key, state in data["tabs"].items()]
    tabs_text = "{\n" + ",\n".join(lines) + "\n }" if lines else "{}"
    return (
        "{\n"
        f' "format": {json.dumps(FORMAT)},\n "version": {VERSION},\n'
        ' "graph": {\n'
        f'  "vertices": [\n{vertices}\n  ],\n'
        f'  "edges": [\n{edges}\n  ],\n'
        f'  "tokens": {json.dumps(g["tokens"])},\n'
        f'  "loopy": {json.dumps(bool(g.get("loopy", False)))}\n'
        " },\n"
        f' "tabs": {tabs_text}'
        + "".join(f',\n {json.dumps(key)}: {json_value(value)}'
                  for key, value in (extra or {}).items())
        + "\n}\n"
    )


def json_value(value: Any) -> str:
    """``json.dumps(value, ensure_ascii=False)``, also for integers beyond Python's int-string digit
    limit (the readers take them, so the writer must give them back).

    >>> json_value({"heaps": [7, True, None, "é"]})
    '{"heaps": [7, true, null, "é"]}'
    >>> text = json_value({"heaps": [10**5000]})
    >>> len(text), text.startswith('{"heaps": [1000')
    (5014, True)
    """
    try:
        return json.dumps(value, ensure_ascii=False)
    except ValueError:  # an integer of more than 4,300 digits, somewhere inside
        return _long_json(value)


def _long_json(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(str(k), ensure_ascii=False)}: {_long_json(v)}"
                               for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_long_json(v) for v in value) + "]"
    if isinstance(value, int) and not isinstance(value, bool):
        return int_text(value)
    return json.dumps(value, ensure_ascii=False)


def write(path: str | os.PathLike[str], graph: GameGraph, tabs: dict[str, Any] | None = None) -> None:
    """Save atomically (:func:`~sgstudio.formats.atomic.write_atomic`): a crash half-way leaves the old
    file intact, a replaced file keeps its mode, a symlink is written through."""
    write_atomic(path, dumps(graph, tabs))


def write_text_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` atomically (kept for callers of earlier versions)."""
    write_atomic(path, text)


# -- reading -------------------------------------------------------------------------------------
def read(path: str | os.PathLike[str]) -> Document:
    """Load a ``.sgs`` file (errors name the path as given)."""
    with open(path, "rb") as handle:
        return loads(decode(handle.read(), str(path)), str(path))


def loads(text: str, file: str = "<string>") -> Document:
    """Parse and validate a document; raise ParseError naming the offending spot."""
    return _Validator(text, file).document(json_text.decode(text, file))


class _Validator:
    """Checks the decoded JSON and raises errors located in the text."""

    def __init__(self, text: str, file: str) -> None:
        self.text = text
        self.file = file

    def fail(self, path: JsonPath, message: str, expected: str | None = None) -> ParseError:
        line, column = locate(self.text, path)
        return ParseError(message, file=self.file, line=line, column=column, expected=expected)

    def expect(self, cond: bool, path: JsonPath, message: str) -> None:
        if not cond:
            raise self.fail(path, message)

    def document(self, data: Any) -> Document:
        self.expect(isinstance(data, dict), (), "expected a JSON object at the top level")
        self.expect(data.get("format") == FORMAT, ("format",) if "format" in data else (),
                    f'not an sgstudio document: expected "format": "{FORMAT}"')
        version = data.get("version")
        self.expect(_is_int(version), ("version",) if "version" in data else (),
                    'expected "version": an integer')
        self.expect(version <= VERSION, ("version",),
                    f"version {clip(str(version))} is newer than this sgstudio understands ({VERSION})")
        self.expect(version >= 1, ("version",), f"version {clip(str(version))} does not exist: versions "
                    "start at 1")
        self.expect(isinstance(data.get("graph"), dict), ("graph",) if "graph" in data else (),
                    'expected "graph": an object with vertices, edges and tokens')
        tabs = data.get("tabs", {})
        self.expect(isinstance(tabs, dict), ("tabs",), 'expected "tabs": an object')
        for key, state in tabs.items():
            self.expect(isinstance(state, dict), ("tabs", key),
                        f'expected the state of tab "{clip(key)}": an object')
        json_text.check_depth(tabs, self.text, self.file)  # written back as it is
        return Document(self.graph(data["graph"]), tabs)

    def graph(self, g: dict[str, Any]) -> GameGraph:
        loopy = g.get("loopy", False)
        self.expect(isinstance(loopy, bool), ("graph", "loopy"), 'expected "loopy": true or false')
        vertices = self.vertices(g.get("vertices", []))
        edges = self.edges(g.get("edges", []), vertices, loopy)
        tokens = self.tokens(g.get("tokens", []), vertices)
        vertices, edges, tokens = _compact(vertices, edges, tokens)
        n = max(vertices, default=-1) + 1
        try:
            game = GameGraph.from_edges(n, edges, loopy=loopy)
        except CycleError as err:
            raise self.fail(("graph", "edges"), f"the edges contain a cycle: {err} (a graph with cycles "
                            'needs "loopy": true)') from None
        for v in range(n):
            if v not in vertices:
                game.remove_node(v)
        for v, (label, pos) in vertices.items():
            game.set_label(v, label)
            game.set_pos(v, pos)
        for v in tokens:
            game.add_token(v)
        return game

    def vertices(self, items: Any) -> dict[int, tuple[str, tuple[float, float] | None]]:
        base: JsonPath = ("graph", "vertices")
        self.expect(isinstance(items, list), base, '"vertices" must be a list')
        out: dict[int, tuple[str, tuple[float, float] | None]] = {}
        for i, item in enumerate(items):
            here = (*base, i)
            self.expect(isinstance(item, dict), here, "expected a vertex object {id, label, x, y}")
            vid = item.get("id")
            self.expect(_is_int(vid) and 0 <= vid <= MAX_ID, (*here, "id") if "id" in item else here,
                        f"expected a vertex id: an integer in 0..{MAX_ID}")
            self.expect(vid not in out, (*here, "id"), f"vertex id {vid} is used twice")
            label = item.get("label", str(vid))
            self.expect(isinstance(label, str), (*here, "label"), "expected a label: a string")
            out[vid] = (label, self.position(item, here))
        return out

    def position(self, item: dict[str, Any], here: JsonPath) -> tuple[float, float] | None:
        x, y = item.get("x"), item.get("y")
        if x is None and y is None:
            return None
        for key, val in (("x", x), ("y", y)):
            ok = isinstance(val, int | float) and not isinstance(val, bool) and _finite(val)
            self.expect(ok, (*here, key) if key in item else here, f"expected {key}: a finite number")
        return (float(x), float(y))

    def edges(self, items: Any, vertices: dict[int, Any], loopy: bool = False) -> list[tuple[int, int]]:
        base: JsonPath = ("graph", "edges")
        self.expect(isinstance(items, list), base, '"edges" must be a list')
        seen: set[tuple[int, int]] = set()
        for i, item in enumerate(items):
            here = (*base, i)
            ok = isinstance(item, list) and len(item) == 2 and all(_is_int(x) for x in item)
            self.expect(ok, here, "expected an edge [tail, head] of two vertex ids")
            u, v = item
            for end in (u, v):
                self.expect(end in vertices, here,
                            f"edge {u} -> {v} names vertex {end}, which does not exist")
            self.expect(u != v or loopy, here, f"edge {u} -> {v} is a self-loop (a graph with cycles needs "
                        '"loopy": true)')
            self.expect((u, v) not in seen, here, f"edge {u} -> {v} appears twice")
            seen.add((u, v))
        return [tuple(e) for e in items]

    def tokens(self, items: Any, vertices: dict[int, Any]) -> list[int]:
        base: JsonPath = ("graph", "tokens")
        self.expect(isinstance(items, list), base, '"tokens" must be a list of vertex ids')
        for i, v in enumerate(items):
            self.expect(_is_int(v) and v in vertices, (*base, i), f"token on {clip(repr(v))}: no such vertex")
        return list(items)


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _finite(x: int | float) -> bool:
    """A number that is a finite float (an integer of 400 digits is not)."""
    try:
        return math.isfinite(float(x))
    except OverflowError:
        return False


Vertices = dict[int, tuple[str, tuple[float, float] | None]]


def _compact(vertices: Vertices, edges: list[tuple[int, int]], tokens: list[int]
             ) -> tuple[Vertices, list[tuple[int, int]], list[int]]:
    """Ids renumbered 0, 1, ... in their order when they are far sparser than the vertices.

    >>> _compact({10**7: ("A", None), 3: ("B", None)}, [(10**7, 3)], [3])
    ({0: ('B', None), 1: ('A', None)}, [(1, 0)], [0])
    >>> _compact({0: ("A", None), 5: ("B", None)}, [], [])[0]
    {0: ('A', None), 5: ('B', None)}
    """
    if max(vertices, default=0) < 2 * len(vertices) + SPARSE_SLACK:
        return vertices, edges, tokens
    new = {old: i for i, old in enumerate(sorted(vertices))}
    return ({new[v]: vertices[v] for v in sorted(vertices)}, [(new[u], new[v]) for u, v in edges],
            [new[v] for v in tokens])


__all__ = ["Document", "dumps", "loads", "locate", "read", "to_dict", "write"]
