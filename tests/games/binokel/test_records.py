"""Match records (``docs/records.md``): round trip, replay to the same result, strict reading."""

from __future__ import annotations

import json
import random

import pytest

from troef.core.errors import RecordError, ReplayError
from troef.games import game
from troef.games.binokel.match import Match
from troef.games.binokel.record import dumps, loads, record_of_match, replay
from troef.games.binokel.rules import preset

BINOKEL = game("binokel")


def played(seed: int, target: int = 1000) -> Match:
    m: Match = BINOKEL.new_match("cardgames", seed=seed, switches={"target": target})
    bots = [BINOKEL.make_bot("heuristic" if s % 2 == 0 else "random", seed + s) for s in range(4)]
    while not m.is_over:
        seat = m.to_act
        m.apply(bots[seat].act(BINOKEL.view(m, seat)))
    return m


def test_record_round_trip_and_replay_to_the_same_result() -> None:
    m = played(3)
    text = BINOKEL.record(m)
    assert dumps(loads(text)) == text
    outcome = replay(loads(text))
    assert outcome.finished and outcome.winner == m.winner
    assert outcome.totals == (m.totals[0], m.totals[1])
    assert [r.totals for r in outcome.rounds] == m.sheet
    data = json.loads(text)
    # a record names its rules revision and every switch (docs/records.md, "Rules revisions")
    assert data["game"] == "binokel" and data["rules"]["preset"] == "cardgames" and data["rules"]["revision"] == 1
    assert data["rules"]["switches"]["target"] == 1000 and data["rules"]["switches"]["min_bid"] == 250
    assert BINOKEL.describe(outcome).splitlines()[-1].startswith(f"seats {m.winner} and {m.winner + 2} win")  # type: ignore[operator]


def test_record_keeps_seats_and_meta() -> None:
    m = played(7)
    text = dumps(record_of_match(m, [{"name": f"p{s}"} for s in range(4)], {"program": "test"}))
    data = json.loads(text)
    assert data["meta"] == {"program": "test"} and [s["name"] for s in data["seats"]] == ["p0", "p1", "p2", "p3"]
    assert loads(text).meta == {"program": "test"}


def test_record_writes_second_copies_with_an_apostrophe() -> None:
    data = json.loads(BINOKEL.record(played(4)))
    all_cards = " ".join(" ".join(r["deal"].values()) for r in data["rounds"][:1]).split()
    assert len(all_cards) == 48 and sum(c.endswith("'") for c in all_cards) == 24


def test_record_of_an_unfinished_game_replays_unfinished() -> None:
    m = Match(preset("cardgames"), seed=9, first_dealer=1)
    rng = random.Random(9)
    for _ in range(30):
        legal = m.legal_actions()
        m.apply(legal[rng.randrange(len(legal))])
    outcome = replay(loads(dumps(record_of_match(m))))
    assert not outcome.finished


def test_replay_stops_at_an_illegal_action_with_its_reason() -> None:
    data = json.loads(BINOKEL.record(played(5)))
    data["rounds"][0]["actions"][0][1] = "bid 270"
    with pytest.raises(ReplayError, match="the first bid is 250"):
        BINOKEL.replay(json.dumps(data))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["rounds"][0]["deal"].update({"0": "Ah"}), "seat 0 must have 12 cards"),
        (lambda d: d["rounds"][0]["deal"].update({"0": d["rounds"][0]["deal"]["1"]}), "dealt twice"),
        (lambda d: d["rounds"][0]["actions"].append([0, "dance"]), "not an action"),
        (lambda d: d.update({"first_dealer": 7}), "first_dealer"),
        (lambda d: d.update({"rules": {"preset": "cardgames", "switches": {"target": 1234}}}), "target"),
        (lambda d: d.update({"game": "bonaken"}), "not 'binokel'"),
    ],
)
def test_record_reading_is_strict(change: object, message: str) -> None:
    data = json.loads(BINOKEL.record(played(6)))
    change(data)  # type: ignore[operator]
    with pytest.raises(RecordError, match=message):
        loads(json.dumps(data))
