"""Undo commands on a bare model (no widgets): each does -> undoes to the same model -> redoes.
A property test runs random edit sequences and walks the whole stack back and forth."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtGui import QUndoStack

from sgstudio.core.errors import CycleError
from sgstudio.games.graph.model.graph import GameGraph
from sgstudio.games.graph.tab.commands import (
    AddEdgeCommand,
    AddTokenCommand,
    AddVertexCommand,
    MoveTokenCommand,
    MoveVerticesCommand,
    PasteCommand,
    RemoveEdgeCommand,
    RemoveTokenCommand,
    RemoveVerticesCommand,
    RenameVertexCommand,
    SetPositionsCommand,
)


def snapshot(g: GameGraph) -> tuple:
    return (sorted((v, g.label(v), g.pos(v)) for v in g.nodes()), sorted(g.edges()), g.tokens(), g.values())


def chain(n: int = 4) -> GameGraph:
    g = GameGraph()
    for i in range(n):
        g.add_node(f"v{i}", (0.0, 100.0 * i))
    for i in range(n - 1):
        g.add_edge(i, i + 1)
    g.add_token(0)
    return g


def do_undo_redo(g: GameGraph, cmd) -> tuple:
    stack, before = QUndoStack(), snapshot(g)
    stack.push(cmd)
    after = snapshot(g)
    assert after != before and stack.count() == 1
    stack.undo()
    assert snapshot(g) == before
    stack.redo()
    assert snapshot(g) == after
    return after


def test_each_command_undoes_and_redoes():
    g = chain()
    do_undo_redo(g, AddVertexCommand(g, (5.0, 5.0), "new"))
    do_undo_redo(g, AddEdgeCommand(g, 0, 2))
    do_undo_redo(g, RemoveEdgeCommand(g, 1, 2))
    do_undo_redo(g, RenameVertexCommand(g, 3, "goal"))
    do_undo_redo(g, AddTokenCommand(g, 3))
    do_undo_redo(g, RemoveTokenCommand(g, 3))
    do_undo_redo(g, MoveTokenCommand(g, 0, 1))
    do_undo_redo(g, MoveVerticesCommand(g, {1: (9.0, 9.0)}, {1: g.pos(1)}))
    do_undo_redo(g, SetPositionsCommand(g, {v: (float(v), 0.0) for v in g.nodes()}))
    after = do_undo_redo(g, RemoveVerticesCommand(g, [0, 1]))
    assert [v for v, *_ in after[0]] == [2, 3, 4]


def test_removing_vertices_brings_back_their_edges_and_tokens_under_the_same_ids():
    g = chain()
    g.add_token(1)
    g.add_token(1)
    start = snapshot(g)
    stack = QUndoStack()
    stack.push(RemoveVerticesCommand(g, [1]))
    assert g.edges() == [(2, 3)] and g.tokens() == [0]
    stack.undo()
    assert snapshot(g) == start and g.token_count(1) == 2


def test_refused_edge_is_not_pushed_and_reports_the_cycle():
    g, stack, seen = chain(), QUndoStack(), []
    start = snapshot(g)
    stack.push(AddEdgeCommand(g, 3, 0, on_refused=lambda u, v, err: seen.append((u, v, err.cycle))))
    assert stack.count() == 0 and snapshot(g) == start
    (u, v, cycle), = seen
    assert (u, v) == (3, 0)
    ring = [*cycle, cycle[0]]  # the cycle is real once 3 -> 0 is added
    assert all(g.has_edge(a, b) or (a, b) == (3, 0) for a, b in itertools.pairwise(ring))
    loop = AddEdgeCommand(g, 2, 2)
    stack.push(loop)
    assert stack.count() == 0 and isinstance(loop.refusal, CycleError)


def test_nudges_merge_but_drags_do_not():
    g, stack = chain(), QUndoStack()
    for k in range(1, 4):
        stack.push(MoveVerticesCommand(g, {0: (float(k), 0.0)}, {0: (float(k - 1), 0.0)}, nudge=True))
    assert stack.count() == 1 and g.pos(0) == (3.0, 0.0)
    stack.push(MoveVerticesCommand(g, {0: (9.0, 9.0)}, {0: (3.0, 0.0)}))
    stack.push(MoveVerticesCommand(g, {0: (8.0, 8.0)}, {0: (9.0, 9.0)}))
    assert stack.count() == 3
    stack.undo()
    stack.undo()
    stack.undo()
    assert g.pos(0) == (0.0, 0.0)


def test_paste_is_one_step_with_fresh_ids():
    g, stack = chain(), QUndoStack()
    clip = {"vertices": [[0, "v0", 0.0, 0.0], [1, "v1", 0.0, 100.0]], "edges": [[0, 1]], "tokens": {"0": 2}}
    cmd = PasteCommand(g, clip, (10.0, 20.0))
    stack.push(cmd)
    a, b = cmd.new_ids
    assert (a, b) in g.edges() and g.token_count(a) == 2 and g.pos(b) == (10.0, 120.0)
    assert g.grundy(a) == 1 and stack.count() == 1


def test_pasted_labels_are_new_and_undo_redo_keeps_them():
    g, stack = chain(), QUndoStack()
    clip = {"vertices": [[v, g.label(v), 0.0, 0.0] for v in g.nodes()], "edges": [], "tokens": {}}
    for _ in range(2):
        stack.push(PasteCommand(g, clip))
    labels = [g.label(v) for v in g.nodes()]
    assert len(labels) == 3 * len(clip["vertices"]) and len(set(labels)) == len(labels)
    stack.undo()
    stack.redo()
    assert [g.label(v) for v in g.nodes()] == labels


# -- random sequences: every prefix is restored exactly by undo, and redo replays them ------------
OPS = st.lists(st.tuples(st.sampled_from("VEXRNTKMPSD"), st.integers(0, 50), st.integers(0, 50)),
               min_size=1, max_size=25)


def command_for(g: GameGraph, op: str, a: int, b: int):
    """A command for op on vertices picked by a and b, or None if it does not apply."""
    vs = g.nodes()
    if op == "V" or not vs:
        return AddVertexCommand(g, (float(a), float(b)))
    u, v = vs[a % len(vs)], vs[b % len(vs)]
    es, toks = g.edges(), g.tokens()
    table = {
        "E": lambda: AddEdgeCommand(g, u, v) if not g.has_edge(u, v) else None,
        "X": lambda: RemoveEdgeCommand(g, *es[a % len(es)]) if es else None,
        "R": lambda: RenameVertexCommand(g, u, f"n{b}") if g.label(u) != f"n{b}" else None,
        "N": lambda: AddTokenCommand(g, u),
        "T": lambda: RemoveTokenCommand(g, toks[a % len(toks)]) if toks else None,
        "K": lambda: _move_token(g, toks, a),
        "M": lambda: MoveVerticesCommand(g, {u: (float(b), float(a))}, {u: g.pos(u)}, nudge=a % 2 == 0),
        "P": lambda: PasteCommand(g, _clip(g, [u, v])),
        "S": lambda: SetPositionsCommand(g, {w: (float(w * b), 1.0) for w in vs}),
        "D": lambda: RemoveVerticesCommand(g, {u, v}),
    }
    return table[op]()


def _move_token(g: GameGraph, toks: list[int], a: int):
    movable = [(t, w) for t in toks for w in g.successors(t)]
    return MoveTokenCommand(g, *movable[a % len(movable)]) if movable else None


def _clip(g: GameGraph, vs: list[int]) -> dict:
    chosen = set(vs)
    return {"vertices": [[v, g.label(v), *(g.pos(v) or (0.0, 0.0))] for v in chosen],
            "edges": [[u, w] for u in chosen for w in g.successors(u) if w in chosen],
            "tokens": {str(v): g.token_count(v) for v in chosen if g.token_count(v)}}


@settings(max_examples=40, deadline=None)
@given(OPS)
def test_random_edit_sequences_undo_and_redo_exactly(ops):
    g, stack = chain(3), QUndoStack()
    states = [snapshot(g)]
    for op, a, b in ops:
        cmd = command_for(g, op, a, b)
        if cmd is None:
            continue
        count = stack.count()
        stack.push(cmd)
        if stack.count() == count and snapshot(g) == states[-1]:
            continue  # refused (a cycle), nothing changed
        if stack.count() == count:  # merged into the previous step: it now ends here
            states[-1] = snapshot(g)
        else:
            states.append(snapshot(g))
    assert stack.count() == len(states) - 1
    for k in range(len(states) - 1, 0, -1):
        stack.undo()
        assert snapshot(g) == states[k - 1]
    for k in range(1, len(states)):
        stack.redo()
        assert snapshot(g) == states[k]
