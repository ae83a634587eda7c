"""Regression tests of issue 9 for the .sgs reader: every hostile document is a located ParseError,
costs time and memory in proportion to its size, and what loads can be saved again."""

from __future__ import annotations

import json
import tracemalloc

import pytest

from sgstudio.core.errors import ParseError
from sgstudio.document import sgs
from sgstudio.games.graph.model.graph import GameGraph

HEAD = '{"format": "sgstudio", "version": 1, '


def doc(graph: str = '{"vertices": []}', tabs: str | None = None, head: str = HEAD) -> str:
    return head + f'"graph": {graph}' + (f', "tabs": {tabs}' if tabs is not None else "") + "}"


def error_of(text: str) -> ParseError:
    with pytest.raises(ParseError) as info:
        sgs.loads(text, "h.sgs")
    err = info.value
    assert err.file == "h.sgs" and err.line is not None and err.column is not None and "\n" not in str(err)
    return err


def at(text: str, err: ParseError) -> str:
    """The text from the error's position on."""
    return text.splitlines()[err.line - 1][err.column - 1:]


def test_a_vertex_numbered_ten_million_costs_one_vertex(monkeypatch):
    sizes = []
    original = GameGraph.from_edges.__func__

    def counting(cls, n, edges, **options):
        sizes.append(n)
        assert n < 10_000, "a structure far larger than the file"
        return original(cls, n, edges, **options)

    monkeypatch.setattr(GameGraph, "from_edges", classmethod(counting))
    sgs.loads(doc('{"vertices": [{"id": 0}]}'))  # imports (numba) are not the document's memory
    for big in (10_000_000, 30_000_000, 2**31 - 1):
        text = doc(f'{{"vertices": [{{"id": {big}, "label": "far"}}, {{"id": 3}}], "edges": [[{big}, 3]], '
                   f'"tokens": [{big}]}}')
        tracemalloc.start()
        graph = sgs.loads(text).graph
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert peak < 5_000_000  # bytes: a few hundred kilobytes at most for two vertices
        assert sorted(graph.label(v) for v in graph.nodes()) == ["3", "far"]
        far = next(v for v in graph.nodes() if graph.label(v) == "far")
        near = next(v for v in graph.nodes() if v != far)
        assert graph.edges() == [(far, near)] and graph.tokens() == [far]
    assert sizes and max(sizes) <= 2


def test_a_vertex_id_beyond_2_31_is_a_located_error():
    text = doc(f'{{"vertices": [{{"id": {2**31}}}]}}')
    err = error_of(text)
    assert "vertex id" in err.message and at(text, err).startswith(str(2**31))


@pytest.mark.parametrize("depth", [150, 1000, 100_000])
def test_deep_nesting_is_a_located_error(depth):
    nested = "[" * depth + "]" * depth
    for text in (doc(tabs=f'{{"future": {{"x": {nested}}}}}'), doc(f'{{"vertices": [], "deep": {nested}}}')):
        if depth == 150 and '"deep"' in text:
            assert sgs.loads(text).graph.nodes() == []  # an ignored member is not written back
            continue
        err = error_of(text)
        assert "nest deeper than 100 levels" in err.message and at(text, err).startswith("[")


@pytest.mark.parametrize("digits", [400, 4301, 20_000])
def test_a_huge_integer_coordinate_is_a_located_error(digits):
    text = doc(f'{{"vertices": [{{"id": 0, "x": 1{"0" * (digits - 1)}, "y": 0}}]}}')
    err = error_of(text)
    assert "finite number" in err.message and at(text, err).startswith("1000")


def test_huge_integers_in_a_tab_state_load_exactly():
    heap = 10**6000 + 7
    text = doc(tabs='{"splitnim": {"parts": 3, "heaps": [1' + "0" * 5999 + '7]}}')
    tabs = sgs.loads(text).tabs
    assert tabs["splitnim"]["heaps"] == [heap]
    assert sgs.loads(sgs.dumps(GameGraph(), tabs)).tabs == tabs  # written back in full


@pytest.mark.parametrize("version", ["0", "-3"])
def test_versions_start_at_1(version):
    text = doc(head=f'{{"format": "sgstudio", "version": {version}, ')
    err = error_of(text)
    assert "version" in err.message and at(text, err).startswith(version)


def test_a_lone_surrogate_is_refused_on_load_and_a_pair_is_fine():
    text = doc('{"vertices": [{"id": 0, "label": "\\ud800"}]}')
    err = error_of(text)
    assert "surrogate" in err.message and at(text, err).startswith("\\ud800")
    pair = sgs.loads(doc('{"vertices": [{"id": 0, "label": "\\ud83d\\ude00"}]}'))
    assert pair.graph.label(0) == "\U0001F600"
    assert sgs.loads(sgs.dumps(pair.graph)).graph.label(0) == "\U0001F600"  # and it saves again
    escaped = sgs.loads(doc('{"vertices": [{"id": 0, "label": "\\\\ud800"}]}'))  # a backslash, then text
    assert escaped.graph.label(0) == "\\ud800"


def test_a_repeated_key_is_located_at_its_second_occurrence():
    text = '{"format": "sgstudio",\n "version": 1,\n "graph": {"vertices": []},\n "version": 7}'
    err = error_of(text)
    assert (err.line, err.column) == (4, 2) and 'key "version" appears twice' in err.message


def test_nan_and_infinity_are_not_json():
    for constant in ("NaN", "Infinity", "-Infinity"):
        text = doc(f'{{"vertices": [{{"id": 0, "x": {constant}, "y": 0}}]}}')
        err = error_of(text)
        assert constant in err.message and at(text, err).startswith(constant)


def test_everything_that_loads_saves_and_loads_again():
    text = doc('{"vertices": [{"id": 0, "label": "é\\u00e9 \\t"}, {"id": 5}], "edges": [[0, 5]]}',
               tabs='{"future": {"x": [[[1]]], "big": %s}}' % ("9" * 5000))
    first = sgs.loads(text)
    again = sgs.loads(sgs.dumps(first.graph, first.tabs))
    assert again.tabs == first.tabs and again.graph.edges() == first.graph.edges()
    assert json.loads(sgs.dumps(GameGraph()))["version"] == sgs.VERSION
