"""A game's rules as a record stores them: ``{"preset": name, "switches": {...}}``.

Every game's :class:`Rules` is a frozen dataclass whose ``preset`` field names
its preset and whose other fields are the switches. :class:`PresetRules`
gives such a class its JSON form, read from the fields alone: only the
switches that differ from the preset are written, and reading refuses an
unknown switch or a value of the wrong type with a :class:`RecordError` that
names the switch. A switch is read by the type of its field: ``bool``,
``int`` and ``str`` (a ``Literal`` of words) exactly (a JSON ``true`` is no
number), ``X | None`` as ``X`` or null, ``tuple[int, ...]`` from a list of
numbers; a field of any other type names its own JSON form in
:attr:`PresetRules.CUSTOM`.

>>> from troef.games.klaverjas.rules import Rules, preset
>>> preset("kraken", deals=8, kraak_quota=2).to_dict()
{'preset': 'kraken', 'switches': {'kraak_quota': 2, 'deals': 8}}
>>> Rules.from_dict({"preset": "kraken", "switches": {"deals": "8"}})
Traceback (most recent call last):
...
troef.core.errors.RecordError: rule switch 'deals' must be of type int, not str

A game's *rules revision* (``REVISION``) counts the changes of its rule
readings and defaults (``docs/records.md``, "Rules revisions"). Every change
keeps the old reading as a switch value and is listed in ``CHANGES``, so the
rules of any revision are today's rules with the switches that revision
implied: :meth:`PresetRules.at_revision`. A record names its revision and
every switch (:meth:`PresetRules.record_dict`).

>>> kraken_rev1 = Rules.at_revision("kraken", {}, 1)
>>> kraken_rev1.hand_roem_until, Rules.at_revision("kraken", {}, 2).hand_roem_until
('first_card', 'first_trick')
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, Self, get_args, get_origin, get_type_hints

from troef.core.errors import RecordError


@dataclass(frozen=True, slots=True)
class RuleChange:
    """One change of a rule reading or default: from ``revision`` on, ``switch`` defaults to today's value.

    Records of an earlier revision read it as ``before`` where ``applies`` holds for the rules (today's
    defaults and the record's own switches), e.g. only under Rotterdam following.
    """

    revision: int
    switch: str
    before: Any
    #: Where the rule text behind the change is (preset and rule number or section).
    source: str
    #: What changed, for ``docs/records.md`` and ``troef replay``.
    summary: str
    applies: Callable[[Any], bool] = lambda rules: True
    #: ``module:function`` that rewrites a record's actions for today's reading (``troef replay --upgrade``),
    #: e.g. the answers an old format implied; None: the actions read the same under both readings.
    migrate: str | None = None


@dataclass(frozen=True, slots=True)
class Custom:
    """The JSON form of a switch whose type the field alone does not give (a table, a list of layouts)."""

    #: The field's value from what JSON (or a Python caller) gives; raises for a malformed value.
    read: Callable[[Any], Any]
    #: The JSON-ready form of the field's value.
    write: Callable[[Any], Any]


class PresetRules:
    """What a game's frozen rules dataclass shares: its JSON form and the checking of switches.

    A subclass is a ``@dataclass(frozen=True, slots=True)`` with a ``preset``
    field and defines :meth:`of_preset` (the game's ``preset`` function).
    """

    __slots__ = ()
    __dataclass_fields__: ClassVar[dict[str, Any]]
    preset: str
    #: The switches with a JSON form of their own, by name.
    CUSTOM: ClassVar[Mapping[str, Custom]] = {}
    #: The game's rules revision: raised by every change of a rule reading or default (docs/records.md).
    REVISION: ClassVar[int] = 1
    #: The revisions a record that names none may have been written under, newest first (records name their
    #: revision from revision 2 of every game on; a game whose readings changed before that lists several).
    UNMARKED: ClassVar[tuple[int, ...]] = (1,)
    #: Every change of a reading or default, each keeping its old reading as a switch value.
    CHANGES: ClassVar[tuple[RuleChange, ...]] = ()

    @classmethod
    def of_preset(cls, name: str, **switches: Any) -> Self:
        """The rules of preset ``name`` with ``switches`` changed (the game's ``preset`` function)."""
        raise NotImplementedError

    @classmethod
    def refuse_unknown(cls, switches: Mapping[str, Any]) -> None:
        """Raise :class:`RecordError` naming every switch of ``switches`` that these rules do not have."""
        unknown = sorted(set(switches) - _readers(cls).keys())
        if unknown:
            raise RecordError(f"unknown rule switch(es): {', '.join(unknown)}")

    @classmethod
    def switch_values(cls, switches: Mapping[str, Any]) -> dict[str, Any]:
        """``switches`` (from JSON or Python) as field values; an unknown switch or an ill-typed value raises."""
        cls.refuse_unknown(switches)
        readers = _readers(cls)
        return {name: readers[name](value) for name, value in switches.items()}

    def overrides(self) -> dict[str, Any]:
        """The switches that differ from this rules' preset, as JSON-ready values."""
        base = self.of_preset(self.preset)
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            mine = getattr(self, f.name)
            if mine != getattr(base, f.name):
                custom = self.CUSTOM.get(f.name)
                out[f.name] = custom.write(mine) if custom is not None else _plain(mine)
        return out

    def to_dict(self) -> dict[str, Any]:
        """``{"preset": name, "switches": {...}}`` with the switches that differ from the preset (views)."""
        return {"preset": self.preset, "switches": self.overrides()}

    def record_dict(self) -> dict[str, Any]:
        """``{"preset", "revision", "switches"}`` with every switch named: what a record stores, so that its
        meaning never depends on the defaults of whichever troef reads it."""
        switches: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            if f.name != "preset":
                value = getattr(self, f.name)
                custom = self.CUSTOM.get(f.name)
                switches[f.name] = custom.write(value) if custom is not None else _plain(value)
        return {"preset": self.preset, "revision": self.REVISION, "switches": switches}

    @classmethod
    def at_revision(cls, preset: str, switches: Mapping[str, Any], revision: int) -> Self:
        """The rules of ``preset`` with ``switches`` as revision ``revision`` read them: today's rules with the
        old readings of every later change (:attr:`CHANGES`) that the switches do not name."""
        return cls.of_preset(preset, **cls.switches_at(preset, switches, revision))

    @classmethod
    def switches_at(cls, preset: str, switches: Mapping[str, Any], revision: int) -> dict[str, Any]:
        """``switches`` and the old readings that revision ``revision`` implies beyond today's defaults."""
        cls.check_revision(revision)
        later = [c for c in cls.CHANGES if c.revision > revision and c.switch not in switches]
        if not later:
            return dict(switches)
        today = cls.of_preset(preset, **switches)
        implied: dict[str, Any] = {}
        for change in sorted(later, key=lambda c: -c.revision):  # the earliest change's old reading wins
            if change.applies(today):
                implied[change.switch] = change.before
        return {**switches, **implied}

    @classmethod
    def check_revision(cls, revision: object) -> int:
        """``revision`` if it is one this troef reads, else :class:`RecordError`."""
        if type(revision) is not int or revision < 1:
            raise RecordError("the rules 'revision' must be a whole number from 1")
        if revision > cls.REVISION:
            raise RecordError(f"rules revision {revision} is newer than this troef reads ({cls.REVISION})")
        return revision

    @classmethod
    def revisions_of(cls, data: object) -> tuple[int, ...]:
        """The revisions a record's rules may be read as: the one they name, or else :attr:`UNMARKED`."""
        if isinstance(data, dict) and "revision" in data:
            return (cls.check_revision(data["revision"]),)
        return cls.UNMARKED

    @classmethod
    def from_dict(cls, data: object, revision: int | None = None) -> Self:
        """Read what :meth:`record_dict` or :meth:`to_dict` wrote, as revision ``revision`` (default: the one the
        rules name, else the newest of :attr:`UNMARKED`); unknown switches are an error."""
        if not isinstance(data, dict) or "preset" not in data:
            raise RecordError("rules must be an object with a 'preset'")
        switches = data.get("switches", {})
        if not isinstance(switches, dict):
            raise RecordError("rules 'switches' must be an object")
        if revision is None:
            revision = cls.revisions_of(data)[0]
        return cls.at_revision(str(data["preset"]), switches, revision)


def _plain(value: object) -> object:
    return [_plain(v) for v in value] if isinstance(value, tuple) else value


_READERS: dict[type, dict[str, Callable[[Any], Any]]] = {}


def _readers(cls: type[PresetRules]) -> dict[str, Callable[[Any], Any]]:
    """Per switch of ``cls``, what reads its value (the ``preset`` field is no switch); made once per class."""
    readers = _READERS.get(cls)
    if readers is None:
        hints = get_type_hints(cls)
        readers = _READERS[cls] = {
            f.name: cls.CUSTOM[f.name].read if f.name in cls.CUSTOM else _reader(f.name, hints[f.name])
            for f in dataclasses.fields(cls)
            if f.name != "preset"
        }
    return readers


def _reader(name: str, hint: Any) -> Callable[[Any], Any]:
    """What reads a switch of type ``hint``; a type it does not know is a fault of the rules class."""
    origin, args = get_origin(hint), get_args(hint)
    if origin is Literal and all(isinstance(a, str) for a in args):
        hint = str  # which words are allowed, the rules' own check says
    if hint in (bool, int, str):
        return lambda value: _exactly(name, hint, value)
    if origin in (typing.Union, types.UnionType) and len(args) == 2 and type(None) in args:
        inner = _reader(name, next(a for a in args if a is not type(None)))
        return lambda value: None if value is None else inner(value)
    if origin is tuple and args == (int, ...):
        return lambda value: _numbers(name, value)
    raise TypeError(f"rule switch {name!r} of type {hint!r} needs a Custom JSON form")


def _exactly(name: str, want: type, value: Any) -> Any:
    if type(value) is not want:
        raise RecordError(f"rule switch {name!r} must be of type {want.__name__}, not {type(value).__name__}")
    return value


def _numbers(name: str, value: Any) -> tuple[int, ...]:
    if not isinstance(value, (list, tuple)) or not all(type(v) is int for v in value):
        raise RecordError(f"the {name!r} switch must be a list of numbers")
    return tuple(value)
