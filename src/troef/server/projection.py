"""The projection: the one function through which game data leaves the server.

Following boardgame.io's ``playerView``: every message that carries anything
of a match (the live state after each action, the state on joining or
reconnecting, the frames of a replay) is built by :func:`project` from the
view of exactly one viewer, a seat or the spectator (-1); :func:`project_all`
builds the messages of several viewers at once, each from its own view, and
:func:`encode_states` builds the same messages already encoded, for the
broadcast after every action. Bots and hints read
the same views through :func:`viewer_view`. Errors, presence and lobby
messages carry no game data at all, and the server logs no actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import orjson

from troef.core.actions import SPECTATOR
from troef.server.adapter import GameAdapter

#: Version of the WebSocket protocol (``docs/protocol.md``); every message carries it as ``v``.
PROTOCOL_VERSION: Final = 1

__all__ = ["PROTOCOL_VERSION", "SPECTATOR", "encode", "encode_states", "project", "project_all", "viewer_view"]


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
    return project_all(game, match, [viewer], table=table, version=version, hand=hand, public=public)[0]


def project_all(
    game: GameAdapter,
    match: Any,
    viewers: Sequence[int],
    *,
    table: str,
    version: int,
    hand: int | None = None,
    public: dict[str, Any] | None = None,
) -> list[dict[str, Any]]:
    """:func:`project` for each of ``viewers``, in order, sharing the work the game can share.

    Each message is still built from its own viewer's view; messages made
    together may share read-only parts.
    """
    index, with_prev = _hands_shown(game, match, hand)
    if public is None:
        public = game.public(match)
    views = game.views_json(game.views(match, viewers, index))
    prev = game.views_json(game.views(match, viewers, index - 1)) if with_prev else None
    messages: list[dict[str, Any]] = []
    for i, viewer in enumerate(viewers):
        message: dict[str, Any] = {
            "v": PROTOCOL_VERSION,
            "type": "state",
            "table": table,
            "version": version,
            "viewer": viewer,
            "hand": index + 1,
            "view": views[i],
            "match": public,
        }
        if prev is not None:
            message["prev"] = prev[i]
        messages.append(message)
    return messages


def encode_states(
    game: GameAdapter, match: Any, viewers: Sequence[int], *, table: str, version: int, public: bytes
) -> list[bytes]:
    """``encode(project(...))`` of the current state for each of ``viewers``, byte for byte.

    The server's broadcast after every action: the views come encoded from
    the game (:meth:`GameAdapter.views_bytes`, which encodes what they share
    once), and ``public`` is the score sheet already encoded, so each message
    is only joined together, in :func:`project_all`'s key order.
    """
    index, with_prev = _hands_shown(game, match, None)
    views = game.views_bytes(game.views(match, viewers, index))
    prev = game.views_bytes(game.views(match, viewers, index - 1)) if with_prev else None
    head = b'{"v":%d,"type":"state","table":%b,"version":%d,"viewer":' % (
        PROTOCOL_VERSION,
        orjson.dumps(table),
        version,
    )
    middle = b',"hand":%d,"view":' % (index + 1)
    out: list[bytes] = []
    for i, viewer in enumerate(viewers):
        parts = [head, b"%d" % viewer, middle, views[i], b',"match":', public]
        if prev is not None:
            parts += [b',"prev":', prev[i]]
        parts.append(b"}")
        out.append(b"".join(parts))
    return out


def _hands_shown(game: GameAdapter, match: Any, hand: int | None) -> tuple[int, bool]:
    """The index of the hand a state shows, and whether the hand before is shown too (``prev``).

    By default the current hand, and while the new hand has not started, also
    the final view of the hand before, so that its last trick and result can be shown.
    """
    if hand is not None:
        return hand, False
    index = game.hand_count(match) - 1
    return index, index > 0 and not game.hand_started(match)


def viewer_view(game: GameAdapter, match: Any, viewer: int) -> Any:
    """The game's view object of the current hand for ``viewer`` (what bots and hints reason with)."""
    return game.view(match, viewer)


def encode(message: dict[str, Any]) -> bytes:
    """A message as compact JSON text, UTF-8 encoded (what a WebSocket text frame carries)."""
    return orjson.dumps(message)
