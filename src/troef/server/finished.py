"""Finished matches and finished deals: the rematch, and the replays, records and analyses of what is over.

A finished match never changes: its stored row, and its replays and records
as the JSON text sent, are made once, in a thread of their own (never in the
live tables' pool nor on the event loop), and kept in small caches. Requests
for a replay that is being made wait for that one. So many clients fetching
replays within their limits cost the live tables' loop a cache look-up each.

A deal that has ended never changes either, even while its match goes on:
the replay and the analysis of a deal are served once it is over (an earlier
deal of a live table, or any deal of a finished match) and refused while it
is in play (:meth:`FinishedMatches._ended_deal`, one rule for both), so that
no card hidden in a deal in play reaches anyone through them.
"""

from __future__ import annotations

import asyncio
import dataclasses
import hmac
import logging
import secrets
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from troef.core.actions import SPECTATOR
from troef.server.adapter import ConfigError, GameAdapter, rebuild, settle
from troef.server.live import LiveTable, TableError, hash_token
from troef.server.projection import PROTOCOL_VERSION, encode, project
from troef.server.storage import AsyncStore, SeatRow, TableRow, set_rematch

if TYPE_CHECKING:
    from troef.server.workers import Following, WorkPool

log = logging.getLogger("troef.server")

#: Sampled worlds per decision of the fair analysis the server makes (``?fair=1``).
ANALYSIS_SAMPLES = 8


