"""What one seat (or a spectator) may know of a hand: the only way out of the state.

Bots, the terminal game, records shown to players and the web app see a hand
through :func:`hand_view` only. A view holds the viewer's own cards, the open
centre cards, everything played and declared in public, the viewer's own laid
away or passed cards, and the closed centre cards only for the seat that
picked them up. The hands of others, the blind card and the sleepers are not
in it (an open-bonaak declarer's cards are public by that contract).
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Any, Final

import orjson

from troef.cards import card_str, cards_of, mask_of, sort_for_display
from troef.core.actions import SPECTATOR
from troef.games.bonaken.actions import BidKind, Discard
from troef.games.bonaken.bidding import contract_name
from troef.games.bonaken.rules import Rules
from troef.games.bonaken.state import Hand, Phase


@dataclass(slots=True, init=False)
class BonakenView:
    """One viewer's projection of a hand. Cards are card numbers (see :mod:`troef.cards`).

    Treat a view as read-only: views made together (:func:`hand_views`) share
    their field values. The class is not a frozen dataclass because a frozen
    one sets each of its 30 fields through ``object.__setattr__``, which made
    building a view three times slower; a server builds one per seat after
    every action.
    """

    viewer: int
    preset: str
    #: The rules in force, every switch included: public, and what bots reason with.
    rules: Rules
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

    def __init__(
        self,
        viewer: int,
        preset: str,
        rules: Rules,
        table: int,
        seats: tuple[int, ...],
        dealer: int,
        phase: str,
        to_act: int,
        hand: tuple[int, ...] | None,
        hand_sizes: dict[int, int],
        centre_open: tuple[int, ...],
        centre_closed: int,
        blind: tuple[int, ...],
        sleepers: int,
        events: tuple[tuple[int, str], ...],
        contract: str | None,
        declarers: tuple[int, ...],
        trump: int,
        roem_declared: int,
        roem_counted: int,
        contest: tuple[tuple[int, int], ...],
        laid_away: tuple[int, ...],
        received: tuple[int, ...],
        open_hand: tuple[int, ...] | None,
        trick: tuple[tuple[int, int], ...],
        tricks: tuple[tuple[tuple[tuple[int, int], ...], int], ...],
        tricks_won: dict[int, int],
        points: dict[int, int],
        legal: tuple[str, ...],
        result: dict[str, Any] | None,
    ) -> None:
        # written out: the __init__ that dataclasses generates stays interpreted under mypyc, and took a
        # third of the time of building a view
        self.viewer = viewer
        self.preset = preset
        self.rules = rules
        self.table = table
        self.seats = seats
        self.dealer = dealer
        self.phase = phase
        self.to_act = to_act
        self.hand = hand
        self.hand_sizes = hand_sizes
        self.centre_open = centre_open
        self.centre_closed = centre_closed
        self.blind = blind
        self.sleepers = sleepers
        self.events = events
        self.contract = contract
        self.declarers = declarers
        self.trump = trump
        self.roem_declared = roem_declared
        self.roem_counted = roem_counted
        self.contest = contest
        self.laid_away = laid_away
        self.received = received
        self.open_hand = open_hand
        self.trick = trick
        self.tricks = tricks
        self.tricks_won = tricks_won
        self.points = points
        self.legal = legal
        self.result = result

    def __reduce__(self) -> tuple[type[BonakenView], tuple[Any, ...]]:
        # explicit, because the mypyc-compiled frozen dataclass cannot be unpickled field by field
        # (the server hands views to computer players in other processes)
        return (BonakenView, tuple(getattr(self, f.name) for f in fields(self)))

    def known_cards(self) -> int:
        """Mask of every card this view mentions (for leak checks)."""
        cards: list[int] = list(self.hand or ()) + list(self.centre_open) + list(self.blind)
        cards += list(self.laid_away) + list(self.received) + list(self.open_hand or ())
        cards += [c for _, c in self.trick]
        for trick, _ in self.tricks:
            cards += [c for _, c in trick]
        return mask_of(cards)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict with cards in notation (built field by field: it is on the server's hot path)."""
        return self._json({})

    def _json(self, memo: dict[tuple[Any, ...], Any], encoded: bool = False) -> dict[str, Any]:
        """:meth:`to_json`; ``memo`` holds the JSON of field values already converted for another view.

        Views made together (:func:`hand_views`) share the objects of what all
        viewers see alike; each is converted once, keyed by field and identity.
        With ``encoded``, those shared values are put in already encoded, as
        :class:`orjson.Fragment`: the dict is then only for ``orjson.dumps``.
        """
        text = _CARD_TEXT
        # each block: the shared value's JSON, converted (and maybe encoded) by the first view that needs it
        key: tuple[str, int] = ("events", id(self.events))
        events = memo.get(key)
        if events is None:
            events = memo[key] = _maybe_encoded([[s, t] for s, t in self.events], encoded)
        key = ("tricks", id(self.tricks))
        tricks = memo.get(key)
        if tricks is None:
            tricks = [{"cards": [[s, text[c]] for s, c in t], "winner": w} for t, w in self.tricks]
            tricks = memo[key] = _maybe_encoded(tricks, encoded)
        key = ("trick", id(self.trick))
        trick = memo.get(key)
        if trick is None:
            trick = memo[key] = _maybe_encoded([[s, text[c]] for s, c in self.trick], encoded)
        key = ("rules", id(self.rules))
        rules = memo.get(key)
        if rules is None:
            rules = memo[key] = _maybe_encoded(_rules_json(self.rules), encoded)
        key = ("result", id(self.result))
        result = memo.get(key)
        if result is None and self.result is not None:
            result = memo[key] = _maybe_encoded(copy.deepcopy(self.result), encoded)
        parts = (self.seats, self.hand_sizes, self.centre_open, self.declarers, self.contest, self.open_hand)
        group: tuple[Any, ...] = ("public", *map(id, parts), id(self.tricks_won), id(self.points))
        public = memo.get(group)
        if public is None:
            # the rest of what all viewers see alike, converted together
            public = memo[group] = [
                _maybe_encoded(value, encoded)
                for value in (
                    list(self.seats),
                    {str(k): v for k, v in self.hand_sizes.items()},
                    _cards_json(self.centre_open),
                    list(self.declarers),
                    [list(c) for c in self.contest],
                    _cards_json(self.open_hand),
                    {str(k): v for k, v in self.tricks_won.items()},
                    {str(k): v for k, v in self.points.items()},
                )
            ]
        seats, hand_sizes, centre_open, declarers, contest, open_hand, tricks_won, points = public
        return {
            "viewer": self.viewer,
            "preset": self.preset,
            "rules": rules,
            "table": self.table,
            "seats": seats,
            "dealer": self.dealer,
            "phase": self.phase,
            "to_act": self.to_act,
            "hand": _cards_json(self.hand),
            "hand_sizes": hand_sizes,
            "centre_open": centre_open,
            "centre_closed": self.centre_closed,
            "blind": _cards_json(self.blind),
            "sleepers": self.sleepers,
            "events": events,
            "contract": self.contract,
            "declarers": declarers,
            "trump": self.trump,
            "roem_declared": self.roem_declared,
            "roem_counted": self.roem_counted,
            "contest": contest,
            "laid_away": _cards_json(self.laid_away),
            "received": _cards_json(self.received),
            "open_hand": open_hand,
            "trick": trick,
            "tricks": tricks,
            "tricks_won": tricks_won,
            "points": points,
            "legal": list(self.legal),
            "result": result,
        }


