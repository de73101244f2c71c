"""What one seat (or a spectator) may know of a hand: the only way out of the state.

Bots, the terminal game, records shown to players and the web app see a hand
through :func:`hand_view` only. A view holds the viewer's own cards, the open
centre cards, everything played and declared in public, the viewer's own laid
away or passed cards, and the closed centre cards only for the seat that
picked them up. The hands of others, the blind card and the sleepers are not
in it (an open-bonaak declarer's cards are public by that contract).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from troef.cards import card_str, cards_of, mask_of, sort_for_display
from troef.core.actions import SPECTATOR
from troef.games.bonaken.actions import BidKind, Discard
from troef.games.bonaken.bidding import contract_name
from troef.games.bonaken.state import Hand, Phase


@dataclass(frozen=True, slots=True)
class BonakenView:
    """One viewer's projection of a hand. Cards are card numbers (see :mod:`troef.cards`)."""

    viewer: int
    preset: str
    table: int
    seats: tuple[int, ...]
    dealer: int
    phase: str
    to_act: int
    hand: tuple[int, ...] | None
    hand_sizes: dict[int, int]
    centre_open: tuple[int, ...]
    centre_closed: int
    blind: tuple[int, ...]
    sleepers: int
    events: tuple[tuple[int, str], ...]
    contract: str | None
    declarers: tuple[int, ...]
    trump: int
    roem_declared: int
    roem_counted: int
    contest: tuple[tuple[int, int], ...]
    laid_away: tuple[int, ...]
    received: tuple[int, ...]
    open_hand: tuple[int, ...] | None
    trick: tuple[tuple[int, int], ...]
    tricks: tuple[tuple[tuple[tuple[int, int], ...], int], ...]
    tricks_won: dict[int, int]
    points: dict[int, int]
    legal: tuple[str, ...]
    result: dict[str, Any] | None

    def known_cards(self) -> int:
        """Mask of every card this view mentions (for leak checks)."""
        cards: list[int] = list(self.hand or ()) + list(self.centre_open) + list(self.blind)
        cards += list(self.laid_away) + list(self.received) + list(self.open_hand or ())
        cards += [c for _, c in self.trick]
        for trick, _ in self.tricks:
            cards += [c for _, c in trick]
        return mask_of(cards)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict with cards in notation."""
        data = asdict(self)

        def cards(values: Any) -> Any:
            return None if values is None else [card_str(c) for c in values]

        for key in ("hand", "centre_open", "blind", "laid_away", "received", "open_hand"):
            data[key] = cards(data[key])
        data["trick"] = [[s, card_str(c)] for s, c in self.trick]
        data["tricks"] = [{"cards": [[s, card_str(c)] for s, c in t], "winner": w} for t, w in self.tricks]
        data["hand_sizes"] = {str(k): v for k, v in self.hand_sizes.items()}
        data["tricks_won"] = {str(k): v for k, v in self.tricks_won.items()}
        data["points"] = {str(k): v for k, v in self.points.items()}
        data["events"] = [[s, t] for s, t in self.events]
        data["contest"] = [list(c) for c in self.contest]
        data["seats"] = list(self.seats)
        data["declarers"] = list(self.declarers)
        data["legal"] = list(self.legal)
        return data


def hand_view(hand: Hand, viewer: int = SPECTATOR) -> BonakenView:
    """The view of ``hand`` for seat ``viewer`` (or :data:`SPECTATOR`)."""
    trump = hand.trump if hand.trump >= 0 else None
    seat_known = viewer in hand.seats
    own = sort_for_display(cards_of(hand.hands[viewer]), trump) if seat_known else None
    events: list[tuple[int, str]] = []
    for seat, action in hand.history:
        if isinstance(action, Discard) and seat != viewer:
            # laid away / passed cards stay hidden; the receiver sees them as 'received'
            events.append((seat, "discard"))
        else:
            events.append((seat, action.text()))
    open_hand = None
    contract = hand.contract
    if contract is not None and contract.kind == BidKind.OPEN_BONAAK and hand.phase >= Phase.TRUMP:
        open_hand = tuple(sort_for_display(cards_of(hand.hands[hand.declarers[0]]), trump))
    legal: tuple[str, ...] = ()
    if seat_known and hand.to_act == viewer and not hand.is_over:
        legal = tuple(a.text() for a in hand.legal_actions())
    result = None
    if hand.result is not None:
        r = hand.result
        result = {
            "redeal": r.redeal,
            "contract": r.contract_name,
            "declarers": list(r.declarers),
            "won": {str(k): v for k, v in r.won.items()},
            "reasons": {str(k): v.value for k, v in r.reasons.items()},
            "false_roem": list(r.false_roem),
            "card_points": r.card_points,
            "roem_counted": r.roem_counted,
            "trick_roem": r.trick_roem,
        }
    misere = len(hand.declarers) if contract is not None and contract.kind == BidKind.MISERE else 1
    return BonakenView(
        viewer=viewer,
        preset=hand.rules.preset,
        table=hand.table,
        seats=hand.seats,
        dealer=hand.deal.dealer,
        phase=hand.phase.name.lower(),
        to_act=hand.to_act,
        hand=tuple(own) if own is not None else None,
        hand_sizes={s: hand.hands[s].bit_count() for s in hand.seats},
        centre_open=tuple(cards_of(hand.deal.open)),
        centre_closed=hand.deal.closed.bit_count(),
        blind=tuple(cards_of(hand.deal.closed)) if seat_known and hand.took[viewer] else (),
        sleepers=hand.deal.sleepers.bit_count(),
        events=tuple(events),
        contract=contract_name(contract, misere) if contract is not None else None,
        declarers=hand.declarers,
        trump=hand.trump,
        roem_declared=hand.roem_declared,
        roem_counted=hand.roem_counted,
        contest=tuple((s, v) for s, v, _ in hand.contest),
        laid_away=tuple(cards_of(hand.discards[viewer])) if seat_known else (),
        received=tuple(cards_of(hand.received[viewer])) if seat_known else (),
        open_hand=open_hand,
        trick=tuple(hand.trick),
        tricks=tuple(hand.tricks),
        tricks_won={s: hand.won[s] for s in hand.seats},
        points={s: hand.points[s] for s in hand.seats},
        legal=legal,
        result=result,
    )
