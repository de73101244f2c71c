"""The rules of Binokel as data: one frozen :class:`Rules` object and its preset.

The rule text (``shared/rules/binokel-de.txt``, the cardgames.io rules) is the
preset ``cardgames``. What players argue about is a switch: the target of the
game (1000, 1500 or 2000), and the few numbers of the bidding and conceding.
``docs/rules/binokel.md`` lists every rule with its place in the text.

>>> preset("cardgames").target
1500
>>> preset("cardgames", target=1000).target
1000
>>> preset("cardgames", target=1200)
Traceback (most recent call last):
...
troef.core.errors.RecordError: the target must be one of 1000, 1500, 2000, not 1200
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from troef.core.errors import RecordError
from troef.core.switches import PresetRules

PRESETS: Final = ("cardgames",)

#: The targets a table may choose ("Das Spiel gewinnen": 1500; 1000 and 2000 are the usual alternatives).
TARGETS: Final = (1000, 1500, 2000)

#: A bid no side can make: every side melds less than 2 x 2900 (see docs/rules/binokel.md, "Bieten"), plus 250.
MAX_BID: Final = 6050


@dataclass(frozen=True, slots=True)
class Rules(PresetRules):
    """Every rule of Binokel that a table might change, as a switch."""

    preset: str = "cardgames"
    #: "Das Spiel gewinnen": a side wins at the end of a round with this many points or more.
    target: int = 1500
    #: "Bieten": the lowest bid, also the dealer's bid when everybody passes.
    min_bid: int = 250
    #: "Bieten": a bid raises the current one by one of these.
    raises: tuple[int, ...] = (10, 20)
    #: Bids stop here (the text has no top; see :data:`MAX_BID`).
    max_bid: int = MAX_BID
    #: "Sich freiwillig überreizen": the bid winner may concede when the bid exceeds the side's meld by more.
    concede_margin: int = 250
    #: troef: a game that reaches this many rounds ends there, the side ahead winning (0: no limit). The text has
    #: no end for a game in which both sides keep losing their bids; see docs/rules/binokel.md.
    max_rounds: int = 100

    def __post_init__(self) -> None:
        if self.target not in TARGETS:
            raise RecordError(f"the target must be one of {', '.join(map(str, TARGETS))}, not {self.target}")
        if self.min_bid <= 0 or self.min_bid % 10:
            raise RecordError(f"min_bid must be a positive multiple of 10, not {self.min_bid}")
        if not self.raises or any(r <= 0 or r % 10 for r in self.raises):
            raise RecordError("raises must be positive multiples of 10")
        if self.max_bid < self.min_bid:
            raise RecordError("max_bid must not be below min_bid")
        if self.concede_margin < 0:
            raise RecordError("concede_margin must not be negative")
        if self.max_rounds < 0:
            raise RecordError("max_rounds must not be negative (0: no limit)")

    @classmethod
    def of_preset(cls, name: str, **switches: Any) -> Rules:
        """:func:`preset`, for the shared JSON form (:class:`~troef.core.switches.PresetRules`)."""
        return preset(name, **switches)


def preset(name: str, **switches: Any) -> Rules:
    """The rules of preset ``name`` with ``switches`` changed; unknown names raise :class:`RecordError`."""
    if name not in PRESETS:
        raise RecordError(f"Binokel has no rule set {name!r}; choose one of {', '.join(PRESETS)}")
    return Rules(preset=name, **Rules.switch_values(switches))
