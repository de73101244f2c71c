"""Views made together (``hand_views``, ``views_to_json``, ``views_to_bytes``) are exactly the views made one by one."""

from __future__ import annotations

import random
from collections.abc import Sequence

import orjson
import pytest

from tests.games.bonaken.common import pick_text
from troef.cards import card_str, cards_of
from troef.core.actions import SPECTATOR
from troef.games.bonaken.state import DealState, Phase
from troef.games.bonaken.view import hand_view, hand_views, views_to_bytes, views_to_json
from troef.server.adapter import games

CONFIGS = [
    ("nk", 2),
    ("nk", 3),
    ("nk", 4),
    ("pagat", 2),
    ("pagat", 4),
    ("pagat", 5),
    ("pagat", 7),
    ("hazerswoude", 2),
    ("hazerswoude", 3),
    ("hazerswoude", 4),
    ("hazerswoude", 6),
]


def _check_batch(hand: DealState, viewers: Sequence[int]) -> None:
    """``hand_views`` and ``views_to_json`` of ``viewers`` against the one-by-one results."""
    batch = hand_views(hand, viewers)
    single = [hand_view(hand, v) for v in viewers]
    assert [v.viewer for v in batch] == list(viewers)
    assert batch == single
    single_json = [v.to_json() for v in single]
    assert [v.to_json() for v in batch] == single_json
    batch_json = views_to_json(batch)
    assert batch_json == single_json
    assert views_to_json(single) == single_json
    assert orjson.dumps(batch_json) == orjson.dumps(single_json)
    for one, alone in zip(batch_json, single_json, strict=True):
        assert orjson.dumps(one) == orjson.dumps(alone)
    # the server's texts: byte for byte the encoded JSON of each view, whether made together or one by one
    single_bytes = [orjson.dumps(j) for j in single_json]
    assert views_to_bytes(batch) == single_bytes
    assert views_to_bytes(single) == single_bytes


def _check_discards(hand: DealState, viewers: Sequence[int]) -> int:
    """Laid away cards are named in the discarder's own events only; returns how many seats have laid away."""
    views = {v.viewer: v for v in hand_views(hand, viewers)}
    discarders = [s for s in hand.seats if hand.discards[s]]
    for seat in discarders:
        own = {f"discard {card_str(c)}" for c in cards_of(hand.discards[seat])}
        mine = {text for s, text in views[seat].events if s == seat and text.startswith("discard")}
        assert mine == own
        for viewer, view in views.items():
            if viewer == seat:
                continue
            theirs = [text for s, text in view.events if s == seat and text.startswith("discard")]
            assert theirs and all(text == "discard" for text in theirs)
    for viewer, view in views.items():  # (misère passing: a passed card may be laid away again by its receiver)
        own_cards = cards_of(hand.discards[viewer]) if viewer in hand.seats else []
        assert sorted(view.laid_away) == sorted(own_cards)
    return len(discarders)


@pytest.mark.parametrize(("preset", "players"), CONFIGS)
def test_batched_views_equal_single_views_along_random_matches(preset: str, players: int) -> None:
    """Every state of random matches: batch views and their JSON equal the single ones for all seats and spectator.

    Half the matches play uniformly random actions; the others favour passing and low bids (uniformly random nk
    bidding runs into false roem at once and never reaches the exchange).
    """
    game = games()["bonaken"]
    config = game.normalize_config({"preset": preset, "players": players})
    viewers = [*range(players), SPECTATOR]
    mixed = [SPECTATOR, *reversed(range(players)), 0, SPECTATOR]  # other order, repeated viewers
    exchange_states = 0
    for seed in range(4):
        match = game.new_match(config, seed, None)
        rng = random.Random(seed * 7919 + players)
        steps = 0
        while True:
            hand: DealState = match.hand
            _check_batch(hand, viewers)
            if steps % 5 == 0:
                _check_batch(hand, mixed)
            if hand.phase == Phase.EXCHANGE and _check_discards(hand, viewers):
                exchange_states += 1
            if game.is_over(match) or steps >= 400:
                break
            game.apply(match, pick_text(rng, game.legal(game.view(match, game.to_act(match))), careful=seed % 2 == 1))
            steps += 1
        for old in match.hands:  # finished hands, as a replay or a 'prev' shows them
            _check_batch(old, viewers)
            _check_discards(old, viewers)
    assert exchange_states > 0, "no state with laid away cards in the exchange phase was reached"


def test_views_of_different_moments_in_one_call_keep_their_own_public_fields() -> None:
    """``views_to_bytes`` shares encoded parts only between views that share them: mixed moments stay apart."""
    game = games()["bonaken"]
    match = game.new_match(game.normalize_config({"preset": "pagat", "players": 4}), 11, None)
    rng = random.Random(11)
    moments: list[list[bytes]] = []
    views = []
    for _ in range(60):
        batch = hand_views(match.hand, [0, 1, 2, 3, SPECTATOR])
        views += batch
        moments.append([orjson.dumps(v.to_json()) for v in batch])
        if game.is_over(match):
            break
        game.apply(match, rng.choice(game.legal(game.view(match, game.to_act(match)))))
    expected = [text for texts in moments for text in texts]
    assert len(set(expected)) > len(moments)  # the moments differ
    assert views_to_bytes(views) == expected
    assert views_to_bytes(views[::-1]) == expected[::-1]
