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
  the number of workers, and its answer is kept;
- **told as it goes**: a computation may report partial results from its
  worker (:func:`report`); :meth:`WorkPool.follow` gives them to every client
  that waits for it (those that come later get the earlier ones first), then
  the answer (which comes by another way: a report it overtook is not told,
  so an answer must hold what its reports said).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import multiprocessing
import os
import threading
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
    #: The partial results its worker reported so far (:func:`report`), in order.
    partial: list[Any] = field(default_factory=list)
    #: Set (and replaced) each time a partial result comes.
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    #: The worker's outcome, once it is back, and whether the worker's last report (:data:`_END`) has come:
    #: the answer is given only when both are in, so that no partial result comes after it.
    outcome: asyncio.Future[Any] | None = None
    ended: bool = False


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
        #: Partial results from the workers, (key, result), read by a thread of this process.
        self._reports: Any = None
        self._reader: threading.Thread | None = None
        #: Computations run, refused, and dropped because nobody waited (for the tests and the log).
        self.ran = 0
        self.refused = 0
        self.dropped = 0

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            context = multiprocessing.get_context("spawn")
            if self._reports is None:
                self._reports = context.Queue()
                self._reader = threading.Thread(
                    target=self._read_reports,
                    args=(self._reports, asyncio.get_running_loop()),
                    name="work-reports",
                    daemon=True,
                )
                self._reader.start()
            self._executor = ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=context,
                initializer=worker_start,
                initargs=(os.getpid(), self._reports),
            )
        return self._executor

    def _read_reports(self, reports: Any, loop: asyncio.AbstractEventLoop) -> None:
        """The reader thread: each partial result a worker reports, handed to the event loop, until ``None``."""
        while True:
            try:
                item = reports.get()
            except (EOFError, OSError, ValueError):  # the queue was closed
                return
            if item is None:
                return
            try:
                loop.call_soon_threadsafe(self._reported, *item)
            except RuntimeError:  # the loop is closed: nobody is there to tell
                return

    def _reported(self, key: Hashable, partial: Any) -> None:
        job = self._jobs.get(key)
        if job is None or not job.started:
            return  # done already (its answer says it all) or dropped
        if isinstance(partial, str) and partial == _END:
            job.ended = True
            if job.outcome is not None:
                self._settle(job)
            return
        job.partial.append(partial)
        changed, job.changed = job.changed, asyncio.Event()
        changed.set()

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
        job = self._join(key, owner, fn, args, keep)
        try:
            answer: T = await asyncio.shield(job.future)
            return answer
        finally:
            self._leave(job)

    def follow(self, key: Hashable, owner: str | None, fn: Callable[..., Any], *args: Any) -> Following:
        """Like :meth:`run`, told as it goes: each partial result ``fn`` reports, then :class:`Answer`.

        The queue's rules are checked at once (:class:`WorkBusy` before anything is yielded). Closing the
        :class:`Following` before its end is leaving, as a client that goes does: a computation nobody follows
        or waits for any more is dropped if it has not started.
        """
        if key in self._cache:
            self._cache.move_to_end(key)
            return Following(self, None, Answer(self._cache[key]))
        return Following(self, self._join(key, owner, fn, args))

    def _join(
        self, key: Hashable, owner: str | None, fn: Callable[..., Any], args: tuple[Any, ...], keep: bool = True
    ) -> _Job:
        """The job computing ``key`` (made and queued unless one is), with one more waiter; or :class:`WorkBusy`."""
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
        return job

    def _leave(self, job: _Job) -> None:
        job.waiters -= 1
        if job.waiters == 0 and not job.started and not job.future.done():
            # nobody waits for it any more: it is dropped before it takes a worker
            self._waiting.remove(job)
            del self._jobs[job.key]
            job.future.cancel()
            self.dropped += 1

    def _pump(self) -> None:
        while self._running < self.workers and self._waiting:
            job = self._waiting.popleft()
            job.started = True
            self._running += 1
            try:
                running = asyncio.wrap_future(self._pool().submit(_in_worker, job.key, job.fn, *job.args))
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
        job.outcome = done
        broken = not done.cancelled() and type(done.exception()).__name__ == "BrokenProcessPool"
        if broken:
            self._executor = None
        if job.ended or done.cancelled() or broken or self._reports is None:
            self._settle(job)  # no last report will come (the worker never ran it, or died)
        else:
            # the answer and the partial results come by two ways; the answer waits for the last report.
            # Should that never come (the reader thread gone), the answer is given after a while all the same.
            asyncio.get_running_loop().call_later(END_WAIT, self._settle, job)
        self._pump()

    def _settle(self, job: _Job) -> None:
        """Give the job's answer (or what it raised) to those waiting, once."""
        done = job.outcome
        if done is None or job.future.done():
            return
        self._forget(job)
        if done.cancelled():
            job.future.cancel()
        elif (exc := done.exception()) is not None:
            job.future.set_exception(exc)
            job.future.exception()  # retrieved: the waiters may have gone
        else:
            result = done.result()
            if job.keep:
                self._cache[job.key] = result
                while len(self._cache) > self.cache_size:
                    self._cache.popitem(last=False)
            job.future.set_result(result)

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
        reports, self._reports = self._reports, None
        if reports is not None:
            reports.put(None)  # the reader thread's end
            if self._reader is not None:
                self._reader.join(timeout=2.0)
            reports.close()
        self._reader = None


