"""Take-and-break games (Kayles, Dawson's chess, Treblecross, Grundy's game, ...): values, certified
periods, positions of several heaps, every winning move, and the play protocol.

Theory. A heap of n tokens is a game: each move removes k tokens and leaves j non-empty heaps (the
rule, :mod:`sgstudio.games.takebreak.rules`, says which k and j). The heaps left are a sum of
games, so g(n) = mex over the moves of the XOR of the heaps left (:mod:`.takebreak_values` computes
it); a position of several heaps is a sum too, of value the XOR of its heaps' values, and the player
to move wins iff it is not 0. A move wins iff it leaves value 0: from heap i of value v, with T the
XOR of all heaps, exactly the moves leaving heaps of XOR v ^ T. Periods: :mod:`.takebreak_period`.

Examples
--------
>>> game = TakeBreakGame("0.77")                     # Kayles
>>> game.values(10).tolist()
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4]
>>> print(game.value((3, 4)), game.outcome((3, 4)))
2 WIN
>>> [game.explain((3, 4), m) for m in game.winning_moves((3, 4))]
['heap 1: 3 -> take 2, leave 1, value 2 -> 0', 'heap 2: 4 -> take 1, leave 3, value 2 -> 0',
 'heap 2: 4 -> take 1, leave 1 + 2, value 2 -> 0']
>>> game.apply((3, 4), game.parse_move("heap 2: take 1, leave 1 + 2", (3, 4)))
(3, 1, 2)
>>> TakeBreakGame("0.137").period().headline()
'preperiod 52 period 34'
>>> chess = TakeBreakGame("0.137")
>>> chess.grundy(10**30) == chess.grundy(52 + (10**30 - 52) % 34)   # through the certified period
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import islice

import numpy as np

from sgstudio.core.analysis import Analysis, sum_analysis
from sgstudio.core.contract import GameBase, Label
from sgstudio.core.outcome import Outcome
from sgstudio.games.takebreak.moves import (
    Move,
    MoveError,
    count_partitions,
    move_text,
    parse_move_text,
    partitions,
)
from sgstudio.games.takebreak.parse import parse_rule
from sgstudio.games.takebreak.period import DEFAULT_MAX, PeriodReport, find_period
from sgstudio.games.takebreak.rules import Rule
from sgstudio.games.takebreak.values import TakeBreakError, make_table

__all__ = ["MoveError", "PeriodReport", "TakeBreakError", "TakeBreakGame", "parse_rule"]

Progress = Callable[[int, int], object]
DIRECT = 1 << 20
"""Heaps below this are answered from the table (computed as needed)."""
LIMIT = 1 << 24
"""The largest table computed for one heap; beyond it only a certified period answers."""
PERIOD_SEARCH = 1 << 17
"""Values computed in search of a certified period before a huge heap is refused."""
MAX_SPLITS = 1 << 21
"""Splits of one kind listed in full; beyond, those whose smaller heaps are below a window."""
SPLIT_WINDOW = 2048
TRIPLE_BLOCK = 1 << 18
"""Splits into three heaps whose values are looked up at once (a block of pairs a, b)."""
MAX_LEGAL_MOVES = 100_000


class LegalMoves(Sequence):
    """Every legal move of a position, enumerated lazily in the game's order (heap by heap; within a
    heap by take, then number of heaps left, then the heaps left), so huge positions cost nothing
    until iterated. ``len`` counts without enumerating."""

    def __init__(self, game: TakeBreakGame, position: Sequence[int]) -> None:
        self.game, self.position = game, tuple(position)

    def __iter__(self) -> Iterator[Move]:
        for i, h in enumerate(self.position):
            yield from self.game._heap_moves(i, h)

    def __len__(self) -> int:
        return sum(self.game.count_options(h) for h in self.position)

    def __getitem__(self, index):  # type: ignore[override]
        if isinstance(index, slice):
            return list(self)[index]
        if index < 0:
            index += len(self)
        found = next(islice(iter(self), index, None), None)
        if found is None:
            raise IndexError("move index out of range")
        return found


class TakeBreakGame(GameBase):
    """A take-and-break rule as a game: values, periods, positions (tuples of heap sizes) and moves.

    Parameters
    ----------
    rule : Rule or str
        A rule, or its text (``"0.77"``, ``"grundy"``, ``"snim:1,2"``, ``"split:3"``).
    """

    syntax = ('write a move as "heap 2: take 1, leave 5 + 11" (the heap from 1, the tokens taken, the '
              'heaps left)')
    example = "heap 2: take 1, leave 5 + 11"

    def __init__(self, rule: Rule | str) -> None:
        self.rule = parse_rule(rule) if isinstance(rule, str) else rule
        self.table = make_table(self.rule)
        self._report: PeriodReport | None = None

    def __repr__(self) -> str:
        return f"TakeBreakGame({self.rule.text!r})"

    @staticmethod
    def read_rule(text: str) -> Rule:
        """The rule ``text`` writes (:func:`parse_rule`: RuleError, an SGStudioError, when it does not
        read), for those who reach the game through the registry (the Sum game's text).

        >>> TakeBreakGame.read_rule("0.07").text
        '0.07'
        """
        return parse_rule(text)

    # -- values ------------------------------------------------------------------------------------
    def values(self, n: int, progress: Progress | None = None) -> np.ndarray:
        """g(0..n-1), read-only (see :class:`ValueTable`)."""
        return self.table.values(n, progress)

    def period(self, max_values: int = DEFAULT_MAX, progress: Progress | None = None) -> PeriodReport:
        """The period report (certified or not; see :func:`find_period`); a certified one is kept."""
        if self._report is not None and (self._report.certified or self._report.checked >= max_values):
            return self._report
        self._report = find_period(self.table, max_values, progress)
        return self._report

    def known_period(self) -> PeriodReport | None:
        """The report of the last period search, without searching (None before the first).

        >>> game = TakeBreakGame("0.07")
        >>> game.known_period(), game.period(2048).certified, game.known_period().period
        (None, True, 34)
        """
        return self._report

    def grundy(self, h: int) -> int:
        """g(h) for any h >= 0: from the table, or through a certified period for huge heaps."""
        h = _heap(h)
        if h < self.table.computed or h < DIRECT:
            return int(self.values(h + 1)[h])
        report = self._certified()
        if report is not None:
            return report.value(self.values(report.preperiod + report.period), h)
        if h < LIMIT:
            return int(self.values(h + 1)[h])
        raise TakeBreakError(f"g({h}) of {self.rule.text}: beyond {LIMIT:,} values only a certified period "
                             f"answers, and none is certified")

    def _certified(self) -> PeriodReport | None:
        """The certified period, searched for within PERIOD_SEARCH values where a theorem can apply."""
        if (self.rule.finite and not self.rule.distinct) or self.rule.family == "split":
            report = self.period(PERIOD_SEARCH)
            return report if report.certified else None
        return None

    def grundy_many(self, heaps: Sequence[int] | np.ndarray) -> np.ndarray:
        """g of many heaps (int64 array; Python integers when huge); heaps beyond the table go
        through :meth:`grundy`."""
        arr = heaps if isinstance(heaps, np.ndarray) else _heaps_array([int(h) for h in heaps])
        if arr.size == 0:
            return np.zeros(0, np.int64)
        if arr.dtype == object or int(arr.max()) >= self.table.computed:
            top = int(arr.max())
            if top < DIRECT or (top < LIMIT and self._certified() is None):
                self.values(top + 1)
            else:
                report = self._certified()
                if report is not None and arr.dtype != object and _fits(report, top):
                    return self._through_period(arr, report)
                return _heaps_array([self.grundy(int(h)) for h in arr.tolist()])
        return self.values(self.table.computed)[arr.astype(np.int64)].astype(np.int64)

    def _through_period(self, arr: np.ndarray, report: PeriodReport) -> np.ndarray:
        """g of int64 heaps through the certified period, all at once (what :meth:`grundy` gives
        each: g(h) = g(r) + q s for h = r + q p, preperiod <= r < preperiod + p).

        >>> game = TakeBreakGame("0.77")
        >>> heaps = np.array([5, 10**18, 10**18 + 7])
        >>> game._through_period(heaps, game.period()).tolist() == [game.grundy(int(h)) for h in heaps]
        True
        """
        pre, p = report.preperiod, report.period
        table = self.values(pre + p).astype(np.int64)
        beyond = np.maximum(arr - pre, 0)
        q, r = beyond // p, beyond % p
        inside = arr < pre + p
        out = np.where(inside, table[np.where(inside, arr, 0)], table[pre + r] + q * report.saltus)
        return out.astype(np.int64)

    # -- positions ----------------------------------------------------------------------------------
    def value(self, position: Sequence[int]) -> int:
        """The nim-sum of the heaps' values: 0 exactly when the player to move loses."""
        total = 0
        for v in self.grundy_many([_heap(h) for h in position]).tolist():
            total ^= v
        return total

    def outcome(self, position: Sequence[int]) -> Outcome:
        """WIN when the player to move wins, else LOSE."""
        return Outcome.from_nim_sum(self.value(position))

    def options(self, h: int) -> Iterator[tuple[int, tuple[int, ...]]]:
        """Every ``(take, after)`` from a heap of h, lazily, by take, then heaps left, then the heaps."""
        clauses = sorted(self.rule.clauses, key=lambda c: c.parts)
        for take in self._takes(h):
            for c in clauses:
                if c.removals.contains(take) and (c.parts or take == h) and (take or c.parts >= 2):
                    yield from ((take, after) for after in partitions(h - take, c.parts, c.distinct))

    def _takes(self, h: int) -> Iterator[int]:
        if all(c.removals.every_from() is None for c in self.rule.clauses):  # finite, or a named set
            yield from sorted({k for c in self.rule.clauses for k in c.removals.below(h + 1).tolist()})
        else:
            yield from range(h + 1)

    def count_options(self, h: int) -> int:
        """How many moves a heap of h has."""
        total = 0
        for c in self.rule.clauses:
            ks = range(h + 1) if c.removals.every_from() is not None else c.removals.below(h + 1).tolist()
            total += sum(count_partitions(h - k, c.parts, c.distinct) for k in ks
                         if c.removals.contains(k) and (k or c.parts >= 2) and (c.parts or k == h))
        return total

    def legal_moves(self, position: Sequence[int]) -> LegalMoves:
        """Every legal move (a lazy sequence: see :class:`LegalMoves`)."""
        return LegalMoves(self, [_heap(h) for h in position])

    def apply(self, position: Sequence[int], move: Move) -> tuple[int, ...]:
        """The heaps after ``move`` (heap i replaced by the heaps left); MoveError if illegal."""
        heaps = tuple(position)
        try:
            i, take, after = move
            after = tuple(sorted(after))
        except (TypeError, ValueError):
            raise MoveError(f"a move is (heap_index, take, heaps_left), not {move!r}") from None
        if not isinstance(i, int) or not 0 <= i < len(heaps):
            raise MoveError(f"there is no heap {i!r}: the position has {len(heaps)} heaps")
        if not isinstance(take, int) or take < 0 or any(not isinstance(p, int) or p < 1 for p in after):
            raise MoveError("a move takes 0 or more tokens and leaves non-empty heaps")
        if take + sum(after) != heaps[i]:
            raise MoveError(f"heap {i + 1} has {heaps[i]} tokens, not {take} + {sum(after)}")
        if not self._allowed(take, after, heaps[i]):
            what = move_text((i, take, after)).split(": ", 1)[1]
            raise MoveError(f"{self.rule.text} does not allow {what} ({self.rule.describe()})")
        return heaps[:i] + after + heaps[i + 1:]

    def _allowed(self, take: int, after: tuple[int, ...], h: int) -> bool:
        for c in self.rule.clauses:
            legal = c.parts == len(after) and c.removals.contains(take) and (take or c.parts >= 2)
            if legal and not (c.distinct and len(set(after)) < len(after)):
                return True
        return False

    def move_text(self, move: Move, position: Sequence[int] = (), label: Label = str) -> str:
        """A move in words, heaps numbered from 1: ``heap 2: 17 -> take 1, leave 5 + 11``."""
        return move_text(move)

    def parse_move(self, text: str, position: Sequence[int], label: Label = str) -> Move:
        """The move that ``text`` writes (see :func:`parse_move_text`), checked against the rule."""
        move = parse_move_text(text, position)
        self.apply(position, move)
        return move

    def winning_move_records(self, position: Sequence[int]) -> list[tuple[Move, str, str]]:
        """Every winning move with its text and its reason: ``(move, "heap 2: 17 -> take 1, leave
        5 + 11", "value 6 -> 0")``, the reason being the position's value before and after."""
        total = self.value(position)
        return [(m, move_text(m), f"value {total} -> 0") for m in self.winning_moves(position)]

    def explain(self, position: Sequence[int], move: Move) -> str:
        """The move's text and the position's value before and after it."""
        before, after = self.value(position), self.value(self.apply(position, move))
        return f"{move_text(move)}, value {before} -> {after}"

    # -- winning moves -------------------------------------------------------------------------------
    def winning_moves(self, position: Sequence[int]) -> list[Move]:
        """Every move to value 0, heap by heap in the order of :meth:`options` (none when the value
        is 0). A heap with more than MAX_SPLITS splits of one kind lists the splits whose smaller
        heaps are below a window (SPLIT_WINDOW, or preperiod + period when that is larger and
        certified: then every value the splits reach is reached inside the window)."""
        return self.moves_to_value(position, 0)

    def moves_to_value(self, position: Sequence[int], target: int) -> list[Move]:
        """Every move to a position of value ``target`` (as :meth:`winning_moves` lists them).

        >>> TakeBreakGame("0.77").moves_to_value((3, 4), 1)   # value 2 -> 1
        [(0, 1, (1, 1)), (1, 2, (2,))]
        """
        heaps = [_heap(h) for h in position]
        vals = self.grundy_many(heaps).tolist()
        total = target
        for v in vals:
            total ^= v
        if total == 0:
            return []
        moves: list[Move] = []
        for i, (h, v) in enumerate(zip(heaps, vals, strict=True)):
            found = self.moves_to(h, v ^ total)
            if not found and v ^ total < v:  # the mex says there is one: beyond the splits' window
                found = self.moves_to(h, v ^ total, whole=True)
            moves += [(i, take, after) for take, after in found]
        return moves

    def moves_to(self, h: int, target: int, whole: bool = False) -> list[tuple[int, tuple[int, ...]]]:
        """The ``(take, after)`` from a heap of h that leave heaps of XOR ``target`` (the splits of a
        heap with very many of them only inside the window, unless ``whole``)."""
        found: list[tuple[int, int, tuple[int, ...]]] = []
        for c in self.rule.clauses:
            start = c.removals.every_from()
            if c.parts == 1 and start is not None:  # any take: the heaps left of value target
                found += [(h - m, 1, (m,)) for m in self._heaps_valued(target, h - start)]
                continue
            if c.parts == 0:
                found += [(h, 0, ())] if h and target == 0 and c.removals.contains(h) else []
                continue
            takes = self._finite_takes(c, h)
            if c.parts == 1:
                left = _heaps_array([h - k for k in takes if 1 <= k < h])
                found += [(h - int(m), 1, (int(m),)) for m in left[self.grundy_many(left) == target]]
            else:
                for take in takes:
                    if h - take >= c.parts:
                        splits = self._splits_to(h - take, c.parts, c.distinct, target, whole)
                        found += [(take, c.parts, s) for s in splits]
        found.sort(key=lambda f: (f[0], f[1], f[2]))
        return [(take, after) for take, _, after in found]

    def _finite_takes(self, clause, h: int) -> list[int]:
        if clause.removals.largest() is None:
            if h > LIMIT:
                raise TakeBreakError(f"{self.rule.text}: the takes from a heap of {h} cannot be listed")
            return clause.removals.below(h + 1).tolist()
        return clause.removals.below(h + 1).tolist()

    def _heaps_valued(self, target: int, upto: int) -> list[int]:
        """The heaps m in 1..upto of value target (beyond the table: through the certified period)."""
        if upto < 1:
            return []
        report = self._certified() if upto >= max(DIRECT, self.table.computed) else None
        if report is None:
            return (np.flatnonzero(self.grundy_many(np.arange(1, upto + 1)) == target) + 1).tolist()
        base = report.preperiod + report.period
        table = self.values(base)
        found = [m for m in range(1, min(base, upto + 1)) if table[m] == target]
        for r in range(report.preperiod, base):  # m = r + q p, g(m) = g(r) + q s, q >= 1
            q, rest = divmod(target - int(table[r]), report.saltus) if report.saltus else (0, 1)
            if not rest and q >= 1 and r + q * report.period <= upto:
                found.append(r + q * report.period)
        return sorted(found)

    def _splits_to(self, m: int, parts: int, distinct: bool, target: int, whole: bool = False
                   ) -> list[tuple[int, ...]]:
        window = None
        if not whole and count_partitions(m, parts, distinct) > MAX_SPLITS:
            report = self._certified()
            window = max(SPLIT_WINDOW, report.preperiod + report.period if report else 0)
        if parts > 3:
            every = partitions(m, parts, distinct, window=window)
            return [s for s in every if _xor(self.grundy_many(s)) == target]
        firsts = np.arange(1, (m // parts if window is None else min(m // parts, window - 1)) + 1)
        if parts == 2:
            if distinct:
                firsts = firsts[2 * firsts != m]
            hits = firsts[(self.grundy_many(firsts) ^ self.grundy_many(_minus(m, firsts))) == target]
            return [(int(a), m - int(a)) for a in hits]
        return self._triples_to(m, firsts, window, target)

    def _triples_to(self, m: int, firsts: np.ndarray, window: int | None, target: int
                    ) -> list[tuple[int, ...]]:
        """The splits a + b + (m - a - b) of value ``target``, a in ``firsts``, a <= b <= (m - a) / 2
        (b below ``window`` too), by a then b: the pairs (a, b) in blocks of some TRIPLE_BLOCK, each
        block's values looked up at once.

        >>> game = TakeBreakGame("split:3")
        >>> game._triples_to(9, np.arange(1, 4), None, 8)
        [(1, 1, 7)]
        >>> g = game.values(13)   # the same as every partition of 12 into 3 heaps, tried one by one:
        >>> all(game._triples_to(12, np.arange(1, 5), None, t)
        ...     == [s for s in partitions(12, 3) if g[s[0]] ^ g[s[1]] ^ g[s[2]] == t] for t in range(16))
        True
        """
        if firsts.size == 0:
            return []
        if m < max(DIRECT, self.table.computed):  # every heap in the table: looked up there, in int32
            look: Callable[[np.ndarray], np.ndarray] = self.values(m + 1).__getitem__
            firsts = firsts.astype(np.int32 if m < 1 << 31 else np.int64)
        else:
            look = self.grundy_many
        tops = (m - firsts) // 2 if window is None else np.minimum((m - firsts) // 2, window - 1)
        counts = np.maximum(tops - firsts + 1, 0)
        found: list[tuple[int, ...]] = []
        start, ends = 0, np.cumsum(counts)
        while start < firsts.size:  # whole a's a block, at least one
            reach = ends[start] - counts[start] + TRIPLE_BLOCK
            stop = max(int(np.searchsorted(ends, reach, "right")), start + 1)
            n, first = counts[start:stop], firsts[start:stop]
            a = np.repeat(first, n)
            b = np.arange(a.size, dtype=a.dtype) - np.repeat(np.cumsum(n) - n - first, n).astype(a.dtype)
            c = _minus(m, a + b) if m >= 1 << 62 else m - a - b
            hits = np.flatnonzero((look(a) ^ look(b) ^ look(c)) == target)
            found += [(int(a[k]), int(b[k]), m - int(a[k]) - int(b[k])) for k in hits.tolist()]
            start = stop
        return found

    def analyse(self, position: Sequence[int], *, label: Label = str, max_moves: int | None = None
                ) -> Analysis:
        """Each heap's value, the nim-sum, who wins and every winning move.

        >>> [m.row() for m in TakeBreakGame("0.77").analyse((3, 4)).moves][:1]
        ['heap 1: 3 -> take 2, leave 1, value 3 -> 1']
        """
        heaps = [_heap(h) for h in position]
        values = self.grundy_many(heaps).tolist()
        return sum_analysis(values, self.winning_moves(heaps), part="heap", component_of=lambda m: m[0],
                            text=move_text, detail=lambda i: str(heaps[i]), detail_title="size",
                            max_moves=max_moves or 200)

    # -- as a component of a sum (sgstudio.games.sum.game) ----------------------------------------------
    def rule_text(self) -> str:
        return self.rule.text

    def game_state(self) -> dict[str, str]:
        return {"rule": self.rule.text}

    @classmethod
    def from_game_state(cls, state: object) -> TakeBreakGame:
        """``{"rule": "0.07"}``: any rule :func:`parse_rule` reads."""
        from sgstudio.core.readers import rule_of
        from sgstudio.core.state import StateError

        text = rule_of(state, "rule", "the rule, such as 0.07 or grundy")
        if not isinstance(text, str):
            raise StateError(f"the rule must be a string such as 0.07, not {text!r}", ("rule",))
        try:
            return cls(text)
        except ValueError as err:
            raise StateError(str(err), ("rule",)) from None

    def move_json(self, move: Move) -> dict[str, object]:
        """``{"heap": 1, "take": 1, "after": [5, 11]}``: the heap counted from 1."""
        return {"heap": move[0] + 1, "take": move[1], "after": list(move[2])}

    # -- hooks of the play protocol --------------------------------------------------------------------
    def remaining_length(self, position: Sequence[int]) -> int:
        """An upper bound on the moves left: tokens, or 2 tokens - heaps when splits remove nothing
        (each move lowers 2 tokens - non-empty heaps by at least 1)."""
        tokens = sum(position)
        splits_free = any(c.removals.contains(0) for c in self.rule.clauses)
        return 2 * tokens - sum(1 for h in position if h) if splits_free else tokens

    def _heap_moves(self, i: int, h: int) -> Iterator[Move]:
        for take, after in self.options(h):
            yield i, take, after

    def candidate_moves(self, position: Sequence[int], limit: int) -> list[Move]:
        """At most ``limit`` legal moves, deterministically: the heaps' moves taken in turn (the first
        of each heap, then the second of each, ...), in :meth:`options` order."""
        streams = [self._heap_moves(i, _heap(h)) for i, h in enumerate(position)]
        chosen: list[Move] = []
        while streams and len(chosen) < limit:
            alive = []
            for stream in streams:
                move = next(stream, None)
                if move is not None:
                    chosen.append(move)
                    alive.append(stream)
                    if len(chosen) == limit:
                        break
            streams = alive
        return chosen


def _heaps_array(heaps: list[int]) -> np.ndarray:
    """Heap sizes as int64, or as Python integers when some do not fit."""
    return np.array(heaps, dtype=object if heaps and max(heaps) >= 1 << 62 else np.int64)


def _fits(report: PeriodReport, top: int) -> bool:
    """Whether g of heaps up to ``top`` through ``report``'s period fits an int64 (the saltus adds
    s a period)."""
    return not report.saltus or (top // report.period + 1) * report.saltus < 1 << 61


def _minus(m: int, parts: np.ndarray) -> np.ndarray:
    """m - parts, exact also for huge m."""
    return _heaps_array([m - int(p) for p in parts.tolist()]) if m >= 1 << 62 else m - parts


def _xor(values: np.ndarray) -> int:
    return int(np.bitwise_xor.reduce(values)) if len(values) else 0


def _heap(h: object) -> int:
    if isinstance(h, bool) or not isinstance(h, int | np.integer) or h < 0:
        raise TakeBreakError(f"a heap size must be a non-negative integer, not {h!r}")
    return int(h)
