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
    verdict = next(line for line in lines if line.startswith("target 0.25x euchre: "))
    # PettingZoo's own ceiling is shown and never counted as a wrapper that misses the target
    assert any(line.startswith("no-op AEC env/pettingzoo") for line in lines) and "no-op" not in verdict
    # the batched env beside euchre's decisions, with its own verdict
    assert any(line.startswith("euchre (pyspiel, C++)") and "decisions/s" in line for line in lines)
    for game in ("bonaken", "klaverjas", "binokel"):
        assert any(line.startswith(f"{game}/vector(64)") and "x euchre" in line for line in lines)
    assert lines[-1].startswith("batched target 1.0x euchre's decisions/s: ")


# api_test warns that a no-op env's observations are all zeros: that is what it is
@pytest.mark.filterwarnings("ignore::UserWarning")
def test_the_no_op_env_passes_pettingzoos_own_api_test() -> None:
    """The ceiling is measured on a real AEC env: PettingZoo's api_test accepts it, and it ends after its steps."""
    from pettingzoo.test import api_test

    from troef.bench.research import _aec_steps, noop_env

    api_test(noop_env(20, 10, length=8), num_cycles=20)
    steps, _ = _aec_steps(noop_env(20, 10, length=8), 3, 1, 0)
    assert steps == 3 * 8
