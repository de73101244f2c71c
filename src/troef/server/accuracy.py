"""A player's accuracy: what the analysis of each rated match says of the decisions of the player's own seat.

When a rated match ends, the process that rated it asks the worker processes
(:class:`troef.server.workers.WorkPool`, at their lower priority) for the
analysis of the match (:func:`troef.analysis.analyse`, the fair judgement:
sampled worlds from the seat's own view, :data:`SAMPLES` a decision), limited
to the seats of accounts, one deal at a time and only while no analysis a
person asked for waits: such a request waits for one deal's analysis at
most. The match is over, so its cards may be analysed; each account gets only
its own seat's figures, over every deal:

- **accuracy**: the share of the seat's judged decisions not marked as a
  mistake, in percent (:attr:`troef.analysis.core.SeatSummary.accuracy`);
- **mean cost**: the fair cost of the seat's judged decisions, per decision,
  in the analysis' fair unit (``points`` of the score sheet at klaverjas,
  ``chance`` at Bonaken, ``share`` at Binokel: ``troef analyse`` and
  docs/analysis.md).

They are stored in ``troef_accuracy`` (migration 0011), shown on the profile
as a line over time, exported with the account's data and deleted with it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any, Final

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from troef.server.community import accuracy_table

log = logging.getLogger("troef.server")

#: Sampled worlds per decision of the accuracy analysis (as the fair analysis the server makes on request).
SAMPLES: Final = 8
#: Seconds between looks at whether the workers are free for an accuracy analysis.
WAIT_FOR_WORKERS: Final = 2.0
#: Times an accuracy analysis is tried when the workers refuse it (a busy server) before it is given up.
TRIES: Final = 60


def figures(sums: Mapping[str, Any], unit: str) -> dict[str, Any]:
    """The stored figures of one seat from its sums over the deals' analyses (decisions, judged, mistakes and
    fair cost, as in a seat's summary of :meth:`troef.analysis.core.MatchAnalysis.to_json`)."""
    judged = int(sums.get("judged", 0))
    mistakes = int(sums.get("mistakes", 0))
    return {
        "decisions": int(sums.get("decisions", 0)),
        "judged": judged,
        "mistakes": mistakes,
        "accuracy": round(100.0 * (1.0 - mistakes / judged), 2) if judged else None,
        "mean_cost": round(float(sums.get("fair_cost", 0.0)) / judged, 6) if judged else None,
        "unit": unit,
    }


def add(into: dict[int, dict[str, Any]], sums: Mapping[int, Mapping[str, Any]]) -> None:
    """Add one deal's sums per seat to ``into``."""
    for seat, found in sums.items():
        mine = into.setdefault(seat, {"decisions": 0, "judged": 0, "mistakes": 0, "fair_cost": 0.0})
        for key in mine:
            mine[key] += found.get(key, 0)


def store(
    conn: Connection,
    table_id: str,
    game: str,
    fam: str,
    owners: Mapping[int, str],
    by_seat: Mapping[int, Mapping[str, Any]],
    now: datetime | None = None,
) -> int:
    """Keep the figures of each account's seat (``owners``: seat to account id); rows written."""
    now = now or datetime.now(UTC)
    written = 0
    for seat, account_id in owners.items():
        if seat not in by_seat:
            continue
        key = {"account_id": account_id, "table_id": table_id}
        conn.execute(
            sa.delete(accuracy_table).where(
                accuracy_table.c.account_id == account_id, accuracy_table.c.table_id == table_id
            )
        )
        conn.execute(sa.insert(accuracy_table).values(**key, seat=seat, game=game, family=fam, at=now, **by_seat[seat]))
        written += 1
    return written


def series(conn: Connection, account_id: str, limit: int = 200) -> list[dict[str, Any]]:
    """An account's figures per game and family, each with its matches oldest first (the profile's lines)."""
    rows = conn.execute(
        sa.select(accuracy_table)
        .where(accuracy_table.c.account_id == account_id)
        .order_by(accuracy_table.c.at.desc())
        .limit(limit)
    ).all()
    out: dict[tuple[str, str], dict[str, Any]] = {}
    for r in reversed(rows):
        entry = out.setdefault((r.game, r.family), {"game": r.game, "family": r.family, "unit": r.unit, "matches": []})
        entry["matches"].append(
            {
                "table": r.table_id,
                "accuracy": r.accuracy,
                "mean_cost": r.mean_cost,
                "judged": r.judged,
                "mistakes": r.mistakes,
                "at": r.at.isoformat(),
            }
        )
    for entry in out.values():
        judged = sum(m["judged"] for m in entry["matches"])
        mistakes = sum(m["mistakes"] for m in entry["matches"])
        costs = [m["mean_cost"] * m["judged"] for m in entry["matches"] if m["mean_cost"] is not None]
        entry["accuracy"] = round(100.0 * (1 - mistakes / judged), 2) if judged else None
        entry["mean_cost"] = round(sum(costs) / judged, 6) if judged else None
    return sorted(out.values(), key=lambda e: (e["game"], e["family"]))


def line_svg(values: Sequence[float], label: str, aria: str, width: int = 240, height: int = 60) -> str:
    """A small line chart (SVG) of ``values`` over matches: ``label`` written at its top right, ``aria`` its
    accessible name."""
    points = list(values) or [0.0]
    low, high = min(points), max(points)
    span = max(high - low, 1.0)
    step = width / max(len(points) - 1, 1)
    coords = " ".join(
        f"{i * step:.1f},{height - 4 - (v - low) / span * (height - 8):.1f}" for i, v in enumerate(points)
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        f'role="img" aria-label="{aria}">'
        f'<polyline fill="none" stroke="currentColor" stroke-width="2" points="{coords}"/>'
        f'<text x="{width - 2}" y="12" text-anchor="end" font-size="11" fill="currentColor">{label}</text>'
        "</svg>"
    )


def accuracy_svg(conn: Connection, account_id: str, game: str, fam: str) -> str:
    """The account's accuracy over its analysed matches of a game and family, as a small SVG line."""
    found = next((e for e in series(conn, account_id) if (e["game"], e["family"]) == (game, fam)), None)
    values = [m["accuracy"] for m in (found or {}).get("matches", []) if m["accuracy"] is not None]
    label = "no analysed match" if not values else f"{values[-1]:.0f}%"
    return line_svg(values, label, f"accuracy {label}")


async def when_workers_free(waiting: Any, running: Any, workers: int) -> None:
    """Wait until no computation waits for a worker and one is free (``waiting``/``running``: the pool's counts)."""
    while waiting() > 0 or running() >= workers:
        await asyncio.sleep(WAIT_FOR_WORKERS)
