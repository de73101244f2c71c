"""``troef bench solver --game klaverjas``: full deals right after trump, the playing side's question."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from troef.cli import app
from troef.games.klaverjas.bench_solver import position as klaverjas_position
from troef.games.klaverjas.bench_solver import run as run_klaverjas
from troef.games.klaverjas.solver import position_from_deal, solve


def test_the_workload_is_eight_tricks_after_trump_and_seeded() -> None:
    deal = klaverjas_position("kraken", 2026)
    again = klaverjas_position("kraken", 2026)
    assert deal.hands == again.hands and deal.trump == again.trump >= 0
    position = position_from_deal(deal)
    assert position.tricks_left == 8 and not position.trick
    assert position.to_move == deal.leader


def test_the_bench_answers_each_deal_as_the_solver_does() -> None:
    result = run_klaverjas(positions=2, seed=2026)
    made = [
        solve(position_from_deal(klaverjas_position(name, 2026 + i))).makes
        for i, name in enumerate(("kraken", "amsterdam"))
    ]
    assert result["makes"]["made"] == f"{sum(made)}/2"
    assert result["makes"]["solves"] == 2 and result["makes_cpu"]["solves"] == 2
    assert set(result["presets"]) == {"kraken", "amsterdam"}


def test_the_command_prints_json_for_klaverjas_and_refuses_other_games() -> None:
    runner = CliRunner()
    done = runner.invoke(app, ["bench", "solver", "--game", "klaverjas", "--positions", "1", "--json"])
    assert done.exit_code == 0, done.output
    data = json.loads(done.output)
    assert data["game"] == "klaverjas" and data["positions"] == 1 and "median_ms" in data["makes"]
    refused = runner.invoke(app, ["bench", "solver", "--game", "skat"])
    assert refused.exit_code == 2
