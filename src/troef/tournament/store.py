"""Tournaments in the web app's database (SQLite or PostgreSQL; migration ``0002``).

A tournament is loaded whole into a :class:`~troef.tournament.model.Tournament`,
changed there (which checks everything first) and saved back in one
transaction by :meth:`TournamentStore.change`; the web app and the ``troef
tournament`` commands go through the same path. The organiser's token is
kept only as its SHA-256 digest, like the seat tokens.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, Final, TypeVar

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from troef.server.storage import make_engine, metadata, migrate
from troef.tournament.model import Correction, GameResult, Player, Round, Tournament, TournamentError

T = TypeVar("T")

tournaments_table: Final = sa.Table(
    "troef_tournaments",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("ruleset", sa.String(32), nullable=False),
    sa.Column("date", sa.String(32), nullable=False),
    sa.Column("place", sa.String(64), nullable=False),
    sa.Column("rounds", sa.Integer, nullable=False),
    sa.Column("games_per_round", sa.Integer, nullable=False),
    sa.Column("final", sa.Boolean, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("avoid_repeats", sa.Boolean, nullable=False),
    sa.Column("organiser_hash", sa.String(64), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    #: Raised by every change: the public page polls it to know when to fetch again.
    sa.Column("version", sa.Integer, nullable=False),
)

tournament_players_table: Final = sa.Table(
    "troef_tournament_players",
    metadata,
    sa.Column(
        "tournament_id", sa.String(32), sa.ForeignKey("troef_tournaments.id", ondelete="CASCADE"), primary_key=True
    ),
    sa.Column("number", sa.Integer, primary_key=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("active", sa.Boolean, nullable=False),
    sa.Column("joined", sa.Integer, nullable=False),
)

tournament_rounds_table: Final = sa.Table(
    "troef_tournament_rounds",
    metadata,
    sa.Column(
        "tournament_id", sa.String(32), sa.ForeignKey("troef_tournaments.id", ondelete="CASCADE"), primary_key=True
    ),
    sa.Column("number", sa.Integer, primary_key=True),
    sa.Column("final", sa.Boolean, nullable=False),
    sa.Column("tables", sa.JSON, nullable=False),
    sa.Column("byes", sa.JSON, nullable=False),
    sa.Column("online", sa.JSON, nullable=False),
    #: The secret of each game's deal (migration ``0005``): never in a public answer before the game's result.
    sa.Column("deals", sa.JSON, nullable=False, server_default=sa.text("'{}'")),
)

tournament_results_table: Final = sa.Table(
    "troef_tournament_results",
    metadata,
    sa.Column(
        "tournament_id", sa.String(32), sa.ForeignKey("troef_tournaments.id", ondelete="CASCADE"), primary_key=True
    ),
    sa.Column("round", sa.Integer, primary_key=True),
    sa.Column("table_no", sa.Integer, primary_key=True),
    sa.Column("game", sa.Integer, primary_key=True),
    sa.Column("points", sa.JSON, nullable=False),
    sa.Column("source", sa.String(16), nullable=False),
    sa.Column("entered_at", sa.DateTime(timezone=True), nullable=False),
)

tournament_corrections_table: Final = sa.Table(
    "troef_tournament_corrections",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column(
        "tournament_id",
        sa.String(32),
        sa.ForeignKey("troef_tournaments.id", ondelete="CASCADE"),
        nullable=False,
        index=True,
    ),
    sa.Column("round", sa.Integer, nullable=False),
    sa.Column("table_no", sa.Integer, nullable=False),
    sa.Column("game", sa.Integer, nullable=False),
    sa.Column("old", sa.JSON, nullable=False),
    sa.Column("new", sa.JSON, nullable=False),
    sa.Column("source", sa.String(16), nullable=False),
    sa.Column("note", sa.String(200), nullable=False),
    sa.Column("at", sa.DateTime(timezone=True), nullable=False),
)


def hash_token(token: str) -> str:
    """What the database keeps of the organiser's token."""
    return hashlib.sha256(token.encode()).hexdigest()


def _aware(value: datetime) -> datetime:
    """SQLite gives times back without a zone; they were written in UTC."""
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)


