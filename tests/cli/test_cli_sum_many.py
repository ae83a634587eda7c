"""``sgstudio sum`` of many components (issue 21 item 11): components of one rule share one game and
its table (computed once, as far as the largest heap), each (rule, heap, target value) is searched
once, the outcome and the nim-sum are out before any move is searched, and each component's moves
as soon as they are found. What is listed is still exactly the set the rules-only search of the
whole sum finds (``oracles.whole_game_outcomes``: no values, no XOR)."""

from __future__ import annotations

import io
import json
import random
import sys

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracles import whole_game_outcomes

from sgstudio.cli import main as cli
from sgstudio.cli import sum as cli_sum
from sgstudio.games.nim.game import NimGame
from sgstudio.games.sum.game import Component, SumGame
from sgstudio.games.takebreak import game as takebreak
from sgstudio.games.takebreak.game import TakeBreakGame


def oracle(game, start):
    """The rules-only outcome of every position, and the winning moves in words (a lost position after)."""
    table = whole_game_outcomes(game, start)
    lost = [m for m in game.legal_moves(start) if table[game.apply(start, m)] == "LOSE"]
    return table, [game.move_text(m, start) for m in lost]

RULES = ["0.77", "split:3", "grundy", "0.137", "subtract:squares", "snim:1,3,4"]


def direct(text: str) -> Component:
    """The component built straight from the rules, not through the command line's reader."""
    rule, _, heaps = text.rpartition(":")
    if rule == "nim":
        return Component(NimGame(), tuple(map(int, heaps.split(","))))
    return Component(TakeBreakGame(rule), (int(heaps),))


@st.composite
def repeated_components(draw):
    """2-4 components of few rules, often the same rule and heap again (what the cache shares)."""
    kinds = draw(st.lists(st.sampled_from([*RULES, "nim"]), min_size=1, max_size=2))
    texts = []
    for _ in range(draw(st.integers(2, 4))):
        kind = draw(st.sampled_from(kinds))
        texts.append(f"{kind}:{draw(st.integers(0, 2 if kind == 'nim' else 4))}")
    return texts


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(repeated_components())
def test_repeated_rules_and_heaps_list_exactly_the_winning_moves_of_the_whole_sum(capsys, texts):
    status = cli.main(["sum", *texts])
    out, err = capsys.readouterr()
    assert cli.main(["sum", *texts, "--json"]) == 0
    as_json = json.loads(capsys.readouterr().out)
    game, start = SumGame.of([direct(t) for t in texts])
    table, wins = oracle(game, start)
    outcome, nim_sum, *moves = out.splitlines()
    assert (status, err, outcome) == (0, "", table[start]) and nim_sum == f"nim-sum {game.value(start)}"
    assert sorted(moves) == sorted(wins) and len(set(moves)) == len(moves)
    assert [w["text"] for w in as_json["winning_moves"]] == moves and as_json["outcome"] == outcome


def test_components_of_one_rule_share_one_game_and_its_table_up_to_the_largest_heap():
    texts = ["0.77:40", "split:3:12", "0.77:300", "0.77:40", "nim:4", "split:3:90", "0.77:7"]
    components = cli_sum.read_components(texts)
    kayles = {id(c.game) for t, c in zip(texts, components, strict=True) if t.startswith("0.77:")}
    splits = {id(c.game) for t, c in zip(texts, components, strict=True) if t.startswith("split:3:")}
    assert len(kayles) == len(splits) == 1 and kayles != splits
    assert components[0].game.table.computed >= 301 and components[1].game.table.computed >= 91
    assert [c.value() for c in components] == [direct(t).value() for t in texts]


