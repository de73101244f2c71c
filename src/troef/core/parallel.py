"""Work spread over worker processes that ends, whatever a worker does.

``multiprocessing.Pool`` replaces a worker that dies (killed, out of memory, a crash in native
code) but loses the task it was on, so a loop over ``imap_unordered`` then waits for ever.
:func:`unordered` runs on :class:`concurrent.futures.ProcessPoolExecutor` instead, which notices
a dead worker: the run ends with :class:`WorkerLost`, naming how much was done, and never hangs.

>>> sorted(unordered(abs, [-3, 1, -2], workers=2, start="spawn"))
[1, 2, 3]
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

from troef.core.errors import TroefError

__all__ = ["WorkerLost", "unordered"]

T = TypeVar("T")
R = TypeVar("R")


class WorkerLost(TroefError):
    """A worker process ended in the middle of a task (killed, out of memory, a crash)."""


def unordered(fn: Callable[[T], R], items: Iterable[T], workers: int, start: str | None = None) -> Iterator[R]:
    """``fn(item)`` for every item in ``workers`` processes, each result as soon as it is ready.

    ``start`` is the multiprocessing start method ("fork", "spawn"; None: the platform's default).
    A worker that dies ends the run with :class:`WorkerLost`; an exception ``fn`` raises is raised
    here as it is. At most ``2 * workers`` tasks are handed out ahead, so a long list costs no memory.
    """
    todo = iter(items)
    total = 0
    done = 0
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context(start)) as pool:
        running: set[Future[R]] = set()

        def hand_out() -> None:
            nonlocal total
            for item in todo:
                running.add(pool.submit(fn, item))
                total += 1
                if len(running) >= 2 * workers:
                    return

        try:
            hand_out()
            while running:
                finished, _ = wait(running, return_when=FIRST_COMPLETED)
                for future in finished:
                    running.discard(future)
                    result = future.result()
                    done += 1
                    yield result
                hand_out()
        except BrokenProcessPool:
            for future in running:
                future.cancel()
            raise WorkerLost(
                f"a worker process ended in the middle of its work ({done} tasks finished): "
                "it was killed, ran out of memory or crashed; run again, or with one worker to see the error"
            ) from None
