"""The kernels compiled ahead of time (sgstudio.core.compiled): every kernel module's build gives what
numba's jit gives, on random inputs of every exported dtype; a call that fits no export goes to the
jit; the command line solves the big judge files with no numba imported; the compiled number reader
equals a reading token by token, and the S-Nim reader that uses it equals the exact one.

``make test`` builds the extensions first (the package's build does, for an install); a bare pytest
run builds them here once (they are kept in the packages' __pycache__)."""

from __future__ import annotations

import importlib
import re
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sgstudio.core import compiled
from sgstudio.formats import scan_kernels
from sgstudio.games.graph import hdu1524_kernels
from sgstudio.games.graph.dag import kernels as dag_kernels
from sgstudio.games.graph.loopy import kernels as loopy_kernels
from sgstudio.games.snim import hdu1536
from sgstudio.games.snim import kernels as snim_kernels


@pytest.fixture(scope="module")
def built():
    return compiled.build_all(if_missing=True, report=lambda _text: None)


def test_every_kernel_module_is_built_and_named_after_its_source(built):
    assert len(built) == len(compiled.KERNEL_MODULES)
    for name in compiled.KERNEL_MODULES:
        module = importlib.import_module(name)
        assert compiled.is_built(module) and compiled.module_path(module).exists()
        leaf = name.rpartition(".")[2]  # a game's own `kernels` module is named with its package's name
        stem = (name.split(".")[-2] + "_" if leaf == "kernels" else "") + leaf + "_aot_"
        name = compiled.module_name(module)
        assert name.startswith(stem) and len(name) == len(stem) + 16
        for export, spec in module.AOT.items():  # every export is in the extension, as declared
            assert spec[0] in module.SOURCES and callable(getattr(compiled.load(module), export))


def _same(a, b) -> bool:
    if isinstance(a, tuple):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, np.ndarray):
        return a.dtype == b.dtype and np.array_equal(a, b)
    return int(a) == int(b)


graphs = st.integers(1, 40).flatmap(lambda n: st.tuples(
    st.just(n), st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=120)))


@settings(max_examples=60, deadline=None)
@given(graphs, st.sampled_from([np.int32, np.int64]), st.booleans())
def test_the_built_graph_kernels_equal_numbas(built, graph, dtype, acyclic):
    n, edges = graph
    if acyclic:
        edges = [(min(u, v), max(u, v)) for u, v in edges if u != v]
    src = np.array([u for u, _ in edges], dtype)
    dst = np.array([v for _, v in edges], dtype)
    for name in ("csr_grundy", "slot_grundy"):
        ours = compiled.kernel(dag_kernels, name)(n, src, dst)
        assert _same(ours, dag_kernels.jitted(name)(n, src, dst))
    s64, d64 = src.astype(np.int64), dst.astype(np.int64)
    labelled = compiled.kernel(loopy_kernels, "labelling")(n, s64, d64)
    assert _same(labelled, loopy_kernels.jitted()(n, s64, d64))


@settings(max_examples=60, deadline=None)
@given(st.sets(st.integers(1, 30), min_size=1, max_size=8),
       st.sampled_from([np.uint8, np.uint16, np.uint32]), st.integers(1, 400))
def test_the_built_snim_kernels_equal_numbas_for_every_dtype(built, members, dtype, n):
    s = np.array(sorted(members), np.int64)
    ours, theirs = np.zeros(n, dtype), np.zeros(n, dtype)
    compiled.kernel(snim_kernels, "fill")(ours, 0, n, s)
    snim_kernels.jitted("fill")(theirs, 0, n, s)
    assert np.array_equal(ours, theirs)
    w = int(s[-1])
    if n > w + 1:
        found = compiled.kernel(snim_kernels, "brent")(ours, n, w)
        assert _same(found, snim_kernels.jitted("brent")(ours, n, w))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(-2, 5), max_size=60), st.integers(0, 5), st.integers(-1, 6))
def test_the_built_list_walk_equals_numbas_and_the_python_walk(built, tokens, p, count):
    arr = np.array(tokens, np.int64)
    p = min(p, len(tokens))
    ours = hdu1524_kernels.kernel()(arr, p, count)
    assert _same(ours, hdu1524_kernels.jitted()(arr, p, count))
    assert _same(ours, hdu1524_kernels.heads(tokens, p, count))


