"""One episode of a troef game for the research wrappers: a deal (default) or a whole match.

An episode begins with :data:`SEED_CHANCES` chance nodes, each choosing one
byte (256 equally likely outcomes) of a 32-bit seed; the match is then made
by the game protocol (``troef.games.game(name).new_match(preset, players,
seed=...)``), which deals every card with the match's own seeded generator:
a uniform seed, so every deal the engine can deal (and the first dealer, drawn
by the engine) is reached. The dealing layout, the legal actions, the
results: all from the engine, none decided here. In a match episode the later
deals come from the same generator (the seed chosen at the start decides them,
as it does in ``troef play``).

Returns: a deal episode ends when the match moves to its next deal (or ends)
and returns what that deal wrote on the score sheet, per seat: klaverjas and
Binokel the side's points less the other side's (zero-sum); Bonaken the
seat's mark, +1 for a plus, -1 for a minus, -2 for erin by false roem (nk
rule 66), with the points variants the points written, negated since fewer
is better (general-sum; a hand everybody passed returns 0). A match episode
returns ``game.scores(match)``, for the two-side games as the side's score
less the other side's (zero-sum).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from troef.core.errors import IllegalActionError, TroefError
from troef.core.game import AnyGame
from troef.games import game as get_game
from troef.research.actions import ActionTable, UnknownActionError, table

__all__ = ["SEED_CHANCES", "Config", "Episode"]

#: Chance nodes at the start of an episode, one byte of the seed each.
SEED_CHANCES: Final = 4
#: Per game, the id of each legal action object the engines have handed out: ``id(action)`` -> (action, id).
#: The engines hand out the same objects again (their tables of plays, bids); the entry holds the object,
#: so its ``id`` is never another's, and the cache stops growing at :data:`_KNOWN_MAX` entries.
_KNOWN: Final[dict[str, dict[int, tuple[Any, int]]]] = {}
_KNOWN_MAX: Final = 8192


@dataclass(frozen=True, slots=True)
class Config:
    """What an episode plays: a game, a preset, the players, rule switches, ``deal`` or ``match``."""

    game: str
    preset: str
    players: int
    episode: str = "deal"
    switches: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.episode not in ("deal", "match"):
            raise TroefError(f"episode must be 'deal' or 'match', not {self.episode!r}")
        g = get_game(self.game)
        preset = g.preset(self.preset)  # an unknown preset raises, naming the known ones
        if self.players not in preset.players:
            raise TroefError(f"{self.game} {self.preset} is for {', '.join(map(str, preset.players))} players")

    @property
    def zero_sum(self) -> bool:
        """Whether returns are zero-sum: the two-side games."""
        return get_game(self.game).partnerships


def _bonaken_mark(mark: str) -> float:
    if mark == "+":
        return 1.0
    if mark == "-":
        return -1.0
    if mark.startswith("erin"):
        return -2.0  # nk rule 66: false roem puts the player erin (two minuses)
    return -float(int(mark))  # points variants: the points written, fewer is better


class Episode:
    """A deal or a match from a chance-chosen seed, stepped by action ids."""

    def __init__(self, config: Config) -> None:
        self.config = config
        self.game: AnyGame = get_game(config.game)
        self.actions: ActionTable = table(config.game)
        self.seed_bytes: list[int] = []
        self.match: Any = None
        self.over = False
        self.returns: list[float] = [0.0] * config.players
        self._deal = 0
        self._rows = 0
        self._legal: dict[int, Any] | None = None
        #: The seat to act, remembered between actions (pyspiel asks for it several times a step).
        self._to_act: int | None = None
        #: The seats' views of the current step, remembered between actions (a tensor and a string ask twice).
        self._views: dict[int, Any] = {}

    # ------------------------------------------------------------------ chance
    @property
    def is_chance(self) -> bool:
        return self.match is None

    @property
    def seed(self) -> int | None:
        """The match's seed, once chosen."""
        return int.from_bytes(bytes(self.seed_bytes), "big") if self.match is not None else None

    def apply_chance(self, outcome: int) -> None:
        """One byte of the seed; the last one deals."""
        if not self.is_chance or not 0 <= outcome < 256:
            raise TroefError(f"no chance outcome {outcome} here")
        self.seed_bytes.append(outcome)
        if len(self.seed_bytes) == SEED_CHANCES:
            c = self.config
            self.match = self.game.new_match(
                c.preset, c.players, seed=int.from_bytes(bytes(self.seed_bytes), "big"), switches=c.switches or None
            )
            self.mark_deal()

    def mark_deal(self) -> None:
        """Take the match's current deal as the episode's (a deal episode ends when the match moves on)."""
        self._views.clear()
        self._legal = None
        self._to_act = None
        self._deal = self.game.deals(self.match)
        self._rows = self._sheet_rows()

    def _sheet_rows(self) -> int:
        m = self.match
        name = self.config.game
        if name == "binokel":
            return len(m.sheet)
        return len(m.sheet.rows)

    # ------------------------------------------------------------------ players
    @property
    def to_act(self) -> int:
        """The seat to act (-1 at a chance node or the end)."""
        if self.over or self.match is None:
            return -1
        if self._to_act is None:
            self._to_act = int(self.match.to_act)
        return self._to_act

    def legal(self) -> dict[int, Any]:
        """The legal actions by id, ids ascending (the engine's legal actions, numbered)."""
        if self._legal is None:
            if self.over or self.match is None:
                self._legal = {}
            else:
                known = _KNOWN.setdefault(self.config.game, {})
                found: dict[int, Any] = {}
                get = known.get
                for action in self.match.legal_actions():
                    hit = get(id(action))
                    if hit is not None and hit[0] is action:
                        found[hit[1]] = action
                        continue
                    text = action.text()
                    number = self.actions.ids.get(text)
                    if number is None:
                        raise UnknownActionError(f"{self.config.game} has no action id for {text!r}")
                    if len(known) < _KNOWN_MAX:
                        known[id(action)] = (action, number)
                    found[number] = action
                self._legal = dict(sorted(found.items()))
        return self._legal

    def apply(self, action_id: int) -> None:
        """Apply a legal action by id; anything else raises and changes nothing."""
        action = self.legal().get(action_id)
        if action is None:
            text = self.actions.text_of(action_id) if 0 <= action_id < len(self.actions) else str(action_id)
            reason = self.game.check(self.match, self.game.parse_action(text)) if self.match is not None else None
            raise IllegalActionError(f"{text!r} is not legal now" + (f": {reason}" if reason else ""))
        self.game.apply(self.match, action)
        self._legal = None
        self._to_act = None
        self._views.clear()
        m = self.match
        if self.config.episode == "deal" and (m.is_over or self.game.deals(m) != self._deal):
            self.over = True
            self.returns = self._deal_returns()
        elif m.is_over:
            self.over = True
            self.returns = self._match_returns()

    # ------------------------------------------------------------------ results
    def _deal_returns(self) -> list[float]:
        m, n, name = self.match, self.config.players, self.config.game
        if self._sheet_rows() == self._rows:
            return [0.0] * n  # Bonaken: everybody passed, the same dealer deals again
        if name == "klaverjas":
            points = m.sheet.rows[-1].score.points
            return [float(points[s & 1] - points[1 - (s & 1)]) for s in range(n)]
        if name == "binokel":
            after = m.sheet[-1]
            before = m.sheet[-2] if len(m.sheet) > 1 else (0, 0)
            delta = (after[0] - before[0], after[1] - before[1])
            return [float(delta[s & 1] - delta[1 - (s & 1)]) for s in range(n)]
        marks = m.sheet.rows[-1].marks
        return [_bonaken_mark(marks[s]) if s in marks else 0.0 for s in range(n)]

    def _match_returns(self) -> list[float]:
        n = self.config.players
        scores = self.game.scores(self.match)
        if self.config.zero_sum:
            return [scores[s] - scores[(s + 1) % n] for s in range(n)]
        return [scores[s] for s in range(n)]

    # ------------------------------------------------------------------ views and worlds
    def view(self, seat: int) -> Any | None:
        """The seat's view object of the current deal (None before dealing or after a deal episode's end).

        Made once a step per seat (read-only, as every view is): the tensor and the string of one step share it.
        """
        if self.match is None or (self.over and self.config.episode == "deal"):
            return None
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.game.view(self.match, seat)
        return view

    def view_json(self, seat: int) -> dict[str, Any] | None:
        """The seat's view of the current deal (None before dealing or after a deal episode's end)."""
        view = self.view(seat)
        if view is None:
            return None
        data: dict[str, Any] = view.to_json()
        return data

    def with_match(self, match: Any) -> Episode:
        """A copy of this episode playing on a deep copy of ``match`` (a redealt world of the same history).

        A redealt match may share parts with the one it was made from (Binokel's shares its finished
        rounds): the copy shares nothing, so playing on in it leaves this episode as it is.
        """
        saved, self.match = self.match, None
        try:
            other = self.clone()
        finally:
            self.match = saved
        other.match = copy.deepcopy(match)
        other._legal = None
        other._to_act = None
        other._views = {}
        return other

    def clone(self) -> Episode:
        """An independent copy (a deep copy: the engines' states are plain Python objects)."""
        return copy.deepcopy(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> Episode:
        # the game, its rules and the action table are shared and never change: only the match is copied
        other = Episode.__new__(Episode)
        other.config, other.game, other.actions = self.config, self.game, self.actions
        other.seed_bytes = list(self.seed_bytes)
        other.match = copy.deepcopy(self.match, memo)
        other.over = self.over
        other.returns = list(self.returns)
        other._deal, other._rows = self._deal, self._rows
        other._legal, other._to_act = None, self._to_act
        other._views = {}
        return other

    def resampled(self, seat: int, rng: random.Random, swaps: int = 24) -> Episode:
        """A copy in which the cards ``seat`` has not seen are dealt again, consistently with its view.

        The game's own world sampler deals them (:func:`troef.research.worlds.redeal`); where it finds
        no world, ``swaps`` steps of the game's ``shuffle_unseen`` (two unseen cards of two other seats
        swapped, the public history replayed onto the new deal, refused where it would not replay). A
        world is kept only when the seat's view of it is the seat's view now (a sampler may let a soft
        fact go, e.g. a roem claim); failing all, the copy is this very world.
        """
        from troef.research.worlds import redeal

        if self.match is None or self.over:
            return self.clone()
        mine = self.game.view(self.match, seat).to_json()

        def same(match: Any) -> bool:
            return bool(self.game.view(match, seat).to_json() == mine)

        for _ in range(3):
            found = redeal(self.config.game, self.match, seat, rng)
            if found is None:
                break
            if same(found):
                return self.with_match(found)
        match = self.match
        for _ in range(swaps):
            try:
                swapped = self.game.shuffle_unseen(match, seat, rng.randrange(1 << 30))
            except TroefError:
                # a match that is not its seed's own (a bot's world made from a view: Bonaken's sheet set from
                # the standing) cannot be made again from its seed: no swap, this world stays
                break
            if swapped is not None and same(swapped):
                # the redealt match replays the given deals; past them it deals with its own generator, as a
                # match does (the engines' given-deals iterator, ``_given`` or ``_deals``, would end there)
                for given in ("_given", "_deals"):
                    if getattr(swapped, given, None) is not None:
                        setattr(swapped, given, None)
                match = swapped
        return self.with_match(match)
