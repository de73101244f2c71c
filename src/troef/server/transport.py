"""The game socket (``/ws``) as an asyncio protocol: websockets' sans-I/O framing, no ASGI in between.

uvicorn takes a WebSocket protocol class of one's own (its ``ws`` setting) and
hands it the connection once the HTTP request asks for an upgrade. troef's
is :class:`GameSocket`: the handshake and the frames are
:class:`websockets.server.ServerProtocol`'s (the same library uvicorn's own
WebSocket protocols use), and each text message goes straight to the
connection's :class:`~troef.server.ws.Connection` in the callback that read
it. Each message sent is framed and written at once. Two common cases skip
websockets' parsers, each checked against websockets by the tests: a plain
upgrade request is answered directly (:func:`plain_upgrade_key`), and one
small whole text frame in a read is unmasked directly.

Why not the ASGI WebSocket interface: every message there passes a queue, a
task switch, pausing and resuming the socket's reading, and the Starlette
and uvicorn layers, both ways. A busy table sends one message per seat after
every action, and ``troef bench server`` measured those layers as the largest
part of the server's work per action.

The HTTP side (lobby API, pages) stays an ordinary Starlette app.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import logging
from collections import deque
from typing import Any, Final, Protocol, cast

from websockets.frames import Frame, Opcode
from websockets.http11 import Request
from websockets.protocol import CONNECTING, OPEN, SERVER
from websockets.protocol import Protocol as WebSocketProtocol
from websockets.server import ServerProtocol
from websockets.streams import StreamReader
from websockets.utils import accept_key

try:
    from websockets.speedups import apply_mask
except ImportError:  # pragma: no cover - websockets without its C extension
    from websockets.utils import apply_mask

from troef.server.guard import GUARD, Guard
from troef.server.protocol import MAX_FRAME, SEND_QUEUE

log = logging.getLogger("troef.server")

#: The key of the lifespan state under which the app gives the factory of each socket's endpoint.
ENDPOINT: Final = "troef.endpoint"
#: The path of the game socket (any other WebSocket path gets 404).
PATH: Final = "/ws"
_PATH_BYTES: Final = PATH.encode()
#: At most this many frames of an answer are held back to go out in one write (see GameSocket._uncork).
CORK_FRAMES: Final = 4
#: Seconds the other side has to answer our closing handshake before the TCP connection is cut.
#: (Not ``Final``: mypyc would put the value into the compiled code, and tests shorten it.)
CLOSE_TIMEOUT = 5.0


def text_frame(data: bytes) -> bytes:
    """A final, unmasked text frame of ``data`` (RFC 6455 section 5.2), as a server sends it with no extensions.

    Byte for byte what ``websockets`` serialises (``tests/server/test_transport.py`` checks);
    written directly because the server sends one after every action to every seat.
    """
    size = len(data)
    if size < 126:
        return bytes((0x81, size)) + data
    if size < 65536:
        return b"\x81\x7e" + size.to_bytes(2, "big") + data
    return b"\x81\x7f" + size.to_bytes(8, "big") + data


#: The headers a plain upgrade request must have once each (RFC 6455 section 4.2.1), lower case.
_UPGRADE_HEADERS: Final = (b"host", b"upgrade", b"connection", b"sec-websocket-key", b"sec-websocket-version")


def plain_upgrade_key(data: bytes) -> str | None:
    """The ``Sec-WebSocket-Key`` of ``data`` if it is one plain, valid WebSocket upgrade request for :data:`PATH`.

    See :func:`plain_upgrade`, which also gives the request's headers.
    """
    found = plain_upgrade(data)
    return None if found is None else found[0]


def plain_upgrade(data: bytes) -> tuple[str, dict[bytes, bytes]] | None:
    """The ``Sec-WebSocket-Key`` and the headers (lower-case names) of a plain upgrade request, or None.

    Plain: ``GET`` over HTTP/1.1, nothing after the headers, no body, and
    each header of the handshake exactly once with its one valid value (what
    browsers and WebSocket libraries send). Anything else gives None, and the
    request goes to websockets' own handshake, which accepts what it can and
    rejects the rest with the right status. Offered extensions and
    subprotocols are ignored, as websockets does when the server offers none.
    """
    head, blank, rest = data.partition(b"\r\n\r\n")
    if not blank or rest:
        return None
    lines = head.split(b"\r\n")
    request_line = lines[0].split(b" ")
    if len(request_line) != 3 or request_line[0] != b"GET" or request_line[2] != b"HTTP/1.1":
        return None
    if request_line[1].partition(b"?")[0] != _PATH_BYTES:
        return None
    found: dict[bytes, bytes] = {}
    for line in lines[1:]:
        name, colon, value = line.partition(b":")
        if not colon or not name.isascii() or not name.replace(b"-", b"").isalnum():
            return None
        name = name.lower()
        if name in found or name in (b"content-length", b"transfer-encoding"):
            return None
        found[name] = value.strip(b" \t")
    if any(name not in found for name in _UPGRADE_HEADERS):
        return None
    if found[b"upgrade"].lower() != b"websocket" or found[b"sec-websocket-version"] != b"13":
        return None
    if b"upgrade" not in [token.strip(b" \t").lower() for token in found[b"connection"].split(b",")]:
        return None
    key = found[b"sec-websocket-key"]
    try:
        if len(base64.b64decode(key, validate=True)) != 16:
            return None
    except binascii.Error:
        return None
    return key.decode(), found


def switching_protocols(key: str) -> bytes:
    """The 101 response to a plain upgrade request with ``key`` (no extension, no subprotocol)."""
    return (
        b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        b"Sec-WebSocket-Accept: %b\r\n\r\n" % accept_key(key).encode()
    )


class Endpoint(Protocol):
    """What serves the messages of one accepted socket (see :class:`troef.server.ws.Connection`)."""

    def receive(self, text: str | None) -> None:
        """A message from the client: its text, or None for a binary one."""

    def lost(self) -> None:
        """The connection has gone (either way)."""


class GameSocket(asyncio.Protocol):
    """One client's WebSocket, from handshake to close.

    ``app_state`` is uvicorn's lifespan state; :func:`troef.server.app.create_app`
    puts the :data:`ENDPOINT` factory there, which makes the
    :class:`Endpoint` for each accepted socket.

    Sending never blocks: a message is written to the transport at once unless
    the transport has asked us to pause writing (its buffer is full); then it
    waits in order in a backlog, and a client that falls :data:`SEND_QUEUE`
    messages behind is closed with 1013.
    """

    def __init__(
        self,
        config: Any,
        server_state: Any,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        self.make_endpoint = app_state[ENDPOINT]
        #: The app's checks of Host and Origin, and its connection count (None: none apply).
        self.guard: Guard | None = app_state.get(GUARD)
        self.connections: set[Any] = server_state.connections
        self.ping_interval: float | None = getattr(config, "ws_ping_interval", None)
        self.ping_timeout: float | None = getattr(config, "ws_ping_timeout", None)
        #: websockets' sans-I/O protocol: a ServerProtocol for the handshake, or one already open (see data_received)
        self.ws: WebSocketProtocol = ServerProtocol(max_size=MAX_FRAME, logger=log)
        #: websockets' buffer of bytes it has not parsed yet (the fast path of data_received reads only when empty).
        self._reader: StreamReader = self.ws.reader
        self.transport: asyncio.Transport | None = None
        self.endpoint: Endpoint | None = None
        self.loop = asyncio.get_running_loop()
        #: Messages waiting while the transport's buffer is full (None: writing is not paused).
        self.backlog: deque[bytes] | None = None
        self.closing = False
        self.reading_paused = False
        self._fragments: list[bytes] = []
        #: Frames held back while a message read directly is answered (written together afterwards), or None.
        self._corked: list[bytes] | None = None
        self._fragment_text = False
        self._close_timer: asyncio.TimerHandle | None = None
        self._ping_timer: asyncio.TimerHandle | None = None
        self._ping_pending = False

    # ------------------------------------------------------------------ asyncio.Protocol
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)
        self.connections.add(self)

    def data_received(self, data: bytes) -> None:
        # the common case, read directly: exactly one whole, final, masked text frame of under 126 bytes (every
        # action and join is one), while websockets holds no partial data and no fragmented message is open
        if (
            6 < len(data) < 132
            and data[0] == 0x81  # final, no extension bits, text
            and data[1] ^ 0x80 == len(data) - 6  # masked, a 7-bit length (under 126), and nothing after the frame
            and self.endpoint is not None
            and not self.closing
            and not self._fragments
            and self.ws.state is OPEN
            and not self._reader.buffer
        ):
            # what the answer sends (a join's welcome and state, say) goes out in one write
            self._corked = []
            try:
                self._text(apply_mask(data[6:], data[2:6]))
            finally:
                self._uncork()
            return
        if self.ws.state is CONNECTING and self.transport is not None and not self._reader.buffer:
            # the upgrade request, which uvicorn hands over whole: a plain one is answered here (websockets'
            # parsing and checking of it cost four times as much, and every player connects at least once)
            plain = plain_upgrade(data)
            if plain is not None:
                key, headers = plain
                host, origin = headers.get(b"host"), headers.get(b"origin")
                if not self._may_open(
                    None if host is None else host.decode("latin-1"),
                    None if origin is None else origin.decode("latin-1"),
                ):
                    return
                self.ws = WebSocketProtocol(SERVER, state=OPEN, max_size=MAX_FRAME, logger=log)
                self._reader = self.ws.reader
                self.transport.write(switching_protocols(key))
                self._opened()
                return
        self.ws.receive_data(data)
        events = self.ws.events_received()
        self._flush()  # automatic answers: pongs, the close reply
        for event in events:
            if isinstance(event, Request):
                self._handshake(event)
            elif isinstance(event, Frame):
                self._frame(event)
        if self.ws.parser_exc is not None or self.ws.close_expected():
            self._close_later()

    def eof_received(self) -> bool | None:
        self.closing = True
        self.ws.receive_eof()
        self._flush()
        return None  # closes the transport

    def connection_lost(self, exc: Exception | None) -> None:
        self.connections.discard(self)
        if self.guard is not None and self.transport is not None:
            self.guard.closed(self.transport)
        self.closing = True
        self.backlog = None
        for timer in (self._close_timer, self._ping_timer):
            if timer is not None:
                timer.cancel()
        endpoint, self.endpoint = self.endpoint, None
        if endpoint is not None:
            endpoint.lost()

    def pause_writing(self) -> None:
        if self.backlog is None:
            self.backlog = deque()

    def resume_writing(self) -> None:
        backlog, self.backlog = self.backlog, None
        while backlog and self.backlog is None and not self.closing:
            self._write_text(backlog.popleft())
        if backlog and self.backlog is not None:  # paused again: keep the rest first in line
            backlog.extend(self.backlog)
            self.backlog = backlog

    # ------------------------------------------------------------------ uvicorn
    def shutdown(self) -> None:
        """The server is stopping (uvicorn calls this on every open connection)."""
        if self.endpoint is None:
            if self.transport is not None:
                self.transport.close()
            return
        self.close(1012, "the server is restarting")

    # ------------------------------------------------------------------ what the endpoint uses
    def send(self, text: bytes) -> None:
        """Send a text message now, or after those waiting before it; never blocks."""
        if self.closing:
            return
        backlog = self.backlog
        if backlog is None:
            self._write_text(text)
        elif len(backlog) >= SEND_QUEUE:
            self.backlog = None
            self.close(1013, "too slow: reconnect to get the current state")
        else:
            backlog.append(text)

    def close(self, code: int, reason: str) -> None:
        """Start the closing handshake; the TCP connection goes when it is answered, or after a timeout."""
        if self.closing or self.transport is None:
            return
        self.closing = True
        self.backlog = None
        if self.ws.state is OPEN:
            self.ws.send_close(code, reason)
            self._flush()
        self._close_later()

    def pause_reading(self) -> None:
        """Stop reading until :meth:`resume_reading` (the endpoint has enough waiting)."""
        if not self.reading_paused and self.transport is not None and not self.transport.is_closing():
            self.reading_paused = True
            self.transport.pause_reading()

    def resume_reading(self) -> None:
        """Read again after :meth:`pause_reading`."""
        if self.reading_paused and self.transport is not None and not self.transport.is_closing():
            self.reading_paused = False
            self.transport.resume_reading()

    # ------------------------------------------------------------------ internals
    def _write_text(self, text: bytes) -> None:
        ws = self.ws
        if ws.state is not OPEN:  # the other side is closing or gone
            self.closing = True
            return
        if ws.extensions or self.transport is None:
            ws.send_text(text)
            self._flush()
            return
        # the frame websockets would make, written in one go: this runs four times per action
        corked = self._corked
        if corked is not None:
            corked.append(text_frame(text))
            if len(corked) >= CORK_FRAMES:  # only a short answer waits: a long one is the transport's to pace
                self._uncork()
        else:
            self.transport.write(text_frame(text))

    def _uncork(self) -> None:
        """Write the frames held back while a message was being answered, in one write."""
        corked, self._corked = self._corked, None
        if corked and self.transport is not None:
            self.transport.write(corked[0] if len(corked) == 1 else b"".join(corked))

    def _flush(self) -> None:
        self._uncork()  # what was sent before goes first
        transport = self.transport
        if transport is None:
            return
        for data in self.ws.data_to_send():
            if data:
                transport.write(data)
            elif transport.can_write_eof():  # the end of our side of the stream
                transport.write_eof()
            else:  # pragma: no cover - TLS transports cannot half-close
                transport.close()

    def _close_later(self) -> None:
        """Cut the TCP connection if the other side has not closed it within :data:`CLOSE_TIMEOUT`.

        Cut, not closed: closing would wait for the write buffer to drain, which
        never happens with a client that does not read.
        """
        if self._close_timer is None and self.transport is not None:
            self._close_timer = self.loop.call_later(CLOSE_TIMEOUT, self.transport.abort)

    def _handshake(self, request: Request) -> None:
        ws = self.ws
        assert isinstance(ws, ServerProtocol)
        if request.path.partition("?")[0] != PATH:
            response = ws.reject(404, "Not Found")
            ws.send_response(response)
            self._flush()
            self.closing = True
            assert self.transport is not None
            self.transport.close()
            return
        if not self._may_open(request.headers.get("Host"), request.headers.get("Origin")):
            return
        response = ws.accept(request)
        ws.send_response(response)
        self._flush()
        if response.status_code != 101:  # not a valid upgrade request: websockets said why
            self.closing = True
            assert self.transport is not None
            self.transport.close()
            return
        self._opened()

    def _may_open(self, host: str | None, origin: str | None) -> bool:
        """Whether the handshake names this server and comes from no page or one of its own; else 403 and close.

        A browser lets any site's page open a WebSocket to any server: the
        ``Origin`` it sends is how the server tells its own pages from others'.
        """
        guard = self.guard
        if guard is None or (guard.host_ok(host) and guard.origin_ok(origin, host)):
            return True
        self.closing = True
        if self.transport is not None:
            self.transport.write(
                b"HTTP/1.1 403 Forbidden\r\ncontent-type: text/plain; charset=utf-8\r\n"
                b"connection: close\r\ncontent-length: 27\r\n\r\nhost or origin not allowed\n"
            )
            self.transport.close()
        return False

    def _opened(self) -> None:
        """The handshake is done: the socket gets its endpoint."""
        self.endpoint = self.make_endpoint(self)
        if self.ping_interval:
            self._ping_timer = self.loop.call_later(self.ping_interval, self._ping)

    def _frame(self, frame: Frame) -> None:
        opcode = frame.opcode
        if opcode is Opcode.TEXT or opcode is Opcode.BINARY:
            self._fragments = [bytes(frame.data)]
            self._fragment_text = opcode is Opcode.TEXT
        elif opcode is Opcode.CONT:
            self._fragments.append(bytes(frame.data))
        else:
            if opcode is Opcode.PONG:
                self._ping_pending = False
            elif opcode is Opcode.CLOSE:  # websockets has answered it: nothing more goes out
                self.closing = True
                self.backlog = None
            return  # pings are answered by websockets
        if not frame.fin:
            return
        data = self._fragments[0] if len(self._fragments) == 1 else b"".join(self._fragments)
        self._fragments = []
        if self.closing or self.endpoint is None:
            return
        if not self._fragment_text:
            self.endpoint.receive(None)
            return
        self._text(data)

    def _text(self, data: bytes) -> None:
        """A whole text message has come: to the endpoint, if it is UTF-8."""
        try:
            text = data.decode()
        except UnicodeDecodeError:
            self.close(1007, "text frames must be UTF-8")
            return
        assert self.endpoint is not None
        self.endpoint.receive(text)

    def _ping(self) -> None:
        self._ping_timer = None
        if self.closing or self.ws.state is not OPEN:
            return
        self._ping_pending = True
        self.ws.send_ping(b"troef")
        self._flush()
        assert self.ping_interval is not None
        self._ping_timer = self.loop.call_later(self.ping_timeout or self.ping_interval, self._pong_due)

    def _pong_due(self) -> None:
        self._ping_timer = None
        if self.closing:
            return
        if self._ping_pending:
            self.close(1011, "keepalive ping timeout")
            return
        assert self.ping_interval is not None
        self._ping_timer = self.loop.call_later(max(0.0, self.ping_interval - (self.ping_timeout or 0.0)), self._ping)
