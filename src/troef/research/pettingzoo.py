"""troef's games as PettingZoo AEC environments.

>>> from troef.research.pettingzoo import env
>>> e = env("klaverjas", preset="kraken")
>>> e.reset(seed=7)
>>> e.agent_selection in e.agents, int(e.action_space("player_0").n)
(True, 95)

``env(game, preset=None, players=None, episode="deal", render_mode=None, sound_only=False, **switches)``
wraps :func:`raw_env` in PettingZoo's usual order-enforcing and
illegal-action wrappers (not the latter: an illegal action raises, as the engine
does, and changes nothing). The agents are ``player_0`` .. ``player_{n-1}``, the
seats. ``observation_space(agent)`` is a ``Dict`` of ``observation`` (a ``Box``
in [0, 1] laid out as :mod:`troef.research.tensors`' observation tensor) and
``action_mask`` (the legal ids of :mod:`troef.research.actions`, all zero when
it is not the agent's turn; ``sound_only=True`` leaves out what loses at
once, Bonaken's bids of roem the seat cannot hold); ``action_space(agent)`` is ``Discrete`` over
those ids. An episode is one deal (or ``episode="match"``), dealt by chance
from ``reset(seed=...)``: the same seed gives the same deal. Rewards come at
the end of the episode (:mod:`troef.research.episode`). ``render_mode="ansi"``
renders the view of the agent to act in words; ``"human"`` prints it at every step.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from troef.cards import card_name
from troef.core.errors import IllegalActionError
from troef.games import game as get_game
from troef.research.episode import Config, Episode, deal
from troef.research.tensors import layout

__all__ = ["env", "raw_env", "render_view"]


def env(game: str, **kwargs: Any) -> AECEnv:
    """The environment of ``game``, wrapped so that PettingZoo's call order is enforced."""
    return wrappers.OrderEnforcingWrapper(raw_env(game, **kwargs))


class raw_env(AECEnv):  # type: ignore[misc]
    """One troef game and preset as an AEC environment."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi"],
        "name": "troef_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        preset: str | None = None,
        players: int | None = None,
        episode: str = "deal",
        render_mode: str | None = None,
        sound_only: bool = False,
        **switches: Any,
    ) -> None:
        super().__init__()
        #: Whether the mask leaves out what loses at once (``ResearchPart.unsound``: Bonaken's false roem).
        self.sound_only = sound_only
        g = get_game(game)
        preset = preset or g.default_preset
        players = players or g.preset(preset).default_players
        if render_mode not in (None, "human", "ansi"):
            raise ValueError(f"render_mode must be 'human', 'ansi' or None, not {render_mode!r}")
        self.config = Config(game, preset, players, episode, switches)
        self.layout = layout(game, players)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{s}" for s in range(players)]
        self._seat_of = {agent: s for s, agent in enumerate(self.possible_agents)}
        #: Per seat, what the deal's events gave its last observation (:meth:`Layout.write`).
        self._memo: list[dict[str, Any]] = [{} for _ in range(players)]
        self.agents = list(self.possible_agents)
        n = len(self.layout.actions)
        self._observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, (self.layout.observation_size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (n,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._action_spaces = {agent: spaces.Discrete(n) for agent in self.possible_agents}
        self._rng: random.Random | None = None
        self.episode = Episode(self.config)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None or self._rng is None:
            self._rng = random.Random(seed)  # no seed: the system's entropy, once
        self.episode = Episode(self.config)
        deal(self.episode, self._rng)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.episode.to_act]

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        seat = self._seat_of[agent]
        obs = np.zeros(self.layout.observation_size, np.float32)
        view = self.episode.view(seat)
        if view is not None:
            self.layout.write(view, obs, False, self._memo[seat])
        mask = np.zeros(len(self.layout.actions), np.int8)
        if seat == self.episode.to_act:
            mask[self.episode.mask_ids(self.sound_only)] = 1
        return {"observation": obs, "action_mask": mask}

    def step(self, action: int) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if self._seat_of[agent] != self.episode.to_act:
            raise IllegalActionError(f"it is not {agent}'s turn")
        self.episode.apply(int(action))  # an illegal id raises and changes nothing
        self._cumulative_rewards[agent] = 0.0
        if self.episode.over:
            self.rewards = {a: self.episode.returns[i] for i, a in enumerate(self.possible_agents)}
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            if self.episode.is_chance:  # a match episode's next deal
                deal(self.episode, self._rng or random.Random())
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.agent_selection = self.possible_agents[self.episode.to_act]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()  # human mode shows every step, as PettingZoo's classic games do

    def render(self) -> str | None:
        """The view of the agent to act in words: ``ansi`` returns it, ``human`` prints it (and returns None)."""
        if self.render_mode is None:
            return None
        text = render_view(self.episode, self.possible_agents.index(self.agent_selection))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def _cards(cards: Any) -> str:
    return ", ".join(card_name(c & 31) for c in cards) or "none"


def render_view(episode: Episode, seat: int) -> str:
    """What ``seat`` sees, in words (English), from its view only (read by the game's research part)."""
    view = episode.view(seat)
    if view is None:
        if not episode.over:
            return "dealing"
        scores = ", ".join(f"seat {s}: {r:+g}" for s, r in enumerate(episode.returns))
        return f"the {'deal' if episode.config.episode == 'deal' else 'match'} is over; {scores}"
    part = episode.part
    lines = [f"{episode.game.title}, seat {seat}; phase: {view.phase}; seat {view.to_act} to act"]
    trump = part.trump(view)
    if 0 <= trump < 4:
        lines.append(f"trump: {('hearts', 'diamonds', 'clubs', 'spades')[trump]}")
    lines.append(f"your hand: {_cards(part.hand(view))}")
    trick = part.trick(view)
    lines.append("on the table: " + (", ".join(f"seat {s} {card_name(c & 31)}" for s, c in trick) or "nothing"))
    events = part.events(view)
    if events:
        lines.append("said and played: " + "; ".join(f"seat {s} {t}" for s, t in events[-12:]))
    if view.legal:
        lines.append("you may: " + ", ".join(view.legal))
    return "\n".join(lines)
