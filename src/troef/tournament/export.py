"""CSV exports of a tournament (standings, all results, corrections) and the reading of player lists."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from typing import Any, Final

from troef.tournament.model import Tournament, fmt_points

#: What makes a spreadsheet read a cell as a formula (OWASP, "CSV Injection"), tab and return included.
FORMULA_START: Final = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: Any) -> Any:
    """A text cell that a spreadsheet would run as a formula, made plain text by a leading ``'`` (OWASP).

    >>> print(safe_cell('=HYPERLINK("http://x","y")'), safe_cell("Jan"), safe_cell(-3))
    '=HYPERLINK("http://x","y") Jan -3
    """
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


class _Writer:
    """``csv.writer`` whose text cells cannot be formulas (names and notes are the players' and organiser's)."""

    def __init__(self, out: io.StringIO) -> None:
        self._w = csv.writer(out, lineterminator="\n")

    def writerow(self, row: Iterable[Any]) -> None:
        self._w.writerow([safe_cell(v) for v in row])


def standings_csv(t: Tournament) -> str:
    """The standings as CSV: place (``=`` when shared), start number, name, total, counts per score, games, byes."""
    out = io.StringIO()
    w = _Writer(out)
    values = t.scoring.place_values
    w.writerow(["place", "number", "name", "total", *(f"n{v}" for v in values), "games", "byes", "withdrawn"])
    for s in t.standings():
        place = f"{s.place}=" if s.shared else str(s.place)
        w.writerow(
            [place, s.number, s.name, fmt_points(s.total), *s.counts, s.games, s.byes, "" if s.active else "yes"]
        )
    final = t.final_standings()
    if final is not None:
        w.writerow([])
        w.writerow(["final_place", "number", "name", "total", *(f"n{v}" for v in values), "games"])
        for s in final:
            w.writerow([s.place, s.number, s.name, fmt_points(s.total), *s.counts, s.games])
    return out.getvalue()


def results_csv(t: Tournament) -> str:
    """Every entered result as CSV, one line per player per game."""
    out = io.StringIO()
    w = _Writer(out)
    w.writerow(["round", "final", "table", "game", "seat", "number", "name", "points", "source", "entered_at"])
    for rnd in t.drawn:
        for table_no, table in enumerate(rnd.tables, start=1):
            for game in range(1, t.games_per_round + 1):
                result = t.results.get((rnd.number, table_no, game))
                if result is None:
                    continue
                for seat, (player, points) in enumerate(zip(table, result.points, strict=True), start=1):
                    w.writerow(
                        [
                            rnd.number,
                            "yes" if rnd.final else "",
                            table_no,
                            game,
                            seat,
                            player,
                            t.players[player].name,
                            points,
                            result.source,
                            result.entered_at.isoformat() if result.entered_at else "",
                        ]
                    )
    return out.getvalue()


def corrections_csv(t: Tournament) -> str:
    """The correction log as CSV."""
    out = io.StringIO()
    w = _Writer(out)
    w.writerow(["at", "round", "table", "game", "old", "new", "source", "note"])
    for c in t.corrections:
        w.writerow(
            [
                c.at.isoformat(),
                c.round,
                c.table,
                c.game,
                " ".join(map(str, c.old)),
                " ".join(map(str, c.new)),
                c.source,
                c.note,
            ]
        )
    return out.getvalue()


def read_names(text: str) -> list[str]:
    """Player names from a pasted or uploaded list: one name a line, or CSV with a ``name``/``naam`` column.

    >>> read_names("Jan\\n\\n  Piet \\n")
    ['Jan', 'Piet']
    >>> read_names("nr,naam,club\\n1,Jan de Vries,Leimuiden\\n2,Piet,\\n")
    ['Jan de Vries', 'Piet']
    """
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        return []
    header = next(csv.reader([lines[0]]))
    lowered = [h.strip().lower() for h in header]
    for column in ("name", "naam", "speler", "player"):
        if column in lowered and len(header) > 1:
            index = lowered.index(column)
            return [row[index].strip() for row in csv.reader(lines[1:]) if len(row) > index and row[index].strip()]
    return [line.strip() for line in lines]
