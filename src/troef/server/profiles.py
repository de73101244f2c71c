"""A player's profile: ratings with their history, and the matches played with what each decided.

Built from the stored tables the account sat at (``troef_account_seats``) and
each finished table's stored result (the game's score sheet at the end), so a
profile needs no replay: per match the player's own line of the final
standing and its contracts, and per game the totals a club keeps (matches,
won; contracts made and nat at klaverjas, made and the marks at Bonaken, made
and lost at Binokel; table points at Bonaken, crosses at Kraken), and the
accuracy of the player's seat from each rated match's analysis
(:mod:`troef.server.accuracy`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from troef.server.accuracy import series
from troef.server.community import account_seats_table
from troef.server.ratings import history, player_ratings
from troef.server.schema import tables_table

#: Matches listed on a profile, newest first.
LAST_MATCHES: Final = 20
#: Finished matches the totals are counted over.
COUNTED: Final = 5000


def own_line(result: Mapping[str, Any] | None, seat: int) -> dict[str, Any]:
    """The player's line of a finished match's final standing (empty if the result has none)."""
    standing = (result or {}).get("standing")
    if not isinstance(standing, list):
        return {}
    return next((dict(s) for s in standing if isinstance(s, dict) and s.get("seat") == seat), {})


def own_contracts(result: Mapping[str, Any] | None, seat: int) -> dict[str, int]:
    """The player's contracts at a finished match (the result's ``contracts`` of the seat; empty if none):
    klaverjas played/made/nat/pit of the seat's side, Bonaken played/made and the plus and minus marks, Binokel
    the side's bids played/made/lost (see each game's adapter, ``troef.server.klaverjas.contracts`` ...)."""
    found = (result or {}).get("contracts")
    if not isinstance(found, list) or not 0 <= seat < len(found) or not isinstance(found[seat], dict):
        return {}
    return {str(k): int(v) for k, v in found[seat].items() if isinstance(v, int)}


def profile(conn: Connection, account: Any) -> dict[str, Any]:
    """The profile of an account row (``troef_accounts``)."""
    player = f"a:{account.id}"
    rows = conn.execute(
        sa.select(
            tables_table.c.id,
            tables_table.c.game,
            tables_table.c.config,
            tables_table.c.finished_at,
            tables_table.c.result,
            account_seats_table.c.seat,
        )
        .join(account_seats_table, account_seats_table.c.table_id == tables_table.c.id)
        .where(account_seats_table.c.account_id == account.id, tables_table.c.finished_at.is_not(None))
        .order_by(tables_table.c.finished_at.desc())
        .limit(COUNTED)
    ).all()
    totals: dict[str, dict[str, Any]] = {}
    for m in rows:
        line = own_line(m.result, m.seat)
        t = totals.setdefault(m.game, {"matches": 0, "won": 0})
        t["matches"] += 1
        t["won"] += bool(line.get("won"))
        if "table_points" in line:
            t["table_points"] = t.get("table_points", 0) + int(line["table_points"])
        if m.config.get("preset") == "kraken" and "crosses" in line:
            t["crosses"] = t.get("crosses", 0) + int(line["crosses"])
        counted = own_contracts(m.result, m.seat)
        if counted:
            into = t.setdefault("contracts", {})
            for key, n in counted.items():
                into[key] = into.get(key, 0) + n
    ratings = player_ratings(conn, player)
    for r in ratings:
        r["history"] = history(conn, player, r["game"], r["family"], 50)
    return {
        "name": account.name,
        "public": bool(account.public),
        "since": account.created_at.date().isoformat(),
        "matches_played": len(rows),
        "games": totals,
        "ratings": ratings,
        "accuracy": series(conn, account.id),
        "matches": [
            {
                "id": m.id,
                "game": m.game,
                "preset": m.config.get("preset"),
                "seat": m.seat,
                "finished_at": m.finished_at.isoformat(),
                "line": own_line(m.result, m.seat),
                "contracts": own_contracts(m.result, m.seat),
                "replay": f"/r/{m.id}",
                "analysis": f"/api/tables/{m.id}/analysis/1",
            }
            for m in rows[:LAST_MATCHES]
        ],
    }
