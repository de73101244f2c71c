"""Waiting in tests for a condition, never for a fixed time: poll it until it holds, up to a deadline.

A test that sleeps a fixed time and then asserts depends on the machine's
speed (too short on a loaded machine, wasted on an idle one). These poll
instead: they return as soon as the condition holds and fail only when it
has not held for ``timeout`` seconds, a bound far above what an idle machine
needs.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import TypeVar

T = TypeVar("T")


def wait_until(cond: Callable[[], T], timeout: float = 30.0, what: str = "the condition", every: float = 0.02) -> T:
    """The first truthy value of ``cond()``, polled every ``every`` seconds; AssertionError after ``timeout``."""
    deadline = time.monotonic() + timeout
    while True:
        value = cond()
        if value:
            return value
        if time.monotonic() >= deadline:
            raise AssertionError(f"{what} did not come true within {timeout} s")
        time.sleep(every)


async def wait_until_async(
    cond: Callable[[], T], timeout: float = 30.0, what: str = "the condition", every: float = 0.01
) -> T:
    """:func:`wait_until` inside an event loop: the loop runs on between the polls."""
    deadline = time.monotonic() + timeout
    while True:
        value = cond()
        if value:
            return value
        if time.monotonic() >= deadline:
            raise AssertionError(f"{what} did not come true within {timeout} s")
        await asyncio.sleep(every)


async def wait_for_async(
    cond: Callable[[], Awaitable[T]], timeout: float = 30.0, what: str = "the condition", every: float = 0.01
) -> T:
    """:func:`wait_until_async` for a condition that must itself be awaited (a database read)."""
    deadline = time.monotonic() + timeout
    while True:
        value = await cond()
        if value:
            return value
        if time.monotonic() >= deadline:
            raise AssertionError(f"{what} did not come true within {timeout} s")
        await asyncio.sleep(every)
