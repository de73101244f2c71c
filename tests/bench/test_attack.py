"""``troef bench server --attack``: a short run against a real server finishes, with the figures it promises."""

from __future__ import annotations

import pytest

from troef.bench.attack import attack, describe_attack
from troef.bench.server import BenchError


@pytest.mark.slow
def test_a_short_attack_run_measures_both_phases_and_refuses_the_players_nothing() -> None:
    result = attack(tables=2, seconds=4, finished=2)
    assert result["quiet"]["pings"] > 0 and result["attack"]["pings"] > 0
    assert result["p99_ratio"] is not None and result["server_cpu_s"]["attack"] is not None
    assert result["attack"]["players_refused"] == {}  # each player reconnected once, under attack
    assert set(result["visitors"]) == {"200"}
    attacks = result["attacks"]
    assert set(attacks.get("tournament open", {})) <= {"429 owner_full"}  # no tournament table was ever made
    assert attacks["tournament create"].get("200", 0) <= 5  # the burst of the tournament rate, no more
    assert "503" in attacks["slow head"]  # the attackers were held to their share of connections
    assert "ping attack" in describe_attack(result)


@pytest.mark.slow
def test_a_run_that_cannot_finish_in_time_fails_with_a_message() -> None:
    with pytest.raises(BenchError, match="did not finish within"):
        attack(tables=1, seconds=30, finished=1, timeout=0.5)
