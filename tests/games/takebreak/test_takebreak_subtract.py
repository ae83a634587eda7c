"""``subtract:NAME`` (issue 16's infinite S in the take-and-break rule syntax): parsing, values against
a naive mex, outcomes and winning moves of TakeBreakGame against a rules-only search (tests/oracles.py),
periods never certified, huge heaps answered through a certified period (finite S) or refused in one
line beyond the table's cap (infinite S), and ``sgstudio values`` / ``period`` on these rules.

The members of each set are generated here, independently of sgstudio.games.snim.subtraction.sets.
"""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles import snim_wins

from sgstudio.cli import main as cli
from sgstudio.core.play.session import Mode, PlaySession
from sgstudio.games.snim.game import SubtractionGame
from sgstudio.games.takebreak import game as tb
from sgstudio.games.takebreak.cli import decimal_bytes
from sgstudio.games.takebreak.game import TakeBreakError, TakeBreakGame
from sgstudio.games.takebreak.parse import parse_rule
from sgstudio.games.takebreak.rules import RuleError


def _up_to(limit, terms):
    out = []
    for t in terms:
        if t > limit:
            return out
        if t not in out:
            out.append(t)
    return out


def _fibonacci():
    a, b = 1, 2
    while True:
        yield a
        a, b = b, a + b


def _factorials():
    f, k = 1, 1
    while True:
        yield f
        k += 1
        f *= k


def members(name, limit):
    """The members <= limit of the named set, by their definitions."""
    if name == "squares":
        return [k * k for k in range(1, limit + 1) if k * k <= limit]
    if name == "primes":
        return [p for p in range(2, limit + 1) if all(p % d for d in range(2, int(p**0.5) + 1))]
    if name == "triangular":
        return [k * (k + 1) // 2 for k in range(1, limit + 1) if k * (k + 1) // 2 <= limit]
    return _up_to(limit, _fibonacci() if name == "fibonacci" else _factorials())


NAMES = ["squares", "primes", "fibonacci", "triangular", "factorials"]
GAMES = {name: TakeBreakGame(f"subtract:{name}") for name in NAMES}


def naive_values(name, n):
    s = members(name, n)
    g: list[int] = []
    for x in range(n):
        seen = {g[x - m] for m in s if m <= x}
        g.append(next(v for v in range(len(s) + 1) if v not in seen))
    return g


# -- rules --------------------------------------------------------------------------------------------
def test_the_five_rules_parse_and_say_what_they_are():
    for name in NAMES:
        rule = parse_rule(f" Subtract:{name.upper()} ")
        assert rule.text == f"subtract:{name}" and rule.family == "subtract" and not rule.finite
        assert rule.code is None and rule.max_parts == 1 and rule.max_removal is None
    assert parse_rule("subtract:squares").describe() == "take a square (1, 4, 9, ...) leaving 0 or 1 heaps"
    assert parse_rule("subtract:primes").name == "subtract-a-prime"


@pytest.mark.parametrize(("text", "column", "expected"), [
    ("subtract:", 10, "a set name after 'subtract:'"),
    ("subtract:cubes", 10, "one of squares, primes"),
    ("subtract: evens", 11, "one of squares, primes"),
    ("subtract", 9, "':' and a set name after 'subtract'"),
])
def test_bad_subtract_rules_name_the_column(text, column, expected):
    with pytest.raises(RuleError, match=f"column {column}: .*{expected}") as info:
        parse_rule(text)
    assert info.value.column == column


# -- values, positions, moves -----------------------------------------------------------------------------
@pytest.mark.parametrize("name", NAMES)
def test_values_equal_a_naive_mex_over_the_members(name):
    assert GAMES[name].values(700).tolist() == naive_values(name, 700)


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(NAMES), st.lists(st.integers(0, 26), min_size=1, max_size=3))
def test_outcomes_and_winning_moves_match_the_rules_only_search(name, heaps):
    game, position = GAMES[name], tuple(heaps)
    wins = snim_wins(members(name, max(heaps)))
    assert (game.value(position) != 0) == wins(position)
    legal = list(game.legal_moves(position))
    expected = [(i, s, (h - s,) if h > s else ()) for i, h in enumerate(position) for s in members(name, h)]
    assert sorted(legal) == sorted(expected) and len(game.legal_moves(position)) == len(expected)
    winning = {m for m in legal if not wins(game.apply(position, m))}
    assert set(game.winning_moves(position)) == winning


