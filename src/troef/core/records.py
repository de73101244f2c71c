"""Troef records: the envelope (format name, version, game), the match record and its replay.

Every game's record (``docs/records.md``) holds the envelope, the rules, the
seats, the first dealer, the seed, free ``meta`` and the list of deals, each
with its actions as ``[seat, "action text"]``: :class:`MatchRecord`, written
and read by :class:`RecordFormat`. A game's record module
(``troef.games.bonaken.record``) gives only what is its own: how a deal's
cards are written and read, what a deal is called, and the outcome of a
replayed deal. Reading is strict: anything malformed raises
:class:`RecordError` with a message that says where. :meth:`RecordFormat.play`
replays the actions through the game's match and stops at the first illegal
one with a :class:`ReplayError` that names the deal and the action.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import IO, Any, Final, Generic, Protocol, TypeVar

from troef.cards import CardSet, card_str, cards_of
from troef.core.errors import IllegalActionError, NotationError, RecordError, ReplayError
from troef.core.switches import PresetRules

FORMAT: Final = "troef-record"
VERSION: Final = 1


def envelope(game: str, kind: str) -> dict[str, Any]:
    """The first fields of a record."""
    return {"format": FORMAT, "version": VERSION, "game": game, "kind": kind}


def _load(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None


def record_game(text: str) -> str:
    """The game a record's envelope names (``troef replay`` dispatches on it); checks only the envelope.

    >>> record_game('{"format": "troef-record", "version": 1, "game": "duel", "kind": "match"}')
    'duel'
    """
    data = _load(text)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(f"not a troef record (the 'format' field must be {FORMAT!r})")
    game = data.get("game")
    if not isinstance(game, str):
        raise RecordError("the record names no 'game'")
    named: str = parse_envelope(text, game, data)["game"]
    return named


def parse_envelope(text: str, game: str, data: Any = None) -> dict[str, Any]:
    """Parse JSON text (unless ``data`` is it, parsed) and check the envelope; return the whole object."""
    if data is None:
        data = _load(text)
    if not isinstance(data, dict):
        raise RecordError("a record must be a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"not a troef record (the 'format' field must be {FORMAT!r})")
    version = data.get("version")
    if type(version) is not int or version < 1:
        raise RecordError("the record has no valid 'version'")
    if version > VERSION:
        raise RecordError(f"record version {version} is newer than this troef reads ({VERSION})")
    if data.get("game") != game:
        raise RecordError(f"this is a record of {data.get('game')!r}, not {game!r}")
    return data


def require(data: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    """``data[key]`` if present and of ``kind``, else a :class:`RecordError` naming ``where``."""
    if key not in data:
        raise RecordError(f"{where}: missing field {key!r}")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RecordError(f"{where}: field {key!r} has the wrong type")
    return value


@contextmanager
def within(where: str) -> Iterator[None]:
    """Say ``where`` in front of any :class:`RecordError` raised inside (a deal's own checks know no place)."""
    try:
        yield
    except RecordError as exc:
        raise RecordError(f"{where}: {exc}") from None


def cards_text(mask: int) -> str:
    """A set of cards in card notation, lowest first (``Jh 9h Ah``)."""
    return " ".join(card_str(c) for c in cards_of(mask))


def read_cards(text: Any, where: str, example: str = "'Jh 9h Ah'") -> int:
    """The cards (mask) a record names in ``text``; :class:`RecordError` saying ``where`` if it does not."""
    if not isinstance(text, str):
        raise RecordError(f"{where}: cards must be a string like {example}")
    try:
        return CardSet.parse(text).mask
    except NotationError as exc:
        raise RecordError(f"{where}: {exc}") from None


# ---------------------------------------------------------------------- the match record
class _Action(Protocol):
    def text(self) -> str: ...


class _Rules(Protocol):
    def to_dict(self) -> dict[str, Any]: ...


R = TypeVar("R", bound=_Rules)
D = TypeVar("D")
A = TypeVar("A", bound=_Action)


@dataclass(frozen=True, slots=True)
class DealRecord(Generic[D, A]):
    """One deal: the game's deal (every card's place) and the actions as (seat, action)."""

    deal: D
    actions: tuple[tuple[int, A], ...]


@dataclass(frozen=True, slots=True)
class MatchRecord(Generic[R, D, A]):
    """A record: a single deal (``kind == 'hand'``, Bonaken) or a match (``'match'``), finished or not.

    A game names its own record class, ``class Record(MatchRecord[Rules, Deal, Action])``.
    """

    kind: str
    rules: R
    seats: tuple[dict[str, str], ...]
    deals: tuple[DealRecord[D, A], ...]
    first_dealer: int
    seed: int | None = None
    meta: dict[str, Any] = field(default_factory=dict)
    #: The rules revision the record was read as (None: made here, today's); see docs/records.md.
    revision: int | None = field(default=None, compare=False)
    #: Whether that revision was inferred (the record names none, and its game had several readings).
    inferred: bool = field(default=False, compare=False)


def check_hands(
    dealer: int,
    hands: Sequence[int],
    size: int,
    deck: int,
    *,
    twice: str = "a card is dealt twice",
    outside: str | None = None,
) -> None:
    """Raise :class:`RecordError` unless ``dealer`` is a seat and ``hands`` split ``deck``, ``size`` cards each.

    The check of a deal that gives every card to the seats (a :class:`FourHands` game's ``validate()``);
    ``twice`` and ``outside`` (a card not in the game's deck) are the game's own words for those faults.
    """
    if not 0 <= dealer < len(hands):
        raise RecordError(f"the dealer must be a seat from 0 to {len(hands) - 1}")
    union = 0
    for seat, hand in enumerate(hands):
        if union & hand:
            raise RecordError(twice)
        union |= hand
        if outside is not None and hand & ~deck:
            raise RecordError(outside)
        if hand.bit_count() != size:
            raise RecordError(f"seat {seat} must have {size} cards, not {hand.bit_count()}")
    if union != deck:
        raise RecordError(f"the deal does not account for all {deck.bit_count()} cards")


class _FourHandsDeal(Protocol):
    @property
    def dealer(self) -> int: ...

    @property
    def hands(self) -> tuple[int, int, int, int]: ...

    def validate(self) -> None: ...


F = TypeVar("F", bound=_FourHandsDeal)


@dataclass(frozen=True, slots=True)
class FourHands(Generic[F]):
    """The deal of a game that deals every card to four seats, as ``{"dealer": 0, key: {"0": "Jh 9h ...", ...}}``.

    ``make(dealer, hands)`` builds the game's deal; its ``validate()`` checks it.
    """

    key: str
    make: Callable[[int, tuple[int, int, int, int]], F]
    #: Cards as the game writes them, for the message on something else.
    example: str = "'Jh 9h Ah'"

    def write(self, deal: F) -> dict[str, Any]:
        """The deal's fields in a record."""
        return {"dealer": deal.dealer, self.key: {str(s): cards_text(deal.hands[s]) for s in range(4)}}

    def read(self, raw: dict[str, Any], where: str, dealer: int, table: int, rules: object) -> F:
        """What :meth:`write` wrote (``RecordFormat.read_deal``)."""
        hands = require(raw, self.key, dict, where)
        if sorted(hands) != ["0", "1", "2", "3"]:
            raise RecordError(f"{where}: {self.key!r} must give the cards of seats 0, 1, 2 and 3")
        masks = [read_cards(hands[str(s)], f"{where}, seat {s}", self.example) for s in range(4)]
        deal = self.make(dealer, (masks[0], masks[1], masks[2], masks[3]))
        with within(where):
            deal.validate()
        return deal


class _Turns(Protocol):
    @property
    def is_over(self) -> bool: ...

    @property
    def to_act(self) -> int: ...


class _Playing(Protocol):
    @property
    def is_over(self) -> bool: ...

    def apply(self, action: Any, /) -> object: ...


class _Started(Protocol):
    """A match as its record starts: its rules, first dealer and seed."""

    @property
    def rules(self) -> Any: ...

    @property
    def first_dealer(self) -> int: ...

    @property
    def seed(self) -> int | None: ...


class _Played(Protocol):
    """One deal's state as its record keeps it: the dealt cards and the actions so far."""

    @property
    def deal(self) -> Any: ...

    @property
    def history(self) -> Sequence[tuple[int, Any]]: ...


Rec = TypeVar("Rec", bound=MatchRecord[Any, Any, Any])
P = TypeVar("P", bound=_Playing)
T = TypeVar("T", bound=_Turns)

_NUMBERS: Final = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")


@dataclass(frozen=True, slots=True)
class RecordFormat(Generic[Rec]):
    """One game's records: its record class and what it writes and reads itself, around the common fields."""

    game: str
    record: type[Rec]
    #: What a deal is called in messages (``hand``, ``deal``, ``round``).
    word: str
    #: The field that holds the deals (``hands``, ``deals``, ``rounds``).
    deals_key: str
    #: The game's rules class (:class:`~troef.core.switches.PresetRules`): how rules are read at a revision.
    rules_type: type[PresetRules]
    parse_action: Callable[[str], Any]
    #: A deal's own fields, ``dealer`` first (the actions follow).
    write_deal: Callable[[Any], dict[str, Any]]
    #: The deal that ``write_deal`` wrote: (the deal's object, where, its dealer, seats at the table, rules).
    read_deal: Callable[[dict[str, Any], str, int, int, Any], Any]
    #: Seats at every table of the game; None: as many as the record lists.
    seats: int | None = 4
    kinds: tuple[str, ...] = ("match",)
    #: The game's replay, which tells the readings of a record that names no revision apart (:meth:`loads`).
    replay: Callable[[Rec], object] | None = None

    def new(
        self,
        kind: str,
        rules: Any,
        table: int,
        played: Iterable[tuple[Any, Iterable[tuple[int, Any]]]],
        first_dealer: int,
        seed: int | None = None,
        seats: list[dict[str, str]] | None = None,
        meta: dict[str, Any] | None = None,
    ) -> Rec:
        """The record of ``played``: each deal and its history so far.

        ``seats`` (default: ``{"name": "seat 0"}`` and so on) and ``meta`` are kept as given.
        """
        seat_info = tuple(seats or [{"name": f"seat {i}"} for i in range(table)])
        if self.seats is not None and len(seat_info) != self.seats:
            raise RecordError(f"{self.game} has {_NUMBERS[self.seats]} seats")
        deals = tuple(DealRecord(deal, tuple(history)) for deal, history in played)
        return self.record(kind, rules, seat_info, deals, first_dealer, seed, dict(meta or {}))

    def of_match(
        self,
        match: _Started,
        table: int,
        states: Iterable[_Played],
        seats: list[dict[str, str]] | None = None,
        meta: dict[str, Any] | None = None,
    ) -> Rec:
        """The record of ``match`` so far (the last deal may be unfinished) from its deals' states in order."""
        played = ((state.deal, state.history) for state in states)
        return self.new("match", match.rules, table, played, match.first_dealer, match.seed, seats, meta)

    def to_dict(self, record: Rec) -> dict[str, Any]:
        """The JSON-ready form of a record."""
        data = envelope(self.game, record.kind)
        data["rules"] = record.rules.record_dict()
        data["seats"] = [dict(s) for s in record.seats]
        data["first_dealer"] = record.first_dealer
        if record.seed is not None:
            data["seed"] = record.seed
        if record.meta:
            data["meta"] = record.meta
        data[self.deals_key] = [
            {**self.write_deal(d.deal), "actions": [[seat, a.text()] for seat, a in d.actions]} for d in record.deals
        ]
        return data

    def dumps(self, record: Rec, indent: int | None = 1) -> str:
        """The record as JSON text (``indent=None``: one line)."""
        return json.dumps(self.to_dict(record), indent=indent, ensure_ascii=False)

    def dump(self, record: Rec, fp: IO[str]) -> None:
        """Write the record as JSON to a text file."""
        fp.write(self.dumps(record))
        fp.write("\n")

    def load(self, fp: IO[str]) -> Rec:
        """Read a record from a text file."""
        return self.loads(fp.read())

    def loads(self, text: str) -> Rec:
        """Read a record from JSON text; anything malformed raises :class:`RecordError` saying where."""
        return self.from_dict(parse_envelope(text, self.game))

    def from_dict(self, data: Any) -> Rec:
        """Read a record from its parsed JSON object, as :meth:`loads` reads the text."""
        data = parse_envelope("", self.game, data)
        kind = require(data, "kind", str, "record")
        if kind not in self.kinds:
            raise RecordError(f"record 'kind' must be {' or '.join(repr(k) for k in self.kinds)}")
        rules_data = require(data, "rules", dict, "record")
        revisions = self.rules_type.revisions_of(rules_data)
        rules = self.rules_type.from_dict(rules_data, revisions[0])
        seats = require(data, "seats", list, "record")
        if self.seats is not None and (len(seats) != self.seats or not all(isinstance(s, dict) for s in seats)):
            raise RecordError(f"record: 'seats' must be {_NUMBERS[self.seats]} objects")
        if not all(isinstance(s, dict) for s in seats):
            raise RecordError("record: every seat must be an object")
        table = len(seats)
        first_dealer = require(data, "first_dealer", int, "record")
        if not 0 <= first_dealer < table:
            raise RecordError(f"record: 'first_dealer' must be a seat from 0 to {table - 1}")
        seed = data.get("seed")
        if seed is not None and type(seed) is not int:
            raise RecordError("record: 'seed' must be an integer")
        meta = data.get("meta", {})
        if not isinstance(meta, dict):
            raise RecordError("record: 'meta' must be an object")
        deals = tuple(
            self._read_deal(raw, f"{self.word} {i + 1}", table, rules)
            for i, raw in enumerate(require(data, self.deals_key, list, "record"))
        )
        if kind == "hand" and len(deals) != 1:
            raise RecordError("a hand record holds exactly one hand")
        if not deals:
            raise RecordError(f"record: a match record holds at least one {self.word}")
        inferred = "revision" not in rules_data and len(self.rules_type.UNMARKED) > 1
        records = [
            self.record(kind, r, tuple(dict(s) for s in seats), deals, first_dealer, seed, meta, rev, inferred)
            for rev, r in [(revisions[0], rules)]
            + [(rev, self.rules_type.from_dict(rules_data, rev)) for rev in revisions[1:]]
        ]
        return self._settle(records)

    def _settle(self, records: list[Rec]) -> Rec:
        """Of the readings of a record that names no revision (newest first), the first under which it replays.

        None replays: the one that got furthest, whose replay then says what is wrong.
        """
        if len(records) == 1 or self.replay is None:
            return records[0]
        reached: list[tuple[tuple[int, int], int]] = []
        for i, record in enumerate(records):
            try:
                self.replay(record)
            except ReplayError as exc:
                reached.append(((exc.hand, exc.position), -i))
                continue
            except RecordError:
                reached.append(((-1, -1), -i))
                continue
            return record
        return records[-max(reached)[1]]

    def _read_deal(self, raw: Any, where: str, table: int, rules: Any) -> DealRecord[Any, Any]:
        if not isinstance(raw, dict):
            raise RecordError(f"{where}: must be an object")
        deal = self.read_deal(raw, where, require(raw, "dealer", int, where), table, rules)
        actions = []
        for j, item in enumerate(require(raw, "actions", list, where)):
            if not isinstance(item, list) or len(item) != 2 or type(item[0]) is not int or not isinstance(item[1], str):
                raise RecordError(f'{where}, action {j + 1}: must be [seat, "action text"]')
            try:
                actions.append((item[0], self.parse_action(item[1])))
            except NotationError as exc:
                raise RecordError(f"{where}, action {j + 1}: {exc}") from None
        return DealRecord(deal, tuple(actions))

    def play(
        self, record: Rec, match: _Playing, dealt: Callable[[], Sequence[T]], stop: int | None = None
    ) -> Iterator[tuple[int, T]]:
        """Replay ``record``'s actions through ``match``, which deals the record's deals: after each deal's
        actions, yield its index and its state (``dealt()[index]``: what ``match`` dealt so far).

        The first action out of turn or not legal raises :class:`ReplayError` (the deal, the action's
        position, the engine's reason); a deal the match never comes to is a :class:`RecordError`.
        ``stop``: end after that many actions (counted over every deal; the deal it ends in is not
        yielded unless its last action is the last one), a :class:`RecordError` if the record holds fewer.
        """
        if stop is not None and stop < 0:
            raise RecordError(f"a number of actions is 0 or more, not {stop}")
        left = stop
        for index, drec in enumerate(record.deals):
            states = dealt()
            if match.is_over or len(states) <= index:
                raise RecordError(
                    f"{self.word} {index + 1}: the match was already over or the previous {self.word} unfinished"
                )
            state = states[index]
            for pos, (seat, action) in enumerate(drec.actions):
                if left is not None:
                    if left == 0:
                        return
                    left -= 1
                if state.is_over:
                    raise ReplayError(index, pos, action.text(), f"the {self.word} is already over")
                if seat != state.to_act:
                    raise ReplayError(index, pos, action.text(), f"it is seat {state.to_act}'s turn, not seat {seat}'s")
                try:
                    match.apply(action)  # deals the next deal when this one ends
                except IllegalActionError as exc:
                    raise ReplayError(index, pos, action.text(), str(exc)) from None
            yield index, state
        if stop is not None and left:
            raise RecordError(f"the record holds {stop - left} actions, not {stop}")

    def rebuild(self, record: Rec, match: P, dealt: Callable[[], Sequence[T]], stop: int | None = None) -> P:
        """``match``, which deals the record's deals, after the record's first ``stop`` actions (all when
        None), checked as :meth:`play` checks them: a game's :meth:`~troef.core.game.Game.match_from_record`."""
        for _ in self.play(record, match, dealt, stop):
            pass
        return match


# ---------------------------------------------------------------------- records of action texts only
class _Checking(Protocol):
    @property
    def is_over(self) -> bool: ...

    def check(self, action: Any, /) -> str | None: ...

    def apply(self, action: Any, /) -> object: ...


def action_texts(data: Mapping[str, Any], key: str = "deals", word: str = "deal") -> list[list[str]]:
    """The deals of a record that writes each deal as its list of action texts (a game whose seed deals
    the cards again: ``"deals": [["play Ah", "play Kh"], ...]``); :class:`RecordError` saying where if not."""
    deals: list[list[str]] = require(dict(data), key, list, "the record")
    for index, actions in enumerate(deals):
        if not isinstance(actions, list):
            raise RecordError(f"{word} {index + 1}: must be a list of action texts")
        for position, action in enumerate(actions):
            if not isinstance(action, str):
                raise RecordError(f"{word} {index + 1}, action {position + 1}: not text")
    return deals


def play_texts(
    match: _Checking,
    deals: Sequence[Sequence[str]],
    parse: Callable[[str], Any],
    dealt: Callable[[], int],
    stop: int | None = None,
    word: str = "deal",
) -> None:
    """Play the deals :func:`action_texts` read through ``match`` (``dealt()``: its deals so far), the first
    ``stop`` actions of them (all when None). An action that is malformed, not legal, or given in a deal
    the match is not in raises :class:`ReplayError`; a deal after the match's end, or fewer actions than
    ``stop``, a :class:`RecordError`."""
    if stop is not None and stop < 0:
        raise RecordError(f"a number of actions is 0 or more, not {stop}")
    done = 0
    for index, actions in enumerate(deals):
        if index and match.is_over:
            raise RecordError(f"{word} {index + 1}: not a {word} of this match")
        for position, text in enumerate(actions):
            if stop is not None and done == stop:
                return
            try:
                action = parse(text)
            except NotationError as exc:
                raise ReplayError(index, position, text, str(exc)) from None
            reason = None if dealt() == index + 1 else f"that {word} has not started"
            reason = reason or match.check(action)
            if reason is not None:
                raise ReplayError(index, position, text, reason)
            match.apply(action)
            done += 1
    if stop is not None and done < stop:
        raise RecordError(f"the record holds {done} actions, not {stop}")
