"""``troef bench research``: random play through the OpenSpiel registration and the PettingZoo env.

For each game (its default preset, one-deal episodes) random games are
played through ``pyspiel.load_game("troef_<game>")`` (``legal_actions``,
``chance_outcomes`` and ``apply_action``, as ``troef bench engine`` plays
euchre) and through the PettingZoo env (the usual ``agent_iter`` /
``last()`` / ``step`` loop, so every step also builds the observation tensor
and the action mask), next to pyspiel's C++ euchre in the same run, in
interleaved rounds and on the process's CPU time (see
:mod:`troef.bench.engine`). A step is one applied action, chance included.
The work is a fixed number of games, so the run always ends.

Beside them, the same loop over an AEC env that does nothing (:func:`noop_env`:
four agents, 32 steps, an observation of the same size as klaverjas's and its
mask, no game): PettingZoo's own machinery per step (the order-enforcing
wrapper, ``last()``, the reward dictionaries), the ceiling of any PettingZoo
env written in Python on this machine.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Final

from troef.bench.engine import CLOCK, euchre_games, random_pyspiel_steps

#: The wrappers should not waste the engine: each at least this fraction of euchre's C++ steps/s.
TARGET: Final = 0.25
GAMES: Final = ("bonaken", "klaverjas", "binokel")


def _pyspiel_games(name: str, games: int, seed: int) -> tuple[int, float]:
    import pyspiel

    import troef.research.openspiel  # noqa: F401  (registers the games)

    return random_pyspiel_steps(pyspiel.load_game(f"troef_{name}"), games, seed)


def _pettingzoo_games(name: str, games: int, seed: int) -> tuple[int, float]:
    from troef.research.pettingzoo import env

    # the seed bytes dealt by reset are counted as pyspiel counts its chance nodes
    return _aec_steps(env(name), games, seed, 4)


def noop_env(observation: int, actions: int, length: int = 32) -> Any:
    """An AEC env of four agents that does nothing for ``length`` steps: only PettingZoo's machinery is left."""
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers

    class Noop(AECEnv):  # type: ignore[misc]
        metadata: ClassVar[dict[str, Any]] = {"render_modes": [], "name": "noop", "is_parallelizable": False}

        def __init__(self) -> None:
            super().__init__()
            self.possible_agents = [f"player_{i}" for i in range(4)]
            self.agents = list(self.possible_agents)
            box = spaces.Box(0.0, 1.0, (observation,), np.float32)
            mask = spaces.Box(0, 1, (actions,), np.int8)
            self._spaces = spaces.Dict({"observation": box, "action_mask": mask})
            self._actions = spaces.Discrete(actions)
            self.t = 0

        def observation_space(self, agent: str) -> Any:
            return self._spaces

        def action_space(self, agent: str) -> Any:
            return self._actions

        def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
            self.agents, self.t = list(self.possible_agents), 0
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
            self.terminations = dict.fromkeys(self.agents, False)
            self.truncations = dict.fromkeys(self.agents, False)
            self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
            self.agent_selection = self.agents[0]

        def observe(self, agent: str) -> dict[str, Any]:
            legal = np.zeros(actions, np.int8)
            legal[:8] = 1
            return {"observation": np.zeros(observation, np.float32), "action_mask": legal}

        def step(self, action: int | None) -> None:
            agent = self.agent_selection
            if self.terminations[agent] or self.truncations[agent]:
                self._was_dead_step(action)
                return
            self.t += 1
            self._cumulative_rewards[agent] = 0.0
            if self.t >= length:
                self.terminations = dict.fromkeys(self.agents, True)
            else:
                self.rewards = dict.fromkeys(self.agents, 0.0)
                self.agent_selection = self.possible_agents[self.t % 4]
            self._accumulate_rewards()

    return wrappers.OrderEnforcingWrapper(Noop())


def _aec_steps(e: Any, games: int, seed: int, chance_steps: int) -> tuple[int, float]:
    """Random play of ``games`` episodes of the AEC env ``e``: steps (``chance_steps`` counted per reset) and CPU s."""
    chooser = random.Random(seed)
    steps = 0
    start = CLOCK()
    for i in range(games):
        e.reset(seed=seed + i)
        steps += chance_steps
        for _agent in e.agent_iter():
            obs, _reward, terminated, truncated, _info = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            legal = obs["action_mask"].nonzero()[0]
            e.step(int(legal[chooser.randrange(len(legal))]))
            steps += 1
    return steps, CLOCK() - start


def _noop_games(name: str, games: int, seed: int) -> tuple[int, float]:
    from troef.research.tensors import layout

    shape = layout("klaverjas", 4)
    return _aec_steps(noop_env(shape.observation_size, len(shape.actions)), games * 4, seed, 0)


def run(games: int = 200, rounds: int = 4) -> dict[str, Any]:
    """Steps/s of every game through both wrappers and of pyspiel's euchre, with the ratios to euchre."""
    per_round = max(1, games // rounds)
    totals: dict[str, list[float]] = {f"{g}/{w}": [0.0, 0.0] for g in GAMES for w in ("pyspiel", "pettingzoo")}
    totals["no-op AEC env/pettingzoo"] = [0.0, 0.0]
    euchre = [0.0, 0.0]
    for r in range(rounds):
        for g in GAMES:
            for wrapper, play in (("pyspiel", _pyspiel_games), ("pettingzoo", _pettingzoo_games)):
                steps, seconds = play(g, per_round, 2026 + r * per_round)
                totals[f"{g}/{wrapper}"][0] += steps
                totals[f"{g}/{wrapper}"][1] += seconds
        steps, seconds = _noop_games("", per_round, 2026 + r * per_round)
        totals["no-op AEC env/pettingzoo"][0] += steps
        totals["no-op AEC env/pettingzoo"][1] += seconds
        e = euchre_games(per_round * 10, seed=2026 + r)
        assert e is not None, "open_spiel is needed"
        euchre[0] += e["actions_per_game"] * e["games"]
        euchre[1] += e["elapsed"]
    euchre_rate = euchre[0] / max(euchre[1], 1e-9)
    rows = []
    for key, (done, seconds) in totals.items():
        rate = done / max(seconds, 1e-9)
        rows.append(
            {"wrapper": key, "steps": int(done), "steps_per_s": round(rate, 1), "ratio": round(rate / euchre_rate, 3)}
        )
    return {"euchre_steps_per_s": round(euchre_rate, 1), "rows": rows, "target": TARGET}
