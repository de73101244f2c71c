"""The heuristic club player (``games/klaverjas/heuristic*.py``): legal, sound, and playing as a club player.

Each behaviour test builds a deal where one card is the club player's card
and the obvious alternatives are wrong, so a bot that plays them fails.
"""

from __future__ import annotations

import pytest

from troef.cards import card_str
from troef.core.bot import RandomBot
from troef.games import game
from troef.games.klaverjas.actions import Play, parse_action
from troef.games.klaverjas.heuristic import HeuristicBot
from troef.games.klaverjas.match import Match
from troef.games.klaverjas.rules import PRESETS, preset
from troef.games.klaverjas.state import DealState
from troef.games.klaverjas.view import deal_view, state_view

KRAKEN = preset("kraken")
AMSTERDAM = preset("amsterdam")
ROTTERDAM = preset("rotterdam")


def _act(deal: DealState, seat: int | None = None, **view: object) -> object:
    """The heuristic's action for the seat to act in ``deal``."""
    v = state_view(deal, deal.to_act if seat is None else seat, **view)  # type: ignore[arg-type]
    return HeuristicBot(1).act(v)


def _card(deal: DealState) -> str:
    action = _act(deal)
    assert isinstance(action, Play), action
    return card_str(action.card)


# ------------------------------------------------------------------ whole matches


@pytest.mark.parametrize("name", PRESETS)
def test_every_action_is_legal_in_whole_matches(name: str) -> None:
    """Seeded whole matches, heuristic with random partners and opponents: every action is in the view's list."""
    for seed in range(3):
        match = Match(preset(name), seed=seed, first_dealer=seed)
        bots = [HeuristicBot(seed), RandomBot(seed + 1, parse=parse_action)] * 2
        if seed == 1:
            bots = [HeuristicBot(seed + s) for s in range(4)]
        while not match.is_over:
            seat = match.to_act
            view = deal_view(match, seat)
            action = bots[seat].act(view)
            assert action.text() in view.legal
            match.apply(action)


@pytest.mark.parametrize("switches", [{"who_plays": "vrij"}, {"roem_counting": "claim"}])
def test_every_action_is_legal_with_switches(switches: dict[str, str]) -> None:
    match = Match(preset("amsterdam", **switches), seed=5, first_dealer=0)
    bots = [HeuristicBot(s) for s in range(4)]
    while not match.is_over:
        view = deal_view(match, match.to_act)
        action = bots[match.to_act].act(view)
        assert action.text() in view.legal
        match.apply(action)


def test_registered_as_heuristic() -> None:
    kj = game("klaverjas")
    assert isinstance(kj.make_bot("heuristic", seed=3), HeuristicBot)
