"""What the pimc bot really achieves with a contract, from its double-dummy make-rate.

The pimc bot values a bid by playing it out in sampled worlds with the
perfect-information solver. That rate is biased, and not the same way for
every contract: in a number contract perfect defenders beat more contracts
than real ones do (the rate is too low), while in misère, zwabber and bonaak,
where one trick decides, the declarer profits most from seeing every card
(the rate is too high). This module turns the rate into the chance the bot
really makes the contract, with one logistic curve per kind of contract::

    chance = sigmoid(a + b * logit(rate))

fitted on the bot's own contracts in arena matches against the heuristic
(``troef bench bid-model`` collects them and fits the curves; see
:mod:`troef.bench.bidmodel`). The coefficients ship in ``bidmodel.json``
next to this module; without that file the rate is taken as it is.

>>> round(make_chance("number", 0.5, {"number": (1.0, 1.0)}), 3)
0.731
>>> make_chance("misere", 0.5, {})
0.5
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Final

from troef.games.bonaken.actions import BidKind

__all__ = ["MODEL_FILE", "Model", "fit_logistic", "group_of", "load_model", "logit", "make_chance"]

#: The shipped coefficients: per group of contracts, (a, b).
MODEL_FILE: Final = Path(__file__).with_name("bidmodel.json")
#: Rates are clipped to this range before the logit (a rate of 0 or 1 from few worlds is not certain).
_CLIP: Final = 0.03

#: Per group of contracts, the curve's (a, b).
Model = Mapping[str, tuple[float, float]]


def group_of(kind: BidKind) -> str:
    """The curve a contract kind uses: ``number``, ``misere``, or ``every_trick`` (zwabber, bonaak)."""
    if kind == BidKind.NUMBER:
        return "number"
    if kind == BidKind.MISERE:
        return "misere"
    return "every_trick"


def logit(rate: float) -> float:
    """The log-odds of ``rate``, clipped away from 0 and 1."""
    p = min(1.0 - _CLIP, max(_CLIP, rate))
    return math.log(p / (1.0 - p))


@cache
def load_model(path: Path = MODEL_FILE) -> dict[str, tuple[float, float]]:
    """The coefficients in ``path`` (empty when the file is missing: rates are then taken as they are)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    return {group: (float(ab[0]), float(ab[1])) for group, ab in data["curves"].items()}


def make_chance(group: str, rate: float, model: Model | None = None) -> float:
    """The chance of really making a contract of ``group`` that made ``rate`` of the sampled worlds."""
    curves = load_model() if model is None else model
    curve = curves.get(group)
    if curve is None:
        return rate
    a, b = curve
    return 1.0 / (1.0 + math.exp(-(a + b * logit(rate))))


def fit_logistic(xs: Sequence[float], ys: Sequence[int], ridge: float = 0.01, steps: int = 50) -> tuple[float, float]:
    """Maximum-likelihood ``(a, b)`` of ``P(y=1) = sigmoid(a + b*x)`` by Newton's method.

    A small ridge penalty keeps the fit finite when the data separate.

    >>> a, b = fit_logistic([-2, -1, 0, 1, 2] * 20, [0, 0, 1, 1, 1] * 20)
    >>> b > 1.0
    True
    """
    if len(xs) != len(ys) or not xs:
        raise ValueError("fit_logistic needs as many outcomes as rates, at least one")
    a = b = 0.0
    for _ in range(steps):
        ga = gb = 0.0
        haa = hab = hbb = ridge
        for x, y in zip(xs, ys, strict=True):
            p = 1.0 / (1.0 + math.exp(-(a + b * x)))
            w = p * (1.0 - p)
            ga += y - p
            gb += (y - p) * x
            haa += w
            hab += w * x
            hbb += w * x * x
        ga -= ridge * a
        gb -= ridge * b
        det = haa * hbb - hab * hab
        if det <= 0:
            break
        da = (hbb * ga - hab * gb) / det
        db = (haa * gb - hab * ga) / det
        a += da
        b += db
        if abs(da) + abs(db) < 1e-9:
            break
    return a, b
