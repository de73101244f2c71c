"""The result of one hand of Bonaken, as data (nk rules 30-34, 38)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from troef.games.bonaken.actions import Bid, BidKind
from troef.games.bonaken.bidding import contract_name


class Reason(StrEnum):
    """Why a declarer won or lost."""

    MADE = "made"  # number bid reached
    SHORT = "short"  # number bid not reached
    ALL_TRICKS = "all_tricks"  # zwabber / bonaak: every trick won
    LOST_A_TRICK = "lost_a_trick"  # zwabber / bonaak: an opponent won a trick
    NO_TRICK = "no_trick"  # misère kept
    TOOK_A_TRICK = "took_a_trick"  # misère broken
    ROEM_SHORT = "roem_short"  # bonaak/zwabber with roem without the roem bid
    NO_TRUMP_MISERE = "no_trump_misere"  # nk rule 75: lone misère led without naming trump
    FALSE_ROEM = "false_roem"  # nk rules 66-69


@dataclass(frozen=True, slots=True)
class HandResult:
    """What a finished hand decided.

    ``won`` maps each declarer (every misère player is one, nk rule 30) to
    whether he made his contract. ``false_roem`` lists players who are erin
    for false roem (nk rule 66), declarer or not. A hand that everybody passed
    has ``redeal`` set and no contract.
    """

    contract: Bid | None
    declarers: tuple[int, ...]
    trump: int
    won: dict[int, bool]
    reasons: dict[int, Reason]
    redeal: bool = False
    false_roem: tuple[int, ...] = ()
    card_points: int = 0
    roem_declared: int = 0
    roem_counted: int = 0
    trick_roem: int = 0
    tricks_won: dict[int, int] = field(default_factory=dict)
    tricks_played: int = 0

    @property
    def contract_name(self) -> str:
        """E.g. ``'75'``, ``'misère'``, ``'bonaak 50'``."""
        if self.contract is None:
            return "none (all passed)"
        misere = len(self.declarers) if self.contract.kind == BidKind.MISERE else 1
        return contract_name(self.contract, misere)

    @property
    def total(self) -> int:
        """Card points plus counted roem of the declarer (number bids)."""
        return self.card_points + self.roem_counted + self.trick_roem
