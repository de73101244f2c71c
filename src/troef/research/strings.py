"""The information-state and observation strings of a seat, from its view only."""

from __future__ import annotations

import orjson

from troef.research.episode import Episode

__all__ = ["view_string"]


def view_string(episode: Episode, player: int, full: bool) -> str:
    """The seat's view as text: the whole view as JSON (information state) or its current part (observation)."""
    view = episode.view_json(player)
    if view is None:
        return f"p{player} " + (f"over {episode.returns[player]:g}" if episode.over else "dealing")
    if not full:
        view = {k: v for k, v in view.items() if k not in ("events", "sheet", "tricks", "bids", "melds")}
    text = orjson.dumps(view, option=orjson.OPT_SORT_KEYS).decode()
    if episode.part.card_slots == 64:
        # a game with two copies of a card (Binokel) plays them as the same card: which copy a seat held is
        # no information, and worlds a seat cannot tell apart must give it the same string
        text = text.replace("'", "")
    return f"p{player} " + text
