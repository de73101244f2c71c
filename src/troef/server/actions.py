"""The hub's action path: the one way an action (a person's or a bot's) changes a match.

An action is checked, committed to the database, applied, and then every
connection of the table gets the new state (:meth:`ActionPath.submit_soon`).
Actions of one table are handled one at a time, in the order they came.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from troef.server.adapter import Problem
from troef.server.live import Answer, LiveTable
from troef.server.storage import ActionRow, AsyncStore, StorageError, mark_finished

log = logging.getLogger("troef.server")


class ActionPath:
    """The :class:`~troef.server.tables.Hub`'s part that takes actions in: submit, commit, apply, broadcast, finish."""

    store: AsyncStore
    tables: dict[str, LiveTable]
    finish_listeners: list[Callable[[LiveTable], None]]

    if TYPE_CHECKING:  # the hub's other parts

        def broadcast(self, table: LiveTable) -> None: ...
        def kick_bots(self, table: LiveTable) -> None: ...
        def _arm_timer(self, table: LiveTable) -> None: ...
        def _spawn(self, coro: Any) -> asyncio.Task[Any]: ...

    async def submit(self, table: LiveTable, seat: int, text: str, expect: int | None = None) -> Problem | None:
        """:meth:`submit_soon`, awaited: returns why the action was refused, or None once it is broadcast.

        Cancelling the caller does not stop an action that was accepted: it is
        still committed, applied and broadcast.
        """
        future: asyncio.Future[Problem | None] = asyncio.get_running_loop().create_future()

        def answer(problem: Problem | None) -> None:
            if not future.done():
                future.set_result(problem)

        problem = self.submit_soon(table, seat, text, expect, answer)
        if problem is not None:
            return problem
        return await future

    def submit_soon(self, table: LiveTable, seat: int, text: str, expect: int | None, answer: Answer) -> Problem | None:
        """The one way an action changes a match: check, commit, apply, broadcast.

        Returns the problem if the action is refused at once (``answer`` is
        then never called). Otherwise ``answer`` is called later, never from
        within this call: with None once the action is committed, applied and
        broadcast, or with the problem (e.g. the database failed, or the action
        waited behind another of the same table that made it illegal). A
        refused action changes nothing. Actions of one table are handled one
        at a time, in the order they came.
        """
        if table.busy or table.waiting:
            table.waiting.append((seat, text, expect, answer))
            return None
        return self._try(table, seat, text, expect, answer)

    def _try(self, table: LiveTable, seat: int, text: str, expect: int | None, answer: Answer) -> Problem | None:
        game = table.game
        if table.over:
            return Problem("match_over", "the match is over")
        if expect is not None and expect != table.version:
            return Problem("stale", f"the table has moved on to version {table.version}; look again")
        if seat != game.to_act(table.match):
            return Problem("not_your_turn", "it is not your turn")
        canonical, problem = game.check(table.match, text)
        if problem is not None:
            return problem
        row = ActionRow(table.id, table.version, seat, canonical)
        table.busy = True
        self.store.append_soon(row, lambda error: self._committed(table, row, answer, error))
        return None

    def _committed(self, table: LiveTable, row: ActionRow, answer: Answer, error: StorageError | None) -> None:
        """The store has settled ``row``: apply and broadcast it, answer, then take the next waiting action."""
        table.busy = False
        problem: Problem | None = None
        if error is not None:
            problem = Problem("storage", str(error))
        else:
            try:
                table.touched = time.monotonic()
                table.game.apply(table.match, row.action)
                table.actions.append(row.action)
                self.broadcast(table)
                if table.over:
                    self._spawn(self._finish(table))
                else:
                    self.kick_bots(table)
                self._arm_timer(table)
            except Exception:
                log.exception("an action of table %s was committed but could not be served", table.id)
                problem = Problem("internal", "the server failed")
        answer(problem)
        waiting = table.waiting
        while waiting and not table.busy:
            seat, text, expect, next_answer = waiting.popleft()
            refused = self._try(table, seat, text, expect, next_answer)
            if refused is not None:
                next_answer(refused)

    async def _finish(self, table: LiveTable) -> None:
        table.finished_at = datetime.now(UTC)
        try:
            await self.store.write(mark_finished, table.id, table.game.result(table.match))
        except Exception as exc:  # the log is complete: the next start marks it finished
            log.warning("marking table %s finished failed: %s", table.id, type(exc).__name__)
        for listener in self.finish_listeners:
            try:
                listener(table)
            except Exception:  # a listener's failure must not keep the table from finishing
                log.exception("a finish listener of table %s failed", table.id)
        if not table.has_connections():
            self.tables.pop(table.id, None)
