"""Reading a record as its rules revision, and writing it in today's (``troef replay --upgrade``).

A game's rules revision (``docs/records.md``, "Rules revisions") says how its
record is read: every change of a reading or default keeps the old reading as
a switch value (:class:`~troef.core.switches.RuleChange`), so a record of an
older revision reads as today's rules with those values. :func:`upgrade`
writes such a record in today's revision: the rules with every switch named,
and, for each old reading, today's reading instead wherever that gives the
same outcome (with the change's migration of the actions, where it has one);
the outcome of the upgraded record is checked to be the original one.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from troef.core.errors import RecordError, ReplayError, TroefError
from troef.core.game import AnyGame


class UpgradeError(TroefError):
    """A record that cannot be written in today's revision with its outcome unchanged."""


@dataclass(frozen=True, slots=True)
class Upgrade:
    """What :func:`upgrade` did: the record's revision before, the text after, the old readings kept."""

    revision: int
    inferred: bool
    text: str
    #: Switches that keep an old reading (today's gives another outcome), with their values.
    kept: dict[str, Any]
    #: Old readings replaced by today's, each with the migration of the actions it took (or None).
    replaced: dict[str, str | None]


def read(game: AnyGame, text: str) -> Any:
    """The game's record of ``text``, read as its revision (``record.revision``, ``record.inferred``)."""
    fmt = game.record_format
    if fmt is None:
        raise RecordError(f"{game.name} records have no revisions to read")
    return fmt.loads(text)


def _migration(path: str) -> Callable[[Any], Any]:
    module, _, name = path.partition(":")
    fn: Callable[[Any], Any] = getattr(importlib.import_module(module), name)
    return fn


def upgrade(game: AnyGame, text: str) -> Upgrade:
    """``text`` written in today's revision, its outcome unchanged (checked); :class:`UpgradeError` if not."""
    fmt = game.record_format
    record = read(game, text)
    rules_type = type(record.rules)
    try:
        want = game.replay(text).to_json()
    except ReplayError as exc:
        raise UpgradeError(f"the record does not replay, so it cannot be upgraded: {exc}") from None
    today = rules_type.of_preset(record.rules.preset)
    kept: dict[str, Any] = {}
    replaced: dict[str, str | None] = {}
    current = record
    # the old readings this record's rules hold, earliest change first
    for change in sorted(rules_type.CHANGES, key=lambda c: c.revision):
        name = change.switch
        if getattr(current.rules, name) != change.before or name in replaced:
            continue
        target = getattr(today, name)
        if target == change.before:
            continue
        try:
            candidate = dataclasses.replace(current, rules=dataclasses.replace(current.rules, **{name: target}))
            if change.migrate is not None:
                candidate = _migration(change.migrate)(candidate)
            same = game.replay(fmt.dumps(candidate)).to_json() == want
        except (ReplayError, RecordError):
            same = False
        if same:
            current = candidate
            replaced[name] = change.migrate
        else:
            kept[name] = change.before
    out = fmt.dumps(current)
    got = game.replay(out).to_json()
    if got != want:  # a migration's fault, never the reader's: refuse rather than write another match
        raise UpgradeError("the upgraded record replays to another outcome")
    return Upgrade(record.revision or rules_type.REVISION, record.inferred, out, kept, replaced)
