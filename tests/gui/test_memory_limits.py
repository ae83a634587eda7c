"""The H boxes of the S-Nim and Take & break tabs refuse an H this machine has no memory for, and
the Your game tab's Limit box a position limit (issue 28): a dialog says how many values (positions),
about how much memory, what to do; the box and the document stay as they were, nothing is computed.
The memory is bounded here by SGSTUDIO_MEMORY_LIMIT."""

from __future__ import annotations

import pytest
from tab_helpers import show_tab

from sgstudio.games.snim.tab import SNimTab
from sgstudio.games.takebreak.tab import TakeBreakTab


@pytest.mark.parametrize("make", [SNimTab, TakeBreakTab], ids=["snim", "takebreak"])
def test_an_h_beyond_the_memory_is_refused_with_a_dialog(qtbot, dialogs, monkeypatch, make):
    tab = show_tab(qtbot, make())
    qtbot.waitUntil(lambda: not tab.work.tasks, timeout=30000)
    tab.plot.limit.setValue(77)
    qtbot.waitUntil(lambda: not tab.work.tasks, timeout=30000)
    before, chosen = tab.to_state(), []
    tab.plot.limit_changed.connect(chosen.append)
    monkeypatch.setenv("SGSTUDIO_MEMORY_LIMIT", str(200 << 20))
    largest = tab.plot.limit.maximum()  # 10^8 for S-Nim, 2^24 for take-and-break
    tab.plot.limit.setValue(largest)
    assert len(dialogs.errors) == 1
    title, text = dialogs.errors[0]
    assert title == "H is too large for the memory"
    assert text.startswith(f"{largest + 1:,} values of g(0..H) need about ")
    assert "of memory, and about " in text
    assert text.endswith("is available here; choose a smaller H.")
    assert tab.plot.limit.value() == 77 and chosen == [] and not tab.work.tasks
    assert tab.to_state() == before
    tab.plot.limit.setValue(90)  # within the memory: taken as always
    assert chosen == [90] and len(dialogs.errors) == 1


def test_a_position_limit_beyond_the_memory_is_refused_with_a_dialog(qtbot, dialogs, monkeypatch):
    from sgstudio.games.custom.tab import CustomTab

    tab = show_tab(qtbot, CustomTab())
    tab.limit.setValue(5000)
    before, steps = tab.to_state(), tab.undo_stack.count()
    monkeypatch.setenv("SGSTUDIO_MEMORY_LIMIT", str(200 << 20))
    largest = tab.limit.maximum()  # 10^8 positions
    tab.limit.setValue(largest)
    assert len(dialogs.errors) == 1
    title, text = dialogs.errors[0]
    assert title == "The position limit is too large for the memory"
    assert text.startswith(f"{largest:,} positions need about ") and "GB of memory, and about " in text
    assert text.endswith("is available here; choose a smaller Limit.")
    assert tab.limit.value() == 5000 and tab.typed_state().max_positions == 5000
    assert tab.to_state() == before and tab.undo_stack.count() == steps and not tab.work.tasks
    tab.limit.setValue(200_000)  # within the memory: taken as always, and what a Run uses
    assert len(dialogs.errors) == 1 and tab.typed_state().max_positions == 200_000
    tab.load_state({**before, "max_positions": largest})  # a document's own limit is shown, not weighed
    assert tab.limit.value() == largest and len(dialogs.errors) == 1
