"""The one interface every computer player of Bonaken has, and the registry that makes them.

A bot sees a hand only through :func:`troef.games.bonaken.view.hand_view`: it
gets the :class:`~troef.games.bonaken.view.BonakenView` of its own seat and
returns one of the actions in ``view.legal``. Each bot owns a seeded
:class:`random.Random`, so a seed reproduces its play exactly; no bot touches
the module-global ``random``.

>>> bot = make_bot("random", seed=1)
>>> bot.name
'random'
>>> {"random", "heuristic"} <= set(bot_kinds())
True
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from functools import lru_cache
from importlib import import_module

from troef.core.errors import TroefError
from troef.games.bonaken.actions import BonakenAction, parse_action
from troef.games.bonaken.view import BonakenView


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
    def act(self, view: BonakenView) -> BonakenAction:
        """The action to take; it must be one of ``view.legal``."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r} seed={self.seed}>"


@lru_cache(maxsize=4096)
def _parse(text: str) -> BonakenAction:
    return parse_action(text)


def legal_actions(view: BonakenView) -> list[BonakenAction]:
    """The actions of ``view.legal``, parsed (texts are cached: bidding lists are long)."""
    return [_parse(text) for text in view.legal]


BotFactory = Callable[[int | None], Bot]

#: kind -> factory, or "module:attribute" of a factory imported on first use
#: (so that heavier bots in other packages need not be imported up front).
_REGISTRY: dict[str, BotFactory | str] = {
    "random": "troef.bots.random_bot:RandomBot",
    "heuristic": "troef.bots.heuristic:HeuristicBot",
    "pimc": "troef.bots.pimc:PimcBot",
}


class UnknownBotError(TroefError, ValueError):
    """A bot kind that is not registered."""


def register_bot(kind: str, factory: BotFactory | str) -> None:
    """Make ``make_bot(kind, seed)`` build a bot with ``factory(seed)``.

    ``factory`` may be a ``"module:attribute"`` string, imported when first used
    (e.g. ``register_bot("pimc", "troef.solver.pimc:PimcBot")``).
    """
    _REGISTRY[kind] = factory


def bot_kinds() -> tuple[str, ...]:
    """The registered bot kinds."""
    return tuple(_REGISTRY)


def make_bot(kind: str, seed: int | None = None) -> Bot:
    """A new bot of ``kind`` with its own generator seeded with ``seed``."""
    factory = _REGISTRY.get(kind)
    if factory is None:
        raise UnknownBotError(f"unknown bot {kind!r}; choose one of {', '.join(_REGISTRY)}")
    if isinstance(factory, str):
        module, _, attr = factory.partition(":")
        factory = getattr(import_module(module), attr)
        assert callable(factory)
        _REGISTRY[kind] = factory
    return factory(seed)
