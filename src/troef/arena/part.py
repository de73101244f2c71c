"""A game's part of the arena (:class:`ArenaPart`): its special seats, what it counts, how it reports.

A game names its part in :attr:`troef.core.game.Game.arena_part`; :func:`part_of`
finds it (the default part, which counts nothing, for a game that names none).
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from troef.arena.seating import ArenaError, settings
from troef.bots.registry import make_bot
from troef.core.bot import Bot
from troef.core.game import AnyGame
from troef.games import game as get_game
from troef.games import part as game_part

if TYPE_CHECKING:
    from troef.arena.core import ArenaResult, BotStats, MatchOutcome


class Watcher:
    """What a game's part notes while one match is played (one per match)."""

    def after(self, match: Any, entry_at: dict[int, int]) -> None:
        """Called after every action."""
        return None  # nothing by default

    def extra(self, match: Any, entry_at: dict[int, int]) -> dict[str, Any]:
        """What the part keeps of the finished match (JSON-ready; by entry where it names players)."""
        return {}


class ArenaPart:
    """A game's part of the arena: its special seats, what it counts, how it reports. The default counts nothing.

    The measuring ``cheat``, which sees every card, is never in a game's bot
    registry (no table may seat it against people): the arena alone seats it.
    One mechanism for every game: the class the game names in
    :attr:`~troef.core.game.Game.cheat_bot` is given ``state_of``, a callable that
    returns the true state it follows from deal to deal: the game's deal in play
    (:meth:`~troef.core.game.Game.deal_in_play`). It is built as ``CheatBot(state_of, seed=seed)``,
    or, when the class has a ``see`` method, as ``CheatBot(seed=seed)``
    followed by ``bot.see(state_of)``.
    """

    def seat_bot(self, game: AnyGame, kind: str, options: dict[str, str], seed: int, match: Callable[[], Any]) -> Bot:
        """The bot of a seat; ``match()`` gives the match being played (only a measuring ``cheat`` may look)."""
        if kind == "cheat" and kind not in game.bots:
            return self.cheat_bot(game, options, seed, match)
        if kind == "openspiel-ismcts":
            return self.openspiel_bot(game, options, seed)
        if options:
            return self.tuned_bot(game, kind, options, seed)
        return make_bot(game.name, kind, seed)  # the registry: the game's bots and any registered besides

    def tuned_bot(self, game: AnyGame, kind: str, options: dict[str, str], seed: int) -> Bot:
        """A bot of the game's registry with settings: its class takes ``strength=``, an instance of the
        dataclass ``Strength`` of its module, whose fields the settings change (``pimc:samples=20``)."""
        target = game.bots.get(kind)
        if target is None:
            make_bot(game.name, kind, seed)  # an unknown kind: the registry's error
            raise ArenaError(f"the {kind} bot takes no settings")
        module_name, _, attr = target.partition(":")
        module = importlib.import_module(module_name)
        cls = getattr(module, attr)
        strength: Any = getattr(module, "Strength", None)
        takes = inspect.isclass(cls) and "strength" in inspect.signature(cls).parameters
        tunable = isinstance(strength, type) and dataclasses.is_dataclass(strength)
        if not takes or not tunable:
            raise ArenaError(f"the {kind} bot takes no settings")
        bot: Bot = cls(seed, strength=settings(options, strength(), kind))
        return bot

    def openspiel_bot(self, game: AnyGame, options: dict[str, str], seed: int) -> Bot:
        """OpenSpiel's ISMCTS from the seat's view (``troef.research.ismcts``; the ``research`` extra)."""
        try:
            from troef.research.ismcts import make
        except ImportError:
            raise ArenaError("openspiel-ismcts needs the research extra: pip install 'troef[research]'") from None
        return make(seed, options, game.name)

    def cheat_bot(self, game: AnyGame, options: dict[str, str], seed: int, match: Callable[[], Any]) -> Bot:
        """The game's ``cheat`` (:attr:`~troef.core.game.Game.cheat_bot`), given the true state through a callable."""
        cls: Any = game_part(game, "cheat_bot", "cheat bot")
        if cls is None:
            raise ArenaError(f"{game.name} has no cheat bot")
        settings = dict(options)
        sees = settings.pop("sees", None)
        if settings:
            raise ArenaError(f"the cheat bot takes only sees= here, not {', '.join(settings)}")
        if sees is not None and "sees" not in inspect.signature(cls).parameters:
            raise ArenaError(f"{game.name}'s cheat sees every card in every decision (no sees= setting)")
        chosen = {"sees": tuple(sees.split("+"))} if sees is not None else {}

        def state_of() -> Any:
            return game.deal_in_play(match())

        if callable(getattr(cls, "see", None)):
            # the same callable, handed over after construction: CheatBot(seed=...) then bot.see(state_of)
            bot: Bot = cls(seed=seed)
            bot.see(state_of)  # type: ignore[attr-defined]
            return bot
        try:
            bot = cls(state_of, seed=seed, **chosen)
        except ValueError as error:
            raise ArenaError(str(error)) from None
        return bot

    # ------------------------------------------------------------------ teams (partnership games)
    def team_measures(self, extra: dict[str, Any]) -> dict[str, tuple[float, float]]:
        """Numbers of one match per side (side 0: seats 0 and 2), higher or lower as named: each gets a mean
        per team with its 95% interval and a paired difference between the teams."""
        return {}

    def team_tally(self, stats: dict[str, Any], extra: dict[str, Any], side: int) -> None:
        """Add what one match's ``extra`` says of ``side`` to a team's ``stats``."""
        return None  # nothing by default

    def team_json(self, stats: dict[str, Any], matches: int) -> dict[str, Any]:
        """A team's ``stats`` as JSON-ready data."""
        return {}

    def team_report(self, names: Sequence[str], stats: Sequence[dict[str, Any]], matches: int) -> list[str]:
        """Extra lines of the plain-text team report (one ``stats`` per team, in the order of ``names``)."""
        return []

    def watcher(self) -> Watcher:
        """A new watcher for one match."""
        return Watcher()

    def tally(self, stats: dict[str, Any], extra: dict[str, Any], entry: int) -> None:
        """Add what one match's ``extra`` says of ``entry`` to a bot's ``stats``."""
        return None  # nothing by default

    def stats_json(self, stats: dict[str, Any], matches: int) -> dict[str, Any]:
        """A bot's ``stats`` as JSON-ready data."""
        return {}

    def summary(self, outcomes: Sequence[MatchOutcome]) -> dict[str, Any]:
        """Figures of the whole run (JSON-ready)."""
        return {}

    def report(self, result: ArenaResult, rows: Sequence[BotStats]) -> list[str]:
        """Extra lines of the plain-text report."""
        return []


def part_of(game: str) -> ArenaPart:
    """The arena part ``game`` names (:attr:`~troef.core.game.Game.arena_part`; the default one when it has none)."""
    found = game_part(get_game(game), "arena_part", "arena part")
    if found is None:
        return ArenaPart()
    if not isinstance(found, ArenaPart):
        raise ArenaError(f"{game}'s arena part is not an ArenaPart")
    return found
