"""The arena's paired difference on duplicate deals: one observation per deal (:mod:`troef.stats`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from troef.arena.core import compare_pooled, compare_runs, describe, run_arena
from troef.arena.seating import ArenaError
from troef.cli import app


def test_duplicate_runs_pair_every_bot_and_kind_with_the_field_deal_by_deal() -> None:
    result = run_arena(["heuristic", "random", "random", "random"], matches=12, seed=4, rules="nk", duplicate=True)
    best, kind = result.bots[0], result.kinds["random"]
    assert best.paired is not None and kind.paired is not None
    # worked out again from the outcomes: per deal (4 rotations), the bot less the mean of the others
    per_deal = []
    for deal in range(3):
        group = [o for o in result.outcomes if o.index // 4 == deal]
        per_deal.append(sum(o.scores[0] - sum(o.scores[j] for j in (1, 2, 3)) / 3 for o in group) / len(group))
    assert best.paired.mean == pytest.approx(sum(per_deal) / 3)
    assert best.paired.n == 3 and best.paired.low > 0  # three deals, and the heuristic is clearly better
    assert kind.paired.mean < 0  # the randoms together against the heuristic
    assert best.to_json()["paired_difference"]["n"] == 3
    assert "paired difference with the field on the same deals" in describe(result)


def test_without_duplicate_there_is_no_pairing_by_deal() -> None:
    result = run_arena(["heuristic", "random", "random"], matches=3, seed=2, rules="pagat")
    assert all(bot.paired is None for bot in result.bots)
    assert result.bots[0].to_json()["paired_difference"] is None
    assert "paired difference" not in describe(result)


def test_the_levels_take_a_seat_and_strong_takes_pimc_settings() -> None:
    quick = "strong:budget=0.01,bid_budget=0.02,plan_budget=0.02,samples=2,min_worlds=1"
    result = run_arena([quick, "club", "beginner"], matches=1, seed=2, rules="pagat")
    assert [b.matches for b in result.bots] == [1, 1, 1]
    assert result.bots[0].name.startswith("strong:") and result.bots[2].name == "beginner#2"


def test_compare_pairs_two_runs_deal_by_deal_and_refuses_runs_of_other_deals(tmp_path: Path) -> None:
    strong = run_arena(["heuristic", "random", "random", "random"], matches=12, seed=4, rules="nk", duplicate=True)
    weak = run_arena(["random", "random", "random", "random"], matches=12, seed=4, rules="nk", duplicate=True)
    one, two = strong.to_json(), weak.to_json()
    assert [m["seed"] for m in one["per_match"]] == [m["seed"] for m in two["per_match"]]
    gain = compare_runs(one, two)
    # worked out again: per deal, entry 0's paired difference in the first run less that in the second
    assert strong.bots[0].paired is not None and weak.bots[0].paired is not None
    assert gain.mean == pytest.approx(strong.bots[0].paired.mean - weak.bots[0].paired.mean, abs=1e-3)
    assert gain.n == 3 and gain.low > 0
    assert compare_runs(one, one).mean == 0
    other_deals = run_arena(["random"] * 4, matches=12, seed=5, rules="nk", duplicate=True).to_json()
    with pytest.raises(ArenaError, match="differ in seed"):
        compare_runs(one, other_deals)
    with pytest.raises(ArenaError, match="entry 4"):
        compare_runs(one, two, entry=4)
    # the command line: the same figure, and a clear message for a file that is not a run
    (tmp_path / "a.json").write_text(json.dumps(one))
    (tmp_path / "b.json").write_text(json.dumps(two))
    (tmp_path / "bad.json").write_text('{"game": "bonaken"')
    runner = CliRunner()
    done = runner.invoke(app, ["arena", "compare", str(tmp_path / "a.json"), str(tmp_path / "b.json")])
    assert done.exit_code == 0 and gain.text(3) in done.output
    bad = runner.invoke(app, ["arena", "compare", str(tmp_path / "a.json"), str(tmp_path / "bad.json")])
    assert bad.exit_code == 2 and "not an arena run" in bad.output


def test_compare_pools_pairs_of_runs_deal_by_deal(tmp_path: Path) -> None:
    """Two seeds' pairs together: every deal of both is one observation; a lone run or mixed rules are refused."""
    pairs = []
    for seed in (4, 6):
        strong = run_arena(
            ["heuristic", "random", "random", "random"], matches=8, seed=seed, rules="nk", duplicate=True
        )
        weak = run_arena(["random", "random", "random", "random"], matches=8, seed=seed, rules="nk", duplicate=True)
        pairs.append((strong.to_json(), weak.to_json()))
    apart = [compare_runs(one, two) for one, two in pairs]
    pooled = compare_pooled(pairs)
    assert pooled.n == apart[0].n + apart[1].n == 4
    # the pooled mean weighs every deal alike: here both seeds have two deals
    assert pooled.mean == pytest.approx((apart[0].mean + apart[1].mean) / 2)
    assert pooled.high - pooled.low < max(a.high - a.low for a in apart)
    pagat = run_arena(["random"] * 4, matches=4, seed=4, rules="pagat", duplicate=True).to_json()
    with pytest.raises(ArenaError, match="pairs differ in rules"):
        compare_pooled([pairs[0], (pagat, pagat)])
    with pytest.raises(ArenaError, match="at least one pair"):
        compare_pooled([])
    files = []
    for i, (one, two) in enumerate(pairs):
        for side, run in (("a", one), ("b", two)):
            path = tmp_path / f"{side}{i}.json"
            path.write_text(json.dumps(run))
            files.append(str(path))
    runner = CliRunner()
    done = runner.invoke(app, ["arena", "compare", *files])
    assert done.exit_code == 0 and "2 pairs of runs of bonaken/nk (seeds 4, 6), 4 deals:" in done.output
    assert pooled.text(3) in done.output
    odd = runner.invoke(app, ["arena", "compare", *files[:3]])
    assert odd.exit_code == 2 and "in pairs" in odd.output
