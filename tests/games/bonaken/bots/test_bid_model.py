"""The strong level's bid model: the training code (``troef bench bid-model``) and the file it ships.

The shipped ``bidmodel.json`` must be what :func:`troef.bench.bidmodel.train`
makes of its samples: the curves it stores reproduce the fitted chances of
its own calibration table, and a model written by the training code loads
back unchanged.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from troef.bench.bidmodel import POLICIES, Sample, collect, train, write
from troef.games.bonaken.bidmodel import MODEL_FILE, fit_logistic, load_model, logit, make_chance


def fixture_samples(seed: int = 11) -> list[Sample]:
    """Number contracts made about as often as a known curve says; misère all at the top of the rates."""
    rng = random.Random(seed)
    out: list[Sample] = []
    for _ in range(600):
        rate = rng.choice([i / 24 for i in range(25)])
        chance = 1 / (1 + pow(2.718281828, -(0.3 + 0.9 * logit(rate))))
        out.append(Sample("nk", "number", rate, rng.random() < chance))
    for made in (True, False, True):
        out.append(Sample("nk", "number", 3 / 5, made))  # on the border of two bands of the table
    for _ in range(40):
        out.append(Sample("pagat", "misere", rng.choice([0.875, 0.9167, 0.9583, 1.0]), rng.random() < 0.9))
    return out


def test_train_fits_the_number_curve_and_skips_a_group_with_no_spread_of_rates() -> None:
    samples = fixture_samples()
    model = train(samples)
    numbers = [s for s in samples if s.group == "number"]
    a, b = fit_logistic([logit(s.rate) for s in numbers], [int(s.made) for s in numbers])
    assert model["curves"]["number"] == [round(a, 4), round(b, 4)]
    assert abs(a - 0.3) < 0.35 and abs(b - 0.9) < 0.3  # the known curve comes back
    # 40 misère contracts, every one sampled at 0.875 or more: no curve to anchor, the rate stays as it is
    assert "misere" not in model["curves"]
    assert model["samples"] == {"number": 603, "misere": 40, "every_trick": 0}
    # every contract is in exactly one band of the calibration table
    assert sum(row["contracts"] for row in model["calibration"]["number"]) == 603


def test_a_written_model_loads_back_and_its_table_matches_its_curves(tmp_path: Path) -> None:
    model = train(fixture_samples())
    path = tmp_path / "bidmodel.json"
    write(model, path)
    loaded = load_model(path)
    assert loaded == {g: (ab[0], ab[1]) for g, ab in model["curves"].items()}
    for row in model["calibration"]["number"]:
        assert make_chance("number", row["mean_rate"], loaded) == pytest.approx(row["fitted"], abs=0.002)


def test_the_shipped_model_is_what_its_training_code_made() -> None:
    data = json.loads(MODEL_FILE.read_text(encoding="utf-8"))
    curves = load_model(MODEL_FILE)
    assert set(curves) == set(data["calibration"]) and "number" in curves
    assert data["trained_on"].startswith("troef bench bid-model --policy strong")
    for group, rows in data["calibration"].items():
        assert sum(row["contracts"] for row in rows) == data["samples"][group]
        for row in rows:
            # the stored curve gives the chance the training code fitted for the band's mean rate
            assert make_chance(group, row["mean_rate"], curves) == pytest.approx(row["fitted"], abs=0.002)


def test_collect_refuses_an_unknown_policy() -> None:
    assert set(POLICIES) == {"bold", "strong"}
    with pytest.raises(ValueError, match="unknown policy"):
        collect(1, policy="timid", workers=1)
