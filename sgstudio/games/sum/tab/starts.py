"""What the Sum tab's Add menu adds: one small position of each registered game (Qt-free).

Each entry is ``(text, make)``: the menu's text and a function that makes a new
:class:`~sgstudio.games.sum.game.Component`. A tab's own position joins the sum with "Add to sum"
(:meth:`sgstudio.gui.tabs.base.GameTab.sum_component`); these are for a sum built from nothing.

>>> [text for text, _ in STARTS][:2]
['Nim heap of 3', 'S-Nim heap of 5, S = {1, 3, 4}']
>>> [make().text() for _, make in STARTS][-1]
'Loopy graph (3 vertices): tokens on A'
"""

from __future__ import annotations

from collections.abc import Callable

from sgstudio.games.board.game import BoardGame
from sgstudio.games.graph.dag.game import DagGame
from sgstudio.games.graph.loopy.game import LoopyGame
from sgstudio.games.nim.game import NimGame
from sgstudio.games.snim.game import SubtractionGame
from sgstudio.games.splitnim.game import SplitNim
from sgstudio.games.sum.game import Component
from sgstudio.games.takebreak.game import TakeBreakGame

STARTS: list[tuple[str, Callable[[], Component]]] = [
    ("Nim heap of 3", lambda: Component(NimGame(), (3,))),
    ("S-Nim heap of 5, S = {1, 3, 4}", lambda: Component(SubtractionGame([1, 3, 4]), (5,))),
    ("Split-nim heap of 5 (split into 3)", lambda: Component(SplitNim(3), (5,))),
    ("Take & break heap of 10 (0.07, Dawson's Kayles)", lambda: Component(TakeBreakGame("0.07"), (10,))),
    ("Board row of width 20, chesses on 17 and 19", lambda: Component(BoardGame(20), ((17, 19),))),
    ("Token on a graph (A -> B -> C, A -> C)",
     lambda: Component(DagGame.from_edges(3, [(0, 1), (1, 2), (0, 2)]), (0,), ("A", "B", "C"))),
    ("Token on a loopy graph (A <-> B, B -> C)",
     lambda: Component(LoopyGame.from_edges(3, [(0, 1), (1, 0), (1, 2)]), (0,), ("A", "B", "C"))),
]
