"""``run_eagerly``: a coroutine runs in the caller up to its first real wait, and only then becomes a task."""

from __future__ import annotations

import asyncio
import inspect

import pytest

from troef.server.eager import run_eagerly


def test_a_coroutine_that_never_waits_finishes_inside_the_call() -> None:
    """Nothing waits: the whole body has run when the call returns, and no task is made."""
    log: list[str] = []

    async def body() -> None:
        log.append("start")
        log.append("end")

    async def main() -> None:
        result = run_eagerly(body())
        assert log == ["start", "end"]  # before this test awaited anything
        assert result is None
        assert len(asyncio.all_tasks()) == 1  # only main itself

    asyncio.run(main())


def test_an_exception_before_the_first_wait_reaches_the_caller() -> None:
    """An error raised before the coroutine waits propagates out of ``run_eagerly`` itself."""

    class Gone(Exception):
        pass

    async def body() -> None:
        raise Gone("client left")

    async def main() -> None:
        with pytest.raises(Gone, match="client left"):
            run_eagerly(body())

    asyncio.run(main())


def test_a_coroutine_that_waits_goes_on_in_a_task_in_order() -> None:
    """The part before the wait runs at once; the rest runs in order once the awaited future is done."""
    log: list[object] = []

    async def main() -> None:
        loop = asyncio.get_running_loop()
        first: asyncio.Future[int] = loop.create_future()
        second: asyncio.Future[str] = loop.create_future()

        async def body() -> None:
            log.append("before")
            log.append(await first)
            log.append("between")
            log.append(await second)
            log.append("after")

        task = run_eagerly(body())
        assert isinstance(task, asyncio.Task)
        assert log == ["before"]
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        assert log == ["before"]  # still waiting on the future
        first.set_result(1)
        for _ in range(5):
            await asyncio.sleep(0)
        assert log == ["before", 1, "between"]
        assert not task.done()
        second.set_result("two")
        await asyncio.wait_for(task, 1.0)
        assert task.exception() is None
        assert log == ["before", 1, "between", "two", "after"]

    asyncio.run(main())


def test_a_bare_yield_is_carried_on() -> None:
    """A coroutine suspended by ``asyncio.sleep(0)`` (it yields None) still finishes, every step in order."""
    log: list[int] = []

    async def body() -> None:
        for i in range(3):
            log.append(i)
            await asyncio.sleep(0)
        log.append(99)

    async def main() -> None:
        task = run_eagerly(body())
        assert task is not None
        assert log == [0]
        await asyncio.wait_for(task, 1.0)
        assert log == [0, 1, 2, 99]

    asyncio.run(main())


def test_the_coroutine_sees_the_exception_of_the_future_it_waits_on() -> None:
    """A future that fails raises its exception inside the coroutine, which may catch it and go on."""
    log: list[object] = []

    async def main() -> None:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()

        async def body() -> None:
            try:
                await future
            except ConnectionResetError as exc:
                log.append(("caught", str(exc)))
            log.append("went on")

        task = run_eagerly(body())
        assert task is not None
        future.set_exception(ConnectionResetError("reset by peer"))
        await asyncio.wait_for(task, 1.0)
        assert log == [("caught", "reset by peer"), "went on"]

    asyncio.run(main())


def test_an_uncaught_exception_after_a_wait_fails_the_task() -> None:
    """An error the coroutine does not catch after its wait ends the task with that error."""

    async def main() -> None:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()

        async def body() -> None:
            await future

        task = run_eagerly(body())
        assert task is not None
        future.set_exception(ValueError("bad"))
        with pytest.raises(ValueError, match="bad"):
            await asyncio.wait_for(task, 1.0)

    asyncio.run(main())


def test_cancelling_the_task_closes_the_coroutine() -> None:
    """Cancelling the returned task closes the waiting coroutine: its ``finally`` runs and it does not resume."""
    log: list[str] = []

    async def main() -> None:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()

        async def body() -> None:
            try:
                log.append("waiting")
                await future
                log.append("resumed")
            finally:
                log.append("finally")

        coro = body()
        task = run_eagerly(coro)
        assert task is not None
        await asyncio.sleep(0)
        assert log == ["waiting"]
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert task.cancelled()
        assert log == ["waiting", "finally"]
        assert inspect.getcoroutinestate(coro) == inspect.CORO_CLOSED
        if not future.done():
            future.set_result(None)
        await asyncio.sleep(0)
        assert log == ["waiting", "finally"]

    asyncio.run(main())
