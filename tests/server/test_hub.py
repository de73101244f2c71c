"""The hub in-process: the one action path, broadcasting per viewer, bots, idle tables leaving memory."""

from __future__ import annotations

import asyncio
import concurrent.futures.process
import json
import threading
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from tests.polling import wait_until_async
from troef.server.storage import AsyncStore
from troef.server.tables import Hub, LiveTable


class FakeClient:
    """Collects what the hub sends."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []

    def send(self, text: bytes) -> None:
        self.messages.append(json.loads(text))

    def states(self) -> list[dict[str, Any]]:
        return [m for m in self.messages if m["type"] == "state"]


def _run(tmp_path: Path, body: Callable[[Hub], Awaitable[None]], **options: Any) -> None:
    async def main() -> None:
        hub = Hub(AsyncStore(f"sqlite:///{tmp_path / 'hub.db'}"), **options)
        await hub.start()
        try:
            await body(hub)
        finally:
            await hub.stop()

    asyncio.run(main())


def _humans(n: int) -> list[dict[str, Any]]:
    return [{"kind": "human", "name": f"p{i}"} for i in range(n)]


def test_every_viewer_gets_its_own_projection(tmp_path: Path) -> None:
    async def body(hub: Hub) -> None:
        table, tokens = await hub.create_table({"config": {"preset": "pagat", "players": 4}, "seats": _humans(4)})
        assert sorted(tokens) == [0, 1, 2, 3]
        clients = {viewer: FakeClient() for viewer in (-1, 0, 1, 2, 3)}
        for viewer, client in clients.items():
            hub.attach(table, viewer, client)
        seat = table.game.to_act(table.match)
        legal = table.game.legal(table.game.view(table.match, seat))
        assert await hub.submit(table, seat, legal[0]) is None
        for viewer, client in clients.items():
            last = client.states()[-1]
            assert last["version"] == 1 and last["viewer"] == viewer
            assert last["view"] == table.game.view_json(table.game.view(table.match, viewer))
        # a refused action is not stored, not applied, not broadcast
        before = len(clients[-1].messages)
        problem = await hub.submit(table, (seat + 2) % 4, "pass")
        assert problem is not None and problem.code == "not_your_turn"
        assert table.version == 1 and len(clients[-1].messages) == before
        assert await hub.store.run(hub.store.store.count_actions, table.id) == 1

    _run(tmp_path, body)


def test_bots_play_through_the_same_path(tmp_path: Path) -> None:
    async def body(hub: Hub) -> None:
        seats = [{"kind": "bot", "level": level} for level in ("random", "heuristic", "random")]
        table, tokens = await hub.create_table({"config": {"preset": "nk", "players": 3}, "seats": seats})
        assert tokens == {}
        watcher = FakeClient()
        hub.attach(table, -1, watcher)
        await wait_until_async(lambda: table.over, 60, "the bots finishing the match")
        versions = [m["version"] for m in watcher.states()]
        assert versions == sorted(versions) and versions[-1] == table.version
        stored = await hub.store.run(hub.store.store.load, table.id)
        assert stored is not None and stored.actions == table.actions and stored.finished_at is not None

    _run(tmp_path, body, bot_delay=0.0)


def test_idle_tables_leave_memory_and_come_back_unchanged(tmp_path: Path) -> None:
    async def body(hub: Hub) -> None:
        table, tokens = await hub.create_table({"config": {"preset": "hazerswoude", "players": 3}, "seats": _humans(3)})
        for _ in range(5):
            seat = table.game.to_act(table.match)
            assert await hub.submit(table, seat, table.game.legal(table.game.view(table.match, seat))[0]) is None
        before = {v: table.state_text(v) for v in (-1, 0, 1, 2)}
        assert hub.evict_idle(3600) == 0
        assert hub.evict_idle(0) == 1
        assert table.id not in hub.tables
        again: LiveTable | None = await hub.get_table(table.id)
        assert again is not None and again is not table
        assert {v: again.state_text(v) for v in (-1, 0, 1, 2)} == before
        assert again.seat_of(tokens[1]) == 1 and again.seat_of("nope") is None
        assert await hub.get_table("missing") is None

    _run(tmp_path, body)


def test_searching_bots_think_in_a_worker_process(tmp_path: Path) -> None:
    async def body(hub: Hub) -> None:
        seats = [{"kind": "bot", "level": "random"} for _ in range(2)]
        table, _ = await hub.create_table({"config": {"preset": "hazerswoude", "players": 2}, "seats": seats})
        await wait_until_async(lambda: table.over, 60, "the bots finishing the match")
        assert hub._process_pool is not None  # the moves came from the worker process

    _run(tmp_path, body, bot_delay=0.0, light_levels=())


def test_stopping_the_worker_with_given_up_calls_queued_kills_no_thread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The worker process ends with calls queued behind a search, some given up by their callers: no thread dies.

    The pool's manager thread drops the queued calls when it sees the shutdown, then fails those the ended
    process held. A pool collected before its thread saw the shutdown (the thread late on a busy machine: a
    CI run) left the given-up calls to the second step, and on Python 3.11 the thread died setting an error
    on the first (InvalidStateError; CPython gh-107219). Here the thread is made late on purpose.
    """
    manager_class = concurrent.futures.process._ExecutorManagerThread
    waits = manager_class.wait_result_broken_or_wakeup

    def late(self: concurrent.futures.process._ExecutorManagerThread) -> tuple[Any, bool, str]:
        woken = waits(self)
        executor = self.executor_reference()
        down = executor is None or executor._shutdown_thread
        del executor  # a reference held here would keep the pool alive: the very thing under test
        if down:
            time.sleep(0.5)
        return woken

    monkeypatch.setattr(manager_class, "wait_result_broken_or_wakeup", late)
    died: list[threading.ExceptHookArgs] = []
    monkeypatch.setattr(threading, "excepthook", died.append)

    async def body(hub: Hub) -> None:
        loop = asyncio.get_running_loop()
        # three calls the pool holds past recall (the worker's and two in its call queue), two more behind them
        calls = [loop.run_in_executor(hub._workers(), time.sleep, 60.0) for _ in range(5)]
        manager: threading.Thread = getattr(hub._process_pool, "_executor_manager_thread")  # noqa: B009
        pool = hub._process_pool
        assert pool is not None
        for call in calls[3:]:
            call.cancel()  # their callers stopped waiting, as a bot out of time or a stopped hub's bots do

        def given_up() -> int:  # the cancellations have reached the pool's own futures
            return sum(item.future.cancelled() for item in list(pool._pending_work_items.values()))

        await wait_until_async(lambda: given_up() == 2, what="the cancellations reaching the pool")
        # prompt: stop_workers does not wait for the running calls (a minute each); had it waited, they
        # would have ended normally, which the outcomes below rule out
        hub.stop_workers()
        manager.join(timeout=10.0)
        assert not manager.is_alive()
        # every call ends: the given-up ones cancelled, the others failed or (not yet sent) cancelled too
        outcomes = await asyncio.wait_for(asyncio.gather(*calls, return_exceptions=True), 10.0)
        assert {type(x).__name__ for x in outcomes} <= {"BrokenProcessPool", "CancelledError"}
        assert all(call.cancelled() for call in calls[3:])

    _run(tmp_path, body)
    assert [type(d.exc_value).__name__ for d in died] == []


