"""The games of troef, each in its own package, and the registry every layer takes them from.

A game is found by its name: ``game("bonaken")`` is the
:class:`~troef.core.game.Game` of ``troef.games.bonaken``. Games are imported
when first asked for, so a layer that needs one game loads only that one, and
no game imports another.

>>> names()[0]
'bonaken'
>>> game("bonaken").title
'Bonaken'
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import Final

from troef.core.errors import TroefError
from troef.core.game import Game

#: name -> "module:attribute" of the game's :class:`Game` singleton, in the order menus show them.
GAMES: Final[dict[str, str]] = {
    "bonaken": "troef.games.bonaken.game:GAME",
    "klaverjas": "troef.games.klaverjas.game:GAME",
    "binokel": "troef.games.binokel.game:GAME",
}


class UnknownGameError(TroefError, ValueError):
    """A game troef does not have."""


def names() -> tuple[str, ...]:
    """Every game's name, in menu order."""
    return tuple(GAMES)


@cache
def game(name: str) -> Game:
    """The game called ``name``."""
    target = GAMES.get(name)
    if target is None:
        raise UnknownGameError(f"unknown game {name!r}; choose one of {', '.join(GAMES)}")
    module, _, attr = target.partition(":")
    found = getattr(importlib.import_module(module), attr)
    assert isinstance(found, Game)
    return found
