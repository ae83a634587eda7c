"""Equivalence groups of a sweep: games with identical values up to N, and games equal after a shift.

Two games are in one **group** when g(0..N-1) agree (found by their digests, so the values need not
be loaded). A group G **equals H shifted by one** when g_G(n + 1) = g_H(n) for 0 <= n < N - 1: a game
that may not take a 1-heap (so g_G(1) = 0) plays as the game H on heaps one smaller, as the published
lookup tables use (.07, Dawson's Kayles, is .137, Dawson's chess, on heaps one smaller).

Equal up to N is all a sweep can say; two games of one group may differ beyond N (a published table
said .161 and .36 equal; they first differ at heap 519).

>>> from sgstudio.games.takebreak.sweep.job import run_game
>>> codes = ("0.07", "0.137", "0.4", "0.401", "0.77", "0.771")
>>> groups = find_groups(run_game(code, 300) for code in codes)
>>> groups.members
{'0.4': ('0.4', '0.401'), '0.07': ('0.07',), '0.77': ('0.77', '0.771'), '0.137': ('0.137',)}
>>> groups.shifted                  # .4 on heaps one smaller is .07, which is .137 so
{'0.4': ('0.07',), '0.07': ('0.137',)}
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from sgstudio.games.takebreak.sweep.job import GameResult


def simplicity(code: str) -> tuple[bool, int, str, str]:
    """The order in which a group's representative is chosen: codes without splits (``0.``) first,
    then fewer digits, then the smaller digits.

    >>> sorted(["4.4", "0.771", "0.77"], key=simplicity)
    ['0.77', '0.771', '4.4']
    """
    before, _, after = code.partition(".")
    return before != "0", len(after), after, before


@dataclass(frozen=True)
class Groups:
    """The groups of one sweep at N values (module docstring).

    ``members``: representative -> its group's codes (simplest first), groups in order of their
    representatives; ``group_of``: code -> representative; ``shifted``: representative G ->
    representatives H with g_G(n + 1) = g_H(n) for n < N - 1 (G itself left out).
    """

    members: dict[str, tuple[str, ...]]
    group_of: dict[str, str]
    shifted: dict[str, tuple[str, ...]]


def find_groups(results: Iterable[GameResult]) -> Groups:
    """The groups of ``results`` (one N; results without values, ``error``, are left out)."""
    by_digest: dict[str, list[GameResult]] = {}
    for result in results:
        if result.status != "error":
            by_digest.setdefault(result.digest, []).append(result)
    heads: dict[str, list[str]] = {}
    reps: dict[str, GameResult] = {}
    for group in by_digest.values():
        group.sort(key=lambda r: simplicity(r.code))
        reps[group[0].code] = group[0]
        heads.setdefault(group[0].digest_head, []).append(group[0].code)
    order = sorted(reps, key=simplicity)
    members = {rep: tuple(r.code for r in by_digest[reps[rep].digest]) for rep in order}
    group_of = {code: rep for rep, codes in members.items() for code in codes}
    shifted = {}
    for rep in order:
        others = sorted((h for h in heads.get(reps[rep].digest_tail, ()) if h != rep), key=simplicity)
        if others:
            shifted[rep] = tuple(others)
    return Groups(members, group_of, shifted)
