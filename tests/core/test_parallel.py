"""Work over worker processes ends, whatever a worker does: a dead worker is an error, never a hang."""

from __future__ import annotations

import os
import signal

import pytest

from troef.core.parallel import WorkerLost, unordered


def _square_or_die(n: int) -> int:
    if n == 5:
        os.kill(os.getpid(), signal.SIGKILL)  # as the out-of-memory killer would
    return n * n


def _square_or_raise(n: int) -> int:
    if n == 3:
        raise ValueError("three is refused")
    return n * n


def test_every_result_comes_back_once() -> None:
    assert sorted(unordered(_square_or_die, [1, 2, 3, 4, 6, 7, 8], workers=2, start="fork")) == [
        1,
        4,
        9,
        16,
        36,
        49,
        64,
    ]


def test_a_worker_killed_mid_task_ends_the_run_with_an_error() -> None:
    # multiprocessing.Pool loses the killed worker's task and waits for it for ever
    seen: list[int] = []
    with pytest.raises(WorkerLost, match="worker process ended"):
        for result in unordered(_square_or_die, range(10), workers=2, start="fork"):
            seen.append(result)
    assert 25 not in seen


def test_an_exception_of_the_task_is_raised_as_it_is() -> None:
    with pytest.raises(ValueError, match="three is refused"):
        list(unordered(_square_or_raise, range(6), workers=2, start="fork"))
