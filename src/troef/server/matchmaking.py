""" "Play now": a queue per game and preset that seats waiting players together, by rating.

The queue is a table of the database (``troef_queue``), so every server
process on one PostgreSQL serves the same queue. A player (an account, or a
guest by the key the browser keeps) has at most one entry waiting: the
column ``active`` holds the player while the entry waits or is being seated
and is unique, so a player queued twice (two tabs, two processes) gets the
same entry back and is seated once.

Every process looks at the queue a few times a second (:meth:`Matchmaker.tick`):

1. In one transaction it takes the waiting entries of each game and preset
   (``SELECT ... FOR UPDATE SKIP LOCKED`` on PostgreSQL: entries another
   process is looking at are skipped, never waited for), sorts them by
   rating and cuts them into tables of the preset's number of players, so
   that players of similar strength sit together. At a partnership game the
   strongest and the weakest of four play together against the middle two.
   The entries left over wait, until the one waiting longest has waited
   its time (the player chooses; default :data:`DEFAULT_WAIT` seconds): then
   computer players fill the empty seats, of the level whose rating is
   nearest the waiting players' mean (:func:`bot_level`). The entries taken
   are marked ``matching`` and the transaction commits.
2. It makes each table (with a turn timer: a player who leaves is replaced
   by a computer player, and a rated match counts that as a loss, see
   :mod:`troef.server.ratings`) and gives each account its seat.
3. It marks the entries ``seated`` with the table, the seat and the seat's
   token, which only the entry's player can fetch (:meth:`Matchmaker.status`).
   A player who asks to play again within :data:`SAME_REQUEST` seconds of
   being seated, while that table plays (the second tab was slower), gets
   that seat again, not a second table.

If a process stops between 1 and 3, its entries go back to waiting after
:data:`STALE_MATCHING` seconds.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Final

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from troef.server.accounts import Account
from troef.server.community import queue_table, ratings_table
from troef.server.ratings import MU, family, rating_row, shipped_ratings
from troef.server.schema import tables_table

log = logging.getLogger("troef.server")

#: Seconds a player waits for people before computer players fill the table, unless the player chooses.
DEFAULT_WAIT: Final = 30
#: The shortest and longest wait a player may choose.
MIN_WAIT: Final = 0
MAX_WAIT: Final = 600
#: The turn timer of a table made by "play now", in seconds.
TURN_SECONDS: Final = 60
#: Seconds a "play now" table waits for its people before their turn timers start: the longest fill wait its
#: people chose, within these bounds (:func:`arrival_seconds`).
ARRIVAL_MIN: Final = 15
ARRIVAL_MAX: Final = TURN_SECONDS
#: Seconds after being seated in which a player who asks to play again (another tab) gets the same seat.
SAME_REQUEST: Final = 60.0
#: Seconds after which entries a process was seating are waiting again (the process stopped).
STALE_MATCHING: Final = 60.0
#: Seconds a seated or cancelled entry is kept (then deleted).
KEEP_ENTRIES: Final = 86400
#: Seconds between deletions of old entries.
PURGE_EVERY: Final = 600
#: The computer levels that fill seats, weakest first.
FILL_LEVELS: Final = ("beginner", "club", "strong")
#: A level with neither a rating nor a shipped measurement (troef.server.ratings.shipped_ratings) is taken to be
#: this strong (the scale of troef.server.ratings).
LEVEL_GUESS: Final = {"beginner": MU - 300, "club": MU, "strong": MU + 300}


class QueueError(Exception):
    """A queue request that cannot be served (HTTP status, stable code, message)."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


def guest_player(key: object) -> str:
    """The queue's name for a guest: a hash of the secret key the guest's browser keeps."""
    if not isinstance(key, str) or not 16 <= len(key) <= 128:
        raise QueueError(400, "bad_guest", "send the browser's guest key (16 to 128 characters)")
    return "g:" + hashlib.sha256(key.encode()).hexdigest()[:40]


@dataclass(frozen=True, slots=True)
class Entry:
    """A waiting entry, as the matcher sees it."""

    id: str
    player: str
    name: str
    rating: float
    wait_seconds: int
    created_at: datetime


@dataclass(frozen=True, slots=True)
class Group:
    """Entries to seat at one new table: ``seats[i]`` is an entry or a computer level."""

    game: str
    preset: str
    seats: tuple[Entry | str, ...]


