"""What the server needs of a game: :class:`CoreAdapter` and the registry of games.

The server (tables, seats, messages, storage, the browser's card table) knows
nothing of any one game. It takes a game through :class:`CoreAdapter`: start a
match from a stored configuration, check and apply actions given as text, and
give the view of one seat or a spectator as JSON. It is written once for every
:class:`~troef.core.game.Game` of the game registry
(:mod:`troef.games`), the lobby's switches included (the game's
:meth:`~troef.core.game.Game.switches`); a game whose table needs more (a
score sheet, faster views) names a small subclass in its
:attr:`~troef.core.game.Game.server_adapter` (``troef.server.bonaken``).

A match is fully determined by its configuration, seed, first dealer and the
list of actions: that is all the server stores, and it rebuilds a match after
a restart by replaying the actions (:func:`rebuild`).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Final, Generic, Never, TypeAlias, TypeVar

import orjson

from troef.core.bot import Bot
from troef.core.errors import IllegalActionError, NotationError, TroefError
from troef.core.game import AnyGame, Game, Match, View
from troef.core.refusals import Refusal
from troef.games import game as get_game
from troef.games import names as game_names
from troef.games import part as game_part

log = logging.getLogger("troef.server")


class ConfigError(TroefError, ValueError):
    """A table configuration the game cannot play; the message says what is wrong."""


@dataclass(frozen=True, slots=True)
class Problem:
    """Why an action is refused: a stable ``code`` and a message a player understands (English).

    An action the rules refuse has the code ``illegal`` and the engine's
    ``refusal`` (its code and parameters), which the browser words in the
    page's language with the game's texts (``/api/games/{game}/texts``).
    """

    code: str
    message: str
    refusal: Refusal | None = None

    def detail(self) -> dict[str, Any] | None:
        """The refusal as the error message carries it (``{"code": ..., "params": {...}}``), or None."""
        return None if self.refusal is None else self.refusal.to_json()


class LogError(ConfigError):
    """A stored action that does not replay; ``index`` is its place in the log (0-based)."""

    def __init__(self, message: str, index: int) -> None:
        super().__init__(message)
        self.index = index


def rebuild(
    game: GameAdapter,
    config: Mapping[str, Any],
    seed: int,
    first_dealer: int | None,
    actions: Iterable[str],
) -> Any:
    """The match after ``actions``, replayed from the start; a refused action raises :class:`LogError`."""
    match = game.new_match(config, seed, first_dealer)
    for i, text in enumerate(actions):
        _, problem = game.check(match, text)
        if problem is not None:
            raise LogError(f"stored action {i + 1} ({text!r}) does not replay: {problem.message}", i)
        game.apply(match, text)
    return match


def settle(
    game: GameAdapter,
    config: Mapping[str, Any],
    seed: int,
    first_dealer: int | None,
    actions: Sequence[str],
) -> tuple[dict[str, Any], Any]:
    """The configuration with the rules revision the table was played under, and the match after ``actions``.

    A table stored before tables named their revision is read as the newest revision of the game's
    unmarked ones (:meth:`~troef.core.game.Game.unmarked_revisions`) under which its whole log replays,
    as records are (docs/records.md, "Rules revisions"); where none does, the error is the one of the
    reading that got furthest. A table that names its revision is rebuilt under it.
    """
    if "revision" in config:
        return dict(config), rebuild(game, config, seed, first_dealer, actions)
    revisions = game.game.unmarked_revisions()
    failures: list[LogError] = []
    for revision in revisions:
        settled = {**config, "revision": revision}
        try:
            return settled, rebuild(game, settled, seed, first_dealer, actions)
        except LogError as exc:
            failures.append(exc)
    raise max(failures, key=lambda exc: exc.index)  # stable: the newest reading wins a tie


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


_ON_OFF: Final = (False, True)
#: How much longer than usual a bot waits at each moment of a deal: people look at a finished deal or trick first.
_PAUSES: Final[dict[str, float]] = {"deal_start": 3.0, "trick_done": 2.0, "playing": 1.0}


M = TypeVar("M", bound="Match[Never]")
V = TypeVar("V", bound=View)


class CoreAdapter(Generic[M, V]):
    """What the server needs of a game, written once against the game protocol (:class:`~troef.core.game.Game`):
    ``CoreAdapter[Match, View]`` over the game's own match and view types. The server holds any game's as a
    :data:`GameAdapter`; matches and views pass through it only back to the same game, and leave the server
    as JSON (the views, the public score sheet, the result, the hints: ``dict[str, Any]``).

    A configuration is ``{"preset": ..., "players": ..., "switches": {...}}``;
    the lobby may set only the game's switches (:meth:`~troef.core.game.Game.switches`),
    each to one of its choices (``_ON_OFF`` for true/false).
    """

    def __init__(self, game: AnyGame) -> None:
        self.game = game
        self.name = game.name
        #: The variant switches the lobby offers, with the values each may take.
        self.switches: dict[str, tuple[object, ...]] = {
            switch.name: (_ON_OFF if switch.kind is bool else switch.choices) for switch in game.switches()
        }
        self._plain = game.web_module is None and plain_table(game)

    # ------------------------------------------------------------------ configuration
    def switch_default(self, preset: str, key: str) -> object:
        """What switch ``key`` is in ``preset`` when the lobby leaves it alone."""
        return self.game.switch_default(preset, key)

    def options(self) -> dict[str, Any]:
        presets = {}
        for name, info in self.game.presets().items():
            presets[name] = {
                "players": list(info.players),
                "default_players": info.default_players,
                "switches": {key: _to_json(self.switch_default(name, key)) for key in self.switches},
            }
        choices = {key: (["bool"] if kind is _ON_OFF else list(kind)) for key, kind in self.switches.items()}
        return {
            "title": self.game.title,
            "languages": list(self.game.languages),
            "presets": presets,
            "switches": choices,
            "bots": list(self.bot_levels()),
            # what the lobby offers (the API takes every bot of "bots")
            "levels": [level for level in self.game.offered_levels() if level in self.bot_levels()],
            # where the browser finds the game's table: a module of troef's own web folder, or the game's package's
            "web": web_address(self.game),
            # the lobby's words for its presets, computer players and switches, per language, from its catalogue
            "labels": self.labels(),
        }

    def labels(self) -> dict[str, dict[str, str]]:
        """The game's own words for its title, presets, computer players and switches, per language (JSON-ready);
        a language or key the game does not word is left out (the browser falls back to its own catalogue)."""
        keys = [
            "title",
            *(f"preset_{name}" for name in self.game.presets()),
            *(f"level_{kind}" for kind in self.game.bot_kinds()),
            *(f"switch_{name}" for name in self.switches),
        ]
        found: dict[str, dict[str, str]] = {}
        for lang in ("nl", "en", "de"):
            words = {key: word for key in keys if (word := self.game.word(key, lang)) is not None}
            if words:
                found[lang] = words
        return found

    def normalize_config(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        presets = self.game.presets()
        name = raw.get("preset", self.game.default_preset)
        if type(name) is not str or name not in presets:
            raise ConfigError(f"unknown rules preset {str(name)[:40]!r}; choose one of {', '.join(presets)}")
        switches_raw = raw.get("switches")
        if switches_raw is None:
            switches_raw = {}
        if not isinstance(switches_raw, Mapping):
            raise ConfigError("'switches' must be an object")
        switches: dict[str, Any] = {}
        for key, value in switches_raw.items():
            allowed = self.switches.get(key) if type(key) is str else None
            if allowed is None:
                settable = ", ".join(self.switches) or "none"
                raise ConfigError(f"the switch {str(key)[:40]!r} cannot be set here; settable: {settable}")
            # exactly the type of the allowed values: 30.0 is not 30 and True is not 1 (the stored
            # configuration must read back as what the rules take: rule objects check their types)
            if not any(type(value) is type(choice) and value == choice for choice in allowed):
                if allowed is _ON_OFF:
                    raise ConfigError(f"{key} must be true or false")
                raise ConfigError(f"{key} must be one of {', '.join(map(str, allowed))}")
            if self.switch_default(name, key) != value:
                switches[key] = value
        players = raw.get("players", presets[name].default_players)
        if type(players) is not int or players not in presets[name].players:
            allowed_players = ", ".join(map(str, presets[name].players))
            raise ConfigError(f"the {name} rules are for {allowed_players} players")
        try:  # a combination of switches the rules refuse
            self.game.new_match(name, players, seed=0, first_dealer=0, switches=switches)
        except TroefError as exc:
            raise ConfigError(str(exc)) from None
        # the rules revision a new table is played under, for good (docs/records.md, "Rules revisions")
        return {
            "preset": name,
            "switches": dict(sorted(switches.items())),
            "players": players,
            "revision": self.game.rules_revision(),
        }

    def players(self, config: Mapping[str, Any]) -> int:
        return int(config["players"])

    # ------------------------------------------------------------------ the match
    def new_match(self, config: Mapping[str, Any], seed: int, first_dealer: int | None) -> M:
        """A fresh match; the same arguments always give the same match (its rules revision included)."""
        preset = str(config["preset"])
        revision = config.get("revision")
        if revision is None:  # stored before tables named their revision: see settle()
            revision = self.game.unmarked_revisions()[0]
        try:
            switches = self.game.switches_at(preset, dict(config.get("switches", {})), revision)
        except TroefError as exc:
            raise ConfigError(str(exc)) from None
        match: M = self.game.new_match(
            preset,
            self.players(config),
            seed=seed,
            first_dealer=first_dealer,
            switches=switches,
        )
        return match

    def to_act(self, match: M) -> int:
        return int(match.to_act)

    def is_over(self, match: M) -> bool:
        return bool(match.is_over)

    def check(self, match: M, text: str) -> tuple[str, Problem | None]:
        """The canonical text of an action for the seat to act, and why it is refused (or None)."""
        try:
            action = self.game.parse_action(text)
        except NotationError as exc:
            return text, Problem("bad_action", str(exc))
        except Exception:  # a parser's bug: the action is refused all the same, and nothing changes
            log.exception("the %s parser failed on %r", self.name, text[:64])
            return text, Problem("bad_action", "the action could not be read")
        canonical = action.text()
        if match.is_over:
            return canonical, Problem("match_over", "the match is over")
        try:
            refused = self.game.refusal(match, action)
        except (TroefError, ValueError, IndexError) as exc:  # e.g. a card number out of range
            return canonical, Problem("illegal", str(exc))
        if refused is not None:
            return canonical, Problem("illegal", str(refused), refused)
        return canonical, None

    def texts(self) -> dict[str, Any]:
        return self.game.texts().to_json()

    def apply(self, match: M, text: str) -> None:
        """Apply an action that :meth:`check` accepted."""
        try:
            self.game.apply(match, self.game.parse_action(text))
        except IllegalActionError as exc:  # check() said yes: this is a bug, not a player's mistake
            raise RuntimeError(f"the engine refused an action it had accepted: {exc}") from exc

    def hand_count(self, match: M) -> int:
        """The deals so far, the current one included (the protocol's ``hand``)."""
        return self.game.deals(match)

    def hand_started(self, match: M) -> bool:
        """Whether anything has happened yet in the current deal."""
        return self.game.deal_started(match)

    # ------------------------------------------------------------------ views
    def view(self, match: M, viewer: int, hand: int | None = None) -> V:
        """The view of deal ``hand`` (default: the current one) for a seat or the spectator (-1)."""
        view: V = self.game.view(match, viewer, hand)
        return view

    def views(self, match: M, viewers: Sequence[int], hand: int | None = None) -> list[V]:
        """:meth:`view` for several viewers at once (a game may share the work between them)."""
        return [self.view(match, viewer, hand) for viewer in viewers]

    def view_json(self, view: V) -> dict[str, Any]:
        """A view as JSON-ready data (with the table view where the browser plays it at the plain table)."""
        data: dict[str, Any] = view.to_json()
        if self._plain:  # the browser's plain table reads the table view (troef.core.game.TableView)
            table = self.game.table_view(view)
            if table is not None:
                data["table"] = table.to_json()
        return data

    def views_json(self, views: Sequence[V]) -> list[dict[str, Any]]:
        """:meth:`view_json` of several views made together (the dicts may share parts: read-only)."""
        return [self.view_json(view) for view in views]

    def views_bytes(self, views: Sequence[V]) -> list[bytes]:
        """:meth:`view_json` of several views encoded as compact JSON: the server calls this for every seat after
        every action, so a game may encode what the views share once."""
        return [orjson.dumps(data) for data in self.views_json(views)]

    def legal(self, view: V) -> list[str]:
        """The actions a view offers its viewer, as text."""
        return list(view.legal)

    def public(self, match: M) -> dict[str, Any]:
        """What everyone may know of the match as a whole (score sheet, standing), JSON-ready."""
        over = self.is_over(match)
        return {"hand_no": self.hand_count(match), "over": over, "standing": self.game.standing(match)}

    def result(self, match: M) -> dict[str, Any]:
        """The final result of a finished match, JSON-ready (stored with the table)."""
        scores = self.game.scores(match)
        return {"standing": self.game.standing(match), "scores": {str(k): v for k, v in sorted(scores.items())}}

    def record(self, match: M, seats: list[dict[str, str]]) -> str:
        """The full record of the match (JSON text): every card, for finished matches only."""
        return self.game.record(match, seats)

    # ------------------------------------------------------------------ computer players
    def warning(self, match: M, seat: int, text: str) -> str | None:
        """A warning before a risky action of ``seat`` (a code the browser words), or None: none by default."""
        return None

    def bot_levels(self) -> list[str]:
        """The computer players that can be made now."""
        return list(_available_levels(self.game.name))

    def hint_level(self) -> str:
        """The strongest computer player the game offers people (:meth:`~troef.core.game.Game.offered_levels`,
        weakest first), which gives hints where the game has no hints of its own."""
        levels = _available_levels(self.game.name)
        offered = [level for level in self.game.offered_levels() if level in levels]
        return offered[-1] if offered else levels[-1]

    def hint_values(self, view: V, budget: float, seed: int) -> list[dict[str, Any]]:
        """The game's hints (:meth:`~troef.core.game.Game.hints`), best first; empty where it has none."""
        found = sorted(
            self.game.hints(view, budget, seed), key=lambda h: (not h.best, -1.0 if h.value is None else -h.value)
        )
        return [{"action": h.text, "value": h.value, "best": h.best} for h in found]

    def make_bot(self, level: str, seed: int) -> Bot:
        """A computer player of ``level``."""
        return self.game.make_bot(level, seed)

    def bot_pause(self, match: M) -> float:
        """How much longer than usual a bot waits now (:meth:`~troef.core.game.Game.moment`): people look at a
        finished trick first, and at a finished deal longer (the first deal of a match has nothing to look at)."""
        moment = self.game.moment(match)
        if moment == "deal_start" and self.game.deals(match) <= 1:
            return 1.0
        return _PAUSES[moment]

    def bot_action(self, bot: Bot, view: V) -> str:
        """The action a bot takes in its view (runs in a worker thread)."""
        return str(bot.act(view).text())


def plain_table(game: AnyGame) -> bool:
    """Whether ``game`` gives a table view (:meth:`~troef.core.game.Game.table_view`), which the browser's
    plain table plays."""
    return type(game).table_view is not Game.table_view


def web_address(game: AnyGame) -> str | None:
    """The address the browser imports ``game``'s table from (:attr:`~troef.core.game.Game.web_module`): the plain
    table, once per game, for a game that names none but gives a table view; None: no table in the browser."""
    if game.web_module is None:
        return f"/static/plain.js?game={game.name}" if plain_table(game) else None
    package, _, file = game.web_module.partition(":")
    return f"/static/{file}" if package == "troef.web" else f"/games/{game.name}.js"


def web_source(game: AnyGame) -> str:
    """The text of ``game``'s browser module from its own package; :class:`TroefError` when it names none."""
    if game.web_module is None:
        raise TroefError(f"{game.name} has no table in the browser")
    package, colon, file = game.web_module.partition(":")
    if not colon or not file.endswith(".js") or "/" in file or "\\" in file:
        raise TroefError(f"{game.name}'s web module must be 'package:file.js', not {game.web_module!r}")
    try:
        return resources.files(package).joinpath(file).read_text(encoding="utf-8")
    except (ImportError, OSError) as exc:
        raise TroefError(f"{game.name}'s web module ({game.web_module}) cannot be read: {exc}") from exc


@cache  # the bots that load do not change while the server runs; asked on every new table
def _available_levels(name: str) -> tuple[str, ...]:
    game = get_game(name)
    for kind in game.bot_kinds():
        game.make_bot(kind, 0)  # a bot whose module is missing or broken raises here, never left out quietly
    return game.bot_kinds()


def _to_json(value: object) -> object:
    return value if isinstance(value, (bool, int, str)) or value is None else str(value)


#: Any game's adapter, as the server holds it (its matches and views go back only to the same adapter).
GameAdapter: TypeAlias = "CoreAdapter[Any, Any]"


def adapter(name: str) -> GameAdapter:
    """The server's adapter of game ``name``: the one its :attr:`~troef.core.game.Game.server_adapter` names,
    else :class:`CoreAdapter`. A part that is not an adapter class fails loudly."""
    played = get_game(name)
    cls = game_part(played, "server_adapter", "server part")
    if cls is None:
        return CoreAdapter(played)
    if not (isinstance(cls, type) and issubclass(cls, CoreAdapter)):
        raise TroefError(f"{name}'s server part is not a CoreAdapter subclass")
    return cls(played)


def games() -> dict[str, GameAdapter]:
    """Every game the server offers, by name (the game registry's order)."""
    return {name: adapter(name) for name in game_names()}
