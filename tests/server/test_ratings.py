"""Ratings on a real SQLite database, checked against the ``openskill`` package itself."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
import sqlalchemy as sa
from openskill.models import PlackettLuce
from sqlalchemy.engine import Engine

from tests.games.tiny import registered
from troef.games import game
from troef.server.community import accounts_table, ratings_table
from troef.server.matchmaking import Matchmaker
from troef.server.ratings import (
    MU,
    SIGMA,
    apply_match,
    families,
    family,
    history,
    history_svg,
    leaderboard,
    places,
    rating_row,
    shipped_ratings,
    teams_of,
)
from troef.server.schema import make_engine, migrate

#: The scale: OpenSkill's defaults times 60, written out here (not read from the module under test).
OWN_MODEL = PlackettLuce(mu=1500.0, sigma=500.0, beta=250.0, tau=5.0)


@pytest.fixture
def engine(tmp_path: Path) -> Engine:
    e = make_engine(f"sqlite:///{tmp_path / 'troef.db'}")
    migrate(e)
    return e


def test_families_keep_kraken_and_bonaken_nk_apart() -> None:
    assert family("klaverjas", "kraken") == "kraken"
    assert family("klaverjas", "amsterdam") == family("klaverjas", "rotterdam") == "amsterdam-rotterdam"
    assert family("bonaken", "nk") == "nk"
    assert family("bonaken", "pagat") == family("bonaken", "hazerswoude") == "pagat-hazerswoude"
    assert family("binokel", "cardgames") == "cardgames"
    assert families("klaverjas", ["kraken", "amsterdam", "rotterdam"]) == ["kraken", "amsterdam-rotterdam"]


#: The family keys stored ratings rows carry for every built-in preset: written out, never read from the games,
#: since a stored rating must keep meaning the same thing.
STORED_KEYS = {
    ("bonaken", "nk"): "nk",
    ("bonaken", "pagat"): "pagat-hazerswoude",
    ("bonaken", "hazerswoude"): "pagat-hazerswoude",
    ("klaverjas", "kraken"): "kraken",
    ("klaverjas", "amsterdam"): "amsterdam-rotterdam",
    ("klaverjas", "rotterdam"): "amsterdam-rotterdam",
    ("binokel", "cardgames"): "cardgames",
}


def test_every_built_in_preset_keeps_its_stored_family_key() -> None:
    built_in = {(name, preset) for name in ("bonaken", "klaverjas", "binokel") for preset in game(name).presets()}
    assert built_in == set(STORED_KEYS), "a new preset needs its family decided (and kept) here"
    assert {key: family(*key) for key in STORED_KEYS} == STORED_KEYS


def test_a_game_that_declares_no_families_has_one_rating() -> None:
    with registered():
        tiny = game("tiny")
        assert not tiny.rating_families and list(tiny.presets()) == ["plain", "duel"]
        assert family("tiny", "plain") == family("tiny", "duel") == "plain"
        assert families("tiny", ["plain", "duel"]) == ["plain"]
    # rows of a game no longer registered keep one family per preset, as they were stored
    assert family("tiny", "duel") == "duel"


def test_teams_are_partners_at_a_partnership_game_of_four() -> None:
    assert teams_of(4, True) == [[0, 2], [1, 3]]
    assert teams_of(4, False) == [[0], [1], [2], [3]]
    assert teams_of(3, False) == [[0], [1], [2]]


def test_places_share_ties_and_put_a_leaver_last() -> None:
    teams = [[0], [1], [2], [3]]
    scores = {0: 10.0, 1: 4.0, 2: 10.0, 3: 1.0}
    assert places(teams, scores, frozenset()) == [1, 3, 1, 4]
    # the winner on points left the match: below everyone who stayed
    assert places(teams, scores, frozenset({0})) == [4, 2, 1, 3]
    assert places([[0, 2], [1, 3]], {0: 1500.0, 1: 900.0, 2: 1500.0, 3: 900.0}, frozenset({3})) == [1, 2]
    assert places([[0, 2], [1, 3]], {0: 900.0, 1: 1500.0, 2: 900.0, 3: 1500.0}, frozenset({3})) == [1, 2]


def test_a_kraken_match_moves_ratings_as_openskill_says(engine: Engine) -> None:
    with engine.begin() as conn:
        # earlier ratings of two of the four
        conn.execute(
            sa.insert(ratings_table),
            [
                {
                    "player": "a:x",
                    "game": "klaverjas",
                    "family": "kraken",
                    "mu": 1620.0,
                    "sigma": 300.0,
                    "matches": 7,
                    "updated_at": datetime.now(UTC),
                },
                {
                    "player": "bot:strong",
                    "game": "klaverjas",
                    "family": "kraken",
                    "mu": 1700.0,
                    "sigma": 120.0,
                    "matches": 90,
                    "updated_at": datetime.now(UTC),
                },
            ],
        )
    seats = ["a:x", "a:y", "bot:strong", "a:z"]
    scores = {0: 900.0, 1: 1600.0, 2: 900.0, 3: 1600.0}  # seats 1 and 3 won
    with engine.begin() as conn:
        rated = apply_match(conn, "t1", "klaverjas", "kraken", seats, [[0, 2], [1, 3]], scores)
    assert rated is not None
    expected = OWN_MODEL.rate(
        [
            [OWN_MODEL.rating(mu=1620.0, sigma=300.0), OWN_MODEL.rating(mu=1700.0, sigma=120.0)],
            [OWN_MODEL.rating(mu=1500.0, sigma=500.0), OWN_MODEL.rating(mu=1500.0, sigma=500.0)],
        ],
        ranks=[2, 1],
    )
    by_player = {r.player: r for r in rated}
    assert by_player["a:x"].mu == pytest.approx(expected[0][0].mu)
    assert by_player["a:x"].sigma == pytest.approx(expected[0][0].sigma)
    assert by_player["bot:strong"].mu == pytest.approx(expected[0][1].mu)
    assert by_player["a:y"].mu == pytest.approx(expected[1][0].mu)
    assert by_player["a:z"].mu == pytest.approx(expected[1][1].mu)
    assert by_player["a:y"].mu > 1500 and by_player["a:x"].mu < 1620  # the winners up, the losers down
    with engine.connect() as conn:
        mu, sigma, matches = rating_row(conn, "a:x", "klaverjas", "kraken")
        assert mu == pytest.approx(expected[0][0].mu) and sigma == pytest.approx(expected[0][0].sigma)
        assert matches == 8
        assert [h["place"] for h in history(conn, "a:y", "klaverjas", "kraken")] == [1]
        # the same table is never rated twice
        assert rating_row(conn, "a:y", "klaverjas", "kraken")[2] == 1
    with engine.begin() as conn:
        assert apply_match(conn, "t1", "klaverjas", "kraken", seats, [[0, 2], [1, 3]], scores) is None
    with engine.connect() as conn:
        assert rating_row(conn, "a:y", "klaverjas", "kraken")[2] == 1


def test_a_bonaken_table_is_a_free_for_all_with_shared_places(engine: Engine) -> None:
    seats = ["a:p", "a:q", "a:r", "bot:club"]
    scores = {0: 10.0, 1: 8.0, 2: 8.0, 3: 1.0}  # nk table points; seats 1 and 2 share second place
    with engine.begin() as conn:
        rated = apply_match(conn, "b1", "bonaken", "nk", seats, teams_of(4, False), scores, frozenset({0}))
    assert rated is not None
    club = shipped_ratings()[("bonaken", "nk", "club")]  # a level never rated here starts from its shipped rating
    before = [[OWN_MODEL.rating()] for _ in range(3)] + [[OWN_MODEL.rating(mu=club[0], sigma=club[1])]]
    expected = OWN_MODEL.rate(before, ranks=[4, 1, 1, 3])  # seat 0 left: last, whatever its points
    for r in rated:
        assert r.mu == pytest.approx(expected[r.seat][0].mu)
    assert {r.player: r.place for r in rated} == {"a:p": 4, "a:q": 1, "a:r": 1, "bot:club": 3}
    assert next(r for r in rated if r.player == "a:p").left
    assert next(r for r in rated if r.player == "a:p").mu < MU


def test_the_leaderboard_lists_public_people_and_computer_levels_best_first(engine: Engine) -> None:
    now = datetime.now(UTC)
    with engine.begin() as conn:
        for aid, name, public in (("1", "Ans", True), ("2", "Bert", False), ("3", "Cor", True)):
            conn.execute(
                sa.insert(accounts_table).values(
                    id=aid, name=name, skeleton=name.lower(), user_handle=aid, public=public, created_at=now
                )
            )
        for player, mu, sigma in (
            ("a:1", 1600.0, 100.0),
            ("a:2", 1900.0, 80.0),
            ("a:3", 1800.0, 400.0),
            ("bot:strong", 1650.0, 60.0),
        ):
            conn.execute(
                sa.insert(ratings_table).values(
                    player=player, game="bonaken", family="nk", mu=mu, sigma=sigma, matches=5, updated_at=now
                )
            )
    with engine.connect() as conn:
        # the levels never rated on this server stand at their shipped ratings (another test looks at them)
        full = leaderboard(conn, "bonaken", "nk")
    board = [e for e in full if e["matches"]]
    # by mu - 3 sigma: strong 1470, Ans 1300, Cor 600; Bert's profile is private
    assert [(e["name"], e["bot"]) for e in board] == [("strong", True), ("Ans", False), ("Cor", False)]
    assert [e["place"] for e in full] == list(range(1, len(full) + 1))
    assert [e["provisional"] for e in board] == [False, False, True]
    assert board[2]["rating"] == 1800


FAMILIES_WITH_COMPUTER_PLAYERS = {
    ("klaverjas", "kraken"),
    ("klaverjas", "amsterdam-rotterdam"),
    ("bonaken", "nk"),
    ("bonaken", "pagat-hazerswoude"),
    ("binokel", "cardgames"),
}


def test_a_fresh_server_starts_the_computer_levels_at_their_measured_ratings(engine: Engine) -> None:
    shipped = shipped_ratings()
    assert {(g, f) for g, f, _ in shipped} == FAMILIES_WITH_COMPUTER_PLAYERS
    for game_name, fam in FAMILIES_WITH_COMPUTER_PLAYERS:
        levels = {level: shipped[(game_name, fam, level)] for level in ("beginner", "club", "strong")}
        # measured: the club level is pinned at a new person's rating, the others keep their measured gaps
        assert levels["club"][0] == MU and all(mu != MU for level, (mu, _) in levels.items() if level != "club")
        with engine.connect() as conn:
            board = {e["name"]: e for e in leaderboard(conn, game_name, fam) if e["bot"]}
            assert {name: e["rating"] for name, e in board.items()} == {
                level: round(mu) for level, (mu, _) in levels.items()
            }
            assert Matchmaker(engine, {})._levels(conn, game_name, fam) == {
                level: mu for level, (mu, _) in levels.items()
            }
    # the first rated match of a level starts from its shipped rating; a calibration starts from a new player's
    (mu, sigma) = shipped[("klaverjas", "kraken", "strong")]
    seats = ["a:p", "bot:strong", "a:q", "bot:strong"]
    with engine.begin() as conn:
        assert rating_row(conn, "bot:strong", "klaverjas", "kraken") == (mu, sigma, 0)
        assert rating_row(conn, "bot:strong", "klaverjas", "kraken", shipped=False) == (MU, SIGMA, 0)
        rated = apply_match(conn, "t9", "klaverjas", "kraken", seats, [[0, 2], [1, 3]], {0: 1, 1: 0, 2: 1, 3: 0})
    assert rated is not None
    people = [OWN_MODEL.rating(mu=1500.0, sigma=500.0) for _ in range(2)]
    bots = [OWN_MODEL.rating(mu=mu, sigma=sigma) for _ in range(2)]
    _, new_bots = OWN_MODEL.rate([people, bots], ranks=[1, 2])
    assert next(r for r in rated if r.player == "bot:strong").mu == pytest.approx(new_bots[0].mu)


def test_the_history_chart_is_a_line_through_every_match() -> None:
    svg = history_svg([1600.0, 1550.0, 1700.0])
    points = svg.split('points="')[1].split('"')[0].split()
    assert len(points) == 4  # the start and three matches
    ys = [float(p.split(",")[1]) for p in points]
    assert ys[3] == min(ys) and ys[0] == max(ys)  # the best rating is highest on the chart, the start lowest
    assert svg.startswith("<svg") and ">1700<" in svg
    assert SIGMA == 500.0
