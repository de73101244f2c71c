"""The order of bids (nk rules 17-19, pagat "Die Reizung", hazerswoude table 2.2).

Every bid has a *rank*: ten times the points of a number bid, with misère,
zwabber and bonaak placed by the rules (see :mod:`troef.games.bonaken.rules`).
A new bid must rank strictly higher than the highest bid so far; a bid of
equal rank (hazerswoude: zwabber is worth 100 like a number bid of 100) does
not beat it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from troef.core.native import share_when_copied
from troef.games.bonaken.actions import Bid, BidKind
from troef.games.bonaken.roem import max_table_roem
from troef.games.bonaken.rules import Rules

#: Rank of plain bonaak where the rules put it above every number bid.
BONAAK_TOP: Final = 100_000
#: Rank of open bonaak, the highest bid of the Limpt-Bogmans variant.
OPEN_BONAAK_RANK: Final = 1_000_000
#: Rank of a misère group that nobody may overbid any more.
LOCKED: Final = 10_000_000


def bid_rank(bid: Bid, rules: Rules, players: int) -> int:
    """The rank of ``bid`` in a hand of ``players`` players."""
    kind = bid.kind
    if kind == BidKind.NUMBER:
        return bid.value * 10
    if kind == BidKind.MISERE:
        return rules.misere_rank_for(players)
    if kind == BidKind.ZWABBER:
        # pagat variant: zwabber with roem ranks directly above plain zwabber
        return rules.zwabber_rank_for(players) + (1 + bid.value // 10 if bid.value else 0)
    if kind == BidKind.BONAAK:
        if rules.bonaak_rank is not None:
            # hazerswoude table 2.2: bonaak is worth 141, bonaak xx 141 + xx
            return rules.bonaak_rank + bid.value * 10
        # nk rule 18, pagat: bonaak above all number bids, more roem ranks higher;
        # nk rule 50: a six-card sequence over-roems a five-card one of equal value
        return BONAAK_TOP + bid.value * 10 + (1 if bid.six else 0)
    return OPEN_BONAAK_RANK


def roem_bid_values(rules: Rules) -> tuple[int, ...]:
    """The roem values offered with bonaak (and zwabber) with roem."""
    top = max_table_roem(rules.roem)
    return tuple(range(20, top + 1, 10))


def six_values(rules: Rules) -> tuple[int, ...]:
    """Roem values a six-card sequence can claim over a five (nk rule 50), with and without stuk."""
    if not rules.six_over_five or rules.roem.seq6 != rules.roem.seq5:
        return ()
    return (rules.roem.seq6, rules.roem.seq6 + rules.roem.stuk)


def is_number(bid: Bid | None) -> bool:
    """Whether ``bid`` is a number bid."""
    return bid is not None and bid.kind == BidKind.NUMBER


def needs_trump(bid: Bid, misere_players: int, rules: Rules) -> bool:
    """Whether the declarer names a trump suit for this contract."""
    if bid.kind == BidKind.ZWABBER:
        return False  # nk rule 24, pagat: zwabber has no trump
    if bid.kind == BidKind.MISERE:
        # nk rules 15 and 37; pagat variant: only a lone misère player names trump
        return misere_players == 1 and rules.misere_trump == "single"
    return True


def declares_roem(bid: Bid) -> bool:
    """Whether roem is declared at the first lead of this contract."""
    if bid.kind == BidKind.NUMBER:
        return True  # nk rule 40: roem counts towards a number bid
    return bid.kind in (BidKind.BONAAK, BidKind.ZWABBER) and bid.value > 0


def contract_name(bid: Bid, misere_players: int = 1) -> str:
    """A short English name of a contract, e.g. ``'75'``, ``'double misère'``, ``'bonaak 50'``."""
    if bid.kind == BidKind.NUMBER:
        return str(bid.value)
    if bid.kind == BidKind.MISERE:
        return {1: "misère", 2: "double misère"}.get(misere_players, f"{misere_players}x misère")
    name = {BidKind.ZWABBER: "zwabber", BidKind.BONAAK: "bonaak", BidKind.OPEN_BONAAK: "open bonaak"}[bid.kind]
    if bid.value:
        name += f" {bid.value}"
    if bid.six:
        name += " (six-card)"
    return name


@dataclass(frozen=True, slots=True)
class Ladder:
    """Every bid of a rule set except pass and misère, sorted by rank.

    Listing the legal bids is then one binary search and one slice.
    """

    bids: tuple[Bid, ...]
    ranks: tuple[int, ...]
    rank_of: dict[Bid, int]
    #: The same ladder without bonaak with roem (nk rule 19, before a plain bonaak).
    no_roem_bonaak: SubLadder
    #: The same ladder without any bonaak (Limpt-Bogmans: after a number bid).
    no_bonaak: SubLadder
    #: ``rank_of`` by the id of the ladder's own bids (which the legal-action lists hand out): looking a bid up
    #: by value hashes it, a Python-level dataclass hash, on every bid applied.
    rank_by_id: dict[int, int]


@dataclass(frozen=True, slots=True)
class SubLadder:
    """Part of a :class:`Ladder`, still sorted by rank."""

    bids: tuple[Bid, ...]
    ranks: tuple[int, ...]


def _sub(ranked: list[tuple[int, int, Bid]], keep: object) -> SubLadder:
    assert callable(keep)
    kept = [(r, b) for r, _, b in ranked if keep(b)]
    return SubLadder(tuple(b for _, b in kept), tuple(r for r, _ in kept))


@lru_cache(maxsize=256)
def bid_ladder(rules: Rules, players: int) -> Ladder:
    """The :class:`Ladder` of ``rules`` for a hand of ``players`` players."""
    bids: list[Bid] = [Bid(BidKind.NUMBER, v) for v in range(rules.min_bid, rules.max_number_bid + 1, 5)]
    if rules.zwabber:
        bids.append(Bid(BidKind.ZWABBER))
        if rules.zwabber_with_roem:
            bids.extend(Bid(BidKind.ZWABBER, v) for v in roem_bid_values(rules))
    bids.append(Bid(BidKind.BONAAK))
    if rules.bonaak_with_roem:
        for v in roem_bid_values(rules):
            bids.append(Bid(BidKind.BONAAK, v))
            if v in six_values(rules):
                bids.append(Bid(BidKind.BONAAK, v, True))
    if rules.open_bonaak:
        bids.append(Bid(BidKind.OPEN_BONAAK))
    ranked = sorted((bid_rank(b, rules, players), i, b) for i, b in enumerate(bids))
    return Ladder(
        tuple(b for _, _, b in ranked),
        tuple(r for r, _, _ in ranked),
        {b: r for r, _, b in ranked},
        _sub(ranked, lambda b: not (b.kind == BidKind.BONAAK and b.value)),
        _sub(ranked, lambda b: b.kind not in (BidKind.BONAAK, BidKind.OPEN_BONAAK)),
        {id(b): r for r, _, b in ranked},
    )


# immutable values: a copy of a match shares them (troef.core.native)
share_when_copied(Ladder, SubLadder)
