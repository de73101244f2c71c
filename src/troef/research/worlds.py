"""Worlds a seat cannot tell from the real one, dealt by each game's own sampler.

Two uses: ``resample_from_infostate`` (:func:`redeal`: the match with the cards
the seat has not seen dealt again) and the ``openspiel-ismcts`` bot
(:func:`from_view`: a match made from the seat's view alone). Each game says
how in its research part (:meth:`troef.core.game.ResearchPart.redeal` and
``from_view``); troef's games deal from the sampler their pimc player draws
its worlds with (klaverjas ``games/klaverjas/sampler.py``, Bonaken
``games/bonaken/pimc_sample.py`` without its bid evidence, Binokel
``games/binokel/sampler.py`` with the exchange undone), so no rule of what a
seat knows is written here.

Every world is the engine's: the deal is dealt again and every action of the
deal replayed onto it, and a world the replay refuses is drawn again. The
caller (:meth:`troef.research.episode.Episode.resampled`, the bot) keeps a
world only when the seat's view of it is its view now.
"""

from __future__ import annotations

import random
from typing import Any

from troef.core.errors import IllegalActionError, RecordError, TroefError
from troef.core.game import ResearchPart
from troef.games import game as get_game
from troef.research.actions import research_part

__all__ = ["from_view", "redeal"]


def redeal(game: str, match: Any, seat: int, rng: random.Random, tries: int = 20) -> Any | None:
    """``match`` with the cards ``seat`` has not seen dealt by the game's own sampler, or None.

    The match around the current deal (its finished deals, its sheet) is kept. None also for a game whose
    research part has no sampler (the caller then takes steps of the game's ``shuffle_unseen``).
    """
    part = research_part(game)
    for _ in range(tries):
        try:
            other = part.redeal(match, seat, rng)
        except (IllegalActionError, RecordError):
            continue
        if other is not None:
            return other
    return None


def from_view(game: str, view: Any, rng: random.Random, tries: int = 20) -> Any | None:
    """A match whose current deal ``view``'s seat cannot tell from the real one, or None.

    Made from the view alone (what a bot has): the deal is the sampler's, the deal's actions are the view's
    events replayed; the match around it is new. Kept when the seat's information-state tensor of it, its
    match part aside (the deal as the seat knows it: hand, events, trick, the phase), and its legal actions
    are those of ``view``.
    None when no world both replays and shows the seat that.
    """
    from troef.research.tensors import layout

    g = get_game(game)
    part = research_part(game)
    players = part.table_of(view)[1]
    shape = layout(game, players)

    match_part = slice(shape.observation_size - shape.context_size, shape.observation_size)

    def seen(v: Any) -> tuple[list[float], tuple[str, ...]]:
        out = [0.0] * shape.information_state_size
        shape.write(v, out, True)
        out[match_part] = [0.0] * shape.context_size  # the match around the deal is new in a world from a view
        return out, tuple(v.legal)

    if type(part).from_view is ResearchPart.from_view:
        return None  # the game makes no worlds from a view
    mine = seen(view)
    for _ in range(tries):
        try:
            match = part.from_view(view, rng)
        except TroefError:
            continue
        if match is not None and seen(g.view(match, view.viewer)) == mine:
            return match
    return None
