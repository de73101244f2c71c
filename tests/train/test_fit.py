"""Fitting a perceptron: it must beat the training mean on rows it never saw."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("sklearn")

from troef.train.fit import fit


def test_a_nonlinear_outcome_is_learned_better_than_its_mean() -> None:
    rng = random.Random(4)
    x = [[rng.uniform(-2, 2), rng.uniform(-2, 2)] for _ in range(600)]
    y = [[abs(a) + (1.0 if b > 0 else -1.0) + rng.gauss(0, 0.1)] for a, b in x]
    fitted = fit(x, y, ["a", "b"], ["y"], seed=1, hidden=(16,), header={"command": "test"})
    assert fitted.validation_rows == 120 and fitted.train_rows == 480
    assert fitted.validation[0] < 0.25 * fitted.baseline[0]
    header = fitted.model.header
    assert header["command"] == "test" and header["validation_rows"] == 120
    assert header["validation_mse"]["y"] == round(fitted.validation[0], 4)


def test_too_few_rows_are_refused() -> None:
    with pytest.raises(ValueError, match="at least 10 rows"):
        fit([[0.0]] * 5, [[1.0]] * 5, ["a"], ["y"], seed=1)
