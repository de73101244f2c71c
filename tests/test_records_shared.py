"""What every game's records and rules share (``troef.core.records``, ``troef.core.switches``), checked per game."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from troef.core.errors import RecordError, ReplayError
from troef.core.switches import PresetRules
from troef.games import game
from troef.games.binokel.rules import Rules as BinokelRules
from troef.games.bonaken.rules import RoemTable
from troef.games.bonaken.rules import Rules as BonakenRules
from troef.games.klaverjas.rules import Rules as KlaverjasRules

#: game, preset, the field holding the deals, the word for a deal in messages
GAMES = [
    ("bonaken", "nk", "hands", "hand"),
    ("klaverjas", "kraken", "deals", "deal"),
    ("binokel", "cardgames", "rounds", "round"),
]
IDS = [g[0] for g in GAMES]
RULES: dict[str, type[PresetRules]] = {"bonaken": BonakenRules, "klaverjas": KlaverjasRules, "binokel": BinokelRules}


def _record(name: str, preset: str, actions: int = 60) -> dict[str, Any]:
    g = game(name)
    match = g.new_match(preset, seed=11)
    rng = random.Random(11)
    for _ in range(actions):
        if match.is_over:
            break
        legal = match.legal_actions()
        match.apply(legal[rng.randrange(len(legal))])
    data: dict[str, Any] = json.loads(g.record(match, None, {"by": "test"}))
    return data


@pytest.mark.parametrize(("name", "preset", "key", "word"), GAMES, ids=IDS)
def test_a_record_reads_back_to_the_same_text_with_its_deals_under_one_name(
    name: str, preset: str, key: str, word: str
) -> None:
    data = _record(name, preset)
    text = json.dumps(data, indent=1, ensure_ascii=False)
    module = __import__(f"troef.games.{name}.record", fromlist=["loads"])
    record = module.loads(text)
    assert module.dumps(record) == text
    assert len(record.deals) == len(data[key]) >= 1 and record.meta == {"by": "test"}
    assert [[s, a.text()] for s, a in record.deals[0].actions] == data[key][0]["actions"]


@pytest.mark.parametrize(("name", "preset", "key", "word"), GAMES, ids=IDS)
def test_an_action_out_of_turn_names_the_deal_and_the_action(name: str, preset: str, key: str, word: str) -> None:
    data = _record(name, preset)
    seat, text = data[key][0]["actions"][0]
    data[key][0]["actions"][0] = [(seat + 1) % len(data["seats"]), text]
    with pytest.raises(ReplayError) as info:
        game(name).replay(json.dumps(data))
    assert (info.value.hand, info.value.position) == (0, 0)
    assert info.value.reason == f"it is seat {seat}'s turn, not seat {(seat + 1) % len(data['seats'])}'s"


@pytest.mark.parametrize(("name", "preset", "key", "word"), GAMES, ids=IDS)
def test_malformed_common_fields_are_refused_saying_where(name: str, preset: str, key: str, word: str) -> None:
    def refused(data: dict[str, Any], message: str) -> None:
        with pytest.raises(RecordError) as info:
            game(name).replay(json.dumps(data))
        assert str(info.value) == message

    refused({**_record(name, preset), key: []}, f"record: a match record holds at least one {word}")
    refused({**_record(name, preset), "kind": "tournament"}, str(_kind_message(name)))
    bad_action = _record(name, preset)
    bad_action[key][0]["actions"][1] = [0]
    refused(bad_action, f'{word} 1, action 2: must be [seat, "action text"]')
    extra = _record(name, preset)
    extra[key][0]["actions"].append(["0", "pass"])
    refused(extra, f'{word} 1, action {len(extra[key][0]["actions"])}: must be [seat, "action text"]')


def _kind_message(name: str) -> str:
    return "record 'kind' must be 'hand' or 'match'" if name == "bonaken" else "record 'kind' must be 'match'"


@pytest.mark.parametrize(("name", "preset", "key", "word"), GAMES, ids=IDS)
def test_rules_round_trip_with_only_the_changed_switches(name: str, preset: str, key: str, word: str) -> None:
    rules_type = RULES[name]
    changed: dict[str, dict[str, Any]] = {
        "bonaken": {"min_bid": 30, "players": (3, 4)},
        "klaverjas": {"deals": 8},
        "binokel": {"target": 1000},
    }
    rules = rules_type.of_preset(preset, **changed[name])
    data = rules.to_dict()
    assert data == {
        "preset": preset,
        "switches": {k: list(v) if isinstance(v, tuple) else v for k, v in changed[name].items()},
    }
    assert rules_type.from_dict(json.loads(json.dumps(data))) == rules


@pytest.mark.parametrize(("name", "preset", "key", "word"), GAMES, ids=IDS)
@pytest.mark.parametrize(
    ("switches", "message"),
    [
        ({"jokers": 1, "bogus": 2}, "unknown rule switch(es): bogus, jokers"),
        ({"preset": "nk"}, "unknown rule switch(es): preset"),
        ({"min_bid": "25"}, "rule switch 'min_bid' must be of type int, not str"),
        ({"min_bid": True}, "rule switch 'min_bid' must be of type int, not bool"),
        ({"min_bid": 25.0}, "rule switch 'min_bid' must be of type int, not float"),
    ],
)
def test_unknown_and_ill_typed_switches_are_refused_by_name(
    name: str, preset: str, key: str, word: str, switches: dict[str, Any], message: str
) -> None:
    if name == "klaverjas" and "min_bid" in switches:
        switches = {"deals": switches["min_bid"]}
        message = message.replace("min_bid", "deals")
    with pytest.raises(RecordError) as info:
        RULES[name].from_dict({"preset": preset, "switches": switches})
    assert str(info.value).endswith(message)


@pytest.mark.parametrize(
    ("switches", "message"),
    [
        ({"misere": "yes"}, "rule switch 'misere' must be of type bool, not str"),
        ({"scoring": 5}, "rule switch 'scoring' must be of type str, not int"),
        ({"scoring": "golf"}, "rule switch 'scoring' must be one of nk, plusminus, points5, limpt_bogmans, not 'golf'"),
        ({"double_misere_rank": "1000"}, "rule switch 'double_misere_rank' must be of type int, not str"),
        ({"players": [2, "3"]}, "the 'players' switch must be a list of numbers"),
    ],
)
def test_bonaken_switches_are_read_by_their_fields_type(switches: dict[str, Any], message: str) -> None:
    with pytest.raises(RecordError) as info:
        BonakenRules.from_dict({"preset": "pagat", "switches": switches})
    assert str(info.value).endswith(message)


def test_bonaken_switches_of_their_own_json_form_and_null_read_back() -> None:
    data = {"preset": "pagat", "switches": {"double_misere_rank": None, "misere_locks_after": 3, "roem": {"seq6": 100}}}
    rules = BonakenRules.from_dict(data)
    assert rules.misere_locks_after == 3 and rules.double_misere_rank is None
    assert rules.roem == RoemTable(seq6=100)
    switches = rules.to_dict()["switches"]
    assert switches["misere_locks_after"] == 3 and switches["roem"]["seq6"] == 100
    assert "double_misere_rank" not in switches  # null is the preset's own value
