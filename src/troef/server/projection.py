"""The projection: the one function through which game data leaves the server.

Following boardgame.io's ``playerView``: every message that carries anything
of a match (the live state after each action, the state on joining or
reconnecting, the frames of a replay) is built by :func:`project` from the
view of exactly one viewer, a seat or the spectator (-1). Bots and hints read
the same views through :func:`viewer_view`. Errors, presence and lobby
messages carry no game data at all, and the server logs no actions.
"""

from __future__ import annotations

from typing import Any, Final

import orjson

from troef.core.actions import SPECTATOR
from troef.server.adapter import GameAdapter

#: Version of the WebSocket protocol (``docs/protocol.md``); every message carries it as ``v``.
PROTOCOL_VERSION: Final = 1

__all__ = ["PROTOCOL_VERSION", "SPECTATOR", "encode", "project", "viewer_view"]


def project(
    game: GameAdapter,
    match: Any,
    viewer: int,
    *,
    table: str,
    version: int,
    hand: int | None = None,
    public: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The ``state`` message for ``viewer``: the view of one hand and the public score sheet.

    ``hand`` is a hand index (replays); by default the current hand, and then,
    while the new hand has not started, also the final view of the hand before
    (``prev``) so that its last trick and result can be shown. ``public`` is
    ``game.public(match)`` when the caller already has it (it is the same for
    every viewer).
    """
    count = game.hand_count(match)
    index = count - 1 if hand is None else hand
    message: dict[str, Any] = {
        "v": PROTOCOL_VERSION,
        "type": "state",
        "table": table,
        "version": version,
        "viewer": viewer,
        "hand": index + 1,
        "view": game.view_json(game.view(match, viewer, index)),
        "match": game.public(match) if public is None else public,
    }
    if hand is None and index > 0 and not game.hand_started(match):
        message["prev"] = game.view_json(game.view(match, viewer, index - 1))
    return message


def viewer_view(game: GameAdapter, match: Any, viewer: int) -> Any:
    """The game's view object of the current hand for ``viewer`` (what bots and hints reason with)."""
    return game.view(match, viewer)


def encode(message: dict[str, Any]) -> str:
    """A message as compact JSON text."""
    return orjson.dumps(message).decode()
