"""``sgstudio pattern GAME [--upto N] [--python]``: rules and game files, the pasted line checked far
beyond the table against values computed here by plain searches, and bad input (one line, status 2)."""

from __future__ import annotations

import math
import random
import textwrap

import pytest
from oracles import partitions, takebreak_children

from sgstudio.cli import main as cli
from sgstudio.core.mex import mex


def run(capsys, *argv):
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def python_line(capsys, *argv) -> str:
    status, out, err = run(capsys, "pattern", *argv, "--python")
    assert status == 0 and err == "", err
    assert out.endswith("\n") and out.count("\n") == 1
    return out.strip()


def as_function(expr: str, names: str = "n"):
    """The pasted line as a function (``math`` available, as the issue promises)."""
    code = compile(expr, "<pasted>", "eval")
    keys = names.split(",")
    return lambda *args: eval(code, {"math": math, **dict(zip(keys, args, strict=True))})


def naive_takebreak(digits, size):
    """g(0..size-1) of a code by the definition: the mex over every child, a child's value the XOR of
    its heaps'."""
    g: list[int] = []
    for h in range(size):
        values = []
        for child in takebreak_children(h, digits):
            x = 0
            for part in child:
                x ^= g[part]
            values.append(x)
        g.append(mex(values))
    return g


def naive_snim(members, size):
    g: list[int] = []
    for h in range(size):
        g.append(mex([g[h - s] for s in members if s <= h]))
    return g


def naive_splitnim(parts, size):
    """Remove any number from a heap, or split it into ``parts`` non-empty heaps."""
    g: list[int] = []
    for h in range(size):
        values = set(g[:h])
        for split in partitions(h, parts):
            x = 0
            for part in split:
                x ^= g[part]
            values.add(x)
        g.append(mex(values))
    return g


def game_file(tmp_path, name: str, body: str) -> str:
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(body))
    return str(path)


# -- rules ------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("rule", "digits", "n0", "p"), [
    ("0.77", (0, 7, 7), 71, 12),        # Kayles
    ("0.137", (0, 1, 3, 7), 52, 34),    # Dawson's chess
    ("0.07", (0, 0, 7), 53, 34),        # Dawson's Kayles
])
def test_octal_games_are_certified_and_their_line_is_right_far_beyond_the_table(capsys, rule, digits, n0, p):
    status, out, err = run(capsys, "pattern", rule, "--upto", "400")
    assert status == 0 and err == ""
    formula, sure, line = out.splitlines()
    assert formula.startswith(f"period {p} from n = {n0} (preperiod {n0}): g(n) = g(n − {p}) for "
                              f"n ≥ {n0 + p}")
    assert sure.startswith("certified by the octal periodicity theorem")
    expr = python_line(capsys, rule, "--upto", "400")
    assert line == f"as Python: {expr}"
    truth = naive_takebreak(digits, 2500)  # six times the table
    f = as_function(expr)
    assert [f(n) for n in range(2500)] == truth


def test_a_table_too_short_for_the_theorem_holds_only_up_to_n(capsys):
    status, out, _ = run(capsys, "pattern", "0.77", "--upto", "150")  # the theorem needs n up to 167
    assert status == 0
    assert out.splitlines()[1].startswith("holds for every n ≤ 150 (checked on g(0..150)); not certified: "
                                          "the octal periodicity theorem needs")


@pytest.mark.parametrize("k", [2, 3])
def test_split_nim_is_n_plus_a_correction_certified_by_its_closed_form(capsys, k):
    status, out, _ = run(capsys, "pattern", f"split:{k}", "--upto", "300")
    m = 1 << k
    assert status == 0
    assert out.splitlines()[0] == (f"n plus a correction of period {m} from n = 1 (preperiod 1): g(n) = "
                                   f"n − 1 if n ≡ 0, n + 1 if n ≡ {m - 1} (mod {m}), else n; before it "
                                   "g(0) = 0")
    assert out.splitlines()[1].startswith("certified by split-nim's closed form")
    expr = python_line(capsys, f"split:{k}", "--upto", "300")
    assert expr == f"n + 1 if n % {m} == {m - 1} else n - 1 if n % {m} == 0 and n > 0 else n"
    f = as_function(expr)
    truth = naive_splitnim(k, 120 if k == 3 else 400)
    assert [f(n) for n in range(len(truth))] == truth


