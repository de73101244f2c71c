"""``troef bench research`` ends with the ratios and whether the target is met."""

from __future__ import annotations

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

from typer.testing import CliRunner

from troef.cli import app


def test_bench_research_prints_every_wrapper_beside_euchre_and_a_verdict() -> None:
    result = CliRunner().invoke(app, ["bench", "research", "--games", "1"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("euchre (pyspiel, C++)")
    for game in ("bonaken", "klaverjas", "binokel"):
        for wrapper in ("pyspiel", "pettingzoo"):
            assert any(line.startswith(f"{game}/{wrapper}") and "x euchre" in line for line in lines)
    assert lines[-1].startswith("target 0.25x euchre: ")
