"""The registry of games and the game contract, for every registered game.

Each registered game is checked on random small positions against the brute-force searches of
tests/oracles.py (the rules alone: no mex, no XOR): its ``analyse()`` says who wins and lists only
winning moves (all of them, but for split-nim's one split per heap); every legal move, written by
``move_text``, reads back through ``parse_move``; and every game with a tab state reads back the
JSON of its state (strictly: a bad state names where it is bad).
"""

from __future__ import annotations

import json
import subprocess
import sys
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracles import board_wins, loopy_outcomes, snim_wins, splitnim_wins, takebreak_wins, whole_game_outcomes
from sum_cases import sums

from sgstudio.core import registry
from sgstudio.core.contract import GameBase
from sgstudio.core.outcome import Outcome
from sgstudio.core.state import StateError
from sgstudio.games.board.game import BoardGame
from sgstudio.games.graph.dag.game import DagGame
from sgstudio.games.graph.loopy.game import LoopyGame
from sgstudio.games.nim.game import NimGame
from sgstudio.games.snim.game import SubtractionGame
from sgstudio.games.splitnim.game import SplitNim
from sgstudio.games.sum.position import component_state
from sgstudio.games.takebreak.game import TakeBreakGame

WIN, LOSE = Outcome.WIN, Outcome.LOSE
KAYLES = (0, 7, 7)  # the digits of 0.77


@cache
def nim_wins(heaps: tuple[int, ...]) -> bool:
    return any(not nim_wins(tuple(sorted((*heaps[:i], h - t, *heaps[i + 1:]))))
               for i, h in enumerate(heaps) for t in range(1, h + 1))


def by_rules(wins):
    """The outcome of a position from a ``wins(position) -> bool`` oracle."""
    return lambda position: WIN if wins(position) else LOSE


@st.composite
def token_cases(draw, acyclic: bool):
    n = draw(st.integers(1, 6))
    edges = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=12))
    if acyclic:
        edges = [(u, v) for u, v in edges if u < v]
    tokens = tuple(sorted(draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=2))))
    game = (DagGame if acyclic else LoopyGame).from_edges(n, edges)
    table = loopy_outcomes(game.successors, len(tokens))
    return game, tokens, lambda p: Outcome(table[tuple(sorted(p))][0])


heaps = st.lists(st.integers(0, 7), min_size=1, max_size=3).map(tuple)
CASES = {
    "dag": token_cases(True),
    "loopy": token_cases(False),
    "snim": st.builds(lambda s, h: (SubtractionGame(s), h, by_rules(snim_wins(s))),
                      st.lists(st.integers(1, 5), min_size=1, max_size=3), heaps),
    "splitnim": st.builds(lambda k, h: (SplitNim(k), h, by_rules(lambda p: splitnim_wins(p, k))),
                          st.sampled_from([2, 3]), heaps),
    "board": st.builds(lambda rows: (BoardGame(6), rows, by_rules(lambda p: board_wins(p, 6))),
                       st.lists(st.sets(st.integers(1, 6), max_size=4).map(lambda r: tuple(sorted(r))),
                                min_size=1, max_size=2).map(tuple)),
    "takebreak": st.builds(lambda h: (TakeBreakGame("0.77"), h, by_rules(takebreak_wins(KAYLES))), heaps),
    "nim": st.builds(lambda h: (NimGame(), h, by_rules(lambda p: nim_wins(tuple(sorted(p))))), heaps),
}
LISTS_ONE_SPLIT = {"splitnim"}  # lists every winning take but one winning split per heap
STATES = {  # the tab state of a game and a position, as the tab saves it
    "snim": lambda game, p: {"S": list(game.S), "heaps": list(p), "judge": None},
    "splitnim": lambda game, p: {"parts": game.parts, "heaps": list(p)},
    "board": lambda game, p: {"width": game.width, "rows": [list(r) for r in p]},
    "takebreak": lambda game, p: {"rule": game.rule.text, "heaps": list(p)},
    "nim": lambda game, p: {"heaps": list(p)},
}
BAD_STATES = {  # a bad state, and where it is bad
    "snim": ({"S": [2], "heaps": [3, -4]}, ("heaps", 1)),
    "splitnim": ({"parts": 3, "heaps": [2, "x"]}, ("heaps", 1)),
    "board": ({"width": 6, "rows": [[1], [2, 9]]}, ("rows", 1)),
    "takebreak": ({"rule": "0.1g7", "heaps": [1]}, ("rule",)),
    "nim": ({"heaps": [3, 4, True]}, ("heaps", 2)),
}