def test_actions_of_one_table_are_taken_in_order_while_one_waits_for_its_commit(tmp_path: Path) -> None:
    """An action that arrives while another waits for its commit is checked against the state after it."""

    async def body(hub: Hub) -> None:
        table, _ = await hub.create_table({"config": {"preset": "pagat", "players": 4}, "seats": _humans(4)})
        game = table.game
        first = game.to_act(table.match)
        legal = game.legal(game.view(table.match, first))
        # what the next seat may do once the first action is in: worked out on a copy of the match
        copy = game.new_match(table.config, table.seed, table.first_dealer)
        for text in table.actions:
            game.apply(copy, text)
        game.apply(copy, legal[0])
        second = game.to_act(copy)
        second_action = game.legal(game.view(copy, second))[0]
        answers: list[tuple[str, Any]] = []
        assert hub.submit_soon(table, first, legal[0], 0, lambda p: answers.append(("first", p))) is None
        assert table.busy
        # not yet its turn, yet it waits behind the first rather than being refused now
        assert hub.submit_soon(table, second, second_action, 1, lambda p: answers.append(("second", p))) is None
        # and a third that is stale by the time its turn comes
        assert hub.submit_soon(table, second, second_action, 0, lambda p: answers.append(("third", p))) is None
        assert answers == [] and table.version == 0
        await wait_until_async(lambda: len(answers) == 3, what="three answers")
        assert [name for name, _ in answers] == ["first", "second", "third"]
        assert answers[0][1] is None and answers[1][1] is None
        assert answers[2][1] is not None and answers[2][1].code == "stale"
        assert table.actions[-2:] == [legal[0], second_action] and not table.busy
        assert await hub.store.run(hub.store.store.count_actions, table.id) == 2

    _run(tmp_path, body)


