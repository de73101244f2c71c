"""``troef tournament ...`` on a SQLite database: a small tournament from the command line, with CSV export."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from typer.testing import CliRunner

from troef.cli import app
from troef.tournament.store import TournamentStore

runner = CliRunner()


def run(db: str, *args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["tournament", *args, "--db", db])
    return result.exit_code, result.output


def test_a_tournament_from_the_command_line(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'troef.db'}"
    code, out = run(db, "new", "--name", "Clubavond", "--rounds", "1", "--games", "1", "--seed", "77")
    assert code == 0, out
    tid = out.split()[1].rstrip(":")
    assert "organiser token" in out and "seed 77" in out
    names = tmp_path / "spelers.csv"
    names.write_text("nr,naam\n1,Jan\n2,Piet\n3,Kees\n4,Anne\n5,Bep\n6,Truus\n7,Henk\n8,Gerrit\n9,Els\n")
    code, out = run(db, "players", tid, "--file", str(names))
    assert code == 0 and "9 players" in out
    code, out = run(db, "players", tid, "--withdraw", "9")
    assert code == 0 and "Els  (withdrawn)" in out and "8 players" in out

    code, out = run(db, "draw", tid)
    assert code == 0 and out.count("table ") == 2 and "bye" not in out
    # the same seed and players draw the same tables (the published seed reproduces the draw)
    store = TournamentStore(db)
    t = store.load(tid)
    assert t is not None
    tables = t.drawn[0].tables
    for number, table in enumerate(tables, start=1):
        assert f"table {number:>3}: " + ", ".join(f"{p} {t.players[p].name}" for p in table) in out

    code, out = run(db, "results", tid, "--table", "1", "--game", "1", "--points", "10,10,8,1")
    assert code == 2 and "after two players share first place" in out
    code, out = run(db, "results", tid, "--table", "1", "--game", "1", "--order", "1,2,erin,rest")
    assert code == 0 and "10  8  0  4" in out
    code, out = run(db, "results", tid, "--table", "2", "--game", "1", "--points", "10,8,4,1")
    assert code == 0
    code, out = run(db, "results", tid, "--table", "2", "--game", "1", "--points", "1,4,8,10", "--note", "misread")
    assert code == 0 and "corrected: 10 8 4 1 -> 1 4 8 10" in out

    code, out = run(db, "standings", tid)
    assert code == 0
    first = tables[0][0]  # 10 points, as did the fourth seat of table 2
    assert f"1=  {first:>4}  {t.players[first].name}" in out

    code, out = run(db, "export", tid, "--what", "standings")
    rows = list(csv.reader(io.StringIO(out)))
    assert code == 0 and rows[0][:4] == ["place", "number", "name", "total"]
    assert {(r[1], r[3]) for r in rows[1:3]} == {(str(first), "10"), (str(tables[1][3]), "10")}
    code, out = run(db, "export", tid, "--what", "results", "--out", str(tmp_path / "r.csv"))
    assert code == 0
    lines = (tmp_path / "r.csv").read_text().splitlines()
    assert len(lines) == 1 + 8  # one line per player per game entered
    code, out = run(db, "export", tid, "--what", "corrections")
    assert "10 8 4 1,1 4 8 10,paper,misread" in out

    code, out = run(db, "draw", tid, "--final")
    assert code == 0 and "final" in out
    code, out = run(db, "draw", tid)
    assert code == 2 and "all 1 rounds have been drawn" in out
    code, out = run(db, "results", "nope", "--table", "1", "--game", "1", "--points", "10,8,4,1")
    assert code == 2 and "no tournament 'nope'" in out
    store.close()
