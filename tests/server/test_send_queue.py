"""A connection's outgoing messages: written at once when the socket takes them, queued in order when not."""

from __future__ import annotations

import asyncio
from typing import cast

from starlette.websockets import WebSocket

from troef.server.protocol import SEND_QUEUE
from troef.server.tables import Hub
from troef.server.ws import Connection


class FakeSocket:
    """A WebSocket stand-in: ``send_text`` waits while the gate is closed, then records (or fails)."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closes: list[tuple[int, str | None]] = []
        self.gate = asyncio.Event()
        self.gate.set()
        #: Raise on a send before waiting (the client has gone).
        self.fail_now = False
        #: Raise on a send once it gets past the gate.
        self.fail_later = False
        self.closed = False

    async def send_text(self, text: str) -> None:
        if self.fail_now:
            raise RuntimeError("socket gone")
        if not self.gate.is_set():
            await self.gate.wait()
        if self.fail_later or self.closed:
            raise RuntimeError("socket gone")
        self.sent.append(text)

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        self.closed = True
        self.closes.append((code, reason))


def _connection(ws: FakeSocket) -> Connection:
    return Connection(cast(WebSocket, ws), cast(Hub, object()))


async def _settle(conn: Connection, rounds: int = 200) -> None:
    """Let the event loop run until the backlog has drained (or give up after ``rounds`` steps)."""
    for _ in range(rounds):
        await asyncio.sleep(0)
        if conn.backlog is None:
            return


def test_a_socket_that_takes_messages_gets_them_at_once_in_order() -> None:
    """With nothing waiting, ``send`` writes to the socket synchronously, in call order, with no backlog."""

    async def main() -> None:
        ws = FakeSocket()
        conn = _connection(ws)
        texts = [f"m{i}" for i in range(20)]
        for i, text in enumerate(texts):
            conn.send(text)
            assert ws.sent == texts[: i + 1]  # before any await
        assert conn.backlog is None
        assert not conn.closing

    asyncio.run(main())


def test_a_blocked_socket_queues_in_order_and_delivers_everything() -> None:
    """While a send waits, later messages queue behind it; once the socket takes them all arrive in order."""

    async def main() -> None:
        ws = FakeSocket()
        conn = _connection(ws)
        conn.send("first")
        ws.gate.clear()
        conn.send("blocked")
        assert ws.sent == ["first"]
        assert conn.backlog is not None and list(conn.backlog) == []
        queued = [f"q{i}" for i in range(50)]
        for text in queued:
            conn.send(text)
        assert ws.sent == ["first"]
        assert list(conn.backlog) == queued
        for _ in range(5):  # the loop runs, but the socket still takes nothing
            await asyncio.sleep(0)
        assert ws.sent == ["first"]
        ws.gate.set()
        conn.send("late")  # sent before the drain has had a turn: still behind the others
        await _settle(conn)
        assert ws.sent == ["first", "blocked", *queued, "late"]
        assert conn.backlog is None
        assert not conn.closing and ws.closes == []
        conn.send("direct")  # nothing waits any more: straight through again
        assert ws.sent[-1] == "direct"
        assert conn.backlog is None

    asyncio.run(main())


def test_the_socket_blocks_again_while_draining() -> None:
    """A socket that blocks again part-way through the queue still gets every message, in order."""

    async def main() -> None:
        ws = FakeSocket()
        conn = _connection(ws)
        ws.gate.clear()
        texts = [f"m{i}" for i in range(10)]
        for text in texts:
            conn.send(text)
        for round_ in range(3):
            ws.gate.set()
            await asyncio.sleep(0)
            await asyncio.sleep(0)
            ws.gate.clear()
            conn.send(f"extra{round_}")
            texts.append(f"extra{round_}")
            await asyncio.sleep(0)
        ws.gate.set()
        await _settle(conn)
        assert ws.sent == texts
        assert conn.backlog is None

    asyncio.run(main())


def test_a_client_that_never_reads_is_dropped_with_1013() -> None:
    """Once :data:`SEND_QUEUE` messages wait, the next one closes the connection (1013); later ones are dropped."""

    async def main() -> None:
        ws = FakeSocket()
        conn = _connection(ws)
        ws.gate.clear()
        conn.send("stuck")  # waits on the socket
        for i in range(SEND_QUEUE):
            conn.send(f"q{i}")
        assert conn.backlog is not None and len(conn.backlog) == SEND_QUEUE
        assert not conn.closing
        await asyncio.sleep(0)
        assert ws.closes == []
        conn.send("one too many")
        assert conn.closing
        for _ in range(5):
            await asyncio.sleep(0)
        assert len(ws.closes) == 1 and ws.closes[0][0] == 1013
        for i in range(10):
            conn.send(f"late{i}")  # dropped, and no error
        assert len(conn.backlog) == SEND_QUEUE
        assert "one too many" not in conn.backlog
        ws.gate.set()
        await _settle(conn)
        assert not any(t == "one too many" or t.startswith("late") for t in ws.sent)
        assert len(ws.closes) == 1

    asyncio.run(main())


def test_a_send_that_fails_at_once_marks_the_connection_closing() -> None:
    """A send that raises (the client has gone) marks the connection closing; later sends are ignored quietly."""

    async def main() -> None:
        ws = FakeSocket()
        conn = _connection(ws)
        conn.send("ok")
        ws.fail_now = True
        conn.send("lost")  # does not raise
        assert conn.closing
        ws.fail_now = False
        conn.send("ignored")
        await asyncio.sleep(0)
        assert ws.sent == ["ok"]
        assert conn.backlog is None

    asyncio.run(main())


def test_a_send_that_fails_after_waiting_marks_the_connection_closing() -> None:
    """A send that fails after waiting for the socket ends the queue and marks the connection closing."""

    async def main() -> None:
        ws = FakeSocket()
        conn = _connection(ws)
        ws.gate.clear()
        conn.send("a")
        conn.send("b")
        ws.fail_later = True
        ws.gate.set()
        await _settle(conn)
        assert conn.closing
        assert conn.backlog is None
        ws.fail_later = False
        conn.send("c")  # ignored, no error
        await asyncio.sleep(0)
        assert ws.sent == []
        assert conn.backlog is None

    asyncio.run(main())
