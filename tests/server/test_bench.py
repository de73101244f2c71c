"""``troef bench server`` and its players (:mod:`troef.bench.clients`) run end to end.

A tiny load; the real figures come from the command itself.
"""

from __future__ import annotations

import gc
import subprocess
import sys

import pytest

from troef.bench.clients import seat_urls
from troef.bench.pg import pg_bindir
from troef.bench.server import BenchError, compare, describe, describe_comparison, over_target, run


@pytest.mark.slow
def test_the_load_bench_drives_tables_without_errors() -> None:
    result = run(tables=3, seconds=2.0, preset="pagat")
    assert result["errors"] == 0, result
    assert result["actions"] > 0 and result["actions_per_s"] > 0
    assert 0 < result["p50_ms"] <= result["p99_ms"] <= result["max_ms"]
    assert "actions/s" in describe(result)


@pytest.mark.slow
def test_players_who_think_act_no_faster_than_their_thinking_allows() -> None:
    """With --think each action waits at least half the thinking time: a count the machine's speed cannot raise."""
    think, seconds, tables = 0.4, 2.0, 2
    result = run(tables=tables, seconds=seconds, preset="pagat", think=think)
    assert result["errors"] == 0, result
    assert result["think"] == think and "players thinking 0.4 s" in describe(result)
    # one action at a time per table, each after at least 0.5 x think: at most this many in the window
    assert 0 < result["actions"] <= tables * (seconds / (0.5 * think) + 1)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "preset"), [("klaverjas", "kraken"), ("klaverjas", "rotterdam"), ("binokel", None)])
def test_the_load_bench_drives_every_game(game: str, preset: str | None) -> None:
    result = run(tables=2, seconds=2.0, game=game, preset=preset)
    assert result["errors"] == 0, result
    assert result["game"] == game and result["players"] == 4
    assert result["actions"] > 0


@pytest.mark.slow
def test_the_load_bench_drives_tables_spread_over_several_processes_on_one_postgresql() -> None:
    if pg_bindir() is None:
        pytest.skip("PostgreSQL server binaries (initdb, pg_ctl, postgres) are not installed")
    result = run(tables=4, seconds=2.0, processes=2)
    # every table's seats are on both processes: a table plays only if each hears the other's actions
    assert result["errors"] == 0, result
    assert result["processes"] == 2 and result["database"] == "postgresql"
    # without the news between processes each table would stall after an action or two
    assert result["actions"] > 100
    assert "2 server process(es), postgresql" in describe(result)


def test_several_processes_are_refused_on_sqlite() -> None:
    with pytest.raises(BenchError, match="several processes share a PostgreSQL database, not sqlite"):
        run(tables=1, seconds=1.0, processes=2, db="sqlite:////tmp/never-made.db")


@pytest.mark.slow
def test_a_server_that_refuses_tables_fails_the_bench_with_its_reason_instead_of_hanging() -> None:
    """A server that holds no more tables (its ``--max-tables``; a bench needs far more than its
    tables, since finished matches stay and each next table is made while one plays): the bench
    stops when its tables are not all in play within the setup time, saying what the server answered."""
    with pytest.raises(BenchError, match=r"only 0 of 3 tables were in play after 3 s.*503 server_busy"):
        run(tables=3, seconds=1.0, max_tables=0, setup_seconds=3.0)


@pytest.mark.slow
def test_the_safety_timeout_stops_a_run_that_goes_on_too_long() -> None:
    with pytest.raises(BenchError, match="did not finish within its safety timeout of 3 s"):
        run(tables=1, seconds=30.0, timeout=3.0)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "skat"], "unknown game 'skat'"),
        (["--game", "klaverjas", "--rules", "nk"], "klaverjas has no rule set 'nk'"),
        (["--game", "binokel", "--players", "3"], "played by 4 players, not 3"),
        (["--think", "-1"], "thinking time from 0 to 60 seconds"),
        (["--spread", "rows"], "spread must be one of seats, tables, not 'rows'"),
        (["--compare"], "a comparison needs at least 2 processes"),
        (["--failover"], "a failover needs at least 2 processes"),
        (["--bots", "4"], "give from 0 to 3 computer players a table"),
    ],
)
def test_bad_options_are_refused_before_a_server_starts(args: list[str], message: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "troef.cli", "bench", "server", *args], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    assert message in done.stderr