def test_moves_in_words_and_illegal_takes():
    game, g = GAMES["squares"], naive_values("squares", 14)
    words = f"heap 1: 13 -> take 9, leave 4, value {g[13] ^ g[2]} -> {g[4] ^ g[2]}"
    assert game.explain((13, 2), (0, 9, (4,))) == words
    assert game.parse_move("heap 1: take 4, leave 9", (13, 2)) == (0, 4, (9,))
    assert game.apply((16,), game.parse_move("heap 1: take 16", (16,))) == ()
    with pytest.raises(ValueError, match="does not allow"):
        game.apply((13,), (0, 3, (10,)))


def test_a_game_is_played_to_the_end_as_predicted():
    session = PlaySession(GAMES["primes"], (11, 20, 7), mode=Mode.COMPUTER_VS_COMPUTER)
    session.run_to_end()
    assert session.is_over and session.winner == session.predicted_winner


# -- huge heaps ---------------------------------------------------------------------------------------------
def test_heaps_beyond_the_cap_of_an_infinite_s_are_refused_in_one_line(monkeypatch):
    monkeypatch.setattr(tb, "DIRECT", 1000)
    monkeypatch.setattr(tb, "LIMIT", 4000)
    game = TakeBreakGame("subtract:squares")
    assert game.grundy(3999) == naive_values("squares", 4000)[3999]  # up to the cap: from the table
    for ask in (lambda: game.grundy(4000), lambda: game.value((5, 10**40)),
                lambda: game.winning_moves((10**12, 3))):
        with pytest.raises(TakeBreakError, match="only a certified period answers") as info:
            ask()
        assert "\n" not in str(info.value)


def test_huge_heaps_of_a_finite_s_go_through_its_certified_period():
    game, snim = TakeBreakGame("snim:2,5,6"), SubtractionGame([2, 5, 6])
    heaps = (10**30 + 7, 10**18 + 1, 4)
    assert [game.grundy(h) for h in heaps] == [snim.grundy(h) for h in heaps]
    moves = game.winning_moves(heaps)
    assert moves and all(game.value(game.apply(heaps, m)) == 0 for m in moves)
    assert {(i, take) for i, take, _ in moves} == set(snim.winning_moves(heaps))


# -- periods ------------------------------------------------------------------------------------------------
def test_periods_of_an_infinite_s_are_never_certified():
    report = TakeBreakGame("subtract:squares").period(6000)
    assert not report.certified and report.headline() == "no period found within 6000 values"
    factorials = TakeBreakGame("subtract:factorials").period(4000)  # 5040 is not yet a member
    assert not factorials.certified and "infinite" in factorials.certificate
    assert factorials.checked == 4000  # looked to the end: a later member may break the pattern


# -- the command line ---------------------------------------------------------------------------------------
def test_values_and_period_on_the_command_line(capsys):
    assert cli.main(["values", "subtract:fibonacci", "60"]) == 0
    assert capsys.readouterr().out == " ".join(map(str, naive_values("fibonacci", 60))) + "\n"
    assert cli.main(["values", "subtract:triangular", "30", "--json"]) == 0
    assert capsys.readouterr().out == str(naive_values("triangular", 30)) + "\n"
    assert cli.main(["period", "subtract:primes", "--max", "3000"]) == 0
    assert capsys.readouterr().out == "no period found within 3000 values\n"
    assert cli.main(["values", "subtract:cubes", "5"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith("sgstudio: bad rule 'subtract:cubes': column 10: expected one of squares")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 1200), max_size=300) | st.lists(st.integers(0, 2**32 - 1), max_size=30),
       st.sampled_from([b" ", b", "]))
def test_the_fast_formatter_prints_what_str_join_prints(values, sep):
    """Small values go through the table of texts, large ones through str()."""
    for dtype in (np.uint32, np.int64):
        assert decimal_bytes(np.array(values, dtype), sep) == sep.join(str(v).encode() for v in values)


def test_a_small_values_job_on_a_named_set_loads_no_numba(tmp_path):
    code = ("import sys; from sgstudio.cli import main as cli; "
            "cli.main(['values', 'subtract:squares', '300']); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('numba', 'PySide6', 'networkx')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=tmp_path).stdout.splitlines()
    assert out[0].split()[:5] == ["0", "1", "0", "1", "2"] and out[1] == "[]"