class FinishedMatches:
    """The :class:`~troef.server.tables.Hub`'s part for matches that are over: rematch, replay, record."""

    store: AsyncStore
    games: dict[str, GameAdapter]
    tables: dict[str, LiveTable]
    replay_cache: int
    _replay_executor: ThreadPoolExecutor
    _replays: OrderedDict[tuple[str, int, int, bool], bytes | None]
    _replays_made: dict[tuple[str, int, int, bool], asyncio.Future[bytes | None]]
    _finished_rows: OrderedDict[str, TableRow]
    _rows_loading: dict[str, asyncio.Future[TableRow | None]]
    _records: OrderedDict[str, tuple[str, str]]
    work: WorkPool
    _rematches: dict[str, asyncio.Future[LiveTable]]

    if TYPE_CHECKING:  # the hub's other parts

        async def get_table(self, table_id: str) -> LiveTable | None: ...
        async def _build(self, row: TableRow) -> LiveTable: ...
        def kick_bots(self, table: LiveTable) -> None: ...
        def _arm_timer(self, table: LiveTable) -> None: ...
        def _make_room(self) -> None: ...
        def _admit(self, table: LiveTable) -> None: ...

    # ------------------------------------------------------------------ rematch
    async def rematch(self, table_id: str, token: object) -> LiveTable:
        """A new match for the same people in the same seats (their tokens hold there too); made once per table."""
        table = await self.get_table(table_id)
        if table is None:
            raise TableError(404, "unknown_table", "no such table")
        if not table.over:
            raise TableError(409, "not_finished", "a rematch can be asked for once the match is over")
        if not isinstance(token, str) or table.seat_of(token) is None:
            raise TableError(403, "bad_token", "only the table's players can ask for a rematch")
        if table.rematch is not None:
            new_table = await self.get_table(table.rematch)
            if new_table is not None:
                return new_table
        pending = self._rematches.get(table.id)
        if pending is not None:  # two players asked at once: both get the one new table
            return await asyncio.shield(pending)
        future: asyncio.Future[LiveTable] = asyncio.get_running_loop().create_future()
        self._rematches[table.id] = future
        try:
            new = await self._copy_table(table)
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: nobody else may be waiting
            raise
        finally:
            del self._rematches[table.id]
        future.set_result(new)
        self.rematch_made(table, new.id)
        return new

    def rematch_made(self, table: LiveTable, new_id: str) -> None:
        """``table``'s rematch is ``new_id`` (made here, or heard of from another process): tell everyone at it."""
        if table.rematch == new_id:
            return
        table.rematch = new_id
        text = table.rematch_text()
        for conns in table.conns.values():
            for client in conns:
                client.send(text)

    async def _copy_table(self, old: LiveTable) -> LiveTable:
        """The rematch of ``old``: a new table, or the one the database already has (another process made it)."""
        self._make_room()
        table_id = secrets.token_urlsafe(6)
        while table_id in self.tables:
            table_id = secrets.token_urlsafe(6)
        row = TableRow(
            id=table_id,
            game=old.game.name,
            # a new match: played under today's rules revision, whichever its table was played under
            config={**old.config, "revision": old.game.game.rules_revision()},
            seed=secrets.randbits(62),
            first_dealer=None,
            created_at=datetime.now(UTC),
            seats=[SeatRow(s.seat, s.kind, s.level, s.name, s.open, s.token_hash) for s in old.seats],
            turn_seconds=old.turn_seconds,
            owner=old.owner,
        )
        try:
            made = await self.store.write(set_rematch, old.id, row)
        except Exception as exc:
            log.warning("creating a rematch failed: %s", type(exc).__name__)
            raise TableError(503, "storage", "the table could not be stored; try again") from None
        if made is None:
            raise TableError(404, "unknown_table", "no such table")
        if made != row.id:  # another process made it first: everybody plays that one
            other = await self.get_table(made)
            if other is None:
                raise TableError(503, "storage", "the rematch could not be loaded; try again")
            return other
        table = await self._build(row)
        table.holder = old.holder  # it takes the place of the match that ended
        self.tables[table.id] = table
        self._admit(table)
        self.kick_bots(table)
        self._arm_timer(table)
        return table

    # ------------------------------------------------------------------ replays and records
    def seats_changed(self, table_id: str) -> None:
        """A table's seats changed in the database (a guest's seat moved to an account, an account deleted):
        forget what this process kept of it as finished, so that the next replay or record reads the seats
        again (their tokens and names)."""
        self._finished_rows.pop(table_id, None)
        self._records.pop(table_id, None)
        for key in [key for key in self._replays if key[0] == table_id]:
            del self._replays[key]

    async def _finished_row(self, table_id: str, what: str) -> TableRow:
        """The stored row of a finished match (kept: it never changes); 404 or 409 if there is none."""
        row = self._finished_rows.get(table_id)
        if row is not None:
            self._finished_rows.move_to_end(table_id)
            return row
        if len(table_id) > 32:
            raise TableError(404, "unknown_table", "no such table")
        pending = self._rows_loading.get(table_id)
        if pending is None:  # one load, however many ask meanwhile
            pending = asyncio.ensure_future(self.store.run(self.store.store.load, table_id))
            self._rows_loading[table_id] = pending
            pending.add_done_callback(lambda _done: self._rows_loading.pop(table_id, None))
        row = await asyncio.shield(pending)
        if row is None:
            raise TableError(404, "unknown_table", "no such table")
        if row.finished_at is None:
            raise TableError(409, "not_finished", f"a {what} is available once the match is over")
        game = self.games.get(row.game)
        if game is not None and "revision" not in row.config:  # stored before tables named their revision
            loop = asyncio.get_running_loop()
            try:
                config, _ = await loop.run_in_executor(
                    self._replay_executor, settle, game, row.config, row.seed, row.first_dealer, row.actions
                )
            except ConfigError as exc:
                log.error("finished table %s does not replay: %s", row.id, exc)
                raise TableError(500, "broken_record", f"this match's stored actions do not replay: {exc}") from None
            row = dataclasses.replace(row, config=config)
        self._remember(self._finished_rows, table_id, row)
        return row

    async def _ended_deal(self, table_id: str, hand: int) -> TableRow:
        """The row to replay or analyse hand ``hand`` (1-based) from, once that deal has ended; else why not.

        The one rule of the replay and the analysis: a deal may be shown with every card once it is
        over, to anyone who may watch the table: every deal of a finished match (its stored row), and
        every deal before the current one of a live table (a copy of its row as it is in memory; a
        process that lags behind refuses more, never less). The deal in play is refused (409
        ``in_play``), and so is a hand not dealt yet (404 ``no_hand``, as for a finished match).
        Each online table is dealt from a seed of its own, a tournament's too
        (:func:`troef.tournament.draw.deal_seed`): a deal over at one table is dealt at no other.
        """
        table = self.tables.get(table_id)
        if table is None:
            try:
                return await self._finished_row(table_id, "replay")
            except TableError as exc:
                if exc.code != "not_finished":
                    raise
            table = await self.get_table(table_id)  # a live table not in memory: load it, as joining would
            if table is None:
                raise TableError(404, "unknown_table", "no such table") from None
        current = table.game.hand_count(table.match)
        if not table.over and hand == current:
            raise TableError(
                409,
                "in_play",
                f"hand {hand} is still in play: it can be replayed and analysed once it is over "
                "(its cards are hidden until then)",
            )
        if not 1 <= hand <= current:
            raise TableError(404, "no_hand", "no such hand in this match")
        return TableRow(
            id=table.id,
            game=table.game.name,
            config=table.config,
            seed=table.seed,
            first_dealer=table.first_dealer,
            created_at=table.created_at,
            finished_at=table.finished_at,
            result=table.game.result(table.match) if table.over else None,
            seats=[SeatRow(s.seat, s.kind, s.level, s.name, s.open, s.token_hash) for s in table.seats],
            actions=list(table.actions),
            practice=table.practice,
        )

    async def replay(
        self, table_id: str, hand: int, token: str | None, open_cards: bool = False, owner: str | None = None
    ) -> bytes:
        """The frames of one hand that has ended, seen by a seat (with its token) or the spectator, as JSON.

        With ``open_cards`` (the deal is over: everyone may see every card of it now) the answer also
        has ``open``: for each seat, its cards in every frame, taken from that seat's own frames.
        A hand still in play is refused (:meth:`_ended_deal`).
        """
        row = await self._ended_deal(table_id, hand)
        viewer = SPECTATOR
        if token:
            digest = hash_token(token)
            matches = [s.seat for s in row.seats if s.token_hash and hmac.compare_digest(s.token_hash, digest)]
            if not matches:
                raise TableError(403, "bad_token", "the seat token is not valid for this table")
            viewer = matches[0]
        game = self.games.get(row.game)
        if game is None:
            raise TableError(404, "unknown_table", "unknown game")
        if open_cards:  # every seat's frames: heavier, made in a worker process (counted against ``owner``)
            from troef.server.workers import open_replay_job

            key = ("open-replay", row.id, hand, viewer)
            text = await self.work.run(key, owner, open_replay_job, game.name, row, hand, viewer)
        else:
            text = await self._replay_text(game, row, hand, viewer, open_cards)
        if text is None:
            raise TableError(404, "no_hand", "no such hand in this match")
        return text

    async def _replay_text(
        self, game: GameAdapter, row: TableRow, hand: int, viewer: int, open_cards: bool
    ) -> bytes | None:
        """One viewer's replay of a finished hand as JSON text, made once, in the replay thread."""
        key = (row.id, hand, viewer, open_cards)
        if key in self._replays:
            self._replays.move_to_end(key)
            return self._replays[key]
        pending = self._replays_made.get(key)
        if pending is None:  # the first to ask makes it; the others wait for the same one
            loop = asyncio.get_running_loop()
            pending = asyncio.ensure_future(
                loop.run_in_executor(self._replay_executor, replay_text, game, row, hand, viewer, open_cards)
            )
            self._replays_made[key] = pending

            def made(done: asyncio.Future[bytes | None]) -> None:
                del self._replays_made[key]
                if not done.cancelled() and done.exception() is None:
                    self._remember(self._replays, key, done.result())

            pending.add_done_callback(made)
        return await asyncio.shield(pending)

    def _remember(self, cache: OrderedDict[Any, Any], key: Any, value: Any) -> None:
        cache[key] = value
        while len(cache) > self.replay_cache:
            cache.popitem(last=False)

    async def record(self, table_id: str) -> tuple[str, str]:
        """The record (JSON text) of a finished match and a file name for it."""
        row = await self._finished_row(table_id, "record")
        cached = self._records.get(row.id)
        if cached is not None:
            self._records.move_to_end(row.id)
            return cached
        game = self.games[row.game]
        seats = [{"name": s.name, "kind": s.kind if s.kind == "human" else f"bot:{s.level}"} for s in row.seats]

        def make() -> str:
            return game.record(rebuild(game, row.config, row.seed, row.first_dealer, row.actions), seats)

        text = await asyncio.get_running_loop().run_in_executor(self._replay_executor, make)
        out = (text, f"troef-{row.game}-{row.id}.json")
        self._remember(self._records, row.id, out)
        return out

    async def analysis(self, table_id: str, hand: int, fair: bool = False, owner: str | None = None) -> dict[str, Any]:
        """The analysis (``docs/analysis.md``) of hand ``hand`` (1-based) once that deal is over, made once.

        Served by the rule of the replay (:meth:`_ended_deal`): a deal in play is refused, so no hidden
        card of it can reach anyone through its analysis. Open cards only unless ``fair`` (then
        :data:`ANALYSIS_SAMPLES` worlds per decision); made in a worker process, never in the server's
        (:class:`troef.server.workers.WorkPool`: bounded, counted against ``owner``, kept).
        """
        from troef.server.workers import analysis_job

        key, name, row = await self._analysis_of(table_id, hand, fair)
        result = await self.work.run(key, owner, analysis_job, name, row, hand, fair, ANALYSIS_SAMPLES)
        if result is None:
            raise TableError(404, "no_hand", "no such hand in this match")
        return result

    async def analysis_progress(
        self, table_id: str, hand: int, fair: bool = False, owner: str | None = None
    ) -> Following:
        """:meth:`analysis` told as it goes: a :class:`~troef.server.workers.Following` of its progress
        (:func:`analysis_line` words each step), by the same rules and the same computation (a client asking
        both ways waits for one run, and a kept analysis comes at once, as its answer alone); refusals are
        raised before the first step, so they can be answered with their status.
        """
        from troef.server.workers import analysis_job

        key, name, row = await self._analysis_of(table_id, hand, fair)
        return self.work.follow(key, owner, analysis_job, name, row, hand, fair, ANALYSIS_SAMPLES)

    async def _analysis_of(self, table_id: str, hand: int, fair: bool) -> tuple[tuple[Any, ...], str, TableRow]:
        """The key of hand ``hand``'s analysis, its game's name and its match, by the replay's rule."""
        row = await self._ended_deal(table_id, hand)  # 404 unknown, 409 in play
        game = self.games.get(row.game)
        if game is None:
            raise TableError(404, "unknown_table", "unknown game")
        return ("analysis", table_id, hand, fair), game.name, row