def test_joins_and_leaves_of_one_loop_pass_make_one_presence_message(tmp_path: Path) -> None:
    async def body(hub: Hub) -> None:
        table, _ = await hub.create_table({"config": {"preset": "pagat", "players": 4}, "seats": _humans(4)})
        clients = [FakeClient() for _ in range(4)]
        for seat, client in enumerate(clients):
            hub.attach(table, seat, client)
        await asyncio.sleep(0)  # the end of this pass of the loop

        def presences(client: FakeClient) -> list[dict[str, Any]]:
            return [m for m in client.messages if m["type"] == "presence"]

        for client in clients:
            # the state at once, then one presence saying that all four are there
            assert [m["type"] for m in client.messages] == ["state", "presence"]
            assert [s["connected"] for s in presences(client)[0]["seats"]] == [True] * 4
        hub.detach(table, 2, clients[2])
        hub.detach(table, 3, clients[3])
        await asyncio.sleep(0)
        for client in clients[:2]:
            assert len(presences(client)) == 2
            assert [s["connected"] for s in presences(client)[-1]["seats"]] == [True, True, False, False]
        assert len(presences(clients[2])) == 1  # a connection that left hears nothing more

    _run(tmp_path, body)


def test_stopping_ends_a_bot_whose_answer_arrives_as_it_is_cancelled(tmp_path: Path) -> None:
    """The cancellation of stop() wins over an answer that came in the same pass of the loop.

    Python 3.11's ``asyncio.wait_for`` returned the answer and dropped the cancellation: the bot then
    slept out its pause (a minute here) and stop() waited for it (a flaky CI run found this).
    """

    async def main() -> None:
        hub = Hub(AsyncStore(f"sqlite:///{tmp_path / 'hub.db'}"), bot_delay=60.0)
        await hub.start()
        answer: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        asked: list[int] = []

        def think(*_args: Any) -> asyncio.Future[str]:
            asked.append(1)
            return answer

        hub._think = think  # type: ignore[method-assign,assignment]
        seats = [{"kind": "bot", "level": "random"} for _ in range(3)]
        table, _ = await hub.create_table({"config": {"preset": "nk", "players": 3}, "seats": seats})
        seat = table.game.to_act(table.match)
        await wait_until_async(lambda: asked, what="the bot asking for its move")
        answer.set_result(table.game.legal(table.game.view(table.match, seat))[0])
        await asyncio.wait_for(hub.stop(), 10)  # no await between the answer and the cancellation
        assert table.bot_task is not None and table.bot_task.cancelled()
        assert table.version == 0  # the cancelled bot did not play

    asyncio.run(main())
