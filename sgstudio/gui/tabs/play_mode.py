"""Showing played positions in the number-game tabs (shared by the S-Nim, split-nim and Board tabs).

While the Play panel plays on a tab, the tab shows the position being played, read-only, under a
:func:`playing_banner`; each move is animated by a :class:`Flash`: a highlight colour that fades
over ``DURATION_MS`` while the tab draws the move's progress (a heap counting down, new heaps
lighting up, a chess gliding). ``DURATION_MS`` is read when a flash is made: tests set it to 0
(the move is shown at once, no animation at all). :class:`TabPlay` is what the three tabs' play
helpers share (the running flash); :class:`MoveAsker` asks a person for a move on a heap row.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEasingCurve, QObject, QRect, Qt, QVariantAnimation, Signal
from PySide6.QtGui import QColor, QFocusEvent, QKeyEvent
from PySide6.QtWidgets import QLabel, QLineEdit, QSizePolicy, QWidget

from sgstudio.gui import palette

DURATION_MS = 300
HIGHLIGHT = palette.SKY
PLAYING_HINT = ("<b>Playing — edits end play.</b> Read-only: the position being played. "
                "Stop play or Keep position to edit.")
CORNER_HINT = "<b>Playing — edits end play.</b> The tab shows the played position, read-only."
CORNER_HINTS = (CORNER_HINT, "<b>Playing — edits end play.</b>", "<b>Playing</b>")
"""The tab bar's hint, the longest that fits beside the tabs first (the whole is in its tooltip)."""
PLAYING_TIP = ("The Play panel steps through this position; the tab's own position is unchanged. An undo, "
               "redo or import ends play and brings back the tab's own position.")
REFUSED = "Playing: the tab is read-only while play is on — stop play in the Play panel to edit."
STEPS = 1000  # resolution of a count-down


