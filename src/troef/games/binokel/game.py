"""Binokel as a :class:`~troef.core.game.Game`: what the layers above the games see of it.

A thin door onto the engine's own modules (rules, match, view, record); no
rule is decided here.

>>> from troef.games import game
>>> binokel = game("binokel")
>>> list(binokel.presets()), binokel.languages[0]
(['cardgames'], 'de')
>>> match = binokel.new_match("cardgames", seed=7, first_dealer=0, switches={"target": 1000})
>>> binokel.view(match, match.to_act).legal
('pass', 'bid 250')
>>> binokel.check(match, binokel.parse_action("play Ah"))
'it is time to bid or pass'
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any, ClassVar, Final

from troef.cards import mask_of
from troef.core.bot import Bot, SlippingBot
from troef.core.chance import GameRandom
from troef.core.errors import RecordError
from troef.core.game import SPECTATOR, Game, Hint, Moment, Preset, Switch, SwitchValue
from troef.core.refusals import Refusal, Texts
from troef.games.binokel.actions import BinokelAction, Play, parse_action
from troef.games.binokel.deal import Deal, deal_cards
from troef.games.binokel.match import Match
from troef.games.binokel.record import FORMAT, ReplayOutcome, describe, dumps, loads, record_of_match, replay
from troef.games.binokel.rules import PRESETS, TARGETS, Rules, preset
from troef.games.binokel.state import DealState, Phase
from troef.games.binokel.texts import TEXTS
from troef.games.binokel.view import BinokelView, round_view, view_from_json, view_of_round


@cache
def _rules(name: str) -> Rules:
    return preset(name)


#: The rule switches a table may set: "Das Spiel gewinnen", the points that win (the rule text: 1500).
SWITCHES: Final = (Switch("target", TARGETS, "Points that win the game: 1000, 1500 (the rule text) or 2000."),)


def rules_of(name: str, switches: Mapping[str, SwitchValue] | None = None) -> Rules:
    """The rules of preset ``name`` with ``switches`` changed."""
    return preset(name, **switches) if switches else _rules(name)


def _seen_physically(r: DealState, viewer: int) -> int:
    """The physical cards ``viewer`` has seen: his hand and exchange, the melds, the cards played."""
    seen = 0
    if 0 <= viewer < 4:
        seen |= r.hands[viewer]
        if viewer in (r.declarer, r.partner):
            seen |= mask_of(r.given) | mask_of(r.returned)
    if r.phase >= Phase.PLAY:
        for seat in range(4):
            for meld in r.meld_of(seat):
                seen |= mask_of(meld.cards)
    return seen | mask_of(c for _, c in r.plays())


class Binokel(Game[Match, BinokelAction, BinokelView, ReplayOutcome]):
    """Binokel: four players in two partnerships, one 48-card deck, bidding from 250, game to 1500."""

    rules_type = Rules
    record_format = FORMAT

    name: ClassVar[str] = "binokel"
    title: ClassVar[str] = "Binokel"
    languages: ClassVar[tuple[str, ...]] = ("de", "nl", "en")
    partnerships: ClassVar[bool] = True
    #: The levels people choose from first (weakest first: :data:`troef.core.bot.LEVELS`; ``club`` and
    #: ``strong`` are the two bots below under the names of their levels), then the bots by their own names
    #: (the arena and tables saved before the levels use these).
    bots: ClassVar[Mapping[str, str]] = {
        "beginner": "troef.games.binokel.game:beginner",
        "club": "troef.games.binokel.heuristic:HeuristicBot",
        "strong": "troef.games.binokel.pimc:PimcBot",
        "heuristic": "troef.games.binokel.heuristic:HeuristicBot",
        "pimc": "troef.games.binokel.pimc:PimcBot",
    }
    #: The lobby offers the levels only: ``heuristic`` and ``pimc`` are ``club`` and ``strong`` again.
    levels: ClassVar[tuple[str, ...] | None] = ("random", "beginner", "club", "strong")
    arena_part: ClassVar[str | None] = "troef.arena.binokel:PART"
    terminal_table: ClassVar[str | None] = "troef.terminal.binokel:BinokelTable"
    server_adapter: ClassVar[str | None] = "troef.server.binokel:BinokelAdapter"
    web_module: ClassVar[str | None] = "troef.web:binokel.js"
    cheat_bot: ClassVar[str | None] = "troef.games.binokel.cheat:CheatBot"
    research_part: ClassVar[str | None] = "troef.games.binokel.research:PART"
    analysis_part: ClassVar[str | None] = "troef.analysis.binokel:PART"

    def texts(self) -> Texts:
        return TEXTS

    def refusal(self, match: Match, action: BinokelAction) -> Refusal | None:
        return match.refusal(action)

    def presets(self) -> Mapping[str, Preset]:
        return {
            name: Preset(name, (4,), 4, "the cardgames.io rules: four players in two sides, bid from 250, game to 1500")
            for name in PRESETS
        }

    def new_match(
        self,
        preset: str,
        players: int | None = None,
        *,
        seed: int | None = None,
        first_dealer: int | None = None,
        switches: Mapping[str, SwitchValue] | None = None,
    ) -> Match:
        if players not in (None, 4):
            raise RecordError(f"Binokel is for four players, not {players}")
        return Match(rules_of(preset, switches), seed, first_dealer)

    def players(self, match: Match) -> int:
        return 4

    def deals(self, match: Match) -> int:
        return len(match.rounds)

    def deal_started(self, match: Match) -> bool:
        return bool(match.round.history)

    def moment(self, match: Match) -> Moment:
        current = match.round
        if not current.history:
            return "deal_start"
        return "trick_done" if not current.current and current.played else "playing"

    def switches(self) -> Sequence[Switch]:
        return SWITCHES

    def switch_default(self, preset: str, name: str) -> SwitchValue:
        value: SwitchValue = getattr(rules_of(preset), name)
        return value

    def parse_action(self, text: str) -> BinokelAction:
        return parse_action(text)

    def view(self, match: Match, viewer: int = SPECTATOR, deal: int | None = None) -> BinokelView:
        last = len(match.rounds) - 1
        if deal is None or deal == last:
            return round_view(match, viewer)
        if not 0 <= deal < last:
            raise IndexError(f"no round {deal + 1} in this game")
        # a finished round: its score is in, and the totals after it are on the sheet
        return view_of_round(
            match.rounds[deal], viewer, preset=match.rules.preset, index=deal, totals=match.sheet[deal]
        )

    def view_from_json(self, data: dict[str, Any], public: dict[str, Any] | None = None) -> BinokelView:
        return view_from_json(data)

    def standing(self, match: Match) -> list[dict[str, Any]]:
        return match.standing()

    def scores(self, match: Match) -> dict[int, float]:
        # the winning side 1, the other 0; an unfinished game: the points difference's sign
        if match.winner is not None:
            return {seat: 1.0 if seat & 1 == match.winner else 0.0 for seat in range(4)}
        lead = match.totals[0] - match.totals[1]
        return {seat: 0.5 + (0.5 if (lead > 0) == (seat & 1 == 0) and lead else 0.0) for seat in range(4)}

    def shuffle_unseen(self, match: Match, viewer: int, seed: int) -> Match | None:
        """Swap two cards ``viewer`` has not seen between two other seats in the current deal, and replay the round.

        Melds are public, so a swap that changes any seat's meld is not one of
        the same public history: such swaps (and those that break the replay,
        e.g. a passed card moved away from the passer) are tried no further.
        """
        current = match.round
        known = _seen_physically(current, viewer)
        hands = current.deal.hands
        others = [s for s in range(4) if s != viewer]
        hidden = [(s, c) for s in others for c in range(64) if hands[s] >> c & 1 and not known >> c & 1]
        pairs = [(a, b) for a in hidden for b in hidden if a[0] < b[0] and (a[1] ^ b[1]) & 31]
        rng = random.Random(seed)
        for _ in range(min(len(pairs), 40)):
            (sa, ca), (sb, cb) = pairs[rng.randrange(len(pairs))]
            new = list(hands)
            new[sa] ^= (1 << ca) | (1 << cb)
            new[sb] ^= (1 << ca) | (1 << cb)
            other = match.with_current_deal(Deal(current.dealer, (new[0], new[1], new[2], new[3])))
            if other is None:
                continue
            if current.phase >= Phase.PLAY and any(other.round.meld_of(s) != current.meld_of(s) for s in range(4)):
                continue
            return other
        return None

    def record(
        self, match: Match, seats: list[dict[str, str]] | None = None, meta: dict[str, Any] | None = None
    ) -> str:
        return dumps(record_of_match(match, seats, meta))

    def replay(self, text: str) -> ReplayOutcome:
        return replay(loads(text))

    def describe(self, outcome: ReplayOutcome) -> str:
        return describe(outcome)

    def random_deal(self, preset: str, players: int, seed: int, chooser: random.Random, dealer: int = 0) -> int:
        r = DealState(_rules(preset), deal_cards(dealer, GameRandom(seed)))
        actions = 0
        randrange = chooser.randrange
        while r.to_act >= 0:
            legal = r.legal_actions()
            r.apply(legal[randrange(len(legal))])
            actions += 1
        return actions

    def hints(self, view: BinokelView, budget: float, seed: int) -> Sequence[Hint]:
        """The search player's values of every legal action (:mod:`troef.games.binokel.hints`)."""
        from troef.games.binokel.hints import hints  # the search modules load only when a hint is asked

        return hints(view, budget=budget, seed=seed)

    def deal_in_play(self, match: Match) -> DealState:
        return match.round

    def recorded_deals(self, record: Mapping[str, Any]) -> list[list[BinokelAction]]:
        return [[action for _, action in deal.actions] for deal in FORMAT.from_dict(record).deals]

    def match_from_record(self, record: Mapping[str, Any], actions: int | None = None) -> Match:
        read = FORMAT.from_dict(record)
        match = Match(read.rules, read.seed, read.first_dealer, deals=iter(r.deal for r in read.deals))
        return FORMAT.rebuild(read, match, lambda: match.rounds, actions)


#: The one Binokel game.
GAME: Final = Binokel()


def beginner(seed: int | None = None) -> Bot:
    """The ``beginner`` level: the club player with slips in card play (:class:`troef.core.bot.SlippingBot`)."""
    from troef.games.binokel.heuristic import HeuristicBot

    return SlippingBot(HeuristicBot(seed), parse=parse_action, is_card=lambda action: isinstance(action, Play))
