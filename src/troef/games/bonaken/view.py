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

from troef.cards import card_str, cards_of, mask_of, parse_card, sort_for_display
from troef.core.actions import SPECTATOR
from troef.games.bonaken.actions import BidKind, Discard
from troef.games.bonaken.bidding import contract_name
from troef.games.bonaken.rules import Rules
from troef.games.bonaken.state import DealState, Phase


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
    #: Every seat's status on the match's score sheet when the hand was dealt
    #: (:attr:`DealState.standing <troef.games.bonaken.state.DealState.standing>`), or None for a hand on its
    #: own. Public; not in :meth:`to_json`, because the server's frames carry the whole sheet
    #: beside the view (``match``).
    standing: tuple[str, ...] | None

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
        standing: tuple[str, ...] | None = None,
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
        self.standing = standing

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

    def _json(self, memo: dict[tuple[Any, ...], Any]) -> dict[str, Any]:
        """:meth:`to_json`; ``memo`` holds what was already converted for another view made together.

        Views made together (:func:`hand_views`) share what all viewers see
        alike (:func:`_public_key` tells which views do): it is converted once
        and the dicts share those values, so treat them as read-only.
        """
        key = _public_key(self)
        parts: tuple[dict[str, Any], ...] | None = memo.get(key)
        if parts is None:
            parts = memo[key] = _public_parts(self)
        events_key = ("events", id(self.events))
        events = memo.get(events_key)
        if events is None:
            events = memo[events_key] = _events_json(self.events)
        # the keys in the order of the fields, as the texts of views_to_bytes have them
        out: dict[str, Any] = {"viewer": self.viewer}
        out.update(parts[0])
        out["hand"] = _cards_json(self.hand)
        out.update(parts[1])
        out["blind"] = _cards_json(self.blind)
        out.update(parts[2])
        out["events"] = events
        out.update(parts[3])
        out["laid_away"] = _cards_json(self.laid_away)
        out["received"] = _cards_json(self.received)
        out.update(parts[4])
        out["legal"] = list(self.legal)
        out.update(parts[5])
        return out


def _public_key(view: BonakenView) -> tuple[Any, ...]:
    """What decides the fields every viewer sees alike: equal keys, equal JSON of those fields.

    Objects count by identity (views made together share them; a key lives
    no longer than the views it was made of), the rest by value.
    """
    return (
        view.preset,
        id(view.rules),
        view.table,
        id(view.seats),
        view.dealer,
        view.phase,
        view.to_act,
        id(view.hand_sizes),
        id(view.centre_open),
        view.centre_closed,
        view.sleepers,
        view.contract,
        id(view.declarers),
        view.trump,
        view.roem_declared,
        view.roem_counted,
        id(view.contest),
        id(view.open_hand),
        id(view.trick),
        id(view.tricks),
        id(view.tricks_won),
        id(view.points),
        id(view.result),
    )


def _public_parts(view: BonakenView) -> tuple[dict[str, Any], ...]:
    """The JSON of the fields every viewer sees alike, in six runs of keys.

    A view's own fields (viewer, hand, blind, events, laid away, received,
    legal) lie between the runs, in the order of the dataclass fields.
    """
    text = _CARD_TEXT
    result = copy.deepcopy(view.result) if view.result is not None else None
    return (
        {
            "preset": view.preset,
            "rules": _rules_json(view.rules),
            "table": view.table,
            "seats": list(view.seats),
            "dealer": view.dealer,
            "phase": view.phase,
            "to_act": view.to_act,
        },
        {
            "hand_sizes": {str(k): v for k, v in view.hand_sizes.items()},
            "centre_open": _cards_json(view.centre_open),
            "centre_closed": view.centre_closed,
        },
        {"sleepers": view.sleepers},
        {
            "contract": view.contract,
            "declarers": list(view.declarers),
            "trump": view.trump,
            "roem_declared": view.roem_declared,
            "roem_counted": view.roem_counted,
            "contest": [list(c) for c in view.contest],
        },
        {
            "open_hand": _cards_json(view.open_hand),
            "trick": [[s, text[c]] for s, c in view.trick],
            "tricks": [{"cards": [[s, text[c]] for s, c in t], "winner": w} for t, w in view.tricks],
            "tricks_won": {str(k): v for k, v in view.tricks_won.items()},
            "points": {str(k): v for k, v in view.points.items()},
        },
        {"result": result},
    )


