"""Duel, whole: its rules, its matches and views, its record, its words and the :class:`Game` troef sees.

The rules (invented for this example, so every line is its own source):

1. Sixteen cards: jack, queen, king and ace of the four suits; two players.
2. Each player gets six cards; of the four left, the first is turned face up: its suit is trump for the
   deal, and the card stays out of play. The other three are out of play, unseen.
3. The player after the dealer leads the first trick; the winner of a trick leads the next.
4. A player follows the suit led if able. With the switch ``must_trump`` (the preset ``standard``),
   a player who cannot follow must play a trump if able; in ``free`` any card will do.
5. The highest trump wins the trick; without a trump, the highest card of the suit led (A K Q J).
6. Each trick is a point; a match is three deals, the deal passing to the other player.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from troef.cards import SUIT_NAMES, card_str, cards_of, make_card, mask_of, parse_card, rank_of, suit_of
from troef.core.actions import SPECTATOR
from troef.core.bot import Bot
from troef.core.chance import GameRandom
from troef.core.errors import IllegalActionError, NotationError, RecordError, TroefError
from troef.core.game import Game, Moment, Preset, Switch, SwitchValue, TableView
from troef.core.records import action_texts, envelope, parse_envelope, play_texts, require
from troef.core.refusals import Refusal, Texts

#: The deck (rule 1): troef's card numbers of J, Q, K, A of hearts, diamonds, clubs and spades.
DECK: Final = tuple(make_card(suit, rank) for suit in range(4) for rank in range(4, 8))
#: Cards per hand, and so tricks per deal (rule 2).
TRICKS: Final = 6
#: Deals in a match (rule 6).
DEALS: Final = 3
#: The one switch (rule 4), and its value in each preset.
MUST_TRUMP: Final = Switch("must_trump", (False, True), "Who cannot follow must trump if able (rule 4).")
PRESETS: Final[dict[str, tuple[bool, str]]] = {
    "standard": (True, "who cannot follow must trump"),
    "free": (False, "who cannot follow plays any card"),
}

# ---------------------------------------------------------------------- words, in Dutch, English and German
_RANKS: Final = {
    "nl": ("7", "8", "9", "10", "B", "V", "H", "A"),
    "en": ("7", "8", "9", "10", "J", "Q", "K", "A"),
    "de": ("7", "8", "9", "10", "B", "D", "K", "A"),
}
#: Why a card is refused, and the words of a plain table (:attr:`Texts.words`), in every language.
TEXTS: Final = Texts(
    "duel",
    {
        "over": {"nl": "het spel is voorbij", "en": "the match is over", "de": "das Spiel ist vorbei"},
        "only_play": {
            "nl": "in Duel speel je alleen kaarten",
            "en": "in Duel you only play cards",
            "de": "im Duell spielt man nur Karten",
        },
        "not_held": {
            "nl": "je hebt {card:card} niet",
            "en": "you do not hold {card:card}",
            "de": "du hast {card:card} nicht",
        },
        "follow": {
            "nl": "je moet {suit:suit} bekennen",
            "en": "you must follow {suit:suit}",
            "de": "du musst {suit:suit} bedienen",
        },
        "trump": {
            "nl": "je kunt niet bekennen: je moet troeven ({suit:suit})",
            "en": "you cannot follow: you must trump ({suit:suit})",
            "de": "du kannst nicht bedienen: du musst trumpfen ({suit:suit})",
        },
    },
    suits=SUIT_NAMES,
    ranks=_RANKS,
    cards=dict.fromkeys(("nl", "en", "de"), "{rank}{symbol}"),
    words={
        "title": {"nl": "Duel", "en": "Duel", "de": "Duell"},
        "deal": {"nl": "spel {n}", "en": "deal {n}", "de": "Spiel {n}"},
        "phase_play": {"nl": "spelen", "en": "play", "de": "Spiel"},
        "phase_done": {"nl": "klaar", "en": "done", "de": "fertig"},
        "preset_standard": {"nl": "standaard (troeven)", "en": "standard (must trump)", "de": "Standard (Trumpfzwang)"},
        "preset_free": {"nl": "vrij", "en": "free", "de": "frei"},
        "level_random": {"nl": "gokker", "en": "guesser", "de": "Zufall"},
        "level_club": {"nl": "clubspeler", "en": "club player", "de": "Vereinsspieler"},
        "switch_must_trump": {"nl": "verplicht troeven", "en": "must trump", "de": "Trumpfzwang"},
        "action_play": {"nl": "speel {card:card}", "en": "play {card:card}", "de": "spiele {card:card}"},
    },
)


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
        raise NotationError(f"{rest.strip()} is not a card of Duel (J, Q, K, A of each suit)")
    return Play(card)


def beats(card: int, best: int, trump: int) -> bool:
    """Whether ``card`` takes the trick from ``best``, the card winning it so far (rule 5)."""
    if suit_of(card) == suit_of(best):
        return rank_of(card) > rank_of(best)
    return suit_of(card) == trump


class Deal:
    """One deal (rules 2-5): six tricks from the dealt hands."""

    def __init__(self, dealer: int, hands: tuple[int, int], turned: int, unseen: int, must_trump: bool) -> None:
        self.dealer = dealer
        self.dealt = hands
        self.turned = turned
        self.unseen = unseen
        self.trump = suit_of(turned)
        self.must_trump = must_trump
        self.hands = list(hands)
        self.leader = 1 - dealer
        self.trick: list[tuple[int, int]] = []
        self.tricks: list[tuple[tuple[tuple[int, int], ...], int]] = []
        self.won = [0, 0]
        self.history: list[tuple[int, Play]] = []

    @property
    def over(self) -> bool:
        return sum(self.won) == TRICKS

    @property
    def is_over(self) -> bool:  # what the layers read of the deal in play (troef.core.game.DealInPlay)
        return self.over

    @property
    def to_act(self) -> int:
        return -1 if self.over else (self.leader + len(self.trick)) % 2

    def legal_cards(self, seat: int) -> list[int]:
        hand = cards_of(self.hands[seat])
        if not self.trick:
            return hand
        led = suit_of(self.trick[0][1])
        follow = [c for c in hand if suit_of(c) == led]
        if follow:
            return follow
        trumps = [c for c in hand if suit_of(c) == self.trump]
        return trumps if self.must_trump and trumps else hand

    def refusal(self, action: object) -> Refusal | None:
        if not isinstance(action, Play):
            return TEXTS.refusal("only_play")
        seat = self.to_act
        if not self.hands[seat] >> action.card & 1:
            return TEXTS.refusal("not_held", card=action.card)
        if action.card in self.legal_cards(seat):
            return None
        led = suit_of(self.trick[0][1])
        if any(suit_of(c) == led for c in cards_of(self.hands[seat])):
            return TEXTS.refusal("follow", suit=led)
        return TEXTS.refusal("trump", suit=self.trump)

    def apply(self, action: Play) -> None:
        seat = self.to_act
        self.hands[seat] &= ~(1 << action.card)
        self.trick.append((seat, action.card))
        self.history.append((seat, action))
        if len(self.trick) == 2:
            (first, led), (second, answer) = self.trick
            winner = second if beats(answer, led, self.trump) else first
            self.won[winner] += 1
            self.tricks.append((tuple(self.trick), winner))
            self.leader = winner
            self.trick = []


class Match:
    """A match of Duel from a seed: three deals (rule 6)."""

    def __init__(
        self,
        preset: str,
        must_trump: bool,
        seed: int | None = None,
        first_dealer: int | None = None,
        dealt: Sequence[tuple[tuple[int, int], int, int]] = (),
    ) -> None:
        self.preset = preset
        self.must_trump = must_trump
        self.rng = GameRandom(seed)
        self.seed = self.rng.seed
        drawn = self.rng.randrange(2)  # drawn always: a given dealer deals the same cards
        self.first_dealer = drawn if first_dealer is None else first_dealer
        self._dealt = list(dealt)  # given deals (a redeal keeps the generator in step)
        self.deals: list[Deal] = []
        self._next_deal()

    def _next_deal(self) -> None:
        cards = self.rng.shuffled(list(DECK))
        hands = (mask_of(cards[0:TRICKS]), mask_of(cards[TRICKS : 2 * TRICKS]))
        turned, unseen = cards[2 * TRICKS], mask_of(cards[2 * TRICKS + 1 :])
        if len(self._dealt) > len(self.deals):
            hands, turned, unseen = self._dealt[len(self.deals)]
        dealer = (self.first_dealer + len(self.deals)) % 2
        self.deals.append(Deal(dealer, hands, turned, unseen, self.must_trump))

    @property
    def deal(self) -> Deal:
        return self.deals[-1]

    @property
    def is_over(self) -> bool:
        return self.deal.over and len(self.deals) == DEALS

    @property
    def to_act(self) -> int:
        return -1 if self.is_over else self.deal.to_act

    def legal_actions(self) -> list[Play]:
        return [] if self.is_over else [Play(c) for c in self.deal.legal_cards(self.to_act)]

    def refusal(self, action: Play) -> Refusal | None:
        return TEXTS.refusal("over") if self.is_over else self.deal.refusal(action)

    def check(self, action: Play) -> str | None:
        refused = self.refusal(action)
        return None if refused is None else str(refused)

    def apply(self, action: Play) -> None:
        refused = self.refusal(action)
        if refused is not None:
            raise IllegalActionError(str(refused))
        self.deal.apply(action)
        if self.deal.over and len(self.deals) < DEALS:
            self._next_deal()

    def score(self) -> list[int]:
        return [sum(d.won[seat] for d in self.deals) for seat in (0, 1)]


@dataclass(frozen=True, slots=True)
class DuelView:
    """What one seat (or a spectator) knows of a deal: the table's rules, its own cards, the turned trump card,
    the moves."""

    preset: str
    must_trump: bool
    viewer: int
    to_act: int
    phase: str
    legal: tuple[str, ...]
    deal: int
    dealer: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, int]
    turned: int
    trick: tuple[tuple[int, int], ...]
    tricks: tuple[tuple[tuple[tuple[int, int], ...], int], ...]
    won: tuple[int, int]
    score: tuple[int, int]
    events: tuple[tuple[int, str], ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "preset": self.preset,
            "must_trump": self.must_trump,
            "viewer": self.viewer,
            "to_act": self.to_act,
            "phase": self.phase,
            "legal": list(self.legal),
            "deal": self.deal,
            "dealer": self.dealer,
            "hand": [card_str(c) for c in self.hand],
            "hand_sizes": list(self.hand_sizes),
            "turned": card_str(self.turned),
            "trick": [[seat, card_str(card)] for seat, card in self.trick],
            "tricks": [[[[seat, card_str(card)] for seat, card in cards], winner] for cards, winner in self.tricks],
            "won": list(self.won),
            "score": list(self.score),
            "events": [[seat, text] for seat, text in self.events],
        }

    def known_cards(self) -> int:
        played = (parse_action(text).card for _, text in self.events)
        return mask_of([*self.hand, self.turned, *played])


def view_of(match: Match, viewer: int, index: int) -> DuelView:
    deal = match.deals[index]
    current = index == len(match.deals) - 1
    to_act = deal.to_act if current and not match.is_over else -1
    legal = tuple(Play(c).text() for c in deal.legal_cards(viewer)) if to_act == viewer >= 0 else ()
    before = match.deals[: index + 1]
    return DuelView(
        preset=match.preset,
        must_trump=match.must_trump,
        viewer=viewer,
        to_act=to_act,
        phase="done" if deal.over else "play",
        legal=legal,
        deal=index + 1,
        dealer=deal.dealer,
        hand=tuple(cards_of(deal.hands[viewer])) if viewer >= 0 else (),
        hand_sizes=(len(cards_of(deal.hands[0])), len(cards_of(deal.hands[1]))),
        turned=deal.turned,
        trick=tuple(deal.trick),
        tricks=tuple(deal.tricks),
        won=(deal.won[0], deal.won[1]),
        score=(sum(d.won[0] for d in before), sum(d.won[1] for d in before)),
        events=tuple((seat, action.text()) for seat, action in deal.history),
    )


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a replay found: whether the match ended, its deals, and each seat's tricks."""

    finished: bool
    deals: int
    tricks: tuple[int, int]

    def to_json(self) -> dict[str, Any]:
        return {"finished": self.finished, "deals": self.deals, "tricks": list(self.tricks)}


