"""Random small sums across games for the tests: 1-3 components of different games, often a loopy one.

Each component is small enough that the rules-only retrograde analysis of the whole sum
(:func:`oracles.whole_game_outcomes`) stays quick.
"""

from __future__ import annotations

from hypothesis import strategies as st

from sgstudio.games.board.game import BoardGame
from sgstudio.games.graph.dag.game import DagGame
from sgstudio.games.graph.loopy.game import LoopyGame
from sgstudio.games.nim.game import NimGame
from sgstudio.games.snim.game import SubtractionGame
from sgstudio.games.splitnim.game import SplitNim
from sgstudio.games.sum.game import Component, SumGame
from sgstudio.games.takebreak.game import TakeBreakGame

small_heaps = st.lists(st.integers(0, 4), min_size=1, max_size=2).map(tuple)


@st.composite
def token_component(draw, acyclic: bool) -> Component:
    n = draw(st.integers(1, 4))
    edges = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=8))
    if acyclic:
        edges = [(u, v) for u, v in edges if u < v]
    tokens = tuple(sorted(draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=2 if acyclic else 1))))
    game = (DagGame if acyclic else LoopyGame).from_edges(n, edges)
    labels = draw(st.sampled_from([None, tuple("ABCD"[:n])]))
    return Component(game, tokens, labels)


COMPONENTS = {
    "dag": token_component(True),
    "loopy": token_component(False),
    "snim": st.builds(lambda s, h: Component(SubtractionGame(s), h),
                      st.lists(st.integers(1, 3), min_size=1, max_size=2), small_heaps),
    "splitnim": st.builds(lambda k, h: Component(SplitNim(k), (h,)),
                          st.sampled_from([2, 3]), st.integers(0, 4)),
    "board": st.builds(lambda row: Component(BoardGame(4), (tuple(sorted(row)),)),
                       st.sets(st.integers(1, 4), max_size=3)),
    "takebreak": st.builds(lambda rule, h: Component(TakeBreakGame(rule), (h,)),
                           st.sampled_from(["0.77", "0.07", "grundy", "0.6"]), st.integers(0, 6)),
    "nim": st.builds(lambda h: Component(NimGame(), h), small_heaps),
}


@st.composite
def sums(draw, kinds: tuple[str, ...] = tuple(COMPONENTS), loopy_first: bool = True) -> tuple:
    """(game, start) of a sum of 1-3 components of different games among ``kinds``; half of the
    time (when ``loopy_first`` and loopy is among them) one component is a loopy graph."""
    chosen = draw(st.lists(st.sampled_from(kinds), min_size=1, max_size=3, unique=True))
    if loopy_first and "loopy" in kinds and "loopy" not in chosen and draw(st.booleans()):
        chosen = ["loopy", *chosen[:2]]
    components = [draw(COMPONENTS[kind]) for kind in draw(st.permutations(chosen))]
    return SumGame.of(components)
