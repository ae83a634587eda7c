"""The misère quotient of a take-and-break game, heap by heap (the method of MisereSolver, in our words).

``Q_n`` is the misère quotient of all sums of heaps of size at most n: two sums are the same
element when adding any third sum of such heaps gives both the same misère outcome. Each heap h
has its element Φ(h) (the *pretending function*); ``P`` is the set of elements of the sums the
player to move loses. Heap by heap:

1. **Conservative extension.** Heap n's options are sums of smaller heaps, so their elements are
   known: T_n. If some x of Q_(n-1) can stand for heap n (x is in P exactly when no element of T_n
   is, and the whole candidate passes the proof below), Φ(n) = x and Q_n = Q_(n-1).
2. **Otherwise the presentation changes.** Heap n becomes a new generator of a free model (each
   generator's powers cycle as x^(c+2) = x^c); the P-portion of the model is marked word by word
   from the rules (a word is P when it has moves and none leads to P), and the model is reduced to
   its quotient by merging the elements no third element tells apart (partition refinement on the
   generators). When the proof fails, the cycle c grows, or a heap whose pretending element no
   longer fits becomes a generator itself.
3. **The proof** (:meth:`QuotientSolver.verify`): for every sum of heaps up to n, the pair (its
   element, the set of its options' elements) is reached by a search over the finitely many such
   pairs, each checked against the rule "P exactly when it has moves and no move leads to P" (a
   sum without a move is N: its player wins by not moving). Passing it, the pretending function
   gives the right outcome of every sum of heaps up to n (induction on the sum); and since the
   elements are merged until no two are alike, Q_n is the quotient itself.

**Stabilisation.** For a finite octal code (no split without removal) whose last digit is at
position t: if Φ(h + p) = Φ(h) for all n0 <= h < 2·n0 + p + t (so n >= 2·n0 + 2p + t - 1), the
presentation unchanged since heap n0 + p - 1, with n0 >= 1 (from heap 0 a move that splits could be
matched with one leaving an empty heap), the quotient of
the whole game is Q_n and Φ is periodic from n0 with period p (the periodicity theorem for misère
quotients, as for Guy–Smith's in normal play); the solver reports "Solution found at heap n".

Examples
--------
>>> s = QuotientSolver("0.75")
>>> s.run(40).solved is not None
True
>>> s.size, s.p_size, s.presentation().text()
(8, 2, '<a,b,c | a2=1, b3=b, bc=ab, c2=b2>')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from sgstudio.core.errors import SGStudioError
from sgstudio.games.takebreak.game import TakeBreakGame
from sgstudio.games.takebreak.quotient.monoid import Monoid, Presentation, presentation

MAX_MODEL = 300_000
"""Elements of the free model at most (beyond: the quotient is too big to compute here)."""
MAX_QUOTIENT = 2_000
"""Elements of the quotient at most."""
MAX_PAIRS = 400_000
"""Pairs (element, options' elements) the proof may visit at most."""


class QuotientError(SGStudioError):
    """The quotient is too big for this solver (the message says which bound)."""


@dataclass(frozen=True)
class Solved:
    """A stabilised quotient: Φ periodic from ``preperiod`` with ``period``, proved at ``heap``."""

    heap: int
    preperiod: int
    period: int


@dataclass(frozen=True)
class Report:
    """Where the solver stopped: the last heap done and the stabilisation found (or None)."""

    heap: int
    solved: Solved | None


class QuotientSolver:
    """The partial misère quotients of the heaps of a take-and-break rule (see the module)."""

    def __init__(self, rule: str | TakeBreakGame, max_model: int | None = None) -> None:
        self.game = rule if isinstance(rule, TakeBreakGame) else TakeBreakGame(rule)
        self.max_model = max_model  # None: MAX_MODEL, the free model's largest size
        self._options: list[list[tuple[int, ...]]] = []
        self.monoid = Monoid(np.zeros((1, 1), np.int64), np.zeros(1, bool))
        self.phi: list[int] = []  # element of each heap in the current quotient
        self.words: list[tuple[int, ...]] = []  # each heap as a word in the model's generators
        self.generators: list[int] = []  # the heaps that are generators of the model
        self.caps: list[int] = []  # each generator's powers cycle as x^(c+2) = x^c
        self.changes: list[int] = []  # heaps where the presentation changed
        self.solved: Solved | None = None
        self._states: set[tuple[int, int]] = {(0, 0)}
        self._letter_set: set[tuple[int, int]] = set()
        self._reps: dict[int, tuple[int, ...]] = {0: ()}
        self._last: tuple[Monoid, list[int]] | None = None

    # -- the quotient --------------------------------------------------------------------------
    @property
    def size(self) -> int:
        """|Q|."""
        return self.monoid.size

    @property
    def p_size(self) -> int:
        """|P|."""
        return int(self.monoid.p.sum())

    @property
    def heaps(self) -> int:
        """The largest heap done (-1 before heap 0)."""
        return len(self.phi) - 1

    def presentation(self) -> Presentation:
        """Generators and relations of the current quotient (:func:`~.monoid.presentation`)."""
        return presentation(self.monoid, self.phi)

    def element(self, h: int) -> int:
        """Φ(h): for heaps beyond those done, through the period once stabilised (ValueError if not)."""
        if h < len(self.phi):
            return self.phi[h]
        if self.solved is None:
            raise ValueError(f"heap {h} is beyond the quotient's heaps (0..{self.heaps}), which has "
                             "not stabilised")
        s = self.solved
        return self.phi[s.preperiod + (h - s.preperiod) % s.period]

    # -- heap by heap -----------------------------------------------------------------------------
    def run(self, max_heap: int, progress: Callable[[int], None] | None = None,
            cancel: Callable[[], bool] | None = None) -> Report:
        """Extend heap by heap up to ``max_heap``, stopping early once stabilised."""
        while self.heaps < max_heap and self.solved is None:
            if cancel is not None and cancel():
                break
            self.next()
            if progress is not None:
                progress(self.heaps)
            self.solved = self._stabilised()
        return Report(self.heaps, self.solved)

    def next(self) -> None:
        """Add the next heap."""
        n = len(self.phi)
        options = sorted({tuple(sorted(after)) for _, after in self.game.options(n)})
        self._options.append(options)
        if not options:  # no move: the zero game, the identity
            self.phi.append(0)
            self.words.append(self._word_of(0))
            return
        t = {self._product(o) for o in options}
        is_p = not any(self.monoid.p[x] for x in t)
        for x in range(self.size):
            if bool(self.monoid.p[x]) == is_p and self._extend(x):
                self.phi.append(x)
                self.words.append(self._word_of(x))
                return
        self.changes.append(n)
        self._expand(n)

    def _product(self, heaps: Sequence[int], phi: Sequence[int] | None = None) -> int:
        phi = self.phi if phi is None else phi
        x = 0
        for h in heaps:
            x = int(self.monoid.mul[x, phi[h]])
        return x

    # -- the proof ---------------------------------------------------------------------------------
    def verify(self, phi: Sequence[int], monoid: Monoid | None = None) -> bool:
        """Whether ``phi`` (an element per heap 0..len-1) gives every sum of those heaps its right
        outcome in ``monoid`` (default: the current quotient); see the module."""
        q = self.monoid if monoid is None else monoid
        letters = self._letters(phi, q)
        if letters is None or q.p[0]:
            return False
        states = self._closure(q, letters, {(0, 0)}, [(0, 0)], len(phi) - 1)
        if states is None:
            return False
        self._states, self._letter_set = states, letters
        return True

    def _letters(self, phi: Sequence[int], q: Monoid) -> set[tuple[int, int]] | None:
        """Each heap as (its element, the bit mask of its options' elements); None if a heap
        without a move is not the identity."""
        letters = set()
        for h, x in enumerate(phi):
            letter = self._letter(h, x, phi, q)
            if letter is None:
                if x != 0:
                    return None
            else:
                letters.add(letter)
        return letters

    def _letter(self, h: int, x: int, phi: Sequence[int], q: Monoid) -> tuple[int, int] | None:
        opts = self._options[h]
        if not opts:
            return None
        t = 0
        for o in opts:
            t |= 1 << _prod(q, phi, o)
        return x, t

    def _closure(self, q: Monoid, letters: set[tuple[int, int]], seen: set[tuple[int, int]],
                 todo: list[tuple[int, int]], heap: int) -> set[tuple[int, int]] | None:
        """Every pair reachable from ``todo`` by the ``letters`` (``seen`` updated in place), each
        checked; None at the first pair that breaks the rule."""
        p = q.p.tolist()
        p_mask = sum(1 << x for x in range(q.size) if p[x])
        rows = q.mul.tolist()
        letters = list(letters)
        while todo:
            x, t = todo.pop()
            for a, s in letters:
                state = _step(rows, x, t, a, s)
                if state in seen:
                    continue
                y, u = state
                if p[y] != (u != 0 and not u & p_mask):
                    return None
                if len(seen) >= MAX_PAIRS:
                    raise QuotientError(f"the proof needs more than {MAX_PAIRS:,} pairs at heap {heap}: "
                                        "the quotient is too big to compute here")
                seen.add(state)
                todo.append(state)
        return seen

    def _extend(self, x: int) -> bool:
        """Whether the current quotient with Φ(n) = x passes the proof, from the pairs proved so far."""
        phi = [*self.phi, x]
        letter = self._letter(len(self.phi), x, phi, self.monoid)
        if letter in self._letter_set:
            return True
        rows = self.monoid.mul.tolist()
        seen = set(self._states)
        p = self.monoid.p.tolist()
        p_mask = sum(1 << y for y in range(self.size) if p[y])
        todo = []
        for xs, ts in self._states:
            state = _step(rows, xs, ts, *letter)
            if state not in seen:
                y, u = state
                if p[y] != (u != 0 and not u & p_mask):
                    return False
                seen.add(state)
                todo.append(state)
        letters = {*self._letter_set, letter}
        done = self._closure(self.monoid, letters, seen, todo, len(self.phi))
        if done is None:
            return False
        self._states, self._letter_set = done, letters
        return True

    # -- a new presentation ----------------------------------------------------------------------
    def _word_of(self, x: int) -> tuple[int, ...]:
        """A word in the model's generators for the element x (its smallest representative)."""
        return self._reps[x]

    def _expand(self, n: int) -> None:
        self.generators.append(n)
        self.caps.append(2)
        self.words.append(tuple(1 if g == n else 0 for g in self.generators))
        self.words = [w + (0,) * (len(self.generators) - len(w)) for w in self.words]
        for _ in range(16):
            built = self._build()
            if built is not None:
                self.monoid, self.phi, self._reps = built
                self._shrink()
                return
            bad = self._misfits()
            if bad:
                for h in bad:
                    self._promote(h)
            elif max(self.caps) < 8:
                binding = self._binding()
                self.caps = [c + 2 if i in binding else c for i, c in enumerate(self.caps)]
            else:
                loose = [h for h in range(n) if h not in self.generators and self._options[h]]
                if not loose:
                    break
                self._promote(loose[-1])
        raise QuotientError(f"no quotient found for heap {n} within the solver's bounds")

    def _shrink(self) -> None:
        """Each generator's cycle as small as the quotient found allows (x^(c+2) = x^c holding in it)."""
        for i, g in enumerate(self.generators):
            start, period = self._index(self.monoid, self.phi[g])
            if period in (1, 2):
                self.caps[i] = start

    def _index(self, q: Monoid, x: int) -> tuple[int, int]:
        """``(m, p)``: the powers of x cycle as x^(m+p) = x^m."""
        seen, y = {}, 0
        while y not in seen:
            seen[y] = len(seen)
            y = int(q.mul[y, x])
        return seen[y], len(seen) - seen[y]

    def _binding(self) -> set[int]:
        """The generators whose cycle in the last model reached its cap (all when none did)."""
        if self._last is None:
            return set(range(len(self.caps)))
        q, phi = self._last
        found = {i for i, g in enumerate(self.generators) if self._index(q, phi[g])[0] >= self.caps[i]}
        return found or set(range(len(self.caps)))

    def _promote(self, h: int) -> None:
        self.generators.append(h)
        self.caps.append(2)
        order = sorted(range(len(self.generators)), key=lambda i: self.generators[i])
        self.generators = [self.generators[i] for i in order]
        self.caps = [self.caps[i] for i in order]
        words = []
        for k, w in enumerate(self.words):
            w = w + (0,) * (len(order) - len(w))
            w = tuple(1 if self.generators[i] == k else 0 for i in range(len(order))) if k == h else \
                tuple(w[i] for i in order)
            words.append(w)
        self.words = words

    def _misfits(self) -> list[int]:
        """Heaps (not generators) whose word's P-status in the last model disagrees with their options'."""
        built = self._last
        if built is None:
            return []
        q, phi = built
        out = []
        for h, opts in enumerate(self._options):
            if h in self.generators or not opts:
                continue
            t = {_prod(q, phi, o) for o in opts}
            if bool(q.p[phi[h]]) != (not any(q.p[x] for x in t)):
                out.append(h)
        return out

    def _build(self) -> tuple[Monoid, list[int], dict[int, tuple[int, ...]]] | None:
        """The free model over the generators, marked and reduced; None when the proof fails."""
        k = len(self.generators)
        caps = np.array(self.caps, np.int64)
        radix = caps + 2
        size, most = int(np.prod(radix)), MAX_MODEL if self.max_model is None else self.max_model
        if size > most:
            raise QuotientError(f"the quotient needs a model of {size:,} elements at heap {len(self.phi)} "
                                f"(more than {most:,}): too big to compute here")
        strides = np.concatenate([[1], np.cumprod(radix)[:-1]]).astype(np.int64)
        exps = (np.arange(size)[:, None] // strides) % radix  # exponent vectors, generator i at stride i

        def capped(e: np.ndarray) -> np.ndarray:
            return np.where(e >= radix, caps + (e - caps) % 2, e)

        def index(word: Sequence[int]) -> int:
            return int((capped(np.asarray(word, np.int64)) * strides).sum())

        word_idx = [index(w) for w in self.words]
        trans = []
        for g in self.generators:
            targets = set()
            for o in self._options[g]:
                e = np.zeros(k, np.int64)
                for part in o:
                    e = capped(e + exps[word_idx[part]])
                targets.add(tuple(e.tolist()))
            trans.append([np.array(t, np.int64) for t in targets])
        # mark P in index order (an option of a word has a smaller index; see the module)
        p = np.zeros(size, bool)
        target_lists = []
        for i in range(k):
            lists = []
            has = exps[:, i] > 0
            for t in trans[i]:
                e = exps.copy()
                e[:, i] -= 1
                e = capped(e + t)
                tgt = (e * strides).sum(axis=1)
                lists.append(np.where(has, tgt, -1))
            target_lists.append(lists)
        tg = np.stack([a for lists in target_lists for a in lists], axis=1) if any(target_lists) else \
            np.full((size, 0), -1)
        tg_rows = tg.tolist()
        p_list = [False] * size
        for idx in range(1, size):
            row = tg_rows[idx]
            moved = False
            lose = True
            for j in row:
                if j >= 0:
                    moved = True
                    if p_list[j]:
                        lose = False
                        break
            p_list[idx] = moved and lose
        p = np.array(p_list, bool)
        # reduce: merge the elements no product tells apart (Moore's refinement on the generators)
        nxt = []
        for i in range(k):
            here = np.arange(size)
            up = np.where(exps[:, i] < radix[i] - 1, here + strides[i], here - strides[i])
            nxt.append(up)
        cls = p.astype(np.int64)
        count = len(np.unique(cls))
        while True:
            sig = np.stack([cls, *[cls[u] for u in nxt]], axis=1)
            _, new = np.unique(sig, axis=0, return_inverse=True)
            new = new.reshape(-1)
            c = int(new.max()) + 1
            cls = new
            if c == count:
                break
            count = c
        # renumber: the identity's class first, then by smallest representative
        order, reps = {}, []
        for idx in range(size):
            c = int(cls[idx])
            if c not in order:
                order[c] = len(order)
                reps.append(idx)
        if len(reps) > MAX_QUOTIENT:
            raise QuotientError(f"the quotient has more than {MAX_QUOTIENT:,} elements at heap "
                                f"{len(self.phi)}: too big to compute here")
        relabel = np.array([order[c] for c in range(count)], np.int64)
        cls = relabel[cls]
        rep_exps = exps[reps]
        mul = np.empty((len(reps), len(reps)), np.int64)
        for row in range(len(reps)):  # row by row: |Q|^2 x generators at once would not fit
            mul[row] = cls[(capped(rep_exps[row] + rep_exps) * strides).sum(axis=1)]
        q = Monoid(mul, p[reps])
        phi = [int(cls[i]) for i in word_idx]
        self._last = (q, phi)
        if not self.verify(phi, q):
            return None
        return q, phi, {c: tuple(rep_exps[c].tolist()) for c in range(len(reps))}

    # -- stabilisation ------------------------------------------------------------------------------
    def _stabilised(self) -> Solved | None:
        code = self.game.rule.code
        if code is None or not code.startswith("0."):
            return None
        t = len(code) - 2
        n = self.heaps
        last_change = self.changes[-1] if self.changes else 0
        for p in range(1, n + 1):
            for n0 in range(1, (n - 2 * p - t + 1) // 2 + 1):  # n0 >= 1: a split's part never empties
                if 2 * n0 + 2 * p + t - 1 > n or n0 + p <= last_change:
                    continue
                if all(self.phi[h + p] == self.phi[h] for h in range(n0, n - p + 1)):
                    return Solved(n, n0, p)
        return None


def _step(rows: list[list[int]], x: int, t: int, a: int, s: int) -> tuple[int, int]:
    """The pair of a sum with one more heap of element ``a`` and options' mask ``s``: its element,
    and its options' elements (the old options times a, and x times the heap's options)."""
    u = 0
    bits = t
    while bits:
        low = bits & -bits
        u |= 1 << rows[low.bit_length() - 1][a]
        bits ^= low
    row = rows[x]
    bits = s
    while bits:
        low = bits & -bits
        u |= 1 << row[low.bit_length() - 1]
        bits ^= low
    return rows[x][a], u


def _prod(q: Monoid, phi: Sequence[int], heaps: Sequence[int]) -> int:
    x = 0
    for h in heaps:
        x = int(q.mul[x, phi[h]])
    return x
