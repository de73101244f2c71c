"""Tiny, whole: its engine, views, record and the :class:`~troef.core.game.Game` that troef's layers see.

The rules: twelve cards (jack, queen, king, ace of hearts, diamonds and clubs),
three to each player, two or four players; the player after the dealer leads;
follow suit if you can; the highest card of the suit led wins the trick and
leads the next; no trump. A match is a number of deals (the ``deals`` switch),
the dealer passing to the left; each trick won is a point.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from troef.cards import card_str, cards_of, mask_of, parse_card, rank_of, suit_of
from troef.core.actions import SPECTATOR
from troef.core.bot import Bot
from troef.core.chance import GameRandom
from troef.core.errors import IllegalActionError, NotationError, RecordError, TroefError
from troef.core.game import Game, Moment, Preset, Switch, SwitchValue
from troef.core.records import action_texts, envelope, parse_envelope, play_texts, require

#: The cards of the game (troef's card numbers): J, Q, K, A of hearts, diamonds and clubs.
DECK: Final = tuple(parse_card(rank + suit) for suit in "hdc" for rank in "JQKA")
#: Cards per hand, and so tricks per deal.
TRICKS: Final = 3
#: The rule sets: name -> (numbers of players, default players, deals in a match, description).
PRESETS: Final[dict[str, tuple[tuple[int, ...], int, int, str]]] = {
    "plain": ((2, 4), 4, 2, "two or four players, two deals"),
    "duel": ((2,), 2, 3, "two players, three deals"),
}
SWITCHES: Final = (Switch("deals", (1, 2, 3), "Deals in a match."),)


@dataclass(frozen=True, slots=True)
class Play:
    """The one kind of action: play a card."""

    card: int

    def text(self) -> str:
        return f"play {card_str(self.card)}"


def parse_action(text: str) -> Play:
    """``'play Ah'`` -> :class:`Play`; anything else raises :class:`NotationError` saying what to write."""
    word, _, rest = text.strip().partition(" ")
    if word != "play" or not rest.strip():
        raise NotationError(f"write 'play <card>', e.g. 'play Ah', not {text[:20]!r}")
    card = parse_card(rest.strip())
    if card not in DECK:
        raise NotationError(f"{rest.strip()} is not a card of Tiny (J, Q, K, A of hearts, diamonds, clubs)")
    return Play(card)


class Deal:
    """One deal: three tricks."""

    def __init__(self, players: int, dealer: int, dealt: tuple[int, ...]) -> None:
        self.players = players
        self.dealer = dealer
        self.dealt = dealt
        self.hands = list(dealt)
        self.leader = (dealer + 1) % players
        self.trick: list[tuple[int, int]] = []
        self.tricks: list[tuple[tuple[tuple[int, int], ...], int]] = []
        self.won = [0] * players
        self.history: list[tuple[int, Play]] = []

    @property
    def over(self) -> bool:
        return len(self.tricks) == TRICKS

    @property
    def is_over(self) -> bool:  # what the layers read of the deal in play (troef.core.game.DealInPlay)
        return self.over

    @property
    def to_act(self) -> int:
        return -1 if self.over else (self.leader + len(self.trick)) % self.players

    def legal_cards(self, seat: int) -> list[int]:
        hand = self.hands[seat]
        if self.trick:
            led = suit_of(self.trick[0][1])
            follow = [c for c in cards_of(hand) if suit_of(c) == led]
            if follow:
                return follow
        return cards_of(hand)

    def reason(self, action: object) -> str | None:
        if not isinstance(action, Play):
            return "Tiny has only card plays"
        if self.over:
            return "the deal is over"
        seat = self.to_act
        if not self.hands[seat] >> action.card & 1:
            return f"you do not hold {card_str(action.card)}"
        if action.card not in self.legal_cards(seat):
            return "you must follow the suit led"
        return None

    def apply(self, action: Play) -> None:
        seat = self.to_act
        self.hands[seat] &= ~(1 << action.card)
        self.trick.append((seat, action.card))
        self.history.append((seat, action))
        if len(self.trick) == self.players:
            led = suit_of(self.trick[0][1])
            winner = max((s for s, c in self.trick if suit_of(c) == led), key=lambda s: rank_of(dict(self.trick)[s]))
            self.tricks.append((tuple(self.trick), winner))
            self.won[winner] += 1
            self.leader = winner
            self.trick = []


class Match:
    """A match of Tiny from a seed: deal after deal."""

    def __init__(
        self,
        preset: str,
        players: int,
        deals: int,
        seed: int | None = None,
        first_dealer: int | None = None,
        dealt: Iterator[tuple[int, ...]] | None = None,
    ) -> None:
        self.preset = preset
        self.players = players
        self.deals_in_match = deals
        self.rng = GameRandom(seed)
        self.seed = self.rng.seed
        drawn = self.rng.shuffled(list(range(players)))[0]  # drawn always: a given dealer deals the same cards
        self.first_dealer = drawn if first_dealer is None else first_dealer
        self._dealt = dealt
        self.deals: list[Deal] = []
        self._next_deal()

    def _next_deal(self) -> None:
        dealer = (self.first_dealer + len(self.deals)) % self.players
        cards = self.rng.shuffled(list(DECK))  # drawn even when the hands are given: the seed stays in step
        hands = tuple(mask_of(cards[TRICKS * s : TRICKS * (s + 1)]) for s in range(self.players))
        if self._dealt is not None:
            hands = next(self._dealt, hands)
        self.deals.append(Deal(self.players, dealer, hands))

    @property
    def deal(self) -> Deal:
        return self.deals[-1]

    @property
    def is_over(self) -> bool:
        return self.deal.over and len(self.deals) == self.deals_in_match

    @property
    def to_act(self) -> int:
        return -1 if self.is_over else self.deal.to_act

    def legal_actions(self) -> list[Play]:
        return [] if self.is_over else [Play(c) for c in self.deal.legal_cards(self.to_act)]

    def check(self, action: Play) -> str | None:
        return "the match is over" if self.is_over else self.deal.reason(action)

    def apply(self, action: Play) -> None:
        reason = self.check(action)
        if reason is not None:
            raise IllegalActionError(reason)
        self.deal.apply(action)
        if self.deal.over and len(self.deals) < self.deals_in_match:
            self._next_deal()

    def tricks(self) -> list[int]:
        return [sum(d.won[s] for d in self.deals) for s in range(self.players)]


@dataclass(frozen=True, slots=True)
class TinyView:
    """What one seat (or a spectator) sees of a deal: its own cards, the tricks, the score."""

    viewer: int
    to_act: int
    phase: str
    legal: tuple[str, ...]
    deal: int
    hand: tuple[str, ...]
    trick: tuple[tuple[int, str], ...]
    won: tuple[int, ...]
    events: tuple[tuple[int, str], ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "viewer": self.viewer,
            "to_act": self.to_act,
            "phase": self.phase,
            "legal": list(self.legal),
            "deal": self.deal,
            "hand": list(self.hand),
            "trick": [[s, c] for s, c in self.trick],
            "won": list(self.won),
            "events": [[seat, text] for seat, text in self.events],
        }

    def known_cards(self) -> int:
        shown = [*self.hand, *(c for _, c in self.trick), *(text.rsplit(" ", 1)[1] for _, text in self.events)]
        return mask_of(parse_card(text) for text in shown)


def view_of(match: Match, viewer: int, index: int) -> TinyView:
    deal = match.deals[index]
    current = index == len(match.deals) - 1
    events = [(seat, action.text()) for seat, action in deal.history]
    to_act = deal.to_act if current and not match.is_over else -1
    legal = tuple(Play(c).text() for c in deal.legal_cards(viewer)) if to_act == viewer and viewer >= 0 else ()
    return TinyView(
        viewer=viewer,
        to_act=to_act,
        phase="done" if deal.over else "play",
        legal=legal,
        deal=index + 1,
        hand=tuple(card_str(c) for c in cards_of(deal.hands[viewer])) if viewer >= 0 else (),
        trick=tuple((s, card_str(c)) for s, c in deal.trick),
        won=tuple(deal.won),
        events=tuple(events),
    )


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a replay found: whether the match ended, and each seat's tricks."""

    finished: bool
    deals: int
    tricks: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"finished": self.finished, "deals": self.deals, "tricks": list(self.tricks)}