def _maybe_encoded(value: Any, encoded: bool) -> Any:
    return orjson.Fragment(orjson.dumps(value)) if encoded else value


def _cards_json(values: tuple[int, ...] | None) -> list[str] | None:
    if values is None:
        return None
    text = _CARD_TEXT
    return [text[c] for c in values]


def views_to_json(views: Sequence[BonakenView], encoded: bool = False) -> list[dict[str, Any]]:
    """:meth:`BonakenView.to_json` of each view, converting what they share (see :func:`hand_views`) once.

    The dicts then share those lists and dicts with each other: treat them as
    read-only. With ``encoded`` the shared values are put in already encoded
    (:class:`orjson.Fragment`), which saves encoding them once per view; such
    dicts are only for ``orjson.dumps``.
    """
    memo: dict[tuple[Any, ...], Any] = {}
    return [view._json(memo, encoded) for view in views]


_CARD_TEXT: Final = tuple(card_str(c) for c in range(64))

# Rules.to_dict() compares every switch with the preset: worked out once per rules object.
_RULES_JSON: dict[int, tuple[Rules, dict[str, Any]]] = {}


def _rules_json(rules: Rules) -> dict[str, Any]:
    entry = _RULES_JSON.get(id(rules))
    if entry is None or entry[0] is not rules:
        if len(_RULES_JSON) >= 256:
            _RULES_JSON.clear()
        entry = (rules, rules.to_dict())
        _RULES_JSON[id(rules)] = entry
    return dict(entry[1])


# The public text of each hand's actions, kept per hand and extended as the
# hand goes on, so that the views of all seats after an action share the work.
# Entries hold the hand itself, so a reused id() can never match another hand.
_EVENTS: dict[int, tuple[Hand, list[tuple[int, str, bool]]]] = {}
_EVENTS_MAX: Final = 4096


