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
from typing import Any

from sgstudio.core import registry
from sgstudio.games.sum.game import Component


def _game(key: str) -> Any:
    """The game class the registry gives ``key`` (the Sum game imports no other game)."""
    return registry.get(key).game


EDGES, LOOP, ABC = [(0, 1), (1, 2), (0, 2)], [(0, 1), (1, 0), (1, 2)], ("A", "B", "C")
STARTS: list[tuple[str, Callable[[], Component]]] = [
    ("Nim heap of 3", lambda: Component(_game("nim")(), (3,))),
    ("S-Nim heap of 5, S = {1, 3, 4}", lambda: Component(_game("snim")([1, 3, 4]), (5,))),
    ("Split-nim heap of 5 (split into 3)", lambda: Component(_game("splitnim")(3), (5,))),
    ("Take & break heap of 10 (0.07, Dawson's Kayles)", lambda: Component(_game("takebreak")("0.07"), (10,))),
    ("Board row of width 20, chesses on 17 and 19", lambda: Component(_game("board")(20), ((17, 19),))),
    ("Token on a graph (A -> B -> C, A -> C)",
     lambda: Component(_game("dag").from_edges(3, EDGES), (0,), ABC)),
    ("Token on a loopy graph (A <-> B, B -> C)",
     lambda: Component(_game("loopy").from_edges(3, LOOP), (0,), ABC)),
]
