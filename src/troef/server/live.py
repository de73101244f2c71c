"""A live table: its match, seats, connections, and the messages built from its state.

:class:`LiveTable` is the state the :class:`~troef.server.tables.Hub` keeps in
memory for each table; the seats' tokens are kept hashed (:func:`hash_token`).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
import time
import unicodedata
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Final, Protocol

from troef.core.actions import SPECTATOR
from troef.server.adapter import GameAdapter, Problem
from troef.server.projection import PROTOCOL_VERSION, encode, encode_states

#: Longest seat name.
MAX_NAME: Final = 24
#: A table whose people have all been away this long (seconds) has been abandoned: the lobby no longer lists it.
ABANDONED_AFTER: Final = 1800.0


class Client(Protocol):
    """A connection the hub can send messages to."""

    def send(self, text: bytes) -> None:
        """Queue a message (JSON text, UTF-8 encoded); never blocks."""
        ...


#: Told how a submitted action ended: None once it is committed, applied and broadcast, else why not.
Answer = Callable[[Problem | None], None]


def hash_token(token: str) -> str:
    """What the database keeps of a seat token (the token itself is only in the invite link)."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    """A fresh secret seat token."""
    return secrets.token_urlsafe(18)


def clean_name(raw: object, default: str) -> str:
    """A seat name without control characters, at most :data:`MAX_NAME` long.

    A longer name is cut and ends in an ellipsis, so that everybody sees it was cut.
    """
    if not isinstance(raw, str):
        return default
    text = "".join(ch for ch in raw if unicodedata.category(ch)[0] != "C").strip()
    if len(text) > MAX_NAME:
        text = text[: MAX_NAME - 1].rstrip() + "\u2026"
    return text or default


@dataclass(slots=True)
class Seat:
    """A seat of a live table."""

    seat: int
    kind: str
    level: str | None
    name: str
    open: bool
    token_hash: str | None
    bot: Any = None


class TableError(Exception):
    """A lobby request that cannot be served (HTTP status and error code)."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


