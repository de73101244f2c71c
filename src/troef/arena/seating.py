"""The arena's seating: seat lists and bot settings read from text, who sits where, the seeds of matches and bots.

Seats rotate: in match ``i`` the bot listed ``j``-th sits at seat
``(i + j) mod n``; with duplicate deals, each group of ``n`` matches shares one
match seed, hence the same shuffles.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from troef.core.errors import TroefError


class ArenaError(TroefError, ValueError):
    """A bad arena setting (seat names, counts)."""


# ---------------------------------------------------------------------------- seating
def parse_seats(text: str) -> list[str]:
    """The seats of a comma-separated list, where a bot's settings may use commas too.

    >>> parse_seats("pimc:budget=1,samples=40,heuristic,random")
    ['pimc:budget=1,samples=40', 'heuristic', 'random']
    """
    seats: list[str] = []
    for token in (t.strip() for t in text.split(",")):
        if not token:
            continue
        if "=" in token and ":" not in token and seats:
            seats[-1] += "," + token  # another setting of the bot before
        else:
            seats.append(token)
    return seats


def parse_seat(spec: str) -> tuple[str, dict[str, str]]:
    """``'pimc:budget=1,samples=40'`` -> ``('pimc', {'budget': '1', 'samples': '40'})`` (``;`` separates too)."""
    kind, _, rest = spec.strip().partition(":")
    options: dict[str, str] = {}
    for part in rest.replace(";", ",").split(","):
        if not part.strip():
            continue
        key, eq, value = part.partition("=")
        if not eq:
            raise ArenaError(f"bad bot setting {part!r} in {spec!r}: write key=value")
        options[key.strip()] = value.strip()
    if not kind:
        raise ArenaError(f"empty bot name in {spec!r}")
    return kind, options


def seat_of(entry: int, match: int, players: int) -> int:
    """The seat of the ``entry``-th bot in match number ``match`` (rotation)."""
    return (entry + match) % players


def match_seed(seed: int, match: int, players: int, duplicate: bool) -> int:
    """The seed of match ``match``: shared by each group of ``players`` matches in duplicate mode."""
    key = match // players if duplicate else match
    return (seed * 1_000_003 + key * 7_919 + 17) % 2**62


def bot_seed(seed: int, match: int, entry: int) -> int:
    return (seed * 999_983 + match * 4_099 + entry * 131 + 5) % 2**62


def settings(options: dict[str, str], base: Any, kind: str = "bot") -> Any:
    """``base`` (a dataclass instance) with the fields named in ``options`` set from their text.

    A field's type is read from its value in ``base``: a bool takes 1/true/yes, an int or float a number, a
    field that is None (a limit left open) an int or ``none``.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class S:
    ...     samples: int = 20
    ...     budget: float = 0.5
    ...     limit: int | None = None
    >>> settings({"samples": "8", "limit": "none", "budget": "1"}, S())
    S(samples=8, budget=1.0, limit=None)
    """
    fields = {f.name for f in dataclasses.fields(base)}
    changes: dict[str, Any] = {}
    for key, value in options.items():
        if key not in fields:
            raise ArenaError(f"unknown {kind} setting {key!r}; choose from {', '.join(sorted(fields))}")
        current = getattr(base, key)
        try:
            if current is None:
                changes[key] = None if value.lower() in ("", "none") else int(value)
            elif isinstance(current, bool):
                changes[key] = value.lower() in ("1", "true", "yes")
            elif isinstance(current, int):
                changes[key] = int(value)
            elif isinstance(current, float):
                changes[key] = float(value)
            elif isinstance(current, str):
                changes[key] = value
            else:
                raise ArenaError(f"the {kind} setting {key!r} cannot be given on the command line")
        except ValueError:
            raise ArenaError(f"bad value {value!r} for the setting {key!r}") from None
    try:
        return dataclasses.replace(base, **changes)
    except ValueError as exc:  # the settings' own check (a Strength's __post_init__)
        raise ArenaError(f"bad {kind} settings: {exc}") from None
