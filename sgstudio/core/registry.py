"""The registry of games: every kind of game the studio knows, each registered once.

A :class:`GameKind` names the core game class (its moves, their text, its play hints and its
analysis are methods of the class: see :class:`sgstudio.core.contract.GameBase`), the editable
position of its tab (``sgstudio.games.<game>.position``, whose class reads the tab's saved JSON state,
checked once, here in the core), the judge formats whose files hold its positions, and the tab
that shows it, as a dotted path (the core never imports the gui). The command line (``sgstudio
play``), the window's tabs, the Play panel, the file dialogs and the import menu all look games up
here. This module is the mechanism only: the list of games is :mod:`sgstudio.games.catalogue`, loaded
by name on the first lookup (the kernel imports no game); adding a game is one package and one
:func:`register` line there.

Examples
--------
>>> [kind.key for kind in games()][:3]   # the catalogue's order (its doctest lists them all)
['dag', 'loopy', 'snim']
>>> for_format("hdu1536").title, get("board").game.__name__
('S-Nim', 'BoardGame')
>>> kind_of(get("splitnim").game(3)).key
'splitnim'
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from sgstudio.core.contract import GameBase


@dataclass(frozen=True)
class GameKind:
    """One kind of game.

    ``key`` names it (``"snim"``); ``title`` is what people call it; ``game`` is the core game class;
    ``position`` the editable position class of its tab (None when the game has no tab state of its
    own: the graph is the document's, and a game without a tab has none); ``formats`` the judge
    formats whose files hold its positions; ``tab`` the dotted path ``"module:Class"`` of its tab
    (None while it has no tab yet).
    """

    key: str
    title: str
    game: type[GameBase]
    position: type | None = None
    formats: tuple[str, ...] = ()
    tab: str | None = None

    def read_state(self, state: Any) -> tuple[Any, dict[str, Any]]:
        """The position and the view settings of a tab's saved state, checked strictly (a
        :class:`~sgstudio.core.state.StateError` names what is wrong and where)."""
        if self.position is None:
            raise ValueError(f"the {self.title} game keeps no tab state")
        return self.position.from_state(state)

    def empty_state(self) -> dict[str, Any]:
        """The tab's state in a new document: its game with no position at all."""
        if self.position is None:
            raise ValueError(f"the {self.title} game keeps no tab state")
        return self.position.empty_state()


_GAMES: dict[str, GameKind] = {}
CATALOGUE = "sgstudio.games.catalogue"
"""The module whose :func:`register` lines list the games, in tab order (imported by name)."""
_loading: list[bool] = []


def _games() -> dict[str, GameKind]:
    """The registered games, the catalogue's first (imported on the first lookup)."""
    if not _loading:
        _loading.append(True)  # before the import: the catalogue's own lookups see what it has so far
        try:
            importlib.import_module(CATALOGUE)
        except BaseException:
            _loading.clear()  # the next lookup tries again (and says again what failed)
            _GAMES.clear()
            raise
    return _GAMES


def register(kind: GameKind) -> GameKind:
    """Add a kind of game (its key must be new); return it."""
    _games()
    if kind.key in _GAMES:
        raise ValueError(f"a game {kind.key!r} is registered already")
    taken = {fmt for other in _GAMES.values() for fmt in other.formats}
    if taken & set(kind.formats):
        raise ValueError(f"the judge formats {sorted(taken & set(kind.formats))} are read by another game")
    _GAMES[kind.key] = kind
    return kind


def games() -> list[GameKind]:
    """Every registered kind of game, in the order of registration (the order of the tabs)."""
    return list(_games().values())


def get(key: str) -> GameKind:
    """The kind of game named ``key`` (KeyError naming the known ones otherwise)."""
    try:
        return _games()[key]
    except KeyError:
        raise KeyError(f"no game {key!r}: the games are {', '.join(_games())}") from None


def for_format(fmt: str) -> GameKind:
    """The kind of game whose positions a judge file of format ``fmt`` holds."""
    for kind in _games().values():
        if fmt in kind.formats:
            return kind
    raise KeyError(f"no game reads the judge format {fmt!r}")


def kind_of(game: object) -> GameKind:
    """The kind of a game object (by its class, or the nearest registered base class)."""
    for cls in type(game).__mro__:
        for kind in _games().values():
            if kind.game is cls:
                return kind
    raise KeyError(f"{type(game).__name__} is not a registered game")


def judge_formats() -> list[str]:
    """Every judge format some game reads, in the order of the games."""
    return [fmt for kind in _games().values() for fmt in kind.formats]
