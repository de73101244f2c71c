"""troef's games as Python games of OpenSpiel: ``import troef.research.openspiel`` registers them.

>>> import pyspiel, troef.research.openspiel
>>> game = pyspiel.load_game("troef_klaverjas(preset=kraken)")
>>> game.num_players(), game.num_distinct_actions()
(4, 95)

Every game of :func:`troef.games.names` that declares a research part
(:attr:`troef.core.game.Game.research_part`) is registered as ``troef_<name>``,
outside games included (:func:`register` registers games made known later).
Its parameters: ``preset`` (the game's default preset), ``players`` (the
preset's default), ``episode`` (``deal``, the default: one deal, or
``match``) and every rule switch of :meth:`~troef.core.game.Game.switches`
(a switch left at the default preset's value is the chosen preset's own).
The episode, its chance nodes (the first dealer and a node per card) and its
returns are those of :mod:`troef.research.episode`; the action ids those of
:mod:`troef.research.actions`; the tensors those of :mod:`troef.research.tensors`,
built from the seat's view only; the bounds of the returns and the longest
episode are the game's declarations.

States are copied with the engines' own copies (pyspiel's ``clone``).
``state.serialize()`` is the episode's history (chance outcomes and action ids,
OpenSpiel's form for games without their own) and ``game.deserialize_state``
replays it, checking every step; nothing is pickled. (``pyspiel.serialize_game_and_state``,
OpenSpiel's C++, also writes the state's Python attributes as a pickle; troef's
is a call that replays the history, but ``pyspiel.deserialize_game_and_state``
unpickles whatever it is given: never give it text from elsewhere.)
``resample_from_infostate`` deals again the cards the player has not seen with
the game's own world sampler (:mod:`troef.research.episode`), and the state it
returns is made again from its own history. See docs/research.md.
"""

from __future__ import annotations

import random
from typing import Any, Final

import numpy as np
import pyspiel

from troef.core.errors import TroefError
from troef.core.game import AnyGame, Switch, SwitchValue
from troef.games import game as get_game
from troef.games import names
from troef.research.actions import research_part, table
from troef.research.episode import CHANCE_OUTCOMES, Config, Episode
from troef.research.strings import view_string
from troef.research.tensors import layout

__all__ = ["TroefGame", "TroefState", "deserialize", "register", "registered"]

#: The games registered with pyspiel in this process: name -> their game type.
_REGISTERED: Final[dict[str, pyspiel.GameType]] = {}


def _researched(g: AnyGame) -> bool:
    return g.research_part is not None


