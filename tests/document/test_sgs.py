"""The .sgs document: round trip, validation with located errors, atomic save."""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sgstudio.core.errors import ParseError
from sgstudio.document import sgs
from sgstudio.games.graph.model.graph import GameGraph
from sgstudio.paths import resource_path


def snapshot(g: GameGraph) -> tuple:
    """Everything a document must keep: vertices, labels, positions, edges, tokens."""
    return (
        sorted((v, g.label(v), g.pos(v)) for v in g.nodes()),
        sorted(g.edges()),
        g.tokens(),
    )


@st.composite
def games(draw) -> GameGraph:
    n = draw(st.integers(0, 8))
    pairs = [(u, v) for u in range(n) for v in range(u + 1, n)]
    edges = draw(st.lists(st.sampled_from(pairs), unique=True)) if pairs else []
    g = GameGraph.from_edges(n, edges)
    for v in draw(st.lists(st.integers(0, max(n - 1, 0)), unique=True, max_size=n)) if n else []:
        g.remove_node(v)
    coords = st.floats(-1e6, 1e6, allow_nan=False)
    for v in g.nodes():
        g.set_label(v, draw(st.text(max_size=6)))
        g.set_pos(v, draw(st.none() | st.tuples(coords, coords)))
    for v in draw(st.lists(st.sampled_from(g.nodes()), max_size=5)) if g.nodes() else []:
        g.add_token(v)
    return g


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner,
                                                                                max_size=3), max_leaves=12)
TAB_STATES = st.dictionaries(st.text(max_size=4), st.dictionaries(st.text(max_size=4), JSON, max_size=3),
                             max_size=3)


@settings(max_examples=60, deadline=None)
@given(games(), TAB_STATES)
def test_round_trip_keeps_everything(g, tabs):
    doc = sgs.loads(sgs.dumps(g, tabs))
    assert snapshot(doc.graph) == snapshot(g)
    assert doc.tabs == tabs
    assert doc.graph.values() == g.values()


def test_the_built_in_example_is_a_first_player_win():
    doc = sgs.read(resource_path("examples", "default.sgs"))
    g = doc.graph
    assert 6 <= len(g.nodes()) <= 9
    assert all(g.pos(v) is not None and g.label(v) for v in g.nodes())
    assert g.tokens() and g.outcome() == "WIN"


def good_text() -> str:
    g = GameGraph.from_edges(3, [(0, 1), (1, 2)])
    g.add_token(0)
    return sgs.dumps(g)


def edit(mutate) -> str:
    data = json.loads(good_text())
    mutate(data)
    return json.dumps(data, indent=1)


@pytest.mark.parametrize(
    ("mutate", "words"),
    [
        (lambda d: d.update(format="other"), "not an sgstudio document"),
        (lambda d: d.update(version=99), "newer"),
        (lambda d: d["graph"]["edges"].append([2, 0]), "cycle"),
        (lambda d: d["graph"]["edges"].append([1, 7]), "vertex 7"),
        (lambda d: d["graph"]["edges"].append([1, 1]), "self-loop"),
        (lambda d: d["graph"]["edges"].append([0, 1]), "twice"),
        (lambda d: d["graph"]["vertices"][1].update(id=0), "used twice"),
        (lambda d: d["graph"]["vertices"][2].update(x="left"), "x: a finite number"),
        (lambda d: d["graph"]["tokens"].append(5), "no such vertex"),
        (lambda d: d["graph"]["vertices"][0].update(label=3), "label"),
    ],
)
def test_bad_documents_name_file_line_and_column(mutate, words):
    text = edit(mutate)
    with pytest.raises(ParseError) as info:
        sgs.loads(text, "bad.sgs")
    err = info.value
    assert err.file == "bad.sgs" and words in err.message
    assert err.line is not None and err.line > 1 and err.column is not None


def test_error_points_at_the_offending_value():
    text = edit(lambda d: d["graph"]["vertices"][2].update(x="left"))
    with pytest.raises(ParseError) as info:
        sgs.loads(text, "f.sgs")
    err = info.value
    line = text.splitlines()[err.line - 1]
    assert line[err.column - 1:].startswith('"left"')


def test_json_syntax_error_has_line_and_column():
    text = good_text().replace('"version": 1,', '"version": 1', 1)
    with pytest.raises(ParseError) as info:
        sgs.loads(text, "x.sgs")
    err = info.value
    assert str(err).startswith("x.sgs:") and "invalid JSON" in err.message
    assert (err.line, err.column) == (4, 2)


def test_save_is_atomic_and_leaves_old_file_on_failure(tmp_path, monkeypatch):
    path = tmp_path / "game.sgs"
    g = GameGraph.from_edges(2, [(0, 1)])
    sgs.write(path, g)
    before = path.read_text()
    g.add_token(0)

    def broken_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        sgs.write(path, g)
    assert path.read_text() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.sgs"]
    monkeypatch.undo()
    sgs.write(path, g)
    assert sgs.read(path).graph.tokens() == [0]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.sgs"]


def test_each_tab_is_one_line_and_huge_integers_survive():
    tabs = {"splitnim": {"parts": 3, "heaps": [2**70 + 1] * 1000}, "board": {"width": 20, "rows": [[19, 20]]}}
    text = sgs.dumps(GameGraph(), tabs)
    assert sgs.loads(text).tabs == tabs
    lines = [line for line in text.splitlines() if line.lstrip().startswith(('"splitnim"', '"board"'))]
    assert len(lines) == 2


def test_a_tab_state_that_is_not_an_object_is_located():
    text = sgs.dumps(GameGraph(), {"snim": {"S": [1]}}).replace('{"S": [1]}', "[1, 2]")
    with pytest.raises(ParseError) as info:
        sgs.loads(text, "t.sgs")
    err = info.value
    line = text.splitlines()[err.line - 1]
    assert 'tab "snim"' in err.message and line[err.column - 1:].startswith("[1, 2]")


def test_an_old_document_without_tabs_still_loads():
    data = json.loads(sgs.dumps(GameGraph.from_edges(2, [(0, 1)])))
    del data["tabs"]
    doc = sgs.loads(json.dumps(data))
    assert doc.tabs == {} and doc.graph.edges() == [(0, 1)]
