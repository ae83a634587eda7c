"""Known games written in Python: Wythoff, Grundy's game by hand, the examples' judge samples, Northcott.

Each answer is checked against something that does not come from the engine: a closed form
(Wythoff's P-positions), another engine of the studio (take-and-break tables), the judges'
sample outputs, or a search by the rules alone.
"""

from __future__ import annotations

import math
import os

import pytest

from sgstudio import Game
from sgstudio.core.outcome import Outcome
from sgstudio.games.custom.examples import files
from sgstudio.games.takebreak.game import TakeBreakGame

EXAMPLES = dict((os.path.splitext(os.path.basename(path))[0], path) for _, path in files())


def example(stem: str, **kwargs) -> Game:
    return Game.from_file(EXAMPLES[stem], **kwargs)


def test_wythoff_p_positions_are_the_golden_ratio_pairs():
    game = example("wythoff")
    size = 40
    table = game.table(size, size)
    phi = (1 + math.sqrt(5)) / 2
    expected = set()
    for n in range(size):
        a, b = math.floor(n * phi), math.floor(n * phi * phi)
        expected |= {(a, b), (b, a)}
    expected = {(a, b) for a, b in expected if a < size and b < size}
    assert set(table.p_positions()) == expected
    assert game.outcome((3, 5)) is Outcome.LOSE and game.winning_moves((4, 7)) == []
    assert (3, 5) in game.winning_moves((4, 5))


def test_grundys_game_by_hand_equals_the_builtin_rule():
    n = 120
    by_hand = example("grundy").values(n)
    assert by_hand == TakeBreakGame("grundy").values(n).tolist()
    assert by_hand == Game.grundy().values(n)
    assert Game.from_file(EXAMPLES["grundy"], in_process=True).values(40) == by_hand[:40]


def test_the_file_in_a_worker_and_the_function_in_process_agree():
    namespace: dict = {}
    with open(EXAMPLES["cutting"], encoding="utf-8") as handle:
        exec(compile(handle.read(), EXAMPLES["cutting"], "exec"), namespace)
    in_process = Game(namespace["options"], text=namespace["text"])
    worker = example("cutting")
    sheets = [(w, h) for w in range(2, 9) for h in range(w, 9)]
    assert [worker.value(s) for s in sheets] == [in_process.value(s) for s in sheets]
    assert [worker.remoteness(s) for s in sheets[:6]] == [in_process.remoteness(s) for s in sheets[:6]]
    assert worker.text((4, 5)) == in_process.text((4, 5)) == "4 x 5"


def test_the_judges_samples():
    cutting = example("cutting")  # POJ 2311: 2 2 -> LOSE, 3 2 -> LOSE, 4 2 -> WIN
    assert [cutting.outcome(p) for p in [(2, 2), (2, 3), (2, 4)]] == [Outcome.LOSE, Outcome.LOSE, Outcome.WIN]
    euclid = example("euclid")  # POJ 2348: 34 12 -> Stan wins, 15 24 -> Ollie wins
    assert euclid.outcome((34, 12)) is Outcome.WIN and euclid.outcome((24, 15)) is Outcome.LOSE
    deletions = example("digital_deletions")  # HDU 1404: 0 Yes, 00 Yes, 1 No, 20 No
    assert [deletions.outcome(s) for s in ["0", "00", "1", "20"]] == [Outcome.WIN, Outcome.WIN, Outcome.LOSE,
                                                                     Outcome.LOSE]
    assert example("multiplication").outcome(1) is Outcome.WIN  # HDU 1517: 162 -> Stan wins


def test_the_multiplication_game_for_other_n_against_its_rule():
    """HDU 1517's samples 17 (Ollie) and 34012226 (Stan), with N changed in the file."""
    with open(EXAMPLES["multiplication"], encoding="utf-8") as handle:
        source = handle.read()
    for n, first_wins in [(17, False), (34012226, True), (162, True)]:
        namespace: dict = {}
        exec(source.replace("N = 162", f"N = {n}"), namespace)
        assert (Game(namespace["options"]).outcome(1) is Outcome.WIN) is first_wins, n


def test_euclid_matches_its_rule_by_a_plain_search():
    game = example("euclid")
    pairs = [(a, b) for a in range(1, 30) for b in range(1, a + 1)]
    won: dict = {}

    def wins(a, b):  # the player to move at (a, b), a >= b, by the rules: making a 0 wins
        if (a, b) not in won:
            won[(a, b)] = any(a - k * b == 0 or not wins(*sorted((a - k * b, b), reverse=True))
                              for k in range(1, a // b + 1))
        return won[(a, b)]

    assert [game.outcome(p) is Outcome.WIN for p in pairs] == [wins(*p) for p in pairs]


@pytest.mark.parametrize("rows", [((0, 3), (4, 1)), ((0, 2),), ((1, 4), (0, 1), (3, 2))])
def test_northcotts_game_is_nim_on_the_gaps(rows):
    game = example("northcott")
    gaps = 0
    for w, b in rows:
        gaps ^= abs(w - b) - 1
    position = ("white", rows)
    assert game.outcome(position) is (Outcome.WIN if gaps else Outcome.LOSE)
    for move in game.winning_moves(position):
        after = 0
        for w, b in move[1]:
            after ^= abs(w - b) - 1
        assert after == 0


def test_the_loopy_example_has_draws_and_values_as_its_rules_say():
    game = example("loopy_subtraction")
    values = game.values(15)
    assert [str(v) for v in values] == ["0", "0", "1", "1", "2", "0", "0", "∞{0,2}", "1", "∞{0}", "∞{1}",
                                        "0", "∞", "1", "∞{0}"]
    assert game.outcome(10) is Outcome.DRAW and game.outcome(7) is Outcome.WIN and game.remoteness(10) is None
    assert game.winning_moves(7) == [5]


def test_every_example_loads_with_a_name_and_a_start():
    for title, path in files():
        game = Game.from_file(path)
        assert game.name == title and game.start is not None
        assert game.outcome(game.start) in (Outcome.WIN, Outcome.LOSE, Outcome.DRAW)


def test_a_chain_of_a_million_positions_is_fine():
    game = Game(lambda n: [n + 1] if n < 999_999 else [], "chain")
    assert game.value(0) == 1 and game.value(1) == 0 and game.value(999_999) == 0
    assert game.remoteness(0) == 999_999 and game.outcome(1) is Outcome.LOSE
