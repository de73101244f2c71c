"""One client's connection: limits, and the messages of ``docs/protocol.md``.

A connection joins one table, as a seat (with the seat's secret token) or as
a spectator (without). Everything it receives about the match comes from
:meth:`troef.server.tables.LiveTable.state_text`, i.e. from the projection
for its own viewer. Errors say what was wrong and change nothing.

It is driven by callbacks from its :class:`~troef.server.transport.GameSocket`
rather than by a task: a message is served in the callback that read it, and
an action is answered by the callback that committed it. Only ``hint``, which
waits for a computer player, and a ``join`` of a table that is not in memory
(a finished one, loaded from the database) run as tasks.
A connection serves its messages one at a time, in order; what arrives
meanwhile waits in its inbox.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Callable
from typing import Any, Final, Protocol

from troef.core.actions import SPECTATOR
from troef.server.adapter import Problem
from troef.server.projection import PROTOCOL_VERSION, encode
from troef.server.protocol import (
    ABUSE_BURST,
    ABUSE_RATE,
    BURST,
    CHAT_BURST,
    CHAT_RATE,
    RATE,
    ClientMessage,
    ProtocolError,
    TokenBucket,
    error_text,
    parse_client_message,
)
from troef.server.tables import Hub, LiveTable, TableError

log = logging.getLogger("troef.server")

#: Messages waiting in a connection's inbox before its socket stops reading (TCP then holds the rest).
INBOX_PAUSE: Final = 16


class Outlet(Protocol):
    """The socket a connection talks through (:class:`troef.server.transport.GameSocket`)."""

    def send(self, text: bytes) -> None:
        """Send a text message (UTF-8 encoded); never blocks."""

    def close(self, code: int, reason: str) -> None:
        """Close with a WebSocket close code."""

    def pause_reading(self) -> None:
        """Read no more messages for now."""

    def resume_reading(self) -> None:
        """Read messages again."""


class Connection:
    """A client's WebSocket: it reads intentions and sends what its viewer may see."""

    def __init__(
        self,
        out: Outlet,
        hub: Hub,
        rate: float = RATE,
        join_within: float | None = None,
        on_seat: Callable[[], None] | None = None,
    ) -> None:
        self.out = out
        #: Called when the connection takes a seat (the guard keeps connection places for seated players).
        self.on_seat = on_seat
        self.hub = hub
        self.table: LiveTable | None = None
        self.viewer: int | None = None
        self.bucket = TokenBucket(rate, max(BURST, 2 * rate))
        self.abuse = TokenBucket(ABUSE_RATE, ABUSE_BURST)
        self.chat_bucket = TokenBucket(CHAT_RATE, CHAT_BURST)
        self.last_rate_error = 0.0
        self.closing = False
        #: A message is being answered (an action waits for its commit, a hint or a loading join for its task).
        self.busy = False
        #: Messages read while busy (None stands for a binary one), served in order afterwards.
        self.inbox: deque[str | None] = deque()
        self._task: asyncio.Task[None] | None = None
        #: An action was accepted and its answer (the commit's callback) is still to come.
        self._committing = False
        #: Closes a socket that has joined no table within ``join_within`` seconds (an idle one holds a place).
        self._join_timer: asyncio.TimerHandle | None = None
        self.join_within = join_within
        if join_within:
            self._join_timer = asyncio.get_running_loop().call_later(join_within, self._join_overdue)

    def _join_overdue(self) -> None:
        self._join_timer = None
        if self.table is not None or self.closing:
            return
        if self.busy and self.join_within:  # a join is loading its table: look again later
            self._join_timer = asyncio.get_running_loop().call_later(self.join_within, self._join_overdue)
            return
        self._close(1008, "join a table after connecting")

    # ------------------------------------------------------------------ sending
    def send(self, text: bytes) -> None:
        """Send a message (the hub calls this to broadcast); never blocks."""
        if not self.closing:
            self.out.send(text)

    def _close(self, code: int, reason: str) -> None:
        if not self.closing:
            self.closing = True
            self.out.close(code, reason)

    # ------------------------------------------------------------------ receiving
    def receive(self, text: str | None) -> None:
        """A message from the client: its text, or None for a binary frame."""
        if self.closing:
            return
        if not self.bucket.take():
            self._refuse()
            return
        if self.busy:
            self.inbox.append(text)
            if len(self.inbox) >= INBOX_PAUSE:
                self.out.pause_reading()
            return
        self._serve(text)

    def lost(self) -> None:
        """The socket has gone: leave the table."""
        self.closing = True
        self.inbox.clear()
        if self._join_timer is not None:
            self._join_timer.cancel()
            self._join_timer = None
        if self._task is not None and not self._task.done():
            self._task.cancel()
        if self.table is not None and self.viewer is not None:
            self.hub.detach(self.table, self.viewer, self)

    def _serve(self, text: str | None) -> None:
        """Answer one message; a ``join``, ``hint`` or ``act`` leaves the connection busy until answered."""
        if text is None:
            self.send(error_text("bad_message", "send JSON in text frames, not binary ones"))
            return
        msg: ClientMessage | None = None
        try:
            msg = parse_client_message(text)
            if msg.type == "ping":
                self._reply({"type": "pong"}, msg)
            elif msg.type == "act":
                self._act(msg)
            elif msg.type == "join":
                self._join(msg)
            elif msg.type == "hint":
                self._start(self._hint(msg), msg)
            elif msg.type in ("reclaim", "standin"):
                self._seat_change(msg)
            elif msg.type == "check":
                self._check(msg)
            elif msg.type == "chat":
                self._chat(msg)
        except ProtocolError as exc:
            self.send(error_text(exc.code, exc.message, exc.ref, exc.refusal))
        except Exception:
            # whatever failed, the connection goes on: it answers this message with an error and is free for the
            # next one (unless an answer is still to come from a task or a commit, which then frees it)
            log.exception("a message could not be served")
            self.send(error_text("internal", ref=msg.ref if msg is not None else None))
            if self.busy and not self._committing and (self._task is None or self._task.done()):
                self._done()

    def _done(self) -> None:
        """The message being answered is answered: serve what waited meanwhile."""
        self.busy = False
        inbox = self.inbox
        while inbox and not self.busy and not self.closing:
            self._serve(inbox.popleft())
        if not inbox:
            self.out.resume_reading()

    def _start(self, coro: Any, msg: ClientMessage) -> None:
        self.busy = True
        self._task = asyncio.get_running_loop().create_task(self._run(coro, msg))

    async def _run(self, coro: Any, msg: ClientMessage) -> None:
        try:
            await coro
        except ProtocolError as exc:
            self.send(error_text(exc.code, exc.message, exc.ref, exc.refusal))
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("a message could not be served")
            self.send(error_text("internal", ref=msg.ref))
        self._task = None
        self._done()

    def _refuse(self) -> None:
        if not self.abuse.take():
            self._close(1008, "too many messages")
            return
        now = time.monotonic()
        if now - self.last_rate_error >= 1.0:  # one error a second, so a flood is not echoed back
            self.last_rate_error = now
            self.send(error_text("rate_limited"))

    def _reply(self, data: dict[str, Any], msg: ClientMessage) -> None:
        out = {"v": PROTOCOL_VERSION, **data}
        if msg.ref is not None:
            out["ref"] = msg.ref
        self.send(encode(out))

    def _seat(self, msg: ClientMessage) -> tuple[LiveTable, int]:
        if self.table is None or self.viewer is None:
            raise ProtocolError("not_joined", ref=msg.ref)
        if self.viewer == SPECTATOR:
            raise ProtocolError("spectator", ref=msg.ref)
        return self.table, self.viewer

    def _join(self, msg: ClientMessage) -> None:
        if self.table is not None:
            raise ProtocolError("already_joined", "open a new connection to join another table", msg.ref)
        assert msg.table is not None
        table = self.hub.tables.get(msg.table)
        if table is not None:  # a live table: joined at once (a new table's players all come this way)
            self._enter(table, msg)
        else:  # perhaps a finished one, from the database
            self._start(self._load_and_enter(msg.table, msg), msg)

    async def _load_and_enter(self, table_id: str, msg: ClientMessage) -> None:
        table = await self.hub.get_table(table_id)
        if table is None:
            raise ProtocolError("unknown_table", f"there is no table {table_id[:32]!r}", msg.ref)
        self._enter(table, msg)

    def _enter(self, table: LiveTable, msg: ClientMessage) -> None:
        """Take the seat ``msg``'s token names (or watch), say welcome and send the state."""
        viewer = SPECTATOR
        if msg.token is not None:
            seat = table.seat_of(msg.token)
            if seat is None:
                raise ProtocolError("bad_token", ref=msg.ref)
            viewer = seat
        self.table, self.viewer = table, viewer
        self._reply(
            {
                "type": "welcome",
                "table": table.id,
                "game": table.game.name,
                "config": table.config,
                "seat": None if viewer == SPECTATOR else viewer,
                "role": "spectator" if viewer == SPECTATOR else "seat",
                "seats": table.seat_info(),
                "practice": table.practice,
                # who may let a computer play for an absent person (the creator's seat), if anybody
                "owner": table.owner,
                "turn_seconds": table.turn_seconds,
            },
            msg,
        )
        self.hub.attach(table, viewer, self)
        if viewer != SPECTATOR and self.on_seat is not None:
            self.on_seat()

    def _act(self, msg: ClientMessage) -> None:
        table, seat = self._seat(msg)
        assert msg.action is not None
        ref = msg.ref

        def answered(problem: Problem | None) -> None:
            self._committing = False
            if problem is not None:
                self.send(error_text(problem.code, problem.message, ref, problem.detail()))
            self._done()

        self.busy = True
        try:
            problem = self.hub.submit_soon(table, seat, msg.action, msg.expect, answered)
        except BaseException:
            self.busy = False  # nothing was accepted: no answer will come to free the connection
            raise
        if problem is not None:
            self.busy = False
            raise ProtocolError(problem.code, problem.message, ref, problem.detail())
        self._committing = True

    def _check(self, msg: ClientMessage) -> None:
        """Whether an action would cost the seat dearly (a false roem claim, say), asked before sending it."""
        table, seat = self._seat(msg)
        warning = table.game.warning(table.match, seat, msg.action or "")
        self._reply({"type": "check", "action": msg.action, "version": table.version, "warning": warning}, msg)

    def _chat(self, msg: ClientMessage) -> None:
        """A fixed phrase from a seat, sent to everyone at the table (spectators only read)."""
        table, seat = self._seat(msg)
        if not self.chat_bucket.take():
            raise ProtocolError("chat_limited", ref=msg.ref)
        assert msg.phrase is not None
        text = encode({"v": PROTOCOL_VERSION, "type": "chat", "table": table.id, "seat": seat, "phrase": msg.phrase})
        for conns in table.conns.values():
            for client in list(conns):
                client.send(text)

    def _seat_change(self, msg: ClientMessage) -> None:
        """``reclaim``: take your seat back from the computer; ``standin``: the creator lets one play an absent seat."""
        table, seat = self._seat(msg)
        try:
            if msg.type == "reclaim":
                self.hub.reclaim(table, seat)
            else:
                self.hub.replace_absent(table, seat, msg.seat)
        except TableError as exc:
            raise ProtocolError(exc.code, exc.message, msg.ref) from None

    async def _hint(self, msg: ClientMessage) -> None:
        table, seat = self._seat(msg)
        # the hint belongs to the state it was worked out on, even if the table moves on meanwhile
        version = table.version
        try:
            action, source, values = await self.hub.hint(table, seat)
        except TableError as exc:
            code = exc.code if exc.code in ("not_your_turn", "busy") else "internal"
            raise ProtocolError(code, exc.message, msg.ref) from None
        reply: dict[str, Any] = {"type": "hint", "action": action, "source": source, "version": version}
        if values:
            reply["values"] = values
        self._reply(reply, msg)
