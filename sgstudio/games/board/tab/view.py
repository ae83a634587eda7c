"""The board drawn: cells, chesses as discs, row numbers, each row's Grundy value, winning-move arrows.

:class:`BoardView` is a QAbstractScrollArea that paints only the rows inside the viewport, so a
judge test of 1000 rows (or far more) scrolls as fast as one of three. The column numbers stay
pinned at the top. It follows the model's events and shows an
:class:`~sgstudio.core.analysis.Analysis` given by the tab (or "pending" while the Grundy
table of the width is computed); it never derives a value itself.

Mouse: a click on a cell emits ``cell_clicked(row, column)`` (the tab turns it into an undo
command); a click on a row number makes that row current. Keyboard: the arrow keys move a cell
cursor, Space toggles the cell under it (``cell_clicked`` again).

What was painted last is kept for tests and tools: ``drawn_values`` (row -> text of its value
badge) and ``drawn_arrows`` (the moves whose arrows were drawn).

Play mode shows another :class:`BoardPosition` (:meth:`BoardView.set_model`) and animates a move
with :meth:`BoardView.set_glide`: the chess is drawn on its way along the move's arrow path (over
the jumped block), the landing cell stays empty until it arrives. :meth:`BoardView.set_hint` draws
one more arrow, lit, for the Play panel's Hint (winning or not).
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, QRect, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QKeyEvent, QMouseEvent, QPainter, QPainterPath, QPolygonF
from PySide6.QtWidgets import QAbstractScrollArea, QWidget

from sgstudio.core.analysis import Analysis
from sgstudio.games.board.game import Move
from sgstudio.games.board.position import BoardPosition
from sgstudio.gui import palette

LEFT = 48  # row numbers
HEADER = 28  # pinned column numbers
GAP = 14  # between the board and the value badges
BADGE = 46  # width of a value badge
MARGIN = 12
MIN_CELL, MAX_CELL = 24, 42
CELL_LIGHT, CELL_DARK = "#FAFAFA", "#EFEFEF"
DISC = palette.INK
ARROW = palette.VERMILLION
PENDING = "#BDBDBD"


class BoardView(QAbstractScrollArea):
    """An n x width board; only the visible rows are painted."""

    cell_clicked = Signal(int, int)  # row (0-based), column (1-based)
    current_row_changed = Signal(int)

    def __init__(self, model: BoardPosition, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.cell = 30
        self.current_row = -1
        self.cursor_cell: tuple[int, int] | None = None
        self.analysis: Analysis | None = None
        self._analysed_width = 0
        self.highlighted: Move | None = None
        self.hint: Move | None = None
        self._by_row: dict[int, list[Move]] = {}
        self.drawn_values: dict[int, str] = {}
        self.drawn_arrows: list[Move] = []
        self.glide: tuple[Move, float] | None = None
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.viewport().setMouseTracking(True)
        self.verticalScrollBar().setSingleStep(self.cell)
        self._follow(model, True)
        self._update_geometry()

    def _follow(self, model: BoardPosition, on: bool) -> None:
        for event in (model.row_changed, model.rows_inserted, model.rows_removed, model.reset):
            (event.connect if on else event.disconnect)(self._model_changed)

    def set_model(self, model: BoardPosition) -> None:
        """Show another board (play mode shows the played one); no analysis until one is given."""
        if model is self.model:
            return
        self._follow(self.model, False)
        self.model = model
        self._follow(model, True)
        self.glide = None
        self.set_analysis(None)
        self._model_changed()

    def set_glide(self, move: Move | None, t: float = 0.0) -> None:
        """Draw ``move``'s chess at ``t`` (0..1) of its way to the landing cell (None: no glide)."""
        self.glide = None if move is None else (move, t)
        if move is not None and t == 0.0:
            self.ensure_row_visible(move[0])
        self.viewport().update()

    def glide_point(self) -> QPointF | None:
        """Where the gliding chess is drawn (viewport coordinates), or None."""
        if self.glide is None:
            return None
        move, t = self.glide
        return self.glide_path(move).pointAtPercent(min(1.0, max(0.0, t)))

    def glide_path(self, move: Move) -> QPainterPath:
        """The way a moving chess goes: centre to centre, straight for a step, an arc over a block."""
        row, c, d = move
        a, b = QPointF(self.cell_center(row, c)), QPointF(self.cell_center(row, d))
        path = QPainterPath(a)
        if d == c + 1:
            path.lineTo(b)
        else:
            top = self.cell_rect(row, c).top() - self.cell * 0.1
            path.cubicTo(QPointF(a.x() + self.cell * 0.4, top), QPointF(b.x() - self.cell * 0.4, top), b)
        return path

    # -- geometry ----------------------------------------------------------------------------------
    def _origin(self) -> QPoint:
        """Viewport position of the top-left corner of cell (row 0, column 1)."""
        return QPoint(LEFT + MARGIN - self.horizontalScrollBar().value(),
                      HEADER - self.verticalScrollBar().value())

    def content_width(self) -> int:
        return LEFT + MARGIN + self.model.width * self.cell + GAP + BADGE + MARGIN

    def content_height(self) -> int:
        return HEADER + self.model.row_count() * self.cell + MARGIN

    def cell_rect(self, row: int, column: int) -> QRect:
        """The cell's rectangle in viewport coordinates (it may lie outside the viewport)."""
        o = self._origin()
        return QRect(o.x() + (column - 1) * self.cell, o.y() + row * self.cell, self.cell, self.cell)

    def cell_center(self, row: int, column: int) -> QPoint:
        return self.cell_rect(row, column).center()

    def badge_rect(self, row: int) -> QRect:
        o = self._origin()
        x = o.x() + self.model.width * self.cell + GAP
        return QRect(x, o.y() + row * self.cell + 3, BADGE, self.cell - 6)

    def row_at(self, y: int) -> int | None:
        if y < HEADER:
            return None
        row = (y - self._origin().y()) // self.cell
        return row if 0 <= row < self.model.row_count() else None

    def cell_at(self, pos: QPoint) -> tuple[int, int] | None:
        """(row, column) under a viewport position, or None."""
        row = self.row_at(pos.y())
        column = (pos.x() - self._origin().x()) // self.cell + 1
        if row is None or not 1 <= column <= self.model.width or pos.x() < self._origin().x():
            return None
        return row, column

    def visible_rows(self) -> range:
        top = self.verticalScrollBar().value()
        first = max(0, top // self.cell)
        last = min(self.model.row_count(), (top + self.viewport().height() - HEADER) // self.cell + 1)
        return range(first, max(first, last))

    def ensure_row_visible(self, row: int) -> None:
        bar = self.verticalScrollBar()
        visible = self.viewport().height() - HEADER
        top, bottom = row * self.cell, (row + 1) * self.cell
        if top < bar.value():
            bar.setValue(top)
        elif bottom > bar.value() + visible:
            bar.setValue(bottom - visible)

    def _update_geometry(self) -> None:
        width = self.viewport().width() - (LEFT + GAP + BADGE + 3 * MARGIN)
        self.cell = max(MIN_CELL, min(MAX_CELL, width // max(1, self.model.width)))
        for bar, content, page in ((self.verticalScrollBar(), self.content_height(),
                                    self.viewport().height()),
                                   (self.horizontalScrollBar(), self.content_width(),
                                    self.viewport().width())):
            bar.setPageStep(page)
            bar.setRange(0, max(0, content - page))
        self.verticalScrollBar().setSingleStep(self.cell)
        self.viewport().update()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._update_geometry()

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        self.viewport().update()

    # -- what is shown -----------------------------------------------------------------------------
    def _model_changed(self, *_args) -> None:
        if self.current_row >= self.model.row_count():
            self.set_current_row(self.model.row_count() - 1)
        if self.cursor_cell is not None and (self.cursor_cell[0] >= self.model.row_count()
                                             or self.cursor_cell[1] > self.model.width):
            self.cursor_cell = None
        self._update_geometry()

    def set_analysis(self, analysis: Analysis | None) -> None:
        """Show the values and arrows of ``analysis`` (None: being computed)."""
        self.analysis = analysis
        self._analysed_width = self.model.width
        self._by_row = {}
        for m in analysis.moves if analysis is not None else ():
            self._by_row.setdefault(m.component, []).append(m.move)
        if self.highlighted not in self.arrows():
            self.highlighted = None
        self.viewport().update()

    def arrows(self) -> list[Move]:
        """Every winning move the view holds an arrow for (drawn when its row is visible)."""
        return [m for row in sorted(self._by_row) for m in self._by_row[row]]

    def set_highlight(self, move: Move | None) -> None:
        if move != self.highlighted:
            self.highlighted = move
            if move is not None:
                self.ensure_row_visible(move[0])
            self.viewport().update()

    def set_hint(self, move: Move | None) -> None:
        """Draw ``move``'s arrow lit (the Play panel's Hint), or no hint (None)."""
        if move != self.hint:
            self.hint = None if move is None else tuple(move)
            if move is not None:
                self.ensure_row_visible(move[0])
            self.viewport().update()

    def set_current_row(self, row: int) -> None:
        if row != self.current_row:
            self.current_row = row
            self.current_row_changed.emit(row)
            self.viewport().update()

    def arrow_path(self, move: Move) -> QPainterPath:
        """The arrow's shaft in viewport coordinates: straight for a step, an arc over a jumped block."""
        row, c, d = move
        a, b = QPointF(self.cell_center(row, c)), QPointF(self.cell_center(row, d))
        r = self.cell * 0.36
        path = QPainterPath()
        if d == c + 1:
            path.moveTo(a.x() + r * 0.2, a.y())
            path.lineTo(b.x() - r * 0.45, b.y())
        else:
            top = self.cell_rect(row, c).top() + 2.0
            path.moveTo(a.x(), a.y() - r * 0.3)
            path.cubicTo(QPointF(a.x() + r, top), QPointF(b.x() - r, top), QPointF(b.x(), b.y() - r * 0.45))
        return path

    # -- painting ----------------------------------------------------------------------------------
    def paintEvent(self, event) -> None:
        p = QPainter(self.viewport())
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.viewport().rect(), QColor(palette.PAPER))
        rows = self.visible_rows()
        self.drawn_values, self.drawn_arrows = {}, []
        p.setClipRect(QRect(0, HEADER, self.viewport().width(), self.viewport().height()))
        for i in rows:
            self._paint_row(p, i)
        for i in rows:
            for move in self._by_row.get(i, ()):
                self._paint_arrow(p, move, move in (self.highlighted, self.hint))
        hint = self.hint
        if hint is not None and hint[0] in rows and hint not in self._by_row.get(hint[0], ()):
            self._paint_arrow(p, hint, True)
        self._paint_glide(p)
        p.setClipping(False)
        self._paint_header(p)
        p.end()

    def _paint_row(self, p: QPainter, i: int) -> None:
        row = self.model.row(i)
        first = self.cell_rect(i, 1)
        if i == self.current_row:
            band = QRect(0, first.top(), self.content_width(), self.cell)
            p.fillRect(band, QColor(86, 180, 233, 50))
        p.setFont(palette.font(9, bold=i == self.current_row))
        p.setPen(QColor(palette.INK))
        label = QRect(first.left() - LEFT - 4, first.top(), LEFT, self.cell)
        p.drawText(label, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, str(i + 1))
        p.setPen(palette.pen(palette.GRID))
        for c in range(1, self.model.width + 1):
            cell = self.cell_rect(i, c)
            p.setBrush(palette.brush(CELL_LIGHT if (i + c) % 2 else CELL_DARK))
            p.drawRect(cell)
        r = self.cell * 0.36
        p.setPen(palette.pen(palette.EDGE, 1.2))
        p.setBrush(palette.brush(DISC))
        landing = self.glide[0][2] if self.glide is not None and self.glide[0][0] == i else None
        for c in row:
            if c != landing:
                p.drawEllipse(QPointF(self.cell_center(i, c)), r, r)
        if self.cursor_cell is not None and self.cursor_cell[0] == i and self.hasFocus():
            p.setPen(palette.pen(palette.SKY, 2.5))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(self.cell_rect(*self.cursor_cell).adjusted(2, 2, -2, -2))
        self._paint_badge(p, i)

    def _paint_badge(self, p: QPainter, i: int) -> None:
        rect = self.badge_rect(i)
        a = self.analysis
        if a is None or self._analysed_width != self.model.width or len(a.values) != self.model.row_count():
            value, fill, ink, text = None, QColor(PENDING), QColor(palette.INK), "…"
        else:
            value = a.values[i]
            fill, ink, text = palette.value_colour(value), palette.text_colour(value), str(value)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(fill)
        p.drawRoundedRect(QRectF(rect), 6, 6)
        if value == 0:  # the second, colour-free cue of a value-0 (losing) component: a white ring
            p.setPen(palette.pen(palette.PAPER, 1.5))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(QRectF(rect).adjusted(3, 3, -3, -3), 4, 4)
        p.setPen(ink)
        p.setFont(palette.font(10, bold=True))
        p.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
        self.drawn_values[i] = text

    def _paint_arrow(self, p: QPainter, move: Move, hot: bool) -> None:
        colour = palette.SKY if hot else ARROW
        width = max(2.0, self.cell / 11) * (1.6 if hot else 1.0)
        path = self.arrow_path(move)
        land = QPointF(self.cell_center(move[0], move[2]))
        p.setPen(palette.pen(colour, 1.5, Qt.PenStyle.DashLine))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawEllipse(land, self.cell * 0.3, self.cell * 0.3)
        p.setPen(palette.pen(colour, width))
        p.drawPath(path)
        tip, angle = path.pointAtPercent(1.0), path.angleAtPercent(1.0)
        head = QPainterPath()
        size = self.cell * 0.28
        head.addPolygon(QPolygonF([QPointF(0, 0), QPointF(-size, -size * 0.55), QPointF(-size, size * 0.55)]))
        p.save()
        p.translate(tip)
        p.rotate(-angle)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(palette.brush(colour))
        p.drawPath(head)
        p.restore()
        self.drawn_arrows.append(move)

    def _paint_glide(self, p: QPainter) -> None:
        at = self.glide_point()
        if at is None:
            return
        r = self.cell * 0.36
        p.setPen(palette.pen(palette.SKY, 3.0))
        p.setBrush(palette.brush(DISC))
        p.drawEllipse(at, r, r)

    def _paint_header(self, p: QPainter) -> None:
        p.fillRect(QRect(0, 0, self.viewport().width(), HEADER), QColor(palette.PAPER))
        p.setPen(palette.pen(palette.GRID))
        p.drawLine(0, HEADER - 1, self.viewport().width(), HEADER - 1)
        p.setFont(palette.font(8))
        p.setPen(QColor(palette.EDGE))
        for c in range(1, self.model.width + 1):
            cell = self.cell_rect(0, c)
            p.drawText(QRect(cell.left(), 0, self.cell, HEADER), Qt.AlignmentFlag.AlignCenter, str(c))
        badge = self.badge_rect(0)
        p.drawText(QRect(badge.left(), 0, badge.width(), HEADER), Qt.AlignmentFlag.AlignCenter, "value")
        p.drawText(QRect(0, 0, LEFT + MARGIN - 4 - self.horizontalScrollBar().value(), HEADER),
                   Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, "row")

    # -- input -------------------------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return super().mousePressEvent(event)
        pos = event.position().toPoint()
        hit = self.cell_at(pos)
        row = self.row_at(pos.y())
        if row is not None:
            self.set_current_row(row)
        if hit is not None:
            self.cursor_cell = hit
            self.cell_clicked.emit(*hit)
        self.viewport().update()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        hit = self.cell_at(event.position().toPoint())
        self.viewport().setToolTip(f"row {hit[0] + 1}, column {hit[1]}" if hit else "")
        super().mouseMoveEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        steps = {Qt.Key.Key_Left: (0, -1), Qt.Key.Key_Right: (0, 1), Qt.Key.Key_Up: (-1, 0),
                 Qt.Key.Key_Down: (1, 0)}
        if self.model.row_count() == 0 or event.key() not in (*steps, Qt.Key.Key_Space):
            return super().keyPressEvent(event)
        row, col = self.cursor_cell or (max(0, self.current_row), 1)
        if event.key() == Qt.Key.Key_Space:
            self.cell_clicked.emit(row, col)
        else:
            dr, dc = steps[Qt.Key(event.key())]
            row = min(max(0, row + dr), self.model.row_count() - 1)
            col = min(max(1, col + dc), self.model.width)
        self.cursor_cell = (row, col)
        self.set_current_row(row)
        self.ensure_row_visible(row)
        self.viewport().update()
