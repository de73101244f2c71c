"""Tournaments through a real server on loopback: whole NK tournaments, the organiser link, the public page."""

from __future__ import annotations

import hashlib
import time
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from tests.server.conftest import Server
from tests.tournament.engine import play
from troef.tournament.model import Tournament, TournamentError
from troef.tournament.store import TournamentStore, hash_token

#: Slow: server processes playing whole tournament rounds, and PostgreSQL
pytestmark = pytest.mark.slow

VALUES = (10, 8, 4, 1, 0)


def game_seed(*parts: int) -> int:
    return int.from_bytes(hashlib.sha256("/".join(map(str, parts)).encode()).digest()[:4], "big")


def create(srv: Server, **body: Any) -> tuple[str, dict[str, str]]:
    status, data = srv.http("POST", "/api/tournaments", {"name": "NK Bonaken", "date": "2026-11-28", **body})
    assert status == 200, data
    return data["id"], {"x-troef-organiser": data["token"]}


def act(srv: Server, tid: str, headers: dict[str, str], action: str, body: dict[str, Any]) -> dict[str, Any]:
    status, data = srv.http("POST", f"/api/tournaments/{tid}/{action}", body, headers)
    assert status == 200, data
    return data  # type: ignore[no-any-return]


def independent_standings(
    players: list[int], drawn: list[dict[str, Any]], results: dict[tuple[int, int, int], list[int]], games: int
) -> list[tuple[int, int, bool, Fraction, tuple[int, ...]]]:
    """nk rule 60 written out again: (place, number, shared, total, counts of 10/8/4/1/0), best first."""
    total = {p: Fraction(0) for p in players}
    counts = {p: [0] * 5 for p in players}
    for rnd in drawn:
        if rnd["final"]:
            continue
        r = rnd["round"]
        for g in range(1, games + 1):
            everyone = [x for tb in rnd["tables"] for x in results[(r, tb["table"], g)]]
            for tb in rnd["tables"]:
                for p, x in zip(tb["players"], results[(r, tb["table"], g)], strict=True):
                    total[p] += x
                    counts[p][VALUES.index(x)] += 1
            for p in rnd["byes"]:  # docs/tournament.md: the average of the players at the tables
                total[p] += Fraction(sum(everyone), len(everyone))

    def key(p: int) -> tuple[Fraction, int, int, int, int]:
        c = counts[p]
        return (-total[p], -c[0], -c[1], -c[2], -c[3])

    order = sorted(players, key=lambda p: (key(p), p))
    out = []
    for i, p in enumerate(order):
        tied = [q for q in order if key(q) == key(p)]
        place = order.index(tied[0]) + 1
        out.append((place, p, len(tied) > 1, total[p], tuple(counts[p])))
        assert i + 1 >= place
    return out


