"""The misère judge files in their tabs: HDU 1907 "John" into the Nim tab, HDU 2509 "Be the Winner"
into the Take & break tab (the rows' rule, ``0.77...7``: take one or more consecutive apples, which
may split the row in two, the format module's ``rule_code``, :mod:`sgstudio.games.takebreak.hdu2509`).

A tab mixes in :class:`MisereJudgeImport` and names its ``judge_format``; a test case then becomes
the tab's position (the heaps, and for HDU 2509 the rule) played misère, all in ONE undo step
(:class:`Steps`): undo gives back the position and the play rule it had. The rest of the document
is not touched; a bad file is refused by the reader with its line and column, the tab unchanged.

Examples
--------
>>> from sgstudio.games.takebreak.hdu2509 import Case
>>> describe_heaps(Case((3, 5, 1)).heaps)
'3 heaps: 3 5 1'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtGui import QUndoCommand

from sgstudio.gui.cases import counted
from sgstudio.gui.tabs.base import StateCommand

SHOWN = 12
"""Heaps written out in the case chooser (the rest: "…")."""


def describe_heaps(heaps: Sequence[int]) -> str:
    """``3 heaps: 3 5 1`` (the first :data:`SHOWN` sizes, then "…")."""
    sizes = " ".join(map(str, heaps[:SHOWN])) + (" …" if len(heaps) > SHOWN else "")
    return f"{counted(len(heaps), 'heap')}: {sizes}" if heaps else "no heap"


class Steps(QUndoCommand):
    """Several undo commands as ONE undo step: redone in order, undone in reverse."""

    def __init__(self, text: str, *steps: QUndoCommand) -> None:
        super().__init__(text)
        self.steps = steps

    def redo(self) -> None:
        for step in self.steps:
            step.redo()

    def undo(self) -> None:
        for step in reversed(self.steps):
            step.undo()


def misere_step(tab: Any) -> QUndoCommand | None:
    """The step that makes ``tab`` play misère (None when it does already, or has no rule choice)."""
    if not getattr(tab, "play_rules", False):
        return None  # TODO(misere): a tab without the Normal / Misère choice imports in normal play
    from sgstudio.core.misere.rule import MISERE
    from sgstudio.gui.play_rule import PlayRuleCommand

    return None if tab.play_rule == MISERE else PlayRuleCommand(tab, MISERE)


def _change(tab: Any, fmt: str, heaps: tuple[int, ...]) -> Callable[[], object]:
    """What a case of ``fmt`` changes in ``tab``'s model: the heaps, and the rule when the format's
    module names one for them (``rule_code(heaps)``: HDU 2509's rows; ValueError when it cannot)."""
    import importlib

    from sgstudio.formats import MODULES

    model = tab.model
    rule_code = getattr(importlib.import_module(MODULES[fmt]), "rule_code", None)
    if rule_code is None:
        return lambda: model.set_heaps(heaps)
    code = rule_code(heaps)

    def both() -> None:
        model.set_rule(code)
        model.set_heaps(heaps)

    return both


class MisereJudgeImport:
    """The judge-file import of a misère judge format for a heap tab (``model.set_heaps``; the Take
    & break tab's ``model.set_rule`` too): mixed in before the tab's base class."""

    judge_format: str

    def describe_case(self, case: Any) -> str:
        return describe_heaps(case.heaps)

    def import_case(self, case: Any, index: int, count: int, file: str) -> None:
        tab: Any = self
        name = Path(file).name
        text = f"Import case {index + 1} of {name}"
        steps = [StateCommand(tab.model, _change(tab, self.judge_format, tuple(case.heaps)), text)]
        rule = misere_step(tab)
        if rule is not None:
            steps.append(rule)
        tab.push(Steps(text, *steps))
        tab.status_message.emit(f"Loaded case {index + 1} of {name}: {counted(len(case.heaps), 'heap')}, "
                                "misère play (the last move loses)")