def _game_type(name: str) -> pyspiel.GameType:
    g = get_game(name)
    part = research_part(name)
    preset = g.default_preset
    params: dict[str, Any] = {
        "preset": preset,
        "players": g.preset(preset).default_players,
        "episode": "deal",
    }
    for switch in g.switches():
        params[switch.name] = _spec_value(g.switch_default(preset, switch.name))
    players = sorted({n for p in g.presets().values() for n in p.players})
    return pyspiel.GameType(
        short_name=f"troef_{name}",
        long_name=f"troef {g.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if part.zero_sum else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players[-1],
        min_num_players=players[0],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


def config_of(name: str, params: dict[str, Any]) -> Config:
    """The episode config of game ``name`` from pyspiel parameters (unknown values raise, naming the known).

    A switch equal to the default preset's value is taken as not set, so the chosen preset's own applies.
    """
    g = get_game(name)
    preset = str(params.get("preset", g.default_preset))
    players = int(params.get("players", g.preset(preset).default_players))
    known = {s.name: s for s in g.switches()}
    switches: dict[str, Any] = {}
    for key, value in params.items():
        if key in ("preset", "players", "episode"):
            continue
        if key not in known:
            raise TroefError(f"{name} has no parameter {key!r}; it takes preset, players, episode, {', '.join(known)}")
        if value not in (
            _spec_value(g.switch_default(g.default_preset, key)),
            _spec_value(g.switch_default(preset, key)),
        ):
            switches[key] = _parsed(known[key], value)
    if players not in g.preset(preset).players:
        # the default players of the default preset, with another preset: that preset's own
        if "players" in params and int(params["players"]) == g.preset(g.default_preset).default_players:
            players = g.preset(preset).default_players
    return Config(name, preset, players, str(params.get("episode", "deal")), switches)


def _spec_value(value: SwitchValue) -> SwitchValue:
    # OpenSpiel reads a parameter that starts like a number as one ("4-4" fails): such words are written with _
    return value.replace("-", "_") if isinstance(value, str) else value


def _parsed(switch: Switch, value: Any) -> SwitchValue:
    for choice in switch.choices:
        if _spec_value(choice) == value:
            return choice
    return switch.parse(str(value))


class TroefGame(pyspiel.Game):  # type: ignore[misc]
    """One troef game and preset as a pyspiel game (any game with a research part)."""

    def __init__(self, name: str, params: dict[str, Any] | None = None) -> None:
        self.name = name
        self.config = config_of(name, dict(params or {}))
        c = self.config
        part = research_part(name)
        low, high = part.utility(c.preset, c.players, "match" if c.episode == "match" else "deal", c.switches)
        sample = get_game(name).new_match(c.preset, c.players, seed=0, switches=c.switches or None)
        deal_length = part.longest_deal(c.preset, c.players) + sum(part.piles(sample))  # a chance node a card
        length = deal_length * (part.longest_match(c.preset, c.players) if c.episode == "match" else 1) + 1
        info = pyspiel.GameInfo(
            num_distinct_actions=len(table(name)),
            max_chance_outcomes=CHANCE_OUTCOMES,
            num_players=c.players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0 if part.zero_sum else None,
            max_game_length=length,
        )
        given = dict(params or {})
        given.setdefault("players", c.players)
        super().__init__(_type_of(name), info, given)
        self.layout = layout(name, c.players)

    def new_initial_state(self) -> TroefState:
        return TroefState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        perfect_recall = bool(iig_obs_type.perfect_recall) if iig_obs_type is not None else False
        return Observer(self, perfect_recall)

    def deserialize_state(self, text: str) -> TroefState:
        """The state a :meth:`TroefState.serialize` text makes (its history replayed; nothing is unpickled)."""
        return deserialize(self, text)


class TroefState(pyspiel.State):  # type: ignore[misc]
    """A state: an :class:`~troef.research.episode.Episode`."""

    def __init__(self, game: TroefGame) -> None:
        super().__init__(game)
        self.episode = Episode(game.config)

    def current_player(self) -> int:
        # pyspiel asks several times a step: the seat to act is remembered by the episode
        e = self.episode
        if e.over:
            return _TERMINAL
        if e.is_chance:
            return _CHANCE_PLAYER
        seat = e._to_act
        return seat if seat is not None else e.to_act

    def _legal_actions(self, player: int) -> list[int]:
        e = self.episode
        if player != e.to_act:
            return []
        return list(e.legal())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.episode.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        if self.episode.is_chance:
            self.episode.apply_chance(action)
        else:
            self.episode.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return self.episode.chance_text(action)
        return self.episode.actions.text_of(action)

    def is_terminal(self) -> bool:
        return self.episode.over

    def returns(self) -> list[float]:
        return list(self.episode.returns)

    def serialize(self) -> str:
        """The episode's history: its chance outcomes and action ids, one a line (no pickle)."""
        return "\n".join(map(str, self.episode.history))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TroefState:
        """A state the player cannot tell from this one, its unseen cards dealt again (:meth:`Episode.resampled`).

        ``probability_sampler`` (a callable giving floats in [0, 1), as OpenSpiel passes one) seeds the
        draw, so the same sampler gives the same world; a state made from its history is the same world.
        """
        if callable(probability_sampler):
            seed = int(probability_sampler() * (1 << 30))
        else:
            raise TroefError("resample_from_infostate needs a probability sampler (a callable giving [0, 1))")
        world = self.episode.resampled(player_id, random.Random(seed))
        game = self.get_game()
        if world.rooted:
            other: TroefState = game.new_initial_state()
            for step in world.history:
                other.apply_action(step)
            return other
        other = self.clone()
        other.episode = world
        return other

    def __str__(self) -> str:
        e = self.episode
        if e.is_chance:
            return f"dealing ({len(e.history)} chance outcomes so far)"
        return f"{get_game(e.config.game).deals(e.match)} deal(s), to act {e.to_act}"


def deserialize(game: TroefGame, text: str) -> TroefState:
    """The state of ``game`` that a history (:meth:`TroefState.serialize`) makes; bad text raises ``TroefError``."""
    state = game.new_initial_state()
    for n, line in enumerate(filter(None, (part.strip() for part in text.splitlines())), 1):
        if not line.lstrip("-").isdigit():
            raise TroefError(f"line {n} of a serialised state is not an action id: {line[:40]!r}")
        if state.is_terminal():
            raise TroefError(f"line {n}: the episode is over before it")
        step = int(line)
        legal = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        if step not in legal:
            raise TroefError(f"line {n}: {step} is not a legal step here")
        state.apply_action(step)
    return state


class Observer:
    """pyspiel's Python observer: a seat's tensor and string, from its view only."""

    def __init__(self, game: TroefGame, perfect_recall: bool) -> None:
        self.layout = game.layout
        self.perfect_recall = perfect_recall
        size = self.layout.information_state_size if perfect_recall else self.layout.observation_size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}
        #: Per player, what the events gave its last tensor (any state: the memo checks the events it reuses).
        self._memo: dict[int, dict[str, Any]] = {}

    def set_from(self, state: TroefState, player: int) -> None:
        self.tensor.fill(0)
        view = state.episode.view(player)
        if view is not None:
            self.layout.write(view, self.tensor, self.perfect_recall, self._memo.setdefault(player, {}))

    def string_from(self, state: TroefState, player: int) -> str:
        return view_string(state.episode, player, self.perfect_recall)


_TERMINAL: Final = int(pyspiel.PlayerId.TERMINAL)
_CHANCE_PLAYER: Final = int(pyspiel.PlayerId.CHANCE)


def _type_of(name: str) -> pyspiel.GameType:
    found = _REGISTERED.get(name)
    return found if found is not None else _game_type(name)


def register() -> tuple[str, ...]:
    """Register every game of :func:`troef.games.names` with a research part that is not registered yet.

    Returns the names registered now. Importing this module calls it; a game made known later (by
    :func:`troef.games.register`) is registered by calling it again.
    """
    done = []
    for name in names():
        if name in _REGISTERED or not _researched(get_game(name)):
            continue
        kind = _game_type(name)
        # pyspiel keeps what is registered until the process ends: a class per game, as OpenSpiel's own
        # Python games register (a closure registered here made the interpreter abort while shutting down)
        cls = type(f"Troef_{name}", (TroefGame,), {"__init__": _init_for(name)})
        pyspiel.register_game(kind, cls)
        _REGISTERED[name] = kind
        _CLASSES[name] = cls
        done.append(name)
    return tuple(done)


def registered() -> tuple[str, ...]:
    """The games registered with pyspiel so far."""
    return tuple(_REGISTERED)


def _init_for(name: str) -> Any:
    def __init__(self: TroefGame, params: dict[str, Any] | None = None) -> None:
        TroefGame.__init__(self, name, params)

    return __init__


_CLASSES: Final[dict[str, type[TroefGame]]] = {}
register()
