"""Compiled loops of the big drawing (numba, compiled on first use and cached on disk): which edges
meet a rectangle, and the overview picture (edges and vertices rasterised into one image).

The overview is what a big graph looks like far out, where Qt's line drawing would spend tens of
milliseconds on edges a pixel apart. One pass over the vertices counts them per cell of
:data:`BIN` x :data:`BIN` pixels (and those of value 0, and the selected ones); one pass over an
even sample of the edges in sight, as many as :data:`EDGE_PIXELS` pixels of line, counts how many
lines cross each pixel; a last pass over the pixels composes the picture: a line pixel crossed by
c lines is as dark as c overlapping lines of opacity :data:`EDGE_ALPHA` would be, a vertex cell
takes the colour of the kind of value most of its vertices have (the small drawing's colours,
:data:`~sgstudio.gui.palette.KIND_COLOURS`: blue value 0, orange non-zero, reddish purple ∞ on a
loopy graph; a tie goes to blue, then purple), more opaque where denser, black where one of them
is selected, over the lines.

>>> import numpy as np
>>> xy = np.array([[0.0, 0.0], [10.0, 0.0]])
>>> edges_in_box(np.array([0]), np.array([1]), xy, 1, 4.0, -1.0, 6.0, 1.0).tolist()
[0]
>>> image = overview_image(xy, np.ones(2, bool), np.array([0, 1], np.int8), np.zeros(2, bool),
...                        np.array([0]), np.array([1]), np.array([0]), 1, (1.0, 0.0, 1.0, 0.0), 12, 2)
>>> [hex(int(image[0, x])) for x in (0, 5, 10)]  # blue vertex, grey line, orange vertex
['0xff0072b2', '0x330f0f0f', '0xffe69f00']
>>> hex(int(overview_image(xy, np.ones(2, bool), np.array([2, 2], np.int8), np.zeros(2, bool),
...     np.array([0]), np.array([1]), np.array([0]), 1, (1.0, 0.0, 1.0, 0.0), 12, 2)[0, 0]))  # ∞
'0xffcc79a7'
"""

from __future__ import annotations

import numpy as np

BIN = 2  # screen pixels per vertex cell of the overview
EDGE_PIXELS = 1_500_000  # pixels of edge lines rasterised per overview at most (an even sample)
EDGE_ALPHA = 0.2  # the opacity of one line of the overview
EDGE_GREY = 0x4D  # palette.EDGE
BLUE, ORANGE, PURPLE = (0x00, 0x72, 0xB2), (0xE6, 0x9F, 0x00), (0xCC, 0x79, 0xA7)  # palette.KIND_COLOURS
SELECTED = (0x00, 0x00, 0x00)

_compiled: dict = {}


_HELPERS = ("_clip", "_rasterise_edges", "_compose")


def _kernel(name: str):
    """The compiled form of ``_name`` (the helpers it calls are compiled first, in their place)."""
    if name not in _compiled:
        from numba import njit

        space = globals()
        for helper in _HELPERS:
            if not hasattr(space[helper], "py_func"):
                space[helper] = njit(cache=True, nogil=True)(space[helper])
        _compiled[name] = njit(cache=True, nogil=True)(space[f"_{name}"])
    return _compiled[name]


def edges_in_box(src: np.ndarray, dst: np.ndarray, xy: np.ndarray, m: int, left: float, top: float,
                 right: float, bottom: float) -> np.ndarray:
    """The indices among the first ``m`` edges whose bounding box meets the rectangle."""
    return _kernel("edges_in_box")(src, dst, xy, int(m), float(left), float(top), float(right), float(bottom))


def _edges_in_box(src, dst, xy, m, left, top, right, bottom):  # pragma: no cover - compiled
    out = np.empty(m, np.int64)
    k = 0
    for e in range(m):
        ax, ay, bx, by = xy[src[e], 0], xy[src[e], 1], xy[dst[e], 0], xy[dst[e], 1]
        if min(ax, bx) <= right and max(ax, bx) >= left and min(ay, by) <= bottom and max(ay, by) >= top:
            out[k] = e
            k += 1
    return out[:k].copy()


def overview_image(xy: np.ndarray, alive: np.ndarray, kind: np.ndarray, selected: np.ndarray,
                   src: np.ndarray, dst: np.ndarray, candidates: np.ndarray, m: int,
                   transform: tuple[float, float, float, float], width: int, height: int) -> np.ndarray:
    """The overview of a ``width`` x ``height`` pixel area as premultiplied ARGB32 pixels (an
    (height, width) uint32 array). ``transform`` = (sx, ox, sy, oy) maps a scene point to the
    area's pixel (sx * x + ox, sy * y + oy); the edges drawn are an even sample of ``candidates``
    (indices below ``m``); ``kind`` is each vertex's kind of value (int8: 0 value 0, 1 non-zero, 2 ∞)."""
    return _kernel("overview")(xy, alive, kind, selected, src, dst, candidates, int(m),
                               *map(float, transform), int(width), int(height))


