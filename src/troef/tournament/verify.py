"""``troef tournament verify``: check every revealed deal of a tournament against its commitment and its record.

For each game whose secret is public (``deal_secret`` in the tournament's
public JSON), the checks anybody can make from public answers alone:

1. the secret's SHA-256 is the ``deal_commitment`` published since the draw;
2. for a game played online, the record of its table (``/api/tables/{id}/record``)
   was dealt from ``deal_seed(secret)``: its ``seed`` is that number, and a
   match started from that seed with the dealer *drawn* as any new table's is
   (``first_dealer=None``: the draw uses the same seeded generator, so passing
   the record's ``first_dealer`` instead would deal other cards) has the
   record's first dealer and, card for card, its first deal;
3. the record's actions, played from that match by the game's rules, give the
   record itself: every later deal is the seed's too.

A game whose secret is not public yet is listed as such, not as a failure.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from troef.tournament.draw import deal_seed


@dataclass(frozen=True, slots=True)
class GameCheck:
    """The outcome for one game of one table: ``ok``, ``hidden`` (no secret yet) or a problem."""

    round: int
    table: int
    game: int
    status: str
    detail: str = ""

    def line(self) -> str:
        """One line of the command's report."""
        where = f"round {self.round} table {self.table} game {self.game}"
        return f"{where}: {self.status}" + (f" ({self.detail})" if self.detail else "")


def first_deal(record: dict[str, Any], deals_key: str) -> dict[str, Any] | None:
    """The first deal of a record without its actions (what the seed decides), or None if it has none;
    ``deals_key`` is the field the game's records keep their deals in (``RecordFormat.deals_key``)."""
    deals = record.get(deals_key)
    if isinstance(deals, list) and deals and isinstance(deals[0], dict):
        return {key: value for key, value in deals[0].items() if key != "actions"}
    return None


def check_record(secret: str, config: dict[str, Any], text: str) -> str | None:
    """Why the record ``text`` was not dealt from ``secret`` with ``config``, or None if it was."""
    from troef.core.errors import TroefError
    from troef.games import game as core_game
    from troef.server.adapter import games, rebuild

    data = json.loads(text)
    seed = deal_seed(secret)
    if data.get("seed") != seed:
        return f"the record's seed {data.get('seed')} is not deal_seed(secret) = {seed}"
    game = games().get(str(data.get("game")))
    if game is None:
        return f"unknown game {data.get('game')!r}"
    fresh = json.loads(game.record(game.new_match(config, seed, None), data.get("seats")))
    if fresh.get("first_dealer") != data.get("first_dealer"):
        return f"the seed draws dealer {fresh.get('first_dealer')}, the record says {data.get('first_dealer')}"
    own = core_game(str(data["game"]))
    deals_key = getattr(own.record_format, "deals_key", None)  # a game without a record format: no such field
    if deals_key is not None and first_deal(fresh, deals_key) != first_deal(data, deals_key):
        return "the record's first deal is not the one the seed deals"
    # every later deal too: the record's actions, played from the seed, must give the record itself
    try:
        actions = [action.text() for deal in own.recorded_deals(data) for action in deal]
        again = json.loads(game.record(rebuild(game, config, seed, None, actions), data.get("seats")))
    except (TroefError, ValueError, KeyError, IndexError, TypeError) as exc:
        return f"the record does not replay from the seed: {type(exc).__name__}: {exc}"
    if again != data:
        return "the record's later deals are not the ones the seed deals"
    return None


def verify(
    public: dict[str, Any],
    table_config: Callable[[str], dict[str, Any] | None],
    record: Callable[[str], str | None],
) -> list[GameCheck]:
    """Check every game of a tournament's public JSON; ``table_config`` and ``record`` fetch an online table's."""
    checks = []
    for rnd in public.get("drawn", []):
        for table in rnd["tables"]:
            for g in table["games"]:
                where = (rnd["round"], table["table"], g["game"])
                secret, commitment, watch = g.get("deal_secret"), g.get("deal_commitment"), g.get("watch")
                if not secret:
                    checks.append(GameCheck(*where, "hidden", "its result is not in: the secret is not public yet"))
                    continue
                if hashlib.sha256(secret.encode()).hexdigest() != commitment:
                    checks.append(GameCheck(*where, "MISMATCH", "the secret's SHA-256 is not the commitment"))
                    continue
                if not watch:
                    checks.append(GameCheck(*where, "ok", "played on paper: the commitment holds"))
                    continue
                table_id = watch.rsplit("/", 1)[-1]
                config, text = table_config(table_id), record(table_id)
                if config is None or text is None:
                    checks.append(GameCheck(*where, "MISMATCH", f"no record of table {table_id}"))
                    continue
                problem = check_record(secret, config, text)
                if problem is None:
                    checks.append(GameCheck(*where, "ok", f"table {table_id} was dealt from the secret"))
                else:
                    checks.append(GameCheck(*where, "MISMATCH", problem))
    return checks