class GreedyBot(Bot):
    """The ``club`` level: the highest legal card."""

    kind = "club"

    def act(self, view: TinyView) -> Play:
        return max((parse_action(text) for text in view.legal), key=lambda p: (rank_of(p.card), -p.card))


class Tiny(Game[Match, Play, TinyView, Outcome]):
    """Tiny, for troef's layers: two presets, one switch, a bot besides ``random``; no part of its own in any layer."""

    name: ClassVar[str] = "tiny"
    title: ClassVar[str] = "Tiny"
    languages: ClassVar[tuple[str, ...]] = ("en", "nl", "de")
    bots: ClassVar[Mapping[str, str]] = {"club": "tests.games.tiny.game:GreedyBot"}
    research_part: ClassVar[str | None] = "tests.games.tiny.research:PART"

    def presets(self) -> Mapping[str, Preset]:
        return {name: Preset(name, players, default, text) for name, (players, default, _, text) in PRESETS.items()}

    def new_match(
        self,
        preset: str,
        players: int | None = None,
        *,
        seed: int | None = None,
        first_dealer: int | None = None,
        switches: Mapping[str, SwitchValue] | None = None,
    ) -> Match:
        info = self.preset(preset)
        table = info.default_players if players is None else players
        if table not in info.players:
            raise TroefError(f"Tiny {preset} is for {' or '.join(map(str, info.players))} players")
        unknown = set(switches or {}) - {"deals"}
        if unknown:
            raise TroefError(f"Tiny has no switch {sorted(unknown)[0]!r}")
        deals = (switches or {}).get("deals", self.switch_default(preset, "deals"))
        if deals not in SWITCHES[0].choices or isinstance(deals, bool):
            raise TroefError(f"deals must be one of 1, 2, 3, not {deals!r}")
        return Match(preset, table, int(deals), seed=seed, first_dealer=first_dealer)

    def players(self, match: Match) -> int:
        return match.players

    def deals(self, match: Match) -> int:
        return len(match.deals)

    def moment(self, match: Match) -> Moment:
        deal = match.deal
        return "deal_start" if not deal.history else "trick_done" if not deal.trick else "playing"

    def switches(self) -> Sequence[Switch]:
        return SWITCHES

    def switch_default(self, preset: str, name: str) -> SwitchValue:
        if name != "deals":
            raise TroefError(f"Tiny has no switch {name!r}")
        return PRESETS[preset][2]

    def parse_action(self, text: str) -> Play:
        return parse_action(text)

    def view(self, match: Match, viewer: int = SPECTATOR, deal: int | None = None) -> TinyView:
        index = len(match.deals) - 1 if deal is None else deal
        if not 0 <= index < len(match.deals):
            raise IndexError(f"no deal {index + 1} in this match")
        return view_of(match, viewer, index)

    def standing(self, match: Match) -> list[dict[str, Any]]:
        return [{"seat": seat, "tricks": tricks} for seat, tricks in enumerate(match.tricks())]

    def scores(self, match: Match) -> dict[int, float]:
        return {seat: float(tricks) for seat, tricks in enumerate(match.tricks())}

    def shuffle_unseen(self, match: Match, viewer: int, seed: int) -> Match | None:
        known = view_of(match, viewer, len(match.deals) - 1).known_cards()
        deal = match.deal
        hidden = [(s, c) for s in range(match.players) if s != viewer for c in cards_of(deal.hands[s])]
        pairs = [
            (a, b) for a in hidden for b in hidden if a[0] < b[0] and not known >> a[1] & 1 and not known >> b[1] & 1
        ]
        if not pairs:
            return None
        (sa, ca), (sb, cb) = random.Random(seed).choice(pairs)
        hands = list(deal.dealt)
        hands[sa] ^= (1 << ca) | (1 << cb)
        hands[sb] ^= (1 << ca) | (1 << cb)
        dealt = [d.dealt for d in match.deals[:-1]] + [tuple(hands)]
        other = Match(match.preset, match.players, match.deals_in_match, match.seed, match.first_dealer, iter(dealt))
        try:
            for d in match.deals:
                for _seat, action in d.history:
                    other.apply(action)
        except IllegalActionError:
            return None
        return other

    def record(
        self, match: Match, seats: list[dict[str, str]] | None = None, meta: dict[str, Any] | None = None
    ) -> str:
        data = envelope(self.name, "match")
        switches = {} if match.deals_in_match == PRESETS[match.preset][2] else {"deals": match.deals_in_match}
        data |= {"rules": {"preset": match.preset, "switches": switches}, "players": match.players}
        data |= {"seed": match.seed, "first_dealer": match.first_dealer, "seats": seats or [], "meta": meta or {}}
        data["deals"] = [[action.text() for _, action in d.history] for d in match.deals]
        return json.dumps(data, ensure_ascii=False)

    def replay(self, text: str) -> Outcome:
        match = self.match_from_record(parse_envelope(text, self.name))
        return Outcome(match.is_over, len(match.deals), tuple(match.tricks()))

    def deal_in_play(self, match: Match) -> Deal:
        return match.deal

    def recorded_deals(self, record: Mapping[str, Any]) -> list[list[Play]]:
        return [[parse_action(text) for text in deal] for deal in action_texts(record)]

    def match_from_record(self, record: Mapping[str, Any], actions: int | None = None) -> Match:
        data = parse_envelope("", self.name, record)
        rules = require(data, "rules", dict, "the record")
        deals = action_texts(data)
        try:
            match = self.new_match(
                require(rules, "preset", str, "rules"),
                require(data, "players", int, "the record"),
                seed=require(data, "seed", int, "the record"),
                first_dealer=require(data, "first_dealer", int, "the record"),
                switches=require(rules, "switches", dict, "rules"),
            )
        except TroefError as exc:
            raise RecordError(str(exc)) from None
        play_texts(match, deals, parse_action, lambda: len(match.deals), actions)
        return match

    def describe(self, outcome: Outcome) -> str:
        tricks = ", ".join(f"seat {seat} {n}" for seat, n in enumerate(outcome.tricks))
        return f"Tiny: {outcome.deals} deal(s), {'finished' if outcome.finished else 'unfinished'}; tricks {tricks}"

    def random_deal(self, preset: str, players: int, seed: int, chooser: random.Random, dealer: int = 0) -> int:
        match = Match(preset, players, 1, seed=seed, first_dealer=dealer)
        actions = 0
        while not match.is_over:
            legal = match.legal_actions()
            match.apply(legal[chooser.randrange(len(legal))])
            actions += 1
        return actions


#: The one Tiny game.
GAME: Final = Tiny()
