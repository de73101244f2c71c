"""Ratings: OpenSkill (Weng-Lin, the ``openskill`` package's Plackett-Luce model) per game and rules family.

A rating belongs to a player (``a:<account id>`` for a person with an account,
``bot:<level>`` for a computer player) in one game and *family* of presets: the
presets whose rules make it the same game to be good at, as the game
declares them (:attr:`troef.core.game.Game.rating_families`; :func:`family`):
Kraken apart from Amsterdam and Rotterdam, which differ only in the
obligation to trump over; Bonaken's nk rules apart from pagat and
hazerswoude, which share the point-counting variants; one rating for a game
that declares none. People and computer
players are on one scale: computer players are rated from their rated
matches against people and from calibration runs in the arena
(``troef ratings calibrate``).

The scale is OpenSkill's default times 60: a new player starts at
``mu`` 1500 with ``sigma`` 500 (``beta`` 250, ``tau`` 5). The rating shown is
``mu`` rounded; a rating whose ``sigma`` is above :data:`PROVISIONAL_SIGMA`
is provisional (marked so), and leaderboards order by OpenSkill's
conservative ``ordinal`` (``mu - 3 sigma``).

A finished match is rated when every person at it has an account (computer
players may fill the other seats), it is no practice table, and it was not
rated before (``troef_rated``). Teams are the game's partnerships (seat s with
s + 2 in klaverjas and four-handed Binokel), else each seat alone (Bonaken's
table is a free-for-all ranking); places come from the game's scores
(:meth:`troef.core.game.Game.scores`), equal scores share a place. A person
whose seat a computer player held at the end (the turn timer ran out and
the person did not come back) left the match: the leaver's side is placed
last, below every side that stayed.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import resources
from typing import Any, Final

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from troef.core.errors import TroefError
from troef.games import game as get_game
from troef.server.accuracy import line_svg
from troef.server.community import (
    account_seats_table,
    accounts_table,
    rated_table,
    rating_history_table,
    ratings_table,
)

MU: Final = 1500.0
SIGMA: Final = 500.0
BETA: Final = 250.0
TAU: Final = 5.0
#: A rating with a larger sigma is provisional.
PROVISIONAL_SIGMA: Final = 250.0


def family(game: str, preset: str) -> str:
    """The rules family a match of ``game`` under ``preset`` is rated in: as the game declares it
    (:meth:`~troef.core.game.Game.rating_family`); a game no longer registered keeps one per preset."""
    try:
        found = get_game(game)
    except TroefError:
        return preset
    return found.rating_family(preset)


def families(game: str, presets: Sequence[str]) -> list[str]:
    """The families of a game's presets, in the presets' order, once each."""
    return list(dict.fromkeys(family(game, p) for p in presets))


def model() -> Any:
    """The OpenSkill model of every rating here."""
    from openskill.models import PlackettLuce

    return PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, tau=TAU)


def teams_of(players: int, partnerships: bool) -> list[list[int]]:
    """The sides at a table: partners (seat s with s + 2) at a partnership game of four, else each seat alone."""
    if partnerships and players == 4:
        return [[0, 2], [1, 3]]
    return [[seat] for seat in range(players)]


def places(teams: Sequence[Sequence[int]], scores: Mapping[int, float], left: frozenset[int]) -> list[int]:
    """Each side's place (1 = first): by score, equal scores sharing a place; a side with a leaver below all others."""
    keys = [(any(s in left for s in team), -max(scores[s] for s in team)) for team in teams]
    return [1 + sum(1 for other in keys if other < key) for key in keys]


@dataclass(frozen=True, slots=True)
class Rated:
    """A player's rating after a match."""

    player: str
    seat: int
    mu: float
    sigma: float
    place: int
    left: bool


#: The computer levels' measured ratings the package ships (``troef ratings calibrate --out``), in ``troef.server``.
DEFAULTS_FILE: Final = "bot_ratings.tsv"