class ClubBot(Bot):
    """The ``club`` level: win the trick as cheaply as it can, else throw its lowest card."""

    kind = "club"

    def act(self, view: DuelView) -> Play:
        cards = sorted(
            (parse_action(text).card for text in view.legal),
            key=lambda c: (suit_of(c) == suit_of(view.turned), rank_of(c)),
        )
        if view.trick:
            led = view.trick[0][1]
            winning = [c for c in cards if beats(c, led, suit_of(view.turned))]
            return Play(winning[0] if winning else cards[0])
        return Play(cards[-1])  # lead its strongest


class Duel(Game[Match, Play, DuelView, Outcome]):
    """Duel, for troef's layers: two presets, one switch, a club player; of the layers' parts, only what
    OpenSpiel and PettingZoo need declared (``troef_duel.research``)."""

    name: ClassVar[str] = "duel"
    title: ClassVar[str] = "Duel"
    languages: ClassVar[tuple[str, ...]] = ("nl", "en", "de")
    bots: ClassVar[Mapping[str, str]] = {"club": "troef_duel.game:ClubBot"}
    research_part: ClassVar[str | None] = "troef_duel.research:PART"

    # ------------------------------------------------------------------ presets and matches
    def presets(self) -> Mapping[str, Preset]:
        return {name: Preset(name, (2,), 2, text) for name, (_, text) in PRESETS.items()}

    def new_match(
        self,
        preset: str,
        players: int | None = None,
        *,
        seed: int | None = None,
        first_dealer: int | None = None,
        switches: Mapping[str, SwitchValue] | None = None,
    ) -> Match:
        self.preset(preset)
        if players not in (None, 2):
            raise TroefError(f"Duel is for 2 players, not {players}")
        unknown = set(switches or {}) - {MUST_TRUMP.name}
        if unknown:
            raise TroefError(f"Duel has no switch {sorted(unknown)[0]!r}")
        must_trump = (switches or {}).get(MUST_TRUMP.name, self.switch_default(preset, MUST_TRUMP.name))
        if not isinstance(must_trump, bool):
            raise TroefError(f"must_trump is true or false, not {must_trump!r}")
        if first_dealer not in (None, 0, 1):
            raise TroefError(f"the first dealer is seat 0 or 1, not {first_dealer}")
        return Match(preset, must_trump, seed=seed, first_dealer=first_dealer)

    def players(self, match: Match) -> int:
        return 2

    def deals(self, match: Match) -> int:
        return len(match.deals)

    def deal_started(self, match: Match) -> bool:
        return bool(match.deal.history)

    def moment(self, match: Match) -> Moment:
        deal = match.deal
        return "deal_start" if not deal.history else "trick_done" if not deal.trick else "playing"

    def switches(self) -> Sequence[Switch]:
        return (MUST_TRUMP,)

    def switch_default(self, preset: str, name: str) -> SwitchValue:
        if name != MUST_TRUMP.name:
            raise TroefError(f"Duel has no switch {name!r}")
        return PRESETS[self.preset(preset).name][0]

    # ------------------------------------------------------------------ actions and views
    def parse_action(self, text: str) -> Play:
        return parse_action(text)

    def refusal(self, match: Match, action: Play) -> Refusal | None:
        return match.refusal(action)

    def texts(self) -> Texts:
        return TEXTS

    def view(self, match: Match, viewer: int = SPECTATOR, deal: int | None = None) -> DuelView:
        index = len(match.deals) - 1 if deal is None else deal
        if not 0 <= index < len(match.deals):
            raise IndexError(f"no deal {index + 1} in this match")
        return view_of(match, viewer, index)

    def table_view(self, view: DuelView) -> TableView:
        return TableView(
            viewer=view.viewer,
            seats=2,
            to_act=view.to_act,
            phase=view.phase,
            deal=view.deal,
            dealer=view.dealer,
            hand=view.hand,
            hand_sizes=view.hand_sizes,
            trick=view.trick,
            tricks=view.tricks,
            score=view.score,
            trump=suit_of(view.turned),
            open_cards=(view.turned,),
            legal=view.legal,
            events=view.events,
        )

    def standing(self, match: Match) -> list[dict[str, Any]]:
        return [{"seat": seat, "tricks": tricks} for seat, tricks in enumerate(match.score())]

    def scores(self, match: Match) -> dict[int, float]:
        return {seat: float(tricks) for seat, tricks in enumerate(match.score())}

    def shuffle_unseen(self, match: Match, viewer: int, seed: int) -> Match | None:
        """One card of the other hand swapped with an unseen one; the moves replayed (None if they cannot be)."""
        deal = match.deal
        known = view_of(match, viewer, len(match.deals) - 1).known_cards()
        other = 1 - viewer if viewer in (0, 1) else 1
        theirs = [c for c in cards_of(deal.dealt[other]) if not known >> c & 1]
        unseen = [c for c in cards_of(deal.unseen) if not known >> c & 1]
        if viewer == SPECTATOR:
            unseen += [c for c in cards_of(deal.dealt[0]) if not known >> c & 1]
        pairs = [(a, b) for a in theirs for b in unseen if a != b]
        random.Random(seed).shuffle(pairs)
        for a, b in pairs:
            swap = (1 << a) | (1 << b)  # a and b lie with different holders: each holder gives one, takes the other
            hands0, hands1, rest = ((m ^ swap if m & swap else m) for m in (*deal.dealt, deal.unseen))
            dealt = [(d.dealt, d.turned, d.unseen) for d in match.deals[:-1]]
            dealt.append(((hands0, hands1), deal.turned, rest))
            redealt = Match(match.preset, match.must_trump, match.seed, match.first_dealer, dealt)
            try:
                for d in match.deals:
                    for _seat, action in d.history:
                        redealt.apply(action)
            except IllegalActionError:
                continue
            return redealt
        return None

    # ------------------------------------------------------------------ records
    def record(
        self, match: Match, seats: list[dict[str, str]] | None = None, meta: dict[str, Any] | None = None
    ) -> str:
        data = envelope(self.name, "match")
        default = PRESETS[match.preset][0]
        switches = {} if match.must_trump == default else {MUST_TRUMP.name: match.must_trump}
        data |= {"rules": {"preset": match.preset, "switches": switches}, "players": 2}
        data |= {"seed": match.seed, "first_dealer": match.first_dealer, "seats": seats or [], "meta": meta or {}}
        data["deals"] = [[action.text() for _, action in d.history] for d in match.deals]
        return json.dumps(data, ensure_ascii=False)

    def replay(self, text: str) -> Outcome:
        match = self.match_from_record(parse_envelope(text, self.name))
        score = match.score()
        return Outcome(match.is_over, len(match.deals), (score[0], score[1]))

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
        state = "finished" if outcome.finished else "unfinished"
        return f"Duel: {outcome.deals} deal(s), {state}; tricks seat 0 {outcome.tricks[0]}, seat 1 {outcome.tricks[1]}"

    # ------------------------------------------------------------------ benchmark
    def random_deal(self, preset: str, players: int, seed: int, chooser: random.Random, dealer: int = 0) -> int:
        match = self.new_match(preset, players, seed=seed, first_dealer=dealer)
        actions = 0
        while not match.deal.over:
            legal = match.legal_actions()
            match.apply(legal[chooser.randrange(len(legal))])
            actions += 1
        return actions


#: The one Duel game (what the entry point names).
GAME: Final = Duel()
