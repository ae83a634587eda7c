"""Two-number patterns on tables made by a plain mex over each game's moves: two-heap Nim is x XOR y,
a sum of two S-Nims a disguised sum, Wythoff's P-positions Beatty pairs of phi and phi^2 (checked
against Wythoff's own construction far beyond the table); planted lines, residue classes and Beatty
pairs; random tables get no pattern."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from pattern_oracles import as_function, wythoff_p_positions

from sgstudio.core.mex import mex
from sgstudio.core.patterns.beatty import BeattyPattern
from sgstudio.core.patterns.plane import LinePattern, SumPattern, XorPattern, find_plane_pattern
from sgstudio.core.patterns.report import Certainty, find_pattern
from sgstudio.core.patterns.surd import Surd
from sgstudio.games.snim.game import SubtractionGame

Moves = Callable[[int, int], Iterator[tuple[int, int]]]


def mex_table(size: int, moves: Moves) -> np.ndarray:
    """g(x, y) for x, y < size by the definition: the mex of the options' values."""
    g = np.zeros((size, size), np.int64)
    for x in range(size):
        for y in range(size):
            g[x, y] = mex(int(g[a, b]) for a, b in moves(x, y))
    return g


def nim_moves(x: int, y: int) -> Iterator[tuple[int, int]]:
    yield from ((x - k, y) for k in range(1, x + 1))
    yield from ((x, y - k) for k in range(1, y + 1))


def wythoff_moves(x: int, y: int) -> Iterator[tuple[int, int]]:
    yield from nim_moves(x, y)
    yield from ((x - k, y - k) for k in range(1, min(x, y) + 1))


def test_two_heap_nim_is_x_xor_y():
    report = find_pattern(mex_table(40, nim_moves))
    assert isinstance(report.pattern, XorPattern) and report.python() == "x ^ y"
    assert report.certainty is Certainty.CHECKED
    assert report.text() == ("g(x, y) = x ⊕ y (x XOR y, two-heap Nim)\nholds for every x < 40, y < 40 "
                             "(checked on the whole table); not certified: no theorem was supplied for this "
                             "game")


def test_wythoffs_p_positions_are_beatty_pairs_of_phi_and_phi_squared():
    side = 60
    report = find_pattern(mex_table(side, wythoff_moves))
    pattern = report.pattern
    assert isinstance(pattern, BeattyPattern) and pattern.mirrored and pattern.start == 0
    assert (pattern.alpha, pattern.beta) == (Surd(1, 1, 5, 2), Surd(3, 1, 5, 2))
    assert report.formula() == ("P-positions (g = 0) exactly at (⌊nα⌋, ⌊nβ⌋) and their mirror images (⌊nβ⌋, "
                                "⌊nα⌋) for n ≥ 0, α = (1 + √5)/2 = φ, β = (3 + √5)/2 = φ²")
    expr = report.python()
    assert expr.startswith("P: ")
    line = as_function(expr[3:], "x,y")
    far = 100 * side
    truth = wythoff_p_positions(far)
    rng = np.random.default_rng(1)
    near = [(a + da, b + db) for a, b in list(truth)[::5] for da in (-1, 0, 1) for db in (-1, 0, 1)]
    points = [*truth, *near, *map(tuple, rng.integers(0, far, (3000, 2)).tolist())]
    assert all(line(x, y) == ((x, y) in truth) for x, y in points if 0 <= x < far and 0 <= y < far)


def test_a_sum_of_two_snims_is_a_disguised_sum_of_their_patterns():
    left, right = SubtractionGame([1, 3, 4]), SubtractionGame([2, 5])

    def moves(x, y):
        yield from ((x - s, y) for s in left.S if s <= x)
        yield from ((x, y - s) for s in right.S if s <= y)

    report = find_pattern(mex_table(70, moves))
    assert isinstance(report.pattern, SumPattern)
    assert (report.pattern.f.period, report.pattern.h.period) == (7, 7)
    line = as_function(report.python(), "x,y")
    rng = np.random.default_rng(2)
    for x, y in rng.integers(0, 7000, (2000, 2)).tolist():
        assert line(x, y) == left.grundy(x) ^ right.grundy(y)
    assert "a disguised sum" in report.formula()


def test_p_positions_on_a_residue_class_of_x_plus_y():
    """A move takes 1 or 2 tokens from the two heaps together (from either or both): P iff 3 | x + y.
    Not a sum: g(x, y) = (x + y) mod 3, and g(1, 0) XOR g(0, 1) = 0 != g(1, 1) = 2."""

    def moves(x, y):
        for i in range(3):
            for j in range(3 - i):
                if 1 <= i + j <= 2 and i <= x and j <= y:
                    yield x - i, y - j

    report = find_pattern(mex_table(30, moves))
    assert report.pattern == LinePattern("sum", 3, 0, (30, 30))
    assert report.python() == "P: (x + y) % 3 == 0"
    assert report.formula() == "P-positions (g = 0) exactly where x + y ≡ 0 (mod 3)"
    line, heap = as_function("(x + y) % 3 == 0", "x,y"), SubtractionGame([1, 2])
    assert all(line(x, y) == (heap.grundy(x + y) == 0) for x in range(0, 3000, 7) for y in range(0, 3000, 11))


