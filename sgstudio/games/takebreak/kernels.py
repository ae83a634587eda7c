"""Take-and-break value kernels: plain Python sources that numba compiles (``cache=True``) on first use.

Values are bitsets of ``words`` 64-bit words (values below 64 * words; ``words`` is a power of two,
so the XOR of two values stays in range). A kernel that meets a mex of 64 * words stops and returns
the heap it could not finish; the driver (:mod:`sgstudio.games.takebreak.values`) widens the
bitsets and calls again. Small jobs run the same sources as plain Python (no JIT to load).

- :func:`_plain_py`: the definition. For every heap n it first builds the split sets S_j(n) (the
  XORs of g over the splits of n into j non-empty heaps) as bitsets: S_2 directly, S_j from S_{j-1}
  by XOR-set convolution, S_j(n) = union over a of g(a) XOR S_{j-1}(n - a), where translating a
  bitset by a value XOR is a permutation of words (high bits) and block swaps inside a word (low 6
  bits). Then g(n) = mex of the options: S_j(n - k) for each removal k of a j-heap clause, g(n - k)
  for one-heap clauses, 0 when n may be removed whole. A clause removing *any* k >= s keeps a
  running union of the option sets of n - s, n - s - 1, ... (one OR per heap instead of n).
- :func:`_pairs_py`: one- and two-heap rules, and with them the sparse-space method of
  Gangolli-Plambeck and Flammenkamp. A bit mask M splits values by the parity of popcount(v & M)
  (optionally twisted by the parity of the heap, for rules whose splits all remove amounts of one
  parity); "rare" heaps are those of one class. The XOR of two heaps has the *cheap* parity only
  when exactly one of them is rare, so the options of cheap parity are found exactly by pairing n's
  split with the few rare heaps; values of the other parity below the mex are looked for among
  all pairs, stopping at the first witness. The result is exact whatever the mask; a good mask only
  makes it fast. Without the method every candidate is looked for so: the pairs of a split are
  contiguous slices of g and of g reversed, so the search is a vectorised comparison (on uint16
  copies of g while values fit: 16 pairs per AVX2 instruction). The first pairs of each heap are
  stamped four heaps at a time (:func:`_stamp_group_py`: the pairs of heaps n..n+3 that end before
  n; a few pairs per heap are left to it), which nearly halves the cost of a stamp.

The two kernels are long on purpose: split into small jitted helpers they ran about 1.6 times
slower (measured), so each keeps its hot loops in one body.
- :func:`_runs_py`: the smallest p whose run of agreeing values g(n + p) = g(n) (+ s) at the end of
  the table passes a test (the octal periodicity theorem's bound, or a length for patterns), in
  time linear in the table (the Z-function of the reversed table), and when the runs seen now would
  certify.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

_MASKS = np.array([0x5555555555555555, 0x3333333333333333, 0x0F0F0F0F0F0F0F0F,
                   0x00FF00FF00FF00FF, 0x0000FFFF0000FFFF, 0x00000000FFFFFFFF], np.uint64)


def _plain_py(g, start, end, zero_ok, fin, fin_len, any_from, distinct, tables, prefix,
              words):  # pragma: no cover - compiled
    """g[start:end] by the definition (module docstring); returns the first heap not done."""
    one = np.uint64(1)
    full = ~np.uint64(0)
    J = fin.shape[0] - 1  # noqa: N806 - the most heaps a move leaves, as in the docs
    seen = np.zeros(words, np.uint64)
    mark = np.zeros(64 * words, np.int64)  # stamps (independent stores, faster than bit ORs)
    for n in range(start, end):
        if J >= 2:
            for j in range(2, J + 1):
                dst = tables[j - 2, n]
                dst[:] = 0
                if n < j:
                    continue
                if j == 2:
                    for a in range(1, n // 2 + 1):
                        if not (distinct and 2 * a == n):
                            mark[g[a] ^ g[n - a]] = n + 1
                    for v in range(64 * words):
                        if mark[v] == n + 1:
                            dst[v >> 6] |= one << np.uint64(v & 63)
                    continue
                for a in range(1, n - j + 2):
                    src, hi, lo = tables[j - 3, n - a], g[a] >> 6, g[a] & 63
                    for w in range(words):
                        x = src[w ^ hi]
                        if x:
                            for b in range(6):
                                if (lo >> b) & 1:
                                    sh = np.uint64(1 << b)
                                    x = ((x & _MASKS[b]) << sh) | ((x >> sh) & _MASKS[b])
                        dst[w] |= x
        seen[:] = 0
        if zero_ok[n]:
            seen[0] |= one
        for i in range(fin_len[1]):
            k = fin[1, i]
            if k >= n:
                break
            v = g[n - k]
            seen[v >> 6] |= one << np.uint64(v & 63)
        s = any_from[1]
        if s >= 1:
            if n - s >= 1:
                v = g[n - s]
                prefix[1, v >> 6] |= one << np.uint64(v & 63)
            for w in range(words):
                seen[w] |= prefix[1, w]
        for j in range(2, J + 1):
            for i in range(fin_len[j]):
                m = n - fin[j, i]
                if m < j:
                    break
                for w in range(words):
                    seen[w] |= tables[j - 2, m, w]
            s = any_from[j]
            if s >= 0:
                if n - s >= j:
                    for w in range(words):
                        prefix[j, w] |= tables[j - 2, n - s, w]
                for w in range(words):
                    seen[w] |= prefix[j, w]
        w = 0
        while w < words and seen[w] == full:
            w += 1
        if w == words:
            return n
        x, b = seen[w], 0
        while (x >> np.uint64(b)) & one:
            b += 1
        g[n] = w * 64 + b
    return end


def _pairs_py(g, gr, start, end, zero_ok, fin1, any1, r2, distinct, sparse, rpb, maskv, rare, state, hist,
              scratch, prefix1, words, lead, factor, stats):  # pragma: no cover - compiled
    """g[start:end] for rules whose moves leave at most two heaps; returns the first heap not done.

    ``gr`` is g reversed (``gr[cap - 1 - i] = g[i]``), so that g(m - a) for a = lo..hi is a slice.
    For each heap: the one-heap options and, with ``sparse``, the pairs with a rare part
    (``rare[:state[RARE]]``, extended here; the kernel stops when it is full) are stamped into ``seen``;
    then the first pairs of each split. Each candidate mex v not stamped is then either of the cheap
    parity (sparse: absent, so it is the mex), or found by stamping more pairs (up to ``lead``, a
    range of values at a time), or searched for among the remaining pairs by a vectorised
    comparison; found, it is stamped and the next candidate follows, else it is the mex.
    Once the searches have looked at ``factor`` times as many pairs as remain (0: at once), every
    remaining pair is stamped instead. ``stats`` counts heaps done and heaps where that happened.

    The sparse-space class (see :func:`_heap_class_py`; mask ``maskv[0]``, position bit
    ``state[TWIST]``, ``rpb`` from the rule) is revised here as the peers do: ``hist`` counts the
    heaps by (value, heap parity), and when a heap turns out rare (at most once per ``2^bits / 8``
    heaps) or a value needs a wider bit width, a Walsh-Hadamard transform of it
    (:func:`_best_mask_py`) counts the rare heaps of every mask at once; a mask with fewer replaces
    the current one and the rare list is rebuilt over every heap so far (``state[PENDING]`` while
    it does not fit: the kernel returns, and rebuilds first when called again).
    Without ``sparse`` the lead is always stamped in full (the mex itself is never stamped, so
    stamping goes on to the lead): it is stamped at once, four heaps together where it can be. There
    the lead of a heap n is also at most n / LEAD_SHARE pairs (see :data:`LEAD_SHARE`).
    """
    one = np.uint64(1)
    nk = r2.shape[0]
    top = 64 * words
    cap = gr.shape[0]
    if sparse and state[PENDING] and not _rebuild(g, rare, state, start, maskv[0], rpb):
        return start
    mask = maskv[0]
    twist = state[TWIST]
    rows = np.zeros((top, GROUP), np.int64)  # rows[v, j] == n + 1: v is an option of n = heap j of a group
    done = np.zeros(max(nk, 1), np.int64)  # pairs a = 1..done[i] of split i are stamped
    xors = np.empty((max(nk, 1), cap // 2 + 1), g.dtype)  # xors[i, t] = g(a) ^ g(m - a), a = done[i] + 1 + t,
    ready = np.zeros(max(nk, 1), np.int64)                 # for t < ready[i]: what the searches computed
    step = top
    reach = lead  # pairs stamped at most before searching (without sparse: at most n / LEAD_SHARE)
    first = min(lead, step) if sparse else lead  # pairs stamped before candidates are looked at (without
    glo = np.zeros(max(nk, 1), np.int64)         # sparse the lead is always reached: the mex is never
    ghi = np.zeros(max(nk, 1), np.int64)         # stamped), those of a group's heaps glo..ghi together
    group, group_end = start, start
    for n in range(start, end):
        if n == group_end:
            group, group_end = n, min(end, n + GROUP)
            if not sparse:
                reach = min(lead, max(step, n // LEAD_SHARE))
                first = reach
            for i in range(nk):
                m = n - r2[i]
                glo[i] = max(1, GROUP - r2[i])  # below it a pair of a later heap may end in the group
                ghi[i] = min(first, (m - 1) // 2 if distinct else m // 2) if group_end - n == GROUP else 0
                if glo[i] <= ghi[i]:
                    _stamp_group(g, gr, rows, n, m, glo[i], ghi[i])
        seen = rows[:, n - group]
        stamp = n + 1
        ready[:] = 0
        if zero_ok[n]:
            seen[0] = stamp
        for i in range(fin1.shape[0]):
            k = fin1[i]
            if k >= n:
                break
            seen[g[n - k]] = stamp
        if any1 >= 1:
            if n - any1 >= 1:
                v = g[n - any1]
                prefix1[v >> 6] |= one << np.uint64(v & 63)
            for v in range(top):
                if (prefix1[v >> 6] >> np.uint64(v & 63)) & one:
                    seen[v] = stamp
        count = state[RARE]
        for i in range(nk):
            m = n - r2[i]
            if sparse:  # every pair with a rare part: g(r) ^ g(m - r), g(m - r) read from gr (ascending)
                upto, base = count, cap - 1 - m
                while upto > 0 and rare[upto - 1] >= m:
                    upto -= 1
                if distinct:
                    for idx in range(upto):
                        r = rare[idx]
                        if 2 * r != m:
                            seen[g[r] ^ gr[base + r]] = stamp
                else:
                    for idx in range(upto):
                        r = rare[idx]
                        seen[g[r] ^ gr[base + r]] = stamp
            hi = (m - 1) // 2 if distinct else m // 2
            lim = min(hi, first)
            done[i] = max(lim, 0)
            if glo[i] <= ghi[i]:  # the group stamped glo..ghi: the pairs before and after
                _stamp_pairs(seen, stamp, g, gr, m, 1, glo[i] - 1)
                _stamp_pairs(seen, stamp, g, gr, m, ghi[i] + 1, lim)
            else:
                _stamp_pairs(seen, stamp, g, gr, m, 1, lim)
        cheap = 1
        if nk:
            cheap = 1 ^ (twist & ((n - r2[0]) & 1))
        budget = 0  # vectorised search allowed: ``factor`` times the pairs left after the lead; past
        for i in range(nk):  # it, stamping them all (as the naive method does) decides the rest
            m = n - r2[i]
            budget += max(0, ((m - 1) // 2 if distinct else m // 2) - reach)
        budget *= factor
        complete = nk == 0
        v = 0
        while True:
            while v < top and seen[v] == stamp:
                v += 1
            if v == top:
                return n
            if complete:
                break
            if sparse and _parity(np.uint64(v) & mask) == cheap:
                break
            grown = False  # first stamp more of the lead, a step at a time: witnesses are mostly early
            for i in range(nk):
                m = n - r2[i]
                hi = (m - 1) // 2 if distinct else m // 2
                lo, up = done[i] + 1, min(hi, reach, done[i] + step)
                if lo <= up:
                    xs = g[lo : up + 1]
                    ys = gr[cap - 1 - m + lo : cap - m + up]
                    for t in range(up + 1 - lo):
                        seen[xs[t] ^ ys[t]] = stamp
                    done[i] = up
                    ready[i] = 0
                    grown = True
            if grown:
                continue
            if budget > 0:
                found = False
                want = g.dtype.type(v)  # the arrays' type: a mixed-type comparison would not vectorise
                for i in range(nk):
                    m = n - r2[i]
                    hi = (m - 1) // 2 if distinct else m // 2
                    lo = done[i] + 1
                    if lo <= hi:
                        reached, ready[i] = _search(g[lo : hi + 1], gr[cap - 1 - m + lo : cap - m + hi],
                                                    xors[i, : hi + 1 - lo], ready[i], want)
                        budget -= reached
                        if reached <= hi - lo:
                            found = True
                            break
                if not found:  # every pair was looked at
                    break
                seen[v] = stamp
                v += 1
                continue
            stats[1] += factor > 0
            for i in range(nk):  # stamp every remaining pair: from now on ``seen`` is complete
                m = n - r2[i]
                hi = (m - 1) // 2 if distinct else m // 2
                lo = done[i] + 1
                if lo <= hi:
                    xs = g[lo : hi + 1]
                    ys = gr[cap - 1 - m + lo : cap - m + hi]
                    for t in range(hi + 1 - lo):
                        seen[xs[t] ^ ys[t]] = stamp
            complete = True
        g[n] = v
        gr[cap - 1 - n] = v
        if sparse and n >= 1:
            is_rare = _heap_class(v, n, mask, twist, rpb) == 0
            if is_rare and state[RARE] == rare.shape[0]:
                return n  # no room: called again with a longer list, n is done again
            hist[(v << 1) | ((n ^ rpb) & 1)] += 1
            if is_rare:
                rare[state[RARE]] = n
                state[RARE] += 1
            wider = v >> state[BITS] != 0
            while v >> state[BITS] != 0:
                state[BITS] += 1
            if wider or (is_rare and (n - state[CHECKED]) << 3 >= 2 << state[BITS]):
                state[CHECKED] = n
                size = 2 << state[BITS]
                low = mask & np.uint64((1 << state[BITS]) - 1)
                best, fewer = _best_mask(hist, scratch, size, int(low) * 2 + twist, rpb)
                if fewer:
                    mask = np.uint64(best >> 1)
                    if (best >> state[BITS]) & 1:  # the top bit stands for every higher one
                        mask |= ~np.uint64((1 << state[BITS]) - 1)
                    twist = best & 1
                    maskv[0], state[TWIST] = mask, twist
                    state[SWITCHES] += 1
                    if not _rebuild(g, rare, state, n + 1, mask, rpb):
                        stats[0] += 1
                        return n + 1
        stats[0] += 1
    return end


RARE, TWIST, BITS, CHECKED, PENDING, SWITCHES = range(6)
"""Slots of the pairs kernel's ``state``: rare heaps listed, the position bit in use, the values'
bit width, the heap of the last mask check, a rebuild of the rare list pending, masks replaced."""


def _parity_py(x):  # pragma: no cover - compiled (inlined)
    """popcount(x) & 1 of a uint64, as an int."""
    x ^= x >> np.uint64(32)
    x ^= x >> np.uint64(16)
    x ^= x >> np.uint64(8)
    x ^= x >> np.uint64(4)
    x ^= x >> np.uint64(2)
    x ^= x >> np.uint64(1)
    return int(x & np.uint64(1))


def _heap_class_py(v, n, mask, twist, rpb):  # pragma: no cover - compiled (inlined)
    """0 (rare) or 1 (common): parity(v & mask), XOR the heap's parity n ^ rpb when ``twist``.

    Class 0 is closed under XOR for the splits: when all split removals k have the parity ``rpb`` (or
    ``twist`` is 0), a pair a + b = n - k of two heaps of one class has a value of the class that
    makes n rare, and a pair of one rare and one common heap a value that makes n common. So the
    values that make n common come only from pairs with a rare part, which the kernel stamps."""
    return _parity(np.uint64(v) & mask) ^ (twist & ((n ^ rpb) & 1))


def _best_mask_py(hist, scratch, size, current, rpb):  # pragma: no cover - compiled
    """``(index, fewer)``: the (mask << 1 | position bit) of ``size`` that makes the fewest heaps of
    ``hist`` rare, and whether it makes fewer than ``current`` does (ties keep the current one).

    The Walsh-Hadamard transform H of the histogram gives, for every index i at once, H[i] = (heaps
    of class 0) - (heaps of class 1); so i makes (total + H[i]) / 2 heaps rare. Indices with the
    position bit are skipped when ``rpb`` is 2 (split removals of both parities)."""
    total = 0
    for i in range(size):
        scratch[i] = hist[i]
        total += hist[i]
    half = 1
    while half < size:
        for lo in range(0, size, 2 * half):
            for i in range(lo, lo + half):
                a, b = scratch[i], scratch[i + half]
                scratch[i], scratch[i + half] = a + b, a - b
        half *= 2
    best, least = current, scratch[current] if 0 < current < size else total
    for i in range(1, size):
        if rpb == 2 and i & 1:
            continue
        if scratch[i] < least:
            best, least = i, scratch[i]
    return best, best != current


def _rebuild_py(g, rare, state, upto, mask, rpb):  # pragma: no cover - compiled
    """List the rare heaps 1..upto-1 anew (a new mask); False, with ``state[PENDING]`` set, when
    ``rare`` is too short for them (the caller lengthens it and calls again)."""
    twist = state[TWIST]
    count = 0
    for n in range(1, upto):
        if _heap_class(g[n], n, mask, twist, rpb) == 0:
            if count == rare.shape[0]:
                state[PENDING] = 1
                return False
            rare[count] = n
            count += 1
    state[RARE] = count
    state[PENDING] = 0
    return True


def _stamp_pairs_py(seen, stamp, g, gr, m, lo, up):  # pragma: no cover - compiled
    """seen[g(a) ^ g(m - a)] = stamp for a = lo..up (nothing when up < lo)."""
    if lo <= up:
        cap = gr.shape[0]
        xs = g[lo : up + 1]
        ys = gr[cap - 1 - m + lo : cap - m + up]
        for t in range(up + 1 - lo):
            seen[xs[t] ^ ys[t]] = stamp


def _stamp_group_py(g, gr, rows, n, m, lo, up):  # pragma: no cover - compiled
    """The pairs a = lo..up of the GROUP = 4 heaps n + j (pairs a + (m + j - a)), into rows[:, j] with
    stamp n + j + 1, in one loop: g(a) is read once for the four, and the four independent stores
    go about 1.8 times as fast as one heap's (measured: 0.38 against 0.68 ns a pair). Every pair must
    end before n (the caller sees to it). One array ``ys`` and rows of the group side by side keep
    the loop in registers inside the kernel (separate ones spilled and ran at 0.9 ns a pair)."""
    cap = gr.shape[0]
    xs = g[lo : up + 1]
    ys = gr[cap - 4 - m + lo : cap - m + up]  # ys[t + 3 - j] = g(m + j - (lo + t))
    for t in range(up + 1 - lo):
        x = xs[t]
        rows[x ^ ys[t + 3], 0] = n + 1
        rows[x ^ ys[t + 2], 1] = n + 2
        rows[x ^ ys[t + 1], 2] = n + 3
        rows[x ^ ys[t], 3] = n + 4


def _search_py(xs, ys, xors, ready, want):  # pragma: no cover - compiled
    """``(looked, ready)``: how many pairs were looked at until xs[i] ^ ys[i] == want, block by block
    (vectorised), more than len(xs) when there is none; and how many of ``xors`` now hold xs ^ ys.

    ``xors[:ready]`` already holds xs ^ ys (an earlier search of the same heap computed them); a block
    beyond it is computed, kept there and compared in one loop, so that the next search of the heap
    reads one array instead of two (about 0.03 against 0.05 ns a pair, measured). The test is
    min(x ^ want) == 0 over a block, kept in the arrays' own type (``cast``): numba would widen a sum
    of comparisons to 64-bit lanes; this way uint16 arrays go 16 pairs per AVX2 instruction."""
    size = xs.shape[0]
    cast = xs.dtype.type
    a = 0
    while a < size:
        b = min(a + 1024, size)
        low = cast(want | ~want)
        if b <= ready:
            bz = xors[a:b]  # indices from 0: no negative-index test, so the loop vectorises
            for t in range(b - a):
                low = min(low, cast(bz[t] ^ want))
        else:
            bx, by, bz = xs[a:b], ys[a:b], xors[a:b]
            for t in range(b - a):
                z = cast(bx[t] ^ by[t])
                bz[t] = z
                low = min(low, cast(z ^ want))
            ready = b
        if low == 0:
            return b - 1, ready
        a = b
    return size + 1, ready


GROUP = 4
"""Heaps whose first pairs the pairs kernel stamps together (see :func:`_stamp_group_py`)."""
LEAD_SHARE = 5
"""Without the sparse-space method the pairs kernel stamps at most n / LEAD_SHARE pairs of a heap n
before it searches. The lead that costs least grows with the heap: its first pairs find the common
values, and the rarer ones are searched for more cheaply than stamped while the heap is small. On
0.007 to 10^5 the cheapest lead, heap by heap, is about n / 5 up to ``lead`` (measured: a lead of
min(16 * 1024, n / 5) takes 10% less time than 16 * 1024 there, 40% less on 4.007)."""
_search = _search_py  # the pairs kernel calls these; compiled first when the kernel is (see kernel())
_stamp_pairs = _stamp_pairs_py
_stamp_group = _stamp_group_py
_parity = _parity_py
_heap_class = _heap_class_py
_best_mask = _best_mask_py
_rebuild = _rebuild_py


def _runs_py(g, length, pmax, parts, t, mode):  # pragma: no cover - compiled
    """The runs at the end of g[:length] for p = 1..pmax, in O(length) all told; stops at the first
    p that passes the test of ``mode``:

    - mode 0 (the octal periodicity theorem; ``parts`` = J >= 1, ``t`` = largest removal): the run
      of g(n + p) = g(n) over n0 <= n < length - p certifies the period, J (max(n0, 1) + p) + t -
      (J - 1) <= length (see ``takebreak_period``). Returns ``(p, n0, length)``, or ``(0, q, soon)``:
      the least table length at which a run seen now, of period q, would certify if it went on (0, 0:
      none seen; a run is seen when it is at least 64 long and an eighth of its period).
    - mode 1 (a pattern, proves nothing): the run of g(n + p) = g(n) + s is at least
      max(3 p, length / 2) long. Returns ``(p, n0, s)``, or ``(0, 0, 0)``.

    With x the table reversed (mode 1: its differences g(n) - g(n - 1) reversed), the run of p is the
    longest common prefix of x and x[p:], its Z-function; the Z-algorithm reuses the match reaching
    furthest so far, [lo, hi), so that every p costs O(1) besides the extensions of hi. Walking
    each run back instead costs the sum of the runs: quadratic once a short period shows, as each
    of its multiples runs back over the whole periodic part.
    """
    last = length - 1 - mode  # x[k] = g[last - k] (mode 0), g[last + 1 - k] - g[last - k] (mode 1)
    size = last + 1
    z = np.empty(pmax + 1, np.uint32)
    lo, hi = 0, 0
    soon, seen = 0, 0
    for p in range(1, pmax + 1):
        if p >= size:
            break
        k = 0
        if p < hi:
            k = min(hi - p, np.int64(z[p - lo]))
        if mode == 0:
            while p + k < size and g[last - k] == g[last - p - k]:
                k += 1
        else:
            while p + k < size and (np.int64(g[last + 1 - k]) - np.int64(g[last - k])
                                    == np.int64(g[last + 1 - p - k]) - np.int64(g[last - p - k])):
                k += 1
        z[p] = k
        if p + k > hi:
            lo, hi = p, p + k
        if mode == 0:
            n0 = length - p - k
            need = parts * (max(n0, 1) + p) + t - (parts - 1)
            if k >= 1 and need <= length:
                return p, n0, length
            if k >= 64 and 8 * k >= p and (soon == 0 or need < soon):
                soon, seen = need, p
        elif k + 1 >= max(3 * p, length // 2):
            return p, length - p - k - 1, np.int64(g[length - 1]) - np.int64(g[length - 1 - p])
    return 0, seen, soon


SOURCES: dict[str, Callable] = {"plain": _plain_py, "pairs": _pairs_py, "runs": _runs_py}
_SOURCES = SOURCES
_PAIRS = ("{t}[]", "{t}[]", "i8", "i8", "b1[]", "i8[]", "i8", "i8[]", "b1", "b1", "i8", "u8[]", "i8[]",
          "i8[]", "i8[]", "i8[]", "u8[]", "i8", "i8", "i8", "i8[]")
AOT: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "pairs_u2": ("pairs", "i8", tuple(a.format(t="u2") for a in _PAIRS)),
    "pairs_u4": ("pairs", "i8", tuple(a.format(t="u4") for a in _PAIRS)),
    "plain_u4": ("plain", "i8", ("u4[]", "i8", "i8", "b1[]", "i8[:,:]", "i8[]", "i8[]", "b1", "u8[:,:,:]",
                                 "u8[:,:]", "i8")),
    "runs_u4": ("runs", "UniTuple(i8, 3)", ("u4[]", "i8", "i8", "i8", "i8", "i8")),
}
"""The exports compiled ahead of time (see :mod:`sgstudio.core.compiled`): the pairs kernel on uint16
and uint32 copies of g, the plain kernel, the runs."""
_JIT: dict[str, Callable] = {}  # the kernels handed out
_NUMBA: dict[str, Callable] = {}  # those numba compiled


def kernel(name: str, compiled: bool = True) -> Callable:
    """The kernel ``name`` compiled: from the ahead-of-time build when there is one
    (:mod:`sgstudio.core.compiled`, no numba imported), else by numba on first use; or its Python
    source. Both release the GIL while they run, so other threads (the window's event loop) go on."""
    if not compiled:
        return _JIT.get(name, SOURCES[name])
    if name not in _JIT:
        import sys

        from sgstudio.core import compiled as ahead

        _JIT[name] = ahead.kernel(sys.modules[__name__], name) or jitted(name)
    return _JIT[name]


def jitted(name: str) -> Callable:
    """The kernel ``name`` compiled by numba (imported on first use)."""
    if name not in _NUMBA:
        from numba import njit

        if name == "pairs":
            global _search, _stamp_pairs, _stamp_group, _parity, _heap_class, _best_mask, _rebuild
            _search = njit(cache=True, nogil=True)(_search_py)
            # inlined: in the kernel's body LLVM knows the stamp rows alias nothing (2x, measured)
            _stamp_pairs = njit(cache=True, nogil=True, inline="always")(_stamp_pairs_py)
            _stamp_group = njit(cache=True, nogil=True, inline="always")(_stamp_group_py)
            _parity = njit(cache=True, nogil=True, inline="always")(_parity_py)
            _heap_class = njit(cache=True, nogil=True, inline="always")(_heap_class_py)
            _best_mask = njit(cache=True, nogil=True)(_best_mask_py)
            _rebuild = njit(cache=True, nogil=True)(_rebuild_py)
        _NUMBA[name] = njit(cache=True, nogil=True)(_SOURCES[name])
    return _NUMBA[name]


def jit_loaded(name: str) -> bool:
    """Whether the compiled kernel is loaded already, or built ahead of time (it loads at no cost):
    then small jobs use it too."""
    if name in _JIT or name in _NUMBA:
        return True
    if not any(spec[0] == name for spec in AOT.values()):
        return False
    import sys

    from sgstudio.core import compiled

    return compiled.is_built(sys.modules[__name__])
