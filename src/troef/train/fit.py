"""Fitting a :class:`~troef.train.model.Mlp` on a table of rows (scikit-learn, the ``train`` extra).

The rows are split by a seeded shuffle into a training part and a
validation part (``validation`` of them); the validation error is the mean
squared error of each output on the rows the fit never saw, beside the
error of predicting the training mean (``baseline``): a model is worth
shipping only when it is below.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from troef.train.model import Layer, Mlp


@dataclass(frozen=True, slots=True)
class Fitted:
    """A fitted model and how well it does on the rows it was not fitted on."""

    model: Mlp
    #: Mean squared error per output on the validation rows, and that of the training mean.
    validation: list[float]
    baseline: list[float]
    train_rows: int
    validation_rows: int
    #: The rows held out for validation (indices into the rows given).
    validation_index: list[int]


def _mse(pred: list[list[float]], truth: list[list[float]], j: int) -> float:
    return sum((p[j] - t[j]) ** 2 for p, t in zip(pred, truth, strict=True)) / max(1, len(truth))


def fit(
    x: list[list[float]],
    y: list[list[float]],
    features: list[str],
    outputs: list[str],
    *,
    seed: int,
    hidden: tuple[int, ...] = (32, 16),
    validation: float = 0.2,
    alpha: float = 1e-3,
    max_iter: int = 300,
    header: dict[str, Any] | None = None,
    groups: list[int] | None = None,
) -> Fitted:
    """Fit a perceptron of ``hidden`` layers predicting ``y`` from ``x``; see the module docstring.

    With ``groups`` (one label per row) the rows of a group are held out together: the rows of one
    decision's alternatives share what the seat saw, so a split inside a decision would flatter the error.
    """
    import numpy as np
    from sklearn.neural_network import MLPRegressor  # type: ignore[import-untyped]  # the train extra

    if len(x) != len(y) or len(x) < 10:
        raise ValueError(f"need at least 10 rows with outcomes, got {len(x)} rows and {len(y)} outcomes")
    labels = list(range(len(x))) if groups is None else groups
    if len(labels) != len(x):
        raise ValueError(f"{len(labels)} group labels for {len(x)} rows")
    order = sorted(set(labels))
    random.Random(seed).shuffle(order)
    held = set(order[: max(1, int(len(order) * validation))])
    val_idx = [i for i in range(len(x)) if labels[i] in held]
    train_idx = [i for i in range(len(x)) if labels[i] not in held]
    xt = np.array([x[i] for i in train_idx], dtype=float)
    yt = np.array([y[i] for i in train_idx], dtype=float)
    mean = xt.mean(axis=0)
    scale = xt.std(axis=0)
    scale[scale == 0] = 1.0
    net = MLPRegressor(
        hidden_layer_sizes=hidden,
        alpha=alpha,
        max_iter=max_iter,
        early_stopping=True,
        validation_fraction=0.1,
        n_iter_no_change=15,
        random_state=seed,
    )
    net.fit((xt - mean) / scale, yt.ravel() if yt.shape[1] == 1 else yt)
    layers: list[Layer] = [
        ([[float(v) for v in row] for row in w], [float(v) for v in b])
        for w, b in zip(net.coefs_, net.intercepts_, strict=True)
    ]
    model = Mlp(
        dict(header or {}),
        list(features),
        list(outputs),
        [float(v) for v in mean],
        [float(v) for v in scale],
        layers,
    )
    truth = [y[i] for i in val_idx]
    pred = [model.predict(x[i]) for i in val_idx]
    train_mean = [float(v) for v in yt.mean(axis=0)]
    constant = [train_mean for _ in val_idx]
    val = [_mse(pred, truth, j) for j in range(len(outputs))]
    base = [_mse(constant, truth, j) for j in range(len(outputs))]
    model.header.update(
        {
            "train_rows": len(train_idx),
            "validation_rows": len(val_idx),
            "validation_mse": {o: round(v, 4) for o, v in zip(outputs, val, strict=True)},
            "baseline_mse": {o: round(v, 4) for o, v in zip(outputs, base, strict=True)},
            "hidden": list(hidden),
        }
    )
    return Fitted(model, val, base, len(train_idx), len(val_idx), val_idx)