def wait_for(srv: Server, tid: str, done: Any, timeout: float = 300.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        status, data = srv.http("GET", f"/api/tournaments/{tid}")
        assert status == 200
        if done(data):
            return data  # type: ignore[no-any-return]
        assert time.monotonic() < deadline, "the online games did not end in time"
        time.sleep(0.5)


@pytest.mark.parametrize("entrants", [100, 87])
def test_a_whole_tournament_round_one_online(server: Server, entrants: int) -> None:
    tid, org = create(server, seed=4000 + entrants, rounds=5, games_per_round=2, final=True)
    names = [f"Speler {i:03d}" for i in range(1, entrants + 1)]
    text = "\n".join(names) if entrants % 2 == 0 else "naam,club\n" + "\n".join(f"{n},Leimuiden" for n in names)
    act(server, tid, org, "players", {"text": text})
    results: dict[tuple[int, int, int], list[int]] = {}

    # round 1 online: troef opens the tables itself, computer players for every (absent) player
    act(server, tid, org, "draw", {})
    for game in (1, 2):
        opened = act(server, tid, org, "online", {"round": 1, "game": game, "absent": "all", "level": "heuristic"})
        assert len(opened["tables"]) == entrants // 4
        assert all(seat["link"] is None for table in opened["tables"] for seat in table["seats"])
    data = wait_for(server, tid, lambda d: d["drawn"][0]["complete"])
    for table in data["drawn"][0]["tables"]:
        for g in table["games"]:
            assert g["source"] == "online" and g["watch"]
            # the match's own result, read from the server's table, not from the tournament
            status, info = server.http("GET", f"/api/tables/{g['watch'].rsplit('/', 1)[1]}")
            assert status == 200 and info["over"]
            by_seat = {row["seat"]: row["table_points"] for row in info["result"]["standing"]}
            assert g["points"] == [by_seat[s] for s in range(4)]
            results[(1, table["table"], g["game"])] = g["points"]

    # rounds 2-5 from the score forms: games played by the engine's bots, entered as the organiser would
    for r in range(2, 6):
        rnd = act(server, tid, org, "draw", {})["tournament"]["drawn"][-1]
        assert rnd["round"] == r and len(rnd["byes"]) == entrants % 4
        for table in rnd["tables"]:
            for g in (1, 2):
                points = play(game_seed(entrants, r, table["table"], g))
                act(server, tid, org, "result", {"round": r, "table": table["table"], "game": g, "points": points})
                results[(r, table["table"], g)] = points

    status, data = server.http("GET", f"/api/tournaments/{tid}")
    assert status == 200
    mine = independent_standings(list(range(1, entrants + 1)), data["drawn"], results, 2)
    theirs = [(s["place"], s["number"], s["shared"], s["total"], tuple(s["counts"])) for s in data["standings"]]
    assert [(a, b, c, str(d) if d.denominator == 1 else f"{float(d):.2f}", e) for a, b, c, d, e in mine] == theirs
    byes = [p for rnd in data["drawn"] for p in rnd["byes"]]
    assert len(byes) == len(set(byes)) == 5 * (entrants % 4)

    # the final of the top four (nk rule 61)
    final = act(server, tid, org, "draw", {"final": True})["tournament"]["drawn"][-1]
    assert final["final"] and final["round"] == 6
    finalists = final["tables"][0]["players"]
    fourth = mine[3][0]
    assert {p for place, p, *_ in mine if place < fourth} <= set(finalists)
    assert all(place <= fourth for place, p, *_ in mine if p in finalists)
    final_points = {p: 0 for p in finalists}
    final_counts = {p: [0] * 5 for p in finalists}
    for g in (1, 2):
        points = play(game_seed(entrants, 6, 1, g))
        act(server, tid, org, "result", {"round": 6, "table": 1, "game": g, "points": points})
        for p, x in zip(finalists, points, strict=True):
            final_points[p] += x
            final_counts[p][VALUES.index(x)] += 1
    qualifying = {p: place for place, p, *_ in mine}
    winner = min(finalists, key=lambda p: (-final_points[p], *(-c for c in final_counts[p][:4]), qualifying[p]))
    status, data = server.http("GET", f"/api/tournaments/{tid}")
    assert data["champion"] == f"Speler {winner:03d}"
    assert data["final_standings"][0]["number"] == winner
    assert "Traceback" not in server.log()


@pytest.fixture
def any_server(db_url: str, tmp_path: Path) -> Iterator[Server]:
    """A real server on SQLite, then on PostgreSQL."""
    srv = Server(db_url, bot_delay=0.0, log_dir=tmp_path)
    yield srv
    srv.stop()


def test_organiser_actions_need_the_link_and_the_public_sees_no_token(any_server: Server) -> None:
    server = any_server
    status, created = server.http("POST", "/api/tournaments", {"name": "Clubavond", "seed": 3})
    tid, token = created["id"], created["token"]
    org = {"x-troef-organiser": token}
    act(server, tid, org, "players", {"names": [f"P{i}" for i in range(1, 9)]})
    act(server, tid, org, "draw", {})
    act(server, tid, org, "result", {"round": 1, "table": 1, "game": 1, "points": [10, 8, 4, 1]})
    _, before = server.http("GET", f"/api/tournaments/{tid}")
    wrong = [{}, {"x-troef-organiser": ""}, {"x-troef-organiser": token[:-1]}, {"x-troef-organiser": token + "x"}]
    _, other = server.http("POST", "/api/tournaments", {"name": "Ander"})
    wrong.append({"x-troef-organiser": other["token"]})  # another tournament's link
    attempts = [
        ("players", {"names": ["Indringer"]}),
        ("withdraw", {"number": 1}),
        ("draw", {}),
        ("result", {"round": 1, "table": 1, "game": 1, "points": [1, 4, 8, 10]}),
        ("online", {"round": 1, "game": 2, "absent": "all"}),
        ("state", {}),
    ]
    for headers in wrong:
        for action, body in attempts:
            status, data = server.http("POST", f"/api/tournaments/{tid}/{action}", body, headers)
            assert status == 403, (action, data)
            assert data["error"]["code"] == "not_organiser"
        status, _ = server.http("GET", f"/api/tournaments/{tid}/export/corrections.csv", headers=headers)
        assert status == 403
    _, after = server.http("GET", f"/api/tournaments/{tid}")
    assert after == before  # nothing changed, not even the version

    # a correction by the organiser after the standings were shown
    shown = before["standings"]
    corrected = act(
        server, tid, org, "result", {"round": 1, "table": 1, "game": 1, "points": [1, 4, 8, 10], "note": "x"}
    )
    assert corrected["answer"]["corrected"] and corrected["tournament"]["corrections"][0]["old"] == [10, 8, 4, 1]
    _, after = server.http("GET", f"/api/tournaments/{tid}")
    assert after["standings"] != shown and after["version"] > before["version"]
    assert "corrections" not in after
    status, csv = server.http("GET", f"/api/tournaments/{tid}/export/corrections.csv", headers=org)
    assert status == 200 and "10 8 4 1,1 4 8 10" in csv

    # an impossible entry: refused with its reason, nothing changed
    status, data = server.http(
        "POST", f"/api/tournaments/{tid}/result", {"round": 1, "table": 2, "game": 1, "points": [8, 8, 4, 1]}, org
    )
    assert status == 400 and "somebody goes out first" in data["error"]["message"]
    _, again = server.http("GET", f"/api/tournaments/{tid}")
    assert again["version"] == after["version"]

    # nothing public carries the token or its digest
    for path in (
        f"/api/tournaments/{tid}",
        f"/toernooi/{tid}",
        f"/toernooi/{tid}/print/tables?round=1",
        f"/toernooi/{tid}/print/large?round=1",
        f"/toernooi/{tid}/print/forms?round=1",
        f"/toernooi/{tid}/print/standings",
        f"/api/tournaments/{tid}/export/standings.csv",
        f"/api/tournaments/{tid}/export/results.csv",
    ):
        status, body = server.http("GET", path)
        assert status == 200, path
        text = str(body)
        assert token not in text and hash_token(token) not in text and "organiser_hash" not in text, path


def test_bad_tournaments_are_refused_with_their_reason(server: Server) -> None:
    cases = [
        ({}, "the tournament name must be text"),
        ({"name": "  "}, "the tournament name is empty"),
        ({"name": "NK", "rounds": "vijf"}, "'rounds' must be a whole number"),
        ({"name": "NK", "rounds": 0}, "a tournament has 1 to 20 rounds"),
        ({"name": "NK", "games_per_round": 9}, "a round has 1 to 6 games per table"),
        ({"name": "NK", "seed": -1}, "the seed must be a number from 0"),
        ({"name": "NK", "place": {"x": 1}}, "the place must be text"),
    ]
    for body, message in cases:
        status, data = server.http("POST", "/api/tournaments", body)
        assert status == 400 and message in data["error"]["message"], (body, data)
    status, data = server.http("POST", "/api/tournaments", b"[1, 2]")
    assert status == 400 and data["error"]["code"] == "bad_json"


def test_the_store_on_sqlite_and_postgresql(db_url: str) -> None:
    store = TournamentStore(db_url)
    try:
        t = Tournament(id="nk2026", name="NK Bonaken 2026", seed=99, place="Leimuiden")
        token = store.create(t)
        assert store.is_organiser("nk2026", token) and not store.is_organiser("nk2026", token + "x")
        store.change("nk2026", lambda t: t.add_players([f"Speler {i}" for i in range(1, 15)]))
        store.change("nk2026", lambda t: t.draw_round())
        store.change("nk2026", lambda t: t.enter_result(1, 1, 1, points=[10, 8, 4, 1]))
        store.change("nk2026", lambda t: t.enter_result(1, 1, 1, order=["2", "1", "3", "rest"], note="fout"))
        with pytest.raises(TournamentError, match="is not possible"):
            store.change("nk2026", lambda t: t.enter_result(1, 2, 1, points=[10, 10, 10, 10]))
        store.change("nk2026", lambda t: t.withdraw(2))
        loaded = store.load("nk2026")
        assert loaded is not None
        assert loaded.results[(1, 1, 1)].points == (8, 10, 4, 1)
        assert [(c.old, c.new, c.note) for c in loaded.corrections] == [((10, 8, 4, 1), (8, 10, 4, 1), "fout")]
        assert (1, 2, 1) not in loaded.results and not loaded.players[2].active
        assert len(loaded.drawn[0].byes) == 2 and len(loaded.drawn[0].tables) == 3
        assert store.version("nk2026") == 5  # the refused change did not count
        again = Tournament(id="nk2026b", name="again", seed=99)
        store.create(again)
        store.change("nk2026b", lambda t: t.add_players([f"Speler {i}" for i in range(1, 15)]))
        redrawn = store.change("nk2026b", lambda t: t.draw_round())
        assert redrawn.tables == loaded.drawn[0].tables  # the published seed reproduces the draw
    finally:
        store.close()


def test_the_tournament_migration_goes_down_and_up_again(db_url: str) -> None:
    import sqlalchemy as sa
    from alembic import command
    from alembic.config import Config

    from troef.server.storage import make_engine, migrate, migrations_path

    engine = make_engine(db_url)
    migrate(engine)
    tournament_tables = {
        "troef_tournaments",
        "troef_tournament_players",
        "troef_tournament_rounds",
        "troef_tournament_results",
        "troef_tournament_corrections",
    }
    assert tournament_tables <= set(sa.inspect(engine).get_table_names())
    config = Config()
    config.set_main_option("script_location", str(migrations_path()))
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.downgrade(config, "0001")
    names = set(sa.inspect(engine).get_table_names())
    assert not tournament_tables & names and "troef_tables" in names
    migrate(engine)
    assert tournament_tables <= set(sa.inspect(engine).get_table_names())
    engine.dispose()


def test_an_online_seat_by_invite_link_plays_and_its_result_goes_in(server: Server) -> None:
    import random

    tid, org = create(server, seed=21, rounds=1, games_per_round=1, final=False)
    act(server, tid, org, "players", {"names": [f"Speler {i}" for i in range(1, 9)]})
    rnd = act(server, tid, org, "draw", {})["tournament"]["drawn"][0]
    me = rnd["tables"][0]["players"][2]  # this player is here; everybody else is absent
    others = [p for table in rnd["tables"] for p in table["players"] if p != me]
    opened = act(server, tid, org, "online", {"round": 1, "game": 1, "absent": others, "level": "random"})
    seats = opened["tables"][0]["seats"]
    mine = next(s for s in seats if s["number"] == me)
    assert mine["link"] and all(s["link"] is None for s in seats if s["number"] != me)
    table_id, token = mine["link"].split("/t/")[1].split("#t=")
    assert act(server, tid, org, "online", {"round": 1, "game": 1, "absent": "all"})["tables"] == []  # opened once

    client = server.client()
    try:
        assert client.join(table_id, token)["type"] == "welcome"
        rng = random.Random(5)
        while True:
            state = client.state
            assert state is not None
            if state["match"]["over"]:
                break
            legal = state["view"]["legal"]
            if legal:
                client.act(rng.choice(legal), expect=state["version"])
                client.wait_version(state["version"] + 1, timeout=20)
            else:
                client.wait_version(state["version"] + 1, timeout=20)
    finally:
        client.close()
    data = wait_for(server, tid, lambda d: d["drawn"][0]["complete"], timeout=60)
    _, info = server.http("GET", f"/api/tables/{table_id}")
    by_seat = {row["seat"]: row["table_points"] for row in info["result"]["standing"]}
    assert data["drawn"][0]["tables"][0]["games"][0]["points"] == [by_seat[s] for s in range(4)]
    assert data["drawn"][0]["tables"][0]["games"][0]["source"] == "online"
