"""The games of troef, each in its own package, and the registry every layer takes them from.

A game is found by its name: ``game("bonaken")`` is the
:class:`~troef.core.game.Game` of ``troef.games.bonaken``. Games are imported
when first asked for, so a layer that needs one game loads only that one, and
no game imports another.

A game outside this package plugs in from its own package, in one of three ways:

* an entry point in the group ``troef.games`` of its distribution
  (``tiny = "mypkg.game:GAME"`` under ``[project.entry-points."troef.games"]``);
* :func:`register` (``register("tiny", "mypkg.game:GAME")``), for a program that imports troef;
* the environment variable ``TROEF_GAMES`` (``tiny=mypkg.game:GAME``, several separated by commas),
  which reaches processes troef starts itself (the arena's workers, ``troef serve``).

The layers above (replay, arena, terminal, server, browser, tournaments) find
the game's parts through its :class:`~troef.core.game.Game` class attributes,
so a registered game needs no change to any of them.

>>> names()[0]
'bonaken'
>>> game("bonaken").title
'Bonaken'
"""

from __future__ import annotations

import importlib
import os
import re
from collections.abc import Callable
from functools import cache
from importlib.metadata import entry_points
from typing import Final

from troef.core.errors import TroefError
from troef.core.game import AnyGame, Game

#: The games of this package: name -> "module:attribute" of the game's :class:`Game` singleton, in menu order.
BUILT_IN: Final[dict[str, str]] = {
    "bonaken": "troef.games.bonaken.game:GAME",
    "klaverjas": "troef.games.klaverjas.game:GAME",
    "binokel": "troef.games.binokel.game:GAME",
}
#: The entry-point group other distributions register their games in.
ENTRY_POINT_GROUP: Final = "troef.games"
#: The environment variable naming games to register (``name=module:attribute``, comma separated).
ENV: Final = "TROEF_GAMES"

_NAME = re.compile(r"[a-z][a-z0-9_]{0,31}")
_TARGET = re.compile(r"[A-Za-z_][\w.]*:[A-Za-z_]\w*")
_registered: dict[str, str] = {}


class UnknownGameError(TroefError, ValueError):
    """A game troef does not have."""


def register(name: str, target: str) -> None:
    """Make the game ``target`` (``"module:attribute"`` of its :class:`Game` singleton) known as ``name``.

    A name already taken by another target is refused; registering the same pair again is harmless.
    """
    if not _NAME.fullmatch(name):
        raise TroefError(f"a game's name is lowercase letters, digits and _, not {name!r}")
    if not _TARGET.fullmatch(target):
        raise TroefError(f"a game is registered as 'module:attribute', not {target!r}")
    known = _targets()
    if known.get(name, target) != target:
        raise TroefError(f"the game name {name!r} is taken by {known[name]}")
    _registered[name] = target
    _targets.cache_clear()
    game.cache_clear()


def unregister(name: str) -> None:
    """Forget a game :func:`register` made known (a test's game, when the test is over)."""
    if _registered.pop(name, None) is not None:
        _targets.cache_clear()
        game.cache_clear()


def _from_environment() -> tuple[dict[str, str], list[str]]:
    found: dict[str, str] = {}
    problems: list[str] = []
    for item in filter(None, (part.strip() for part in os.environ.get(ENV, "").split(","))):
        name, eq, target = item.partition("=")
        if not eq or not _NAME.fullmatch(name.strip()) or not _TARGET.fullmatch(target.strip()):
            problems.append(f"{ENV}: write name=module:attribute, not {item!r}")
            continue
        found[name.strip()] = target.strip()
    return found, problems


def problems() -> tuple[str, ...]:
    """What is wrong with the registrations: one line per malformed ``TROEF_GAMES`` entry (which is left out)."""
    return tuple(_from_environment()[1])


@cache
def _targets() -> dict[str, str]:
    targets = dict(BUILT_IN)
    for point in entry_points(group=ENTRY_POINT_GROUP):
        targets.setdefault(point.name, point.value)
    for name, target in (_from_environment()[0] | _registered).items():
        targets.setdefault(name, target)
    return targets


def names() -> tuple[str, ...]:
    """Every game's name: troef's own in menu order, then the registered ones."""
    return tuple(_targets())


def first(wanted: Callable[[AnyGame], bool], what: str) -> str:
    """The name of the first game, in :func:`names` order, that is ``wanted`` (a command's default game:
    troef's own come first); a game that cannot be loaded is passed over. :class:`UnknownGameError`
    saying ``what`` was looked for when none is."""
    for name in names():
        try:
            found = game(name)
        except TroefError:
            continue
        if wanted(found):
            return name
    raise UnknownGameError(f"no game has {what}")


def with_preset(preset: str) -> str:
    """The first game (:func:`first`) with a preset called ``preset``: a command given only a rule set."""
    return first(lambda g: preset in g.presets(), f"a rule set called {preset!r}")


@cache
def game(name: str) -> AnyGame:
    """The game called ``name``; an unknown name, or a target that is not a :class:`Game`, fails loudly."""
    target = _targets().get(name)
    if target is None:
        raise UnknownGameError(f"unknown game {name!r}; choose one of {', '.join(_targets())}")
    module, _, attr = target.partition(":")
    try:
        found = getattr(importlib.import_module(module), attr, None)
    except Exception as exc:  # a registration whose module is missing or broken: one line naming it
        raise TroefError(f"the game {name!r} ({target}) cannot be loaded: {type(exc).__name__}: {exc}") from exc
    if not isinstance(found, Game):
        raise TroefError(f"the game {name!r} ({target}) is not a troef Game")
    if found.name != name:
        raise TroefError(f"the game registered as {name!r} ({target}) calls itself {found.name!r}")
    return found


def part(found: AnyGame, attribute: str, what: str) -> object | None:
    """The object a game names in one of its part attributes (``arena_part``, ...), or None when it names none.

    A part that cannot be imported fails loudly, naming the game and the part: a game is never served half.
    """
    target: str | None = getattr(found, attribute)
    if target is None:
        return None
    module, colon, attr = target.partition(":")
    if not colon:
        raise TroefError(f"{found.name}'s {what} must be 'module:attribute', not {target!r}")
    try:
        loaded: object = getattr(importlib.import_module(module), attr)
    except (ImportError, AttributeError) as exc:
        raise TroefError(f"{found.name}'s {what} ({target}) cannot be loaded: {exc}") from exc
    return loaded
