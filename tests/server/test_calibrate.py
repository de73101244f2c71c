"""``troef ratings calibrate``: arena matches between computer levels, rated into a real SQLite database."""

from __future__ import annotations

from pathlib import Path

import pytest
import sqlalchemy as sa
from openskill.models import PlackettLuce
from typer.testing import CliRunner

from troef.cli import app
from troef.server.calibrate import tasks_of, write_defaults
from troef.server.schema import make_engine

MODEL = PlackettLuce(mu=1500.0, sigma=500.0, beta=250.0, tau=5.0)


@pytest.mark.slow  # whole matches
def test_calibration_rates_each_match_as_openskill_says(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'troef.db'}"
    args = ["ratings", "calibrate", "--game", "klaverjas", "--rules", "amsterdam", "--matches", "4"]
    out = tmp_path / "ratings.tsv"
    result = CliRunner().invoke(app, [*args, "--levels", "beginner,club", "--db", url, "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "klaverjas (amsterdam-rotterdam), 4 matches" in result.output
    engine = make_engine(url)
    with engine.connect() as conn:
        rows = conn.execute(
            sa.text(
                "SELECT table_id, player, mu, sigma, place FROM troef_rating_history "
                "WHERE game = 'klaverjas' AND family = 'amsterdam-rotterdam' ORDER BY at, table_id"
            )
        ).all()
        final: dict[str, int] = dict(conn.execute(sa.text("SELECT player, matches FROM troef_ratings")).all())
    engine.dispose()
    assert final == {"bot:beginner": 4, "bot:club": 4}
    # every match, from the ratings before it and the places it recorded, gives what openskill computes
    before = {"bot:beginner": (1500.0, 500.0), "bot:club": (1500.0, 500.0)}
    tables = list(dict.fromkeys(r.table_id for r in rows))
    assert len(tables) == 4
    for table in tables:
        match = {r.player: r for r in rows if r.table_id == table}
        players = sorted(match)
        # each side is two seats of one level (two rating objects: openskill updates the ones it is given)
        sides = [[MODEL.rating(mu=before[p][0], sigma=before[p][1]) for _ in range(2)] for p in players]
        new = MODEL.rate(sides, ranks=[match[p].place for p in players])
        for p, (rating, _) in zip(players, new, strict=True):
            assert match[p].mu == pytest.approx(rating.mu) and match[p].sigma == pytest.approx(rating.sigma)
            before[p] = (match[p].mu, match[p].sigma)
    # --out wrote the final ratings, with the command that measured them
    lines = out.read_text().splitlines()
    written = [line.split("\t") for line in lines if line.startswith("klaverjas\t")]
    assert [(r[1], r[2], r[5]) for r in written] == [
        ("amsterdam-rotterdam", "beginner", "4"),
        ("amsterdam-rotterdam", "club", "4"),
    ]
    # the levels written move together so that club sits at a new person's 1500 (the measured gap kept)
    shift = 1500.0 - before["bot:club"][0]
    assert [float(r[3]) for r in written] == [
        pytest.approx(before[f"bot:{r[2]}"][0] + shift, abs=0.05) for r in written
    ]
    (note,) = [line for line in lines if line.startswith("# klaverjas amsterdam-rotterdam: ")]
    assert (
        "troef ratings calibrate --game klaverjas --rules amsterdam --matches 4" in note
        and "(4 matches, seed 1," in note
    )


def test_partnership_matches_come_in_pairs_of_one_deal_seed_with_the_sides_swapped() -> None:
    tasks = tasks_of("klaverjas", "kraken", 11, ["beginner", "club", "strong"], seed=4)
    assert len(tasks) == 12  # rounded up to whole pairs
    assert all(t.duplicate and t.fixed for t in tasks)
    pairs = [tasks[i : i + 2] for i in range(0, 12, 2)]
    for a, b in pairs:
        assert a.seed == b.seed and a.seats[0] != a.seats[1]
        assert (b.seats[0], b.seats[1]) == (a.seats[1], a.seats[0])  # the same deals, each level on the other side
        assert a.seats[0] == a.seats[2] and a.seats[1] == a.seats[3]  # partners are one level
    assert len({a.seed for a, _ in pairs}) == 6
    # every pair of different levels meets
    assert {frozenset(a.seats) for a, _ in pairs} == {
        frozenset(p) for p in (("beginner", "club"), ("beginner", "strong"), ("club", "strong"))
    }


def test_free_for_all_matches_turn_one_deal_seed_round_the_table() -> None:
    tasks = tasks_of("bonaken", "nk", 8, ["beginner", "club", "strong"], seed=2)
    assert len(tasks) == 8
    for first in (0, 4):
        group = tasks[first : first + 4]
        assert len({t.seed for t in group}) == 1 and len(set(group[0].seats)) > 1
        for turn, t in enumerate(group):
            assert t.seats == tuple(group[0].seats[(seat - turn) % 4] for seat in range(4))
    assert tasks[0].seed != tasks[4].seed


def test_the_ratings_file_keeps_other_families_and_replaces_the_one_measured(tmp_path: Path) -> None:
    path = tmp_path / "ratings.tsv"

    def result(fam: str, mu: float) -> dict[str, object]:
        club = {"mu": mu, "sigma_exact": 80.0, "matches": 10}
        strong = {"mu": mu + 120.0, "sigma_exact": 90.0, "matches": 12}
        return {"game": "bonaken", "family": fam, "matches": 10, "seed": 3, "levels": {"club": club, "strong": strong}}

    write_defaults(path, result("nk", 1400.0), "troef ratings calibrate --game bonaken --rules nk")
    write_defaults(path, result("pagat-hazerswoude", 1450.0), "troef ratings calibrate --game bonaken --rules pagat")
    write_defaults(path, result("nk", 1600.0), "troef ratings calibrate --game bonaken --rules nk --matches 10")
    text = path.read_text()
    assert [line for line in text.splitlines() if not line.startswith("#")] == [
        "game\tfamily\tlevel\tmu\tsigma\tmatches",
        # the club level is pinned at a new person's 1500; strong keeps its measured gap of 120
        "bonaken\tnk\tclub\t1500.0\t80.0\t10",
        "bonaken\tnk\tstrong\t1620.0\t90.0\t12",
        "bonaken\tpagat-hazerswoude\tclub\t1500.0\t80.0\t10",
        "bonaken\tpagat-hazerswoude\tstrong\t1620.0\t90.0\t12",
    ]
    notes = [line for line in text.splitlines() if ": troef ratings calibrate" in line]
    assert len(notes) == 2 and any("--rules nk --matches 10 (10 matches, seed 3," in n for n in notes)


def test_unknown_levels_and_rules_are_refused(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'troef.db'}"
    for extra in (["--levels", "grandmaster"], ["--rules", "poker"]):
        result = CliRunner().invoke(app, ["ratings", "calibrate", "--matches", "1", "--db", url, *extra])
        assert result.exit_code == 2 and "troef ratings calibrate:" in result.output