class TournamentStore:
    """Tournaments on one engine (synchronous: the web app runs it on its database thread)."""

    def __init__(self, url: str, *, create: bool = True) -> None:
        self.engine = make_engine(url)
        if create:
            migrate(self.engine)

    def close(self) -> None:
        """Release the engine's connections."""
        self.engine.dispose()

    # ------------------------------------------------------------------ create and load
    def create(self, tournament: Tournament) -> str:
        """Store a new tournament; returns its organiser token (given out once, kept only as a digest)."""
        token = secrets.token_urlsafe(24)
        with self.engine.begin() as conn:
            conn.execute(
                tournaments_table.insert().values(
                    id=tournament.id,
                    name=tournament.name,
                    game=tournament.game,
                    ruleset=tournament.ruleset,
                    date=tournament.date,
                    place=tournament.place,
                    rounds=tournament.rounds,
                    games_per_round=tournament.games_per_round,
                    final=tournament.final,
                    seed=tournament.seed,
                    avoid_repeats=tournament.avoid_repeats,
                    organiser_hash=hash_token(token),
                    created_at=tournament.created_at,
                    version=0,
                )
            )
            self._save(conn, tournament)
        return token

    def load(self, tournament_id: str) -> Tournament | None:
        """A whole tournament, or None."""
        with self.engine.connect() as conn:
            return self._load(conn, tournament_id)

    def version(self, tournament_id: str) -> int | None:
        """How often a tournament has changed (None if there is no such tournament)."""
        with self.engine.connect() as conn:
            value = conn.execute(
                sa.select(tournaments_table.c.version).where(tournaments_table.c.id == tournament_id)
            ).scalar_one_or_none()
        return None if value is None else int(value)

    def list_ids(self) -> list[tuple[str, str, str]]:
        """Every tournament: id, name, date (newest first)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(tournaments_table.c.id, tournaments_table.c.name, tournaments_table.c.date).order_by(
                    tournaments_table.c.created_at.desc()
                )
            )
            return [(r.id, r.name, r.date) for r in rows]

    def is_organiser(self, tournament_id: str, token: object) -> bool:
        """Whether ``token`` is the tournament's organiser token (compared in constant time)."""
        if not isinstance(token, str) or not token or len(token) > 200:
            return False
        with self.engine.connect() as conn:
            stored = conn.execute(
                sa.select(tournaments_table.c.organiser_hash).where(tournaments_table.c.id == tournament_id)
            ).scalar_one_or_none()
        return stored is not None and hmac.compare_digest(str(stored), hash_token(token))

    def change(self, tournament_id: str, fn: Callable[[Tournament], T]) -> T:
        """Load, apply ``fn`` (which raises TournamentError to refuse, changing nothing), save: one transaction."""
        with self.engine.begin() as conn:
            if conn.dialect.name == "postgresql":  # one change at a time per tournament
                conn.execute(
                    sa.select(tournaments_table.c.id).where(tournaments_table.c.id == tournament_id).with_for_update()
                )
            tournament = self._load(conn, tournament_id)
            if tournament is None:
                raise TournamentError("no such tournament", "unknown_tournament")
            out = fn(tournament)
            self._save(conn, tournament)
            conn.execute(
                tournaments_table.update()
                .where(tournaments_table.c.id == tournament_id)
                .values(version=tournaments_table.c.version + 1)
            )
        return out

    # ------------------------------------------------------------------ rows
    def _load(self, conn: Connection, tournament_id: str) -> Tournament | None:
        if len(tournament_id) > 32:
            return None
        row = conn.execute(sa.select(tournaments_table).where(tournaments_table.c.id == tournament_id)).first()
        if row is None:
            return None
        t = Tournament(
            id=row.id,
            name=row.name,
            game=row.game,
            ruleset=row.ruleset,
            date=row.date,
            place=row.place,
            rounds=row.rounds,
            games_per_round=row.games_per_round,
            final=bool(row.final),
            seed=int(row.seed),
            avoid_repeats=bool(row.avoid_repeats),
            created_at=_aware(row.created_at),
        )
        where = tournament_players_table.c.tournament_id == tournament_id
        for p in conn.execute(sa.select(tournament_players_table).where(where)):
            t.players[p.number] = Player(p.number, p.name, bool(p.active), p.joined)
        t.players = dict(sorted(t.players.items()))
        rounds = conn.execute(
            sa.select(tournament_rounds_table)
            .where(tournament_rounds_table.c.tournament_id == tournament_id)
            .order_by(tournament_rounds_table.c.number)
        )
        for r in rounds:
            t.drawn.append(
                Round(
                    r.number,
                    [tuple(x) for x in r.tables],
                    tuple(r.byes),
                    bool(r.final),
                    dict(r.online),
                    dict(r.deals or {}),
                )
            )
        results = conn.execute(
            sa.select(tournament_results_table).where(tournament_results_table.c.tournament_id == tournament_id)
        )
        for x in results:
            t.results[(x.round, x.table_no, x.game)] = GameResult(
                x.round, x.table_no, x.game, tuple(x.points), x.source, _aware(x.entered_at)
            )
        corrections = conn.execute(
            sa.select(tournament_corrections_table)
            .where(tournament_corrections_table.c.tournament_id == tournament_id)
            .order_by(tournament_corrections_table.c.id)
        )
        for c in corrections:
            t.corrections.append(
                Correction(c.round, c.table_no, c.game, tuple(c.old), tuple(c.new), c.source, c.note, _aware(c.at))
            )
        t.__dict__["_saved"] = _snapshot(t)
        return t

    def _save(self, conn: Connection, t: Tournament) -> None:
        """Write what changed since the load (players, rounds, results, new corrections)."""
        before: dict[str, Any] = t.__dict__.get("_saved") or {"players": {}, "rounds": {}, "results": {}, "corr": 0}
        now = _snapshot(t)
        tid = t.id
        for number, values in now["players"].items():
            if before["players"].get(number) == values:
                continue
            conn.execute(
                tournament_players_table.delete().where(
                    tournament_players_table.c.tournament_id == tid, tournament_players_table.c.number == number
                )
            )
            conn.execute(tournament_players_table.insert().values(tournament_id=tid, number=number, **values))
        for number, values in now["rounds"].items():
            if before["rounds"].get(number) == values:
                continue
            conn.execute(
                tournament_rounds_table.delete().where(
                    tournament_rounds_table.c.tournament_id == tid, tournament_rounds_table.c.number == number
                )
            )
            conn.execute(tournament_rounds_table.insert().values(tournament_id=tid, number=number, **values))
        for key, result in t.results.items():
            if before["results"].get(key) == now["results"][key]:
                continue
            r, table, game = key
            conn.execute(
                tournament_results_table.delete().where(
                    tournament_results_table.c.tournament_id == tid,
                    tournament_results_table.c.round == r,
                    tournament_results_table.c.table_no == table,
                    tournament_results_table.c.game == game,
                )
            )
            conn.execute(
                tournament_results_table.insert().values(
                    tournament_id=tid,
                    round=r,
                    table_no=table,
                    game=game,
                    points=list(result.points),
                    source=result.source,
                    entered_at=result.entered_at or datetime.now(UTC),
                )
            )
        for c in t.corrections[before["corr"] :]:
            conn.execute(
                tournament_corrections_table.insert().values(
                    tournament_id=tid,
                    round=c.round,
                    table_no=c.table,
                    game=c.game,
                    old=list(c.old),
                    new=list(c.new),
                    source=c.source,
                    note=c.note,
                    at=c.at,
                )
            )
        t.__dict__["_saved"] = now


def _snapshot(t: Tournament) -> dict[str, Any]:
    return {
        "players": {n: {"name": p.name, "active": p.active, "joined": p.joined} for n, p in t.players.items()},
        "rounds": {
            r.number: {
                "final": r.final,
                "tables": [list(x) for x in r.tables],
                "byes": list(r.byes),
                "online": dict(r.online),
                "deals": dict(r.deals),
            }
            for r in t.drawn
        },
        "results": {k: (r.points, r.source) for k, r in t.results.items()},
        "corr": len(t.corrections),
    }
