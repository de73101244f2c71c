"""Klaverjas through the game protocol: consistency over every preset, views, records and replay, bots."""

from __future__ import annotations

import json
import random

import pytest

from troef.cards import card_str
from troef.core.actions import SPECTATOR
from troef.core.errors import IllegalActionError, RecordError, ReplayError
from troef.games import game
from troef.games.klaverjas.game import GAME
from troef.games.klaverjas.match import Match
from troef.games.klaverjas.record import dumps, loads, record_of_match, replay
from troef.games.klaverjas.view import deal_view

PRESETS = ["kraken", "amsterdam", "rotterdam"]
KJ = GAME


def _random_match(
    preset: str, seed: int, stop: int | None = None, switches: dict[str, bool | int | str] | None = None
) -> Match:
    match: Match = KJ.new_match(preset, seed=seed, switches=switches)
    chooser = random.Random(seed)
    steps = 0
    while not match.is_over and (stop is None or steps < stop):
        legal = match.legal_actions()
        match.apply(legal[chooser.randrange(len(legal))])
        steps += 1
    return match


def test_registered() -> None:
    assert game("klaverjas") is GAME and KJ.partnerships and list(KJ.presets()) == PRESETS
    assert KJ.bot_kinds() == ("random", "beginner", "club", "strong", "heuristic", "pimc")


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_consistency_check_accepts_exactly_the_legal_list(preset: str) -> None:
    every = [KJ.parse_action(t) for t in ("pass", "no", "kraak", "rekraak", "superkraak", "stuk", "claim", "turn")]
    every += [KJ.parse_action(f"trump {s}") for s in "hdcs"]
    every += [KJ.parse_action(f"roem {v}") for v in (20, 50, 70, 100, 150, 200)]
    every += [KJ.parse_action(f"play {r}{s}") for r in ("7", "8", "9", "10", "J", "Q", "K", "A") for s in "hdcs"]
    match: Match = KJ.new_match(preset, seed=3)
    chooser = random.Random(3)
    while not match.is_over:
        legal = set(match.legal_actions())
        assert legal, "an unfinished match always has a legal action"
        for action in every:
            allowed = match.check(action) is None
            assert allowed == (action in legal), (action, match.deal.phase)
            if not allowed:
                before = json.dumps(deal_view(match, SPECTATOR).to_json())
                history = len(match.deal.history)
                with pytest.raises(IllegalActionError):
                    match.apply(action)
                assert json.dumps(deal_view(match, SPECTATOR).to_json()) == before
                assert len(match.deal.history) == history
        options = sorted(legal, key=lambda a: a.text())
        match.apply(options[chooser.randrange(len(options))])


@pytest.mark.parametrize("preset", PRESETS)
def test_seed_and_actions_reproduce_the_match(preset: str) -> None:
    a = _random_match(preset, 11)
    b = KJ.new_match(preset, seed=11)
    for deal in a.deals:
        for _, action in deal.history:
            b.apply(action)
    assert b.is_over and b.sheet.points == a.sheet.points and b.sheet.crosses == a.sheet.crosses
    assert KJ.record(a) == KJ.record(b)


@pytest.mark.parametrize("preset", PRESETS)
def test_records_round_trip_and_replay(preset: str) -> None:
    match = _random_match(preset, 5)
    text = KJ.record(match, [{"name": n} for n in ("ann", "bob", "cor", "dirk")])
    record = loads(text)
    assert dumps(record) == text
    outcome = KJ.replay(text)
    assert outcome.finished and outcome.winner == match.sheet.winner()
    assert [r.points for r in outcome.rows] == [r.points for r in match.sheet.rows]
    assert outcome.to_json()["standing"] == match.standing()
    assert "deal 16" in KJ.describe(outcome)


def test_unfinished_record_replays() -> None:
    match = _random_match("kraken", 8, stop=100)
    outcome = replay(record_of_match(match))
    assert not outcome.finished and len(outcome.rows) == len(match.deals) - 1


