"""A small multilayer perceptron as plain data: what the bots evaluate at run time, without NumPy.

The file is JSON: ``header`` (what made it: the command, seed, data size,
validation error, and anything the game's policy needs, such as the price
of a kraak owed), ``features`` (the names of the inputs, in order),
``outputs`` (the names of the outputs), ``mean``/``scale`` (each input is
standardised as ``(x - mean) / scale``) and ``layers``, each a weight matrix
(one row per input of the layer) and a bias vector. Hidden layers use ReLU,
the last layer is linear.

>>> m = Mlp({}, ["x"], ["y"], [0.0], [1.0], [([[2.0]], [1.0])])
>>> m.predict([3.0])
[7.0]
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

Layer = tuple[list[list[float]], list[float]]


class Mlp:
    """A fitted perceptron: standardised inputs, ReLU hidden layers, a linear output layer."""

    __slots__ = ("features", "header", "layers", "mean", "outputs", "scale")

    def __init__(
        self,
        header: dict[str, Any],
        features: list[str],
        outputs: list[str],
        mean: list[float],
        scale: list[float],
        layers: list[Layer],
    ) -> None:
        if len(mean) != len(features) or len(scale) != len(features):
            raise ValueError("mean and scale need one entry per feature")
        width = len(features)
        for weights, bias in layers:
            if len(weights) != width or any(len(row) != len(bias) for row in weights):
                raise ValueError("a layer's weights do not fit its inputs and biases")
            width = len(bias)
        if width != len(outputs):
            raise ValueError(f"the last layer gives {width} values for {len(outputs)} outputs")
        self.header = header
        self.features = features
        self.outputs = outputs
        self.mean = mean
        self.scale = [s if s > 0 else 1.0 for s in scale]
        self.layers = layers

    def predict(self, x: list[float]) -> list[float]:
        """The outputs for one row of features."""
        if len(x) != len(self.features):
            raise ValueError(f"{len(x)} features given, the model takes {len(self.features)}")
        values = [(v - m) / s for v, m, s in zip(x, self.mean, self.scale, strict=True)]
        last = len(self.layers) - 1
        for index, (weights, bias) in enumerate(self.layers):
            out = list(bias)
            for v, row in zip(values, weights, strict=True):
                if v:
                    for j, w in enumerate(row):
                        out[j] += v * w
            values = out if index == last else [v if v > 0 else 0.0 for v in out]
        return values

    def to_json(self) -> dict[str, Any]:
        """The model as JSON-ready data (see the module docstring)."""
        return {
            "header": self.header,
            "features": self.features,
            "outputs": self.outputs,
            "mean": self.mean,
            "scale": self.scale,
            "layers": [{"weights": w, "bias": b} for w, b in self.layers],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Mlp:
        """Read a model written by :meth:`to_json`; a malformed one raises ValueError."""
        try:
            layers: list[Layer] = [
                ([[float(v) for v in row] for row in layer["weights"]], [float(v) for v in layer["bias"]])
                for layer in data["layers"]
            ]
            return cls(
                dict(data["header"]),
                [str(f) for f in data["features"]],
                [str(o) for o in data["outputs"]],
                [float(v) for v in data["mean"]],
                [float(v) for v in data["scale"]],
                layers,
            )
        except (KeyError, TypeError) as exc:
            raise ValueError(f"not a model file: {exc!r}") from exc

    def save(self, path: Path) -> None:
        """Write the model to ``path`` (rounded to 6 significant digits: a few hundred kB at most)."""

        def rounded(value: Any) -> Any:
            if isinstance(value, float):
                return float(f"{value:.6g}")
            if isinstance(value, list):
                return [rounded(v) for v in value]
            if isinstance(value, dict):
                return {k: rounded(v) for k, v in value.items()}
            return value

        path.write_text(json.dumps(rounded(self.to_json()), separators=(",", ":")) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: Path) -> Mlp:
        """Read a model file."""
        return cls.from_json(json.loads(path.read_text(encoding="utf-8")))


@lru_cache(maxsize=16)
def load_packaged(package: str, name: str, path: str | None = None) -> Mlp:
    """The model in file ``path``, or without one the file ``name`` shipped in ``package`` (package data)."""
    if path:
        return Mlp.load(Path(path))
    return Mlp.from_json(json.loads(resources.files(package).joinpath(name).read_text("utf-8")))
