"""troef's games as Python games of OpenSpiel: ``import troef.research.openspiel`` registers them.

>>> import pyspiel, troef.research.openspiel
>>> game = pyspiel.load_game("troef_klaverjas(preset=kraken)")
>>> game.num_players(), game.num_distinct_actions()
(4, 95)

Registered: ``troef_bonaken(preset=nk,players=4)`` (presets nk, pagat,
hazerswoude; 2-7 players as the preset allows), ``troef_klaverjas(preset=kraken)``
(kraken, amsterdam, rotterdam), ``troef_binokel(target=1500)`` (1000, 1500,
2000). Every game also takes ``episode=deal`` (the default: one deal) or
``episode=match``. The episode, its chance nodes and its returns are those
of :mod:`troef.research.episode`; the action ids those of
:mod:`troef.research.actions`; the tensors those of :mod:`troef.research.tensors`,
built from the seat's view only. States are copied with :func:`copy.deepcopy`
(pyspiel's ``clone``); ``serialize``/``deserialize`` replay the action history
from a fresh state (OpenSpiel's default for Python games), which the chance
nodes make exact. ``resample_from_infostate`` re-deals the cards the player
has not seen with the game's own world sampler (:mod:`troef.research.worlds`;
the game's ``shuffle_unseen`` where it finds none). See docs/research.md.
"""

from __future__ import annotations

import random
from typing import Any, Final

import numpy as np
import pyspiel

from troef.games import game as get_game
from troef.research.actions import table
from troef.research.episode import SEED_CHANCES, Config, Episode
from troef.research.strings import view_string
from troef.research.tensors import layout

__all__ = ["GAMES", "TroefGame", "TroefState"]

#: Bounds of the returns, per game and episode kind (wide, decided: random play stays well inside; a test checks).
_UTILITY: Final = {
    ("bonaken", "deal"): 50.0,
    ("bonaken", "match"): 10.0,
    ("klaverjas", "deal"): 10_000.0,
    ("klaverjas", "match"): 100_000.0,
    ("binokel", "deal"): 30_000.0,
    ("binokel", "match"): 1.0,
}
#: Longest episode, per game and kind (deal; a match is bounded by the engine's own match end).
_LENGTH: Final = {"bonaken": 400, "klaverjas": 120, "binokel": 1300}
_MATCH_DEALS: Final = {"bonaken": 200, "klaverjas": 64, "binokel": 100}


def _game_type(name: str) -> pyspiel.GameType:
    g = get_game(name)
    params: dict[str, Any] = {"preset": g.default_preset, "episode": "deal"}
    if name == "bonaken":
        params["players"] = 4
    if name == "binokel":
        params["target"] = 1500
    players = sorted({n for p in g.presets().values() for n in p.players})
    return pyspiel.GameType(
        short_name=f"troef_{name}",
        long_name=f"troef {g.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if g.partnerships else pyspiel.GameType.Utility.GENERAL_SUM,
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
    """The episode config of game ``name`` from pyspiel parameters (unknown values raise, naming the known)."""
    g = get_game(name)
    preset = str(params.get("preset", g.default_preset))
    players = int(params.get("players", g.preset(preset).default_players))
    switches: dict[str, Any] = {}
    if name == "binokel" and "target" in params:
        switches["target"] = int(params["target"])
    return Config(name, preset, players, str(params.get("episode", "deal")), switches)


class TroefGame(pyspiel.Game):  # type: ignore[misc]
    """One troef game and preset as a pyspiel game."""

    def __init__(self, name: str, params: dict[str, Any] | None = None) -> None:
        self.config = config_of(name, dict(params or {}))
        c = self.config
        bound = _UTILITY[(name, c.episode)]
        length = _LENGTH[name] * (_MATCH_DEALS[name] if c.episode == "match" else 1) + SEED_CHANCES
        info = pyspiel.GameInfo(
            num_distinct_actions=len(table(name)),
            max_chance_outcomes=256,
            num_players=c.players,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=0.0 if c.zero_sum else None,
            max_game_length=length,
        )
        super().__init__(_TYPES[name], info, dict(params or {}))
        self.layout = layout(name, c.players)

    def new_initial_state(self) -> TroefState:
        return TroefState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        perfect_recall = bool(iig_obs_type.perfect_recall) if iig_obs_type is not None else False
        return Observer(self, perfect_recall)


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
        if e.match is None:
            return _CHANCE_PLAYER
        seat = e._to_act
        return seat if seat is not None else e.to_act

    def _legal_actions(self, player: int) -> list[int]:
        e = self.episode
        if player != e.to_act:
            return []
        return list(e.legal())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return _CHANCE

    def _apply_action(self, action: int) -> None:
        if self.episode.is_chance:
            self.episode.apply_chance(action)
        else:
            self.episode.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed byte {action}"
        return self.episode.actions.text_of(action)

    def is_terminal(self) -> bool:
        return self.episode.over

    def returns(self) -> list[float]:
        return list(self.episode.returns)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TroefState:
        """A state the player cannot tell from this one, its unseen cards dealt again (:meth:`Episode.resampled`)."""
        seed = int(probability_sampler() * (1 << 30)) if callable(probability_sampler) else random.getrandbits(30)
        other: TroefState = self.clone()
        other.episode = self.episode.resampled(player_id, random.Random(seed))
        return other

    def __str__(self) -> str:
        e = self.episode
        if e.match is None:
            return f"dealing (seed bytes {e.seed_bytes})"
        return f"seed {e.seed}, {get_game(e.config.game).deals(e.match)} deal(s), to act {e.to_act}"


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


_CHANCE: Final = [(b, 1.0 / 256) for b in range(256)]
_TERMINAL: Final = int(pyspiel.PlayerId.TERMINAL)
_CHANCE_PLAYER: Final = int(pyspiel.PlayerId.CHANCE)
GAMES: Final = ("bonaken", "klaverjas", "binokel")
_TYPES: Final = {name: _game_type(name) for name in GAMES}


class BonakenGame(TroefGame):
    """``troef_bonaken``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__("bonaken", params)


class KlaverjasGame(TroefGame):
    """``troef_klaverjas``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__("klaverjas", params)


class BinokelGame(TroefGame):
    """``troef_binokel``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__("binokel", params)


# pyspiel keeps what is registered until the process ends: classes, as OpenSpiel's own Python games register
# (a closure registered here made the interpreter abort while shutting down)
pyspiel.register_game(_TYPES["bonaken"], BonakenGame)
pyspiel.register_game(_TYPES["klaverjas"], KlaverjasGame)
pyspiel.register_game(_TYPES["binokel"], BinokelGame)
