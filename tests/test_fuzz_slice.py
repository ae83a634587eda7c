"""A small, fast slice of the fuzzing campaign (tests/fuzz_inputs.py runs the whole of it)."""

from __future__ import annotations

import fuzz_inputs


def test_a_slice_of_the_fuzzing_campaign_breaks_no_rule():
    failures: list[str] = []
    stats = fuzz_inputs.campaign(count=300, seed=20240601, cli_runs=2, report=failures.append)
    assert stats["failed"] == 0, "\n".join(failures)
    assert sum(v for k, v in stats.items() if k.endswith(" valid")) > 25  # brute-force checked answers
    assert stats["sgs documents"] == 75 and stats["cli runs"] == 2
