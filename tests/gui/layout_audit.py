"""What a person sees of a window's widgets: texts cut, controls out of sight (the layout tests' helper).

:func:`problems` walks the widget tree of a shown window and says, in words, what a person could
not read or reach:

- a visible label whose text does not fit its width (measured with its font metrics; a label that
  wraps: its height for that width), unless it cuts its text on purpose (a
  :class:`~sgstudio.gui.widgets.FittedLabel`) and gives the whole in its tooltip;
- a group box whose title does not fit;
- a label, group box, control (button, line edit, spin box, combo box) or view (a plot, a table, a
  list) cut by a widget around it (a splitter or a frame too small for it), or lying outside the
  window;
- a scroll area of a tab page that scrolls sideways (it cuts the starts of the lines: "e-and-break
  rule"); a page may scroll up and down, and a control below its viewport is then reachable, as
  long as it lies whole in the page;
- tabs of the tab bar hidden behind its scroll arrows.

Docks tabbed behind another (Qt parks them outside the window) are not looked at.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import Qt as GuiQt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractScrollArea,
    QAbstractSpinBox,
    QComboBox,
    QDockWidget,
    QGroupBox,
    QLabel,
    QLineEdit,
    QScrollArea,
    QStyle,
    QStyleOptionGroupBox,
    QTabBar,
    QToolButton,
    QWidget,
)

from sgstudio.gui.widgets import FittedLabel

CONTROLS = (QAbstractButton, QLineEdit, QAbstractSpinBox, QComboBox)


def rect_in(widget: QWidget, window: QWidget) -> QRect:
    """``widget``'s rectangle in ``window``'s coordinates."""
    return QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())


def name(widget: QWidget) -> str:
    """The widget's class and text, as a message names it."""
    text = ""
    if isinstance(widget, (QLabel, QAbstractButton, QLineEdit)):
        text = widget.text() or (widget.placeholderText() if isinstance(widget, QLineEdit) else "")
    elif isinstance(widget, QGroupBox):
        text = widget.title()
    text = " ".join(text.split())
    return f"{type(widget).__name__} {text[:50]!r}" if text else type(widget).__name__


def text_width(label: QLabel) -> int:
    """The width the label's text needs on one line (plain or rich), with its margins."""
    text = label.text()
    rich = label.textFormat() == Qt.TextFormat.RichText or (
        label.textFormat() == Qt.TextFormat.AutoText and GuiQt.mightBeRichText(text))
    if rich:
        doc = QTextDocument()
        doc.setDefaultFont(label.font())
        doc.setDocumentMargin(0)
        doc.setHtml(text)
        needed = round(doc.idealWidth())
    else:
        metrics = label.fontMetrics()
        needed = max((metrics.horizontalAdvance(line) for line in text.split("\n")), default=0)
    margins = label.contentsMargins()
    return needed + margins.left() + margins.right() + 2 * label.margin()


def label_problem(label: QLabel) -> str | None:
    """Why ``label``'s text is not read whole, or None."""
    if isinstance(label, FittedLabel):
        if label.is_cut() and " ".join(label.toolTip().split()) != " ".join(label.text().split()):
            return "is cut and its tooltip does not give the whole text"
        return None
    if not label.text().strip():
        return None
    if label.wordWrap():
        needed = label.heightForWidth(label.width())
        return f"wraps to {needed} px in a height of {label.height()} px" if needed > label.height() else None
    needed = text_width(label)
    return f"needs {needed} px, has {label.width()} px" if needed > label.width() else None


def title_problem(box: QGroupBox) -> str | None:
    """Why ``box``'s title is not read whole, or None."""
    if not box.title():
        return None
    option = QStyleOptionGroupBox()
    box.initStyleOption(option)
    title = box.style().subControlRect(QStyle.ComplexControl.CC_GroupBox, option,
                                       QStyle.SubControl.SC_GroupBoxLabel, box)
    needed = title.left() + box.fontMetrics().horizontalAdvance(box.title().replace("&&", "&"))
    return f"title needs {needed} px, has {box.width()} px" if needed > box.width() else None


def page_of(widget: QWidget) -> QScrollArea | None:
    """The scroll area of a tab page that holds ``widget`` (None: not in one)."""
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QScrollArea):
            return parent
        parent = parent.parentWidget()
    return None


def cut(widget: QWidget, window: QWidget) -> str | None:
    """Whether a widget around ``widget`` cuts it (or it lies outside the window), in words."""
    whole = rect_in(widget, window)
    page = page_of(widget)
    stop = page.viewport() if page is not None else window
    shown, parent = QRect(whole), widget.parentWidget()
    while parent is not None and parent is not stop and parent is not window:
        shown &= rect_in(parent, window)
        parent = parent.parentWidget()
    size = f"{whole.width()}x{whole.height()}"
    if shown != whole:
        return f"is cut by the widgets around it: {shown.width()}x{shown.height()} of {size}"
    viewport = rect_in(stop, window) & window.rect()
    in_sight = whole & viewport
    if in_sight == whole:
        return None
    scrolls = page is not None and page.verticalScrollBar().maximum() > 0
    if scrolls and viewport.left() <= whole.left() and whole.right() <= viewport.right() \
            and whole.height() <= viewport.height():
        return None  # the page scrolls up and down: scrolling brings it whole into sight
    return f"is out of sight: {in_sight.width()}x{in_sight.height()} of {size} shown"


def problems(window: QWidget) -> list[str]:
    """Every text cut without its tooltip and every control out of reach in ``window``, in words."""
    found = []
    for widget in window.findChildren(QWidget):
        if not widget.isVisible() or widget.window() is not window or widget.width() <= 0:
            continue
        if _parked(widget):
            continue
        if isinstance(widget, QToolButton) and isinstance(widget.parentWidget(), QTabBar):
            found.append(f"the tab bar scrolls: its {widget.arrowType().name} is shown")
            continue
        if isinstance(widget, QScrollArea) and widget.horizontalScrollBar().maximum() > 0:
            sideways = widget.horizontalScrollBar().maximum()
            found.append(f"{name(widget.widget())} scrolls sideways by {sideways} px")
        why = None
        if isinstance(widget, QLabel):
            why = label_problem(widget) or cut(widget, window)
        elif isinstance(widget, QGroupBox):
            why = title_problem(widget) or cut(widget, window)
        elif isinstance(widget, CONTROLS) and not _inner_control(widget):
            why = cut(widget, window)
        elif isinstance(widget, QAbstractScrollArea) and not isinstance(widget, QScrollArea) \
                and not _inner_control(widget):
            why = cut(widget, window)  # a plot, a table, a list: in sight, or reachable as a whole
        if why:
            found.append(f"{name(widget)} {why}")
    return found


def _parked(widget: QWidget) -> bool:
    """Inside a dock tabbed behind another (Qt parks such a dock outside the window)."""
    parent = widget
    while parent is not None and not isinstance(parent, QDockWidget):
        parent = parent.parentWidget()
    return parent is not None and not parent.isFloating() and not parent.geometry().intersects(
        parent.window().rect())


def _inner_control(widget: QWidget) -> bool:
    """A part of another control (a spin box's line edit, the tab bar's arrows), or a widget inside
    an item view (an editor or a cell's widget: it scrolls with the view)."""
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, (QAbstractSpinBox, QComboBox, QTabBar)):
            return True
        if isinstance(parent, QAbstractScrollArea) and not isinstance(parent, QScrollArea):
            return True
        parent = parent.parentWidget()
    return False
