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
from typing import Any


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
