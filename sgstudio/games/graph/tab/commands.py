"""One QUndoCommand per user-level edit of a :class:`~sgstudio.games.graph.model.graph.GameGraph`.

Commands call model methods only; the scene and the panels follow the model's events. What undo
needs is saved inside ``apply`` (or at construction, from the model), never read from items.
Bigger edits are composed from children (:class:`CompositeCommand`). Every command is all or
nothing (:mod:`sgstudio.gui.undo_guard`): one that fails leaves the model as it was, and the tab's
undo stack as it was.

>>> from sgstudio.games.graph.model.graph import GameGraph
>>> from PySide6.QtGui import QUndoStack
>>> g, stack = GameGraph(), QUndoStack()
>>> stack.push(AddVertexCommand(g, (0.0, 0.0), "A")); stack.push(AddVertexCommand(g, (0.0, 90.0), "B"))
>>> stack.push(AddEdgeCommand(g, 0, 1)); stack.push(AddTokenCommand(g, 0))
>>> g.nim_sum(), stack.count()
(1, 4)
>>> stack.push(RemoveVerticesCommand(g, [0])); g.nodes(), g.tokens()
([1], [])
>>> stack.undo(); g.edges(), g.tokens()
([(0, 1)], [0])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from PySide6.QtGui import QUndoCommand

from sgstudio.core.errors import CycleError
from sgstudio.games.graph.model.graph import GameGraph, Pos
from sgstudio.games.graph.model.naming import next_label
from sgstudio.gui.undo_guard import GuardedCommand

NUDGE_ID = 0x5647  # MoveVerticesCommand id() for keyboard nudges, which merge
Refusal = Callable[[int, int, CycleError], None]


class CompositeCommand(GuardedCommand):
    """A command made of child commands: redo runs them in order, undo in reverse; all or nothing.

    The children stay Python objects held in ``children`` (not Qt children: PySide6 does not hand
    a child command's ownership to its Qt parent, which would free it twice).
    """

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.children: list[GuardedCommand] = []

    def apply(self) -> None:
        _all_or_nothing(self.children, reverse=False)

    def revert(self) -> None:
        _all_or_nothing(self.children[::-1], reverse=True)


def _all_or_nothing(steps: Sequence[GuardedCommand], reverse: bool) -> None:
    """Apply (revert, if ``reverse``) every step in order; if one raises, the ones done are taken
    back (each model method is all or nothing), so the model is as before, and the error raised."""
    done: list[GuardedCommand] = []
    try:
        for step in steps:
            step.revert() if reverse else step.apply()
            done.append(step)
    except BaseException:
        for step in reversed(done):
            step.apply() if reverse else step.revert()
        raise


class AddVertexCommand(GuardedCommand):
    """Add a vertex (``vertex`` holds its id after the first redo; undo/redo keep that id). Without
    a label it is named in the document's scheme (I after A to H, :mod:`sgstudio.games.graph.model.naming`),
    or
    by its id.

    >>> g = GameGraph(); [g.add_node(label) for label in "AB"]
    [0, 1]
    >>> cmd = AddVertexCommand(g, (0.0, 0.0)); cmd.redo(); g.label(cmd.vertex), cmd.text()
    ('C', 'Add vertex C')
    """

    def __init__(self, model: GameGraph, pos: Pos | None = None, label: str | None = None,
                 node_id: int | None = None) -> None:
        super().__init__("Add vertex")
        if label is None and node_id is None:
            label = scheme_label(model)
        self.model, self.pos, self.label, self.vertex = model, pos, label, node_id

    def apply(self) -> None:
        self.vertex = self.model.add_node(self.label, self.pos, node_id=self.vertex)
        self.setText(f"Add vertex {self.model.label(self.vertex)}")

    def revert(self) -> None:
        self.model.remove_node(self.vertex)


class _RemoveBareVertexCommand(GuardedCommand):
    """Remove a vertex that no longer has edges or tokens (a child of RemoveVerticesCommand)."""

    def __init__(self, model: GameGraph, v: int) -> None:
        super().__init__("Remove vertex")
        self.model, self.v = model, v
        self.label, self.pos = model.label(v), model.pos(v)

    def apply(self) -> None:
        self.label, self.pos = self.model.label(self.v), self.model.pos(self.v)
        self.model.remove_node(self.v)

    def revert(self) -> None:
        self.model.add_node(self.label, self.pos, node_id=self.v)


class RemoveVerticesCommand(CompositeCommand):
    """Remove vertices in one step: children drop their tokens, then their edges, then them."""

    def __init__(self, model: GameGraph, vertices: Iterable[int]) -> None:
        vs = sorted(set(vertices))
        super().__init__(f"Delete {_count(len(vs), 'vertex', 'vertices')}")
        self.vertices = vs
        edges = {(u, v) for v in vs for u in model.predecessors(v)}
        edges |= {(v, w) for v in vs for w in model.successors(v)}
        for v in vs:
            self.children += [RemoveTokenCommand(model, v) for _ in range(model.token_count(v))]
        self.children += [RemoveEdgeCommand(model, u, w) for u, w in sorted(edges)]
        self.children += [_RemoveBareVertexCommand(model, v) for v in vs]


class AddEdgeCommand(GuardedCommand):
    """Add the edge u -> v. If the model refuses it (a cycle), the command makes itself obsolete
    (QUndoStack then drops it) and calls ``on_refused(u, v, error)``."""

    def __init__(self, model: GameGraph, u: int, v: int, on_refused: Refusal | None = None) -> None:
        super().__init__(f"Add edge {model.label(u)} -> {model.label(v)}")
        self.model, self.u, self.v, self.on_refused = model, u, v, on_refused
        self.refusal: CycleError | None = None

    def apply(self) -> None:
        try:
            self.model.add_edge(self.u, self.v)
        except CycleError as err:
            self.refusal = err.with_traceback(None)  # (its frames would keep the command alive)
            self.setObsolete(True)
            if self.on_refused is not None:
                self.on_refused(self.u, self.v, err)

    def revert(self) -> None:
        self.model.remove_edge(self.u, self.v)


class SetLoopyCommand(GuardedCommand):
    """Allow cycles (a loopy game) or forbid them again. Forbidding them while the graph has a
    cycle is refused like a cycle-closing edge: the command makes itself obsolete and calls
    ``on_refused(error)``.

    >>> from PySide6.QtGui import QUndoStack
    >>> g, stack = GameGraph.from_edges(2, [(0, 1)]), QUndoStack()
    >>> stack.push(SetLoopyCommand(g, True)); stack.push(AddEdgeCommand(g, 1, 0)); g.loopy
    True
    >>> stack.undo(); stack.undo(); g.loopy, g.edges()
    (False, [(0, 1)])
    """

    def __init__(self, model: GameGraph, on: bool,
                 on_refused: Callable[[CycleError], None] | None = None) -> None:
        super().__init__("Allow cycles (loopy game)" if on else "Forbid cycles (acyclic game)")
        self.model, self.on, self.on_refused = model, bool(on), on_refused
        self.refusal: CycleError | None = None

    def apply(self) -> None:
        try:
            self.model.set_loopy(self.on)
        except CycleError as err:
            self.refusal = err.with_traceback(None)  # (its frames would keep the command alive)
            self.setObsolete(True)
            if self.on_refused is not None:
                self.on_refused(err)

    def revert(self) -> None:
        self.model.set_loopy(not self.on)


class RemoveEdgeCommand(GuardedCommand):
    """Remove the edge u -> v."""

    def __init__(self, model: GameGraph, u: int, v: int) -> None:
        super().__init__(f"Remove edge {model.label(u)} -> {model.label(v)}")
        self.model, self.u, self.v = model, u, v

    def apply(self) -> None:
        self.model.remove_edge(self.u, self.v)

    def revert(self) -> None:
        self.model.add_edge(self.u, self.v)


class MoveVerticesCommand(GuardedCommand):
    """Set vertex positions ``new`` (undo restores ``old``). A whole drag is one command; keyboard
    nudges (``nudge=True``) of the same vertices merge into one step."""

    def __init__(self, model: GameGraph, new: Mapping[int, Pos], old: Mapping[int, Pos | None],
                 nudge: bool = False, text: str | None = None) -> None:
        super().__init__(text or f"Move {_count(len(new), 'vertex', 'vertices')}")
        self.model, self.new, self.old, self.nudge = model, dict(new), dict(old), nudge

    def id(self) -> int:
        return NUDGE_ID if self.nudge else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, MoveVerticesCommand) or other.new.keys() != self.new.keys():
            return False
        self.new = dict(other.new)
        return True

    def apply(self) -> None:
        _place(self.model, self.new, self.old)

    def revert(self) -> None:
        _place(self.model, self.old, self.new)


def _place(model: GameGraph, where: Mapping[int, Pos | None], back: Mapping[int, Pos | None]) -> None:
    """Set the positions ``where``; if that fails, the ones set go ``back``, and the error is raised."""
    done = []
    try:
        for v, p in where.items():
            model.set_pos(v, p)
            done.append(v)
    except BaseException:
        for v in done:
            model.set_pos(v, back[v])
        raise


class SetPositionsCommand(MoveVerticesCommand):
    """Place many vertices at once (the Layout command); the old positions come from the model."""

    def __init__(self, model: GameGraph, new: Mapping[int, Pos], text: str = "Layout") -> None:
        super().__init__(model, new, {v: model.pos(v) for v in new}, text=text)


class RenameVertexCommand(GuardedCommand):
    """Change a vertex's label."""

    def __init__(self, model: GameGraph, v: int, label: str) -> None:
        super().__init__(f"Rename {model.label(v)} to {label}")
        self.model, self.v, self.label, self.old = model, v, label, model.label(v)

    def apply(self) -> None:
        self.model.set_label(self.v, self.label)

    def revert(self) -> None:
        self.model.set_label(self.v, self.old)


class AddTokenCommand(GuardedCommand):
    """Put one more token on v."""

    def __init__(self, model: GameGraph, v: int) -> None:
        super().__init__(f"Add token on {model.label(v)}")
        self.model, self.v = model, v

    def apply(self) -> None:
        self.model.add_token(self.v)

    def revert(self) -> None:
        self.model.remove_token(self.v)


class RemoveTokenCommand(AddTokenCommand):
    """Take one token off v."""

    def __init__(self, model: GameGraph, v: int) -> None:
        super().__init__(model, v)
        self.setText(f"Remove token from {model.label(v)}")

    def apply(self) -> None:
        super().revert()

    def revert(self) -> None:
        super().apply()


class MoveTokenCommand(GuardedCommand):
    """Play a move: one token goes from u along the edge u -> v."""

    def __init__(self, model: GameGraph, u: int, v: int) -> None:
        super().__init__(f"Move token {model.label(u)} -> {model.label(v)}")
        self.model, self.u, self.v = model, u, v

    def apply(self) -> None:
        _move_token(self.model, self.u, self.v)

    def revert(self) -> None:
        _move_token(self.model, self.v, self.u)


def _move_token(model: GameGraph, a: int, b: int) -> None:
    """One token from a to b, or (if that fails) none."""
    model.remove_token(a)
    try:
        model.add_token(b)
    except BaseException:
        model.add_token(a)
        raise


class PlaceTokensCommand(GuardedCommand):
    """Replace all tokens by ``tokens`` (one undo step, e.g. choosing an HDU 1524 query or keeping a
    played position); undo brings the old ones back.

    >>> from sgstudio.games.graph.model.graph import GameGraph
    >>> g = GameGraph.from_edges(3, [(0, 1)]); g.add_token(0)
    >>> cmd = PlaceTokensCommand(g, [2, 1, 2]); cmd.redo(); g.tokens()
    [1, 2, 2]
    >>> cmd.undo(); g.tokens()
    [0]
    """

    def __init__(self, model: GameGraph, tokens: Sequence[int], text: str = "Place tokens") -> None:
        super().__init__(text)
        self.model = model
        self.new = sorted(tokens)
        self.old = model.tokens()

    def apply(self) -> None:
        _set_tokens(self.model, self.new)

    def revert(self) -> None:
        _set_tokens(self.model, self.old)


def _set_tokens(model: GameGraph, tokens: list[int]) -> None:
    """Exactly ``tokens`` on the graph, or (if that fails) the tokens it had."""
    old = model.tokens()
    try:
        _replace_tokens(model, tokens)
    except BaseException:
        _replace_tokens(model, old)
        raise


def _replace_tokens(model: GameGraph, tokens: list[int]) -> None:
    for v in model.tokens():
        model.remove_token(v)
    for v in tokens:
        model.add_token(v)


class PasteCommand(CompositeCommand):
    """Add a copied sub-graph in one step, composed of vertex, edge and token children.

    ``clip`` is ``{"vertices": [[id, label, x, y], ...], "edges": [[a, b], ...], "tokens": {id: n}}``
    (ids as they were when copied); the pasted vertices get fresh ids, listed in ``new_ids``, and
    labels no vertex has yet (see :func:`fresh_label`), so that moves and values named by label stay
    unambiguous. ``summary`` says what was pasted.

    >>> from sgstudio.games.graph.model.graph import GameGraph
    >>> g = GameGraph(); a = g.add_node("A"); b = g.add_node("B"); g.add_edge(a, b); g.add_token(a)
    >>> cmd = PasteCommand(g, {"vertices": [[0, "A", 0, 0], [1, "B", 0, 90]], "edges": [[0, 1]],
    ...                        "tokens": {"0": 1}})
    >>> cmd.redo(); [g.label(v) for v in cmd.new_ids], cmd.summary
    (['A2', 'B2'], '2 vertices, 1 edge, 1 token')
    """

    def __init__(self, model: GameGraph, clip: Mapping, offset: Pos = (40.0, 40.0),
                 text: str = "Paste") -> None:
        super().__init__(text)
        base = max(model.nodes(), default=-1) + 1
        ids = {int(row[0]): base + i for i, row in enumerate(clip["vertices"])}
        self.new_ids = list(ids.values())
        taken = {model.label(v) for v in model.nodes()}
        for old, label, x, y in clip["vertices"]:
            pos = (float(x) + offset[0], float(y) + offset[1])
            fresh = fresh_label(str(label), taken)
            taken.add(fresh)
            self.children.append(AddVertexCommand(model, pos, fresh, ids[int(old)]))
        for a, b in clip["edges"]:
            self.children.append(_PasteEdgeCommand(model, ids[int(a)], ids[int(b)]))
        tokens = 0
        for old, n in clip["tokens"].items():
            self.children += [_PasteTokenCommand(model, ids[int(old)]) for _ in range(int(n))]
            tokens += int(n)
        edges = len(clip["edges"])
        self.summary = ", ".join([_count(len(ids), "vertex", "vertices"), _count(edges, "edge", "edges"),
                                  _count(tokens, "token", "tokens")])


def scheme_label(model: GameGraph) -> str | None:
    """The label of a new vertex in the scheme of the graph's labels, or None (it goes by its id).

    >>> g = GameGraph.from_edges(2, []); scheme_label(g), (g.set_label(0, "A"), scheme_label(g))[1]
    (None, None)
    >>> g.set_label(1, "B"); scheme_label(g)
    'C'
    """
    custom = model.custom_labels()
    if len(custom) != len(model):  # some vertex goes by its number: so does the new one
        return None
    return next_label(list(custom.values()))


def fresh_label(label: str, taken: set[str]) -> str:
    """``label`` if no vertex has it yet, else the first free ``<stem><n>``, where the stem is the
    label without its trailing number and n counts on from that number (from 2 if there is none).

    >>> fresh_label("A", {"B"}), fresh_label("A", {"A", "A2"}), fresh_label("A2", {"A2"})
    ('A', 'A3', 'A3')
    >>> fresh_label("7", {"7", "8"})  # plain numbers (imported files) go on counting
    '9'
    """
    if label not in taken:
        return label
    stem = label.rstrip("0123456789")
    n = int(label[len(stem):]) + 1 if len(stem) < len(label) else 2
    while f"{stem}{n}" in taken:
        n += 1
    return f"{stem}{n}"


class _PasteEdgeCommand(AddEdgeCommand):
    """An edge between vertices that do not exist yet when the paste is built."""

    def __init__(self, model: GameGraph, u: int, v: int) -> None:
        QUndoCommand.__init__(self, "Add edge")
        self.model, self.u, self.v, self.on_refused, self.refusal = model, u, v, None, None


class _PasteTokenCommand(AddTokenCommand):
    def __init__(self, model: GameGraph, v: int) -> None:
        QUndoCommand.__init__(self, "Add token")
        self.model, self.v = model, v


def _count(n: int, one: str, many: str) -> str:
    """``'1 vertex'``, ``'3 vertices'``.

    >>> _count(1, 'vertex', 'vertices'), _count(3, 'vertex', 'vertices')
    ('1 vertex', '3 vertices')
    """
    return f"{n} {one if n == 1 else many}"