@functools.cache
def shipped_ratings() -> dict[tuple[str, str, str], tuple[float, float]]:
    """(mu, sigma) of each computer level by (game, family, level), as measured in the arena and shipped."""
    text = resources.files("troef.server").joinpath(DEFAULTS_FILE).read_text(encoding="utf-8")
    out: dict[tuple[str, str, str], tuple[float, float]] = {}
    for line in text.splitlines():
        if not line or line.startswith("#") or line.startswith("game\t"):
            continue
        game, fam, level, mu, sigma, *_ = line.split("\t")
        out[(game, fam, level)] = (float(mu), float(sigma))
    return out


def start_rating(player: str, game: str, fam: str, shipped: bool = True) -> tuple[float, float]:
    """A player's rating before any rated match: a computer level's shipped measurement, else a new player's."""
    if shipped and player.startswith("bot:"):
        return shipped_ratings().get((game, fam, player[4:]), (MU, SIGMA))
    return (MU, SIGMA)


def rating_row(conn: Connection, player: str, game: str, fam: str, shipped: bool = True) -> tuple[float, float, int]:
    """(mu, sigma, matches) of a player, or its start (:func:`start_rating`) with no match rated yet."""
    row = conn.execute(
        sa.select(ratings_table.c.mu, ratings_table.c.sigma, ratings_table.c.matches).where(
            ratings_table.c.player == player, ratings_table.c.game == game, ratings_table.c.family == fam
        )
    ).first()
    if row is None:
        return (*start_rating(player, game, fam, shipped), 0)
    return (float(row.mu), float(row.sigma), int(row.matches))


def apply_match(
    conn: Connection,
    table_id: str,
    game: str,
    fam: str,
    seat_players: Sequence[str],
    teams: Sequence[Sequence[int]],
    scores: Mapping[int, float],
    left: frozenset[int] = frozenset(),
    now: datetime | None = None,
    shipped: bool = True,
) -> list[Rated] | None:
    """Rate one match in ``conn``'s transaction: each seat's new rating, or None if the table was rated before.

    A computer level rated for the first time starts from its shipped rating unless ``shipped`` is false
    (a calibration measures from a new player's start)."""
    now = now or datetime.now(UTC)
    try:
        with conn.begin_nested():
            conn.execute(sa.insert(rated_table).values(table_id=table_id, rated_at=now))
    except sa.exc.IntegrityError:  # another process (or an earlier start) rated it
        return None
    m = model()
    before = {p: rating_row(conn, p, game, fam, shipped) for p in set(seat_players)}
    side_places = places(teams, scores, left)
    ratings = [[m.rating(mu=before[seat_players[s]][0], sigma=before[seat_players[s]][1]) for s in t] for t in teams]
    new = m.rate(ratings, ranks=side_places)
    out: list[Rated] = []
    for team, team_new, place in zip(teams, new, side_places, strict=True):
        for seat, rating in zip(team, team_new, strict=True):
            out.append(Rated(seat_players[seat], seat, float(rating.mu), float(rating.sigma), place, seat in left))
    # a player at two seats of one table (a computer level playing both sides) is rated once, by its first seat
    seen: set[str] = set()
    for r in out:
        if r.player in seen:
            continue
        seen.add(r.player)
        matches = before[r.player][2] + 1
        values = {"mu": r.mu, "sigma": r.sigma, "matches": matches, "updated_at": now}
        key = {"player": r.player, "game": game, "family": fam}
        done = conn.execute(
            sa.update(ratings_table)
            .where(ratings_table.c.player == r.player, ratings_table.c.game == game, ratings_table.c.family == fam)
            .values(**values)
        )
        if not done.rowcount:
            conn.execute(sa.insert(ratings_table).values(**key, **values))
        conn.execute(
            sa.insert(rating_history_table).values(
                **key, table_id=table_id, mu=r.mu, sigma=r.sigma, place=r.place, left=r.left, at=now
            )
        )
    return out


def seat_players(conn: Connection, table_id: str, seats: Sequence[tuple[int, str, str | None]]) -> list[str] | None:
    """The rated player of each seat (``(seat, kind, level)``), or None if a person at it has no account."""
    owners = dict(
        conn.execute(
            sa.select(account_seats_table.c.seat, account_seats_table.c.account_id).where(
                account_seats_table.c.table_id == table_id
            )
        ).all()
    )
    out: list[str] = []
    for seat, kind, level in seats:
        if kind == "bot":
            out.append(f"bot:{level or 'random'}")
        elif seat in owners:
            out.append(f"a:{owners[seat]}")
        else:
            return None
    return out


