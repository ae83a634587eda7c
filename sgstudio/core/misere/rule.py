"""The play rule of a tab: normal play (the player who cannot move loses) or misère (the player who
makes the last move loses), and how a document keeps it.

A tab's state in a document (``"tabs": {key: state}``) holds the rule under :data:`KEY` only when it
is misère (``"play_rule": "misere"``); a state without the key (every document written before the
rule existed) is normal play. :func:`split_rule` takes the key out before the tab's position class
checks the rest (it knows nothing of rules), :func:`with_rule` puts it in.

Examples
--------
>>> split_rule({"heaps": [3], "play_rule": "misere"})
({'heaps': [3]}, 'misere')
>>> split_rule({"heaps": [3]})
({'heaps': [3]}, 'normal')
>>> with_rule({"heaps": [3]}, MISERE), with_rule({"heaps": [3]}, NORMAL)
({'heaps': [3], 'play_rule': 'misere'}, {'heaps': [3]})
>>> split_rule({"play_rule": "reverse"})
Traceback (most recent call last):
...
sgstudio.core.state.StateError: play_rule must be "normal" or "misere", not 'reverse'
"""

from __future__ import annotations

from typing import Any

from sgstudio.core.state import StateError

NORMAL = "normal"
MISERE = "misere"
RULES = (NORMAL, MISERE)
KEY = "play_rule"
NAMES = {NORMAL: "Normal", MISERE: "Misère"}
"""How the window names each rule."""
MEANING = {NORMAL: "the player who cannot move loses", MISERE: "the player who makes the last move loses"}


def check_rule(rule: object, path: tuple = (KEY,)) -> str:
    """``rule`` if it is one of :data:`RULES`, else StateError at ``path``.

    >>> check_rule("normal")
    'normal'
    """
    if not isinstance(rule, str) or rule not in RULES:
        raise StateError(f'play_rule must be "normal" or "misere", not {rule!r}', path)
    return rule


def split_rule(state: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """The state without :data:`KEY`, and the rule it names (normal when it has none)."""
    if not isinstance(state, dict) or KEY not in state:
        return state, NORMAL
    rest = {k: v for k, v in state.items() if k != KEY}
    return rest, check_rule(state[KEY])


def with_rule(state: dict[str, Any], rule: str) -> dict[str, Any]:
    """``state`` with the rule recorded (nothing added for normal play: old readers load it)."""
    check_rule(rule)
    return {**state, KEY: rule} if rule == MISERE else dict(state)