def counted(size: int, take: int, t: float) -> int:
    """The size shown at time ``t`` (0..1) of a take: from ``size`` down to ``size - take``.

    >>> [counted(10**20, 7, t) == 10**20 - k for t, k in ((0, 0), (0.5, 4), (1, 7))]
    [True, True, True]
    """
    return size - (take * round(t * STEPS) + STEPS // 2) // STEPS


def playing_banner(parent: QWidget | None = None, corner: bool = False) -> QLabel:
    """The hint shown while play is on (hidden otherwise): above a tab shown alone, or (``corner``)
    in the window's tab bar, where showing it moves nothing."""
    label = QLabel(CORNER_HINT if corner else PLAYING_HINT, parent)
    label.setObjectName("playing_banner")
    label.setToolTip(f"{CORNER_HINT.replace('<b>', '').replace('</b>', '')}\n{PLAYING_TIP}" if corner
                     else PLAYING_TIP)
    # one line, never wrapped (a wrapped label would make the tab's scroll area size it by its
    # height-for-width) and never widening the tab (a narrow tab clips the end of the line)
    horizontal = QSizePolicy.Policy.Preferred if corner else QSizePolicy.Policy.Ignored
    label.setSizePolicy(horizontal, QSizePolicy.Policy.Fixed)
    label.setStyleSheet(f"QLabel#playing_banner {{ background: {HIGHLIGHT}; color: {palette.INK}; "
                        f"border-radius: 4px; padding: {'1px 8px' if corner else '4px 8px'}; }}")
    label.hide()
    return label


def faded(t: float) -> QColor:
    """The highlight at time ``t`` (0..1) of a flash: full at 0, transparent at 1.

    >>> faded(0.0).alpha(), faded(1.0).alpha(), faded(0.5).name() == HIGHLIGHT.lower()
    (255, 0, True)
    """
    colour = QColor(HIGHLIGHT)
    colour.setAlpha(round(255 * (1.0 - min(1.0, max(0.0, t)))))
    return colour


class Flash(QObject):
    """One animated move: ``step(t, colour)`` for t going 0 -> 1, then ``done()`` exactly once.

    :meth:`finish` cuts it short (the next move, or the end of play): ``done`` runs at once. With
    a duration of 0 (``DURATION_MS = 0``) :meth:`start` calls ``done`` straight away and never
    ``step``.

    Examples
    --------
    >>> from PySide6.QtWidgets import QApplication
    >>> app = QApplication.instance() or QApplication([])
    >>> seen = []
    >>> f = Flash(None, lambda t, c: seen.append(t), lambda: seen.append("done"), duration=0)
    >>> f.start(); f.finish(); seen, f.running
    (['done'], False)
    """

    def __init__(self, parent: QObject | None, step: Callable[[float, QColor], None],
                 done: Callable[[], None], duration: int | None = None) -> None:
        super().__init__(parent)
        self.step, self.done = step, done
        self.duration = DURATION_MS if duration is None else max(0, int(duration))
        self.running = False
        self.animation: QVariantAnimation | None = None

    def start(self) -> None:
        self.running = True
        if self.duration == 0:
            self.finish()
            return
        self.animation = QVariantAnimation(self)
        self.animation.setStartValue(0.0)
        self.animation.setEndValue(1.0)
        self.animation.setDuration(self.duration)
        self.animation.setEasingCurve(QEasingCurve.Type.InOutQuad)
        self.animation.valueChanged.connect(self._value)
        self.animation.finished.connect(self.finish)
        self.step(0.0, faded(0.0))
        self.animation.start()

    def _value(self, t: object) -> None:
        if self.running:
            value = float(t)  # type: ignore[arg-type]
            self.step(value, faded(value))

    def finish(self) -> None:
        """End now (idempotent): the animation stops and ``done`` runs once."""
        if not self.running:
            return
        self.running = False
        if self.animation is not None:
            self.animation.stop()
            self.animation.deleteLater()
            self.animation = None
        self.done()


class TabPlay:
    """What the tabs' play helpers share: the tab, and the flash of the move being animated."""

    def __init__(self, tab: QWidget) -> None:
        self.tab = tab
        self.flash: Flash | None = None

    def start_flash(self, step: Callable[[float, QColor], None], done: Callable[[], None]) -> None:
        """Animate a move: ``step(t, colour)`` as time goes, ``done()`` at the end (or when cut)."""
        self.flash = Flash(self.tab, step, done)
        self.flash.start()

    def cut(self) -> None:
        """Finish the running animation at once (the next move, or the end of play)."""
        if self.flash is not None:
            flash, self.flash = self.flash, None
            flash.finish()
            flash.deleteLater()


class MoveAsker(QLineEdit):
    """A one-line editor laid over a heap row in play mode, asking a person for a move there.

    :meth:`ask` shows it over ``rect`` with a prompt; Enter emits ``answered(row, text)`` and hides
    it; Escape or a click elsewhere hides it without a word. It is not the table's item editor: the
    heap sizes stay read-only while playing.
    """

    answered = Signal(int, str)

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("move_asker")
        self.setStyleSheet(f"QLineEdit#move_asker {{ border: 2px solid {HIGHLIGHT}; }}")
        self.row = -1
        self.hide()

    def ask(self, row: int, rect: QRect, prompt: str) -> None:
        """Show the editor over ``rect`` (the row, in the parent's coordinates) for ``row``."""
        self.row = row
        self.clear()
        self.setPlaceholderText(prompt)
        self.setToolTip(prompt + ". Enter plays, Escape cancels")
        self.setGeometry(rect)
        self.show()
        self.raise_()
        self.setFocus(Qt.FocusReason.OtherFocusReason)

    def _answer(self) -> None:
        text, row = self.text(), self.row
        self.hide()
        if text.strip():
            self.answered.emit(row, text)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Escape):
            event.accept()  # not passed on to the view (whose Enter would ask again)
            if event.key() == Qt.Key.Key_Escape:
                self.hide()
            else:
                self._answer()
            return
        super().keyPressEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self.hide()
