"""Copying the engine's compiled objects: what makes ``copy.deepcopy`` (and so ``Game.clone``) work on them.

A class compiled by mypyc cannot be made without its ``__init__``, so the
standard library's generic copy (``cls.__new__`` then the state) fails on it.
Two kinds of compiled class hold a match's state, and each module declares
its own:

* immutable values (frozen dataclasses: actions, deals, results) are shared
  by a copy, as an ``int`` is: :func:`share_when_copied` registers them;
* mutable states (a hand, a deal, the kraak quota) copy themselves in a
  ``__deepcopy__`` that makes a fresh instance with its constructor and gives
  it a deep copy of every attribute (:func:`copy_attributes`).

The pure-Python build goes the same way, so both builds copy alike.

>>> import copy
>>> from troef.games import game
>>> klaverjas = game("klaverjas")
>>> m = klaverjas.new_match("kraken", seed=3)
>>> twin = copy.deepcopy(m)
>>> klaverjas.apply(twin, twin.legal_actions()[0])
>>> len(twin.deals[-1].history), len(m.deals[-1].history)
(1, 0)
"""

from __future__ import annotations

import copy
from typing import Any, TypeVar

__all__ = ["copy_attributes", "share_when_copied"]

T = TypeVar("T")


def share_when_copied(*classes: type) -> None:
    """Let ``copy.deepcopy`` share instances of immutable ``classes`` instead of copying them."""
    for cls in classes:
        # copy.deepcopy looks a type up in this table first, where ints and strings are: a copyreg
        # reduction cannot say "the same object" (its arguments are deep-copied first, this very value too)
        copy._deepcopy_dispatch[cls] = copy._deepcopy_atomic  # type: ignore[attr-defined]


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


def copy_attributes(source: T, target: T, memo: dict[int, Any]) -> T:
    """``target`` (a fresh instance of the same class) with a deep copy of each attribute ``source`` has set."""
    memo[id(source)] = target
    for name in _attributes(type(source)):
        try:
            value = getattr(source, name)
        except AttributeError:
            continue  # not set (yet): the fresh instance's own value stands
        setattr(target, name, copy.deepcopy(value, memo))
    return target