def smallest_period(g):
    """(n0, p) by the definition on a long table: the smallest start from which some period holds to
    the end (with room to repeat three times), then the smallest such period."""
    best = None
    for p in range(1, len(g) // 4):
        bad = [n for n in range(len(g) - p) if g[n] != g[n + p]]
        n0 = bad[-1] + 1 if bad else 0
        if best is None or n0 < best[0]:
            best = (n0, p)
    return best


SNIM_RULES = [(2, 5), (1, 3, 4), (2, 3, 7), (4, 5, 11), (3, 4, 6, 10), (2, 4, 7), (3, 5, 9)]


@pytest.mark.parametrize("members", SNIM_RULES)
def test_snim_periods_are_certified_by_the_subtraction_bound(capsys, members):
    rule = "snim:" + ",".join(map(str, members))
    truth = naive_snim(members, 3000)
    n0, p = smallest_period(truth[:600])
    status, out, _ = run(capsys, "pattern", rule, "--upto", "300")
    assert status == 0
    where = f"from n = {n0} (preperiod {n0})" if n0 else "(no preperiod)"
    assert out.splitlines()[0].startswith(f"period {p} {where}: g(n) = g(n − {p})"), (n0, p, out)
    assert out.splitlines()[1].startswith("certified by the subtraction-game bound")
    f = as_function(python_line(capsys, rule, "--upto", "300"))
    assert [f(n) for n in range(3000)] == truth


@pytest.mark.parametrize("rule", ["grundy", "subtract:squares"])
def test_grundys_game_and_subtract_a_square_get_no_pattern(capsys, rule):
    status, out, err = run(capsys, "pattern", rule, "--upto", "3000")
    assert (status, err) == (0, "")
    assert out == "no pattern found\nno pattern found up to n = 3000 (3001 values)\n"
    assert python_line(capsys, rule, "--upto", "3000") == "None"


def test_the_default_table_of_a_rule_is_g_0_to_10000(capsys):
    status, out, _ = run(capsys, "pattern", "grundy")
    assert status == 0 and out.endswith("no pattern found up to n = 10000 (10001 values)\n")


# -- planted patterns, through game files --------------------------------------------------------------
PLANTED = {
    # name: (g as Python, the family's first words)
    "periodic": ("[5, 0, 3][n] if n < 3 else [1, 2, 0, 0, 4][(n - 3) % 5]", "period 5 from n = 3"),
    "saltus": ("[9, 9][n] if n < 2 else [0, 2, 1][(n - 2) % 3] + 2 * ((n - 2) // 3)",
               "arithmetic-periodic, period 3 and saltus 2 from n = 2"),
    "n_plus": ("0 if n < 4 else n + [0, 2, -1, 0, 1, -2][n % 6]",
               "n plus a correction of period 6 from n = 4"),
    "linear": ("7 if n < 3 else [1, 3, 2][n % 3] * n + [0, 1, 4][n % 3]",
               "linear on the residue classes mod 3 from n = 3"),
    "constant": ("[4, 1, 2, 0, 6, 3][n] if n < 6 else 2", "eventually constant from n = 6"),
}


def planted_file(tmp_path, name: str, formula: str) -> str:
    """A game on integers with g(n) = formula: heap n moves to a Nim heap of each value below it."""
    return game_file(tmp_path, name, f"""\
        start = 0

        def g(n):
            return {formula}

        def options(p):
            if isinstance(p, tuple):          # ("nim", v): a Nim heap of v
                return [("nim", u) for u in range(p[1])]
            return [("nim", v) for v in range(g(p))]
        """)


@pytest.mark.parametrize("name", sorted(PLANTED))
def test_planted_patterns_are_found_exactly_and_their_line_is_right_far_beyond_the_table(capsys, tmp_path,
                                                                                          name):
    formula, words = PLANTED[name]
    path = planted_file(tmp_path, name, formula)
    status, out, err = run(capsys, "pattern", path, "--upto", "150")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith(words), lines[0]
    assert lines[1].startswith("holds for every n ≤ 150 (checked on g(0..150)); not certified")
    planted = as_function(formula)
    pasted = as_function(python_line(capsys, path, "--upto", "150"))
    assert all(pasted(n) == planted(n) for n in [*range(3000), 10**15, 10**15 + 1, 10**15 + 2])


def test_a_random_table_gets_no_pattern(capsys, tmp_path):
    rng = random.Random(24)
    values = [rng.randrange(6) for _ in range(301)]
    path = planted_file(tmp_path, "noise", f"{values}[n]")
    status, out, _ = run(capsys, "pattern", path, "--upto", "300")
    assert status == 0 and out == "no pattern found\nno pattern found up to n = 300 (301 values)\n"


def test_grundys_game_from_its_file_gets_no_pattern(capsys):
    status, out, _ = run(capsys, "pattern", "sgstudio/games/custom/examples/grundy.py", "--upto", "400")
    assert status == 0 and out == "no pattern found\nno pattern found up to n = 400 (401 values)\n"


# -- games on pairs ------------------------------------------------------------------------------------
def wythoff_p(limit: int) -> set[tuple[int, int]]:
    """Wythoff's P-positions below ``limit`` by his construction: a_n the least number not yet used,
    b_n = a_n + n (no irrational number)."""
    used: set[int] = set()
    out: set[tuple[int, int]] = set()
    a = n = 0
    while a < limit:
        while a in used:
            a += 1
        used.update((a, a + n))
        out.update({(a, a + n), (a + n, a)})
        n += 1
    return {(x, y) for x, y in out if x < limit and y < limit}


def test_wythoffs_p_positions_from_its_file(capsys):
    path = "sgstudio/games/custom/examples/wythoff.py"
    status, out, _ = run(capsys, "pattern", path, "--upto", "63")
    assert status == 0
    assert out.splitlines()[0] == ("P-positions (g = 0) exactly at (⌊nα⌋, ⌊nβ⌋) and their mirror images "
                                   "(⌊nβ⌋, ⌊nα⌋) for n ≥ 0, α = (1 + √5)/2 = φ, β = (3 + √5)/2 = φ²")
    assert out.splitlines()[1].startswith("holds for every x < 64, y < 64 (checked on the whole table)")
    expr = python_line(capsys, path, "--upto", "63")
    assert expr.startswith("P: ")
    is_p = as_function(expr[3:], "x,y")
    truth = wythoff_p(3000)
    assert {(x, y) for x in range(400) for y in range(400) if is_p(x, y)} == \
        {(x, y) for x, y in truth if x < 400 and y < 400}
    assert all(is_p(x, y) for x, y in truth)  # every P-position far beyond the 64 x 64 table
    assert not any(is_p(x, y + 1) or is_p(x + 1, y) for x, y in truth)


def test_two_heap_nim_from_a_file_is_x_xor_y(capsys, tmp_path):
    path = game_file(tmp_path, "nim2", """\
        start = (3, 4)

        def options(p):
            a, b = p
            return [(k, b) for k in range(a)] + [(a, k) for k in range(b)]
        """)
    status, out, _ = run(capsys, "pattern", path, "--upto", "20")
    assert status == 0 and out.splitlines()[0] == "g(x, y) = x ⊕ y (x XOR y, two-heap Nim)"
    assert python_line(capsys, path, "--upto", "20") == "x ^ y"
    # the plain search: a position loses exactly when every move goes to a winning one
    lose: dict[tuple[int, int], bool] = {}
    for x in range(24):
        for y in range(24):
            lose[x, y] = all(not lose[k, y] for k in range(x)) and all(not lose[x, k] for k in range(y))
    assert {p for p, v in lose.items() if v} == {(x, x) for x in range(24)}


def test_a_game_without_start_on_pairs_is_tried_as_pairs(capsys, tmp_path):
    path = game_file(tmp_path, "sub", """\
        def options(p):
            a, b = p                          # take 1 or 2 from one heap
            return [(a - k, b) for k in (1, 2) if k <= a] + [(a, b - k) for k in (1, 2) if k <= b]
        """)
    expr = python_line(capsys, path, "--upto", "30")
    f = as_function(expr, "x,y")
    assert all(f(x, y) == (x % 3) ^ (y % 3) for x in range(200) for y in range(0, 200, 7)), expr


# -- bad input -------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("argv", "says"), [
    (["0.7x"], "sgstudio: bad rule '0.7x': column 4"),
    (["0.77", "--upto", "ten"], "sgstudio: --upto must be an integer"),
    (["missing.py"], "sgstudio: missing.py: cannot read: No such file or directory"),
])
def test_bad_input_is_one_line_and_status_2(capsys, argv, says):
    status, out, err = run(capsys, "pattern", *argv)
    assert (status, out) == (2, "")
    assert err.startswith(says) and err.count("\n") == 1, err


