"""The game socket's transport (:class:`troef.server.transport.GameSocket`) on a real loopback server.

A real websockets client talks to GameSocket served by asyncio on loopback;
the endpoint behind it records what it is given and answers as told.
"""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.frames import Frame, Opcode
from websockets.http11 import Request
from websockets.protocol import Protocol as WebSocketProtocol
from websockets.server import ServerProtocol

from troef.server import transport
from troef.server.protocol import SEND_QUEUE
from troef.server.transport import ENDPOINT, GameSocket, plain_upgrade_key, switching_protocols, text_frame


class Recorder:
    """An endpoint that records the messages it gets and whether the socket was lost."""

    def __init__(self, out: GameSocket, on_text: Callable[[GameSocket, str | None], None] | None) -> None:
        self.out = out
        self.texts: list[str | None] = []
        self.gone = False
        self.on_text = on_text

    def receive(self, text: str | None) -> None:
        self.texts.append(text)
        if self.on_text is not None:
            self.on_text(self.out, text)

    def lost(self) -> None:
        self.gone = True


@asynccontextmanager
async def serve(
    on_text: Callable[[GameSocket, str | None], None] | None = None, ping: float | None = None
) -> AsyncIterator[tuple[str, list[Recorder], set[Any]]]:
    """A loopback server of GameSocket; yields its URL, the endpoints made so far and the open connections."""
    endpoints: list[Recorder] = []

    def make(out: GameSocket) -> Recorder:
        endpoints.append(Recorder(out, on_text))
        return endpoints[-1]

    config = SimpleNamespace(ws_ping_interval=ping, ws_ping_timeout=ping)
    state = SimpleNamespace(connections=set())
    loop = asyncio.get_running_loop()
    server = await loop.create_server(lambda: GameSocket(config, state, {ENDPOINT: make}), "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    try:
        yield f"ws://127.0.0.1:{port}/ws", endpoints, state.connections
    finally:
        server.close()
        await server.wait_closed()


def _echo(out: GameSocket, text: str | None) -> None:
    """An endpoint's answer to every message: ``got`` and the message."""
    out.send(f"got {text}".encode())


def _port(url: str) -> int:
    """The port of a URL from :func:`serve`."""
    return int(url.rsplit(":", 1)[1].split("/")[0])


async def _until(check: Callable[[], bool], seconds: float = 5.0) -> None:
    for _ in range(int(seconds * 100)):
        if check():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the condition did not come true in time")


def test_text_and_binary_messages_reach_the_endpoint_in_order_and_answers_come_back() -> None:
    async def main() -> None:
        async with serve(_echo) as (url, endpoints, connections):
            async with connect(url) as ws:
                for i in range(50):
                    await ws.send(f"m{i}")
                await ws.send(b"\x00\x01")
                answers = [await ws.recv() for _ in range(51)]
                assert answers == [f"got m{i}" for i in range(50)] + ["got None"]
                assert len(connections) == 1
            await _until(lambda: endpoints[0].gone)
            assert endpoints[0].texts == [f"m{i}" for i in range(50)] + [None]
            await _until(lambda: not connections)

    asyncio.run(main())


def test_an_answer_of_several_messages_goes_out_in_one_write_and_in_order_before_a_close() -> None:
    """A short answer (a join's welcome and state) is one write; what is sent after a close never goes out."""
    writes: list[bytes] = []

    def answer(out: GameSocket, text: str | None) -> None:
        assert out.transport is not None
        if text == "first":  # watch what reaches the transport
            write = out.transport.write

            def spy(data: bytes | bytearray | memoryview) -> None:
                writes.append(bytes(data))
                write(data)

            out.transport.write = spy  # type: ignore[method-assign]
        for i in range(3):
            out.send(f"{text} {i}".encode())
        if text == "last":
            out.close(1000, "bye")
            out.send(b"never")

    async def main() -> None:
        async with serve(answer) as (url, _, _), connect(url) as ws:
            await ws.send("first")
            assert [await ws.recv() for _ in range(3)] == ["first 0", "first 1", "first 2"]
            assert writes == [b"".join(text_frame(f"first {i}".encode()) for i in range(3))]
            writes.clear()
            await ws.send("last")
            assert [await ws.recv() for _ in range(3)] == ["last 0", "last 1", "last 2"]
            with pytest.raises(ConnectionClosed) as info:
                await ws.recv()
            assert info.value.rcvd is not None and info.value.rcvd.code == 1000
            # the three frames in one write, then the close frame
            assert writes[0] == b"".join(text_frame(f"last {i}".encode()) for i in range(3))
            assert len(writes) == 2 and writes[1][0] == 0x88

    asyncio.run(main())


def test_fragmented_messages_are_put_together() -> None:
    async def main() -> None:
        async with serve() as (url, endpoints, _), connect(url) as ws:
            await ws.send(["ab", "cd", "é"])  # three frames, one message
            await _until(lambda: bool(endpoints and endpoints[0].texts))
            assert endpoints[0].texts == ["abcdé"]

    asyncio.run(main())


def test_other_paths_get_404() -> None:
    async def main() -> None:
        async with serve() as (url, endpoints, _):
            with pytest.raises(InvalidStatus) as info:
                async with connect(url.replace("/ws", "/elsewhere")):
                    pass
            assert info.value.response.status_code == 404
            assert endpoints == []

    asyncio.run(main())


def test_a_reader_that_falls_behind_gets_everything_in_order() -> None:
    """Messages sent faster than the client reads wait in the backlog, in order, and all arrive."""
    big = "x" * 20000
    count = SEND_QUEUE // 2

    def flood(out: GameSocket, text: str | None) -> None:
        for i in range(count):
            out.send(f"{i}:{big}".encode())
        assert out.backlog is not None  # the transport's buffer filled up: the backlog was used

    async def main() -> None:
        async with serve(flood) as (url, _, _), connect(url, max_size=2**20, max_queue=1) as ws:
            await ws.send("go")
            got = []
            for _ in range(count):
                got.append(int(str(await ws.recv()).split(":")[0]))
                await asyncio.sleep(0.001)
            assert got == list(range(count))

    asyncio.run(main())


def test_a_client_that_does_not_read_is_closed_with_1013(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(transport, "CLOSE_TIMEOUT", 0.5)
    big = "x" * 20000
    sockets: list[GameSocket] = []

    def flood(out: GameSocket, text: str | None) -> None:
        sockets.append(out)
        for i in range(SEND_QUEUE * 3):
            out.send(f"{i}:{big}".encode())

    async def main() -> None:
        async with serve(flood) as (url, endpoints, _):
            # a raw client that completes the handshake, asks for the flood and then never reads
            ws: ClientConnection = await connect(url, max_size=2**20, max_queue=1)
            raw = ws.transport.get_extra_info("socket")
            raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            ws.transport.pause_reading()
            await ws.send("go")
            await _until(lambda: bool(sockets) and sockets[0].closing)
            assert sockets[0].backlog is None  # dropped, not kept growing
            close = sockets[0].ws.close_sent
            assert close is not None and close.code == 1013
            # the closing handshake cannot finish through a full buffer: the connection is cut in time
            await _until(lambda: endpoints[0].gone, 10.0)
            ws.transport.abort()

    asyncio.run(main())


def test_the_keepalive_ping_is_answered_and_the_connection_stays() -> None:
    async def main() -> None:
        async with serve(ping=0.05) as (url, endpoints, connections), connect(url, ping_interval=None) as ws:
            await asyncio.sleep(0.4)  # several ping rounds; websockets' client answers each
            await ws.send("still here")
            await _until(lambda: endpoints[0].texts == ["still here"])
            assert not endpoints[0].gone and len(connections) == 1

    asyncio.run(main())


def test_shutdown_closes_with_1012() -> None:
    async def main() -> None:
        async with serve() as (url, _, connections), connect(url) as ws:
            await _until(lambda: len(connections) == 1)
            for conn in list(connections):
                conn.shutdown()
            with pytest.raises(ConnectionClosed) as info:
                await ws.recv()
            assert info.value.rcvd is not None and info.value.rcvd.code == 1012
            await _until(lambda: not connections)

    asyncio.run(main())


@pytest.mark.parametrize("size", [0, 1, 125, 126, 2300, 65535, 65536, 70000])
def test_text_frames_are_written_as_websockets_serialises_them(size: int) -> None:
    """The server's own framing of text messages is byte for byte websockets', at each length boundary."""
    data = bytes(range(48, 58)) * (size // 10) + b"x" * (size % 10)
    assert text_frame(data) == Frame(Opcode.TEXT, data).serialize(mask=False, extensions=[])


_UPGRADE = (
    b"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
)


def _client_frame(opcode: int, payload: bytes, fin: bool = True, mask: bytes = b"\x01\x02\x03\x04") -> bytes:
    """A masked client frame, built by hand (RFC 6455 section 5.2)."""
    size = len(payload)
    head = bytes([(0x80 if fin else 0) | opcode])
    if size < 126:
        head += bytes([0x80 | size])
    elif size < 65536:
        head += bytes([0x80 | 126]) + size.to_bytes(2, "big")
    else:
        head += bytes([0x80 | 127]) + size.to_bytes(8, "big")
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def test_frames_in_any_cut_of_the_stream_arrive_whole_and_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """Frames split across reads, several in one read, fragments and sizes around 126: all whole, in order.

    (Small whole frames are read directly by GameSocket, the rest by websockets; the two must never mix up.)
    """
    texts = [f"m{i}:" + "x" * n for i, n in enumerate([0, 5, 119, 120, 121, 125, 126, 200, 3, 60])]
    stream = b"".join(_client_frame(0x1, t.encode()) for t in texts[:8])
    stream += _client_frame(0x1, b"frag-", fin=False) + _client_frame(0x0, b"mented", fin=True)
    stream += b"".join(_client_frame(0x1, t.encode()) for t in texts[8:])
    stream += _client_frame(0x1, "é€".encode())
    expected = [*texts[:8], "frag-mented", *texts[8:], "é€"]
    # the same stream, written whole frames at a time, then in odd cuts (frames split and run together)
    cuts = [
        [len(_client_frame(0x1, t.encode())) for t in texts[:8]],
        [1, 2, 3, 5, 7, 11, 13, 64, 130, 131, 132, 257],
    ]

    parsed: list[bytes] = []  # what went through websockets' parser (the handshake's and the frames')
    original = WebSocketProtocol.receive_data

    def counting(self: WebSocketProtocol, data: bytes) -> None:
        parsed.append(bytes(data))
        original(self, data)

    monkeypatch.setattr(WebSocketProtocol, "receive_data", counting)

    async def main() -> None:
        async with serve() as (url, endpoints, _connections):
            port = _port(url)
            for round_no, sizes in enumerate(cuts, start=1):
                reader, writer = await asyncio.open_connection("127.0.0.1", port)
                writer.write(_UPGRADE)
                assert b"101" in (await reader.readuntil(b"\r\n\r\n")).split(b"\r\n")[0]
                await _until(lambda: len(endpoints) == round_no)  # noqa: B023 - awaited within the iteration
                at = 0
                for i, size in enumerate(sizes):
                    writer.write(stream[at : at + size])
                    await writer.drain()
                    if round_no == 1:  # each frame alone in its read
                        await _until(lambda: len(endpoints[-1].texts) == i + 1)  # noqa: B023
                    else:
                        await asyncio.sleep(0.005)
                    at += size
                writer.write(stream[at:])
                await _until(lambda: len(endpoints[-1].texts) == len(expected))
                assert endpoints[-1].texts == expected
                if round_no == 1:  # whole frames: the five under 126 bytes were read directly, not by websockets
                    assert len(parsed) == 3 + 1  # the three bigger frames, the rest in one write (not the handshake)
                    parsed.clear()
                writer.close()

    asyncio.run(main())


def test_a_small_text_frame_that_is_not_utf8_closes_with_1007() -> None:
    async def main() -> None:
        async with serve() as (url, endpoints, _connections):
            port = _port(url)
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(_UPGRADE)
            await reader.readuntil(b"\r\n\r\n")
            writer.write(_client_frame(0x1, b"ok"))
            await _until(lambda: bool(endpoints) and endpoints[0].texts == ["ok"])
            writer.write(_client_frame(0x1, b"\xc3\x28"))  # alone in its read: read directly
            close = await asyncio.wait_for(reader.read(64), 5)
            assert close[0] == 0x88 and int.from_bytes(close[2:4], "big") == 1007
            assert endpoints[0].texts == ["ok"]
            writer.close()

    asyncio.run(main())


# Upgrade requests as clients send them: a browser's, websockets' own client's, and what uvicorn hands over
# (it rebuilds the request from its parsed, lower-cased headers).
_KEY = "dGhlIHNhbXBsZSBub25jZQ=="
_PLAIN = [
    [
        "GET /ws HTTP/1.1",
        "Host: 127.0.0.1:8000",
        "Connection: Upgrade",
        "Pragma: no-cache",
        "User-Agent: Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36",
        "Upgrade: websocket",
        "Origin: http://127.0.0.1:8000",
        "Sec-WebSocket-Version: 13",
        "Accept-Encoding: gzip, deflate, br",
        "Sec-WebSocket-Key: " + _KEY,
        "Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits",
    ],
    [
        "GET /ws?table=abc HTTP/1.1",
        "Host: localhost",
        "Upgrade: websocket",
        "Connection: Upgrade",
        "Sec-WebSocket-Key: " + _KEY,
        "Sec-WebSocket-Version: 13",
        "Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits",
        "User-Agent: Python/3.11 websockets/17.4",
    ],
    [
        "GET /ws HTTP/1.1",
        "host: x",
        "upgrade: WebSocket",
        "connection: keep-alive, Upgrade",
        "sec-websocket-key: " + _KEY,
        "sec-websocket-version: 13",
        "sec-websocket-protocol: chat",
    ],
]


def _request(lines: list[str]) -> bytes:
    return "\r\n".join(lines).encode() + b"\r\n\r\n"


def _websockets_answer(data: bytes) -> tuple[int, str | None]:
    """What websockets' own handshake answers to ``data``: the status and Sec-WebSocket-Accept (0: no request)."""
    protocol = ServerProtocol()
    protocol.receive_data(data)
    events = protocol.events_received()
    if not events:
        return 0, None
    assert isinstance(events[0], Request)
    response = protocol.accept(events[0])
    return response.status_code, response.headers.get("Sec-WebSocket-Accept")


@pytest.mark.parametrize("lines", _PLAIN)
def test_a_plain_upgrade_request_is_answered_as_websockets_answers_it(lines: list[str]) -> None:
    data = _request(lines)
    assert plain_upgrade_key(data) == _KEY
    status, accept = _websockets_answer(data)
    assert status == 101
    answer = switching_protocols(_KEY)
    assert answer.startswith(b"HTTP/1.1 101 Switching Protocols\r\n") and answer.endswith(b"\r\n\r\n")
    headers = dict(line.split(": ", 1) for line in answer.decode().split("\r\n")[1:-2])
    assert headers == {"Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Accept": accept}
    assert accept == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="  # RFC 6455 section 1.3's example


_REQUEST_LINE = "GET /ws HTTP/1.1"
_HEADERS = ["Host: x", "Upgrade: websocket", "Connection: Upgrade", f"Sec-WebSocket-Key: {_KEY}"]


@pytest.mark.parametrize(
    "lines",
    [
        [_REQUEST_LINE, *_HEADERS],  # no version
        [_REQUEST_LINE, *_HEADERS, "Sec-WebSocket-Version: 8"],
        [_REQUEST_LINE, *_HEADERS[:3], "Sec-WebSocket-Key: c2hvcnQ=", "Sec-WebSocket-Version: 13"],
        [_REQUEST_LINE, *_HEADERS[:3], "Sec-WebSocket-Key: not base64!", "Sec-WebSocket-Version: 13"],
        [_REQUEST_LINE, _HEADERS[0], "Upgrade: h2c", *_HEADERS[2:], "Sec-WebSocket-Version: 13"],
        [_REQUEST_LINE, _HEADERS[0], _HEADERS[1], "Connection: keep-alive", _HEADERS[3], "Sec-WebSocket-Version: 13"],
        ["POST /ws HTTP/1.1", *_HEADERS, "Sec-WebSocket-Version: 13"],
        ["GET /ws HTTP/1.0", *_HEADERS, "Sec-WebSocket-Version: 13"],
        ["GET /other HTTP/1.1", *_HEADERS, "Sec-WebSocket-Version: 13"],
        [_REQUEST_LINE, *_HEADERS[1:], "Sec-WebSocket-Version: 13"],  # no host
        [_REQUEST_LINE, *_HEADERS, "Sec-WebSocket-Version: 13", "Host: y"],  # twice
        [_REQUEST_LINE, *_HEADERS, "Sec-WebSocket-Version: 13", "Content-Length: 5"],
        [_REQUEST_LINE, *_HEADERS, "Sec-WebSocket-Version: 13", "Bad Name: 1"],
        [_REQUEST_LINE, *_HEADERS, "Sec-WebSocket-Version: 13", "no colon"],
    ],
)
def test_any_other_request_is_left_to_websockets(lines: list[str]) -> None:
    """Not plain: websockets' handshake decides (it accepts some of these, with a Date header and all)."""
    assert plain_upgrade_key(_request(lines)) is None
    assert plain_upgrade_key(_request([_REQUEST_LINE, *_HEADERS, "Sec-WebSocket-Version: 13"])[:-2]) is None
    assert plain_upgrade_key(_request([_REQUEST_LINE, *_HEADERS, "Sec-WebSocket-Version: 13"]) + b"\x81") is None


_EXTRA = [
    "Host: y",
    "Upgrade: WEBSOCKET",
    "Upgrade: h2c",
    "Connection: close",
    "Connection: keep-alive,upgrade",
    "Sec-WebSocket-Key: c2hvcnQ=",
    "Sec-WebSocket-Version: 13, 8",
    "Sec-WebSocket-Extensions: permessage-deflate",
    "Origin: http://x",
    "Content-Length: 0",
    "X_Y: 1",
    "Accept:",
]


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_what_is_answered_directly_websockets_accepts_with_the_same_key(data: st.DataObject) -> None:
    """A valid request in any header order, with headers dropped, added or doubled: never a different answer."""
    lines = data.draw(st.permutations([*_HEADERS, "Sec-WebSocket-Version: 13"]))
    dropped = data.draw(st.sampled_from([None, *range(len(lines))]))
    lines = [line for i, line in enumerate(lines) if i != dropped]
    for extra in data.draw(st.lists(st.sampled_from(_EXTRA), max_size=3)):
        lines.insert(data.draw(st.integers(0, len(lines))), extra)
    request_line = data.draw(st.sampled_from([_REQUEST_LINE, "GET /ws?x=1 HTTP/1.1", "GET /w HTTP/1.1"]))
    request = _request([request_line, *lines])
    key = plain_upgrade_key(request)
    if key is not None:
        status, accept = _websockets_answer(request)
        assert status == 101 and switching_protocols(key).endswith(f"Sec-WebSocket-Accept: {accept}\r\n\r\n".encode())


def test_a_request_websockets_accepts_but_that_is_not_plain_still_connects() -> None:
    """Without a Host header, say: websockets' own handshake answers it, and the socket works as any other."""

    async def main() -> None:
        async with serve(_echo) as (url, endpoints, _connections):
            port = _port(url)
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            request = _request([_REQUEST_LINE, *_HEADERS[1:], "Sec-WebSocket-Version: 13"])
            assert plain_upgrade_key(request) is None
            writer.write(request)
            head = await reader.readuntil(b"\r\n\r\n")
            assert head.startswith(b"HTTP/1.1 101") and b"s3pPLMBiTxaQ9kYGzzhZRbK+xOo=" in head
            assert b"Date: " in head  # websockets' answer, not the direct one
            writer.write(_client_frame(0x1, b"hello"))
            assert await asyncio.wait_for(reader.readexactly(11), 5) == text_frame(b"got hello")
            assert endpoints[0].texts == ["hello"]
            writer.close()

    asyncio.run(main())


@pytest.mark.slow
def test_a_plain_request_is_answered_directly_and_the_socket_works() -> None:
    async def main() -> None:
        async with serve(_echo) as (url, endpoints, _connections):
            port = _port(url)
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(_UPGRADE)
            assert await reader.readuntil(b"\r\n\r\n") == switching_protocols(_KEY)
            for text in (b"hello", b"x" * 300):  # read directly, and through websockets' frame parser
                writer.write(_client_frame(0x1, text))
                answer = text_frame(b"got " + text)
                assert await asyncio.wait_for(reader.readexactly(len(answer)), 5) == answer
            writer.write(_client_frame(0x8, (1000).to_bytes(2, "big")))  # the closing handshake
            assert (await asyncio.wait_for(reader.read(64), 5))[:4] == b"\x88\x02\x03\xe8"
            await _until(lambda: endpoints[0].gone)
            assert endpoints[0].texts == ["hello", "x" * 300]
            writer.close()

    asyncio.run(main())