def test_planted_lines_and_residue_classes():
    x, y = np.indices((36, 40))
    filler = 1 + (x * y + x) % 5
    assert find_plane_pattern(np.where(x == y, 0, filler)).kind == "diagonal"
    found = find_plane_pattern(np.where((x - y) % 4 == 1, 0, filler))
    assert (found.kind, found.modulus, found.residue) == ("difference", 4, 1)
    assert found.is_p(10**9 + 1, 10**9) and not found.is_p(5, 5)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["difference", "sum"]), st.integers(2, 12), st.integers(0, 11), st.integers(36, 80),
       st.integers(36, 80))
def test_planted_residue_classes_are_found_in_their_simplest_form(form, k, c, rows, cols):
    x, y = np.indices((rows, cols))
    planted = ((x - y) if form == "difference" else (x + y)) % k == c % k
    found = find_plane_pattern(np.where(planted, 0, 1 + (x * y + x) % 5))  # the rest: not a sum
    assert isinstance(found, LinePattern) and np.array_equal(found.predict((rows, cols)), planted)
    assert found.modulus == k and found.residue == c % k
    assert found.form == form or k == 2  # mod 2, x + y and x - y have the same residue


def beatty_table(side: int, alpha: float, beta: float, mirrored: bool) -> tuple[np.ndarray, set]:
    """1 everywhere but 0 on the planted pairs (floor by integer square roots, independent of Surd)."""
    g = np.ones((side, side), np.int64)
    pairs = set()
    n = 0
    while True:
        a, b = alpha(n), beta(n)
        if min(a, b) >= side * 100:
            break
        pairs.add((a, b))
        if mirrored:
            pairs.add((b, a))
        n += 1
    for a, b in pairs:
        if a < side and b < side:
            g[a, b] = 0
    return g, pairs


def test_planted_beatty_pairs_of_root_two_and_its_complement():
    """Beatty's theorem: floor(n sqrt 2) and floor(n (2 + sqrt 2)) partition the positive integers."""
    side = 600  # 176 pairs show the partial quotients [1; 2, 2, 2, 2, 2] (300 shows one 2 fewer: too few)
    g, truth = beatty_table(side, lambda n: math.isqrt(2 * n * n), lambda n: 2 * n + math.isqrt(2 * n * n),
                            True)
    pattern = find_plane_pattern(g)
    assert (pattern.alpha, pattern.beta) == (Surd(0, 1, 2, 1), Surd(2, 1, 2, 1))
    line = as_function(find_pattern(g).python()[3:], "x,y")
    rng = np.random.default_rng(3)
    points = [*truth, *((a, b + 1) for a, b in truth),
              *map(tuple, rng.integers(0, 100 * side, (2000, 2)).tolist())]
    assert all(line(x, y) == ((x, y) in truth) for x, y in points if max(x, y) < 100 * side)


def test_planted_beatty_pairs_one_way_and_rational():
    side = 120
    g, truth = beatty_table(side, lambda n: (n + math.isqrt(5 * n * n)) // 2,
                            lambda n: (3 * n + math.isqrt(5 * n * n)) // 2, False)
    pattern = find_plane_pattern(g)
    assert not pattern.mirrored and pattern.alpha == Surd(1, 1, 5, 2)
    line = as_function(find_pattern(g).python()[3:], "x,y")
    assert all(line(x, y) for x, y in truth) and not any(line(y, x) for x, y in truth if x != y)
    g, truth = beatty_table(60, lambda n: n, lambda n: 2 * n, True)
    pattern = find_plane_pattern(g)
    assert (pattern.alpha, pattern.beta) == (Surd(1, 0, 1, 1), Surd(2, 0, 1, 1))
    line = as_function(find_pattern(g).python()[3:], "x,y")
    assert all(line(x, y) == ((x, y) in truth) for x in range(0, 6000, 37) for y in range(0, 6000, 41))


def test_a_small_wythoff_table_is_beatty_but_not_recognised_and_gets_no_python_line():
    report = find_pattern(mex_table(30, wythoff_moves))
    assert isinstance(report.pattern, BeattyPattern) and report.pattern.recognised == (False, False)
    assert "not recognised in closed form from the 12 pairs seen" in report.formula()
    assert report.python() == "None" and report.certainty is Certainty.CHECKED


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(2, 6), st.integers(8, 90), st.integers(8, 90))
def test_random_two_number_tables_get_no_pattern(seed, alphabet, rows, cols):
    g = np.random.default_rng(seed).integers(0, alphabet, (rows, cols))
    report = find_pattern(g)
    assert report.pattern is None and report.python() == "None"
    assert report.how_sure() == f"no pattern found in g(x, y) for x < {rows}, y < {cols}"
