"""Bonaken for the server: the :class:`~troef.server.adapter.GameAdapter` of ``troef.games.bonaken``.

Views come from :func:`troef.games.bonaken.view.hand_view` only, the one
projection of a hand for a seat or a spectator. The lobby may change a few
variant switches of a preset (:data:`SWITCHES`); nothing else of the rules
is taken from a client.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any, Final

from troef.core.errors import IllegalActionError, NotationError, RecordError, TroefError
from troef.games.bonaken.actions import Bid, parse_action
from troef.games.bonaken.match import Match
from troef.games.bonaken.record import dumps, record_of_match
from troef.games.bonaken.rules import PRESETS, Rules, preset
from troef.games.bonaken.view import BonakenView, hand_view, hand_views, views_to_bytes, views_to_json
from troef.server.adapter import ConfigError, Problem

_ON_OFF: Final = (False, True)

#: The variant switches the lobby offers, with the values each may take.
SWITCHES: Final[dict[str, tuple[object, ...]]] = {
    "min_bid": (5, 10, 15, 20, 25, 30, 35, 40),
    "misere": _ON_OFF,
    "zwabber": _ON_OFF,
    "bonaak_with_roem": _ON_OFF,
    "misere_trump": ("none", "single"),
    "undertrump": ("allowed", "unless_forced", "unless_only_trumps"),
    "overtrump_on_trump_lead": _ON_OFF,
    "stop_when_decided": _ON_OFF,
    "roem_in_tricks": _ON_OFF,
}

#: Bot levels in the order the lobby shows them (others the registry knows come after).
_LEVEL_ORDER: Final = ("random", "heuristic", "pimc")
#: Which bot gives hints, best first.
_HINT_ORDER: Final = ("pimc", "heuristic", "random")


def view_to_json(view: BonakenView) -> dict[str, Any]:
    """The JSON of a view: :meth:`BonakenView.to_json`, the one serialisation of a projection."""
    return view.to_json()


@cache  # the bots that load do not change while the server runs; asked on every new table
def _available_levels() -> tuple[str, ...]:
    try:
        from troef.bots.base import bot_kinds, make_bot
    except ImportError:  # the bots package is not installed: the server's own random player only
        return ("random",)
    found: list[str] = []
    kinds = list(bot_kinds())
    for kind in sorted(kinds, key=lambda k: (_LEVEL_ORDER.index(k) if k in _LEVEL_ORDER else 99, k)):
        try:
            make_bot(kind, 0)
        except Exception:  # a registered bot whose module is missing or broken is not offered
            continue
        found.append(kind)
    return tuple(found) or ("random",)


class _FallbackRandomBot:
    """A random legal action, used only when ``troef.bots`` is not importable."""

    def __init__(self, seed: int) -> None:
        import random

        self.rng = random.Random(seed)

    def act(self, view: BonakenView) -> Any:
        return parse_action(self.rng.choice(view.legal))


class BonakenAdapter:
    """Bonaken (presets ``nk``, ``pagat``, ``hazerswoude``) for the server."""

    name = "bonaken"

    def options(self) -> dict[str, Any]:
        presets = {}
        for name in PRESETS:
            rules = preset(name)
            presets[name] = {
                "players": list(rules.players),
                "default_players": 4 if 4 in rules.players else rules.players[0],
                "switches": {key: _to_json(getattr(rules, key)) for key in SWITCHES},
            }
        choices = {key: (["bool"] if kind is _ON_OFF else list(kind)) for key, kind in SWITCHES.items()}
        return {"presets": presets, "switches": choices, "bots": list(self.bot_levels())}

    def normalize_config(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        name = raw.get("preset", "nk")
        if name not in PRESETS:
            raise ConfigError(f"unknown rules preset {name!r}; choose one of {', '.join(PRESETS)}")
        switches_raw = raw.get("switches")
        if switches_raw is None:
            switches_raw = {}
        if not isinstance(switches_raw, Mapping):
            raise ConfigError("'switches' must be an object")
        base = preset(name)
        switches: dict[str, Any] = {}
        for key, value in switches_raw.items():
            allowed = SWITCHES.get(key)
            if allowed is None:
                raise ConfigError(f"the switch {key!r} cannot be set here; settable: {', '.join(SWITCHES)}")
            if allowed is _ON_OFF:
                if not isinstance(value, bool):
                    raise ConfigError(f"{key} must be true or false")
            elif isinstance(value, bool) or value not in allowed:
                raise ConfigError(f"{key} must be one of {', '.join(map(str, allowed))}")
            if getattr(base, key) != value:
                switches[key] = value
        try:
            rules = preset(name, **switches)
        except RecordError as exc:
            raise ConfigError(str(exc)) from None
        players = raw.get("players", 4)
        if not isinstance(players, int) or isinstance(players, bool) or players not in rules.players:
            allowed_players = ", ".join(map(str, rules.players))
            raise ConfigError(f"the {name} rules are for {allowed_players} players")
        return {"preset": name, "switches": dict(sorted(switches.items())), "players": players}

    def players(self, config: Mapping[str, Any]) -> int:
        return int(config["players"])

    def rules(self, config: Mapping[str, Any]) -> Rules:
        """The rules of a stored configuration."""
        return preset(str(config["preset"]), **dict(config.get("switches", {})))

    def new_match(self, config: Mapping[str, Any], seed: int, first_dealer: int | None) -> Match:
        return Match(self.rules(config), self.players(config), seed=seed, first_dealer=first_dealer)

    def to_act(self, match: Match) -> int:
        return match.to_act

    def is_over(self, match: Match) -> bool:
        return match.is_over

    def check(self, match: Match, text: str) -> tuple[str, Problem | None]:
        try:
            action = parse_action(text)
        except NotationError as exc:
            return text, Problem("bad_action", str(exc))
        canonical = action.text()
        if match.is_over:
            return canonical, Problem("match_over", "the match is over")
        try:
            reason = match.check(action)
        except (TroefError, ValueError, IndexError) as exc:  # e.g. a card number out of range
            return canonical, Problem("illegal", str(exc))
        if reason is not None:
            return canonical, Problem("illegal", reason)
        return canonical, None

    def apply(self, match: Match, text: str) -> None:
        try:
            match.apply(parse_action(text))
        except IllegalActionError as exc:  # check() said yes: this is a bug, not a player's mistake
            raise RuntimeError(f"the engine refused an action it had accepted: {exc}") from exc

    def hand_count(self, match: Match) -> int:
        return len(match.hands)

    def hand_started(self, match: Match) -> bool:
        return bool(match.hand.history)

    def bot_pause(self, match: Match) -> float:
        """How much longer than usual a bot waits now: people read a finished hand or trick first."""
        hand = match.hand
        if not hand.history:
            return 3.0 if len(match.hands) > 1 else 1.0
        if not hand.trick and hand.tricks:
            return 2.0
        return 1.0

    def view(self, match: Match, viewer: int, hand: int | None = None) -> BonakenView:
        return hand_view(match.hand if hand is None else match.hands[hand], viewer)

    def views(self, match: Match, viewers: Sequence[int], hand: int | None = None) -> list[BonakenView]:
        return hand_views(match.hand if hand is None else match.hands[hand], viewers)

    def view_json(self, view: BonakenView) -> dict[str, Any]:
        return view_to_json(view)

    def views_json(self, views: Sequence[BonakenView]) -> list[dict[str, Any]]:
        return views_to_json(views)

    def views_bytes(self, views: Sequence[BonakenView]) -> list[bytes]:
        return views_to_bytes(views)

    def legal(self, view: BonakenView) -> list[str]:
        return list(view.legal)

    def public(self, match: Match) -> dict[str, Any]:
        sheet = match.sheet
        rules = match.rules
        return {
            "hand_no": len(match.hands),
            "over": match.is_over,
            "scoring": rules.scoring,
            "rows": [
                {
                    "hand": row.hand + 1,
                    "contract": row.contract,
                    "declarers": list(row.declarers),
                    "marks": {str(k): v for k, v in row.marks.items()},
                }
                for row in sheet.rows
            ],
            "status": [sheet.status(s).value for s in range(match.table)],
            "plus": list(sheet.plus),
            "minus": list(sheet.minus),
            "points": list(sheet.points) if rules.scoring in ("points5", "limpt_bogmans") else None,
            "table_points": ({str(k): v for k, v in sheet.table_points().items()} if rules.scoring == "nk" else None),
            "losers": list(sheet.losers()) if match.is_over else [],
            "standing": match.standing() if match.is_over else None,
        }

    def result(self, match: Match) -> dict[str, Any]:
        return {"losers": list(match.sheet.losers()), "standing": match.standing(), "hands": len(match.hands)}

    def record(self, match: Match, seats: list[dict[str, str]]) -> str:
        return dumps(record_of_match(match, seats))

    def bot_levels(self) -> list[str]:
        return list(_available_levels())

    def hint_level(self) -> str:
        """The strongest available bot, which gives hints."""
        levels = _available_levels()
        return next(level for level in (*_HINT_ORDER, *levels) if level in levels)

    def warning(self, match: Match, seat: int, text: str) -> str | None:
        """Why a legal action of ``seat`` would cost it dearly, or None: ``false_roem`` for a bid claiming roem
        its cards cannot reach whatever the blind card (nk rules 66-69: erin at once).

        Built from what the seat knows (its cards and the open centre), never from the blind card.
        """
        hand = match.hand
        if not hand.rules.false_roem_erin or hand.to_act != seat or hand.is_over:
            return None
        try:
            action = parse_action(text)
        except NotationError:
            return None
        if not isinstance(action, Bid) or action.text() not in {a.text() for a in hand.legal_actions()}:
            return None
        return "false_roem" if hand._is_false_roem(seat, action) else None

    def hint_values(self, view: BonakenView, budget: float, seed: int) -> list[dict[str, Any]]:
        """Every legal action with the chance that the seat's side succeeds after it, best first (as in the terminal).

        Empty where the solver is not installed. Runs in a worker process (it searches for about ``budget`` seconds).
        """
        if "pimc" not in _available_levels():
            return []
        from troef.bots.hints import hints

        found = hints(view, budget=budget, seed=seed)
        return [{"action": h.text, "value": h.value, "best": h.best} for h in found]

    def make_bot(self, level: str, seed: int) -> Any:
        try:
            from troef.bots.base import make_bot
        except ImportError:
            return _FallbackRandomBot(seed)
        return make_bot(level, seed)

    def bot_action(self, bot: Any, view: BonakenView) -> str:
        return str(bot.act(view).text())


def _to_json(value: object) -> object:
    return value if isinstance(value, (bool, int, str)) or value is None else str(value)