def _events_json(events: tuple[tuple[int, str], ...]) -> list[list[Any]]:
    return [[s, t] for s, t in events]


def _cards_json(values: tuple[int, ...] | None) -> list[str] | None:
    if values is None:
        return None
    text = _CARD_TEXT
    return [text[c] for c in values]


def views_to_json(views: Sequence[BonakenView]) -> list[dict[str, Any]]:
    """:meth:`BonakenView.to_json` of each view, converting what they share (see :func:`hand_views`) once.

    The dicts then share those lists and dicts with each other: treat them as
    read-only.
    """
    memo: dict[tuple[Any, ...], Any] = {}
    return [view._json(memo) for view in views]


def views_to_bytes(views: Sequence[BonakenView]) -> list[bytes]:
    """``orjson.dumps(view.to_json())`` of each view, byte for byte, encoding what they share once.

    The server sends every seat its view after every action, and most of a
    view is the same for all viewers: those runs of fields are encoded once
    (per :func:`_public_key`), and each view's text is joined from them and
    its own fields, in :meth:`BonakenView._json`'s key order.
    """
    dumps = orjson.dumps
    segments: dict[tuple[Any, ...], tuple[bytes, ...]] = {}
    events_done: dict[int, bytes] = {}
    out: list[bytes] = []
    for view in views:
        key = _public_key(view)
        runs = segments.get(key)
        if runs is None:
            # each run without its braces, to be spliced between the view's own fields
            runs = segments[key] = tuple(dumps(part)[1:-1] for part in _public_parts(view))
        events = events_done.get(id(view.events))
        if events is None:  # (seat, text) pairs encode as the lists of _events_json
            events = events_done[id(view.events)] = dumps(view.events)
        out.append(
            b"".join(
                (
                    b'{"viewer":',
                    b"%d" % view.viewer,
                    b",",
                    runs[0],
                    b',"hand":',
                    _cards_bytes(view.hand),
                    b",",
                    runs[1],
                    b',"blind":',
                    _cards_bytes(view.blind),
                    b",",
                    runs[2],
                    b',"events":',
                    events,
                    b",",
                    runs[3],
                    b',"laid_away":',
                    _cards_bytes(view.laid_away),
                    b',"received":',
                    _cards_bytes(view.received),
                    b",",
                    runs[4],
                    b',"legal":',
                    dumps(view.legal) if view.legal else b"[]",
                    b",",
                    runs[5],
                    b"}",
                )
            )
        )
    return out


def _cards_bytes(values: tuple[int, ...] | None) -> bytes:
    """``orjson.dumps(_cards_json(values))``."""
    if values is None:
        return b"null"
    if not values:
        return b"[]"
    return orjson.dumps(_cards_json(values))


_CARD_TEXT: Final = tuple(card_str(c) for c in range(64))

# Rules.to_dict() compares every switch with the preset: worked out once per rules object. Every match has
# its own, and a server builds views of hundreds of matches in turn, so the cache holds more than a server's
# tables (with 256 entries it was emptied over and over under load, and to_dict ran for every view).
_RULES_JSON: dict[int, tuple[Rules, dict[str, Any]]] = {}
_RULES_JSON_MAX: Final = 8192


