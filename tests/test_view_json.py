"""Every game's view read back from the JSON the server sends (``Game.view_from_json``).

A client that gets only the server's ``state`` frames (``examples/bot_client.py``)
rebuilds its seat's view this way and hands it to one of troef's computer
players: the view read back must be the very view the engine made, or that
player would decide on something else than it does at the server. Checked on
seeded random matches of every game and preset, for every seat and the
spectator, at every step, through real JSON text.
"""

from __future__ import annotations

import json
import random

import pytest

from tests.test_battery import CASES as ALL_CASES
from troef.core.game import SPECTATOR
from troef.games import game, names
from troef.server.adapter import adapter

#: troef's own games: each reads its views back (the test suite's Tiny does not: its bots take the engine's view).
CASES = [case for case in ALL_CASES if case[0] in names()]
IDS = [f"{g}-{p}-{n}" for g, p, n in CASES]


@pytest.mark.parametrize(("name", "preset", "players"), CASES, ids=IDS)
def test_view_read_back_from_json_is_the_engine_view(name: str, preset: str, players: int) -> None:
    g = game(name)
    steps = 0
    for seed in range(11, 511):  # short matches (a random 2-player match may end at once): go on to more
        if steps == 300:
            break
        match = g.new_match(preset, players, seed=seed)
        chooser = random.Random(seed)
        while not match.is_over and steps < 300:
            public = json.loads(json.dumps(adapter(name).public(match)))
            for viewer in [*range(players), SPECTATOR]:
                view = g.view(match, viewer)
                back = g.view_from_json(json.loads(json.dumps(view.to_json())), public)
                assert back == view, f"{name} seed {seed} step {steps} viewer {viewer}"
                assert back.to_json() == view.to_json()
            legal = g.view(match, match.to_act).legal
            g.apply(match, g.parse_action(legal[chooser.randrange(len(legal))]))
            steps += 1
    assert steps == 300


def test_a_computer_player_decides_the_same_on_the_view_read_back() -> None:
    """The heuristic player of each game, seeded alike, picks the same action from either view."""
    for name in ("bonaken", "klaverjas", "binokel"):
        g = game(name)
        match = g.new_match(g.default_preset, seed=5)
        for step in range(60):
            if match.is_over:
                break
            view = g.view(match, match.to_act)
            back = g.view_from_json(json.loads(json.dumps(view.to_json())), adapter(name).public(match))
            kind = "heuristic"
            here = g.make_bot(kind, seed=step).act(view).text()
            assert g.make_bot(kind, seed=step).act(back).text() == here
            g.apply(match, g.parse_action(here))
