"""The table's fixed-phrase chat over the WebSocket (docs/protocol.md, ``chat``), against a real server."""

from __future__ import annotations

from typing import Any

from tests.server.conftest import Server
from troef.server.protocol import CHAT_BURST, CHAT_PHRASES


def _is(kind: str) -> Any:
    return lambda m: m["type"] == kind


def test_a_phrase_reaches_everyone_and_bad_ones_are_refused_without_harm(server: Server) -> None:
    data = server.create("pagat", players=2)
    table = data["id"]
    tokens = {inv["seat"]: inv["token"] for inv in data["invites"]}
    anna, bert, watcher = server.client(), server.client(), server.client()
    try:
        anna.join(table, tokens[0])
        bert.join(table, tokens[1])
        watcher.join(table)
        anna.send({"v": 1, "type": "chat", "phrase": "well_played", "id": 5})
        for client in (anna, bert, watcher):
            said = client.recv_until(_is("chat"))
            assert (said["seat"], said["phrase"], said["table"]) == (0, "well_played", table)
        # anything but a phrase of the catalogue: a specific error, nothing sent to the table
        for bad in ("free text", "", 7, None, ["sorry"], {"x": 1}, "WELL_PLAYED"):
            msg: dict[str, Any] = {"v": 1, "type": "chat", "id": 9}
            if bad is not None:
                msg["phrase"] = bad
            bert.send(msg)
            error = bert.recv_until(lambda m: m["type"] in ("error", "chat"))
            assert (error["type"], error["code"], error["ref"]) == ("error", "bad_phrase", 9), bad
        # a spectator only reads
        watcher.send({"v": 1, "type": "chat", "phrase": "hello"})
        assert watcher.recv_until(lambda m: m["type"] in ("error", "chat"))["code"] == "spectator"
        # the connection keeps working: a ping, and a good phrase, go through
        bert.send({"v": 1, "type": "ping", "id": 10})
        assert bert.recv_until(_is("pong"))["ref"] == 10
        bert.send({"v": 1, "type": "chat", "phrase": "sorry"})
        assert anna.recv_until(_is("chat")) == {"v": 1, "type": "chat", "table": table, "seat": 1, "phrase": "sorry"}
        # a flood: beyond the burst the phrases are dropped with chat_limited, and nobody else hears them
        for i in range(int(CHAT_BURST) + 3):
            anna.send({"v": 1, "type": "chat", "phrase": CHAT_PHRASES[i % len(CHAT_PHRASES)], "id": 100 + i})
        anna.send({"v": 1, "type": "ping", "id": 200})
        answers = []
        while True:
            m = anna.recv()
            if m["type"] == "pong":
                break
            if m["type"] in ("chat", "error"):
                answers.append(m)
        limited = [m for m in answers if m["type"] == "error"]
        assert limited and all(m["code"] == "chat_limited" for m in limited)
        heard = len([m for m in answers if m["type"] == "chat"])
        assert heard <= CHAT_BURST and heard + len(limited) == int(CHAT_BURST) + 3
        # the game is unchanged by all this: still version 0
        state = anna.state
        assert state is not None and state["version"] == 0
    finally:
        for client in (anna, bert, watcher):
            client.close()
