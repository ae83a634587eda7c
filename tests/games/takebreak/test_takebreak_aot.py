"""The take-and-break kernels compiled ahead of time (sgstudio.games.takebreak.aot): the same
values as numba's kernels and as the definition, dispatch by dtype, and a values process that loads
them without importing numba. ``make test`` builds the extension first; a bare pytest run builds it
here once (it is kept in the package's __pycache__)."""

from __future__ import annotations

import subprocess
import sys
import threading
import time

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_takebreak import naive_values

from sgstudio.games.takebreak import aot, kernels
from sgstudio.games.takebreak import values as tv
from sgstudio.games.takebreak.parse import parse_rule


@pytest.fixture(scope="module")
def built():
    return aot.ensure_built()


def _values(rule: str, n: int, pairs, monkeypatch) -> np.ndarray:
    monkeypatch.setattr(tv, "PYTHON_WORK", -1)
    monkeypatch.setitem(kernels._JIT, "pairs", pairs)
    return tv.ValueTable(parse_rule(rule)).values(n)


@pytest.mark.parametrize(("rule", "n", "narrow_top"), [("grundy", 4000, 1 << 16), ("0.007", 3000, 1 << 16),
                                                       ("0.77", 2000, 1 << 16), ("0.6", 3000, 1 << 16),
                                                       ("0.666", 400, 64)])  # the last widens to uint32
def test_built_pairs_kernel_equals_numbas(built, rule, n, narrow_top, monkeypatch):
    monkeypatch.setattr(tv, "NARROW_TOP", narrow_top)
    ours = _values(rule, n, aot.kernel("pairs"), monkeypatch)
    assert np.array_equal(ours, _values(rule, n, kernels.jitted("pairs"), monkeypatch))
    if narrow_top == 64:
        assert ours.max() >= 64  # the uint32 export ran
        digits = [int(c, 16) for c in rule.replace(".", "")]
        assert ours.tolist() == naive_values(digits, n)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 5), min_size=1, max_size=300), st.integers(1, 40), st.integers(1, 3),
       st.integers(0, 6), st.sampled_from([0, 1]))
def test_built_runs_equals_numbas_and_falls_back_on_other_dtypes(built, values, pmax, parts, t, mode):
    g = np.array(values, np.uint32)
    args = (len(values), pmax, parts, t, mode)
    expected = kernels.jitted("runs")(g, *args)
    assert aot.kernel("runs")(g, *args) == expected
    for other in (g.astype(np.uint16), g.astype(np.int64), np.repeat(g, 2)[::2]):  # no export fits
        assert aot.kernel("runs")(other, *args) == expected  # numba's kernel answers
    assert not aot.fits("runs_u4", (g, *args[:-1], 0.5)) and not aot.fits("runs_u4", (g,))


def test_a_values_process_uses_the_built_kernels_and_imports_no_numba(built, tmp_path):
    code = ("import sys; from sgstudio.cli import main as cli; cli.main(['values', '0.007', '1500']); "
            "from sgstudio.games.takebreak import kernels as k; "
            "print(k._JIT['pairs'].__module__, [m for m in sys.modules if m.split('.')[0] == 'numba'])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=tmp_path).stdout.splitlines()
    assert out[0] == " ".join(map(str, naive_values([0, 0, 0, 7], 1500)))
    assert out[1] == f"{aot.module_name()} []"  # the extension's, and numba never imported


def test_the_build_is_named_after_the_kernels_source(built):
    assert built == aot.module_path() and built.name.startswith(aot.module_name())
    name = aot.module_name()
    assert name != "takebreak_kernels_aot_unknown" and len(name) == len("takebreak_kernels_aot_") + 16
    assert aot.kernel("no such kernel") is None  # no export: numba compiles it


def test_the_built_plain_kernel_equals_the_definition(built, monkeypatch):
    monkeypatch.setattr(tv, "PYTHON_WORK", -1)
    monkeypatch.setitem(kernels._JIT, "plain", aot.kernel("plain"))
    for code, n in (("0.8f", 300), ("8.7", 300), ("0.1248", 250)):
        table = tv.ValueTable(parse_rule(code))
        assert table.method == "plain"
        digits = [int(c, 16) for c in code.replace(".", "")]
        assert table.values(n).tolist() == naive_values(digits, n), code


def test_a_built_kernel_lets_other_threads_run_while_it_computes(built, monkeypatch):
    """The window computes in a worker thread: a kernel holding the GIL for its whole call stopped
    the event loop as long (issue 29 item 3). Here one long call of the built pairs kernel runs in a
    thread while this one ticks every 5 ms; the ticks go on during the call. The work doubles until
    the call lasts long enough to tell (a slow or loaded machine needs no doubling)."""
    monkeypatch.setattr(tv, "MAX_RARE_SHARE", -1.0)  # Officers by the pairs method: heavy heaps
    pairs = aot.kernel("pairs")
    calls: list[tuple[float, float]] = []

    def timed(*args):
        began = time.perf_counter()
        result = pairs(*args)
        calls.append((began, time.perf_counter()))
        return result

    monkeypatch.setitem(kernels._JIT, "pairs", timed)
    n = 30_000
    while True:
        table = tv.ValueTable(parse_rule("0.6"))
        table.values(4096)
        table._certifiable = False
        monkeypatch.setattr(table, "_chunk", lambda: 1 << 22)  # the rest in one call
        calls.clear()
        worker = threading.Thread(target=table.values, args=(n,))
        worker.start()
        ticks = []
        while worker.is_alive():
            time.sleep(0.005)
            ticks.append(time.perf_counter())
        worker.join()
        began, ended = max(calls, key=lambda call: call[1] - call[0])  # (a wider value: a new call)
        if ended - began >= 0.25 or n >= 500_000:
            break
        n *= 2
    assert table.method == "pairs" and table.computed == n
    assert sum(began < tick < ended for tick in ticks) >= 10
