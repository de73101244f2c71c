"""``troef ratings calibrate``: arena matches between computer levels, rated into a real SQLite database."""

from __future__ import annotations

from pathlib import Path

import pytest
import sqlalchemy as sa
from openskill.models import PlackettLuce
from typer.testing import CliRunner

from troef.cli import app
from troef.server.schema import make_engine

pytestmark = pytest.mark.slow  # whole matches

MODEL = PlackettLuce(mu=1500.0, sigma=500.0, beta=250.0, tau=5.0)


def test_calibration_rates_each_match_as_openskill_says(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'troef.db'}"
    args = ["ratings", "calibrate", "--game", "klaverjas", "--rules", "amsterdam", "--matches", "4"]
    result = CliRunner().invoke(app, [*args, "--levels", "beginner,club", "--db", url])
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


def test_unknown_levels_and_rules_are_refused(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'troef.db'}"
    for extra in (["--levels", "grandmaster"], ["--rules", "poker"]):
        result = CliRunner().invoke(app, ["ratings", "calibrate", "--matches", "1", "--db", url, *extra])
        assert result.exit_code == 2 and "troef ratings calibrate:" in result.output
