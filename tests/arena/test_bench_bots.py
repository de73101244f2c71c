"""``troef bench bots`` for every game: a fixed seeded workload, the seat to act's view, per-phase figures."""

from __future__ import annotations

import hashlib
import json
import time
from typing import Any

import pytest
from typer.testing import CliRunner

from troef.arena.seating import ArenaError
from troef.bench.bots import BOTS, bench_bot, default_bots, phase_of, run, situations, time_bot
from troef.bots.registry import bot_kinds, make_bot
from troef.cli import app
from troef.core.game import UnknownBotError


def test_bonakens_workload_is_the_one_it_always_was() -> None:
    # the digest of the situations as the Bonaken-only bench made them (seats, phases, legal actions, in order):
    # a change of the workload would make old and new timings incomparable
    views = situations(300, 2026)
    digest = hashlib.sha256(repr([(v.viewer, phase_of(v), v.legal) for v in views]).encode()).hexdigest()
    assert digest == "d644966f5a4d484e85d1499a8b3e61835e1a0c35273b73b177b58e971a4e1ce4"
    assert default_bots("bonaken") == BOTS == ("random", "beginner", "club", "strong")


@pytest.mark.parametrize(
    ("name", "phases"), [("klaverjas", {"choose", "kraak", "play"}), ("binokel", {"bidding", "give", "play"})]
)
def test_every_game_gives_choices_from_the_view_of_the_seat_to_act(name: str, phases: set[str]) -> None:
    views = situations(120, seed=5, game=name)
    assert len(views) == 120
    assert all(len(v.legal) > 1 and v.viewer == v.to_act >= 0 for v in views)
    assert {phase_of(v) for v in views} >= phases
    again = situations(120, seed=5, game=name)
    assert [v.to_json() for v in again] == [v.to_json() for v in views]  # seeded: the same every time
    assert [v.to_json() for v in situations(120, seed=6, game=name)] != [v.to_json() for v in views]


@pytest.mark.parametrize("name", ["klaverjas", "binokel"])
def test_every_bot_of_the_game_is_timed_overall_and_per_phase(name: str) -> None:
    result = run(30, seed=3, game=name)
    assert result["game"] == name and set(result["bots"]) == set(bot_kinds(name))
    assert sum(result["mix"].values()) == 30
    for figures in result["bots"].values():
        assert figures["decisions"] == 30
        assert figures["median_ms"] <= figures["p99_ms"] <= figures["max_ms"]
        assert figures["wall"]["decisions"] == 30  # the wall clock beside the CPU clock
        assert figures["wall"]["median_ms"] <= figures["wall"]["p99_ms"] <= figures["wall"]["max_ms"]
        assert sum(p["decisions"] for p in figures["phases"].values()) == 30
        assert set(figures["phases"]) == set(result["mix"])


def test_an_unknown_bot_is_refused_before_any_work() -> None:
    with pytest.raises(UnknownBotError, match="grandmaster"):
        run(10, game="klaverjas", bots=["random", "grandmaster"])


def test_the_command_takes_a_game_and_bots() -> None:
    runner = CliRunner()
    got = runner.invoke(app, ["bench", "bots", "--game", "binokel", "--bots", "random", "--count", "20", "--json"])
    assert got.exit_code == 0, got.output
    data = json.loads(got.output)
    assert data["game"] == "binokel" and list(data["bots"]) == ["random"] and data["situations"] == 20
    bad = runner.invoke(app, ["bench", "bots", "--game", "chess", "--count", "5"])
    assert bad.exit_code == 2 and "chess" in bad.output


class Sleeper:
    """Waits 20 ms (no CPU), then plays as the random bot: like another program's turn on the core."""

    def __init__(self) -> None:
        self.inner = make_bot("klaverjas", "random", 1)

    def act(self, view: Any) -> Any:
        time.sleep(0.02)
        return self.inner.act(view)


def test_decisions_are_timed_in_cpu_time_not_wall_time() -> None:
    figures = time_bot(Sleeper(), situations(5, seed=3, game="klaverjas"))  # type: ignore[arg-type]
    assert figures["wall"]["median_ms"] >= 20.0  # the wall clock counts the wait
    assert figures["median_ms"] < 10.0  # the CPU clock does not: a loaded machine does not slow the figures


def test_a_bot_with_settings_is_timed_as_the_arena_would_seat_it() -> None:
    # the cost of a setting is measured before it is adopted: a bot named with settings is that bot
    result = run(12, seed=3, bots=["strong", "strong:samples=1,min_worlds=1,nodes=2000,bid_nodes=2000"])
    assert list(result["bots"]) == ["strong", "strong:samples=1,min_worlds=1,nodes=2000,bid_nodes=2000"]
    lean = result["bots"]["strong:samples=1,min_worlds=1,nodes=2000,bid_nodes=2000"]
    assert lean["decisions"] == result["bots"]["strong"]["decisions"] == 12
    bot = bench_bot("bonaken", "strong:samples=7,play_miss=0.5", 1)
    assert bot.strength.samples == 7 and bot.strength.play_miss == 0.5  # type: ignore[attr-defined]


def test_a_bad_setting_is_refused_before_any_work() -> None:
    with pytest.raises(ArenaError, match="unknown pimc setting 'grandness'"):
        run(10, bots=["strong:grandness=2"])
    with pytest.raises(ArenaError, match="the cheat"):
        bench_bot("bonaken", "cheat:samples=3", 1)  # it would look at a match, not at the situation's view
    runner = CliRunner()
    got = runner.invoke(app, ["bench", "bots", "--bots", "club,strong:samples=x", "--count", "5"])
    assert got.exit_code == 2 and "bad value 'x' for the setting 'samples'" in got.output
    two = runner.invoke(
        app, ["bench", "bots", "--bots", "strong:samples=2,min_worlds=1,club", "--count", "6", "--json"]
    )
    assert two.exit_code == 0, two.output
    assert list(json.loads(two.output)["bots"]) == ["strong:samples=2,min_worlds=1", "club"]
