"""Bonaken as a :class:`~troef.core.game.Game`: what the layers above the games see of it.

Everything here is a thin door onto the engine's own modules (rules, match,
view, record); no rule is decided in this file.

>>> from troef.games import game
>>> bonaken = game("bonaken")
>>> list(bonaken.presets())
['nk', 'pagat', 'hazerswoude']
>>> match = bonaken.new_match("pagat", 4, seed=7, first_dealer=0)
>>> view = bonaken.view(match, match.to_act)
>>> view.legal[:3]
('pass', 'bid misere', 'bid 5')
>>> bonaken.check(match, bonaken.parse_action("play Jh"))
'it is time to bid or pass'
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from typing import Any, ClassVar, Final

from troef.core.errors import IllegalActionError
from troef.core.game import SPECTATOR, Game, Hint, Moment, Preset, Switch, SwitchValue
from troef.core.refusals import Refusal, Texts
from troef.games.bonaken.actions import BonakenAction, parse_action
from troef.games.bonaken.match import Match
from troef.games.bonaken.record import FORMAT, ReplayOutcome, describe, dumps, loads, record_of_match, replay
from troef.games.bonaken.rules import PRESETS, Rules, preset
from troef.games.bonaken.state import DealState, random_playout
from troef.games.bonaken.texts import TEXTS
from troef.games.bonaken.view import BonakenView, hand_view, view_from_json

_DESCRIPTIONS: Final = {
    "nk": "the 80 rules of the Stichting Bonaken Nederland (NK Bonaken)",
    "pagat": "Hazerswoude-Rijndijk, with its local variants",
    "hazerswoude": "the 'Leuke kaartspelen' description of Hazerswoude Rijndijk",
}


@lru_cache(maxsize=4096)
def parse_cached(text: str) -> BonakenAction:
    """:func:`parse_action`, remembered (bots parse the same texts over and over: bidding lists are long)."""
    return parse_action(text)


def legal_actions(view: BonakenView) -> list[BonakenAction]:
    """The actions of ``view.legal``, parsed."""
    return [parse_cached(text) for text in view.legal]


@cache
def _rules(name: str) -> Rules:
    return preset(name)


#: The rule switches a table may set (``troef play bonaken --...``, the lobby, game parameters of the research API).
SWITCHES: Final = (
    Switch("min_bid", (5, 10, 15, 20, 25, 30, 35, 40), "The lowest number bid (nk rule 11: 25)."),
    Switch("misere", (False, True), "Misère may be bid (nk rules 14-16)."),
    Switch("zwabber", (False, True), "After enough misère bids only misère or pass may follow (pagat, hazerswoude)."),
    Switch("bonaak_with_roem", (False, True), "Bonaak may be bid with roem on top (nk rule 12)."),
    Switch("misere_trump", ("none", "single"), "single: a lone misère player names trump (nk rule 15)."),
    Switch(
        "undertrump",
        ("allowed", "unless_forced", "unless_only_trumps"),
        "Whether a player may trump under an earlier trump of the trick (nk rule 23).",
    ),
    Switch("overtrump_on_trump_lead", (False, True), "On a trump lead, beat the highest trump if you can."),
    Switch("stop_when_decided", (False, True), "End the hand as soon as its result is certain (nk rule 31)."),
    Switch("roem_in_tricks", (False, True), "Roem in the declarer's won tricks counts too (hazerswoude 2.3)."),
)


def rules_of(name: str, switches: Mapping[str, SwitchValue] | None = None) -> Rules:
    """The rules of preset ``name`` with ``switches`` changed (made once per preset without switches)."""
    return preset(name, **switches) if switches else _rules(name)


class Bonaken(Game[Match, BonakenAction, BonakenView, ReplayOutcome]):
    """Bonaken: presets ``nk``, ``pagat`` and ``hazerswoude``, 2 to 7 players."""

    rules_type = Rules
    record_format = FORMAT

    name: ClassVar[str] = "bonaken"
    title: ClassVar[str] = "Bonaken"
    languages: ClassVar[tuple[str, ...]] = ("nl", "en", "de")
    #: The levels people choose from first (weakest first, :mod:`troef.games.bonaken.levels`), then the
    #: bots by their own names (the arena, the tests and tables saved before the levels use these).
    bots: ClassVar[Mapping[str, str]] = {
        "beginner": "troef.games.bonaken.levels:BeginnerBot",
        "club": "troef.games.bonaken.levels:ClubBot",
        "strong": "troef.games.bonaken.levels:StrongBot",
        "heuristic": "troef.games.bonaken.heuristic:HeuristicBot",
        "pimc": "troef.games.bonaken.pimc:PimcBot",
    }
    #: The lobby offers the levels only: ``heuristic`` and ``pimc`` are ``club`` and ``strong`` again.
    levels: ClassVar[tuple[str, ...] | None] = ("random", "beginner", "club", "strong")
    #: The NK's tournaments (nk rules 51-61).
    tournaments: ClassVar[Mapping[str, str]] = {"nk": "troef.games.bonaken.tournament:BonakenScoring"}
    arena_part: ClassVar[str | None] = "troef.arena.bonaken:PART"
    terminal_table: ClassVar[str | None] = "troef.terminal.bonaken:TerminalGame"
    server_adapter: ClassVar[str | None] = "troef.server.bonaken:BonakenAdapter"
    web_module: ClassVar[str | None] = "troef.web:bonaken.js"
    cheat_bot: ClassVar[str | None] = "troef.games.bonaken.cheat:CheatBot"
    research_part: ClassVar[str | None] = "troef.games.bonaken.research:PART"
    analysis_part: ClassVar[str | None] = "troef.analysis.bonaken:PART"
    #: nk's plus/minus sheet and table points (nk rules 51-61) apart from pagat and hazerswoude, which share
    #: the point-counting variants.
    rating_families: ClassVar[Mapping[str, str]] = {
        "nk": "nk",
        "pagat": "pagat-hazerswoude",
        "hazerswoude": "pagat-hazerswoude",
    }

    def texts(self) -> Texts:
        return TEXTS

    def refusal(self, match: Match, action: BonakenAction) -> Refusal | None:
        return match.refusal(action)

    def presets(self) -> Mapping[str, Preset]:
        return {
            name: Preset(
                name,
                _rules(name).players,
                4 if 4 in _rules(name).players else _rules(name).players[0],
                _DESCRIPTIONS[name],
            )
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
        rules = rules_of(preset, switches)
        return Match(rules, players or self.preset(preset).default_players, seed=seed, first_dealer=first_dealer)

    def players(self, match: Match) -> int:
        return match.table

    def deals(self, match: Match) -> int:
        return len(match.hands)

    def deal_started(self, match: Match) -> bool:
        return bool(match.hand.history)

    def moment(self, match: Match) -> Moment:
        hand = match.hand
        if not hand.history:
            return "deal_start"
        return "trick_done" if not hand.trick and hand.tricks else "playing"

    def switches(self) -> Sequence[Switch]:
        return SWITCHES

    def switch_default(self, preset: str, name: str) -> SwitchValue:
        value: SwitchValue = getattr(rules_of(preset), name)
        return value

    def parse_action(self, text: str) -> BonakenAction:
        return parse_cached(text)

    def view(self, match: Match, viewer: int = SPECTATOR, deal: int | None = None) -> BonakenView:
        return hand_view(match.hand if deal is None else match.hands[deal], viewer)

    def view_from_json(self, data: dict[str, Any], public: dict[str, Any] | None = None) -> BonakenView:
        # the seat statuses (what the strong level weighs a minus by) travel in the frame's score sheet
        return view_from_json(data, None if public is None else public.get("status"))

    def standing(self, match: Match) -> list[dict[str, Any]]:
        return sorted(match.standing(), key=lambda row: int(str(row["seat"])))

    def scores(self, match: Match) -> dict[int, float]:
        # nk: the table points of rules 54-57; other scorings: the loser(s) who buy the round score -1
        if match.rules.scoring == "nk":
            return {seat: float(points) for seat, points in match.sheet.table_points().items()}
        losers = set(match.sheet.losers())
        return {seat: -1.0 if seat in losers else 0.0 for seat in range(match.table)}

    def shuffle_unseen(self, match: Match, viewer: int, seed: int) -> Match | None:
        known = hand_view(match.hand, viewer).known_cards()
        deal = match.hand.deal
        others = [s for s in deal.seats if s != viewer]
        hidden = [(s, c) for s in others for c in range(32) if deal.hands[s] >> c & 1 and not known >> c & 1]
        pairs = [(a, b) for a in hidden for b in hidden if a[0] < b[0]]
        if not pairs:
            return None
        (sa, ca), (sb, cb) = random.Random(seed).choice(pairs)
        hands = list(deal.hands)
        hands[sa] ^= (1 << ca) | (1 << cb)
        hands[sb] ^= (1 << ca) | (1 << cb)
        deals = [h.deal for h in match.hands[:-1]]
        deals.append(
            type(deal)(deal.table, deal.dealer, deal.seats, tuple(hands), deal.open, deal.closed, deal.sleepers)
        )
        other = Match(match.rules, match.table, match.seed, match.first_dealer, deals=iter(deals))
        try:
            for hand in match.hands:
                for _seat, action in hand.history:
                    other.apply(action)
        except IllegalActionError:
            return None
        return other

    def record(
        self, match: Match, seats: list[dict[str, str]] | None = None, meta: dict[str, Any] | None = None
    ) -> str:
        return dumps(record_of_match(match, seats, meta))

    def replay(self, text: str) -> ReplayOutcome:
        return replay(loads(text))

    def describe(self, outcome: ReplayOutcome) -> str:
        return describe(outcome)

    def random_deal(self, preset: str, players: int, seed: int, chooser: random.Random, dealer: int = 0) -> int:
        return random_playout(DealState.new(_rules(preset), players, dealer=dealer, seed=seed), chooser)

    def hints(self, view: BonakenView, budget: float, seed: int) -> Sequence[Hint]:
        """The pimc player's values of every legal action (:mod:`troef.games.bonaken.hints`)."""
        from troef.games.bonaken.hints import hints  # the search modules load only when a hint is asked

        return hints(view, budget=budget, seed=seed)

    def deal_in_play(self, match: Match) -> DealState:
        return match.hand

    def recorded_deals(self, record: Mapping[str, Any]) -> list[list[BonakenAction]]:
        return [[action for _, action in deal.actions] for deal in FORMAT.from_dict(record).deals]

    def match_from_record(self, record: Mapping[str, Any], actions: int | None = None) -> Match:
        read = FORMAT.from_dict(record)
        deals = iter([h.deal for h in read.deals])
        match = Match(read.rules, len(read.seats), read.seed, read.first_dealer, deals=deals)
        if read.kind == "hand":  # its one hand is the first of a match, which then deals from its seed
            match.given = None
        return FORMAT.rebuild(read, match, lambda: match.hands, actions)


#: The one Bonaken game.
GAME: Final = Bonaken()