def test_a_call_that_fits_no_export_goes_to_numba(built):
    g = np.zeros(50, np.int16)  # no int16 export
    s = np.array([1, 3], np.int64)
    snim_kernels._kernel("fill")(g, 0, 50, s)
    expected = np.zeros(50, np.int16)
    snim_kernels.jitted("fill")(expected, 0, 50, s)
    assert np.array_equal(g, expected) and g.max() > 0
    assert not compiled.fits(("u4[]", "i8"), (np.zeros(3, np.uint32),))  # wrong arity


# -- the compiled number reader -----------------------------------------------------------------------------
texts = st.lists(st.one_of(st.integers(-10**19, 10**19).map(str),
                           st.sampled_from(["-", "x", "1-2", "+3", "٣"]),
                           st.text(" \t\n\r\x0b\x0c", min_size=1, max_size=3)), max_size=30).map("".join)


def reference(text: str) -> list[int] | None:
    """Token by token: the values when every token is -?[0-9]{1,18} between white space, else None."""
    tokens = text.split()
    if re.search(r"[^0-9\- \t\n\r\x0b\x0c]", text):
        return None
    if any(not re.fullmatch(r"-?[0-9]{1,18}", t) for t in tokens):
        return None
    return [int(t) for t in tokens]


@settings(max_examples=300, deadline=None)
@given(texts)
def test_the_number_reader_equals_a_reading_token_by_token(built, text):
    expected = reference(text)
    values = scan_kernels.read_ints(text)
    assert (values.tolist() if values is not None else None) == expected
    data = np.frombuffer(text.encode("utf-8"), np.uint8)  # the Python source agrees with the build
    py_values, py_bad = scan_kernels.plain_ints(data)
    if text.isascii():
        c_values, c_bad = scan_kernels.built()(data)
        assert int(py_bad) == int(c_bad) and (py_bad >= 0 or py_values.tolist() == c_values.tolist())


snim_files = st.lists(st.tuples(st.lists(st.integers(1, 12), min_size=1, max_size=4),
                                st.lists(st.lists(st.integers(0, 60), min_size=1, max_size=4), min_size=1,
                                         max_size=4)), min_size=1, max_size=4)


@settings(max_examples=100, deadline=None)
@given(snim_files, st.sampled_from(["", "0", "7 1", "x"]))
def test_the_snim_reader_by_arrays_equals_the_exact_reader(built, cases, tail):
    text = " ".join(f"{len(s)} {' '.join(map(str, s))}\n{len(ps)}\n" + "\n".join(
        f"{len(p)} {' '.join(map(str, p))}" for p in ps) for s, ps in cases) + "\n0 " + tail
    fast = hdu1536._solve_arrays(text)
    try:
        exact = "".join(hdu1536.solve_case(case) + "\n" for case in hdu1536.parse(text))
    except ValueError:  # a bad tail: the exact reader refuses it, so must the fast one (it leaves it)
        assert fast is None
        return
    assert fast == exact


def test_solving_the_big_judge_files_imports_no_numba(built, tmp_path):
    """A DAG of 3 * 10^5 tokens (the compiled list walk and DAG kernel), the same graph read as
    loopy, and an S-Nim file whose sets contain 1: numba stays out of the process."""
    rng = np.random.default_rng(27)
    n = 30_000
    lines = [str(n)]
    for i in range(n):
        succ = sorted(set(rng.integers(i + 1, n, 6).tolist())) if i < n - 1 else []
        lines.append(" ".join(map(str, [len(succ), *succ])))
    lines += ["3 0 1 2", "1 5", "0"]
    dag = tmp_path / "dag.txt"
    dag.write_text("\n".join(lines) + "\n")
    snim_text = "3 1 4 9\n2\n3 10 200 3000\n1 9999\n0\n"
    (tmp_path / "snim.txt").write_text(snim_text)
    code = ("import sys; from sgstudio.cli import main as cli\n"
            f"cli.main(['solve', 'hdu1524', {str(dag)!r}])\n"
            f"cli.main(['solve', 'hdu1524', '--loopy', {str(dag)!r}])\n"
            f"cli.main(['solve', 'hdu1536', {str(tmp_path / 'snim.txt')!r}])\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'numba'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=tmp_path).stdout.splitlines()
    assert out[-1] == "[]"
    assert out[0] == out[2] and out[0] in ("WIN", "LOSE") and out[4] in ("WW", "WL", "LW", "LL")
