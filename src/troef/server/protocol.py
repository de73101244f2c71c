"""The WebSocket protocol, version 1: what a client may send, limits, and error messages.

Every message is a JSON object with ``"v": 1`` and a ``"type"``; the full
description is ``docs/protocol.md``. Clients send intentions only
(``join``, ``act``, ``hint``, ``ping``, ``chat``, ...); the server answers with
``welcome``, ``state`` (built by :func:`troef.server.projection.project`),
``presence``, ``hint``, ``chat``, ``pong`` and ``error``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Final

import orjson

from troef.server.projection import PROTOCOL_VERSION, encode

#: Longest text message a client may send, in characters (longer ones get ``too_large``).
MAX_MESSAGE: Final = 4096
#: Largest WebSocket frame accepted at all, in bytes; a larger one closes the connection (1009).
MAX_FRAME: Final = 65536
#: Messages a connection may send per second on average, and in a burst.
RATE: Final = 20.0
BURST: Final = 40.0
#: Refused messages a connection may send (on average 5 a second, 200 in a burst) before it is closed (1008).
ABUSE_RATE: Final = 5.0
ABUSE_BURST: Final = 200.0
#: Messages queued for a client that does not read them before it is dropped (1013).
SEND_QUEUE: Final = 512

CLIENT_TYPES: Final = ("join", "act", "hint", "ping", "reclaim", "standin", "check", "chat")

#: The phrases a seat may say at the table (``chat``): codes only, each client shows them in its own
#: language (``web/chat.js``). There is no free text, so there is nothing to moderate.
CHAT_PHRASES: Final = (
    "hello",
    "good_luck",
    "well_played",
    "sorry",
    "thanks",
    "oops",
    "one_more",
    "have_fun",
    "bye",
)
#: Chat messages a seat may send per second on average, and in a burst (beyond: ``chat_limited``).
CHAT_RATE: Final = 0.5
CHAT_BURST: Final = 4.0

#: Every error code, with what it means (``docs/protocol.md`` has the same list).
ERRORS: Final = {
    "bad_json": "the message is not valid JSON",
    "bad_message": "the message is not a JSON object with the right fields",
    "bad_version": "the protocol version 'v' is missing or not supported",
    "unknown_type": "no such message type",
    "too_large": "the message is too long",
    "rate_limited": "too many messages: slow down",
    "not_joined": "join a table first",
    "already_joined": "this connection has already joined a table",
    "unknown_table": "no such table",
    "bad_token": "the seat token is not valid for this table",
    "spectator": "spectators cannot act",
    "not_your_turn": "it is not your turn",
    "stale": "the table has moved on since the state you acted on",
    "bad_action": "the action cannot be read",
    "illegal": "the rules do not allow that action now",
    "match_over": "the match is over",
    "busy": "the previous request is still being answered",
    "storage": "the action could not be stored; nothing changed",
    "internal": "the server failed; nothing changed",
    "no_standin": "no computer player is playing your seat",
    "not_owner": "only the table's creator can let a computer play for somebody",
    "not_away": "that seat's player is here (or a computer already plays it)",
    "bad_seat": "no such seat",
    "bad_phrase": "no such chat phrase",
    "chat_limited": "too many chat messages: wait a moment",
}


class ProtocolError(Exception):
    """A client message that cannot be served; becomes an ``error`` message."""

    def __init__(
        self, code: str, message: str | None = None, ref: Any = None, refusal: dict[str, Any] | None = None
    ) -> None:
        super().__init__(message or ERRORS[code])
        self.code = code
        self.message = message or ERRORS[code]
        self.ref = ref
        self.refusal = refusal


@dataclass(frozen=True, slots=True)
class ClientMessage:
    """A checked client message."""

    type: str
    ref: str | int | None
    table: str | None = None
    token: str | None = None
    action: str | None = None
    expect: int | None = None
    seat: int | None = None
    phrase: str | None = None


def _ref(data: dict[str, Any]) -> str | int | None:
    ref = data.get("id")
    if ref is None:
        return None
    if isinstance(ref, bool) or not isinstance(ref, (str, int)) or (isinstance(ref, str) and len(ref) > 64):
        raise ProtocolError("bad_message", "'id' must be a number or a string of at most 64 characters")
    if isinstance(ref, int) and not -(2**53) < ref < 2**53:
        raise ProtocolError("bad_message", "'id' is out of range")
    return ref


def _text(data: dict[str, Any], key: str, limit: int, ref: Any, required: bool = True) -> str | None:
    value = data.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str) or not value or len(value) > limit:
        raise ProtocolError("bad_message", f"'{key}' must be a string of 1 to {limit} characters", ref)
    return value


def parse_client_message(text: str) -> ClientMessage:
    """Check one client message; raise :class:`ProtocolError` saying what is wrong."""
    if len(text) > MAX_MESSAGE:
        raise ProtocolError("too_large", f"messages may be at most {MAX_MESSAGE} characters")
    try:
        data = orjson.loads(text)
    except orjson.JSONDecodeError:  # also what orjson raises for nesting deeper than it reads
        raise ProtocolError("bad_json") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", "a message must be a JSON object")
    ref = _ref(data)
    version = data.get("v")
    if version != PROTOCOL_VERSION or isinstance(version, bool):
        raise ProtocolError("bad_version", f'send "v": {PROTOCOL_VERSION}', ref)
    kind = data.get("type")
    if kind not in CLIENT_TYPES:
        raise ProtocolError("unknown_type", f"unknown type {str(kind)[:32]!r}; use {', '.join(CLIENT_TYPES)}", ref)
    if kind == "join":
        table = _text(data, "table", 64, ref)
        token = _text(data, "token", 128, ref, required=False)
        return ClientMessage("join", ref, table=table, token=token)
    if kind == "check":
        return ClientMessage("check", ref, action=_text(data, "action", 64, ref))
    if kind == "act":
        action = _text(data, "action", 64, ref)
        expect = data.get("expect")
        if expect is not None and (isinstance(expect, bool) or not isinstance(expect, int) or expect < 0):
            raise ProtocolError("bad_message", "'expect' must be a version number", ref)
        return ClientMessage("act", ref, action=action, expect=expect)
    if kind == "chat":
        phrase = data.get("phrase")
        if not isinstance(phrase, str) or phrase not in CHAT_PHRASES:
            raise ProtocolError("bad_phrase", f"'phrase' must be one of {', '.join(CHAT_PHRASES)}", ref)
        return ClientMessage(kind, ref, phrase=phrase)
    if kind == "standin":
        seat = data.get("seat")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < 64:
            raise ProtocolError("bad_message", "'seat' must be a seat number", ref)
        return ClientMessage(kind, ref, seat=seat)
    return ClientMessage(kind, ref)


def error_text(code: str, message: str | None = None, ref: Any = None, refusal: dict[str, Any] | None = None) -> bytes:
    """An ``error`` message: a code from :data:`ERRORS` and a message a player understands (English).

    An action the rules refuse (``illegal``) carries the engine's ``refusal``,
    ``{"code": ..., "params": {...}}``, for the browser to word in its language.
    """
    data: dict[str, Any] = {"v": PROTOCOL_VERSION, "type": "error", "code": code, "message": message or ERRORS[code]}
    if refusal is not None:
        data["refusal"] = refusal
    if ref is not None:
        data["ref"] = ref
    return encode(data)


class TokenBucket:
    """A rate limit: ``rate`` tokens a second, at most ``burst`` saved up."""

    __slots__ = ("burst", "level", "rate", "stamp")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.level = burst
        self.stamp = time.monotonic()

    def take(self) -> bool:
        """Spend one token if there is one."""
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.level >= 1.0:
            self.level -= 1.0
            return True
        return False
