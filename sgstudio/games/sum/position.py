"""The Sum tab's editable list of components, and its saved state, read strictly (Qt-free).

:class:`SumPosition` holds the components of a sum across games (:class:`sgstudio.games.sum.game.Component`:
a position of any registered game), announces every change with ``changed``, and edits them by
adding, removing, reordering, or replacing one component's position (a move played on it). Its
state is ``{"components": [{"game": KEY, "rule": {...}, "position": ..., "labels": [...]}]}``: the
registry's key of each component's game, the game's rule and the position as the game writes them
(:meth:`~sgstudio.core.contract.GameBase.game_state`,
:meth:`~sgstudio.core.contract.GameBase.position_state`), and for tokens on a graph the names of
its vertices when they have any (``labels`` is optional). :meth:`SumPosition.from_state` reads it
strictly: a :class:`~sgstudio.core.state.StateError` names what is wrong and where
(``("components", 1, "rule", "S", 0)``), and a component whose value cannot be found is refused.

>>> from sgstudio.games.nim.game import NimGame
>>> from sgstudio.games.sum.game import Component
>>> p = SumPosition([Component(NimGame(), (3, 4))])
>>> p.to_dict()
{'components': [{'game': 'nim', 'rule': {}, 'position': [3, 4]}]}
>>> again, _ = SumPosition.from_state({"components": [{"game": "takebreak", "rule": {"rule": "0.07"},
...                                                   "position": [15]}, *p.to_dict()["components"]]})
>>> [c.text() for c in again.components]
['Take & break 0.07: heaps 15', 'Nim: heaps 3 4']
>>> SumPosition.from_state({"components": [{"game": "snim", "rule": {"S": [2, 0]}, "position": []}]})
Traceback (most recent call last):
...
sgstudio.core.state.StateError: a member of S must be positive, got 0
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sgstudio.core.errors import SGStudioError
from sgstudio.core.events import Signal
from sgstudio.core.readers import read_labels
from sgstudio.core.state import StateError, check_keys, mapping
from sgstudio.games.sum.game import Component, SumGame

Components = tuple[Component, ...]
KEYS, OPTIONAL = ("game", "rule", "position"), ("labels",)


class SumPosition:
    """The components of a sum, with an event (``changed()``) after every change."""

    def __init__(self, components: Iterable[Component] = ()) -> None:
        self.changed = Signal()
        self._components: Components = tuple(components)

    @property
    def components(self) -> Components:
        return self._components

    def set_components(self, components: Iterable[Component]) -> None:
        """Replace every component."""
        new = tuple(components)
        if new != self._components:
            self._components = new
            self.changed.emit()

    def add(self, component: Component, index: int | None = None) -> int:
        """Insert ``component`` at ``index`` (default: last); return where it went."""
        at = len(self._components) if index is None else self._index(index, insert=True)
        self.set_components((*self._components[:at], component, *self._components[at:]))
        return at

    def remove(self, index: int) -> Component:
        """Remove component ``index`` (from 0) and return it."""
        gone = self._components[self._index(index)]
        self.set_components(self._components[:index] + self._components[index + 1:])
        return gone

    def move(self, index: int, to: int) -> None:
        """Move component ``index`` to place ``to`` (both from 0)."""
        components = list(self._components)
        component = components.pop(self._index(index))
        components.insert(self._index(to), component)
        self.set_components(components)

    def set_position(self, index: int, position: Any) -> None:
        """Component ``index`` now stands at ``position`` (a move was played on it)."""
        old = self._components[self._index(index)]
        self.set_components((*self._components[:index], Component(old.game, position, old.labels),
                             *self._components[index + 1:]))

    def _index(self, index: int, insert: bool = False) -> int:
        count = len(self._components) + (1 if insert else 0)
        if not (isinstance(index, int) and 0 <= index < count):
            raise ValueError(f"there is no component {index!r}: the sum has {len(self._components)}")
        return index

    def snapshot(self) -> Components:
        """Everything an edit may change, for undo."""
        return self._components

    def restore(self, snapshot: Components) -> None:
        self.set_components(snapshot)

    def game_and_position(self) -> tuple[SumGame, tuple]:
        """The sum as a game of the play protocol, and its position."""
        return SumGame.of(self._components)

    # -- saved state ------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data (the module docstring)."""
        return {"components": [component_state(c) for c in self._components]}

    @classmethod
    def from_state(cls, state: Any) -> tuple[SumPosition, dict[str, Any]]:
        """The position of a saved state, checked strictly; no view settings."""
        mapping(state, "the sum's state", "components")
        check_keys(state, ("components",), (), "the sum's state", "components")
        listed = state["components"]
        if not isinstance(listed, list):
            raise StateError(f"'components' must be a list, not {listed!r}", ("components",))
        return cls(read_component(data, ("components", i)) for i, data in enumerate(listed)), {}

    @staticmethod
    def empty_state() -> dict[str, Any]:
        """No component."""
        return {"components": []}


def component_state(component: Component) -> dict[str, Any]:
    """A component as JSON: its game's key, rule and position, and its vertices' names if any."""
    game = component.game
    out: dict[str, Any] = {"game": component.kind.key, "rule": game.game_state(),
                           "position": game.position_state(component.position)}
    if component.labels is not None:
        out["labels"] = list(component.labels)
    return out


def read_component(data: Any, path: tuple) -> Component:
    """The component of :func:`component_state`, checked strictly (StateError with its path)."""
    from sgstudio.core import registry

    mapping(data, "a component", "game, rule and position")
    check_keys(data, KEYS, OPTIONAL, "a component", "game, rule and position", path)
    key = data["game"]
    known = [k.key for k in registry.games() if k.key != "sum"]
    if key not in known:
        raise StateError(f"a component's game must be one of {', '.join(known)}, not {key!r}",
                         (*path, "game"))
    game = _located(lambda: registry.get(key).game.from_game_state(data["rule"]), (*path, "rule"))
    position = _located(lambda: game.read_position(data["position"]), (*path, "position"))
    labels = _located(lambda: read_labels(data["labels"]), (*path, "labels")) if "labels" in data else None
    _located(lambda: game.value(position), (*path, "position"))  # a value that cannot be found: refused
    return Component(game, position, labels)


def _located(read: Any, path: tuple) -> Any:
    """``read()``, its StateError put at ``path`` (a refusal of the core, a ValueError, too)."""
    try:
        return read()
    except StateError as err:
        raise StateError(str(err), (*path, *err.path)) from None
    except (SGStudioError, ValueError) as err:
        raise StateError(str(err), path) from None