@dataclass(eq=False)
class LiveTable:
    """One table in memory: its match, seats and connections."""

    id: str
    game: GameAdapter
    config: dict[str, Any]
    seed: int
    first_dealer: int | None
    created_at: datetime
    seats: list[Seat]
    match: Any
    actions: list[str]
    finished_at: datetime | None = None
    #: The creator chose the seed: anyone who knows it knows every card (shown as a practice table).
    practice: bool = False
    #: When somebody first joined (None: nobody yet; such a table expires, see :meth:`Hub.expire_unjoined`).
    joined_at: datetime | None = None
    #: An action of this table waits for its commit; later ones wait in ``waiting``, in order.
    busy: bool = False
    waiting: deque[tuple[int, str, int | None, Answer]] = field(default_factory=deque)
    conns: dict[int, set[Client]] = field(default_factory=dict)
    bot_task: asyncio.Task[None] | None = None
    #: A ``presence`` message is to go out at the end of this pass of the event loop.
    presence_due: bool = False
    _cache: dict[int, bytes] = field(default_factory=dict)
    _cache_version: int = -1
    #: The score sheet (what every viewer sees alike), encoded once per hand.
    _public: bytes = b""
    _public_key: tuple[int, bool] | None = None
    #: When somebody last joined or acted (for letting idle tables leave memory).
    touched: float = field(default_factory=time.monotonic)
    #: Seconds a person has for a turn before a computer player takes the seat (None: no limit).
    turn_seconds: int | None = None
    #: The seat of the table's creator, who may let a computer play for an absent person (None: nobody).
    owner: int | None = None
    #: People's seats a computer player plays for now (their timer ran out, or the creator asked).
    standins: dict[int, tuple[str, Any]] = field(default_factory=dict)
    #: The running turn timer, and when it runs out (loop time).
    timer: asyncio.TimerHandle | None = None
    timer_due: float = 0.0
    #: A new table waiting for its people before its turn timer starts ("play now"), and until when (loop time):
    #: see :meth:`troef.server.timers.TurnTimers.await_people`.
    arrival: asyncio.TimerHandle | None = None
    arrival_due: float = 0.0
    #: The table of the rematch, once somebody asked for one.
    rematch: str | None = None
    #: When a person was last connected (for telling abandoned tables).
    last_person: float = field(default_factory=time.monotonic)
    #: This process plays the table's computer players and keeps its timer: always on a single server;
    #: with several processes on one database, only while it holds the table's lease (troef.server.cluster).
    runner: bool = True
    #: People's seats connected through other processes on the same database (troef.server.cluster).
    remote: frozenset[int] = frozenset()
    #: The owner the table counts against (``Guard.owner_of``: the network that made it), None: nobody's.
    holder: str | None = None

    @property
    def version(self) -> int:
        """How many actions the match has had."""
        return len(self.actions)

    @property
    def over(self) -> bool:
        """Whether the match has ended."""
        return bool(self.game.is_over(self.match))

    def state_text(self, viewer: int) -> bytes:
        """The encoded ``state`` message for ``viewer`` (see :meth:`state_texts`)."""
        return self.state_texts([viewer])[0]

    def state_texts(self, viewers: Sequence[int]) -> list[bytes]:
        """The encoded ``state`` messages for ``viewers``, each from its own view.

        Cached per version, so the connections of one viewer (and all
        spectators) share one text; the messages missing from the cache are
        projected together, which lets the game share the work between them.
        """
        if self._cache_version != self.version:
            self._cache.clear()
            self._cache_version = self.version
            # the score sheet changes only when a hand ends
            key = (self.game.hand_count(self.match), self.over)
            if self._public_key != key:
                self._public = encode(self.game.public(self.match))
                self._public_key = key
        missing = [viewer for viewer in dict.fromkeys(viewers) if viewer not in self._cache]
        if missing:
            texts = encode_states(
                self.game, self.match, missing, table=self.id, version=self.version, public=self._public
            )
            for viewer, text in zip(missing, texts, strict=True):
                self._cache[viewer] = text
        return [self._cache[viewer] for viewer in viewers]

    def seat_of(self, token: str) -> int | None:
        """The seat whose token this is, or None."""
        digest = hash_token(token)
        for seat in self.seats:
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
                return seat.seat
        return None

    def connected(self, seat: int) -> bool:
        """Whether somebody is connected on ``seat``, through this process or (clustered) another one."""
        return bool(self.conns.get(seat)) or seat in self.remote

    def seat_info(self) -> list[dict[str, Any]]:
        """Public facts of the seats (no tokens); ``standin`` only while a computer plays a person's seat."""
        out: list[dict[str, Any]] = []
        for s in self.seats:
            info = {
                "seat": s.seat,
                "name": s.name,
                "kind": s.kind,
                "level": s.level,
                "open": s.open and s.token_hash is None,
                "connected": s.kind == "bot" or self.connected(s.seat),
            }
            if s.seat in self.standins:
                info["standin"] = True
            out.append(info)
        return out

    def people_here(self) -> bool:
        """Whether every person's seat is connected (through any process) or played by a computer for them."""
        return all(self.connected(s.seat) or s.seat in self.standins for s in self.seats if s.kind == "human")

    def plays_itself(self, seat: int) -> bool:
        """Whether a computer player acts for ``seat`` (a bot's seat, or a person's it stands in for)."""
        return self.seats[seat].kind == "bot" or seat in self.standins

    def abandoned(self, now: float) -> bool:
        """Whether every person has been away for :data:`ABANDONED_AFTER` (tables of bots only never are)."""
        people = [s.seat for s in self.seats if s.kind == "human"]
        if not people or any(self.connected(seat) for seat in people):
            return False
        return now - self.last_person > ABANDONED_AFTER

    def timer_text(self) -> bytes | None:
        """The ``timer`` message (who is to act, seconds left), or None when the table has no running timer."""
        if self.turn_seconds is None:
            return None
        seat = self.game.to_act(self.match) if not self.over else -1
        running = self.timer is not None and seat >= 0
        now = asyncio.get_running_loop().time()
        left = max(0.0, self.timer_due - now) if running else 0.0
        message: dict[str, Any] = {
            "v": PROTOCOL_VERSION,
            "type": "timer",
            "table": self.id,
            "version": self.version,
            "seconds": self.turn_seconds,
            "seat": seat if running else None,
            "left": round(left, 1),
        }
        if self.arrival is not None:  # the timer waits for the people to come; this long at most
            message["arrival"] = round(max(0.0, self.arrival_due - now), 1)
        return encode(message)

    def info(self) -> dict[str, Any]:
        """What the lobby shows of this table."""
        return {
            "id": self.id,
            "game": self.game.name,
            "config": self.config,
            "seats": self.seat_info(),
            "hand": self.game.hand_count(self.match),
            "version": self.version,
            "over": self.over,
            "created_at": self.created_at.isoformat(),
            "finished_at": self.finished_at.isoformat() if self.finished_at else None,
            "result": self.game.result(self.match) if self.over else None,
            "spectators": len(self.conns.get(SPECTATOR, ())),
            "practice": self.practice,
            "turn_seconds": self.turn_seconds,
        }

    def presence_text(self) -> bytes:
        """The ``presence`` message: who is connected (no game data)."""
        return encode({"v": PROTOCOL_VERSION, "type": "presence", "table": self.id, "seats": self.seat_info()})

    def has_connections(self) -> bool:
        """Whether anybody is connected."""
        return any(self.conns.values())

    def rematch_text(self) -> bytes:
        """The ``rematch`` message: the table of the rematch (see :meth:`Hub.rematch`)."""
        return encode({"v": PROTOCOL_VERSION, "type": "rematch", "table": self.rematch})
