"""A fuzzing campaign over the four judge readers, the .sgs reader and the command line.

Run it as a script (``python tests/fuzz_inputs.py --count 20000 --cli 300 --seed 1``); a small slice
runs in ``make test`` (tests/test_fuzz_slice.py). Every generated input is checked against rules
that hold for any input, valid or not:

- a reader returns, or raises ParseError, nothing else; the error is one line of at most 500
  characters, its line and column lie inside the text (or just past its end);
- each judge reader's fast path and its exact, token-by-token path agree exactly: the same answers,
  or the same error at the same line and column;
- ``parse`` and ``solve`` accept and refuse the same inputs (S-Nim may refuse more when solving: a
  set without a period within the budget is refused at its test case);
- small valid inputs are answered as a brute-force win/lose search predicts (tests/oracles.py; no
  Sprague-Grundy theory), and stay so when their white space is scattered;
- a ``.sgs`` document that loads saves and loads again to the same graph and tab states;
- ``sgstudio solve`` exits 0 with the in-process answer and an empty stderr, or 2 with nothing on
  stdout and exactly one line on stderr; never a traceback.

Inputs: valid files from random cases (``generate``), and mutations of them: bytes flipped,
inserted, deleted or repeated, numbers replaced by huge, negative, zero-padded or non-decimal ones,
CR line breaks, non-UTF-8 bytes, truncation. For ``.sgs``: JSON-aware mutations (numbers, nesting,
repeated keys, surrogate escapes, NaN) and byte mutations of real documents.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from functools import cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import oracles

from sgstudio.core.errors import ParseError
from sgstudio.document import sgs
from sgstudio.formats.tokens import decode
from sgstudio.games.board import hdu5724
from sgstudio.games.graph import hdu1524
from sgstudio.games.graph.dag.game import query_outcomes
from sgstudio.games.graph.model.graph import GameGraph
from sgstudio.games.snim import hdu1536
from sgstudio.games.splitnim import hdu5795

FORMATS = ("hdu1524", "hdu1536", "hdu5724", "hdu5795")


# -- valid inputs and their brute-force answers -------------------------------------------------------
def random_case(fmt: str, rng: random.Random) -> tuple[str, list[str]]:
    """A small valid input and the answers a brute-force search gives."""
    return {"hdu1524": _dag, "hdu1536": _snim, "hdu5724": _board, "hdu5795": _split}[fmt](rng)


def _dag(rng: random.Random) -> tuple[str, list[str]]:
    cases, answers = [], []
    for _ in range(rng.randint(1, 3)):
        n = rng.randint(1, 6)
        succ = [sorted(rng.sample(range(v + 1, n), rng.randint(0, min(3, n - v - 1)))) for v in range(n)]
        queries = [[rng.randrange(n) for _ in range(rng.randint(1, 3))] for _ in range(rng.randint(1, 3))]
        cases.append(hdu1524.Case(n, succ, queries))

        moves = tuple(map(tuple, succ))
        answers += ["WIN" if _dag_wins(moves, tuple(sorted(q))) else "LOSE" for q in queries]
    return hdu1524.generate(cases), answers


@cache
def _dag_wins(succ: tuple[tuple[int, ...], ...], position: tuple[int, ...]) -> bool:
    """Tokens on a DAG, by the rules alone: winning iff some move leads to a losing position."""
    return any(not _dag_wins(succ, tuple(sorted((*position[:i], w, *position[i + 1:]))))
               for i, v in enumerate(position) for w in succ[v])


def _snim(rng: random.Random) -> tuple[str, list[str]]:
    cases, answers = [], []
    for _ in range(rng.randint(1, 3)):
        members = [rng.randint(1, 6) for _ in range(rng.randint(1, 3))]
        positions = tuple(tuple(rng.randint(0, 9) for _ in range(rng.randint(1, 3)))
                          for _ in range(rng.randint(1, 3)))
        cases.append(hdu1536.SNimCase(tuple(members), positions))
        wins = oracles.snim_wins(members)
        answers.append("".join("W" if wins(p) else "L" for p in positions))
    return hdu1536.generate(cases), answers


def _board(rng: random.Random) -> tuple[str, list[str]]:
    cases, answers = [], []
    for _ in range(rng.randint(1, 3)):
        rows = tuple(tuple(rng.sample(range(15, 21), rng.randint(0, 3))) for _ in range(rng.randint(0, 2)))
        cases.append(hdu5724.Case(rows))
        answers.append("YES" if oracles.board_wins(tuple(tuple(sorted(r)) for r in rows), 20) else "NO")
    return hdu5724.generate(cases), answers


def _split(rng: random.Random) -> tuple[str, list[str]]:
    cases, answers = [], []
    for _ in range(rng.randint(1, 3)):
        heaps = tuple(rng.randint(1, 9) for _ in range(rng.randint(1, 3)))
        cases.append(hdu5795.Case(heaps))
        answers.append(hdu5795.FIRST if oracles.splitnim_wins(heaps, 3) else hdu5795.SECOND)
    return hdu5795.generate(cases), answers


# -- mutations --------------------------------------------------------------------------------------
NUMBERS = ["0", "-1", "+3", "007", "0" * 60 + "5", str(2**63), str(2**64 + 1), "9" * 30, "1" + "0" * 4400,
           "1e3", "0x1f", "1_000", "\uff11", "١", "3.5", "-0", "21", "20", "1000000000000"]
JUNK = ["\r", "\r\n", "\n\n", "\t", " ", "\x00", "\x0c", "é", "\ud7ff", "\u2028", "x", "-", "+", "#",
        "\ufeff"]


def mutate(text: str, rng: random.Random) -> tuple[str, str]:
    """One random mutation of ``text``; (new text, kind)."""
    kind = rng.choice(["number", "number", "junk", "delete", "repeat", "truncate", "crlf", "token", "swap"])
    tokens = text.split()
    if kind == "number" and tokens:
        i = rng.randrange(len(tokens))
        tokens[i] = rng.choice(NUMBERS)
        return " ".join(tokens) + rng.choice(["", "\n"]), kind
    if kind == "token" and tokens:
        del tokens[rng.randrange(len(tokens))]
        return "\n".join(tokens), kind
    if kind == "swap" and len(tokens) > 1:
        i, j = rng.randrange(len(tokens)), rng.randrange(len(tokens))
        tokens[i], tokens[j] = tokens[j], tokens[i]
        return " ".join(tokens), kind
    pos = rng.randrange(len(text) + 1)
    if kind == "junk":
        return text[:pos] + rng.choice(JUNK) + text[pos:], kind
    if kind == "delete":
        return text[:pos] + text[pos + rng.randint(1, 5):], kind
    if kind == "repeat":
        return text[:pos] + text[pos:pos + rng.randint(1, 12)] * rng.randint(2, 4) + text[pos:], kind
    if kind == "crlf":
        return text.replace("\n", rng.choice(["\r", "\r\n"])), kind
    return text[:pos], "truncate"


# -- the checks -------------------------------------------------------------------------------------
def check_error(err: ParseError, text: str) -> str | None:
    """A rule the error breaks, or None."""
    message = str(err)
    if "\n" in message or "\r" in message or len(message) > 500:
        return f"not one short line: {message[:120]!r}"
    if err.line is None or err.column is None:
        return f"no position: {message[:120]!r}"
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if not 1 <= err.line <= len(lines) or not 1 <= err.column <= len(lines[err.line - 1]) + 1:
        return f"position {err.line}:{err.column} outside the text"
    return None


def outcome(fn: Callable[[], object]) -> tuple[str, object]:
    try:
        return "ok", fn()
    except ParseError as err:
        return "error", (err.line, err.column, err.message, err)


def exact_solve(fmt: str, text: str, file: str) -> str:
    """The judge's answers through each format's exact (token by token) reader only."""
    if fmt == "hdu1524":
        hdu1524.check_not_empty(text, file, "the number of positions N")
        lines = []
        for raw, values in hdu1524._scan_exact(text, file):
            lines += query_outcomes(values, raw.q_flat, raw.q_len)
        return "".join(line + "\n" for line in lines)
    if fmt == "hdu1536":
        return hdu1536.solve(text, file)  # its fast walk re-reads with the TokenStream on any anomaly
    if fmt == "hdu5724":
        return "".join("YES\n" if w else "NO\n" for w in hdu5724.answers(hdu5724._parse_tokens(text, file)))
    cases = hdu5795.parse(text, file)
    return "".join((hdu5795.FIRST if hdu5795.case_value(c.heaps) else hdu5795.SECOND) + "\n" for c in cases)


def check_judge(fmt: str, text: str) -> str | None:
    """Every rule for one judge input; the first one broken, or None."""
    module = {"hdu1524": hdu1524, "hdu1536": hdu1536, "hdu5724": hdu5724, "hdu5795": hdu5795}[fmt]
    try:
        fast, exact = outcome(lambda: module.solve(text, "f")), outcome(lambda: exact_solve(fmt, text, "f"))
        parsed = outcome(lambda: module.parse(text, "f"))
    except Exception as err:  # anything but ParseError is a failure of the rule
        return f"raised {type(err).__name__}: {str(err)[:120]}"
    for kind, value in (fast, exact, parsed):
        if kind == "error" and (broken := check_error(value[3], text)):
            return broken
    if fast[0] != exact[0] or (fast[0] == "ok" and fast[1] != exact[1]) or \
            (fast[0] == "error" and fast[1][:3] != exact[1][:3]):
        return f"fast and exact paths differ: {str(fast[1])[:100]!r} vs {str(exact[1])[:100]!r}"
    if parsed[0] == "error" and fast[0] == "ok":
        return "parse refuses what solve accepts"
    if parsed[0] == "ok" and fast[0] == "error" and not (fmt == "hdu1536" and "period" in fast[1][2]):
        return f"solve refuses what parse accepts: {fast[1][2][:100]!r}"
    return None


def check_sgs(text: str) -> str | None:
    try:
        doc = sgs.loads(text, "f.sgs")
    except ParseError as err:
        return check_error(err, text)
    except Exception as err:
        return f"raised {type(err).__name__}: {str(err)[:120]}"
    try:
        again = sgs.loads(sgs.dumps(doc.graph, doc.tabs))
    except Exception as err:
        return f"loaded but does not save and load again: {type(err).__name__}: {str(err)[:100]}"
    same = (sorted(doc.graph.edges()) == sorted(again.graph.edges()) and doc.tabs == again.tabs
            and sorted(map(doc.graph.label, doc.graph.nodes())) == sorted(map(again.graph.label,
                                                                               again.graph.nodes())))
    return None if same else "saved and loaded again to something else"


# -- .sgs inputs ------------------------------------------------------------------------------------
SGS_PIECES = ['{"id": %s}', "[" * 120 + "]" * 120, '"\\ud800"', '"\\udc00\\ud800"', "NaN", "-Infinity",
              "1" + "0" * 400, "1e999", '"version": 0, ', '"format": "sgstudio", ', "-5", "2147483648",
              "true", "null", '{"a": 1, "a": 2}', "[[0, 0]]", '"\\u0000"', "1.5"]


def random_document(rng: random.Random) -> str:
    n = rng.randint(0, 6)
    g = GameGraph.from_edges(n, [(u, v) for u in range(n) for v in range(u + 1, n) if rng.random() < 0.3])
    for v in range(n):
        g.set_pos(v, (rng.uniform(-1e3, 1e3), rng.uniform(-1e3, 1e3)))
        g.set_label(v, rng.choice(["a", "é", "\U0001F600", "x y", ""]))
    tabs = {"snim": {"S": [2, 5], "heaps": [rng.randint(0, 10**rng.randint(1, 30))]}}
    return sgs.dumps(g, tabs)


def mutate_document(text: str, rng: random.Random) -> tuple[str, str]:
    if rng.random() < 0.5:
        return mutate(text, rng)
    piece = rng.choice(SGS_PIECES)
    if "%s" in piece:
        piece %= rng.choice(["10000000", "-1", "2147483648", "1.0", '"0"', "1" + "0" * 5000])
    starts = [i for i, c in enumerate(text) if c in "[{:," and i + 1 < len(text)]
    pos = rng.choice(starts) + 1 if starts else 0
    end = pos
    while end < len(text) and text[end] not in ",]}":
        end += 1
    return text[:pos] + " " + piece + text[end:] if rng.random() < 0.7 else text[:pos] + piece + text[pos:], \
        "json"


# -- the campaign -----------------------------------------------------------------------------------
def campaign(count: int, seed: int, cli_runs: int = 0, report: Callable[[str], None] = print) -> Counter:
    """Run ``count`` judge inputs (spread over the four formats), ``count // 4`` documents and
    ``cli_runs`` command-line runs; return the counts (``failed`` holds the failures)."""
    rng, stats, slowest = random.Random(seed), Counter(), (0.0, "", "")
    failures: list[str] = []
    rounds = [(FORMATS[i % 4], _judge_round) for i in range(count)]
    rounds += [("sgs", _document_round)] * (count // 4)
    for kind, play in rounds:
        start = time.perf_counter()
        failure, text = play(kind, rng, stats)
        if failure is not None:
            failures.append(f"{kind}: {failure} for {text[:300]!r}")
        slowest = max(slowest, (time.perf_counter() - start, kind, text[:100]))
    for _ in range(cli_runs):
        fmt = rng.choice(FORMATS)
        text, _ = random_case(fmt, rng)
        for _ in range(rng.randint(0, 2)):
            text, _kind = mutate(text, rng)
        stats["cli runs"] += 1
        if (broken := check_cli(fmt, text, rng)) is not None:
            failures.append(f"cli {fmt}: {broken} for {text[:200]!r}")
    stats["failed"] = len(failures)
    for failure in failures[:20]:
        report(failure)
    report(f"slowest input: {slowest[0] * 1000:.1f} ms ({slowest[1]}: {slowest[2]!r})")
    return stats


def _judge_round(fmt: str, rng: random.Random, stats: Counter) -> tuple[str | None, str]:
    """One judge input: a valid one against the brute force, or a mutated one against the rules."""
    text, answers = random_case(fmt, rng)
    if rng.random() < 0.25:
        stats[f"{fmt} valid"] += 1
        spread = " ".join(text.split()) if rng.random() < 0.5 else text.replace("\n", "\r\n")
        for variant in (text, spread):
            if (got := hdu_solve(fmt, variant)) != "".join(a + "\n" for a in answers):
                return f"wrong answer {got!r}", variant
        return None, text
    for _ in range(rng.randint(1, 3)):
        text, kind = mutate(text, rng)
        stats[f"{fmt} {kind}"] += 1
    return check_judge(fmt, text), text


def _document_round(_kind: str, rng: random.Random, stats: Counter) -> tuple[str | None, str]:
    """One .sgs document, mutated 0 to 3 times."""
    text = random_document(rng)
    for _ in range(rng.randint(0, 3)):
        text, kind = mutate_document(text, rng)
        stats[f"sgs {kind}"] += 1
    stats["sgs documents"] += 1
    return check_sgs(text), text


def hdu_solve(fmt: str, text: str) -> str:
    module = {"hdu1524": hdu1524, "hdu1536": hdu1536, "hdu5724": hdu5724, "hdu5795": hdu5795}[fmt]
    try:
        return module.solve(text, "f")
    except Exception as err:
        return f"{type(err).__name__}: {err}"


def check_cli(fmt: str, text: str, rng: random.Random) -> str | None:
    data = text.encode("utf-8", "surrogatepass")
    if rng.random() < 0.2:
        data = data[: rng.randrange(len(data) + 1)] + bytes([rng.randrange(128, 256)]) + data[len(data) // 2:]
    args = ["solve", fmt] if rng.random() < 0.8 else ["play", fmt, "-", "--max-moves", "50"]
    done = subprocess.run([sys.executable, "-m", "sgstudio", *args], input=data, capture_output=True,
                          timeout=120, check=False)
    err = done.stderr.decode("utf-8", "replace")
    if "Traceback" in err:
        return "a traceback"
    if done.returncode == 0:
        if err:
            return f"status 0 with stderr {err[:100]!r}"
        if args[0] == "solve":
            try:
                expected = {"hdu1524": hdu1524, "hdu1536": hdu1536, "hdu5724": hdu5724,
                            "hdu5795": hdu5795}[fmt].solve(decode(data, "<stdin>"), "<stdin>")
            except ParseError:
                return "status 0 for input the reader refuses"
            if done.stdout.decode() != expected:
                return "output differs from the reader's"
        return None
    if done.returncode != 2:
        return f"status {done.returncode}: {err[:100]!r}"
    if done.stdout or err.count("\n") != 1:
        return f"status 2 but stdout {done.stdout[:40]!r} / stderr {err[:100]!r}"
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=20_000, help="judge inputs (default 20000)")
    parser.add_argument("--cli", type=int, default=200, help="command-line runs (default 200)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    start = time.perf_counter()
    stats = campaign(args.count, args.seed, args.cli)
    for key, value in sorted(stats.items()):
        print(f"{key:>24}: {value}")
    print(f"{time.perf_counter() - start:.1f} s")
    return 1 if stats["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
