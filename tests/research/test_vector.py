"""The batched env plays what the single env plays: the same seeds, the same observations, masks and returns."""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from troef.core.errors import IllegalActionError  # noqa: E402
from troef.research.pettingzoo import raw_env  # noqa: E402
from troef.research.vector import VectorEnv  # noqa: E402


def _record(v: VectorEnv, steps: int, seed: int) -> list[list[dict[str, Any]]]:
    """Per slot, its finished episodes: each step's observation, mask, seat and action, and the returns."""
    chooser = random.Random(seed)
    obs, mask, seat = v.reset()
    episodes: list[list[dict[str, Any]]] = [[{"steps": []}] for _ in range(v.n)]
    for _ in range(steps):
        actions = [int(chooser.choice(np.flatnonzero(mask[i]))) for i in range(v.n)]
        for i in range(v.n):
            episodes[i][-1]["steps"].append((obs[i].copy(), mask[i].copy(), int(seat[i]), actions[i]))
        obs, mask, seat, rewards, done = v.step(actions)
        for i in np.flatnonzero(done):
            episodes[i][-1]["returns"] = rewards[i].tolist()
            episodes[i].append({"steps": []})
    return [[e for e in slot if "returns" in e] for slot in episodes]


@pytest.mark.parametrize(
    ("game", "preset", "players", "episode"),
    [
        ("klaverjas", "kraken", 4, "deal"),
        ("bonaken", "nk", 4, "deal"),
        ("bonaken", "pagat", 3, "deal"),
        ("binokel", "cardgames", 4, "deal"),
        ("klaverjas", "amsterdam", 4, "match"),
    ],
)
def test_every_slot_plays_what_the_single_env_plays_from_the_same_seed(
    game: str, preset: str, players: int, episode: str
) -> None:
    n, seed = 3, 40
    steps = 400 if episode == "match" else 150
    switches: dict[str, Any] = {"deals": 2} if episode == "match" else {}  # a match of two deals
    v = VectorEnv(game, n, preset=preset, players=players, episode=episode, seed=seed, **switches)
    slots = _record(v, steps, seed=1)
    assert sum(len(slot) for slot in slots) >= n
    for i, slot in enumerate(slots):
        for k, played in enumerate(slot):
            single = raw_env(game, preset=preset, players=players, episode=episode, **switches)
            single.reset(seed=seed + i + k * n)
            for obs, mask, seat, action in played["steps"]:
                agent = single.agent_selection
                assert agent == f"player_{seat}"
                seen = single.observe(agent)
                assert np.array_equal(seen["observation"], obs) and np.array_equal(seen["action_mask"], mask)
                single.step(action)
            assert all(single.terminations.values())
            assert [single.rewards[a] for a in single.possible_agents] == played["returns"]


def test_an_illegal_id_names_its_slot() -> None:
    v = VectorEnv("klaverjas", 2, seed=3)
    _, mask, _ = v.reset()
    bad = [int(np.flatnonzero(mask[0])[0]), int(np.flatnonzero(mask[1] == 0)[0])]
    with pytest.raises(IllegalActionError, match="slot 1"):
        v.step(bad)


def test_an_outside_game_runs_batched(tiny: None) -> None:
    v = VectorEnv("tiny", 4, seed=0)
    slots = _record(v, 40, seed=2)
    assert all(sum(played["returns"]) == 3 for slot in slots for played in slot)  # three tricks a deal


def test_a_sound_mask_spares_a_learner_the_false_roem_of_random_bids() -> None:
    """nk rules 66-69: random bids put nearly every hand erin; the sound mask leaves those bids out."""

    def erin_share(sound_only: bool) -> float:
        v = VectorEnv("bonaken", 8, preset="nk", seed=5, sound_only=sound_only)
        chooser = np.random.default_rng(0)
        _, mask, _ = v.reset()
        ended = erin = 0
        while ended < 40:
            _, mask, _, rewards, done = v.step((chooser.random(mask.shape) * mask).argmax(1))
            ended += int(done.sum())
            erin += int((rewards[done] == -2.0).any(axis=1).sum())  # -2: erin by false roem
        return erin / ended

    assert erin_share(False) > 0.5 and erin_share(True) == 0.0
