"""One episode of a troef game for the research wrappers: a deal (default) or a whole match.

The deal is the episode's chance, as the rules deal it: each game declares its
deck and the piles a deal lays out (:class:`troef.core.game.ResearchPart`:
each seat's hand, then the game's other piles, e.g. Bonaken's centre), and a
chance node per card fills them in that order, its outcomes the cards left,
each as likely as its copies left (a card number 0..31). Before the first
deal, where the rules draw the first dealer, a chance node draws him (each
seat that may deal as likely). Every deal of the rules is reached, each as
often as shuffling the deck reaches it; the engine then plays the deal (its
``ResearchPart.dealt``). In a match episode each later deal is dealt the same
way when the one before it ends.

The episode's history (:attr:`Episode.history`: chance outcomes and action
ids, as OpenSpiel keeps them) rebuilds it exactly; so does a resampled world's
(:meth:`Episode.resampled`).

Returns: a deal episode ends when the match moves to its next deal (or ends)
and returns what the game's research part says of that deal; a match episode
returns ``game.scores(match)``, for zero-sum games as each seat's score less
the next seat's.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from troef.core.errors import IllegalActionError, NotationError, TroefError
from troef.core.game import AnyGame, ResearchPart
from troef.games import game as get_game
from troef.research.actions import ActionTable, UnknownActionError, research_part, table

__all__ = ["CHANCE_OUTCOMES", "Config", "Episode", "deal", "replayed"]

#: Chance outcomes are card numbers (and seats, for the first dealer): at most this many.
CHANCE_OUTCOMES: Final = 32
#: Per game, the id of each legal action object the engines have handed out: ``id(action)`` -> (action, id).
#: The engines hand out the same objects again (their tables of plays, bids); the entry holds the object,
#: so its ``id`` is never another's, and the cache stops growing at :data:`_KNOWN_MAX` entries.
_KNOWN: Final[dict[str, dict[int, tuple[Any, int]]]] = {}
_KNOWN_MAX: Final = 8192
#: A match an episode makes is seeded with this: the deal comes from the chance nodes, not from the seed.
MATCH_SEED: Final = 0


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
        """Whether returns are zero-sum (the game's research part says)."""
        return research_part(self.game).zero_sum


class Episode:
    """A deal or a match dealt by chance nodes, stepped by action ids."""

    def __init__(self, config: Config) -> None:
        self.config = config
        self.game: AnyGame = get_game(config.game)
        self.part: ResearchPart[Any, Any] = research_part(config.game)
        self.actions: ActionTable = table(config.game)
        #: Every chance outcome and action id so far, in order: applied to a fresh episode, they make this one.
        self.history: list[int] = []
        #: Where in :attr:`history` the current deal's cards begin.
        self.deal_start = 0
        self.match: Any = None
        self.over = False
        self.returns: list[float] = [0.0] * config.players
        #: Whether :attr:`history` rebuilds the episode (not so for a world made from a view alone).
        self.rooted = True
        self._dealers: tuple[int, ...] = self.part.first_dealers(config.preset, config.players)
        self._pending: Any = None
        self._left: dict[int, int] = {}
        self._sizes: list[int] = []
        self._piles: list[list[int]] = []
        self._deal = 0
        self._legal: dict[int, Any] | None = None
        #: The seat to act, remembered between actions (pyspiel asks for it several times a step).
        self._to_act: int | None = None
        #: The seats' views of the current step, remembered between actions (a tensor and a string ask twice).
        self._views: dict[int, Any] = {}
        if len(self._dealers) == 1:
            self._start(self._dealers[0])

    # ------------------------------------------------------------------ chance
    @property
    def is_chance(self) -> bool:
        """Whether the next step is chance's: the first dealer or a card of a deal."""
        return not self.over and (self._pending is not None or self.match is None)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of the chance node and their probabilities (empty where chance does not act)."""
        if not self.is_chance:
            return []
        if self._pending is None:
            return [(d, 1.0 / len(self._dealers)) for d in self._dealers]
        total = sum(self._left.values())
        return [(card, n / total) for card, n in sorted(self._left.items()) if n]

    def chance_text(self, outcome: int) -> str:
        """What a chance outcome means, in words."""
        from troef.cards import card_str

        if self._pending is None and self.match is None:
            return f"seat {outcome} deals first"
        return f"deal {card_str(outcome)}" if 0 <= outcome < 32 else f"chance {outcome}"

    def apply_chance(self, outcome: int) -> None:
        """The first dealer, or the next card of the deal; the last card starts the deal."""
        if not self.is_chance:
            raise TroefError("this is not a chance node")
        if self._pending is None:
            if outcome not in self._dealers:
                raise TroefError(f"no chance outcome {outcome} here: the first dealer is one of {self._dealers}")
            self.history.append(outcome)
            self._start(outcome)
            return
        if self._left.get(outcome, 0) <= 0:
            raise TroefError(f"no chance outcome {outcome} here: that card is not left to deal")
        self.history.append(outcome)
        self._left[outcome] -= 1
        pile = next(i for i, p in enumerate(self._piles) if len(p) < self._sizes[i])
        self._piles[pile].append(outcome)
        self._fill()

    def _start(self, dealer: int) -> None:
        c = self.config
        match = self.game.new_match(
            c.preset, c.players, seed=MATCH_SEED, first_dealer=dealer, switches=c.switches or None
        )
        self._await_cards(match)

    def _await_cards(self, match: Any) -> None:
        """The engine dealt ``match``'s current deal from its generator: the chance nodes deal it again."""
        self._pending = match
        self.deal_start = len(self.history)
        self._left = {}
        for card in self.part.deck(match):
            self._left[card] = self._left.get(card, 0) + 1
        self._sizes = list(self.part.piles(match))
        if sum(self._sizes) > sum(self._left.values()):
            raise TroefError(f"{self.config.game}: its piles hold more cards than its deck")
        self._piles = [[] for _ in self._sizes]
        self._fill()

    def _fill(self) -> None:
        if all(len(p) == n for p, n in zip(self._piles, self._sizes, strict=True)):
            self.match = self.part.dealt(self._pending, self._piles)
            self._pending = None
            self.mark_deal()

    def mark_deal(self) -> None:
        """Take the match's current deal as the episode's (a deal episode ends when the match moves on)."""
        self._views.clear()
        self._legal = None
        self._to_act = None
        self._deal = self.game.deals(self.match)

    # ------------------------------------------------------------------ players
    @property
    def to_act(self) -> int:
        """The seat to act (-1 at a chance node or the end)."""
        if self.over or self.is_chance:
            return -1
        if self._to_act is None:
            self._to_act = int(self.match.to_act)
        return self._to_act

    def legal(self) -> dict[int, Any]:
        """The legal actions by id, ids ascending (the engine's legal actions, numbered)."""
        if self._legal is None:
            if self.over or self.is_chance:
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

    def mask_ids(self, sound_only: bool = False) -> list[int]:
        """The legal ids; with ``sound_only``, without those that lose at once (``ResearchPart.unsound``),
        unless that would leave none."""
        legal = list(self.legal())
        if not sound_only or not legal:
            return legal
        unsound = self.part.unsound(self.match, self.to_act)
        if not unsound:
            return legal
        kept = [i for i in legal if self.actions.texts[i] not in unsound]
        return kept or legal

    def apply(self, action_id: int) -> None:
        """Apply a legal action by id; anything else raises :class:`IllegalActionError` and changes nothing."""
        action = self.legal().get(action_id)
        if action is None:
            if not 0 <= action_id < len(self.actions):
                raise IllegalActionError(f"{action_id} is not an action id: ids are 0 to {len(self.actions) - 1}")
            text = self.actions.text_of(action_id)
            reason = None
            if self.match is not None and not self.is_chance:
                try:
                    reason = self.game.check(self.match, self.game.parse_action(text))
                except NotationError as exc:  # an id of the table that this table's rules never write
                    reason = str(exc)
            raise IllegalActionError(f"{text!r} is not legal now" + (f": {reason}" if reason else ""))
        self.game.apply(self.match, action)
        self.history.append(action_id)
        self._legal = None
        self._to_act = None
        self._views.clear()
        m = self.match
        if self.config.episode == "deal" and (m.is_over or self.game.deals(m) != self._deal):
            self.over = True
            self.returns = self.part.deal_returns(m, self._deal)
        elif m.is_over:
            self.over = True
            self.returns = self._match_returns()
        elif self.game.deals(m) != self._deal:
            self._await_cards(m)

    # ------------------------------------------------------------------ results
    def _match_returns(self) -> list[float]:
        n = self.config.players
        scores = self.game.scores(self.match)
        if self.config.zero_sum:
            return [scores[s] - scores[(s + 1) % n] for s in range(n)]
        return [scores[s] for s in range(n)]

    # ------------------------------------------------------------------ views and worlds
    def view(self, seat: int) -> Any | None:
        """The seat's view object of the current deal (None while dealing or after a deal episode's end).

        Made once a step per seat (read-only, as every view is): the tensor and the string of one step share it.
        """
        if self.is_chance or self.match is None or (self.over and self.config.episode == "deal"):
            return None
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.game.view(self.match, seat)
        return view

    def view_json(self, seat: int) -> dict[str, Any] | None:
        """The seat's view of the current deal as JSON (None while dealing or after a deal episode's end)."""
        view = self.view(seat)
        if view is None:
            return None
        data: dict[str, Any] = view.to_json()
        return data

    def with_match(self, match: Any) -> Episode:
        """An episode playing on a copy of ``match`` (a world made from a view alone, which no history makes)."""
        other = Episode.__new__(Episode)
        other.__dict__.update(self.__dict__)
        other.history = list(self.history)
        other.returns = list(self.returns)
        other.match = self.game.clone(match)
        other._pending = None
        other.over = False
        other.rooted = False
        other._legal, other._to_act, other._views = None, None, {}
        other._deal = self.game.deals(other.match)
        return other

    def clone(self) -> Episode:
        """An independent copy (the engines' states are plain Python objects; the game's are shared)."""
        other = Episode.__new__(Episode)
        other.__dict__.update(self.__dict__)
        other.history = list(self.history)
        other.returns = list(self.returns)
        other.match = None if self.match is None else self.game.clone(self.match)
        other._pending = None if self._pending is None else self.game.clone(self._pending)
        other._left = dict(self._left)
        other._sizes = list(self._sizes)
        other._piles = [list(p) for p in self._piles]
        other._legal, other._views = None, {}
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> Episode:
        return self.clone()

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled (and so copied by pyspiel's own serialisation) as its configuration and history: the episode
        # is made again by replaying them, the engine's objects are never written
        return (
            replayed,
            (
                self.config.game,
                self.config.preset,
                self.config.players,
                self.config.episode,
                dict(self.config.switches),
                list(self.history),
            ),
        )

    def world_history(self, match: Any) -> list[int]:
        """The history that rebuilds this episode with its current deal as ``match``'s (a world of it)."""
        index = self.game.deals(match) - 1
        ids = self.actions.ids
        dealt = [card for pile in self.part.deal_piles(match, index) for card in pile]
        played = [ids[text] for text in self.part.deal_actions(match, index)]
        return [*self.history[: self.deal_start], *dealt, *played]

    def resampled(self, seat: int, rng: random.Random, swaps: int = 24) -> Episode:
        """An episode ``seat`` cannot tell from this one, the cards it has not seen dealt again.

        The game's own world sampler deals them (``ResearchPart.redeal``); where it finds none, ``swaps``
        steps of the game's ``shuffle_unseen`` (two unseen cards of two other seats swapped, the public
        history replayed onto the new deal, refused where it would not replay). The world is made again
        from its history (:meth:`world_history`) and kept only when the seat's view of it is the seat's view
        now (a sampler may let a soft fact go, e.g. a roem claim); failing all, the copy is this very world.
        """
        if self.match is None or self.over or self.is_chance:
            return self.clone()
        mine = self.game.view(self.match, seat).to_json()

        def world(match: Any) -> Episode | None:
            try:
                other = self._rebuilt(match) if self.rooted else self.with_match(match)
            except TroefError:
                return None
            if other.match is None or other.is_chance:
                return None
            return other if other.game.view(other.match, seat).to_json() == mine else None

        from troef.research.worlds import redeal

        for _ in range(3):
            found = redeal(self.config.game, self.match, seat, rng)
            if found is None:
                break
            other = world(found)
            if other is not None:
                return other
        kept: Episode | None = None
        match = self.match
        for _ in range(swaps):
            try:
                swapped = self.game.shuffle_unseen(match, seat, rng.randrange(1 << 30))
            except TroefError:
                # a match that is not its seed's own (a bot's world made from a view) cannot be made again
                break
            if swapped is not None:
                other = world(swapped)
                if other is not None:
                    match, kept = swapped, other
        return kept if kept is not None else self.clone()

    def _rebuilt(self, match: Any) -> Episode:
        other = Episode(self.config)
        for step in self.world_history(match):
            if other.is_chance:
                other.apply_chance(step)
            else:
                other.apply(step)
        return other


def replayed(
    game: str, preset: str, players: int, episode: str, switches: dict[str, Any], history: list[int]
) -> Episode:
    """The episode ``history`` makes (chance outcomes and action ids, in order); a bad step raises ``TroefError``."""
    made = Episode(Config(game, preset, players, episode, switches))
    for step in history:
        if made.over:
            raise TroefError("the history goes on after the episode's end")
        if made.is_chance:
            made.apply_chance(int(step))
        else:
            made.apply(int(step))
    return made


def deal(episode: Episode, rng: random.Random) -> None:
    """Play the episode's chance nodes now due (the first dealer, each card) with ``rng``, by their probabilities.

    Each card is one of the copies left, each as likely (``int(rng.random() * copies left)`` among them in
    card order): the chance nodes' own probabilities. PettingZoo's ``reset(seed=s)`` deals with
    ``random.Random(s)`` so, and so does the vector env.
    """
    if episode.is_chance and episode._pending is None:
        dealers = episode._dealers
        episode.apply_chance(dealers[int(rng.random() * len(dealers))])
    if not episode.is_chance:
        return
    left = sorted(card for card, n in episode._left.items() for _ in range(n))
    history, piles = episode.history, episode._piles
    for pile, size in zip(piles, episode._sizes, strict=True):
        for _ in range(size - len(pile)):
            card = left.pop(int(rng.random() * len(left)))
            pile.append(card)
            history.append(card)
            episode._left[card] -= 1
    episode._fill()
