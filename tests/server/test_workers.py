"""Heavy work clients ask for runs in worker processes with a bounded queue (server/workers.py).

The probe: 40 addresses asking one analysis a second each raised the live
tables' ping p99 a hundredfold, with requests queued without bound and
analyses running on after their clients gave up. Here: the queue is bounded
(503 with Retry-After beyond it), one owner has a share of it, a computation
is made once and kept, and one nobody waits for any more is dropped.
"""

from __future__ import annotations

import asyncio
import http.client
import json
import socket
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from tests.server.conftest import LOOSE, Server
from troef.server.workers import Answer, WorkBusy, WorkPool, report

pytestmark = pytest.mark.slow


def wait_for_file(path: str, answer: int) -> int:
    """A computation that runs until ``path`` exists (runs in a worker process)."""
    while not Path(path).exists():
        time.sleep(0.01)
    return answer


def report_then_wait(path: str, steps: int) -> str:
    """A computation that reports ``steps`` partial results, each once ``path-k`` exists, then answers."""
    for k in range(steps):
        while not Path(f"{path}-{k}").exists():
            time.sleep(0.01)
        report({"step": k})
    return "done"


def test_partial_results_reach_every_follower_before_the_answer_and_a_follower_that_leaves_drops_its_work(
    tmp_path: Path,
) -> None:
    gate = str(tmp_path / "go")

    async def scenario() -> None:
        pool = WorkPool(workers=1, queue=2, per_owner=2)
        try:
            first = pool.follow("a", "x", report_then_wait, gate, 3)
            Path(f"{gate}-0").touch()
            assert await anext(first) == {"step": 0}  # told while the computation still waits at step 1
            assert pool.running() == 1
            late = pool.follow("a", "y", report_then_wait, gate, 3)  # the same computation, joined later
            assert await anext(late) == {"step": 0}  # gets what came before it
            Path(f"{gate}-1").touch()
            assert await anext(first) == {"step": 1}
            assert await anext(late) == {"step": 1}
            waiting = pool.follow("b", "z", report_then_wait, gate, 1)
            queued = pool.follow("c", "x", report_then_wait, gate, 1)
            assert pool.waiting() == 2
            with pytest.raises(WorkBusy):
                pool.follow("d", "w", report_then_wait, gate, 1)  # the queue is full: refused at once
            await waiting.aclose()  # its client goes before it took a worker: dropped (never started)
            queued.close()
            await queued.aclose()  # closed twice: left once
            assert pool.waiting() == 0 and pool.dropped == 2 and pool.refused == 1
            Path(f"{gate}-2").touch()
            # the answer ends it; a report the answer overtook is not told any more (the answer holds it all)
            for rest in ([step async for step in first], [step async for step in late]):
                assert rest in ([{"step": 2}, Answer("done")], [Answer("done")])
            assert pool.ran == 1
            assert [step async for step in pool.follow("a", "q", report_then_wait, gate, 3)] == [Answer("done")]
            assert pool.ran == 1  # kept
        finally:
            pool.stop()

    asyncio.run(scenario())


def test_the_queue_is_bounded_shared_per_owner_kept_and_dropped_when_nobody_waits(tmp_path: Path) -> None:
    gate = str(tmp_path / "go")

    async def scenario() -> None:
        pool = WorkPool(workers=1, queue=2, per_owner=2)
        try:
            loop = asyncio.get_running_loop()
            first = loop.create_task(pool.run("a", "x", wait_for_file, gate, 1))
            second = loop.create_task(pool.run("b", "y", wait_for_file, gate, 2))
            third = loop.create_task(pool.run("c", "z", wait_for_file, gate, 3))
            shared = loop.create_task(pool.run("b", "w", wait_for_file, gate, 99))  # the same key: one run
            await asyncio.sleep(0)
            assert pool.waiting() == 2  # a runs, b and c wait
            with pytest.raises(WorkBusy):
                await pool.run("d", "w", wait_for_file, gate, 4)  # the queue is full
            third.cancel()  # its only client went away: dropped before it takes a worker
            await asyncio.gather(third, return_exceptions=True)
            assert pool.waiting() == 1 and pool.dropped == 1
            more = loop.create_task(pool.run("e", "x", wait_for_file, gate, 5))  # x's second
            await asyncio.sleep(0)
            with pytest.raises(WorkBusy):
                await pool.run("f", "x", wait_for_file, gate, 6)  # x's third: past its share
            Path(gate).touch()
            assert list(await asyncio.gather(first, second, shared, more)) == [1, 2, 2, 5]
            assert pool.ran == 3  # a, b, e: c was dropped, b ran once for both
            assert await pool.run("a", "q", wait_for_file, gate, 7) == 1 and pool.ran == 3  # kept
            assert pool.refused == 2
        finally:
            pool.stop()

    asyncio.run(scenario())


