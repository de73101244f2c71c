"""Heavy work a client can ask for, in worker processes with a bounded queue: analyses, open-card replays.

A thread in the server's process shares the interpreter with the event loop:
a second of analysis there is a second of every live table's messages
waiting. :class:`WorkPool` runs such work in processes of its own instead,
and holds it to a price:

- **bounded**: at most ``queue`` computations wait for a worker, and one owner
  (:meth:`troef.server.guard.Guard.owner_of`) has at most ``per_owner`` waiting
  or running; beyond that the request is refused at once (:class:`WorkBusy`,
  answered ``503`` with ``Retry-After``), never queued without end;
- **shared and kept**: every request for the same computation (the same key)
  waits for one run, and its answer is kept (a deal that is over never
  changes), so it is computed once;
- **given back**: a computation still waiting is dropped when nobody waits
  for it any more (each HTTP request that asked for it is gone:
  :func:`while_connected`); one that has started runs to its end, bounded by
  the number of workers, and its answer is kept.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import multiprocessing
import os
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable, Hashable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Final, TypeVar

from starlette.requests import Request

log = logging.getLogger("troef.server")

T = TypeVar("T")

#: Seconds a refused client is told to wait before asking again.
RETRY_AFTER: Final = 5

#: Seconds between looks at whether the client of a waiting request is still there.
DISCONNECT_POLL: Final = 0.25


class WorkBusy(Exception):
    """The work queue is full (or the owner has its share in it): ask again after ``retry_after`` seconds."""

    def __init__(self, message: str, retry_after: int = RETRY_AFTER) -> None:
        super().__init__(message)
        self.message = message
        self.retry_after = retry_after


class ClientGone(Exception):
    """The client of a request went away while it waited (nobody is there to answer)."""


@dataclass(eq=False)
class _Job:
    key: Hashable
    owner: str | None
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    future: asyncio.Future[Any]
    waiters: int = 0
    started: bool = False
    #: Whether the answer is kept for later requests of the same key.
    keep: bool = True
    done_callbacks: list[Callable[[], None]] = field(default_factory=list)


class WorkPool:
    """Worker processes for computations clients ask for (see the module's text)."""

    def __init__(self, workers: int = 1, queue: int = 8, per_owner: int = 2, cache: int = 256) -> None:
        self.workers = workers
        self.queue_limit = queue
        self.per_owner = per_owner
        self.cache_size = cache
        self._executor: ProcessPoolExecutor | None = None
        self._waiting: deque[_Job] = deque()
        self._jobs: dict[Hashable, _Job] = {}
        self._running = 0
        self._cache: OrderedDict[Hashable, Any] = OrderedDict()
        #: Computations run, refused, and dropped because nobody waited (for the tests and the log).
        self.ran = 0
        self.refused = 0
        self.dropped = 0

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            self._executor = ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=worker_start,
                initargs=(os.getpid(),),
            )
        return self._executor

    def waiting(self) -> int:
        """Computations waiting for a worker."""
        return len(self._waiting)

    def running(self) -> int:
        """Computations a worker is on."""
        return self._running

    def _owner_jobs(self, owner: str) -> int:
        return sum(1 for job in self._jobs.values() if job.owner == owner and job.waiters > 0)

    async def run(self, key: Hashable, owner: str | None, fn: Callable[..., T], *args: Any, keep: bool = True) -> T:
        """``fn(*args)`` in a worker process, or its kept answer; :class:`WorkBusy` if it cannot wait its turn.

        ``keep=False``: the answer is not kept (work asked for once, which would only push others' answers out)."""
        if key in self._cache:
            self._cache.move_to_end(key)
            kept: T = self._cache[key]
            return kept
        job = self._jobs.get(key)
        if job is None:
            if len(self._waiting) >= self.queue_limit:
                self.refused += 1
                raise WorkBusy("the server is busy with other computations; try again in a few seconds")
            if owner is not None and self._owner_jobs(owner) >= self.per_owner:
                self.refused += 1
                raise WorkBusy("you have computations waiting already; try again once they are done")
            job = _Job(key, owner, fn, args, asyncio.get_running_loop().create_future(), keep=keep)
            self._jobs[key] = job
            self._waiting.append(job)
            self._pump()
        job.waiters += 1
        try:
            answer: T = await asyncio.shield(job.future)
            return answer
        finally:
            job.waiters -= 1
            if job.waiters == 0 and not job.started and not job.future.done():
                # nobody waits for it any more: it is dropped before it takes a worker
                self._waiting.remove(job)
                del self._jobs[key]
                job.future.cancel()
                self.dropped += 1

    def _pump(self) -> None:
        while self._running < self.workers and self._waiting:
            job = self._waiting.popleft()
            job.started = True
            self._running += 1
            try:
                running = asyncio.wrap_future(self._pool().submit(job.fn, *job.args))
            except Exception as exc:  # the pool is broken (a worker was killed): a new one next time
                self._running -= 1
                self._forget(job)
                self._executor = None
                job.future.set_exception(exc)
                job.future.exception()
                continue
            running.add_done_callback(functools.partial(self._finished, job))

    def _finished(self, job: _Job, done: asyncio.Future[Any]) -> None:
        self._running -= 1
        self.ran += 1
        self._forget(job)
        if done.cancelled():
            job.future.cancel()
        elif (exc := done.exception()) is not None:
            if type(exc).__name__ == "BrokenProcessPool":
                self._executor = None
            job.future.set_exception(exc)
            job.future.exception()  # retrieved: the waiters may have gone
        else:
            result = done.result()
            if job.keep:
                self._cache[job.key] = result
                while len(self._cache) > self.cache_size:
                    self._cache.popitem(last=False)
            job.future.set_result(result)
        self._pump()

    def _forget(self, job: _Job) -> None:
        if self._jobs.get(job.key) is job:
            del self._jobs[job.key]

    def stop(self) -> None:
        """End the worker processes (a computation in progress is not waited for)."""
        pool, self._executor = self._executor, None
        if pool is None:
            return
        processes = list(getattr(pool, "_processes", {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            if process.is_alive():
                process.terminate()
        for process in processes:
            process.join(timeout=2.0)


#: How much lower a worker's scheduling priority is than the server's (``nice``): on a machine with few
#: cores the live tables' event loop gets the processor first, the analyses what is left.
WORKER_NICE: Final = 10


def worker_start(parent: int) -> None:
    """Run in each worker process at its start: a lower priority, and an exit once the server is gone."""
    from troef.server.bots import watch_parent

    with contextlib.suppress(OSError):  # not allowed here: the same priority as the server
        os.nice(WORKER_NICE)
    watch_parent(parent)


async def while_connected(request: Request, work: Awaitable[T]) -> T:
    """``work``'s answer, given up (:class:`ClientGone`) as soon as ``request``'s client has gone."""
    task = asyncio.ensure_future(work)
    try:
        while True:
            done, _ = await asyncio.wait({task}, timeout=DISCONNECT_POLL)
            if done:
                return task.result()
            if await request.is_disconnected():
                raise ClientGone
    finally:
        if not task.done():
            task.cancel()


def analysis_job(game_name: str, row: Any, hand: int, fair: bool, samples: int) -> dict[str, Any] | None:
    """The analysis of hand ``hand`` of ``row`` (a finished match, or a live one whose deal is over), or None."""
    from troef.analysis import AnalysisError, Settings, analyse
    from troef.server.adapter import games, rebuild
    from troef.server.finished import deal_record

    game = games()[game_name]
    if row.finished_at is not None:
        seats = [{"name": s.name, "kind": s.kind if s.kind == "human" else f"bot:{s.level}"} for s in row.seats]
        record = game.record(rebuild(game, row.config, row.seed, row.first_dealer, row.actions), seats)
    else:
        record = deal_record(game, row, hand)
    try:
        return analyse(record, deals=[hand - 1], settings=Settings(fair=fair, samples=samples)).to_json()
    except AnalysisError:
        return None


def open_replay_job(game_name: str, row: Any, hand: int, viewer: int) -> bytes | None:
    """The replay of a hand that is over with every seat's cards (:func:`troef.server.finished.replay_text`)."""
    from troef.server.adapter import games
    from troef.server.finished import replay_text

    return replay_text(games()[game_name], row, hand, viewer, True)


def accuracy_job(
    game_name: str, row: Any, seats: list[int], samples: int, deal: int
) -> tuple[int, str, dict[int, dict[str, Any]]] | None:
    """Deal ``deal`` (0-based) of a finished match, analysed for the accuracy of ``seats``: the match's number
    of deals, the fair unit, and per seat its sums (decisions, judged, mistakes, fair cost) over the seat's own
    decisions of the deal; None if the record cannot be analysed. One deal a job, so that an analysis a
    person asks for waits for one deal at most."""
    from troef.analysis import AnalysisError, Settings, analyse
    from troef.server.adapter import games, rebuild

    if row.finished_at is None:
        return None  # only a match that is over: no card of a deal in play may be looked at
    game = games()[game_name]
    kinds = [{"name": s.name, "kind": s.kind if s.kind == "human" else f"bot:{s.level}"} for s in row.seats]
    match = rebuild(game, row.config, row.seed, row.first_dealer, row.actions)
    record = game.record(match, kinds)
    settings = Settings(open=False, fair=True, samples=samples)
    try:
        result = analyse(record, deals=[deal], seats=seats, settings=settings).to_json()
    except AnalysisError:
        return None
    sums = {
        int(s["seat"]): {k: s[k] for k in ("decisions", "judged", "mistakes", "fair_cost")}
        for s in result["seats"]
        if int(s["seat"]) in seats
    }
    return game.hand_count(match), str(result["units"]["fair"]), sums
