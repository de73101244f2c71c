"""``troef bench solver --game bonaken``: the perfect-information solver on full four-player hands.

A fixed, seeded set of positions at the first lead: nk rules, four players,
six cards each after the exchange, every contract kind (number bids of
several sizes, misère alone and by two players, zwabber, bonaak). Each
position is dealt with ``DealState.new(preset("nk"), 4, dealer, seed)`` and
brought to the play with deterministic actions: the first bidders bid the
contract, the others pass; the declarer lays away his weakest cards (his
strongest for misère), names his longest suit trump and declares his highest
roem. Times are wall-clock per solve, in this process, one solve at a time.
"""

from __future__ import annotations

import time
from typing import Any, Final

from troef.bench.solver import summary
from troef.games.bonaken.actions import (
    BONAAK,
    DISCARDS,
    MISERE,
    PASS,
    TRUMPS,
    ZWABBER,
    Bid,
    BidKind,
    BonakenAction,
)
from troef.games.bonaken.play import card_points
from troef.games.bonaken.rules import preset
from troef.games.bonaken.solver import solve
from troef.games.bonaken.state import DealState, Phase

#: Contract kinds and the bids that make them (the first bidders bid, the rest pass).
KINDS: Final[dict[str, tuple[Bid, ...]]] = {
    "number 25": (Bid(BidKind.NUMBER, 25),),
    "number 40": (Bid(BidKind.NUMBER, 40),),
    "number 55": (Bid(BidKind.NUMBER, 55),),
    "number 70": (Bid(BidKind.NUMBER, 70),),
    "misere": (MISERE,),
    "misere x2": (MISERE, MISERE),
    "zwabber": (ZWABBER,),
    "bonaak": (BONAAK,),
}


def _strength(card: int, trump: int, misere: bool) -> tuple[int, int]:
    """How much the declarer wants to keep a card (misère: the lower the better)."""
    rank = card & 7
    if misere:
        return (-rank, 0)
    return (card_points(card, trump) + (20 if card >> 3 == trump else 0), rank)


def _longest_suit(mask: int) -> int:
    return max(range(4), key=lambda s: (((mask >> (8 * s)) & 0xFF).bit_count(), s))


def build_position(bids: tuple[Bid, ...], seed: int) -> DealState | None:
    """The hand dealt from ``seed``, bid with ``bids`` and brought to the first lead (None if a bid is illegal)."""
    hand = DealState.new(preset("nk"), 4, dealer=seed % 4, seed=seed)
    turn = 0
    while hand.phase == Phase.BIDDING:
        action: BonakenAction = bids[turn] if turn < len(bids) else PASS
        if action not in hand.legal_actions():
            return None
        hand.apply(action)
        turn += 1
    contract = hand.contract
    if contract is None or hand.phase == Phase.DONE:
        return None
    misere = contract.kind == BidKind.MISERE
    while hand.phase != Phase.PLAY:
        seat = hand.to_act
        if hand.phase == Phase.EXCHANGE:
            # lay away the card least worth keeping, judged with the longest suit as trump
            own = hand.hands[seat]
            trump = _longest_suit(own)
            cards = [c for c in range(32) if own >> c & 1]
            hand.apply(DISCARDS[min(cards, key=lambda c: _strength(c, trump, misere))])
        elif hand.phase == Phase.TRUMP:
            hand.apply(TRUMPS[_longest_suit(hand.hands[seat])])
        elif hand.phase == Phase.ROEM:
            hand.apply(hand.legal_actions()[-1])
        else:
            return None
    return hand


def bench_positions(count: int, seed: int) -> list[tuple[str, DealState]]:
    """``count`` positions per contract kind, each kind from its own run of consecutive seeds."""
    out: list[tuple[str, DealState]] = []
    for i, (kind, bids) in enumerate(KINDS.items()):
        made = 0
        s = seed + 10_000 * i
        while made < count:
            hand = build_position(bids, s)
            s += 1
            if hand is not None:
                out.append((kind, hand))
                made += 1
    return out


def run(positions: int = 160, seed: int = 2026, values: bool = False, every_card: bool = False) -> dict[str, Any]:
    """Solve ``positions`` fixed positions (spread evenly over the contract kinds).

    Every position is solved for the yes/no answer with every first card
    valued (what a sampling player asks) and for the yes/no answer alone
    (stopping at the first winning card); with ``values`` the number bids are
    also solved for exact point totals per card.
    """
    per_kind_count = max(1, -(-positions // len(KINDS)))
    cases = bench_positions(per_kind_count, seed)
    per_kind: dict[str, dict[str, list[Any]]] = {}
    every: dict[str, list[Any]] = {"times": [], "nodes": [], "makes": []}
    first: dict[str, list[Any]] = {"times": [], "nodes": []}
    valued: dict[str, list[Any]] = {"times": [], "nodes": []}
    for kind, hand in cases:
        start = time.perf_counter()
        solution = solve(hand)
        elapsed = time.perf_counter() - start
        entry = per_kind.setdefault(kind, {"times": [], "nodes": [], "makes": []})
        for bucket in (entry, every):
            bucket["times"].append(elapsed)
            bucket["nodes"].append(solution.nodes)
            bucket["makes"].append(solution.makes)
        start = time.perf_counter()
        quick = solve(hand, all_moves=False)
        first["times"].append(time.perf_counter() - start)
        first["nodes"].append(quick.nodes)
        if values and kind.startswith("number"):
            start = time.perf_counter()
            exact = solve(hand, values=True)
            valued["times"].append(time.perf_counter() - start)
            valued["nodes"].append(exact.nodes)
    return {
        "positions": len(cases),
        "seed": seed,
        "every_card": summary(every) | {"made": f"{sum(every['makes'])}/{len(cases)}"},
        "first_winning_card": summary(first),
        "kinds": {
            kind: summary(entry) | {"made": f"{sum(entry['makes'])}/{len(entry['makes'])}"}
            for kind, entry in per_kind.items()
        },
        "exact_points": summary(valued) if valued["times"] else None,
    }


def lines(result: dict[str, Any]) -> list[str]:
    """The report of :func:`run`'s figures."""

    def line(name: str, row: dict[str, Any]) -> str:
        return (
            f"{name:<20} {row['solves_per_s']:>9} solves/s  median {row['median_ms']:>9} ms  "
            f"p99 {row['p99_ms']:>9} ms  {row['mean_nodes']:>9} nodes  ({row['solves']} solves)"
        )

    out = [f"{result['positions']} positions (nk, 4 players, 6 cards each), seed {result['seed']}"]
    out.append(line("every card valued", result["every_card"]))
    out.append(line("first winning card", result["first_winning_card"]))
    out.extend(line(f"  {kind}", row) for kind, row in result["kinds"].items())
    if result["exact_points"] is not None:
        out.append(line("exact points", result["exact_points"]))
    return out
