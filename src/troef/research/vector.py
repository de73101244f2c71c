"""Many episodes of one game stepped together, observations and legal-action masks as NumPy arrays.

>>> from troef.research.vector import VectorEnv
>>> v = VectorEnv("klaverjas", 8, seed=0)
>>> obs, mask, seat = v.reset()
>>> obs.shape, mask.shape, seat.shape
((8, 699), (8, 95), (8,))

``VectorEnv(game, n, preset=None, players=None, episode="deal", seed=None, sound_only=False, **switches)``
holds ``n`` episodes (:class:`troef.research.episode.Episode`: the engine's own
rules, dealt by chance nodes). Each step takes one action id per episode, for
its seat to act, and returns for every episode the observation of the seat to
act next (:mod:`troef.research.tensors`' observation tensor, from that seat's
view only), its legal-action mask, the seat, the rewards of every seat and
whether the episode ended. An episode that ends returns its returns as that
step's rewards and starts its next episode in the same step (the observation
is then of the new deal), as batched environments do.

Episode ``k`` of slot ``i`` is dealt as PettingZoo's ``reset(seed=s)`` deals
(``s = seed + i + k * n``), so a slot plays exactly what the single env plays
from that seed (``tests/research/test_vector.py`` compares every observation,
mask and return). ``sound_only=True`` leaves out of the masks the legal
actions that lose at once (Bonaken's bids of roem a seat cannot hold, nk rules
66-69), to start a learner in a world where it can learn anything.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from troef.games import game as get_game
from troef.research.episode import Config, Episode, deal
from troef.research.tensors import layout

__all__ = ["VectorEnv"]


class VectorEnv:
    """``n`` episodes of one game and preset, stepped together (see the module)."""

    def __init__(
        self,
        game: str,
        n: int,
        preset: str | None = None,
        players: int | None = None,
        episode: str = "deal",
        seed: int | None = None,
        sound_only: bool = False,
        **switches: Any,
    ) -> None:
        if n < 1:
            raise ValueError(f"a vector env holds at least one episode, not {n}")
        g = get_game(game)
        preset = preset or g.default_preset
        players = players or g.preset(preset).default_players
        self.config = Config(game, preset, players, episode, switches)
        self.n = n
        self.players = players
        #: Whether the masks leave out what loses at once (``ResearchPart.unsound``: Bonaken's false roem).
        self.sound_only = sound_only
        self.layout = layout(game, players)
        self.observation_size = self.layout.observation_size
        self.num_actions = len(self.layout.actions)
        self.seed = random.randrange(1 << 30) if seed is None else seed
        self.episodes: list[Episode] = []
        self._played = [0] * n
        self._rngs: list[random.Random] = [random.Random(0)] * n
        self._memo: list[list[dict[str, Any]]] = [[{} for _ in range(players)] for _ in range(n)]
        self._obs = np.zeros((n, self.observation_size), np.float32)
        self._mask = np.zeros((n, self.num_actions), np.int8)
        self._seat = np.zeros(n, np.int64)

    def _new(self, i: int) -> Episode:
        e = Episode(self.config)
        self._rngs[i] = random.Random(self.seed + i + self._played[i] * self.n)
        deal(e, self._rngs[i])
        self._played[i] += 1
        self._memo[i] = [{} for _ in range(self.players)]
        return e

    def _observe(self, i: int) -> None:
        e = self.episodes[i]
        seat = e.to_act
        row = self._obs[i]
        row.fill(0)
        self.layout.write(e.view(seat), row, False, self._memo[i][seat])
        mask = self._mask[i]
        mask.fill(0)
        mask[e.mask_ids(self.sound_only)] = 1
        self._seat[i] = seat

    def reset(self, seed: int | None = None) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any], np.ndarray[Any, Any]]:
        """Deal every slot afresh (from ``seed`` when given): observations, masks and seats to act."""
        if seed is not None:
            self.seed = seed
        self._played = [0] * self.n
        self.episodes = [self._new(i) for i in range(self.n)]
        for i in range(self.n):
            self._observe(i)
        return self._obs.copy(), self._mask.copy(), self._seat.copy()

    def step(
        self, actions: Any
    ) -> tuple[
        np.ndarray[Any, Any], np.ndarray[Any, Any], np.ndarray[Any, Any], np.ndarray[Any, Any], np.ndarray[Any, Any]
    ]:
        """Apply one action id per slot: (observations, masks, seats to act, rewards per seat, done).

        An illegal id raises ``IllegalActionError`` naming the slot, and no slot after it is stepped.
        """
        from troef.core.errors import IllegalActionError

        ids = np.asarray(actions, dtype=np.int64).reshape(self.n)
        rewards = np.zeros((self.n, self.players), np.float32)
        done = np.zeros(self.n, bool)
        for i in range(self.n):
            e = self.episodes[i]
            try:
                e.apply(int(ids[i]))
            except IllegalActionError as exc:
                raise IllegalActionError(f"slot {i}: {exc}") from exc
            if e.is_chance and not e.over:  # a match episode's next deal
                deal(e, self._rngs[i])
            if e.over:
                rewards[i] = e.returns
                done[i] = True
                self.episodes[i] = self._new(i)
            self._observe(i)
        return self._obs.copy(), self._mask.copy(), self._seat.copy(), rewards, done
