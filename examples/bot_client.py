"""A computer player that takes a seat at a troef table over the WebSocket protocol (docs/protocol.md).

    python examples/bot_client.py 'http://127.0.0.1:8000/t/Ab3dEf9x#t=TOKEN' [--policy random]

``--policy random`` needs only ``websockets``; any other is one of troef's computer players as a
library (``troef.games.game(name).bot_kinds()``: ``heuristic``, ``pimc``, ...) on the seat's view
read back from each frame. Prints the final score sheet as JSON when the match is over.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs, urlsplit

import websockets

Policy = Callable[[dict[str, Any]], str]  # a state frame in, an action text out


def make_policy(game: str, kind: str, seed: int) -> Policy:
    if kind == "random":
        rng = random.Random(seed)
        return lambda state: rng.choice(state["view"]["legal"])
    from troef.games import game as troef_game  # only this policy needs troef installed

    g = troef_game(game)
    bot = g.make_bot(kind, seed)
    return lambda state: str(bot.act(g.view_from_json(state["view"], state["match"])).text())


async def play(link: str, kind: str, seed: int) -> dict[str, Any]:
    parts = urlsplit(link)
    table, token = parts.path.rsplit("/", 1)[-1], parse_qs(parts.fragment)["t"][0]
    url = f"{'wss' if parts.scheme == 'https' else 'ws'}://{parts.netloc}/ws"
    async with websockets.connect(url, max_size=2**22) as ws:
        await ws.send(json.dumps({"v": 1, "type": "join", "table": table, "token": token}))
        policy: Policy | None = None
        acted: list[dict[str, Any]] = [{"version": -1}]  # the state acted on: one action per state

        async def act(state: dict[str, Any], policy: Policy) -> None:
            acted[0] = state
            await asyncio.sleep(0.06)  # the server takes 20 messages a second from a connection
            await ws.send(json.dumps({"v": 1, "type": "act", "action": policy(state), "expect": state["version"]}))

        async for raw in ws:
            msg = json.loads(raw)
            if msg["type"] == "welcome":
                policy = make_policy(msg["game"], kind, seed)
            elif msg["type"] == "error":  # "stale": a newer state is on its way; act on that one
                print(f"error {msg['code']}: {msg['message']}", file=sys.stderr)
                if policy is None:  # the join was refused (bad_token, unknown_table)
                    raise SystemExit(1)
                if msg["code"] == "rate_limited":  # the action was dropped: send it again a little later
                    await asyncio.sleep(1.0)
                    await act(acted[0], policy)
            elif msg["type"] == "state" and policy is not None:
                if msg["match"]["over"]:
                    return dict(msg["match"])
                if msg["view"]["legal"] and msg["version"] > acted[0]["version"]:
                    await act(msg, policy)
    raise SystemExit("the server closed the connection before the match was over")


def main() -> None:
    parser = argparse.ArgumentParser(description="A computer player at a troef table.")
    parser.add_argument("link", help="the seat's invite link: http(s)://HOST/t/TABLE#t=TOKEN")
    parser.add_argument("--policy", default="random", help="random, or a troef computer player (heuristic, ...)")
    args = parser.parse_args()
    print(json.dumps(asyncio.run(play(args.link, args.policy, seed=1))))


if __name__ == "__main__":
    main()
