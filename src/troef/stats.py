"""The project's statistics, written once: every interval any layer reports comes from here.

One function per interval:

* :func:`mean_interval`: a mean with its 95% interval (Student's t), e.g. a
  bot's mean score per match in the arena;
* :func:`wilson_interval`: a share (successes out of ``n``) with its Wilson
  score interval, e.g. how often a team won, or the pimc bot's chance of
  making a bid while it samples (at a lower confidence, to stop early);
* :func:`paired_difference`: with duplicate deals (every deal played once
  with the bots rotated through all seats), the difference between a bot and
  the field (the other entries) on the *same* deals. Each deal is one
  observation (the mean over its rotations of the bot's score less the mean
  score of the others), so the luck of the cards cancels out and what is
  left varies far less than the scores themselves. Its 95% interval says
  whether a change made a bot stronger: an interval above 0 excludes a tie.

The mean and the difference use Student's t over the independent
observations (matches for the mean, deals for the difference): a normal z
would be too narrow for the few matches of a short run.

>>> scores = [{0: 10, 1: 0}, {0: 8, 1: 1}, {0: 4, 1: 4}, {0: 10, 1: 1}]
>>> d = paired_difference(scores, groups=[0, 0, 1, 1], entries={0})
>>> d.mean, d.n
(6.5, 2)
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

__all__ = ["Z95", "Estimate", "mean_interval", "paired_difference", "t_quantile", "wilson_interval"]

#: z of a two-sided 95% interval.
Z95: Final = 1.959963984540054
#: Two-sided 95% quantiles of Student's t for the fewest degrees of freedom (the expansion is off there).
_T_SMALL: Final = {1: 12.7062, 2: 4.3027, 3: 3.1824, 4: 2.7764, 5: 2.5706, 6: 2.4469, 7: 2.3646}


def t_quantile(df: int) -> float:
    """The two-sided 95% quantile of Student's t with ``df`` degrees of freedom.

    From the table for 1-7, a Cornish-Fisher expansion around the normal quantile above.

    >>> round(t_quantile(9), 3), round(t_quantile(1000), 3)
    (2.262, 1.962)
    """
    if df <= 0:
        return math.inf
    if df in _T_SMALL:
        return _T_SMALL[df]
    z = Z95
    z3, z5, z7 = z**3, z**5, z**7
    return (
        z
        + (z3 + z) / (4 * df)
        + (5 * z5 + 16 * z3 + 3 * z) / (96 * df**2)
        + (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * df**3)
    )


@dataclass(frozen=True, slots=True)
class Estimate:
    """A mean over ``n`` independent observations with its 95% interval (``low``, ``high``)."""

    mean: float
    low: float
    high: float
    n: int

    @property
    def excludes_zero(self) -> bool:
        """Whether the interval lies wholly above or below 0 (the difference is not a tie)."""
        return self.low > 0 or self.high < 0

    def to_json(self) -> dict[str, Any]:
        return {
            "mean": round(self.mean, 4),
            "ci95": [_finite(self.low), _finite(self.high)],
            "n": self.n,
        }

    def text(self, digits: int = 2) -> str:
        """``+1.23 [+0.51, +1.95]``: the mean and its interval."""
        return f"{self.mean:+.{digits}f} [{self.low:+.{digits}f}, {self.high:+.{digits}f}]"


def _finite(value: float) -> float | None:
    return round(value, 4) if math.isfinite(value) else None


def mean_interval(values: Sequence[float]) -> Estimate:
    """The mean of ``values`` with its 95% interval (unbounded with fewer than two values).

    >>> e = mean_interval([1.0, 2.0, 3.0, 4.0])
    >>> e.mean, round(e.low, 3), round(e.high, 3)
    (2.5, 0.446, 4.554)
    """
    n = len(values)
    if n == 0:
        return Estimate(0.0, -math.inf, math.inf, 0)
    mean = math.fsum(values) / n
    if n == 1:
        return Estimate(mean, -math.inf, math.inf, 1)
    half = t_quantile(n - 1) * statistics.stdev(values) / math.sqrt(n)
    return Estimate(mean, mean - half, mean + half, n)


def wilson_interval(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (``low``, ``high``) of a share of ``successes`` out of ``n``.

    ``z`` sets the confidence (the default: two-sided 95%); ``successes`` may
    be fractional (a tie counted as half a win). With no trials it is (0, 1).

    >>> low, high = wilson_interval(10, 100)
    >>> round(low, 4), round(high, 4)
    (0.0552, 0.1744)
    """
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def paired_difference(
    scores: Sequence[Mapping[int, float]], groups: Sequence[int], entries: Collection[int]
) -> Estimate:
    """The difference between ``entries`` and the other entries on the same deals.

    ``scores[i]`` maps each entry (a bot's place in the seat list) to its
    score in match ``i``; ``groups[i]`` names the deal match ``i`` was played
    on (duplicate matches of one deal share it). Per deal: the mean over its
    matches of the mean score of ``entries`` less the mean score of the
    others; the estimate is the mean over deals with its 95% interval.
    """
    if len(scores) != len(groups):
        raise ValueError("give one deal per match")
    chosen = set(entries)
    by_deal: dict[int, list[float]] = {}
    for score, deal in zip(scores, groups, strict=True):
        mine = [v for e, v in score.items() if e in chosen]
        rest = [v for e, v in score.items() if e not in chosen]
        if not mine or not rest:
            raise ValueError("the bot and the field both need a score in every match")
        by_deal.setdefault(deal, []).append(math.fsum(mine) / len(mine) - math.fsum(rest) / len(rest))
    return mean_interval([math.fsum(d) / len(d) for d in by_deal.values()])
