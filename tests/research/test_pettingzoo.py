"""The PettingZoo environments, checked by PettingZoo's own API and seed tests."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from troef.core.errors import IllegalActionError  # noqa: E402
from troef.research.pettingzoo import env  # noqa: E402

from .cases import CASES, IDS  # noqa: E402


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("game", "preset", "players"), CASES, ids=IDS)
def test_api_test_and_seed_test_pass(game: str, preset: str, players: int) -> None:
    api_test(env(game, preset=preset, players=players), num_cycles=300, verbose_progress=False)
    seed_test(lambda **kw: env(game, preset=preset, players=players, **kw), num_cycles=200)


def test_the_same_seed_deals_the_same_cards_and_another_seed_others() -> None:
    def first(seed: int) -> bytes:
        e = env("binokel")
        e.reset(seed=seed)
        obs = e.observe(e.agent_selection)
        assert obs is not None
        return bytes(obs["observation"].tobytes())

    assert first(3) == first(3)
    assert first(3) != first(4)


def test_the_mask_is_the_legal_actions_and_an_illegal_one_raises() -> None:
    e = env("klaverjas", preset="kraken")
    e.reset(seed=1)
    agent = e.agent_selection
    mask = e.observe(agent)["action_mask"]
    assert list(np.flatnonzero(mask)) == [32, 33, 34, 35]  # trump h, d, c, s
    with pytest.raises(IllegalActionError):
        e.step(0)
    assert e.agent_selection == agent


def test_ansi_render_shows_the_seats_hand_in_words() -> None:
    e = env("klaverjas", preset="amsterdam", render_mode="ansi")
    e.reset(seed=2)
    text = e.render()
    assert "your hand: " in text and " of " in text


def test_a_random_self_play_deal_ends_with_zero_sum_rewards() -> None:
    e = env("klaverjas", preset="rotterdam")
    e.reset(seed=9)
    rng = np.random.RandomState(0)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        e.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert sum(totals.values()) == 0 and totals["player_0"] == totals["player_2"]


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_a_game_written_outside_troef_passes_pettingzoos_tests(tiny: None) -> None:
    api_test(env("tiny", preset="plain", players=4), num_cycles=50, verbose_progress=False)
    seed_test(lambda **kw: env("tiny", preset="duel", **kw), num_cycles=50)
    e = env("tiny", render_mode="ansi")
    e.reset(seed=2)
    assert "your hand:" in (e.render() or "")


@pytest.mark.parametrize("game", ["bonaken", "klaverjas", "binokel"])
def test_pettingzoos_render_test_passes_in_every_mode(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    from pettingzoo.test import render_test

    render_test(lambda render_mode=None: env(game, render_mode=render_mode))
    assert "your hand:" in capsys.readouterr().out  # human mode prints the view of the seat to act
