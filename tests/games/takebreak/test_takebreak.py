"""Take-and-break games: values against a naive mex over every option, outcomes and winning moves
against a rules-only win/lose search (tests/oracles.py, no Sprague-Grundy theory), the S-Nim and
split-nim engines, published sequences (OEIS) and periods, the sparse-space method against the
values it must not change, huge heaps through certified periods, and the play protocol.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from oracles import splitnim_wins, takebreak_children, takebreak_wins

from sgstudio.core.mex import mex
from sgstudio.core.outcome import Outcome
from sgstudio.core.play.session import Game, Mode, PlaySession
from sgstudio.games.snim.game import SubtractionGame
from sgstudio.games.splitnim.game import SplitNim, closed_form
from sgstudio.games.takebreak import game as tb
from sgstudio.games.takebreak import values as tv
from sgstudio.games.takebreak.game import LegalMoves, MoveError, TakeBreakGame
from sgstudio.games.takebreak.moves import count_partitions, move_text, partitions
from sgstudio.games.takebreak.parse import parse_rule
from sgstudio.games.takebreak.rules import HEX

# Published sequences (OEIS A002186 Kayles, A002187 Dawson's chess, A002188 Grundy's game), from n = 0.
KAYLES = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2,
          1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8,
          1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7,
          4, 1, 2, 8, 1, 4, 7, 2, 1]
DAWSONS_CHESS = [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
                 5, 2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2,
                 1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1,
                 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9,
                 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4]
GRUNDY = [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1, 2,
          4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3, 2, 1, 3, 2, 4, 3,
          2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3, 7, 4, 3, 7, 4, 3, 5, 2, 3,
          5, 2, 3, 5, 2, 3]
# Flammenkamp's list of the sparse ("rare") values of Grundy's game, heaps 1..231 (mask 0111...).
GRUNDY_RARE_TO_231 = [1, 2, 3, 4, 6, 7, 9, 10, 12, 15, 20, 23, 26, 28, 31, 34, 37, 40, 43, 46, 49, 50, 52,
                      53, 55, 58, 61, 87, 90, 93, 146, 149, 152, 158, 161, 164, 167, 176, 179, 181, 182,
                      185, 188, 190, 193, 196, 231]


def naive_values(digits, n, distinct=False):
    """g(0..n-1) by the definition: the mex over every option of the XOR of the heaps it leaves."""
    g: list[int] = []
    for h in range(n):
        options = []
        for child in takebreak_children(h, digits, distinct):
            x = 0
            for part in child:
                x ^= g[part]
            options.append(x)
        g.append(mex(options))
    return g


def code_text(digits):
    return HEX[digits[0]] + "." + "".join(HEX[d] for d in digits[1:])


codes = st.tuples(st.sampled_from([0, 4, 8, 12]), st.lists(st.integers(0, 15), min_size=1, max_size=4))
two_heap_codes = st.tuples(st.sampled_from([0, 4]), st.lists(st.integers(0, 7), min_size=1, max_size=4))


@pytest.fixture
def compiled(monkeypatch):
    """Every kernel call goes to numba (small jobs would otherwise run the Python source)."""
    monkeypatch.setattr(tv, "PYTHON_WORK", -1)


# -- values ---------------------------------------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(codes)
def test_values_equal_a_naive_mex_over_every_option(code):
    d0, rest = code
    digits = [d0, *rest]
    assert TakeBreakGame(code_text(digits)).values(48).tolist() == naive_values(digits, 48)


@settings(max_examples=25, deadline=None)
@given(two_heap_codes)
def test_sparse_space_and_plain_methods_give_the_same_values(code):
    """The sparse-space method (forced on from heap 40 with any mask) and the plain kernel agree with
    the definition: the mask only changes the speed."""
    d0, rest = code
    digits = [d0, *rest]
    expected = naive_values(digits, 150)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(tv, "SPARSE_FROM", 40)
        mp.setattr(tv, "MAX_RARE_SHARE", 1.0)
        mp.setattr(tv.ValueTable, "_sparse_pays", lambda self: True)
        table = tv.ValueTable(parse_rule(code_text(digits)))
        assert table.values(150).tolist() == expected
    plain = tv.ValueTable(parse_rule(code_text(digits)))
    plain.method, plain._decided = "plain", True
    assert plain.values(150).tolist() == expected


@settings(max_examples=10, deadline=None)
@given(st.sampled_from([0, 4]), st.lists(st.integers(0, 7), min_size=3, max_size=7))
@example(0, [6] * 7)  # values reach 77 by heap 120: the copies are widened
def test_the_pairs_kernel_equals_the_definition_in_narrow_and_wide_arrays(d0, rest):
    """The pairs kernel (heaps in groups of four, searches on uint16 copies of g) against the naive
    mex, with the copies widened to uint32 as soon as values may pass 63 (normally 65535)."""
    digits = [d0, *rest]
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(tv, "NARROW_TOP", 64)
        table = tv.ValueTable(parse_rule(code_text(digits)))
        values = table.values(120)
        assert values.tolist() == naive_values(digits, 120)
    if table.method != "plain" and values.max() >= 64:
        assert table._gp.dtype == np.uint32


def test_compiled_kernels_equal_the_definition(compiled, monkeypatch):
    monkeypatch.setattr(tv, "SPARSE_FROM", 200)
    for text, digits, distinct in (("grundy", [4], True), ("0.007", [0, 0, 0, 7], False),
                                   ("0.8", [0, 8], False), ("4.37", [4, 3, 7], False)):
        assert TakeBreakGame(text).values(400).tolist() == naive_values(digits, 400, distinct), text


def test_published_sequences():
    assert TakeBreakGame("0.77").values(len(KAYLES)).tolist() == KAYLES
    assert TakeBreakGame("0.137").values(len(DAWSONS_CHESS)).tolist() == DAWSONS_CHESS
    assert TakeBreakGame("grundy").values(len(GRUNDY)).tolist() == GRUNDY
    assert TakeBreakGame("0.07").values(60).tolist() == [0, *DAWSONS_CHESS[:59]]  # Dawson's Kayles


def test_grundy_sparse_space_finds_flammenkamps_mask_and_rare_values():
    table = tv.ValueTable(parse_rule("grundy"))
    values = table.values(5000)
    assert table.method == "sparse"
    assert (table.mask, table.twist, table.rho) == (0xFFFFFFFFFFFFFFFE, 0, 0)
    rare = table.rare_heaps()
    assert rare[rare <= 231].tolist() == GRUNDY_RARE_TO_231
    heaps = np.arange(1, 5000)
    classes = tv.heap_classes(values[1:], heaps, table.mask, 0)
    assert rare.tolist() == heaps[classes == 0].tolist()


@settings(max_examples=20, deadline=None)
@given(st.sets(st.integers(1, 12), min_size=1, max_size=4))
def test_snim_rules_equal_the_snim_engine_values_and_period(members):
    rule = "snim:" + ",".join(map(str, sorted(members)))
    game, snim = TakeBreakGame(rule), SubtractionGame(members)
    assert game.values(300).tolist() == snim.values(300).tolist()
    report = game.period()
    assert report.certified and (report.preperiod, report.period) == snim.period()


@pytest.mark.parametrize("parts", [2, 3, 4])
def test_split_rules_equal_the_splitnim_engine(parts):
    assert TakeBreakGame(f"split:{parts}").values(70).tolist() == SplitNim(parts).values(70).tolist()


def test_progress_reports_and_cancel_keeps_the_table_usable(monkeypatch):
    monkeypatch.setattr(tv, "CHUNK", 64)
    monkeypatch.setattr(tv, "SPARSE_FROM", 64)
    table = tv.ValueTable(parse_rule("0.6"))
    seen = []

    def progress(done, total):
        seen.append((done, total))
        if done >= 256:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        table.values(1000, progress)
    assert seen[0][1] == 1000 and seen[-1][0] == 256 and table.computed == 256
    assert table.values(300).tolist() == naive_values([0, 6], 300)


# -- periods --------------------------------------------------------------------------------------------
def test_kayles_and_dawsons_chess_periods_are_certified():
    kayles = TakeBreakGame("0.77").period()
    assert (kayles.preperiod, kayles.period, kayles.saltus, kayles.certified) == (71, 12, 0, True)
    chess = TakeBreakGame("0.137")
    report = chess.period()
    assert (report.preperiod, report.period, report.certified) == (52, 34, True)
    g = chess.values(200)
    assert g[51] != g[51 + 34]  # 51 is the last exception
    assert all(g[n] == g[n + 34] for n in range(52, 166))


def test_periods_without_a_theorem_are_never_certified():
    grundy = TakeBreakGame("grundy").period(4000)
    assert not grundy.certified and grundy.headline() == "no period found within 4000 values"
    growing = TakeBreakGame("0.8").period(5000)
    assert growing.found and not growing.certified and growing.saltus == 1
    assert "not certified" in growing.certificate
    lasker = TakeBreakGame("split:2").period()
    assert lasker.certified and lasker.headline() == "preperiod 1 period 4 saltus 4"


def test_huge_heaps_go_through_the_certified_period():
    kayles = TakeBreakGame("0.77")
    h = 10**40 + 5
    assert kayles.grundy(h) == KAYLES[71 + (h - 71) % 12]
    lasker = TakeBreakGame("split:2")
    assert lasker.grundy(10**30 + 3) == closed_form(10**30 + 3, 2)
    for game, position in ((kayles, (h, 7)), (lasker, (10**30 + 3, 5))):
        moves = game.winning_moves(position)
        assert moves and all(game.value(game.apply(position, m)) == 0 for m in moves)


@pytest.mark.parametrize("rule", ["0.77", "0.137", "0.07", "snim:2,5,6", "split:2"])
def test_heaps_past_the_table_through_the_period_equal_the_direct_values(rule, monkeypatch):
    """With the direct range cut to nothing, every heap past the table is answered by the certified
    period (with its saltus, split:2), never by growing the table; the answers are the values a
    fresh table computes directly, singly, many at once, and in positions with a heap of 10^18."""
    monkeypatch.setattr(tb, "DIRECT", 0)
    game = TakeBreakGame(rule)
    report = game.period()
    assert report.certified
    known = game.table.computed
    top = known + 3000
    direct = TakeBreakGame(rule).values(top).astype(np.int64)
    heaps = np.arange(known, top)
    assert [game.grundy(int(h)) for h in heaps] == direct[known:].tolist()
    assert game.grundy_many(heaps).tolist() == direct[known:].tolist()
    assert game.table.computed == known
    n0, p, s = report.preperiod, report.period, report.saltus
    huge = 10**18 + 5
    r = n0 + (huge - n0) % p
    assert game.grundy(huge) == int(direct[r]) + (huge - r) // p * s
    assert game.value((huge, top - 1, 7)) == game.grundy(huge) ^ int(direct[top - 1]) ^ int(direct[7])


# -- positions against the rules-only search ---------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(codes, st.lists(st.integers(0, 9), min_size=1, max_size=3))
def test_outcomes_and_winning_moves_match_the_rules_only_search(code, heaps):
    d0, rest = code
    digits = [d0, *rest]
    game, wins = TakeBreakGame(code_text(digits)), takebreak_wins(digits)
    position = tuple(heaps)
    assert game.outcome(position) == (Outcome.WIN if wins(position) else Outcome.LOSE)
    legal = list(game.legal_moves(position))
    assert len(legal) == len(game.legal_moves(position))
    assert sorted((i, a) for i, _, a in legal) == sorted(
        (i, c) for i, h in enumerate(heaps) for c in takebreak_children(h, digits))
    winning = {m for m in legal if not wins(game.apply(position, m))}
    assert set(game.winning_moves(position)) == winning
    assert len(game.winning_moves(position)) == len(winning)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(0, 13), min_size=1, max_size=3))
def test_grundy_and_split_positions_match_the_searches(heaps):
    position = tuple(heaps)
    grundy, wins = TakeBreakGame("grundy"), takebreak_wins([4], distinct=True)
    assert (grundy.value(position) != 0) == wins(position)
    assert set(grundy.winning_moves(position)) == {
        m for m in grundy.legal_moves(position) if not wins(grundy.apply(position, m))}
    split = TakeBreakGame("split:3")
    assert (split.value(position) != 0) == splitnim_wins(position, 3)


# -- moves, text, the play protocol ---------------------------------------------------------------------
def test_move_text_round_trips_and_bad_moves_are_refused():
    game = TakeBreakGame("0.137")
    position = (17, 4, 9)
    for move in game.legal_moves(position):
        assert game.parse_move(move_text(move), position) == move
    assert game.parse_move("heap 1: leave 5 + 9", position) == (0, 3, (5, 9))
    with pytest.raises(MoveError, match="does not allow"):
        game.apply(position, (0, 1, (7, 9)))  # 0.137 removes 1 only when nothing is left
    with pytest.raises(MoveError, match="column 6: there is no heap 4"):
        game.parse_move("heap 4: take 1", position)
    with pytest.raises(MoveError, match="heap 2 has 4 tokens, not 5"):
        game.parse_move("heap 2: 5 -> take 1, leave 4", position)
    with pytest.raises(MoveError, match="expected 'take', 'split' or 'leave'"):
        game.parse_move("heap 2: grab 1", position)


def test_explain_states_the_move_and_the_values():
    game = TakeBreakGame("0.77")
    position = (17, 3)
    move = game.winning_moves(position)[0]
    text = game.explain(position, move)
    assert text.startswith(move_text(move)) and text.endswith(f"value {game.value(position)} -> 0")
    records = game.winning_move_records(position)
    assert [m for m, _, _ in records] == game.winning_moves(position)
    assert all(f"{t}, {r}" == game.explain(position, m) for m, t, r in records)


def test_partition_counts_match_the_enumeration():
    for m in range(0, 16):
        for parts in range(0, 5):
            for distinct in (False, True):
                if distinct and parts != 2:
                    continue
                assert count_partitions(m, parts, distinct) == len(list(partitions(m, parts, distinct)))


def test_play_protocol_and_hooks():
    game = TakeBreakGame("0.07")
    assert isinstance(game, Game) and isinstance(game.legal_moves((5,)), LegalMoves)
    session = PlaySession(game, (9, 6), mode=Mode.COMPUTER_VS_COMPUTER)
    records = session.run_to_end()
    assert session.is_over and session.winner == session.predicted_winner
    assert len(records) <= game.remaining_length((9, 6))
    huge = (10**12, 10**12 + 1)
    chosen = game.candidate_moves(huge, 5)
    assert chosen == game.candidate_moves(huge, 5) and len(chosen) == 5
    assert all(game.apply(huge, m) for m in chosen)
    assert next(iter(game.legal_moves(huge))) == chosen[0]


def test_rules_in_words_and_codes():
    assert parse_rule("0.34").describe() == "take 1 leaving 0 or 1 heaps; take 2 leaving 2 heaps"
    assert parse_rule("4.07").describe() == "split a heap into 2 heaps; take 2 leaving 0, 1 or 2 heaps"
    assert parse_rule("grundy").describe() == "split a heap into 2 unequal heaps"
    assert parse_rule("snim:1,2,5").describe() == "take 1, 2 or 5 leaving 0 or 1 heaps"
    assert parse_rule(" 0.770 ").text == "0.77" and parse_rule("C.3").text == "c.3"
    for text in ("0.77", "4.07", "0.137", "8.31", "snim:3,1"):
        rule = parse_rule(text)
        assert parse_rule(rule.code).clauses == rule.clauses


@pytest.mark.parametrize(("text", "column", "expected"), [
    ("0.1g7", 4, "a hexadecimal digit"),
    ("2.1", 1, "0, 4, 8 or c before the point"),
    ("0,7", 2, "'.'"),
    ("0.", 3, "a hexadecimal digit after the point"),
    ("", 1, "a code such as 0.137"),
    ("snim:1,x", 8, "a positive integer"),
    ("snim:1,0", 8, "a positive integer"),
    ("split:one", 7, "an integer K"),
    ("grundy:2", 7, "nothing after 'grundy'"),
    ("kayles", 1, "unknown rule name"),
])
def test_bad_rules_name_the_column_and_what_was_expected(text, column, expected):
    with pytest.raises(ValueError, match=f"column {column}: .*{expected}") as info:
        parse_rule(text)
    assert info.value.column == column


@pytest.mark.parametrize("code", ["grundy", "0.07", "4.7"])
def test_a_heap_with_more_splits_than_the_window_still_has_its_winning_move(code, monkeypatch):
    """Past MAX_SPLITS the splits are searched in a window; where the window holds no move to the
    value sought, the whole heap is searched (the mex promises one): play never finds a non-zero
    nim-sum without a move (``play sum grundy:16000000`` failed at move 27). The window is shrunk
    here so that small heaps take the big path; every move listed is checked on the rules."""
    monkeypatch.setattr(tb, "MAX_SPLITS", 4)
    monkeypatch.setattr(tb, "SPLIT_WINDOW", 3)
    game = TakeBreakGame(code)
    g = game.values(160)
    for h in range(1, 160):
        for other in (0, 1, 5):
            position = (h, other)
            if g[h] ^ g[other] == 0:
                continue
            moves = game.winning_moves(position)
            assert moves, (code, position)
            for move in moves:
                after = game.apply(position, move)
                assert int(np.bitwise_xor.reduce(g[list(after)])) == 0 if after else True
