"""``troef bench analysis-marks``: the marks of records under several seeds, and its refusals."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from troef.bench.analysis import marks
from troef.cli import app

RECORDS = Path(__file__).parents[1] / "analysis" / "records"
runner = CliRunner()


def test_bad_seeds_and_missing_records_get_a_clear_message() -> None:
    result = runner.invoke(
        app, ["bench", "analysis-marks", str(RECORDS / "klaverjas-kraken-5-heuristic.json"), "--seeds", "a"]
    )
    assert result.exit_code == 2 and "whole numbers" in result.output
    result = runner.invoke(app, ["bench", "analysis-marks", "/nonexistent/record.json"])
    assert result.exit_code == 2 and "cannot read a record" in result.output


@pytest.mark.slow
def test_the_marks_of_a_record_under_three_seeds_are_counted() -> None:
    text = (RECORDS / "klaverjas-amsterdam-2-random.json").read_text(encoding="utf-8")
    result = marks({"a": text}, (0, 1, 2), samples=16)
    row = result["records"]["a"]
    assert len(row["per_seed"]) == 3 and row["kept"] <= min(row["per_seed"]) <= row["marked"]
    assert result["overlap"] == row["kept"] / row["marked"] == 1.0
