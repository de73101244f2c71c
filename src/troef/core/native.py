"""Copying and pickling the engine's compiled objects: what makes ``copy.deepcopy``, ``Game.clone`` and
``pickle`` (OpenSpiel's serialization of a state) work on them.

A class compiled by mypyc cannot be made without its ``__init__``, so the
standard library's generic reduction (``cls.__new__``, then the state) fails
on it. Each module registers its classes of the two kinds that hold a
match's state:

* immutable values (frozen dataclasses: actions, deals, results), which a
  copy shares as it shares an ``int``, and which pickle as their fields
  (:func:`share_when_copied`);
* mutable states (a hand, a deal, the kraak quota), which a copy or an
  unpickling makes anew with the constructor, given the arguments it
  needs, and then gives every attribute the original has set
  (:func:`copied_through_constructor`).

The registrations live in ``copyreg``'s table, which ``copy`` and ``pickle``
both consult; the pure-Python build goes the same way, so both builds copy alike.

>>> import copy, pickle
>>> from troef.games import game
>>> klaverjas = game("klaverjas")
>>> m = klaverjas.new_match("kraken", seed=3)
>>> twin = copy.deepcopy(m)
>>> klaverjas.apply(twin, twin.legal_actions()[0])
>>> len(twin.deals[-1].history), len(m.deals[-1].history)
(1, 0)
>>> len(pickle.loads(pickle.dumps(twin)).deals[-1].history)
1
"""

from __future__ import annotations

import copy
import copyreg
import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["copied_through_constructor", "rebuilt", "share_when_copied"]

T = TypeVar("T")


def share_when_copied(*classes: type) -> None:
    """Let ``copy.deepcopy`` share instances of the immutable dataclasses ``classes``, and pickle them by field."""
    for cls in classes:
        # copy.deepcopy looks a type up in this table first, where ints and strings are: a copyreg
        # reduction cannot say "the same object" (its arguments are deep-copied first, this very value too)
        copy._deepcopy_dispatch[cls] = copy._deepcopy_atomic  # type: ignore[attr-defined]
        copyreg.pickle(cls, _by_fields)


def _by_fields(value: Any) -> tuple[Any, tuple[Any, ...]]:
    """An immutable dataclass's reduction: its class and its fields, in order (its constructor's arguments)."""
    cls = type(value)
    return cls, tuple(getattr(value, field.name) for field in dataclasses.fields(cls))


def _attributes(cls: type) -> tuple[str, ...]:
    """The instance attributes of a class: mypyc's list when compiled, else the ``__slots__`` of its bases."""
    compiled: tuple[str, ...] | None = getattr(cls, "__mypyc_attrs__", None)
    if compiled is not None:
        return compiled
    names: list[str] = []
    for base in reversed(cls.__mro__):
        slots = base.__dict__.get("__slots__", ())
        names.extend((slots,) if isinstance(slots, str) else slots)
    return tuple(names)


def rebuilt(cls: Callable[..., T], arguments: tuple[Any, ...], attributes: dict[str, Any]) -> T:
    """A new ``cls(*arguments)`` given ``attributes``: how a registered mutable state is copied and unpickled."""
    value = cls(*arguments)
    for name, attribute in attributes.items():
        setattr(value, name, attribute)
    return value


def copied_through_constructor(cls: type[T], arguments: Callable[[T], tuple[Any, ...]]) -> None:
    """Copy and pickle the mutable ``cls`` by :func:`rebuilt`: ``arguments(value)`` are what its constructor
    needs (the copy then takes a deep copy of every attribute set, so the constructor's own work is undone)."""

    def reduce(value: T) -> tuple[Any, ...]:
        attributes = {}
        for name in _attributes(cls):
            try:
                attributes[name] = getattr(value, name)
            except AttributeError:
                continue  # not set (yet): the fresh instance's own value stands
        return rebuilt, (cls, arguments(value), attributes)

    copyreg.pickle(cls, reduce)
