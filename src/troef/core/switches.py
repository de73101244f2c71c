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
        """``{"preset": name, "switches": {...}}``: what a record stores."""
        return {"preset": self.preset, "switches": self.overrides()}

    @classmethod
    def from_dict(cls, data: object) -> Self:
        """Read what :meth:`to_dict` wrote; unknown switches are an error."""
        if not isinstance(data, dict) or "preset" not in data:
            raise RecordError("rules must be an object with a 'preset'")
        switches = data.get("switches", {})
        if not isinstance(switches, dict):
            raise RecordError("rules 'switches' must be an object")
        return cls.of_preset(str(data["preset"]), **switches)


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