def analysis_line(step: Any) -> dict[str, Any]:
    """A step of :meth:`FinishedMatches.analysis_progress` as a line of the answer: ``{"done", "total",
    "decision"}`` for each decision judged (the first, with ``"decision": null``, says how many there are),
    ``{"analysis": ...}`` (the whole of it) at the end."""
    from troef.server.workers import Answer

    if not isinstance(step, Answer):
        return dict(step)
    if step.value is None:
        return {"error": {"code": "no_hand", "message": "no such hand in this match"}}
    return {"analysis": step.value}


def deal_record(game: GameAdapter, row: TableRow, hand: int) -> str:
    """The record of a live match up to the end of hand ``hand`` (1-based), which must be over.

    Its actions stop where that deal ends: nothing played in a later deal is in it. (The next deal is
    dealt by the action that ends this one, so the record holds its cards; the analysis of hand ``hand``
    reads nothing of a later deal, and the record never leaves the server.)
    """
    match = game.new_match(row.config, row.seed, row.first_dealer)
    for text in row.actions:
        if game.hand_count(match) > hand:
            break
        game.apply(match, text)
    seats = [{"name": s.name, "kind": s.kind if s.kind == "human" else f"bot:{s.level}"} for s in row.seats]
    return game.record(match, seats)


def replay_text(game: GameAdapter, row: TableRow, hand: int, viewer: int, open_cards: bool) -> bytes | None:
    """:func:`replay_frames` as the JSON text sent; with ``open_cards`` every seat's cards in every frame too."""
    frames = replay_frames(game, row, hand, viewer)
    if frames is None:
        return None
    if open_cards:
        hands: dict[str, list[Any]] = {}
        for seat in range(len(row.seats)):
            own = frames if seat == viewer else replay_frames(game, row, hand, seat)
            if own is not None:
                hands[str(seat)] = [frame["view"].get("hand") for frame in own["frames"]]
        frames["open"] = hands
    return encode(frames)


def replay_frames(game: GameAdapter, row: TableRow, hand: int, viewer: int) -> dict[str, Any] | None:
    """Every state of hand ``hand`` (1-based) for ``viewer``, each built by the projection."""
    match = game.new_match(row.config, row.seed, row.first_dealer)
    index = hand - 1
    if index < 0:
        return None
    frames: list[dict[str, Any]] = []
    version = 0

    def snap() -> None:
        frames.append(project(game, match, viewer, table=row.id, version=version, hand=index))

    if game.hand_count(match) - 1 == index:
        snap()
    for text in row.actions:
        before = game.hand_count(match) - 1
        if before > index:
            break
        game.apply(match, text)
        version += 1
        if before == index:
            snap()
        elif game.hand_count(match) - 1 == index:
            snap()  # the deal of the hand asked for, before anyone acted
    if not frames:
        return None
    return {
        "v": PROTOCOL_VERSION,
        "type": "replay",
        "table": row.id,
        "hand": hand,
        "hands": (row.result or {}).get("hands"),
        "viewer": viewer,
        "frames": frames,
    }