@dataclass(frozen=True)
class Answer:
    """The answer of a computation :meth:`WorkPool.follow` follows (what came before it: partial results)."""

    value: Any


class Following:
    """The partial results of one computation, then its :class:`Answer` (:meth:`WorkPool.follow`).

    Ends the following at its end, or when closed (:meth:`aclose`; safe to call more than once, also before
    the first step), or when a step is cancelled (the client went away).
    """

    def __init__(self, pool: WorkPool, job: _Job | None, kept: Answer | None = None) -> None:
        self._pool = pool
        self._job = job
        self._kept = kept
        self._seen = 0

    def __aiter__(self) -> Following:
        return self

    async def __anext__(self) -> Any:
        if self._job is None:
            kept, self._kept = self._kept, None
            if kept is None:
                raise StopAsyncIteration
            return kept
        job = self._job
        try:
            while True:
                if self._seen < len(job.partial):
                    self._seen += 1
                    return job.partial[self._seen - 1]
                if job.future.done():
                    self.close()
                    return Answer(job.future.result())  # raises what the computation raised
                changed = asyncio.ensure_future(job.changed.wait())
                try:
                    await asyncio.wait({changed, job.future}, return_when=asyncio.FIRST_COMPLETED)
                finally:
                    changed.cancel()
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        """Stop following (the computation is dropped if nobody else waits and it has not started)."""
        job, self._job, self._kept = self._job, None, None
        if job is not None:
            self._pool._leave(job)

    async def aclose(self) -> None:
        self.close()


#: In a worker process: where :func:`report` sends partial results, and the key of the computation running.
_REPORTS: Any = None
_RUNNING: Hashable = None


#: The last report of every computation (after its partial results, by the same queue, so after them all).
_END: Final = "troef-work-end"

#: Seconds an answer waits for its computation's last report at most (it comes at once unless the reports'
#: reader has gone).
END_WAIT: Final = 5.0


def _in_worker(key: Hashable, fn: Callable[..., T], *args: Any) -> T:
    """Run ``fn(*args)`` in a worker as the computation ``key`` (what it reports is told under that key)."""
    global _RUNNING
    _RUNNING = key
    try:
        return fn(*args)
    finally:
        if _REPORTS is not None:
            _REPORTS.put((key, _END))
        _RUNNING = None


def report(partial: Any) -> None:
    """In a worker: tell the clients following the computation running (:meth:`WorkPool.follow`) ``partial``.

    Outside a worker of a :class:`WorkPool` it does nothing. ``partial`` must pickle.
    """
    if _REPORTS is not None and _RUNNING is not None:
        _REPORTS.put((_RUNNING, partial))


#: How much lower a worker's scheduling priority is than the server's (``nice``): on a machine with few
#: cores the live tables' event loop gets the processor first, the analyses what is left.
WORKER_NICE: Final = 10


def worker_start(parent: int, reports: Any = None) -> None:
    """Run in each worker process at its start: a lower priority, an exit once the server is gone, and where
    partial results go (:func:`report`)."""
    global _REPORTS
    from troef.server.bots import watch_parent

    _REPORTS = reports
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
    """The analysis of hand ``hand`` of ``row`` (a finished match, or a live one whose deal is over), or None.

    Reports (:func:`report`) ``{"done", "total", "decision"}`` first with no decision (and the ``units``
    of the analysis), then after each decision judged, with its JSON (``docs/analysis.md``).
    """
    from troef.analysis import AnalysisError, Settings, analyse
    from troef.server.adapter import games, rebuild
    from troef.server.finished import deal_record

    game = games()[game_name]
    if row.finished_at is not None:
        seats = [{"name": s.name, "kind": s.kind if s.kind == "human" else f"bot:{s.level}"} for s in row.seats]
        record = game.record(rebuild(game, row.config, row.seed, row.first_dealer, row.actions), seats)
    else:
        record = deal_record(game, row, hand)

    from troef.analysis.core import part_of
    from troef.core.records import record_game

    part = part_of(record_game(record))
    units = {"open": part.open_unit, "fair": part.fair_unit}  # the whole analysis' units, told first

    def told(done: int, total: int, decision: Any) -> None:
        if decision is None:
            report({"done": done, "total": total, "decision": None, "units": units})
        else:
            report({"done": done, "total": total, "decision": decision.to_json()})

    try:
        settings = Settings(fair=fair, samples=samples)
        return analyse(record, deals=[hand - 1], settings=settings, progress=told).to_json()
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
