"""What the tournament needs from a game, and where it finds it.

The tournament logic (draw, rounds, results, standings) knows nothing of any
game's rules: a game gives a :class:`GameScoring` that knows its table size,
the scores a player can get at a table (best first, which is also the
tie-break chain), which combinations are possible, and the columns of its
score form. A game names its own (``Game.tournaments``, by preset): Bonaken's
is :class:`troef.games.bonaken.tournament.BonakenScoring`.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from troef.core.errors import TroefError
from troef.games import first, names
from troef.games import game as game_of


class GameScoring(Protocol):
    """A game's part of a tournament (one rule set)."""

    game: str
    ruleset: str
    #: Players at a table.
    table_size: int
    #: Every score a player can get for one game, best first (the tie-break chain counts these).
    place_values: tuple[int, ...]
    #: Columns of the paper score form.
    form_columns: tuple[str, ...]
    #: The words :meth:`points_from_order` takes.
    order_words: tuple[str, ...]

    def check(self, points: Sequence[int]) -> None:
        """Raise ValueError with a readable reason if a table cannot score ``points`` (seat order)."""
        ...

    def points_from_order(self, order: Sequence[str]) -> list[int]:
        """The scores of each seat from how each seat finished (raise ValueError if impossible)."""
        ...

    def points_from_result(self, result: Mapping[str, Any]) -> list[int]:
        """The scores of each seat from a finished online match's result."""
        ...

    def match_config(self) -> dict[str, Any]:
        """The server configuration of one tournament game."""
        ...


def default_tournament(game: str | None = None) -> tuple[str, str]:
    """The game and rule set of a tournament that names none: the first game of the registry that declares
    tournaments (:attr:`~troef.core.game.Game.tournaments`; troef's own come first, so the NK's Bonaken),
    or ``game``, with its first tournament rule set; ValueError for a game without tournaments."""
    try:
        name = game or first(lambda g: bool(g.tournaments), "tournaments")
        rulesets = tuple(game_of(name).tournaments)
    except TroefError as exc:
        raise ValueError(str(exc)) from None
    if not rulesets:
        raise ValueError(f"troef runs no tournaments of {name}")
    return name, rulesets[0]


def scoring_for(game: str, ruleset: str) -> GameScoring:
    """The scoring of ``game`` under ``ruleset``; ValueError if troef runs no tournaments of it."""
    target = game_of(game).tournaments.get(ruleset) if game in names() else None
    if target is None:
        offered = ", ".join(f"{n} ({', '.join(game_of(n).tournaments)})" for n in names() if game_of(n).tournaments)
        raise ValueError(f"troef runs tournaments of {offered}, not {game} with {ruleset!r}")
    module, _, attr = target.partition(":")
    scoring: GameScoring = getattr(importlib.import_module(module), attr)()
    return scoring