def with_whole_sum_oracle(case):
    """A sum (game, start) with the outcomes of the rules-only search of the whole sum."""
    table = whole_game_outcomes(*case)
    return (*case, lambda p: Outcome(table[p]))


CASES["sum"] = sums().map(with_whole_sum_oracle)
STATES["sum"] = lambda game, p: {"components": [component_state(game.component(p, i)) for i in range(len(p))]}
BAD_STATES["sum"] = ({"components": [{"game": "nim", "rule": {}, "position": [3, -1]}]},
                     ("components", 0, "position", 1))


@st.composite
def python_games(draw):
    """A random game written in Python as the studio plays it: tokens on positions 0..n-1, an option
    of v a tuple of later positions (one: a move, several: a sum, none: the empty sum)."""
    from sgstudio.games.custom.tokens import PositionsGame

    n = draw(st.integers(1, 6))
    options = [draw(st.lists(st.lists(st.integers(v + 1, n - 1), max_size=2).map(tuple), max_size=3))
               if v < n - 1 else [] for v in range(n)]
    game = PositionsGame([f"p{v}" for v in range(n)], options, "random")
    start = tuple(sorted(draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=2))))
    table = whole_game_outcomes(game, start)
    return game, start, lambda p: Outcome(table[p])


CASES["custom"] = python_games()
STATES["custom"] = lambda game, p: {"code": "def options(p):\n    return []\n", "position": repr(p),
                                    "table": [30, 30], "max_positions": 1000, "name": game.name}
BAD_STATES["custom"] = ({"code": "", "table": [0, 5]}, ("table",))
KEYS = [kind.key for kind in registry.games()]


def test_the_registry_imports_alone_and_lists_every_game():
    code = ("from sgstudio.core.outcome import Outcome; from sgstudio.core import registry; "
            "print(' '.join(k.key for k in registry.games()))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == KEYS == list(CASES)
    for kind in registry.games():
        assert issubclass(kind.game, GameBase) and kind.title and kind.game.syntax and kind.game.example
        assert kind.game.may_draw == (kind.key == "loopy")
        assert registry.get(kind.key) is kind and all(registry.for_format(f) is kind for f in kind.formats)
        assert (kind.position is not None) == (kind.key in STATES)
    assert registry.judge_formats() == ["hdu1524", "hdu1536", "hdu5795", "hdu5724", "hdu2509", "hdu1907"]
    assert registry.kind_of(SplitNim(4)).key == "splitnim"
    with pytest.raises(ValueError, match="registered already"):
        registry.register(registry.get("nim"))
    with pytest.raises(KeyError, match="the games are dag, loopy"):
        registry.get("chess")


@pytest.mark.parametrize("key", KEYS)
def test_analyse_agrees_with_the_rules_and_moves_read_back(key):
    @settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(CASES[key])
    def check(case):
        game, position, oracle = case
        analysis = game.analyse(position)
        outcome = oracle(position)
        assert analysis.outcome is outcome is game.outcome(position)
        assert analysis.component_count == len(position) == len(analysis.components)
        if analysis.total is not None:
            assert Outcome.from_nim_sum(analysis.total) is outcome
        legal = list(game.legal_moves(position))
        winning = [m for m in legal if oracle(game.apply(position, m)) is LOSE]
        listed = [m.move for m in analysis.moves]
        assert set(listed) <= set(winning) and bool(listed) == bool(winning)
        if key not in LISTS_ONE_SPLIT:
            assert listed == list(game.winning_moves(position)) and set(listed) == set(winning)
        for m in analysis.moves:
            assert m.row().startswith(game.move_text(m.move, position)) and m.component is not None
        for move in legal[:100]:
            assert game.parse_move(game.move_text(move, position), position) == move
        assert game.position_text(position)

    check()


@pytest.mark.parametrize("key", sorted(STATES))
def test_every_tab_state_reads_back_from_its_json_and_bad_ones_say_where(key):
    kind = registry.get(key)

    @settings(max_examples=15, deadline=None)
    @given(CASES[key])
    def check(case):
        game, position, _ = case
        state = json.loads(json.dumps(STATES[key](game, position)))
        read, _view = kind.read_state(state)
        again = json.loads(json.dumps(read.to_dict()))
        assert again == state and kind.read_state(again)[0].to_dict() == read.to_dict()

    check()
    empty, _ = kind.read_state(kind.empty_state())
    assert empty is not None
    bad, where = BAD_STATES[key]
    with pytest.raises(StateError) as err:
        kind.read_state(bad)
    assert err.value.path == where