def arrange(entries: Sequence[Entry], partnerships: bool) -> list[Entry]:
    """The seat order of a full table's entries: at a partnership game of four, the strongest and the
    weakest (seats 0 and 2) against the middle two (seats 1 and 3); else by rating, strongest first."""
    ranked = sorted(entries, key=lambda e: -e.rating)
    if partnerships and len(ranked) == 4:
        return [ranked[0], ranked[1], ranked[3], ranked[2]]
    return ranked


def arrival_seconds(group: Group) -> int:
    """How long a new table of ``group`` waits for its people to connect: as long as the longest of them was
    willing to wait for others in the queue, from :data:`ARRIVAL_MIN` to :data:`ARRIVAL_MAX` seconds."""
    waits = [e.wait_seconds for e in group.seats if isinstance(e, Entry)]
    return min(max(max(waits, default=0), ARRIVAL_MIN), ARRIVAL_MAX)


def bot_level(mean: float, levels: dict[str, float]) -> str:
    """The computer level whose rating is nearest ``mean``."""
    return min(FILL_LEVELS, key=lambda level: (abs(levels.get(level, LEVEL_GUESS[level]) - mean), level))


def plan(
    game: str,
    preset: str,
    players: int,
    partnerships: bool,
    waiting: Sequence[Entry],
    now: datetime,
    levels: dict[str, float],
) -> list[Group]:
    """The tables to make of a game and preset's waiting entries (see the module's text)."""
    ranked = sorted(waiting, key=lambda e: (-e.rating, e.created_at))
    groups: list[Group] = []
    while len(ranked) >= players:
        # the longest-waiting entry and its neighbours by rating go first
        oldest = min(range(len(ranked)), key=lambda i: ranked[i].created_at)
        start = min(max(0, oldest - players // 2), len(ranked) - players)
        chunk, ranked = ranked[start : start + players], ranked[:start] + ranked[start + players :]
        groups.append(Group(game, preset, tuple(arrange(chunk, partnerships))))
    if ranked and any((now - e.created_at).total_seconds() >= e.wait_seconds for e in ranked):
        mean = sum(e.rating for e in ranked) / len(ranked)
        level = bot_level(mean, levels)
        people = arrange(ranked, False)
        seats: list[Entry | str] = []
        if partnerships and players == 4 and len(people) == 2:
            seats = [people[0], people[1], level, level]  # the two people against each other
        else:
            seats = [*people, *([level] * (players - len(people)))]
        groups.append(Group(game, preset, tuple(seats)))
    return groups


MakeTable = Callable[[Group], Awaitable[tuple[str, dict[int, str]]]]


class Matchmaker:
    """The "play now" queue of one server process."""

    def __init__(self, engine: Engine, games: dict[str, Any], period: float = 0.25) -> None:
        self.engine = engine
        self.games = games
        self.period = period
        self._postgres = engine.dialect.name == "postgresql"
        self._task: asyncio.Task[None] | None = None
        #: When old entries are next deleted.
        self._purge_due = datetime.min.replace(tzinfo=UTC)

    # ------------------------------------------------------------------ requests
    def _check(self, game: object, preset: object, wait: object) -> tuple[str, str, int]:
        served = self.games.get(game) if isinstance(game, str) else None
        if served is None:
            raise QueueError(400, "bad_config", f"unknown game; choose one of {', '.join(self.games)}")
        presets = served.options()["presets"]
        if preset is None:
            preset = next(iter(presets))
        if not isinstance(preset, str) or preset not in presets:
            raise QueueError(400, "bad_config", f"unknown rules; choose one of {', '.join(presets)}")
        if wait is None:
            wait = DEFAULT_WAIT
        if isinstance(wait, bool) or not isinstance(wait, int) or not MIN_WAIT <= wait <= MAX_WAIT:
            raise QueueError(400, "bad_wait", f"'wait' must be a whole number of seconds from {MIN_WAIT} to {MAX_WAIT}")
        return str(game), preset, wait

    def enqueue(self, player: str, name: str, game: object, preset: object, wait: object) -> dict[str, Any]:
        """Queue ``player`` (or find the entry it already has waiting): the entry's id and status."""
        game, preset, wait = self._check(game, preset, wait)
        now = datetime.now(UTC)
        entry_id = secrets.token_urlsafe(12)
        with self.engine.begin() as conn:
            existing = conn.execute(sa.select(queue_table.c.id).where(queue_table.c.active == player)).scalar()
            if existing is None:  # just seated (the other tab was quicker): that seat, not a second one
                existing = conn.execute(
                    sa.select(queue_table.c.id)
                    .join(tables_table, tables_table.c.id == queue_table.c.table_id)
                    .where(
                        queue_table.c.player == player,
                        queue_table.c.status == "seated",
                        queue_table.c.matched_at > now - timedelta(seconds=SAME_REQUEST),
                        tables_table.c.finished_at.is_(None),
                    )
                ).scalar()
            if existing is not None:
                return self._status(conn, existing, player)
            rating = rating_row(conn, player, game, family(game, preset))[0] if player.startswith("a:") else MU
            try:
                with conn.begin_nested():
                    conn.execute(
                        sa.insert(queue_table).values(
                            id=entry_id,
                            player=player,
                            active=player,
                            secret_hash=hashlib.sha256(player.encode()).hexdigest(),
                            name=name,
                            game=game,
                            preset=preset,
                            rating=rating,
                            wait_seconds=wait,
                            status="waiting",
                            created_at=now,
                        )
                    )
            except sa.exc.IntegrityError:  # the same player, queued at the same moment through another process
                existing = conn.execute(sa.select(queue_table.c.id).where(queue_table.c.active == player)).scalar()
                if existing is None:
                    raise QueueError(409, "queue_busy", "try again") from None
                return self._status(conn, existing, player)
            return self._status(conn, entry_id, player)

    def _status(self, conn: Connection, entry_id: object, player: str) -> dict[str, Any]:
        if not isinstance(entry_id, str) or len(entry_id) > 32:
            raise QueueError(404, "unknown_entry", "no such place in the queue")
        row = conn.execute(
            sa.select(queue_table).where(queue_table.c.id == entry_id, queue_table.c.player == player)
        ).first()
        if row is None:
            raise QueueError(404, "unknown_entry", "no such place in the queue")
        out: dict[str, Any] = {
            "entry": row.id,
            "status": row.status,
            "game": row.game,
            "preset": row.preset,
            "rating": round(row.rating),
            "wait": row.wait_seconds,
            "since": row.created_at.isoformat(),
        }
        if row.status == "seated":
            out.update(table=row.table_id, seat=row.seat, token=row.token)
        return out

    def status(self, entry_id: object, player: str) -> dict[str, Any]:
        """An entry's status; once seated, the table, the seat and the seat's token (to its player only)."""
        with self.engine.begin() as conn:
            return self._status(conn, entry_id, player)

    def cancel(self, entry_id: object, player: str) -> dict[str, Any]:
        """Leave the queue (an entry already seated stays seated)."""
        with self.engine.begin() as conn:
            conn.execute(
                sa.update(queue_table)
                .where(queue_table.c.id == entry_id, queue_table.c.player == player, queue_table.c.status == "waiting")
                .values(status="cancelled", active=None)
            )
            return self._status(conn, entry_id, player)

    def waiting_counts(self) -> dict[str, dict[str, int]]:
        """How many players wait, per game and preset (the lobby shows it)."""
        query = (
            sa.select(queue_table.c.game, queue_table.c.preset, sa.func.count())
            .where(queue_table.c.status == "waiting")
            .group_by(queue_table.c.game, queue_table.c.preset)
        )
        out: dict[str, dict[str, int]] = {}
        with self.engine.connect() as conn:
            for game, preset, count in conn.execute(query):
                out.setdefault(game, {})[preset] = int(count)
        return out

    # ------------------------------------------------------------------ seating
    def take(self, now: datetime | None = None) -> list[Group]:
        """Step 1: plan the tables to make and mark their entries ``matching`` (one transaction)."""
        now = now or datetime.now(UTC)
        groups: list[Group] = []
        # an idle queue costs one read: no write transaction (on SQLite the server's own writes would wait)
        with self.engine.connect() as conn:
            busy = conn.execute(
                sa.select(queue_table.c.id).where(queue_table.c.status.in_(("waiting", "matching"))).limit(1)
            ).first()
        if busy is None and now < self._purge_due:
            return groups
        with self.engine.begin() as conn:
            if now >= self._purge_due:
                # entries seated or left a day ago are of no more use: deleted (docs/community.md, what is stored)
                conn.execute(
                    sa.delete(queue_table).where(
                        queue_table.c.status.in_(("seated", "cancelled")),
                        queue_table.c.created_at < now - timedelta(seconds=KEEP_ENTRIES),
                    )
                )
                self._purge_due = now + timedelta(seconds=PURGE_EVERY)
            if busy is None:
                return groups
            conn.execute(
                sa.update(queue_table)
                .where(
                    queue_table.c.status == "matching",
                    queue_table.c.matched_at < now - timedelta(seconds=STALE_MATCHING),
                )
                .values(status="waiting", matched_at=None)
            )
            kinds = conn.execute(
                sa.select(queue_table.c.game, queue_table.c.preset).where(queue_table.c.status == "waiting").distinct()
            ).all()
            for game, preset in kinds:
                served = self.games.get(game)
                if served is None:
                    continue
                query = (
                    sa.select(queue_table)
                    .where(
                        queue_table.c.status == "waiting", queue_table.c.game == game, queue_table.c.preset == preset
                    )
                    .order_by(queue_table.c.created_at)
                    .limit(400)
                )
                if self._postgres:
                    query = query.with_for_update(skip_locked=True)
                rows = conn.execute(query).all()
                if not rows:
                    continue
                entries = [Entry(r.id, r.player, r.name, r.rating, r.wait_seconds, r.created_at) for r in rows]
                players = int(served.options()["presets"][preset]["default_players"])
                partnerships = bool(served.game.partnerships)
                levels = self._levels(conn, game, family(game, preset))
                found = plan(game, preset, players, partnerships, entries, now, levels)
                ids = [s.id for g in found for s in g.seats if isinstance(s, Entry)]
                if ids:
                    conn.execute(
                        sa.update(queue_table)
                        .where(queue_table.c.id.in_(ids))
                        .values(status="matching", matched_at=now)
                    )
                groups += found
        return groups

    def _levels(self, conn: Connection, game: str, fam: str) -> dict[str, float]:
        players = [f"bot:{level}" for level in FILL_LEVELS]
        query = sa.select(ratings_table.c.player, ratings_table.c.mu).where(
            ratings_table.c.player.in_(players), ratings_table.c.game == game, ratings_table.c.family == fam
        )
        found = {player[4:]: float(mu) for player, mu in conn.execute(query)}
        for level in FILL_LEVELS:
            if level not in found and (game, fam, level) in shipped_ratings():
                found[level] = shipped_ratings()[(game, fam, level)][0]
        return found

    def seated(self, group: Group, table_id: str, tokens: dict[int, str]) -> None:
        """Step 3: the group's entries are seated at ``table_id``."""
        with self.engine.begin() as conn:
            for seat, entry in enumerate(group.seats):
                if isinstance(entry, Entry):
                    conn.execute(
                        sa.update(queue_table)
                        .where(queue_table.c.id == entry.id)
                        .values(status="seated", active=None, table_id=table_id, seat=seat, token=tokens[seat])
                    )

    def release(self, group: Group) -> None:
        """The table could not be made: the group's entries wait again."""
        ids = [e.id for e in group.seats if isinstance(e, Entry)]
        with self.engine.begin() as conn:
            conn.execute(
                sa.update(queue_table).where(queue_table.c.id.in_(ids)).values(status="waiting", matched_at=None)
            )

    async def tick(self, run: Callable[..., Awaitable[Any]], make: MakeTable) -> int:
        """Seat who can be seated now (``run`` runs a function on the database thread); tables made."""
        groups: list[Group] = await run(self.take)
        made = 0
        for group in groups:
            try:
                table_id, tokens = await make(group)
            except Exception as exc:
                log.warning("a play-now table could not be made: %s: %s", type(exc).__name__, exc)
                await run(self.release, group)
                continue
            await run(self.seated, group, table_id, tokens)
            made += 1
        return made

    def start(self, run: Callable[..., Awaitable[Any]], make: MakeTable) -> asyncio.Task[None]:
        """Look at the queue every :attr:`period` seconds until cancelled."""

        async def loop() -> None:
            while True:
                try:
                    await self.tick(run, make)
                except asyncio.CancelledError:
                    raise
                except Exception:
                    log.exception("the play-now queue could not be served this time")
                await asyncio.sleep(self.period)

        self._task = asyncio.get_running_loop().create_task(loop())
        return self._task


def account_player(account: Account | None, guest: object) -> str:
    """The queue's player for a request: the account, else the guest's key."""
    return account.player if account is not None else guest_player(guest)
