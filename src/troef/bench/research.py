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
"""

from __future__ import annotations

import random
from typing import Any, Final

from troef.bench.engine import CLOCK, euchre_games, random_pyspiel_steps

#: The wrappers should not waste the engine: each at least this fraction of euchre's C++ steps/s (issue 32).
TARGET: Final = 0.25
GAMES: Final = ("bonaken", "klaverjas", "binokel")


def _pyspiel_games(name: str, games: int, seed: int) -> tuple[int, float]:
    import pyspiel

    import troef.research.openspiel  # noqa: F401  (registers the games)

    return random_pyspiel_steps(pyspiel.load_game(f"troef_{name}"), games, seed)


def _pettingzoo_games(name: str, games: int, seed: int) -> tuple[int, float]:
    from troef.research.pettingzoo import env

    e = env(name)
    chooser = random.Random(seed)
    steps = 0
    start = CLOCK()
    for i in range(games):
        e.reset(seed=seed + i)
        steps += 4  # the seed bytes dealt by reset, counted as pyspiel counts its chance nodes
        for _agent in e.agent_iter():
            obs, _reward, terminated, truncated, _info = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            legal = obs["action_mask"].nonzero()[0]
            e.step(int(legal[chooser.randrange(len(legal))]))
            steps += 1
    return steps, CLOCK() - start


def run(games: int = 200, rounds: int = 4) -> dict[str, Any]:
    """Steps/s of every game through both wrappers and of pyspiel's euchre, with the ratios to euchre."""
    per_round = max(1, games // rounds)
    totals: dict[str, list[float]] = {f"{g}/{w}": [0.0, 0.0] for g in GAMES for w in ("pyspiel", "pettingzoo")}
    euchre = [0.0, 0.0]
    for r in range(rounds):
        for g in GAMES:
            for wrapper, play in (("pyspiel", _pyspiel_games), ("pettingzoo", _pettingzoo_games)):
                steps, seconds = play(g, per_round, 2026 + r * per_round)
                totals[f"{g}/{wrapper}"][0] += steps
                totals[f"{g}/{wrapper}"][1] += seconds
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
