"""Games as the literature publishes them, computed by the sweep's job and checked by its comparison.

Sources (the values below are quoted from them):
- OEIS A002186 (Kayles, octal .77 and .771; Winning Ways p. 91; Guy and Smith 1956): values from
  n = 0, eventually periodic with period 12 (Winning Ways: the last exception is at n = 70);
- OEIS A002187 (Dawson's chess, .137; Winning Ways pp. 89 and 102): values from n = 0, period 34 with
  the only exceptions at n = 0, 14, 16, 17, 31, 34 and 51; Dawson's Kayles .07 has values a(n - 1);
- tczajka/octal-games, TrivialGames.md ("game | prefix | period | nimbers", games solved within
  1000 heaps; games without a move on their first heaps are listed from the first heap with one),
  GameLookup.md (.3 plays as 4, .33 as .22) and README.md (".161 should not map to .36. The first
  difference between these two games is at heap size 519"; in Winning Ways' game locator ".27
  should map to .26 (rather than .06)").
"""

from __future__ import annotations

import numpy as np
import pytest

from sgstudio.games.takebreak.sweep.compare import compare, dead_heaps, read_table
from sgstudio.games.takebreak.sweep.groups import find_groups
from sgstudio.games.takebreak.sweep.job import run_game

A002186 = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1,
           8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8, 1, 4,
           7, 2]
A002187 = [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7,
           4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3,
           7, 4]
TRIVIAL = "\n".join([
    'game  | prefix | period | nimbers',
    ':---- | -----: | -----: | :-----------',
    '4     |      0 |      2 | (01)',
    '.1    |      2 |      1 | 01(0)',
    '.4    |     52 |     34 | 0112031103322405223301130211045274011203110332244552(33011302110453748'
    '11203110332244559)',
    '.02   |      0 |      4 | (0110)',
    '.11   |      3 |      1 | 011(0)',
    '.12   |      1 |      4 | 0(1001)',
    '.15   |      1 |     10 | 0(1101122122)',
    '.22   |      0 |      3 | (012)',
    '.26   |      0 |      4 | (0123)',
    '.31   |      3 |      2 | 012(01)',
    '.32   |      1 |      3 | 0(102)',
    '.34   |      7 |      8 | 0101201(03121203)',
    '.52   |      4 |      4 | 0102(2103)',
    '.77   |     71 |     12 | 0123143214264127143214674128547218674123147218274128147214274128147218'
    '6(741281472182)',
    '4.3   |      2 |      2 | 01(20)',
    '.116  |    139 |     96 | 011002120211044152411204120411544252021544858282524A1A0A52425114051202'
    '114A514201120A120A1189818201120A12061104415241120415041152425A0A15428(58285524A1A0A5242511405120'
    '2114A514201120A120A818981C201120A12061104415241120415041152425A0A1542C)',
    '4.444 |    142 |     24 | 0123456732897654328945CD982345FE328976543289DCFE982345GHAB89EF5432GHDC'
    'FE982345673289EF5432GH45FE982345GH3289EF54328945FE982345GH3289EF5432GHDC(FE982345GH3289EF5432GH4'
    '5)',
]) + "\n"
"""Rows of TrivialGames.md as published (4.444 has values up to G = 16: base-36 digits)."""


def test_kayles_as_published():
    result = run_game("0.77", 1000)
    assert (result.status, result.preperiod, result.period) == ("certified", 71, 12)
    assert result.values()[: len(A002186)].tolist() == A002186
    assert run_game("0.771", 1000).digest == result.digest  # A002186: .77 and .771


def test_dawsons_kayles_and_chess_as_published():
    chess, kayles = run_game("0.137", 1000), run_game("0.07", 1000)
    assert chess.values()[: len(A002187)].tolist() == A002187
    assert kayles.values()[1 : len(A002187) + 1].tolist() == A002187  # .07 has values a(n - 1)
    g = chess.values()
    exceptions = [n for n in range(200) if g[n] != g[n + 34 * 10]]  # differs from the periodic value
    assert exceptions == [0, 14, 16, 17, 31, 34, 51]
    assert (chess.status, chess.preperiod, chess.period) == ("certified", 52, 34)
    assert (kayles.status, kayles.preperiod, kayles.period) == ("certified", 53, 34)


def test_the_trivial_games_come_out_as_published():
    rows = read_table(TRIVIAL, "TrivialGames.md")
    results = {row.code: run_game(row.code, 1000) for row in rows}
    found = compare(rows, results, "TrivialGames.md")
    assert (found.disagreements, found.unconfirmed, found.missing) == ([], [], [])
    assert found.agreed == [row.code for row in rows] and len(rows) == 17
    shifted = []
    for row in rows:  # and directly: the certified period, the values from the first heap with a move
        r, dead = results[row.code], dead_heaps(row.code, 1000)
        assert r.certified and r.period == row.period and max(0, r.preperiod - dead) == row.preperiod
        published = [*row.prefix, *row.cycle]
        assert r.values()[dead : dead + len(published)].tolist() == published
        shifted += [row.code] * (dead > 0)
    assert shifted == ["4.0", "0.4", "0.02", "0.22", "0.26", "4.444"]


@pytest.mark.parametrize(("code", "published"), [("0.3", "(01)"), ("0.33", "(012)")])
def test_games_the_lookup_tables_map_to_trivial_ones(code, published):
    text = f"game | preperiod | period | nimbers\n{code} | 0 | {len(published) - 2} | {published}\n"
    rows = read_table(text, "GameLookup.md")
    assert compare(rows, {code: run_game(code, 1000)}).agreed == [code]


def test_what_later_solvers_found_in_the_tables():
    a, b = run_game("0.161", 1000), run_game("0.36", 1000)
    assert int(np.flatnonzero(a.values() != b.values())[0]) == 519
    assert find_groups([run_game("0.161", 519), run_game("0.36", 519)]).group_of["0.161"] == "0.36"
    assert find_groups([a, b]).group_of["0.161"] == "0.161"
    groups = find_groups(run_game(code, 1000) for code in ("0.06", "0.26", "0.27"))
    assert groups.group_of["0.27"] == "0.26" and groups.group_of["0.06"] == "0.06"


def test_a_wrong_published_row_is_found_and_named():
    wrong = TRIVIAL.replace("01231432142641271432146741285472186741231472182741281472142741281472186",
                            "01231432142641271432146741285472186741231472182741281472142741281472196")
    rows = read_table(wrong, "T.md")
    kayles = next(row for row in rows if row.code == "0.77")
    found = compare([kayles], {"0.77": run_game("0.77", 1000)}, "T.md")
    assert [str(d) for d in found.disagreements] == ["T.md:16: 0.77: g(69) = 8 here, 9 in the table"]
    text = "game|prefix|period|nimbers\n.77 | 59 | 12 | " + "0" * 59 + "(012345678901)\n"
    claims = read_table(text, "U.md")
    found = compare(claims, {"0.77": run_game("0.77", 1000)}, "U.md")
    assert [str(d) for d in found.disagreements] == ["U.md:2: 0.77: g(1) = 1 here, 0 in the table"]