def test_seats_spread_over_the_processes_in_turn_or_stay_with_their_table() -> None:
    bases = ["http://127.0.0.1:1", "http://127.0.0.1:2", "http://127.0.0.1:3"]
    assert seat_urls(bases, 1, 4, "seats") == [
        "ws://127.0.0.1:2/ws",
        "ws://127.0.0.1:3/ws",
        "ws://127.0.0.1:1/ws",
        "ws://127.0.0.1:2/ws",
    ]
    # by the table's id, whichever process it was made through (as the proxy routes the players)
    routed = {seat_urls(bases, i, 4, "tables", f"table{n}")[0] for i in range(3) for n in range(30)}
    assert routed == {"ws://127.0.0.1:1/ws", "ws://127.0.0.1:2/ws", "ws://127.0.0.1:3/ws"}
    for n in range(30):
        at = {url for i in range(3) for url in seat_urls(bases, i, 4, "tables", f"table{n}")}
        assert len(at) == 1


def _figures(processes: int, p99: float, errors: int = 0) -> dict[str, object]:
    return {"processes": processes, "p99_ms": p99, "errors": errors}


def test_a_run_misses_the_target_with_errors_or_a_p99_above_it() -> None:
    assert over_target(_figures(1, 149.9), 150) == []
    assert over_target(_figures(1, 150.1), 150) == ["1 process(es): p99 150.1 ms is above 150 ms"]
    assert over_target(_figures(1, 999.0, errors=2), None) == ["1 process(es): 2 errors"]
    both = {"one": _figures(1, 10.0), "several": _figures(3, 151.0), "ratio": {}}
    assert over_target(both, 150) == ["3 process(es): p99 151.0 ms is above 150 ms"]


@pytest.mark.slow
def test_a_comparison_plays_the_same_load_on_one_process_and_on_several() -> None:
    if pg_bindir() is None:
        pytest.skip("PostgreSQL server binaries (initdb, pg_ctl, postgres) are not installed")
    result = compare(2, tables=2, seconds=1.5, spread="tables")
    one, several = result["one"], result["several"]
    assert (one["processes"], several["processes"]) == (1, 2)
    assert one["database"] == several["database"] == "postgresql"
    assert one["errors"] == several["errors"] == 0, result
    assert one["actions"] > 50 and several["actions"] > 50
    assert result["ratio"]["actions_per_s"] == round(several["actions_per_s"] / one["actions_per_s"], 2)
    assert gc.isenabled()  # the harness's collector, off while it measures, is on again
    text = describe_comparison(result)
    assert "one process:" in text and "2 processes / one: actions/s x" in text


def test_a_comparison_needs_several_processes() -> None:
    with pytest.raises(BenchError, match="a comparison needs at least 2 processes"):
        compare(1, tables=1, seconds=1.0)


@pytest.mark.slow
def test_a_lost_process_s_players_rejoin_elsewhere_and_every_table_plays_on() -> None:
    """--failover: the last of three processes is killed halfway; nothing acknowledged is lost."""
    if pg_bindir() is None:
        pytest.skip("PostgreSQL server binaries (initdb, pg_ctl, postgres) are not installed")
    result = run(tables=6, seconds=4.0, processes=3, failover=True, bots=1, think=0.02)
    lost = result["failover"]
    # a table's three people are on the three processes: one of each table in play is cut off (a
    # table whose match had just ended was being made anew at the kill)
    assert lost["tables_in_play"] >= 3 and lost["cut_off"] >= lost["tables_in_play"] - 1
    assert lost["served_again"] == lost["cut_off"] and lost["not_reconnected"] == 0
    assert lost["lost_acks"] == 0
    # the tables it ran (and their computer players) are run by the others: every one played on
    assert lost["tables_resumed"] == lost["tables_in_play"]
    assert result["errors"] == 0, result
    assert 0 < lost["longest_wait_p50_ms"] <= lost["longest_wait_max_ms"]
    assert "1 process killed halfway" in describe(result)
