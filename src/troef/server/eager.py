"""Run a coroutine at once, up to its first real wait: what Python 3.12 calls an eager task.

A WebSocket send through ASGI is a coroutine, yet it almost never waits: the
server's protocol only suspends it while the socket's write buffer is full.
Wrapping every message in a task (or a queue and a sender task per
connection) costs a trip through the event loop per message, and a busy table
sends one message per seat after every action. :func:`run_eagerly` steps the
coroutine right away in the caller; only a send that does have to wait
becomes a task, which finishes it.

This is the semantics of ``asyncio.eager_task_factory`` (Python 3.12+),
written out because troef supports 3.11, and without creating a task for the
common case where nothing waits.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any

__all__ = ["run_eagerly"]


def run_eagerly(coro: Coroutine[Any, Any, None]) -> asyncio.Task[None] | None:
    """Run ``coro`` until it finishes or first waits.

    Returns None if it finished (an exception it raised propagates to the
    caller), or a task that carries it on from where it waits.
    """
    try:
        waiting = coro.send(None)
    except StopIteration:
        return None
    return asyncio.get_running_loop().create_task(_carry_on(coro, waiting))


async def _carry_on(coro: Coroutine[Any, Any, None], waiting: Any) -> None:
    """Drive ``coro`` on from a wait: ``waiting`` is what it yielded (an asyncio future, or None for a bare yield)."""
    while True:
        try:
            if waiting is None:
                await asyncio.sleep(0)
            else:
                # what a task does with a future its coroutine yields: take it over, then wait on it
                waiting._asyncio_future_blocking = False
                await waiting
        except asyncio.CancelledError:
            coro.close()
            raise
        except Exception:  # the coroutine reads the same outcome from the future when resumed
            pass
        try:
            waiting = coro.send(None)
        except StopIteration:
            return
