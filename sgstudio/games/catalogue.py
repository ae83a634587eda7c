"""The catalogue: every game of the studio, one :func:`~sgstudio.core.registry.register` line each.

The order of the lines is the order of the tabs. :mod:`sgstudio.core.registry` imports this module by
name on its first lookup; each tab is named by its dotted path ``"module:Class"`` (nothing imports a
tab but the window). Adding a game: its package under ``sgstudio/games/`` and one line here.

>>> from sgstudio.core import registry
>>> [kind.key for kind in registry.games()]
['dag', 'loopy', 'snim', 'splitnim', 'board', 'takebreak', 'nim', 'sum', 'custom']
"""

from __future__ import annotations

from sgstudio.core.heaps import HeapsPosition
from sgstudio.core.registry import GameKind, register
from sgstudio.games.board.game import BoardGame
from sgstudio.games.board.position import BoardPosition
from sgstudio.games.custom.state import CustomState
from sgstudio.games.custom.tokens import PositionsGame
from sgstudio.games.graph.dag.game import DagGame
from sgstudio.games.graph.loopy.game import LoopyGame
from sgstudio.games.nim.game import NimGame
from sgstudio.games.snim.game import SubtractionGame
from sgstudio.games.snim.position import SNimPosition
from sgstudio.games.splitnim.game import SplitNim
from sgstudio.games.splitnim.position import SplitNimPosition
from sgstudio.games.sum.game import SumGame
from sgstudio.games.sum.position import SumPosition
from sgstudio.games.takebreak.game import TakeBreakGame
from sgstudio.games.takebreak.position import TakeBreakPosition

register(GameKind("dag", "Graph", DagGame, None, ("hdu1524",), "sgstudio.games.graph.tab:GraphTab"))
register(GameKind("loopy", "Loopy graph", LoopyGame))  # shown on the Graph tab in loopy mode (to come)
register(GameKind("snim", "S-Nim", SubtractionGame, SNimPosition, ("hdu1536",),
                  "sgstudio.games.snim.tab:SNimTab"))
register(GameKind("splitnim", "Split-nim", SplitNim, SplitNimPosition, ("hdu5795",),
                  "sgstudio.games.splitnim.tab:SplitNimTab"))
register(GameKind("board", "Board", BoardGame, BoardPosition, ("hdu5724",),
                  "sgstudio.games.board.tab:BoardTab"))
register(GameKind("takebreak", "Take & break", TakeBreakGame, TakeBreakPosition, ("hdu2509",),
                  "sgstudio.games.takebreak.tab:TakeBreakTab"))
register(GameKind("nim", "Nim", NimGame, HeapsPosition, ("hdu1907",), "sgstudio.games.nim.tab:NimTab"))
# the sum of any games above
register(GameKind("sum", "Sum", SumGame, SumPosition, (), "sgstudio.games.sum.tab:SumTab"))
# a game written in Python: tokens on its explored positions (or a LoopyGame, when play may not end)
register(GameKind("custom", "Your game", PositionsGame, CustomState, (),
                  "sgstudio.games.custom.tab:CustomTab"))
