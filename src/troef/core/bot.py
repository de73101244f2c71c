"""The one interface every computer player has, whatever the game.

A bot sees a match only through the view of its own seat (the game's
:meth:`~troef.core.game.Game.view`) and returns one of the actions its view
lists in ``view.legal``. Each bot owns a seeded :class:`random.Random`, so a
seed reproduces its play exactly; no bot touches the module-global ``random``.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any, Final


class Bot(ABC):
    """A computer player: ``act`` returns a legal action for the seat the view belongs to.

    Subclasses set ``kind`` (the registry name) and implement :meth:`act`.
    """

    kind: str = "bot"

    def __init__(self, seed: int | None = None, name: str | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.name: str = name or self.kind

    @abstractmethod
    def act(self, view: Any) -> Any:
        """The action to take (the game's action object); it must be one of ``view.legal``."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r} seed={self.seed}>"


class RandomBot(Bot):
    """A uniformly random legal action: the baseline every game's bots must beat.

    ``parse`` reads an action's text form (the game's ``parse_action``).

    >>> from troef.games import game
    >>> bonaken = game("bonaken")
    >>> m = bonaken.new_match("pagat", 4, seed=2, first_dealer=0)
    >>> view = bonaken.view(m, m.to_act)
    >>> bonaken.make_bot("random", seed=5).act(view).text() in view.legal
    True
    """

    kind = "random"

    def __init__(self, seed: int | None = None, name: str | None = None, *, parse: Callable[[str], Any]) -> None:
        super().__init__(seed, name)
        self.parse = parse

    def act(self, view: Any) -> Any:
        legal: tuple[str, ...] = view.legal
        if not legal:
            raise ValueError(f"seat {view.viewer} has nothing to do in this view")
        return self.parse(legal[self.rng.randrange(len(legal))])


#: The levels a lobby, the terminal and the API offer people in every game, weakest first.
LEVELS: Final = ("beginner", "club", "strong")
#: Share of its card plays in which the beginner plays any legal card instead of the club player's.
BEGINNER_SLIPS: Final = 0.7


class SlippingBot(Bot):
    """The ``beginner`` level of every game: a club player who loses track in card play.

    It decides as ``club`` (the game's club player) does, except that in ``slips`` of its card plays
    (a view in phase ``play`` with more than one legal action) it plays any legal card: it follows suit
    as the rules make it, but smears, trumps and saves its aces at random. Both draw from one
    generator, the club player's, so a seed reproduces the beginner's play. ``is_card`` tells a card
    play from the other actions of the play phase (roem, words).

    >>> from troef.games import game
    >>> klaverjas = game("klaverjas")
    >>> m = klaverjas.new_match("kraken", 4, seed=2)
    >>> view = klaverjas.view(m, m.to_act)
    >>> klaverjas.make_bot("beginner", seed=5).act(view).text() in view.legal
    True
    """

    kind = "beginner"

    def __init__(
        self, club: Bot, *, parse: Callable[[str], Any], is_card: Callable[[Any], bool], slips: float = BEGINNER_SLIPS
    ) -> None:
        super().__init__(club.seed)
        self.club, self.parse, self.is_card, self.slips = club, parse, is_card, slips
        self.rng = club.rng

    def act(self, view: Any) -> Any:
        legal: tuple[str, ...] = view.legal
        if view.phase == "play" and len(legal) > 1 and self.rng.random() < self.slips:
            cards = [action for action in map(self.parse, legal) if self.is_card(action)]
            if cards:
                return cards[self.rng.randrange(len(cards))]
        return self.club.act(view)
