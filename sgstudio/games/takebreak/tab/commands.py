"""The undo commands of the Take & break tab that are more than a :class:`StateCommand`.

Typing a rule makes one command per typing session: commands of the same ``session`` merge, and a
session that comes back to the rule it started from leaves nothing on the stack.

>>> from PySide6.QtGui import QUndoStack
>>> from sgstudio.games.takebreak.parse import parse_rule
>>> from sgstudio.games.takebreak.position import TakeBreakPosition
>>> p, stack = TakeBreakPosition("0.77", (3, 4)), QUndoStack()
>>> for text in ("0.1", "0.13", "0.137"):
...     stack.push(SetRuleCommand(p, parse_rule(text), session=1))
>>> p.rule.text, stack.count(), stack.undoText()
('0.137', 1, "Set the rule to Dawson's chess (0.137)")
>>> stack.undo(); p.rule.text
'0.77'
"""

from __future__ import annotations

from PySide6.QtGui import QUndoCommand

from sgstudio.games.takebreak.position import TakeBreakPosition
from sgstudio.games.takebreak.rules import Rule
from sgstudio.games.takebreak.tab.rule_editor import rule_title
from sgstudio.gui.tabs.base import StateCommand

SET_RULE_ID = 0x5442  # id() of SetRuleCommand: the edits of one typing session merge


class SetRuleCommand(StateCommand):
    """Replace the rule; edits of the same typing ``session`` (not None) merge into one step."""

    def __init__(self, model: TakeBreakPosition, rule: Rule, session: int | None = None) -> None:
        self.rule, self.session = rule, session
        super().__init__(model, lambda: model.set_rule(self.rule), f"Set the rule to {rule_title(rule)}")

    def id(self) -> int:
        return SET_RULE_ID

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, SetRuleCommand) or self.session is None or other.session != self.session:
            return False
        self.rule = other.rule
        self.setText(other.text())
        self.setObsolete(self.before[0] == self.rule.text)
        return True
