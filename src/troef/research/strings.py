"""The information-state and observation strings of a seat, from its view only."""

from __future__ import annotations

import orjson

from troef.research.episode import Episode

__all__ = ["view_string"]


def view_string(episode: Episode, player: int, full: bool) -> str:
    """The seat's view as text: the whole view as JSON (information state) or its current part (observation)."""
    view = episode.view_json(player)
    if view is None:
        return f"p{player} " + ("dealing" if episode.match is None else f"over {episode.returns[player]:g}")
    if not full:
        view = {k: v for k, v in view.items() if k not in ("events", "sheet", "tricks", "bids", "melds")}
    return f"p{player} " + orjson.dumps(view, option=orjson.OPT_SORT_KEYS).decode()
