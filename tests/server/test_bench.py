"""``troef bench server`` runs end to end (a tiny load; the real figures come from the command itself)."""

from __future__ import annotations

import pytest

from troef.bench.server import describe, run


@pytest.mark.slow
def test_the_load_bench_drives_tables_without_errors() -> None:
    result = run(tables=3, seconds=2.0, preset="pagat")
    assert result["errors"] == 0, result
    assert result["actions"] > 0 and result["actions_per_s"] > 0
    assert 0 < result["p50_ms"] <= result["p99_ms"] <= result["max_ms"]
    assert "actions/s" in describe(result)
