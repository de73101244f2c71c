"""The rules of klaverjas as data: one frozen :class:`Rules` object, three presets.

Every difference between the presets is a switch, read by the engine in one
place. ``docs/rules/klaverjas.md`` lists every rule with its source ("Kraken
3.x" for section 3 of the "Leuke kaartspelen" text, "common klaverjas rules"
for what that text leaves to klaverjassen) and how each ambiguity is decided.

* ``kraken``: Amsterdam klaverjassen with the kraak chain, roem from the hand,
  Kraken's scoring (points divided by ten, multiplied) and penalty crosses.
* ``amsterdam``: common klaverjas rules, Amsterdam following.
* ``rotterdam``: common klaverjas rules, Rotterdam following (always trump and
  overtrump, even over the partner; undertrump only without a card of another
  suit, or always with the switch ``undertrump="forced"``).

>>> preset("kraken").follow, preset("rotterdam").follow
('amsterdam', 'rotterdam')
>>> preset("amsterdam", match_end="points").target
1500
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Literal

from troef.core.errors import RecordError
from troef.core.switches import PresetRules, RuleChange

Follow = Literal["amsterdam", "rotterdam"]
Undertrump = Literal["last_resort", "forced"]
WhoPlays = Literal["verplicht", "vrij"]
Packets = Literal["4-4", "3-2-3"]
RoemCounting = Literal["auto", "claim"]
MatchEnd = Literal["deals", "points"]
Scoring = Literal["points", "kraken"]
NatRoem = Literal["to_other", "kept"]
HandRoemUntil = Literal["first_trick", "first_card"]
HandRoemTie = Literal["goes", "both"]

PRESETS: Final = ("kraken", "amsterdam", "rotterdam")

_CHOICES: Final[dict[str, tuple[str, ...]]] = {
    "follow": ("amsterdam", "rotterdam"),
    "undertrump": ("last_resort", "forced"),
    "who_plays": ("verplicht", "vrij"),
    "packets": ("4-4", "3-2-3"),
    "roem_counting": ("auto", "claim"),
    "match_end": ("deals", "points"),
    "scoring": ("points", "kraken"),
    "nat_roem": ("to_other", "kept"),
    "hand_roem_until": ("first_trick", "first_card"),
    "hand_roem_tie": ("goes", "both"),
}

#: Kraken 3.2 / table 2.3: four queens, kings or aces 100, four nines 150, four jacks 200 (by rank 7..A).
KRAKEN_FOURS: Final = (0, 0, 150, 0, 200, 100, 100, 100)
#: Common klaverjas rules: four tens, queens, kings or aces 100, four jacks 200.
COMMON_FOURS: Final = (0, 0, 0, 100, 200, 100, 100, 100)


@dataclass(frozen=True, slots=True)
class Rules(PresetRules):
    """Every rule of klaverjas that differs between the presets, as a switch."""

    #: Revision 2 (commit 9088bd9): Kraken 3.2's hand roem until the first trick is complete, stuk counted once,
    #: a full tie to the side that goes, and Rotterdam's troefplicht; revision 1 read each as its ``before``.
    REVISION: ClassVar[int] = 2
    UNMARKED: ClassVar[tuple[int, ...]] = (2, 1)
    CHANGES: ClassVar[tuple[RuleChange, ...]] = (
        RuleChange(
            2,
            "hand_roem_until",
            "first_card",
            "Kraken 3.2",
            "roem from the hand until the first trick is complete, every seat answering after its fourth card "
            "(was: before one's own first card)",
            applies=lambda rules: rules.hand_roem,
            migrate="troef.games.klaverjas.record:roem_answers",
        ),
        RuleChange(
            2,
            "stuk_once",
            False,
            "Kraken 3.2, table 2.3",
            "stuk declared with a card leaves only the hand roem totals without it (was: stuk counted twice)",
            applies=lambda rules: rules.hand_roem,
        ),
        RuleChange(
            2,
            "hand_roem_tie",
            "both",
            "Kraken 3.2, table 2.3",
            "at a full tie of hand roem the side that goes keeps its roem (was: neither side's cancelled)",
            applies=lambda rules: rules.hand_roem,
        ),
        RuleChange(
            2,
            "undertrump",
            "forced",
            "docs/rules/klaverjas.md section 5 (KNKB/NKU troefplicht)",
            "Rotterdam: undertrump only without a card of another suit (was: trump anyway, also under)",
            applies=lambda rules: rules.follow == "rotterdam",
        ),
    )

    preset: str
    # --- dealing and who plays ------------------------------------------------
    #: How the eight cards are dealt: "4-4" (Kraken 3.1) or "3-2-3".
    packets: Packets = "3-2-3"
    #: "verplicht": the player after the dealer names trump and plays; "vrij": each in turn may play or pass.
    who_plays: WhoPlays = "verplicht"
    # --- play -----------------------------------------------------------------
    follow: Follow = "amsterdam"
    #: Rotterdam, when a player can neither follow nor beat the trump in the trick: "last_resort" (KNKB/NKU
    #: troefplicht, Wikipedia NL: undertrump only without a card of another suit) or "forced" (some online
    #: rooms' Rotterdam: trump anyway, also under). See docs/rules/klaverjas.md, section 5.
    undertrump: Undertrump = "last_resort"
    # --- roem -----------------------------------------------------------------
    seq3: int = 20
    seq4: int = 50
    #: A sequence of five or more (0: counts as the best shorter run it holds).
    seq5: int = 100
    #: Four equal cards, by rank 7 8 9 10 J Q K A.
    fours: tuple[int, ...] = COMMON_FOURS
    stuk: int = 20
    #: Winning every trick (pit): 100 extra, counted as roem.
    pit: int = 100
    #: "auto": roem in tricks and stuk count by themselves; "claim": claimed or lost.
    roem_counting: RoemCounting = "auto"
    #: Kraken 3.2: roem declared from the hand during the first trick, cancelled by higher roem of the other side.
    hand_roem: bool = False
    #: Kraken 3.2, until when roem from the hand may be declared: "first_trick" (until the first trick is
    #: complete, every seat that has not declared answering ``roem N`` or ``roem 0`` after its fourth card) or
    #: "first_card" (before one's own first card, nobody asked: rules revision 1's reading).
    hand_roem_until: HandRoemUntil = "first_trick"
    #: Kraken 3.2 with table 2.3: stuk declared with a card is its one combination of 20, so the hand roem its
    #: holder may still declare is the total without it. False: the total with stuk stays on offer, and stuk
    #: counts twice (rules revision 1's reading).
    stuk_once: bool = True
    #: Kraken 3.2 afkeuren at a full tie of the sides' best declarations: "goes" (table 2.3: the side that goes
    #: keeps its hand roem, the other's is cancelled) or "both" (neither is cancelled: rules revision 1).
    hand_roem_tie: HandRoemTie = "goes"
    # --- kraak chain ----------------------------------------------------------
    #: Kraken 3.1: kraak, rekraak, superkraak after trump is named.
    kraak: bool = False
    #: Kraken 3.1: kraaks each side owes in a match of ``deals`` deals (0: none).
    kraak_quota: int = 0
    # --- scoring and match ----------------------------------------------------
    #: "points": card points plus roem; "kraken": Kraken 3.3 (divided by ten, multiplied, crosses).
    scoring: Scoring = "points"
    #: "to_other": a side that goes nat loses its roem too; "kept": each side keeps its roem (Kraken 3.3).
    nat_roem: NatRoem = "to_other"
    match_end: MatchEnd = "deals"
    deals: int = 16
    target: int = 1500
    #: Kraken 3.3 "Kruizen": the side behind in points after the last deal gets this many crosses.
    crosses_for_points: int = 4

    def __post_init__(self) -> None:
        for name, allowed in _CHOICES.items():
            value = getattr(self, name)
            if value not in allowed:
                raise RecordError(f"rule switch {name!r} must be one of {', '.join(allowed)}, not {value!r}")
        if len(self.fours) != 8 or not all(type(v) is int and v >= 0 for v in self.fours):
            raise RecordError("'fours' must be eight non-negative numbers (ranks 7 8 9 10 J Q K A)")
        if self.deals < 1 or self.target < 1:
            raise RecordError("'deals' and 'target' must be positive")
        if self.kraak_quota:
            if not self.kraak:
                raise RecordError("a kraak quota needs the kraak chain ('kraak': true)")
            if self.who_plays != "verplicht" or self.match_end != "deals":
                raise RecordError("a kraak quota needs 'verplicht' play and a match of a fixed number of deals")
            if self.kraak_quota * 2 > self.deals:
                raise RecordError("a side cannot owe more kraaks than the deals it defends")
        if self.undertrump == "forced" and self.follow != "rotterdam":
            raise RecordError("'undertrump: forced' is a Rotterdam rule: it needs 'follow: rotterdam'")
        if self.scoring == "kraken" and self.match_end != "deals":
            raise RecordError("Kraken scoring (crosses) needs a match of a fixed number of deals")

    @property
    def rotterdam(self) -> bool:
        """Whether Rotterdam following is in force."""
        return self.follow == "rotterdam"

    @property
    def follow_mode(self) -> int:
        """Following as :func:`~troef.games.klaverjas.play.legal_mask` takes it: 0 Amsterdam, 1 Rotterdam,
        2 Rotterdam with compulsory undertrumping."""
        if self.follow == "amsterdam":
            return 0
        return 2 if self.undertrump == "forced" else 1

    @property
    def stuk_declared(self) -> bool:
        """Whether stuk counts only when its holder declares it (claim mode, or Kraken 3.2's choice of moment)."""
        return self.roem_counting == "claim" or self.hand_roem

    def tie_winner(self, plays: int) -> int:
        """The side that keeps its hand roem at a full tie (``plays``: the side that goes), -1 for neither
        (:func:`~troef.games.klaverjas.roem.judge_hand_roem`)."""
        return plays if self.hand_roem_tie == "goes" else -1

    @classmethod
    def of_preset(cls, name: str, **switches: Any) -> Rules:
        """:func:`preset`, for the shared JSON form (:class:`~troef.core.switches.PresetRules`)."""
        return preset(name, **switches)


_BASE: Final[dict[str, Rules]] = {
    "kraken": Rules(
        preset="kraken",
        packets="4-4",  # Kraken 3.1: four and four
        who_plays="verplicht",  # Kraken 3.1: the player after the dealer must play and names trump
        follow="amsterdam",  # Kraken 3: Amsterdam klaverjassen
        fours=KRAKEN_FOURS,  # Kraken 3.2: table 2.3
        hand_roem=True,  # Kraken 3.2
        kraak=True,  # Kraken 3.1
        kraak_quota=4,  # Kraken 3.1
        scoring="kraken",  # Kraken 3.3
        nat_roem="kept",  # Kraken 3.3
    ),
    "amsterdam": Rules(preset="amsterdam"),
    "rotterdam": Rules(preset="rotterdam", follow="rotterdam"),
}


def preset(name: str, **switches: Any) -> Rules:
    """The rules of a named preset with any switches changed; bad names or values raise :class:`RecordError`."""
    base = _BASE.get(name)
    if base is None:
        raise RecordError(f"unknown rules preset {name!r}; choose one of {', '.join(PRESETS)}")
    if not switches:
        return base
    return dataclasses.replace(base, **Rules.switch_values(switches))