def _clip(x0, y0, x1, y1, w, h):  # pragma: no cover - compiled (inlined into _overview)
    """Liang-Barsky: the part of the segment inside [0, w) x [0, h), as (t0, t1) (t0 > t1: none)."""
    t0, t1 = 0.0, 1.0
    dx, dy = x1 - x0, y1 - y0
    for p, q in ((-dx, x0), (dx, w - 1e-6 - x0), (-dy, y0), (dy, h - 1e-6 - y0)):
        if p == 0.0:
            if q < 0.0:
                return 1.0, 0.0
        else:
            r = q / p
            if p < 0.0:
                t0 = max(t0, r)
            else:
                t1 = min(t1, r)
    return t0, t1


def _overview(xy, alive, kind, selected, src, dst, cand, m, sx, ox, sy, oy, w, h):  # pragma: no cover
    lines = np.zeros(h * w, np.int32)
    _rasterise_edges(xy, src, dst, cand, m, sx, ox, sy, oy, w, h, lines)
    cw, ch = (w + BIN - 1) // BIN, (h + BIN - 1) // BIN
    total = np.zeros(cw * ch, np.int32)
    zeros = np.zeros(cw * ch, np.int32)
    infinite = np.zeros(cw * ch, np.int32)
    chosen = np.zeros(cw * ch, np.int32)
    for v in range(alive.shape[0]):
        if not alive[v]:
            continue
        px, py = sx * xy[v, 0] + ox, sy * xy[v, 1] + oy
        if px >= 0.0 and px < w and py >= 0.0 and py < h:  # NaN fails every test
            c = int(py) // BIN * cw + int(px) // BIN
            total[c] += 1
            zeros[c] += kind[v] == 0
            infinite[c] += kind[v] == 2
            chosen[c] += selected[v]
    return _compose(lines, total, zeros, infinite, chosen, w, h, cw)


def _rasterise_edges(xy, src, dst, cand, m, sx, ox, sy, oy, w, h, lines):  # pragma: no cover
    """Count, per pixel, the sampled lines crossing it (each line clipped to the area). The step of
    the sample comes from the pixels an even tenth of at most 10^5 candidates would take."""
    probe = max(1, cand.shape[0] // 100_000)
    length = 0.0
    for i in range(0, cand.shape[0], probe):
        e = cand[i]
        if e < m:
            dx = abs(sx * (xy[dst[e], 0] - xy[src[e], 0]))
            dy = abs(sy * (xy[dst[e], 1] - xy[src[e], 1]))
            length += min(max(dx, dy), w + h) + 1.0
    step = max(1, int(np.ceil(length * probe / EDGE_PIXELS)))
    for i in range(0, cand.shape[0], step):
        e = cand[i]
        if e >= m:
            continue
        x0, y0 = sx * xy[src[e], 0] + ox, sy * xy[src[e], 1] + oy
        x1, y1 = sx * xy[dst[e], 0] + ox, sy * xy[dst[e], 1] + oy
        t0, t1 = _clip(x0, y0, x1, y1, w, h)
        if t0 > t1:
            continue
        ax, ay = x0 + t0 * (x1 - x0), y0 + t0 * (y1 - y0)
        bx, by = x0 + t1 * (x1 - x0), y0 + t1 * (y1 - y0)
        n = int(max(abs(bx - ax), abs(by - ay))) + 1
        ux, uy = (bx - ax) / n, (by - ay) / n
        for k in range(n + 1):
            px, py = int(ax + k * ux), int(ay + k * uy)
            if px >= 0 and px < w and py >= 0 and py < h:
                lines[py * w + px] += 1


def _compose(lines, total, zeros, infinite, chosen, w, h, cw):  # pragma: no cover - compiled
    """The pixels: each cell's colour (premultiplied) over the grey of the lines beneath."""
    cells = total.shape[0]
    top = 1
    for c in range(cells):
        top = max(top, total[c])
    span = max(np.log1p(top), 1e-9)
    colour = np.zeros((cells, 4), np.float64)  # premultiplied r, g, b and the opacity
    for c in range(cells):
        if total[c]:
            if chosen[c]:
                r, g, b, a = SELECTED[0], SELECTED[1], SELECTED[2], 1.0
            else:
                wins = total[c] - zeros[c] - infinite[c]
                if zeros[c] >= wins and zeros[c] >= infinite[c]:
                    r, g, b = BLUE
                elif infinite[c] >= wins:
                    r, g, b = PURPLE
                else:
                    r, g, b = ORANGE
                a = (110.0 + 145.0 * np.log1p(total[c]) / span) / 255.0
            colour[c, 0], colour[c, 1], colour[c, 2], colour[c, 3] = r * a, g * a, b * a, a
    ink = np.empty(64, np.float64)  # the opacity of k overlapping lines
    for k in range(64):
        ink[k] = 1.0 - (1.0 - EDGE_ALPHA) ** k
    out = np.zeros((h, w), np.uint32)
    for y in range(h):
        row = y // BIN * cw
        for x in range(w):
            c = row + x // BIN
            k = lines[y * w + x]
            if k == 0 and total[c] == 0:
                continue
            a = ink[min(k, 63)]
            r = g = b = EDGE_GREY * a
            if total[c]:
                keep = 1.0 - colour[c, 3]
                r, g, b = colour[c, 0] + r * keep, colour[c, 1] + g * keep, colour[c, 2] + b * keep
                a = colour[c, 3] + a * keep
            out[y, x] = (int(a * 255.0 + 0.5) << 24) | (int(r + 0.5) << 16) | (int(g + 0.5) << 8) \
                | int(b + 0.5)
    return out
