"""What one seat (or a spectator) may know of a round: the only way out of the state.

A seat sees its own cards; the bids; trump; how many cards have gone over in
the exchange, and which ones only if it gave or received them (the bid
winner sees the four cards his partner passed him, the partner the four he
got back; the other side sees none); every meld, with its cards, once the
meld is made (melds are public, "Melden"); the tricks played; the trick
points and the running score of both sides. The spectator sees what is
public. Nothing else of a hand leaves the engine.

A view names cards, not physical copies: which copy of the ace of hearts a
seat holds means nothing in play, but it depends on the deal, so showing it
would tell a viewer something about hidden cards (:func:`as_seen`). In every
list of a view the first card of a kind is written as copy 0 and a second one
as copy 1 (``Ah Ah'``).

>>> from troef.games.binokel.rules import preset
>>> from troef.games.binokel.match import Match
>>> m = Match(preset("cardgames"), seed=3, first_dealer=0)
>>> v = round_view(m, 1)
>>> len(v.hand), v.legal
(12, ('pass', 'bid 250'))
>>> round_view(m, -1).hand is None
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from troef.cards import SUIT_LETTERS, card_str, cards_of, mask_of, parse_card, sort_for_display
from troef.core.actions import SPECTATOR
from troef.games.binokel.actions import Give
from troef.games.binokel.match import Match
from troef.games.binokel.meld import Meld
from troef.games.binokel.state import DealState, Phase

Trick = tuple[tuple[int, int], ...]


@dataclass(slots=True)
class BinokelView:
    """One viewer's projection of the current round. Cards are physical card numbers (:mod:`troef.cards`).

    Treat it as read-only (not frozen only because the game protocol's ``View`` has plain attributes).
    """

    viewer: int
    preset: str
    target: int
    round: int
    dealer: int
    phase: str
    to_act: int
    #: The viewer's cards (None for a spectator).
    hand: tuple[int, ...] | None
    hand_sizes: tuple[int, int, int, int]
    #: Everything done in public, in order, as (seat, action text); a passed card shows as ``give`` only.
    events: tuple[tuple[int, str], ...]
    #: The bidding so far: (seat, bid), a bid of 0 being a pass.
    bids: tuple[tuple[int, int], ...]
    declarer: int
    bid: int
    trump: int
    #: Cards gone over in the exchange so far (public: how many, not which).
    exchanged: int
    #: The cards the viewer passed and received in the exchange.
    gave: tuple[int, ...]
    received: tuple[int, ...]
    #: Every seat's melds once made: seat -> ((name, value, cards), ...).
    melds: tuple[tuple[Meld, ...], ...]
    meld_total: tuple[int, int]
    trick: Trick
    #: Finished tricks: (leader, cards by seat, winner).
    tricks: tuple[tuple[int, Trick, int], ...]
    trick_points: tuple[int, int]
    #: The sides' points before this round (and after it, once it is scored: see ``result``).
    totals: tuple[int, int]
    legal: tuple[str, ...]
    result: dict[str, Any] | None
    winner: int | None

    @property
    def last_trick(self) -> tuple[int, Trick, int] | None:
        """The last finished trick, or None."""
        return self.tricks[-1] if self.tricks else None

    def known_cards(self) -> int:
        """Mask of every card this view mentions (for leak checks; copies as the view writes them)."""
        cards = list(self.hand or ()) + list(self.gave) + list(self.received)
        for melds in self.melds:
            for meld in melds:
                cards += meld.cards
        cards += [c for _, c in self.trick]
        for _, trick, _ in self.tricks:
            cards += [c for _, c in trick]
        return mask_of(cards)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict with cards in notation."""

        def cards(values: tuple[int, ...] | None) -> list[str] | None:
            return None if values is None else [card_str(c) for c in values]

        def trick(t: Trick) -> list[list[Any]]:
            return [[seat, card_str(c)] for seat, c in t]

        return {
            "viewer": self.viewer,
            "preset": self.preset,
            "target": self.target,
            "round": self.round,
            "dealer": self.dealer,
            "phase": self.phase,
            "to_act": self.to_act,
            "hand": cards(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "events": [list(e) for e in self.events],
            "bids": [list(b) for b in self.bids],
            "declarer": self.declarer,
            "bid": self.bid,
            "trump": SUIT_LETTERS[self.trump] if self.trump >= 0 else None,
            "exchanged": self.exchanged,
            "gave": cards(self.gave),
            "received": cards(self.received),
            "melds": [
                [{"name": m.name, "class": m.cls, "value": m.value, "cards": cards(m.cards)} for m in melds]
                for melds in self.melds
            ],
            "meld_total": list(self.meld_total),
            "trick": trick(self.trick),
            "tricks": [{"leader": lead, "cards": trick(t), "winner": w} for lead, t, w in self.tricks],
            "trick_points": list(self.trick_points),
            "totals": list(self.totals),
            "legal": list(self.legal),
            "result": self.result,
            "winner": self.winner,
        }


def as_seen(cards: Iterable[int]) -> tuple[int, ...]:
    """Physical cards as a view shows them: the first of a kind as copy 0, a second one as copy 1.

    >>> from troef.cards import card_str, parse_cards
    >>> [card_str(c) for c in as_seen(parse_cards("Ah' Kd' Ah"))]
    ['Ah', 'Kd', "Ah'"]
    """
    seen = 0
    out = []
    for card in cards:
        kind = card & 31
        if seen >> kind & 1:
            out.append(kind + 32)
        else:
            seen |= 1 << kind
            out.append(kind)
    return tuple(out)


def _trick_seen(trick: Trick) -> Trick:
    seen = as_seen(c for _, c in trick)
    return tuple((seat, card) for (seat, _), card in zip(trick, seen, strict=True))


def _meld_seen(melds: tuple[Meld, ...]) -> tuple[Meld, ...]:
    return tuple(Meld(m.name, m.cls, m.value, as_seen(m.cards)) for m in melds)


def view_of_round(
    r: DealState, viewer: int, *, preset: str, index: int, totals: tuple[int, int], winner: int | None = None
) -> BinokelView:
    """The view of round ``r`` for ``viewer`` (a seat 0-3 or :data:`SPECTATOR`)."""
    seat = viewer if 0 <= viewer < 4 else SPECTATOR
    trump = r.trump if r.trump >= 0 else None
    hand = None if seat == SPECTATOR else tuple(sort_for_display(as_seen(cards_of(r.hands[seat])), trump))
    gave: tuple[int, ...] = ()
    received: tuple[int, ...] = ()
    if seat >= 0 and seat == r.declarer:
        gave, received = as_seen(r.returned), as_seen(r.given)
    elif seat >= 0 and seat == r.partner:
        gave, received = as_seen(r.given), as_seen(r.returned)
    melds = tuple(_meld_seen(r.meld_of(s)) for s in range(4)) if r.phase >= Phase.PLAY else ()
    legal = tuple(a.text() for a in r.legal_actions()) if seat >= 0 and seat == r.to_act and winner is None else ()
    return BinokelView(
        viewer=seat,
        preset=preset,
        target=r.rules.target,
        round=index,
        dealer=r.dealer,
        phase=Phase(r.phase).name.lower(),
        to_act=r.to_act if winner is None else -1,
        hand=hand,
        hand_sizes=(
            r.hands[0].bit_count(),
            r.hands[1].bit_count(),
            r.hands[2].bit_count(),
            r.hands[3].bit_count(),
        ),
        events=tuple((s, "give" if isinstance(a, Give) else a.text()) for s, a in r.history),
        bids=tuple(r.bids),
        declarer=r.declarer,
        bid=r.bid,
        trump=r.trump,
        exchanged=len(r.given) + len(r.returned),
        gave=gave,
        received=received,
        melds=melds,
        meld_total=r.meld_total if r.phase >= Phase.PLAY else (0, 0),
        trick=_trick_seen(r.trick),
        tricks=tuple((lead, _trick_seen(t), w) for lead, t, w in r.tricks),
        trick_points=(r.trick_points[0], r.trick_points[1]),
        totals=totals,
        legal=legal,
        result=r.score.to_json() if r.score is not None else None,
        winner=winner,
    )


def round_view(match: Match, viewer: int = SPECTATOR) -> BinokelView:
    """The view of the match's current round for ``viewer``."""
    index = len(match.rounds) - 1
    before = match.sheet[index - 1] if index > 0 else (0, 0)
    totals = before if match.round.score is None else match.sheet[index]
    return view_of_round(
        match.round, viewer, preset=match.rules.preset, index=index, totals=totals, winner=match.winner
    )


def view_from_json(data: dict[str, Any]) -> BinokelView:
    """The view :meth:`BinokelView.to_json` wrote, read back (what a client of the server receives).

    A program that gets only the server's ``state`` frames rebuilds its seat's view with this and
    hands it to a computer player of :mod:`troef.bots`; it knows no more than the frame says.
    """

    def cards(values: list[str] | None) -> tuple[int, ...] | None:
        return None if values is None else tuple(parse_card(c) for c in values)

    def seen(values: list[str]) -> tuple[int, ...]:
        return tuple(parse_card(c) for c in values)

    def trick(t: list[list[Any]]) -> Trick:
        return tuple((int(seat), parse_card(c)) for seat, c in t)

    def pair(values: list[int]) -> tuple[int, int]:
        return (values[0], values[1])

    sizes = data["hand_sizes"]
    return BinokelView(
        viewer=data["viewer"],
        preset=data["preset"],
        target=data["target"],
        round=data["round"],
        dealer=data["dealer"],
        phase=data["phase"],
        to_act=data["to_act"],
        hand=cards(data["hand"]),
        hand_sizes=(sizes[0], sizes[1], sizes[2], sizes[3]),
        events=tuple((int(s), str(text)) for s, text in data["events"]),
        bids=tuple((int(s), int(b)) for s, b in data["bids"]),
        declarer=data["declarer"],
        bid=data["bid"],
        trump=-1 if data["trump"] is None else SUIT_LETTERS.index(data["trump"]),
        exchanged=data["exchanged"],
        gave=seen(data["gave"]),
        received=seen(data["received"]),
        melds=tuple(
            tuple(Meld(m["name"], m["class"], m["value"], seen(m["cards"])) for m in melds) for melds in data["melds"]
        ),
        meld_total=pair(data["meld_total"]),
        trick=trick(data["trick"]),
        tricks=tuple((int(t["leader"]), trick(t["cards"]), int(t["winner"])) for t in data["tricks"]),
        trick_points=pair(data["trick_points"]),
        totals=pair(data["totals"]),
        legal=tuple(data["legal"]),
        result=data["result"],
        winner=data["winner"],
    )
