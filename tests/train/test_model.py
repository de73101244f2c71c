"""The perceptron stored as plain data: its arithmetic, its file, and malformed files."""

from __future__ import annotations

from pathlib import Path

import pytest

from troef.train.model import Mlp


def two_layers() -> Mlp:
    # x standardised by (x - 1) / 2; hidden = relu(h1 = x', h2 = -x'); out = 3*h1 + 5*h2 + 1
    return Mlp({"seed": 3}, ["x"], ["y"], [1.0], [2.0], [([[1.0, -1.0]], [0.0, 0.0]), ([[3.0], [5.0]], [1.0])])


def test_predict_standardises_and_applies_relu_between_layers() -> None:
    m = two_layers()
    assert m.predict([5.0]) == [1.0 + 3.0 * 2.0]  # x' = 2: only the first hidden unit is on
    assert m.predict([-3.0]) == [1.0 + 5.0 * 2.0]  # x' = -2: only the second


def test_save_and_load_give_the_same_predictions(tmp_path: Path) -> None:
    m = two_layers()
    path = tmp_path / "m.json"
    m.save(path)
    back = Mlp.load(path)
    assert back.header == {"seed": 3}
    assert [back.predict([v]) for v in (-3.0, 0.0, 5.0)] == [m.predict([v]) for v in (-3.0, 0.0, 5.0)]


def test_malformed_models_are_refused_with_a_reason() -> None:
    with pytest.raises(ValueError, match="not a model file"):
        Mlp.from_json({"header": {}, "features": ["x"]})
    with pytest.raises(ValueError, match="do not fit"):
        Mlp({}, ["x", "z"], ["y"], [0.0, 0.0], [1.0, 1.0], [([[1.0]], [0.0])])
    with pytest.raises(ValueError, match="2 values for 1 outputs"):
        Mlp({}, ["x"], ["y"], [0.0], [1.0], [([[1.0, 1.0]], [0.0, 0.0])])
    with pytest.raises(ValueError, match="2 features given"):
        two_layers().predict([1.0, 2.0])
