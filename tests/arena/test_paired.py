"""The arena's scores and paired differences on duplicate deals (figures from :mod:`troef.stats`)."""

from __future__ import annotations

import pytest

from troef.arena import describe, run_arena, score_of


def test_duplicate_runs_report_the_paired_difference_of_every_bot_and_kind() -> None:
    result = run_arena(["heuristic", "random", "random", "random"], matches=12, seed=4, rules="nk", duplicate=True)
    best, kind = result.bots[0], result.kinds["random"]
    assert best.score is not None and best.paired is not None and kind.paired is not None
    # worked out again from the outcomes: per deal (4 rotations), the bot less the mean of the others
    per_deal = []
    for deal in range(3):
        group = [o for o in result.outcomes if o.index // 4 == deal]
        per_deal.append(
            sum(o.table_points[0] - sum(o.table_points[j] for j in (1, 2, 3)) / 3 for o in group) / len(group)
        )
    assert best.paired.mean == pytest.approx(sum(per_deal) / 3)
    assert best.paired.n == 3 and best.paired.excludes_zero and best.paired.low > 0
    assert best.score.mean == pytest.approx(sum(o.table_points[0] for o in result.outcomes) / 12)
    assert kind.paired.mean < 0  # the randoms together against the heuristic
    figures = best.to_json()
    assert figures["paired_difference"]["n"] == 3 and len(figures["score"]["ci95"]) == 2
    assert "paired difference" in describe(result) and "table points per match" in describe(result)


def test_without_duplicate_there_is_a_score_but_no_pairing() -> None:
    result = run_arena(["heuristic", "random", "random"], matches=6, seed=2, rules="pagat")
    for bot in result.bots:
        assert bot.score is not None and bot.paired is None
        assert 0.0 <= bot.score.mean <= 1.0
    # pagat: the score is the loss share, so the shares of the entries add up to the matches with a buyer
    buyers = sum(1 for o in result.outcomes if o.buyer is not None)
    assert sum(b.score.mean for b in result.bots if b.score is not None) * 6 == pytest.approx(buyers)
    assert "loss share" in describe(result)
    assert score_of(result.outcomes[0], 0, "nk") == result.outcomes[0].table_points.get(0, 0)


def test_the_levels_take_a_seat_and_strong_takes_pimc_settings() -> None:
    quick = "strong:budget=0.01,bid_budget=0.02,plan_budget=0.02,samples=2,min_worlds=1"
    result = run_arena([quick, "club", "beginner"], matches=1, seed=2, rules="pagat")
    assert [b.matches for b in result.bots] == [1, 1, 1]
    assert result.bots[0].name.startswith("strong:") and result.bots[2].name == "beginner#2"