def shown(mu: float, sigma: float) -> dict[str, Any]:
    """A rating as the lobby and the profile show it."""
    return {"rating": round(mu), "sigma": round(sigma), "provisional": sigma > PROVISIONAL_SIGMA}


def leaderboard(conn: Connection, game: str, fam: str, limit: int = 100) -> list[dict[str, Any]]:
    """The rated players of a game and family, best first (by ``mu - 3 sigma``): public profiles and computer
    levels (a level with no rated match yet at its shipped rating, :func:`shipped_ratings`)."""
    query = (
        sa.select(
            ratings_table.c.player,
            ratings_table.c.mu,
            ratings_table.c.sigma,
            ratings_table.c.matches,
            accounts_table.c.name,
            accounts_table.c.public,
        )
        .outerjoin(accounts_table, (sa.literal("a:") + accounts_table.c.id) == ratings_table.c.player)
        .where(ratings_table.c.game == game, ratings_table.c.family == fam)
        .order_by((ratings_table.c.mu - 3 * ratings_table.c.sigma).desc())
    )
    found: list[tuple[float, dict[str, Any]]] = []
    bots: set[str] = set()
    for r in conn.execute(query):
        if r.player.startswith("bot:"):
            entry = {"name": r.player[4:], "bot": True}
            bots.add(r.player[4:])
        elif r.name is not None and r.public:
            entry = {"name": r.name, "bot": False}
        else:
            continue  # a private profile is not listed
        entry.update(shown(r.mu, r.sigma), matches=r.matches)
        found.append((r.mu - 3 * r.sigma, entry))
        if len(found) >= limit:
            break
    for (g, f, level), (mu, sigma) in shipped_ratings().items():
        if (g, f) == (game, fam) and level not in bots:
            found.append((mu - 3 * sigma, {"name": level, "bot": True, **shown(mu, sigma), "matches": 0}))
    found.sort(key=lambda pair: -pair[0])
    out = [entry for _, entry in found[:limit]]
    for place, entry in enumerate(out, 1):
        entry["place"] = place
    return out


def history(conn: Connection, player: str, game: str, fam: str, limit: int = 200) -> list[dict[str, Any]]:
    """A player's rating after each rated match of a game and family, oldest first."""
    query = (
        sa.select(rating_history_table)
        .where(
            rating_history_table.c.player == player,
            rating_history_table.c.game == game,
            rating_history_table.c.family == fam,
        )
        .order_by(rating_history_table.c.at.desc())
        .limit(limit)
    )
    rows = list(conn.execute(query))
    rows.reverse()
    return [
        {
            "table": r.table_id,
            "mu": r.mu,
            "sigma": r.sigma,
            "place": r.place,
            "left": bool(r.left),
            "at": r.at.isoformat(),
        }
        for r in rows
    ]


def history_svg(points: Sequence[float], width: int = 240, height: int = 60) -> str:
    """A small line chart (SVG) of ratings over matches, the first point at the start rating."""
    last = round(points[-1] if points else MU)
    return line_svg([MU, *points], str(last), f"rating {last}", width, height)


def player_ratings(conn: Connection, player: str) -> list[dict[str, Any]]:
    """Every rating of one player (profile pages)."""
    query = sa.select(ratings_table).where(ratings_table.c.player == player).order_by(ratings_table.c.game)
    return [
        {"game": r.game, "family": r.family, "matches": r.matches, **shown(r.mu, r.sigma)} for r in conn.execute(query)
    ]


def ratings_of(conn: Connection, players: Sequence[str], game: str, fam: str) -> dict[str, dict[str, Any]]:
    """The shown ratings of several players in one game and family (players never rated are left out)."""
    if not players:
        return {}
    query = sa.select(ratings_table).where(
        ratings_table.c.player.in_(list(players)), ratings_table.c.game == game, ratings_table.c.family == fam
    )
    return {r.player: shown(r.mu, r.sigma) for r in conn.execute(query)}
