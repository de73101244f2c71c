"""The bot registry: every game's computer players by game and kind.

A game lists its own computer players (:attr:`troef.core.game.Game.bots`);
every game has ``random``. :func:`register_bot` adds one more (an experiment,
a test) without touching the game.

>>> bot = make_bot("bonaken", "random", seed=1)
>>> bot.name
'random'
>>> {"random", "heuristic"} <= set(bot_kinds("bonaken"))
True
"""

from __future__ import annotations

from collections.abc import Callable

from troef.core.bot import Bot, RandomBot
from troef.core.game import UnknownBotError
from troef.games import game as get_game

__all__ = ["Bot", "BotFactory", "RandomBot", "UnknownBotError", "bot_kinds", "make_bot", "register_bot"]

BotFactory = Callable[[int | None], Bot]

#: (game, kind) -> factory of the bots registered besides the games' own.
_EXTRA: dict[tuple[str, str], BotFactory] = {}


def register_bot(game: str, kind: str, factory: BotFactory) -> None:
    """Make ``make_bot(game, kind, seed)`` build a bot with ``factory(seed)``."""
    get_game(game)  # an unknown game fails here
    _EXTRA[(game, kind)] = factory


def bot_kinds(game: str) -> tuple[str, ...]:
    """The computer players of ``game``: its own, then the registered ones."""
    own = get_game(game).bot_kinds()
    return own + tuple(kind for g, kind in _EXTRA if g == game and kind not in own)


def make_bot(game: str, kind: str, seed: int | None = None) -> Bot:
    """A new computer player of ``game`` of ``kind``, with its own generator seeded with ``seed``."""
    factory = _EXTRA.get((game, kind))
    if factory is not None:
        return factory(seed)
    return get_game(game).make_bot(kind, seed)
