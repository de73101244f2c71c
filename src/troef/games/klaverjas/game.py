"""Klaverjas as a :class:`~troef.core.game.Game`: what the layers above the games see of it.

A thin door onto the engine's own modules (rules, match, view, record); no
rule is decided here.

>>> from troef.games import game
>>> kj = game("klaverjas")
>>> list(kj.presets())
['kraken', 'amsterdam', 'rotterdam']
>>> m = kj.new_match("kraken", seed=7, first_dealer=0)
>>> kj.view(m, m.to_act).legal
('trump h', 'trump d', 'trump c', 'trump s')
>>> kj.check(m, kj.parse_action("play Jh"))
'first it is decided who plays: name trump'
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, ClassVar, Final

from troef.core.bot import Bot, SlippingBot
from troef.core.chance import GameRandom
from troef.core.errors import IllegalActionError, TroefError
from troef.core.game import SPECTATOR, Game, Hint, Moment, Preset, Switch, SwitchValue
from troef.core.refusals import Refusal, Texts
from troef.games.klaverjas.actions import KlaverjasAction, Play, parse_action
from troef.games.klaverjas.deal import Deal, deal_cards
from troef.games.klaverjas.match import Match
from troef.games.klaverjas.record import FORMAT, ReplayOutcome, describe, dumps, loads, record_of_match, replay
from troef.games.klaverjas.rules import PRESETS, Rules, preset
from troef.games.klaverjas.rules import preset as preset_rules
from troef.games.klaverjas.state import DealState, random_playout
from troef.games.klaverjas.texts import TEXTS
from troef.games.klaverjas.view import KlaverjasView, deal_view, state_view, view_from_json

_DESCRIPTIONS: Final = {
    "kraken": "Kraken: Amsterdam klaverjassen with kraak, rekraak, superkraak and penalty crosses",
    "amsterdam": "klaverjassen, Amsterdam following (no duty to trump over your partner)",
    "rotterdam": "klaverjassen, Rotterdam following (always trump and overtrump)",
}


@lru_cache(maxsize=4096)
def parse_cached(text: str) -> KlaverjasAction:
    """:func:`parse_action`, remembered."""
    return parse_action(text)


#: The rule switches a table may set (names as in :class:`~troef.games.klaverjas.rules.Rules`); the rules
#: refuse combinations they do not allow (a kraak quota in a match of points, say).
SWITCHES: Final = (
    Switch("who_plays", ("verplicht", "vrij"), "verplicht: the player after the dealer names trump and plays."),
    Switch("follow", ("amsterdam", "rotterdam"), "Amsterdam or Rotterdam following (docs/rules/klaverjas.md §5)."),
    Switch("undertrump", ("last_resort", "forced"), "Rotterdam: trump under only as a last resort, or always."),
    Switch("packets", ("4-4", "3-2-3"), "How the eight cards are dealt (Kraken 3.1: 4-4)."),
    Switch("roem_counting", ("auto", "claim"), "Roem counts by itself, or only when claimed."),
    Switch("hand_roem", (False, True), "Roem declared from the hand in the first trick (Kraken 3.2)."),
    Switch("kraak", (False, True), "Kraak, rekraak and superkraak after trump is named (Kraken 3.1)."),
    Switch("kraak_quota", (0, 1, 2, 3, 4), "Kraaks each side owes in a match (Kraken 3.1; 0: none)."),
    Switch("nat_roem", ("to_other", "kept"), "Whether a side that goes nat loses its roem too (Kraken 3.3)."),
    Switch("match_end", ("deals", "points"), "A match of a number of deals, or to a target of points."),
    Switch("deals", (2, 4, 8, 12, 16), "Deals in a match (Kraken: 16)."),
    Switch("target", (500, 1000, 1500, 2000), "Points that end a match of points."),
)


def rules_of(name: str, switches: Mapping[str, SwitchValue] | None = None) -> Rules:
    """The rules of preset ``name`` with ``switches`` changed."""
    return preset(name, **switches) if switches else preset(name)


class Klaverjas(Game[Match, KlaverjasAction, KlaverjasView, ReplayOutcome]):
    """Klaverjas: presets ``kraken``, ``amsterdam`` and ``rotterdam``; four players in two partnerships."""

    rules_type = Rules
    record_format = FORMAT

    name: ClassVar[str] = "klaverjas"
    title: ClassVar[str] = "Klaverjassen"
    languages: ClassVar[tuple[str, ...]] = ("nl", "en", "de")
    partnerships: ClassVar[bool] = True
    #: The levels people choose from first (weakest first: :data:`troef.core.bot.LEVELS`; ``club`` and
    #: ``strong`` are the two bots below under the names of their levels), then the bots by their own names
    #: (the arena and tables saved before the levels use these).
    bots: ClassVar[Mapping[str, str]] = {
        "beginner": "troef.games.klaverjas.game:beginner",
        "club": "troef.games.klaverjas.heuristic:HeuristicBot",
        "strong": "troef.games.klaverjas.pimc:KlaverjasPimcBot",
        "heuristic": "troef.games.klaverjas.heuristic:HeuristicBot",
        "pimc": "troef.games.klaverjas.pimc:KlaverjasPimcBot",
    }
    #: The lobby offers the levels only: ``heuristic`` and ``pimc`` are ``club`` and ``strong`` again.
    levels: ClassVar[tuple[str, ...] | None] = ("random", "beginner", "club", "strong")
    arena_part: ClassVar[str | None] = "troef.arena.klaverjas:PART"
    terminal_table: ClassVar[str | None] = "troef.terminal.klaverjas:TerminalGame"
    server_adapter: ClassVar[str | None] = "troef.server.klaverjas:KlaverjasAdapter"
    web_module: ClassVar[str | None] = "troef.web:klaverjas.js"
    cheat_bot: ClassVar[str | None] = "troef.games.klaverjas.cheat:CheatBot"
    research_part: ClassVar[str | None] = "troef.games.klaverjas.research:PART"
    analysis_part: ClassVar[str | None] = "troef.analysis.klaverjas:PART"
    #: Amsterdam and Rotterdam differ only in the obligation to trump over (docs/rules/klaverjas.md, section 5):
    #: one rating; Kraken's roem, kraak and scoring make it a game of its own.
    rating_families: ClassVar[Mapping[str, str]] = {
        "kraken": "kraken",
        "amsterdam": "amsterdam-rotterdam",
        "rotterdam": "amsterdam-rotterdam",
    }

    def texts(self) -> Texts:
        return TEXTS

    def refusal(self, match: Match, action: KlaverjasAction) -> Refusal | None:
        return match.refusal(action)

    def presets(self) -> Mapping[str, Preset]:
        return {name: Preset(name, (4,), 4, _DESCRIPTIONS[name]) for name in PRESETS}

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
            raise TroefError("klaverjas is played by four players")
        self.preset(preset)
        return Match(rules_of(preset, switches), seed=seed, first_dealer=first_dealer)

    def players(self, match: Match) -> int:
        return 4

    def deals(self, match: Match) -> int:
        return len(match.deals)

    def deal_started(self, match: Match) -> bool:
        return bool(match.deal.history)

    def moment(self, match: Match) -> Moment:
        deal = match.deal
        if not deal.history:
            return "deal_start"
        return "trick_done" if not deal.trick and deal.tricks else "playing"

    def switches(self) -> Sequence[Switch]:
        return SWITCHES

    def switch_default(self, preset: str, name: str) -> SwitchValue:
        value: SwitchValue = getattr(preset_rules(preset), name)
        return value

    def parse_action(self, text: str) -> KlaverjasAction:
        return parse_cached(text)

    def view(self, match: Match, viewer: int = SPECTATOR, deal: int | None = None) -> KlaverjasView:
        if deal is None or deal == len(match.deals) - 1:
            return deal_view(match, viewer)
        # a finished deal, with the score sheet up to it
        rows = match.sheet.rows[: deal + 1]
        if not 0 <= deal < len(match.deals) - 1 or len(rows) != deal + 1:
            raise IndexError(f"no finished deal {deal + 1} in this match")
        last = rows[-1]
        return state_view(
            match.deals[deal],
            viewer,
            deal_number=deal + 1,
            sheet=tuple(row.to_json() for row in rows),
            points=last.points,
            crosses=last.crosses,
            owed=last.owed,
        )

    def view_from_json(self, data: dict[str, Any], public: dict[str, Any] | None = None) -> KlaverjasView:
        return view_from_json(data)

    def standing(self, match: Match) -> list[dict[str, Any]]:
        return match.standing()

    def scores(self, match: Match) -> dict[int, float]:
        # Kraken: the fewest crosses win (so minus the crosses); common rules: the points
        sheet = match.sheet
        if match.rules.scoring == "kraken":
            return {seat: -float(sheet.crosses[seat & 1]) for seat in range(4)}
        return {seat: float(sheet.points[seat & 1]) for seat in range(4)}

    def shuffle_unseen(self, match: Match, viewer: int, seed: int) -> Match | None:
        known = deal_view(match, viewer).known_cards()
        deal = match.deal
        hidden = [(s, c) for s in range(4) if s != viewer for c in range(32) if deal.hands[s] >> c & 1]
        hidden = [(s, c) for s, c in hidden if not known >> c & 1]
        pairs = [(a, b) for a in hidden for b in hidden if a[0] < b[0]]
        if not pairs:
            return None
        (sa, ca), (sb, cb) = random.Random(seed).choice(pairs)
        hands = list(deal.deal.hands)
        swap = (1 << ca) | (1 << cb)
        hands[sa] ^= swap
        hands[sb] ^= swap
        dealts = [d.deal for d in match.deals[:-1]]
        dealts.append(Deal(deal.dealer, (hands[0], hands[1], hands[2], hands[3])))
        other = Match(match.rules, match.seed, match.first_dealer, deals=iter(dealts))
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
        return dumps(record_of_match(match, seats, meta))

    def replay(self, text: str) -> ReplayOutcome:
        return replay(loads(text))

    def describe(self, outcome: ReplayOutcome) -> str:
        return describe(outcome)

    def random_deal(self, preset: str, players: int, seed: int, chooser: random.Random, dealer: int = 0) -> int:
        rules = rules_of(preset)
        return random_playout(DealState(rules, deal_cards(rules, dealer, GameRandom(seed))), chooser)

    def hints(self, view: KlaverjasView, budget: float, seed: int) -> Sequence[Hint]:
        """The pimc player's values of every legal action (:mod:`troef.games.klaverjas.hints`)."""
        from troef.games.klaverjas.hints import hints  # the search modules load only when a hint is asked

        return hints(view, budget=budget, seed=seed)

    def deal_in_play(self, match: Match) -> DealState:
        return match.deal

    def recorded_deals(self, record: Mapping[str, Any]) -> list[list[KlaverjasAction]]:
        return [[action for _, action in deal.actions] for deal in FORMAT.from_dict(record).deals]

    def match_from_record(self, record: Mapping[str, Any], actions: int | None = None) -> Match:
        read = FORMAT.from_dict(record)
        match = Match(read.rules, read.seed, read.first_dealer, deals=iter([d.deal for d in read.deals]))
        return FORMAT.rebuild(read, match, lambda: match.deals, actions)


#: The one klaverjas game.
GAME: Final = Klaverjas()


def beginner(seed: int | None = None) -> Bot:
    """The ``beginner`` level: the club player with slips in card play (:class:`troef.core.bot.SlippingBot`)."""
    from troef.games.klaverjas.heuristic import HeuristicBot

    return SlippingBot(HeuristicBot(seed), parse=parse_action, is_card=lambda action: isinstance(action, Play))
