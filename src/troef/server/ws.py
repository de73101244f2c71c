"""One WebSocket connection: limits, the messages of ``docs/protocol.md``, and an outgoing queue.

A connection joins one table, as a seat (with the seat's secret token) or as
a spectator (without). Everything it receives about the match comes from
:meth:`troef.server.tables.LiveTable.state_text`, i.e. from the projection
for its own viewer. Errors say what was wrong and change nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from troef.core.actions import SPECTATOR
from troef.server.eager import run_eagerly
from troef.server.projection import PROTOCOL_VERSION, encode
from troef.server.protocol import (
    ABUSE_BURST,
    ABUSE_RATE,
    BURST,
    RATE,
    SEND_QUEUE,
    ClientMessage,
    ProtocolError,
    TokenBucket,
    error_text,
    parse_client_message,
)
from troef.server.tables import Hub, LiveTable, TableError

log = logging.getLogger("troef.server")


class Connection:
    """A client's WebSocket: it reads intentions and sends what its viewer may see.

    A message is written to the socket at once (see :mod:`troef.server.eager`)
    unless an earlier one is still waiting for the socket to take it; then it
    queues behind it, so a client always gets its messages in order, and a
    client that stops reading is dropped once :data:`SEND_QUEUE` messages wait.
    """

    def __init__(self, ws: WebSocket, hub: Hub, rate: float = RATE) -> None:
        self.ws = ws
        self.hub = hub
        self.table: LiveTable | None = None
        self.viewer: int | None = None
        #: Messages waiting behind a send the socket has not taken yet (None: nothing is waiting).
        self.backlog: deque[str] | None = None
        self._drainer: asyncio.Task[None] | None = None
        self._closer: asyncio.Task[None] | None = None
        self.bucket = TokenBucket(rate, max(BURST, 2 * rate))
        self.abuse = TokenBucket(ABUSE_RATE, ABUSE_BURST)
        self.last_rate_error = 0.0
        self.closing = False

    # ------------------------------------------------------------------ sending
    def send(self, text: str) -> None:
        """Send a message now, or queue it behind one the socket has not taken yet; never blocks."""
        if self.closing:
            return
        if self.backlog is not None:
            if len(self.backlog) >= SEND_QUEUE:
                self._close(1013, "too slow: reconnect to get the current state")
            else:
                self.backlog.append(text)
            return
        try:
            waiting = run_eagerly(self.ws.send_text(text))
        except Exception:  # the client has gone: the receiving side notices and cleans up
            self.closing = True
            return
        if waiting is not None:
            self.backlog = deque()
            self._drainer = asyncio.get_running_loop().create_task(self._drain(waiting))

    def _close(self, code: int, reason: str) -> None:
        if self.closing:
            return
        self.closing = True
        self._closer = asyncio.get_running_loop().create_task(self._close_now(code, reason))

    async def _close_now(self, code: int, reason: str) -> None:
        with contextlib.suppress(Exception):  # already gone
            await self.ws.close(code, reason)

    async def _drain(self, waiting: asyncio.Task[None]) -> None:
        """Finish the send that had to wait, then the messages queued behind it, in order."""
        try:
            await waiting
            while self.backlog:
                await self.ws.send_text(self.backlog.popleft())
        except Exception:
            self.closing = True
        finally:
            self.backlog = None

    # ------------------------------------------------------------------ receiving
    async def serve(self) -> None:
        """Run the connection until the client leaves."""
        await self.ws.accept()
        try:
            while not self.closing:
                try:
                    message = await self.ws.receive()
                except (WebSocketDisconnect, RuntimeError):
                    break
                if message["type"] == "websocket.disconnect":
                    break
                if not self.bucket.take():
                    self._refuse()
                    continue
                text = message.get("text")
                if text is None:
                    self.send(error_text("bad_message", "send JSON in text frames, not binary ones"))
                    continue
                try:
                    await self._handle(text)
                except ProtocolError as exc:
                    self.send(error_text(exc.code, exc.message, exc.ref))
                except Exception:
                    log.exception("a message could not be served")
                    self.send(error_text("internal"))
        finally:
            if self.table is not None and self.viewer is not None:
                self.hub.detach(self.table, self.viewer, self)
            self.closing = True
            drainer = self._drainer
            if drainer is not None and not drainer.done():  # give queued messages a moment to leave
                try:
                    await asyncio.wait_for(drainer, 5.0)
                except (TimeoutError, asyncio.CancelledError):
                    drainer.cancel()
            if self._closer is not None:
                # start the closing handshake before returning: a server that just drops the
                # connection makes the kernel reset it, and the client loses what it has not read
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(self._closer, 5.0)

    def _refuse(self) -> None:
        if not self.abuse.take():
            self._close(1008, "too many messages")
            return
        now = time.monotonic()
        if now - self.last_rate_error >= 1.0:  # one error a second, so a flood is not echoed back
            self.last_rate_error = now
            self.send(error_text("rate_limited"))

    async def _handle(self, text: str) -> None:
        msg = parse_client_message(text)
        if msg.type == "ping":
            self._reply({"type": "pong"}, msg)
        elif msg.type == "join":
            await self._join(msg)
        elif msg.type == "act":
            await self._act(msg)
        elif msg.type == "hint":
            await self._hint(msg)

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

    async def _join(self, msg: ClientMessage) -> None:
        if self.table is not None:
            raise ProtocolError("already_joined", "open a new connection to join another table", msg.ref)
        assert msg.table is not None
        table = await self.hub.get_table(msg.table)
        if table is None:
            raise ProtocolError("unknown_table", f"there is no table {msg.table[:32]!r}", msg.ref)
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
            },
            msg,
        )
        self.hub.attach(table, viewer, self)

    async def _act(self, msg: ClientMessage) -> None:
        table, seat = self._seat(msg)
        assert msg.action is not None
        problem = await self.hub.submit(table, seat, msg.action, msg.expect)
        if problem is not None:
            raise ProtocolError(problem.code, problem.message, msg.ref)

    async def _hint(self, msg: ClientMessage) -> None:
        table, seat = self._seat(msg)
        # the hint belongs to the state it was worked out on, even if the table moves on meanwhile
        version = table.version
        try:
            action, source = await self.hub.hint(table, seat)
        except TableError as exc:
            code = exc.code if exc.code in ("not_your_turn", "busy") else "internal"
            raise ProtocolError(code, exc.message, msg.ref) from None
        self._reply({"type": "hint", "action": action, "source": source, "version": version}, msg)
