"""Worlds from each game's own sampler: the seat's view of every world is its view of the real one.

A world that showed the seat anything else (a card it holds, a meld, a legal
action, a bid's standing) would have leaked or lost information; these tests
replay random matches of every preset and redeal at every decision.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from troef.games import game
from troef.research.worlds import from_view, redeal

from .cases import CASES, IDS, deal_state


def _seen(name: str, match: Any, seat: int) -> tuple[Any, ...]:
    view = game(name).view(match, seat)
    # Bonaken's standing (each seat's status on the sheet) is public and not in the JSON
    return (view.to_json(), getattr(view, "standing", None))


def _hidden(name: str, match: Any, seat: int) -> list[Any]:
    """What the other seats hold: the part of the world the redeal may change."""
    g = game(name)
    return [g.view(match, s).to_json()["hand"] for s in range(g.players(match)) if s != seat]


def _decisions(name: str, preset: str, players: int, seeds: range, deals: int = 2) -> Any:
    """(match, seat to act) at every decision of random matches (the match as it is then)."""
    g = game(name)
    for seed in seeds:
        match = g.new_match(preset, players, seed=seed)
        chooser = random.Random(seed)
        while not match.is_over and g.deals(match) <= deals:
            yield match, match.to_act
            legal = match.legal_actions()
            g.apply(match, legal[chooser.randrange(len(legal))])


def _check_redeals(name: str, preset: str, players: int, seeds: range) -> None:
    g = game(name)
    rng = random.Random(7)
    decisions = found = same = moved = 0
    for match, seat in _decisions(name, preset, players, seeds):
        decisions += 1
        before = _seen(name, match, seat)
        sheet_before, deals_before = g.standing(match), g.deals(match)
        other = redeal(name, match, seat, rng)
        assert _seen(name, match, seat) == before  # the match redealt is left as it was
        if other is None:
            continue
        found += 1
        assert g.deals(other) == deals_before and g.standing(other) == sheet_before  # the match around the deal
        if _seen(name, other, seat) == before:
            same += 1
            moved += _hidden(name, other, seat) != _hidden(name, match, seat)
            legal = other.legal_actions()
            g.apply(other, legal[rng.randrange(len(legal))])  # the world plays on as a match
    # the game's sampler gives a world nearly always, and nearly always the very view: klaverjas's lets a
    # roem claim go now and then, Binokel's drops its meld check when no world fits it in a few tries
    assert found >= 0.98 * decisions
    assert same >= 0.9 * decisions
    assert moved >= 0.5 * same


@pytest.mark.parametrize(("name", "preset", "players"), CASES, ids=IDS)
def test_the_games_sampler_redeals_what_the_seat_to_act_has_not_seen(name: str, preset: str, players: int) -> None:
    _check_redeals(name, preset, players, range(2))


@pytest.mark.slow
@pytest.mark.parametrize(("name", "preset", "players"), CASES, ids=IDS)
def test_the_games_sampler_redeals_over_many_seeds(name: str, preset: str, players: int) -> None:
    _check_redeals(name, preset, players, range(2, 14))


@pytest.mark.parametrize(("name", "preset", "players"), CASES, ids=IDS)
def test_a_world_made_from_the_view_alone_shows_the_seat_its_view(name: str, preset: str, players: int) -> None:
    g = game(name)
    rng = random.Random(5)
    decisions = made = 0
    for match, seat in _decisions(name, preset, players, range(2)):
        view: Any = g.view(match, seat)
        decisions += 1
        world = from_view(name, view, rng)
        if world is None:
            continue
        made += 1
        seen: Any = g.view(world, seat)
        assert seen.hand == view.hand and seen.legal == view.legal and seen.events == view.events
        assert getattr(seen, "standing", None) == getattr(view, "standing", None)
        assert g.deals(world) == 1  # a match of its own, begun at this deal
    assert made >= 0.98 * decisions


@pytest.mark.parametrize("name", ["bonaken", "klaverjas", "binokel"])
def test_resample_from_infostate_keeps_every_seats_view(name: str) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import troef.research.openspiel  # noqa: F401  (registers the games)

    spiel = pyspiel.load_game(f"troef_{name}")
    rng = random.Random(3)
    checked = 0
    for deal in range(6 if name == "bonaken" else 1):  # a Bonaken deal is often all passes
        s = spiel.new_initial_state()
        deal_state(s, deal)
        while not s.is_terminal():
            for player in range(spiel.num_players()):
                other = s.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
                assert _seen(name, other.episode.match, player) == _seen(name, s.episode.match, player)
                assert other.information_state_tensor(player) == s.information_state_tensor(player)
                checked += 1
            s.apply_action(rng.choice(s.legal_actions()))
    assert checked > 60


def test_a_bonaken_world_made_from_a_view_with_a_seat_out_resamples_without_its_seed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from troef.research import worlds
    from troef.research.episode import Config, Episode

    g = game("bonaken")
    chooser = random.Random(2)
    match = g.new_match("nk", 4, seed=6)
    while len(match.sheet.active) != 3 or match.is_over:  # on until one seat is out and three play on
        if match.is_over or len(match.sheet.active) < 3:
            match = g.new_match("nk", 4, seed=chooser.randrange(1 << 20))
        legal = match.legal_actions()
        g.apply(match, legal[chooser.randrange(len(legal))])
    seat = match.to_act
    view: Any = g.view(match, seat)
    world = from_view("bonaken", view, random.Random(1))
    assert world is not None and len(world.hand.seats) == 3
    episode = Episode(Config("bonaken", "nk", 4)).with_match(world)
    episode.mark_deal()
    # the sampler failing, the fallback's shuffle_unseen cannot make this match again from its seed (its sheet
    # was set from the view's standing): the world stays as it is, nothing raised
    monkeypatch.setattr(worlds, "redeal", lambda *args, **kwargs: None)
    other = episode.resampled(seat, random.Random(3))
    assert g.view(other.match, seat).to_json() == view.to_json()