def test_each_rule_heap_and_target_is_searched_once(monkeypatch, capsys):
    asked = []
    search = TakeBreakGame.moves_to_value

    def counted(self, position, target):
        asked.append((self.rule.text, tuple(position), target))
        return search(self, position, target)

    monkeypatch.setattr(TakeBreakGame, "moves_to_value", counted)
    texts = ["0.77:4", "0.77:4", "0.77:4", "0.77:2", "0.137:2", "nim:1"]
    assert cli.main(["sum", *texts]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(asked) == len(set(asked)) == 3  # (0.77, 4, t), (0.77, 2, t'), (0.137, 2, t'')
    game, start = SumGame.of([direct(t) for t in texts])
    table, wins = oracle(game, start)
    assert lines[0] == table[start] == "WIN" and sorted(lines[2:]) == sorted(wins)
    assert sum(line.startswith(("#1 ", "#2 ", "#3 ")) for line in lines) == 3 * sum(
        line.startswith("#1 ") for line in lines) > 0  # the three equal components, each listed


class Flushes(io.StringIO):
    """Standard output that remembers what had been flushed, each time."""

    def __init__(self) -> None:
        super().__init__()
        self.flushed: list[str] = []

    def flush(self) -> None:
        self.flushed.append(self.getvalue())


def test_the_outcome_is_out_before_any_move_is_searched_and_moves_stream(monkeypatch):
    out = Flushes()
    seen_at_search: list[str] = []
    search = TakeBreakGame.moves_to_value

    def watched(self, position, target):
        seen_at_search.append(out.flushed[-1] if out.flushed else "")
        return search(self, position, target)

    monkeypatch.setattr(TakeBreakGame, "moves_to_value", watched)
    monkeypatch.setattr(sys, "stdout", out)
    texts = ["0.77:30", "0.77:17", "0.137:25", "grundy:20"]
    assert cli.main(["sum", *texts]) == 0
    monkeypatch.undo()
    lines = out.getvalue().splitlines()
    game, start = SumGame.of([direct(t) for t in texts])
    head = [game.outcome(start).value, f"nim-sum {game.value(start)}"]
    assert lines[:2] == head and head[0] == "WIN" and len(seen_at_search) == len(texts)
    assert seen_at_search[0] == "\n".join(head) + "\n"  # written and flushed before the first search
    for k, seen in enumerate(seen_at_search[1:], 2):  # each later search: the earlier components' moves out
        assert seen.splitlines()[2:] == [line for line in lines[2:] if int(line[1:line.index(" ")]) < k]
    assert sorted(lines[2:]) == sorted(game.move_text(m, start) for m in game.winning_moves(start))
    assert len({line.split()[0] for line in lines[2:]}) >= 2  # moves in several components: streamed


@pytest.mark.parametrize("rule", ["0.77", "0.137", "split:3", "0.07", "snim:2,5"])
def test_huge_heaps_through_the_period_at_once_are_what_each_heap_gives(rule):
    game = TakeBreakGame(rule)
    rng = random.Random(rule)
    heaps = np.array([rng.choice([rng.randrange(1 << 60), rng.randrange(200), 10**18 + rng.randrange(99)])
                      for _ in range(300)], np.int64)
    assert game.grundy_many(heaps).tolist() == [game.grundy(int(h)) for h in heaps.tolist()]


def test_huge_kayles_heaps_list_what_the_heap_by_heap_path_lists(monkeypatch, capsys):
    """The winning moves of 40 Kayles heaps near 10^18 (values through the certified period, looked
    up all at once) are those of the heap by heap path, and each leaves nim-sum 0."""
    rng = random.Random(7)
    texts = [f"0.77:{10**18 + rng.randrange(10**6)}" for _ in range(40)]
    assert cli.main(["sum", *texts]) == 0
    fast = capsys.readouterr().out
    monkeypatch.setattr(takebreak, "_fits", lambda report, top: False)  # every heap through grundy()
    assert cli.main(["sum", *texts]) == 0
    assert capsys.readouterr().out == fast
    game, start = SumGame.of(cli_sum.read_components(texts))
    listed = fast.splitlines()[2:]
    moves = game.winning_moves(start)
    assert listed == [game.move_text(m, start) for m in moves] and listed
    assert all(game.value(game.apply(start, m)) == 0 for m in moves[:50])
