"""People who leave: the turn timer, and computer players standing in for absent people.

When a person's turn timer runs out (or the table's creator asks), a
computer player takes the seat until its owner takes it back.

A table made for people who did not make it themselves ("play now") first
waits for them (:meth:`TurnTimers.await_people`): its turn timer starts once
every person's seat is connected, and a person who has not come within the
wait is stood in for as for one whose timer ran out.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from troef.server.live import LiveTable, TableError

if TYPE_CHECKING:
    from troef.server.cluster import Cluster

log = logging.getLogger("troef.server")


class TurnTimers:
    """The :class:`~troef.server.tables.Hub`'s part that keeps turn timers and stand-ins."""

    light_levels: frozenset[str]
    cluster: Cluster | None

    if TYPE_CHECKING:  # the hub's other parts

        def kick_bots(self, table: LiveTable) -> None: ...
        def _broadcast_presence(self, table: LiveTable) -> None: ...

    def _arm_timer(self, table: LiveTable) -> None:
        """Start the turn timer for the seat to act (a person's, on a table with a timer) and tell everyone.

        When it runs out, a computer player takes the seat until its owner
        takes it back (:meth:`reclaim`). Tables without a timer send nothing.
        """
        if table.turn_seconds is None:
            return
        if table.timer is not None:
            table.timer.cancel()
            table.timer = None
        if table.arrival is not None:
            return  # the people are not all here yet: no turn timer runs (_arrival_up ends the wait)
        seat = table.game.to_act(table.match) if not table.over else -1
        if seat >= 0 and not table.plays_itself(seat):
            loop = asyncio.get_running_loop()
            table.timer_due = loop.time() + table.turn_seconds
            table.timer = loop.call_later(table.turn_seconds, self._time_up, table, table.version)
        text = table.timer_text()
        if text is not None and table.has_connections():
            for conns in table.conns.values():
                for client in conns:
                    client.send(text)

    def await_people(self, table: LiveTable, seconds: float) -> None:
        """Hold a new table's turn timer until every person's seat is connected, for ``seconds`` at most; then
        a computer player takes the seat of each person who has not come (as for a leaver)."""
        if table.turn_seconds is None or table.over or table.people_here():
            return
        loop = asyncio.get_running_loop()
        table.arrival_due = loop.time() + seconds
        table.arrival = loop.call_later(seconds, self._arrival_up, table)
        self._arm_timer(table)  # the timer armed when the table was made stops

    def people_came(self, table: LiveTable) -> None:
        """Somebody connected to ``table`` (here or through another process): its turn timer starts once all
        its people are here."""
        if table.arrival is not None and table.people_here():
            table.arrival.cancel()
            table.arrival = None
            self._arm_timer(table)

    def _arrival_up(self, table: LiveTable) -> None:
        table.arrival = None
        if table.over:
            return
        away = [
            s.seat
            for s in table.seats
            if s.kind == "human" and not table.connected(s.seat) and s.seat not in table.standins
        ]
        if not table.runner or not away:  # another process plays the table: its own timer decides
            self._arm_timer(table)
            return
        log.info("table %s: seats %s did not come; computer players take them", table.id, away)
        for seat in away:
            table.standins[seat] = self.standin_bot(table, seat)
        self.standins_changed(table)

    def _time_up(self, table: LiveTable, version: int) -> None:
        table.timer = None
        if table.over or table.version != version or not table.runner:  # the runner's timer decides
            return
        seat = table.game.to_act(table.match)
        if seat >= 0 and not table.plays_itself(seat):
            log.info("table %s: seat %d ran out of time; a computer player takes it", table.id, seat)
            self.stand_in(table, seat)

    def standin_bot(self, table: LiveTable, seat: int) -> tuple[str, Any]:
        """The level and computer player that stand in for a person's ``seat`` (the same in every process)."""
        levels = [level for level in table.game.bot_levels() if level in self.light_levels]
        level = "heuristic" if "heuristic" in levels else (levels[-1] if levels else table.game.bot_levels()[0])
        return level, table.game.make_bot(level, (table.seed + 104729 * (seat + 1)) % 2**63)

    def stand_in(self, table: LiveTable, seat: int) -> None:
        """Let a computer player play a person's ``seat`` until its owner takes it back."""
        table.standins[seat] = self.standin_bot(table, seat)
        self.standins_changed(table)

    def standins_changed(self, table: LiveTable) -> None:
        """Who plays which seat changed: tell everyone, and (the runner) the other processes; bots and timer follow."""
        self._broadcast_presence(table)
        self.kick_bots(table)
        self._arm_timer(table)
        if table.runner and self.cluster is not None:
            self.cluster.announce_standins(table)

    def replace_absent(self, table: LiveTable, by: int, seat: object) -> None:
        """The creator (seat ``by``) lets a computer play an absent person's ``seat``; else :class:`TableError`.

        Absent means connected through no process: with several processes the
        table's runner makes the change (it is asked through the database) and
        checks again.
        """
        if table.owner is None or by != table.owner:
            raise TableError(403, "not_owner", "only the table's creator can let a computer play for somebody")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(table.seats):
            raise TableError(400, "bad_seat", "no such seat")
        if table.over:
            raise TableError(409, "match_over", "the match is over")
        if table.seats[seat].kind != "human" or seat in table.standins or table.connected(seat):
            raise TableError(409, "not_away", "that seat's player is here (or a computer already plays it)")
        if not table.runner and self.cluster is not None:
            self.cluster.ask(table, "standin", seat)
            return
        self.stand_in(table, seat)

    def reclaim(self, table: LiveTable, seat: int) -> None:
        """The owner of ``seat`` takes it back from the computer player; raises :class:`TableError` if none plays it."""
        if seat not in table.standins:
            raise TableError(409, "no_standin", "no computer player is playing your seat")
        if not table.runner and self.cluster is not None:
            self.cluster.ask(table, "reclaim", seat)
            return
        del table.standins[seat]
        self.standins_changed(table)
