"""Computer players at the tables: bot turns, hints, and the worker process that searches.

Light bots think in a thread; searching bots and the values of a hint run in
a worker process of their own (:meth:`BotPlayers._workers`), which holds the
interpreter lock for seconds without stalling the server.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import random
import threading
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, Final

from troef.server.adapter import GameAdapter, Problem, games
from troef.server.live import LiveTable, TableError
from troef.server.projection import viewer_view

log = logging.getLogger("troef.server")

#: Seconds a hint may search for the values of the legal actions.
HINT_BUDGET: Final = 1.5


class BotPlayers:
    """The :class:`~troef.server.tables.Hub`'s part that plays the computer players' turns and gives hints."""

    bot_delay: float
    bot_budget: float
    light_levels: frozenset[str]
    _rng: random.Random
    _bot_executor: ThreadPoolExecutor
    _process_pool: ProcessPoolExecutor | None
    _valuing: bool

    if TYPE_CHECKING:  # the hub's other parts

        async def submit(self, table: LiveTable, seat: int, text: str, expect: int | None = None) -> Problem | None: ...

    def kick_bots(self, table: LiveTable) -> None:
        """Start the table's bot task if a bot is to act and none is running."""
        if table.bot_task is not None and not table.bot_task.done():
            return
        if table.over or not table.runner:  # another process runs this table's bots
            return
        seat = table.game.to_act(table.match)
        if seat < 0 or not table.plays_itself(seat):
            return
        table.bot_task = asyncio.create_task(self._bot_loop(table))

    def _pause(self, table: LiveTable) -> float:
        if self.bot_delay <= 0:
            return 0.0
        return self.bot_delay * table.game.bot_pause(table.match)

    async def _bot_loop(self, table: LiveTable) -> None:
        while not table.over:
            seat = table.game.to_act(table.match)
            if seat < 0 or not table.plays_itself(seat):
                return
            pause = self._pause(table)
            started = time.monotonic()
            version = table.version
            view = viewer_view(table.game, table.match, seat)
            legal = table.game.legal(view)
            bot_seat = table.seats[seat]
            level, bot = (bot_seat.level or "random", bot_seat.bot) if bot_seat.kind == "bot" else table.standins[seat]
            try:
                future = self._think(table.game, level, bot, view, table.seed + version)
                # asyncio.timeout, not wait_for: on Python 3.11 wait_for swallows a cancellation that arrives
                # as the bot's answer does, and the cancelled task then slept out its pause (stop() waited)
                async with asyncio.timeout(self.bot_budget):
                    text = await future
            except TimeoutError:
                log.warning("a bot at table %s ran out of time; it plays a random legal action", table.id)
                text = self._rng.choice(legal)
            except Exception as exc:  # the exception's text may name cards: log its kind only
                log.warning(
                    "a bot at table %s failed (%s); it plays a random legal action", table.id, type(exc).__name__
                )
                text = self._rng.choice(legal)
            rest = pause - (time.monotonic() - started)
            if rest > 0:
                await asyncio.sleep(rest)
            if not table.plays_itself(seat):  # the owner took the seat back meanwhile
                continue
            problem = await self.submit(table, seat, text, expect=version)
            if problem is not None and problem.code not in ("stale", "match_over", "storage"):
                log.warning("a bot at table %s chose a refused action (%s)", table.id, problem.code)
                await self.submit(table, seat, self._rng.choice(legal), expect=version)
            elif problem is not None and problem.code == "storage":
                await asyncio.sleep(1.0)

    def _think(self, game: GameAdapter, level: str, bot: Any, view: Any, seed: int) -> asyncio.Future[str]:
        """A bot's choice, computed off the event loop: light bots in a thread, searching ones in a process."""
        loop = asyncio.get_running_loop()
        if level in self.light_levels:
            return loop.run_in_executor(self._bot_executor, game.bot_action, bot, view)
        return loop.run_in_executor(self._workers(), fresh_bot_action, game.name, level, seed % 2**62, view)

    def _workers(self) -> ProcessPoolExecutor:
        """The worker process of searching bots and hint values, started when first needed.

        A search holds the interpreter lock for seconds: it gets its own process, which ends with the
        server even when the server is killed (:func:`watch_parent`).
        """
        if self._process_pool is None:
            self._process_pool = ProcessPoolExecutor(
                max_workers=1,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=watch_parent,
                initargs=(os.getpid(),),
            )
        return self._process_pool

    def _valued(self, _future: asyncio.Future[Any]) -> None:
        self._valuing = False

    async def hint(self, table: LiveTable, seat: int) -> tuple[str, str, list[dict[str, Any]]]:
        """A suggested action for ``seat`` from the strongest bot, which bot it was, and every action's value.

        The values (each legal action with the chance that the seat's side succeeds after it) come from the
        game's ``hint_values``; then the best of them is the suggestion. Where the game has none the list
        is empty and the strongest bot suggests.
        """
        if table.over or table.game.to_act(table.match) != seat:
            raise TableError(409, "not_your_turn", "a hint is given when it is your turn")
        view = viewer_view(table.game, table.match, seat)
        level = table.game.hint_level()
        # one search for values at a time: while one runs, a hint is the strongest bot's choice alone
        if not self._valuing:
            loop = asyncio.get_running_loop()
            budget = min(HINT_BUDGET, self.bot_budget / 4)
            seed = self._rng.randrange(2**62)
            self._valuing = True
            pending = loop.run_in_executor(self._workers(), fresh_hint_values, table.game.name, view, budget, seed)
            pending.add_done_callback(self._valued)
            try:
                async with asyncio.timeout(self.bot_budget / 2):
                    values = await asyncio.shield(pending)
            except TimeoutError:  # the worker is busy with bots: a quick bot's choice instead
                values = []
                level = next((x for x in ("heuristic", *self.light_levels) if x in self.light_levels), level)
            best = [v for v in values if v.get("best")]
            if best:
                return str(best[0]["action"]), level, values
        seed = self._rng.randrange(2**62)
        bot = table.game.make_bot(level, seed) if level in self.light_levels else None
        future = self._think(table.game, level, bot, view, seed)
        try:
            async with asyncio.timeout(self.bot_budget):
                return await future, level, []
        except TimeoutError:
            raise TableError(503, "busy", "no hint in time; try again") from None

    def stop_workers(self) -> None:
        """End the worker processes now: a search may run for seconds, and nobody waits for its answer."""
        pool, self._process_pool = self._process_pool, None
        if pool is None:
            return
        # the executor keeps its processes and its manager thread private; a search in progress is not
        # stopped by shutdown()
        processes = list(getattr(pool, "_processes", {}).values())
        manager: threading.Thread | None = getattr(pool, "_executor_manager_thread", None)
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            if process.is_alive():
                process.terminate()
        for process in processes:
            process.join(timeout=2.0)
        # The pool outlives its manager thread: that thread, seeing the shutdown, first drops the queued calls
        # (those whose callers gave up on them, a cancelled or timed-out bot, among them), then fails the calls
        # the ended process held. It skips the first step once the pool is collected, and the second then sets
        # an error on a cancelled call, which kills the thread on Python 3.11 (InvalidStateError; CPython
        # gh-107219). The thread is quick with the processes gone; waiting for it keeps `pool` alive meanwhile.
        if manager is not None:
            manager.join(timeout=2.0)


#: Seconds between a worker process's looks at whether the server that started it is still there.
PARENT_POLL: Final = 0.5


def watch_parent(parent: int) -> None:
    """Run in each bot worker process at its start: it exits once the server process ``parent`` is gone.

    The server ends its workers when it stops (:meth:`Hub.stop_workers`); a
    server killed with SIGKILL cannot, and its worker would go on (with the
    resource tracker, some 60 MB). The worker is re-parented then: it notices
    and exits.
    """

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_POLL)
        os._exit(0)

    threading.Thread(target=watch, name="troef-watch-parent", daemon=True).start()


def fresh_hint_values(game_name: str, view: Any, budget: float, seed: int) -> list[dict[str, Any]]:
    """Every legal action's value in ``view`` (runs in a worker process; see :meth:`Hub.hint`)."""
    return games()[game_name].hint_values(view, budget, seed)


def fresh_bot_action(game_name: str, level: str, seed: int, view: Any) -> str:
    """A new bot's choice in ``view`` (runs in a worker process: the view is all it gets)."""
    game = games()[game_name]
    return game.bot_action(game.make_bot(level, seed), view)