def _rules_json(rules: Rules) -> dict[str, Any]:
    entry = _RULES_JSON.get(id(rules))
    if entry is None or entry[0] is not rules:
        if len(_RULES_JSON) >= _RULES_JSON_MAX:
            _RULES_JSON.clear()
        entry = (rules, rules.to_dict())
        _RULES_JSON[id(rules)] = entry
    return dict(entry[1])


# The public text of each hand's actions, kept per hand and extended as the
# hand goes on, so that the views of all seats after an action share the work.
# Entries hold the hand itself, so a reused id() can never match another hand.
_EVENTS: dict[int, tuple[DealState, list[tuple[int, str, bool]]]] = {}
_EVENTS_MAX: Final = 4096


def _event_log(hand: DealState) -> list[tuple[int, str, bool]]:
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


def hand_view(hand: DealState, viewer: int = SPECTATOR) -> BonakenView:
    """The view of ``hand`` for seat ``viewer`` (or :data:`SPECTATOR`)."""
    return _seat_view(hand, viewer, _Public(hand))


def hand_views(hand: DealState, viewers: Sequence[int]) -> list[BonakenView]:
    """The views of ``hand`` for several viewers, each exactly :func:`hand_view`'s.

    What every viewer sees alike is worked out once and shared between the
    views (so treat them as read-only): a server builds the views of all
    seats after every action.
    """
    public = _Public(hand)
    return [_seat_view(hand, viewer, public) for viewer in viewers]


class _Public:
    """The parts of a hand's views that are the same for every viewer."""

    def __init__(self, hand: DealState) -> None:
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


def _result_json(hand: DealState) -> dict[str, Any] | None:
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


def _seat_view(hand: DealState, viewer: int, public: _Public) -> BonakenView:
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
        standing=hand.standing,
    )


def view_from_json(data: dict[str, Any], standing: Sequence[str] | None = None) -> BonakenView:
    """The view :meth:`BonakenView.to_json` wrote, read back (what a client of the server receives).

    ``standing`` is every seat's status on the score sheet, which the JSON leaves out: a server's
    ``state`` frame carries it beside the view as ``match.status``. A program that gets only those
    frames rebuilds its seat's view with this and hands it to a computer player of :mod:`troef.bots`.
    """

    def cards(values: list[str]) -> tuple[int, ...]:
        return tuple(parse_card(c) for c in values)

    def trick(t: list[list[Any]]) -> tuple[tuple[int, int], ...]:
        return tuple((int(seat), parse_card(c)) for seat, c in t)

    def by_seat(values: dict[str, int]) -> dict[int, int]:
        return {int(k): v for k, v in values.items()}

    return BonakenView(
        viewer=data["viewer"],
        preset=data["preset"],
        rules=Rules.from_dict(data["rules"]),
        table=data["table"],
        seats=tuple(data["seats"]),
        dealer=data["dealer"],
        phase=data["phase"],
        to_act=data["to_act"],
        hand=None if data["hand"] is None else cards(data["hand"]),
        hand_sizes=by_seat(data["hand_sizes"]),
        centre_open=cards(data["centre_open"]),
        centre_closed=data["centre_closed"],
        blind=cards(data["blind"]),
        sleepers=data["sleepers"],
        events=tuple((int(s), str(text)) for s, text in data["events"]),
        contract=data["contract"],
        declarers=tuple(data["declarers"]),
        trump=data["trump"],
        roem_declared=data["roem_declared"],
        roem_counted=data["roem_counted"],
        contest=tuple((int(s), int(v)) for s, v in data["contest"]),
        laid_away=cards(data["laid_away"]),
        received=cards(data["received"]),
        open_hand=None if data["open_hand"] is None else cards(data["open_hand"]),
        trick=trick(data["trick"]),
        tricks=tuple((trick(t["cards"]), int(t["winner"])) for t in data["tricks"]),
        tricks_won=by_seat(data["tricks_won"]),
        points=by_seat(data["points"]),
        legal=tuple(data["legal"]),
        result=data["result"],
        standing=None if standing is None else tuple(standing),
    )
