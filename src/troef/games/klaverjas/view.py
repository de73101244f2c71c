"""What one seat (or a spectator) may know of a deal: the only way out of the state.

A seat's view holds its own cards, and everything public: who dealt, who
plays and trump, the kraak chain, the roem declared from the hand (as
totals), stuk, the cards played (the trick on the table and every trick
before it, turned tricks included: klaverjas players may not look back, but
a screen remembers what everybody saw), card points and roem per side so far,
the score sheet and the kraak quota. The partner's cards are as hidden as the
opponents': a seat sees only how many cards each other seat holds. A
spectator sees the public part only.

>>> from troef.games.klaverjas.match import Match
>>> from troef.games.klaverjas.rules import preset
>>> m = Match(preset("amsterdam"), seed=1, first_dealer=0)
>>> v = deal_view(m, 2)
>>> len(v.hand or ()), v.hand_sizes, v.legal
(8, (8, 8, 8, 8), ())
>>> deal_view(m, -1).hand is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from troef.cards import card_str, mask_of, parse_card, sort_for_display
from troef.core.actions import SPECTATOR
from troef.games.klaverjas.kraak import LEVELS
from troef.games.klaverjas.rules import Rules
from troef.games.klaverjas.state import DealState, Phase


@dataclass(slots=True)
class KlaverjasView:
    """One viewer's projection of the current deal of a match. Cards are card numbers (:mod:`troef.cards`).

    Treat it as read-only (not frozen, so that it fits the :class:`~troef.core.game.View` protocol).
    """

    viewer: int
    preset: str
    rules: Rules
    deal_number: int
    dealer: int
    phase: str
    to_act: int
    #: The viewer's own cards (None for a spectator), trumps first.
    hand: tuple[int, ...] | None
    hand_sizes: tuple[int, int, int, int]
    declarer: int
    trump: int
    #: 0 none, 1 kraak, 2 rekraak, 3 superkraak, and the words said as (seat, word).
    level: int
    chain: tuple[tuple[int, str], ...]
    #: Roem declared from the hand per seat (-1: nothing declared), and per side after the first trick.
    declared: tuple[int, int, int, int]
    hand_roem: tuple[int, int]
    hand_roem_cancelled: tuple[bool, bool]
    stuk: tuple[int, int]
    trick: tuple[tuple[int, int], ...]
    tricks: tuple[tuple[tuple[tuple[int, int], ...], int], ...]
    card_points: tuple[int, int]
    roem: tuple[int, int]
    tricks_won: tuple[int, int]
    #: Roem of the trick just won waiting to be claimed ("claim" switch), else 0.
    claim: int
    #: Every action of the deal so far, in order, as (seat, text): all of them are public in klaverjas (trump
    #: and passes, kraak words and "no", roem and stuk, claims, cards), so a log can show who said what.
    events: tuple[tuple[int, str], ...]
    legal: tuple[str, ...]
    #: The score sheet so far (public), per deal.
    sheet: tuple[dict[str, Any], ...]
    points: tuple[int, int]
    crosses: tuple[int, int]
    owed: tuple[int, int] | None
    over: bool
    winner: int | None

    def known_cards(self) -> int:
        """Mask of every card this view mentions (for leak checks)."""
        cards = list(self.hand or ()) + [c for _, c in self.trick]
        for trick, _ in self.tricks:
            cards += [c for _, c in trick]
        return mask_of(cards)

    @property
    def last_trick(self) -> tuple[tuple[tuple[int, int], ...], int] | None:
        """The last complete trick and its winner."""
        return self.tricks[-1] if self.tricks else None

    def to_json(self) -> dict[str, Any]:
        """The view as JSON-ready data, cards in notation."""
        return {
            "viewer": self.viewer,
            "preset": self.preset,
            "rules": self.rules.to_dict(),
            "deal": self.deal_number,
            "dealer": self.dealer,
            "phase": self.phase,
            "to_act": self.to_act,
            "hand": None if self.hand is None else [card_str(c) for c in self.hand],
            "hand_sizes": list(self.hand_sizes),
            "declarer": self.declarer,
            "trump": "hdcs"[self.trump] if self.trump >= 0 else None,
            "kraak": LEVELS[self.level],
            "chain": [[s, w] for s, w in self.chain],
            "declared": list(self.declared),
            "hand_roem": list(self.hand_roem),
            "hand_roem_cancelled": list(self.hand_roem_cancelled),
            "stuk": list(self.stuk),
            "trick": [[s, card_str(c)] for s, c in self.trick],
            "tricks": [{"cards": [[s, card_str(c)] for s, c in t], "winner": w} for t, w in self.tricks],
            "card_points": list(self.card_points),
            "roem": list(self.roem),
            "tricks_won": list(self.tricks_won),
            "claim": self.claim,
            "events": [[s, text] for s, text in self.events],
            "legal": list(self.legal),
            "sheet": list(self.sheet),
            "points": list(self.points),
            "crosses": list(self.crosses),
            "owed": list(self.owed) if self.owed is not None else None,
            "over": self.over,
            "winner": self.winner,
        }


def state_view(
    deal: DealState,
    viewer: int = SPECTATOR,
    *,
    deal_number: int = 1,
    sheet: tuple[dict[str, Any], ...] = (),
    points: tuple[int, int] = (0, 0),
    crosses: tuple[int, int] = (0, 0),
    owed: tuple[int, int] | None = None,
    over: bool = False,
    winner: int | None = None,
) -> KlaverjasView:
    """The view of one deal for ``viewer`` (a seat 0-3 or :data:`SPECTATOR`)."""
    if viewer != SPECTATOR and not 0 <= viewer < 4:
        raise ValueError(f"no seat {viewer}: seats are 0 to 3, or the spectator ({SPECTATOR})")
    hand: tuple[int, ...] | None = None
    if viewer != SPECTATOR:
        held = [c for c in range(32) if deal.hands[viewer] >> c & 1]
        hand = tuple(sort_for_display(held, deal.trump if deal.trump >= 0 else None))
    legal: tuple[str, ...] = ()
    if viewer == deal.to_act and not over:
        legal = tuple(a.text() for a in deal.legal_actions())
    sizes = tuple(h.bit_count() for h in deal.hands)
    return KlaverjasView(
        viewer=viewer,
        preset=deal.rules.preset,
        rules=deal.rules,
        deal_number=deal_number,
        dealer=deal.dealer,
        phase=deal.phase.name.lower(),
        to_act=-1 if over else deal.to_act,
        hand=hand,
        hand_sizes=(sizes[0], sizes[1], sizes[2], sizes[3]),
        declarer=deal.declarer,
        trump=deal.trump,
        level=deal.level,
        chain=tuple(deal.chain),
        declared=(deal.declared[0], deal.declared[1], deal.declared[2], deal.declared[3]),
        hand_roem=(deal.hand_counted[0], deal.hand_counted[1]),
        hand_roem_cancelled=(deal.hand_cancelled[0], deal.hand_cancelled[1]),
        stuk=(deal.stuk_counted[0], deal.stuk_counted[1]),
        trick=tuple(deal.trick),
        tricks=tuple(deal.tricks),
        card_points=(deal.points[0], deal.points[1]),
        roem=(deal.roem[0], deal.roem[1]),
        tricks_won=(deal.won[0], deal.won[1]),
        claim=deal.claim_value if deal.phase == Phase.CLAIM else 0,
        events=tuple((s, a.text()) for s, a in deal.history),
        legal=legal,
        sheet=sheet,
        points=points,
        crosses=crosses,
        owed=owed,
        over=over,
        winner=winner,
    )


def deal_view(match: Any, viewer: int = SPECTATOR) -> KlaverjasView:
    """The view of a match's current deal for ``viewer``, with the score sheet."""
    sheet = match.sheet
    return state_view(
        match.deal,
        viewer,
        deal_number=len(match.deals),
        sheet=tuple(row.to_json() for row in sheet.rows),
        points=(sheet.points[0], sheet.points[1]),
        crosses=(sheet.crosses[0], sheet.crosses[1]),
        owed=match.owed(),
        over=sheet.over,
        winner=sheet.winner(),
    )


