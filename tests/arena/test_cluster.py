"""The arena on a Ray cluster (``--cluster``): the same figures as the local process pool on the same seed.

A local Ray is started in the test (two CPUs, the smallest object store), and
small runs of every game are played both ways: the JSON must be the same but
for the clocks (the run's seconds and the decision times, which differ between
any two runs). Skipped where Ray is not installed (``pip install -e '.[cluster]'``).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from troef.arena.core import run_arena
from troef.arena.seating import ArenaError
from troef.arena.teams import run_teams


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, object_store_memory=80 * 1024 * 1024, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def _without_clocks(data: Any) -> Any:
    """The JSON of a run less what the clock measured: its seconds and the decision times (``*_ms``)."""
    if isinstance(data, dict):
        return {k: _without_clocks(v) for k, v in data.items() if k != "seconds" and not k.endswith("_ms")}
    if isinstance(data, list):
        return [_without_clocks(v) for v in data]
    return data


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "rules", "seats"),
    [
        ("bonaken", "pagat", ["heuristic", "random", "random"]),
        ("klaverjas", "rotterdam", ["heuristic", "random", "random", "random"]),
    ],
)
def test_a_seat_arena_on_ray_gives_the_same_json_as_the_process_pool(
    local_ray: None, game: str, rules: str, seats: list[str]
) -> None:
    common: dict[str, Any] = {"matches": 3, "seed": 17, "rules": rules, "game": game, "duplicate": True}
    pool = run_arena(seats, workers=2, **common).to_json()
    done: list[int] = []
    on_ray = run_arena(seats, cluster="auto", progress=lambda n, total: done.append(n), **common).to_json()
    assert done == [1, 2, 3]
    assert json.dumps(_without_clocks(on_ray), sort_keys=True) == json.dumps(_without_clocks(pool), sort_keys=True)
    assert pool["matches"] == 3 and len(pool["bots"]) == len(seats)


@pytest.mark.slow
def test_a_team_arena_on_ray_gives_the_same_json_as_the_process_pool(local_ray: None) -> None:
    common: dict[str, Any] = {"matches": 2, "seed": 5, "game": "binokel", "duplicate": True}
    pool = run_teams(["heuristic", "random"], workers=2, **common).to_json()
    on_ray = run_teams(["heuristic", "random"], cluster="auto", **common).to_json()
    assert json.dumps(_without_clocks(on_ray), sort_keys=True) == json.dumps(_without_clocks(pool), sort_keys=True)


def test_a_cluster_address_that_is_not_one_is_refused() -> None:
    with pytest.raises(ArenaError, match="--cluster takes 'auto' or 'ray://HOST:PORT', not 'localhost:1'"):
        run_arena(["random", "random"], matches=1, rules="pagat", cluster="localhost:1")


def test_without_ray_the_cluster_is_refused_with_the_command_that_installs_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray fails, as where it is not installed
    with pytest.raises(ArenaError, match=r"--cluster needs Ray: pip install 'troef\[cluster\]'"):
        run_arena(["random", "random"], matches=1, rules="pagat", cluster="auto")