def test_an_answer_not_to_keep_is_computed_again_when_asked_again(tmp_path: Path) -> None:
    gate = str(tmp_path / "go")
    Path(gate).touch()

    async def scenario() -> None:
        pool = WorkPool(workers=1)
        try:
            assert await pool.run("once", None, wait_for_file, gate, 1, keep=False) == 1
            assert await pool.run("once", None, wait_for_file, gate, 2, keep=False) == 2  # not kept: run again
            assert await pool.run("kept", None, wait_for_file, gate, 3) == 3
            assert await pool.run("kept", None, wait_for_file, gate, 4) == 3
            assert pool.ran == 3
        finally:
            pool.stop()

    asyncio.run(scenario())


def _get(srv: Server, path: str, source: str) -> tuple[int, dict[str, str], Any]:
    conn = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=120, source_address=(source, 0))
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        body = response.read()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, json.loads(body)
    finally:
        conn.close()


def _finished_match(srv: Server) -> tuple[str, int]:
    bots = [{"kind": "bot", "level": "random", "name": f"bot {i}"} for i in range(4)]
    table = srv.create("pagat", seats=bots)
    deadline = time.monotonic() + 120
    while True:
        status, info = srv.http("GET", f"/api/tables/{table['id']}")
        if status == 200 and info["over"]:
            return table["id"], int(info["result"]["hands"])
        assert time.monotonic() < deadline, "the computer players did not finish"
        time.sleep(0.05)


def test_analyses_beyond_the_queue_get_503_with_retry_after_and_a_gone_client_frees_its_place(tmp_path: Path) -> None:
    extra = [*LOOSE, "--analysis-workers", "1", "--analysis-queue", "1"]
    srv = Server(f"sqlite:///{tmp_path / 'troef.db'}", log_dir=tmp_path, extra=extra)
    try:
        matches = [_finished_match(srv) for _ in range(3)]
        assert all(hands >= 2 for _, hands in matches)
        (first, _), (second, _), (other, _) = matches  # a match has two hands at least
        paths = [f"/api/tables/{t}/analysis/{h}?fair=1" for t in (first, second) for h in (1, 2)]
        answers: dict[int, tuple[int, dict[str, str], Any]] = {}

        def ask(n: int) -> None:
            answers[n] = _get(srv, paths[n - 1], f"127.0.0.{100 + n}")

        threads = [threading.Thread(target=ask, args=(hand,)) for hand in range(1, 5)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        statuses = sorted(status for status, _, _ in answers.values())
        assert statuses == [200, 200, 503, 503], statuses  # one runs, one waits, the rest are told to come back
        for status, headers, body in answers.values():
            if status == 503:
                assert body["error"]["code"] == "busy" and int(headers["retry-after"]) > 0
            else:
                assert body["format"] == "troef-analysis"
        ran = srv.http("GET", "/api/health")[1]["work"]["ran"]
        done = [n for n, (status, _, _) in answers.items() if status == 200]
        assert all(_get(srv, paths[n - 1], "127.0.0.120")[0] == 200 for n in done)
        assert srv.http("GET", "/api/health")[1]["work"]["ran"] == ran  # kept: asked again, not computed again

        # a client that gives up while its analysis waits: the analysis is dropped, its place freed
        def block() -> None:
            answers[0] = _get(srv, f"/api/tables/{other}/analysis/1?fair=1", "127.0.0.131")

        blocker = threading.Thread(target=block)  # a fair analysis takes the worker (for a second or two)
        blocker.start()
        work = _poll(srv, lambda w: w["running"] == 1 or not blocker.is_alive())
        assert blocker.is_alive(), work
        sock = socket.create_connection(("127.0.0.1", srv.port), source_address=("127.0.0.130", 0))
        sock.sendall(f"GET /api/tables/{other}/analysis/2?fair=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        _poll(srv, lambda w: w["waiting"] == 1)  # it waits behind the one running
        sock.close()  # and its client goes
        work = _poll(srv, lambda w: w["dropped"] == 1)
        blocker.join()
        assert answers[0][0] == 200
        work = srv.http("GET", "/api/health")[1]["work"]
        assert work["waiting"] == 0 and work["ran"] == ran + 1, work  # the dropped one never ran
    finally:
        srv.stop()


def _poll(srv: Server, condition: Any, timeout: float = 60.0) -> dict[str, Any]:
    """The work counts of ``/api/health`` once ``condition`` holds for them (fails after ``timeout``)."""
    deadline = time.monotonic() + timeout
    while True:
        work: dict[str, Any] = srv.http("GET", "/api/health")[1]["work"]
        if condition(work):
            return work
        assert time.monotonic() < deadline, work
        time.sleep(0.01)