def view_from_json(data: dict[str, Any]) -> KlaverjasView:
    """The view :meth:`KlaverjasView.to_json` wrote, read back (what a client of the server receives).

    A program that gets only the server's ``state`` frames rebuilds its seat's view with this and
    hands it to a computer player of :mod:`troef.bots`; it knows no more than the frame says.
    """

    def trick(cards: list[list[Any]]) -> tuple[tuple[int, int], ...]:
        return tuple((int(seat), parse_card(card)) for seat, card in cards)

    def pair(values: list[Any]) -> tuple[Any, Any]:
        return (values[0], values[1])

    hand = data["hand"]
    sizes = data["hand_sizes"]
    declared = data["declared"]
    return KlaverjasView(
        viewer=data["viewer"],
        preset=data["preset"],
        rules=Rules.from_dict(data["rules"]),
        deal_number=data["deal"],
        dealer=data["dealer"],
        phase=data["phase"],
        to_act=data["to_act"],
        hand=None if hand is None else tuple(parse_card(c) for c in hand),
        hand_sizes=(sizes[0], sizes[1], sizes[2], sizes[3]),
        declarer=data["declarer"],
        trump=-1 if data["trump"] is None else "hdcs".index(data["trump"]),
        level=LEVELS.index(data["kraak"]),
        chain=tuple((int(s), str(w)) for s, w in data["chain"]),
        declared=(declared[0], declared[1], declared[2], declared[3]),
        hand_roem=pair(data["hand_roem"]),
        hand_roem_cancelled=pair(data["hand_roem_cancelled"]),
        stuk=pair(data["stuk"]),
        trick=trick(data["trick"]),
        tricks=tuple((trick(t["cards"]), int(t["winner"])) for t in data["tricks"]),
        card_points=pair(data["card_points"]),
        roem=pair(data["roem"]),
        tricks_won=pair(data["tricks_won"]),
        claim=data["claim"],
        events=tuple((int(s), str(text)) for s, text in data["events"]),
        legal=tuple(data["legal"]),
        sheet=tuple(data["sheet"]),
        points=pair(data["points"]),
        crosses=pair(data["crosses"]),
        owed=None if data["owed"] is None else pair(data["owed"]),
        over=data["over"],
        winner=data["winner"],
    )
