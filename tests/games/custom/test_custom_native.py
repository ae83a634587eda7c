"""The exploration's compiled loop (explore_native.c) against its Python loop: the same positions in
the same order, the same CSR rows and sum nodes, and the same message for every mistake.

Random option tables over values of every kind a position may be (ints small and huge, bools,
strings, tuples that pack into the C table and tuples that do not, frozensets), options that are
lists (sums, nested lists, empty and one-part sums), options that are not positions, positions
added over several runs as the worker does; each explored by both loops.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sgstudio.games.custom import native
from sgstudio.games.custom.errors import GameError
from sgstudio.games.custom.explore import Explorer

pytestmark = pytest.mark.skipif(native.load() is None, reason="the compiled loop is not built here")

VALUES = [0, 1, 2, 5, -3, 2**31, -(2**31) - 1, 2**40, 2**70, True, "a", "bc", (), (1,), (1, 2), (2, 1),
          (True, 2), (-1, 2**31 - 1, 7), (1, 2, 3, 4), (1, 2, 3, 4, 5), (1, "a"), ((1, 2), 3),
          frozenset({1, 2}), (frozenset(), 0), (2**33, 1)]
"""Positions: some pack into the C table, some do not; some are equal across kinds (1 == True)."""

positions = st.sampled_from(VALUES)
sums = st.recursive(st.lists(positions, max_size=3), lambda inner: st.lists(inner | positions, max_size=3),
                    max_leaves=6)
options_of = st.lists(positions | sums, max_size=6)


def explore(table: dict, roots: list, native_loop: bool, batches: int = 1,
            max_positions: int = 10_000) -> tuple:
    """Explore ``roots`` (in ``batches`` runs, as the worker adds roots); everything the explorer
    made, or the error's type and message."""
    explorer = Explorer(lambda p: table.get(p, []), native=native_loop, max_positions=max_positions)
    assert (explorer.native is not None) == native_loop
    try:
        step = max(1, len(roots) // batches)
        for i in range(0, len(roots), step):
            for root in roots[i:i + step]:
                explorer.add(root)
            explorer.run()
    except GameError as err:
        return type(err).__name__, str(err)
    return (explorer.positions, list(explorer.start), list(explorer.heads), list(explorer.is_sum),
            {repr(k): v for k, v in explorer.index.items()})


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(positions, options_of, max_size=12),
       st.lists(positions | sums, min_size=1, max_size=4), st.integers(1, 3))
def test_both_loops_explore_alike(table, roots, batches):
    assert explore(table, roots, True, batches) == explore(table, roots, False, batches)


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(positions, options_of, max_size=12), st.lists(positions, min_size=1, max_size=3),
       st.integers(1, 12))
def test_both_loops_stop_alike_at_the_position_limit(table, roots, limit):
    native_result = explore(table, roots, True, max_positions=limit)
    assert native_result == explore(table, roots, False, max_positions=limit)


def _generator_failing_after(count):
    def options(p):
        for k in range(count):
            yield p + k + 1
        raise ValueError(f"no options after {count}")
    return options


@pytest.mark.parametrize("bad", [[1, [2, {3}]], [1, 2.5], [[1, [2]], {"a": 1}], [(1, [2])], [1, b"x"],
                                 [1, (2, 3.5)], [[[[]]], [1, {}]]])
def test_a_bad_option_is_told_alike(bad):
    table = {0: bad}
    native_result, python_result = explore(table, [0], True), explore(table, [0], False)
    assert native_result == python_result
    assert native_result[0] == "PositionError"


@pytest.mark.parametrize("count", [0, 1, 40, 100])
def test_an_exception_inside_the_generator_is_the_users_alike(count):
    results = []
    for native_loop in (True, False):
        explorer = Explorer(_generator_failing_after(count), native=native_loop)
        explorer.add(0)
        with pytest.raises(GameError) as caught:
            explorer.run()
        results.append((type(caught.value).__name__, str(caught.value)))
    assert results[0] == results[1]
    assert f"ValueError: no options after {count}" in results[0][1]


def test_a_hash_that_fails_is_the_users_alike():
    class Bad:
        def __hash__(self):
            raise RuntimeError("my hash")

    results = []
    for native_loop in (True, False):
        explorer = Explorer(lambda p: [1, Bad()] if p == 0 else [], native=native_loop)
        explorer.add(0)
        with pytest.raises(GameError) as caught:
            explorer.run()
        results.append(str(caught.value))
    assert results[0] == results[1]
    assert "RuntimeError: my hash" in results[0]


def test_an_interrupt_inside_the_generator_goes_through():
    def options(p):
        yield 1
        raise KeyboardInterrupt

    explorer = Explorer(options, native=True)
    explorer.add(0)
    with pytest.raises(KeyboardInterrupt):
        explorer.run()


def test_wythoff_explored_alike():
    def options(p):
        a, b = p
        yield from ((a - k, b) for k in range(1, a + 1))
        yield from ((a, b - k) for k in range(1, b + 1))
        yield from ((a - k, b - k) for k in range(1, min(a, b) + 1))

    made = []
    for native_loop in (True, False):
        explorer = Explorer(options, native=native_loop)
        explorer.add((30, 30))
        explorer.run()
        made.append((explorer.positions, list(explorer.start), list(explorer.heads)))
    assert made[0] == made[1]
    assert len(made[0][0]) == 31 * 31


def test_release_lets_the_positions_go():
    explorer = Explorer(lambda n: [n - 1] if n > 0 else [], native=True)
    explorer.add(5)
    explorer.run()
    table = explorer._table
    explorer.release()
    assert explorer.positions == [] and explorer.index == {} and explorer._table is not table
