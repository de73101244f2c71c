"""The one statistics module: means with Student's t intervals, Wilson intervals of shares, paired differences."""

from __future__ import annotations

import random

import pytest

from troef.stats import mean_interval, paired_difference, t_quantile, wilson_interval


@pytest.mark.parametrize(("df", "quantile"), [(1, 12.706), (4, 2.776), (5, 2.571), (8, 2.306), (30, 2.042)])
def test_t_quantiles_match_the_tables(df: int, quantile: float) -> None:
    assert t_quantile(df) == pytest.approx(quantile, abs=0.002)


def test_the_interval_of_a_mean_uses_students_t() -> None:
    """[1, 2, 3, 4]: mean 2.5, standard deviation 1.291, t(3) = 3.182, so 2.5 +- 2.054 (a normal z gives 1.23-3.77)."""
    e = mean_interval([1.0, 2.0, 3.0, 4.0])
    assert (e.mean, e.n) == (2.5, 4)
    assert (round(e.low, 2), round(e.high, 2)) == (0.45, 4.55)


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


# ---------------------------------------------------------------------------- the Wilson interval
@pytest.mark.parametrize(
    ("successes", "n", "low", "high"),
    [
        # Newcombe (1998), Statistics in Medicine 17:857-872, table I, method 3 (Wilson score, no correction)
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
        (10, 100, 0.0552, 0.1744),
        (10, 10, 0.7225, 1.0),
        (50, 100, 0.4038, 0.5962),
    ],
)
def test_wilson_interval_on_published_numbers(successes: int, n: int, low: float, high: float) -> None:
    got = wilson_interval(successes, n)
    assert got[0] == pytest.approx(low, abs=1e-4)
    assert got[1] == pytest.approx(high, abs=1e-4)


def test_wilson_interval_narrows_with_more_trials_and_holds_the_share() -> None:
    wide, narrow = wilson_interval(15, 100), wilson_interval(45, 300)
    assert narrow[1] - narrow[0] < wide[1] - wide[0]
    assert narrow[0] < 0.15 < narrow[1]
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_a_lower_confidence_gives_a_narrower_wilson_interval() -> None:
    """pimc stops sampling at z = 1.28 (about 90% one-sided): narrower than the 95% interval, same centre."""
    low95, high95 = wilson_interval(7, 10)
    low, high = wilson_interval(7, 10, z=1.28)
    assert low95 < low < 0.7 < high < high95