def _event_log(hand: Hand) -> list[tuple[int, str, bool]]:
    """(seat, action text, is a discard) for every action of ``hand`` so far."""
    key = id(hand)
    entry = _EVENTS.get(key)
    if entry is None or entry[0] is not hand or len(entry[1]) > len(hand.history):
        if len(_EVENTS) >= _EVENTS_MAX:
            del _EVENTS[next(iter(_EVENTS))]
        entry = (hand, [])
        _EVENTS[key] = entry
    log = entry[1]
    history = hand.history
    for i in range(len(log), len(history)):
        seat, action = history[i]
        log.append((seat, action.text(), isinstance(action, Discard)))
    return log


def hand_view(hand: Hand, viewer: int = SPECTATOR) -> BonakenView:
    """The view of ``hand`` for seat ``viewer`` (or :data:`SPECTATOR`)."""
    return _seat_view(hand, viewer, _Public(hand))


def hand_views(hand: Hand, viewers: Sequence[int]) -> list[BonakenView]:
    """The views of ``hand`` for several viewers, each exactly :func:`hand_view`'s.

    What every viewer sees alike is worked out once and shared between the
    views (so treat them as read-only): a server builds the views of all
    seats after every action.
    """
    public = _Public(hand)
    return [_seat_view(hand, viewer, public) for viewer in viewers]


class _Public:
    """The parts of a hand's views that are the same for every viewer."""

    def __init__(self, hand: Hand) -> None:
        trump = hand.trump if hand.trump >= 0 else None
        self.trump_or_none = trump
        log = _event_log(hand)
        # laid away / passed cards stay hidden from others; the receiver sees them as 'received'
        self.events: tuple[tuple[int, str], ...] = tuple(
            (seat, "discard" if hidden else text) for seat, text, hidden in log
        )
        self.discarders: frozenset[int] = frozenset(seat for seat, _, hidden in log if hidden)
        self.log = log
        open_hand: tuple[int, ...] | None = None
        contract = hand.contract
        if contract is not None and contract.kind == BidKind.OPEN_BONAAK and hand.phase >= Phase.TRUMP:
            open_hand = tuple(sort_for_display(cards_of(hand.hands[hand.declarers[0]]), trump))
        self.open_hand: tuple[int, ...] | None = open_hand
        self.result: dict[str, Any] | None = _result_json(hand)
        misere = len(hand.declarers) if contract is not None and contract.kind == BidKind.MISERE else 1
        self.contract: str | None = contract_name(contract, misere) if contract is not None else None
        self.phase = hand.phase.name.lower()
        self.hand_sizes = {s: hand.hands[s].bit_count() for s in hand.seats}
        self.centre_open = tuple(cards_of(hand.deal.open))
        self.contest = tuple((s, v) for s, v, _ in hand.contest)
        self.trick = tuple(hand.trick)
        self.tricks = tuple(hand.tricks)
        self.tricks_won = {s: hand.won[s] for s in hand.seats}
        self.points = {s: hand.points[s] for s in hand.seats}


def _result_json(hand: Hand) -> dict[str, Any] | None:
    if hand.result is None:
        return None
    r = hand.result
    return {
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


def _seat_view(hand: Hand, viewer: int, public: _Public) -> BonakenView:
    seat_known = viewer in hand.seats
    own = sort_for_display(cards_of(hand.hands[viewer]), public.trump_or_none) if seat_known else None
    events = public.events
    if viewer in public.discarders:  # the viewer's own laid away cards are named in its log
        events = tuple((seat, "discard" if hidden and seat != viewer else text) for seat, text, hidden in public.log)
    legal: tuple[str, ...] = ()
    if seat_known and hand.to_act == viewer and not hand.is_over:
        legal = tuple(a.text() for a in hand.legal_actions())
    return BonakenView(
        viewer=viewer,
        preset=hand.rules.preset,
        rules=hand.rules,
        table=hand.table,
        seats=hand.seats,
        dealer=hand.deal.dealer,
        phase=public.phase,
        to_act=hand.to_act,
        hand=tuple(own) if own is not None else None,
        hand_sizes=public.hand_sizes,
        centre_open=public.centre_open,
        centre_closed=hand.deal.closed.bit_count(),
        blind=tuple(cards_of(hand.deal.closed)) if seat_known and hand.took[viewer] else (),
        sleepers=hand.deal.sleepers.bit_count(),
        events=events,
        contract=public.contract,
        declarers=hand.declarers,
        trump=hand.trump,
        roem_declared=hand.roem_declared,
        roem_counted=hand.roem_counted,
        contest=public.contest,
        laid_away=tuple(cards_of(hand.discards[viewer])) if seat_known else (),
        received=tuple(cards_of(hand.received[viewer])) if seat_known else (),
        open_hand=public.open_hand,
        trick=public.trick,
        tricks=public.tricks,
        tricks_won=public.tricks_won,
        points=public.points,
        legal=legal,
        result=public.result,
    )
