"""What the server needs of a game: the :class:`GameAdapter` protocol and the registry of games.

The server (tables, seats, messages, storage, the browser's card table) knows
nothing of Bonaken. A game plugs in by implementing :class:`GameAdapter`:
start a match from a stored configuration, check and apply actions given as
text, and give the view of one seat or a spectator. Kraken or Binokel add an
adapter module and one line in :data:`GAMES`.

A match is fully determined by its configuration, seed, first dealer and the
list of actions: that is all the server stores, and it rebuilds a match after
a restart by replaying the actions (:func:`rebuild`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from troef.core.errors import TroefError


class ConfigError(TroefError, ValueError):
    """A table configuration the game cannot play; the message says what is wrong."""


@dataclass(frozen=True, slots=True)
class Problem:
    """Why an action is refused: a stable ``code`` and a message a player understands."""

    code: str
    message: str


class GameAdapter(Protocol):
    """One game as the server sees it. Matches and views are the game's own objects."""

    #: The game's name in URLs, records and the database (e.g. ``"bonaken"``).
    name: str

    def options(self) -> dict[str, Any]:
        """What the lobby offers: presets, numbers of players, variant switches (JSON-ready)."""
        ...

    def normalize_config(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        """A checked, JSON-ready configuration from what a client sent; raise :class:`ConfigError`."""
        ...

    def players(self, config: Mapping[str, Any]) -> int:
        """Number of seats at a table of this configuration."""
        ...

    def new_match(self, config: Mapping[str, Any], seed: int, first_dealer: int | None) -> Any:
        """A fresh match; the same arguments always give the same match."""
        ...

    def to_act(self, match: Any) -> int:
        """The seat to act, -1 when nobody is (the match is over)."""
        ...

    def is_over(self, match: Any) -> bool:
        """Whether the match has ended."""
        ...

    def check(self, match: Any, text: str) -> tuple[str, Problem | None]:
        """The canonical text of an action for the seat to act, and why it is refused (or None)."""
        ...

    def apply(self, match: Any, text: str) -> None:
        """Apply an action that :meth:`check` accepted."""
        ...

    def hand_count(self, match: Any) -> int:
        """Number of hands (deals) so far, the current one included."""
        ...

    def hand_started(self, match: Any) -> bool:
        """Whether anything has happened yet in the current hand."""
        ...

    def view(self, match: Any, viewer: int, hand: int | None = None) -> Any:
        """The view of hand ``hand`` (default: the current one) for a seat or the spectator (-1)."""
        ...

    def views(self, match: Any, viewers: Sequence[int], hand: int | None = None) -> list[Any]:
        """:meth:`view` for several viewers at once (a game may share the work between them)."""
        ...

    def view_json(self, view: Any) -> dict[str, Any]:
        """A view as JSON-ready data."""
        ...

    def views_json(self, views: Sequence[Any]) -> list[dict[str, Any]]:
        """:meth:`view_json` of several views made together (the dicts may share parts: read-only)."""
        ...

    def views_bytes(self, views: Sequence[Any]) -> list[bytes]:
        """:meth:`view_json` of several views made together, encoded as compact JSON (as ``orjson.dumps`` does).

        The server calls this for every seat after every action: a game may
        encode what the views share once.
        """
        ...

    def legal(self, view: Any) -> list[str]:
        """The actions a view offers its viewer, as text."""
        ...

    def public(self, match: Any) -> dict[str, Any]:
        """What everyone may know of the match as a whole (score sheet, standing), JSON-ready."""
        ...

    def result(self, match: Any) -> dict[str, Any]:
        """The final result of a finished match, JSON-ready (stored with the table)."""
        ...

    def record(self, match: Any, seats: list[dict[str, str]]) -> str:
        """The full record of the match as text (JSON): every card, for finished matches only."""
        ...

    def bot_levels(self) -> list[str]:
        """The computer players that can be made now (e.g. ``random``, ``heuristic``)."""
        ...

    def make_bot(self, level: str, seed: int) -> Any:
        """A computer player of ``level``."""
        ...

    def bot_action(self, bot: Any, view: Any) -> str:
        """The action a bot takes in its view (runs in a worker thread)."""
        ...


def rebuild(
    game: GameAdapter,
    config: Mapping[str, Any],
    seed: int,
    first_dealer: int | None,
    actions: Iterable[str],
) -> Any:
    """The match after ``actions``, replayed from the start; a refused action raises :class:`ConfigError`."""
    match = game.new_match(config, seed, first_dealer)
    for i, text in enumerate(actions):
        _, problem = game.check(match, text)
        if problem is not None:
            raise ConfigError(f"stored action {i + 1} ({text!r}) does not replay: {problem.message}")
        game.apply(match, text)
    return match


def canonical_config(config: Mapping[str, Any]) -> dict[str, Any]:
    """``config`` if it is canonical JSON data, else :class:`ConfigError`.

    Canonical: objects with text keys, lists, text, integers, true/false and
    null, nothing else (no floats, so ``30.0`` cannot stand in for ``30``), so
    that what is stored reads back as exactly what was checked. A game's
    :meth:`GameAdapter.normalize_config` must return such data; this is the
    server's own check that it did.
    """

    def ok(value: object, depth: int) -> bool:
        if depth > 16:
            return False
        if value is None or type(value) in (bool, int, str):
            return True
        if type(value) is list:
            return all(ok(item, depth + 1) for item in value)
        if type(value) is dict:
            return all(type(k) is str and ok(v, depth + 1) for k, v in value.items())
        return False

    out = dict(config)
    if not ok(out, 0):
        raise ConfigError("the configuration is not canonical JSON data (objects, lists, text, integers, booleans)")
    return out


def games() -> dict[str, GameAdapter]:
    """Every game the server offers, by name."""
    from troef.server.bonaken import BonakenAdapter

    adapters: list[GameAdapter] = [BonakenAdapter()]
    return {g.name: g for g in adapters}
