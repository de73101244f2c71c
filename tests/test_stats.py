"""The arena's statistics: means with 95% intervals, paired differences on duplicate deals."""

from __future__ import annotations

import random

import pytest

from troef.stats import mean_interval, paired_difference, t_quantile


@pytest.mark.parametrize(("df", "quantile"), [(1, 12.706), (4, 2.776), (5, 2.571), (8, 2.306), (30, 2.042)])
def test_t_quantiles_match_the_tables(df: int, quantile: float) -> None:
    assert t_quantile(df) == pytest.approx(quantile, abs=0.002)


def test_the_interval_of_a_mean_covers_the_truth_95_times_in_100() -> None:
    rng = random.Random(11)
    covered = 0
    for _ in range(2000):
        estimate = mean_interval([rng.gauss(3.0, 2.0) for _ in range(8)])
        covered += estimate.low <= 3.0 <= estimate.high
    assert 0.93 <= covered / 2000 <= 0.97


def test_one_value_gives_no_interval_and_none_gives_no_mean() -> None:
    assert mean_interval([4.0]).to_json() == {"mean": 4.0, "ci95": [None, None], "n": 1}
    assert mean_interval([]).n == 0


def test_duplicate_deals_cancel_the_luck_of_the_cards() -> None:
    """Each deal gives each seat a big random share of luck; the bot adds exactly 1 wherever it sits."""
    rng = random.Random(5)
    scores: list[dict[int, float]] = []
    groups: list[int] = []
    for deal in range(30):
        luck = [rng.uniform(-10, 10) for _ in range(4)]
        for rotation in range(4):
            seat_of = {entry: (entry + rotation) % 4 for entry in range(4)}
            scores.append({e: luck[seat_of[e]] + (1.0 if e == 0 else 0.0) for e in range(4)})
            groups.append(deal)
    paired = paired_difference(scores, groups, {0})
    assert paired.mean == pytest.approx(1.0)
    assert paired.high - paired.low < 1e-9 and paired.excludes_zero
    raw = mean_interval([s[0] for s in scores])
    assert raw.high - raw.low > 1.0  # the scores alone cannot tell the bot apart
    field = paired_difference(scores, groups, {1, 2, 3})
    assert field.mean == pytest.approx(-1.0)
    assert paired.text() == "+1.00 [+1.00, +1.00]"


def test_a_tie_is_a_tie() -> None:
    scores = [{0: 1.0, 1: 0.0}, {0: 0.0, 1: 1.0}, {0: 1.0, 1: 0.0}, {0: 0.0, 1: 1.0}]
    tie = paired_difference(scores, [0, 1, 2, 3], {0})
    assert tie.mean == 0.0 and not tie.excludes_zero


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError, match="one deal per match"):
        paired_difference([{0: 1.0, 1: 2.0}], [0, 1], {0})
    with pytest.raises(ValueError, match="both need a score"):
        paired_difference([{0: 1.0}], [0], {0})