def test_replay_stops_at_the_first_illegal_action() -> None:
    match = _random_match("amsterdam", 6, stop=20)
    data = json.loads(KJ.record(match))
    actions = data["deals"][0]["actions"]
    # the fourth card of the first trick replaced by a card its player does not hold
    seat, text = actions[4]
    held = data["deals"][0]["hands"][str(seat)].split()
    other = next(c for c in data["deals"][0]["hands"][str((seat + 1) % 4)].split() if c not in held)
    actions[4] = [seat, f"play {other}"]
    with pytest.raises(ReplayError) as info:
        KJ.replay(json.dumps(data))
    assert info.value.hand == 0 and info.value.position == 4
    assert info.value.reason == f"you do not hold {other}"
    actions[4] = [(seat + 1) % 4, text]
    with pytest.raises(ReplayError, match="turn, not seat"):
        KJ.replay(json.dumps(data))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(game="bonaken"), "this is a record of 'bonaken', not 'klaverjas'"),
        (lambda d: d["deals"][0]["hands"].update({"0": "7h"}), "deal 1: seat 0 must have 8 cards, not 1"),
        (lambda d: d["deals"][0].update(dealer=7), "deal 1: the dealer must be a seat from 0 to 3"),
        (lambda d: d["deals"][0]["actions"].append([0, "jump"]), "deal 1, action"),
        (lambda d: d["rules"].update(preset="paris"), "unknown rules preset 'paris'"),
        (lambda d: d.update(seats=[{}]), "'seats' must be four objects"),
    ],
)
def test_malformed_records(change: object, message: str) -> None:
    data = json.loads(KJ.record(_random_match("kraken", 2, stop=10)))
    change(data)  # type: ignore[operator]
    with pytest.raises(RecordError, match=message.replace("(", r"\(").replace(")", r"\)")):
        KJ.replay(json.dumps(data))


def test_record_with_a_wrong_dealer_is_malformed() -> None:
    data = json.loads(KJ.record(_random_match("kraken", 2, stop=60)))
    data["first_dealer"] = (data["first_dealer"] + 1) % 4
    with pytest.raises(RecordError, match="the dealer must be seat"):
        KJ.replay(json.dumps(data))


@pytest.mark.parametrize("preset", PRESETS)
def test_views_hide_partner_and_opponents(preset: str) -> None:
    for stop in (0, 7, 30, 45, 200):
        match = _random_match(preset, 4, stop=stop)
        deal = match.deal
        played = 0
        for trick, _ in deal.tricks:
            for _, c in trick:
                played |= 1 << c
        for _, c in deal.trick:
            played |= 1 << c
        for seat in range(4):
            view = KJ.view(match, seat)
            assert view.known_cards() == deal.hands[seat] | played
            text = json.dumps(view.to_json())
            for other in range(4):
                if other != seat:  # the partner's cards as hidden as the opponents'
                    for c in range(32):
                        if deal.hands[other] >> c & 1:
                            assert f'"{card_str(c)}"' not in text
            assert view.hand_sizes == tuple(h.bit_count() for h in deal.hands)
            assert view.legal == (tuple(a.text() for a in match.legal_actions()) if seat == match.to_act else ())
        spectator = KJ.view(match, SPECTATOR)
        assert spectator.hand is None and spectator.known_cards() == played and spectator.legal == ()


@pytest.mark.parametrize("preset", PRESETS)
def test_shuffle_unseen_leaves_the_view_unchanged(preset: str) -> None:
    changed = 0
    for seed in range(6):
        match = _random_match(preset, seed, stop=40 + seed * 7)
        for viewer in (0, 1, SPECTATOR):
            other = KJ.shuffle_unseen(match, viewer, seed)
            if other is None:
                continue
            assert other.deal.hands != match.deal.hands
            assert KJ.view(other, viewer).to_json() == KJ.view(match, viewer).to_json()
            changed += 1
    assert changed >= 6


def test_heuristic_plays_legally_and_beats_random() -> None:
    wins = 0
    for seed in range(6):
        match: Match = KJ.new_match("amsterdam", seed=seed)
        bots = [KJ.make_bot("heuristic" if seat % 2 == 0 else "random", seed=seed * 10 + seat) for seat in range(4)]
        while not match.is_over:
            view = KJ.view(match, match.to_act)
            action = bots[match.to_act].act(view)
            assert action.text() in view.legal
            match.apply(action)
        wins += KJ.scores(match)[0] > KJ.scores(match)[1]
    assert wins >= 5


def test_random_deal_workload() -> None:
    for preset in PRESETS:
        actions = KJ.random_deal(preset, 4, seed=1, chooser=random.Random(1), dealer=2)
        assert actions >= 33  # trump, 32 cards, and for kraken at least two words of the chain


def test_new_match_needs_four_players() -> None:
    with pytest.raises(Exception, match="four players"):
        KJ.new_match("kraken", 3)