def test_a_broken_or_loopy_or_odd_game_file_is_one_line_and_status_2(capsys, tmp_path):
    broken = game_file(tmp_path, "broken", "start = 3\ndef options(n):\n    return [n - 1] + 1/0\n")
    loopy = game_file(tmp_path, "loopy", "start = 0\ndef options(n):\n    return [(n + 1) % 3]\n")
    odd = game_file(tmp_path, "odd", "start = 'abc'\ndef options(p):\n    return []\n")
    for path, says in ((broken, "broken.py:3: ZeroDivisionError"), (loopy, "the game has cycles"),
                       (odd, "start = 'abc' is neither an integer nor a pair of integers")):
        status, out, err = run(capsys, "pattern", path)
        assert (status, out) == (2, ""), err
        assert says in err and err.count("\n") == 1 and err.startswith("sgstudio: "), err


def test_split_nim_with_many_parts_is_checked_only_and_says_why(capsys):
    status, out, _ = run(capsys, "pattern", "split:8", "--upto", "2000")
    assert status == 0
    assert out.splitlines()[1] == ("holds for every n ≤ 2000 (checked on g(0..2000)); not certified: the "
                                   "pattern is not split:8's closed form")
    truth = naive_splitnim(8, 40)  # the early values by the definition (8 parts: no split below 8)
    f = as_function(python_line(capsys, "split:8", "--upto", "2000"))
    assert [f(n) for n in range(40)] == truth
