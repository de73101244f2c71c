"""Records: round trips per rule set, files, every malformed record, tampered replays."""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.games.bonaken.common import RULE_SETS, play_match, play_out
from troef.cards import card_str, cards_of
from troef.core.errors import RecordError, ReplayError
from troef.games.bonaken.actions import Play
from troef.games.bonaken.match import Match
from troef.games.bonaken.record import (
    Record,
    dump,
    dumps,
    load,
    loads,
    record_of_hand,
    record_of_match,
    replay,
)
from troef.games.bonaken.state import DealState, Phase

Json = dict[str, Any]


def finished_match(name: str, players: int, seed: int) -> Match:
    match = Match(RULE_SETS[name], players, seed=seed)
    play_match(match, random.Random(seed))
    return match


def match_with_play_in_hand_two() -> Match:
    """A finished nk match whose second hand has card play (found over fixed seeds)."""
    for seed in range(100):
        match = finished_match("nk", 3, seed)
        if len(match.hands) >= 2 and sum(isinstance(a, Play) for _, a in match.hands[1].history) >= 3:
            return match
    raise AssertionError("no seed gives a second hand with card play")


@pytest.fixture(scope="module")
def good_match() -> Match:
    return match_with_play_in_hand_two()


@pytest.fixture
def good(good_match: Match) -> Json:
    """A good match record as a JSON object, fresh for every test to mutate."""
    data: Json = json.loads(dumps(record_of_match(good_match)))
    return data


def assert_record_error(data: Json | str, message: str) -> RecordError:
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(RecordError) as info:
        loads(text)
    assert message in str(info.value), f"expected {message!r} in {str(info.value)!r}"
    return info.value


# ---------------------------------------------------------------------- round trips


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_hand_records_round_trip_for_every_rule_set(name: str) -> None:
    rules = RULE_SETS[name]
    for players in rules.players:
        hand = DealState.new(rules, players, dealer=players - 1, seed=100 + players)
        play_out(hand, random.Random(players))
        record = record_of_hand(hand)
        text = dumps(record)
        again = loads(text)
        assert again == record
        assert again.kind == "hand" and again.rules == rules
        assert dumps(again) == text
        outcome = replay(again)
        assert outcome.finished
        assert [o.result for o in outcome.hands] == [hand.result]
        assert outcome.standing == [] and outcome.losers == ()


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_match_records_round_trip_for_every_rule_set(name: str) -> None:
    rules = RULE_SETS[name]
    for players in rules.players:
        match = finished_match(name, players, seed=200 + players)
        record = record_of_match(match)
        text = dumps(record)
        again = loads(text)
        assert again == record
        assert again.kind == "match" and again.seed == match.seed and again.first_dealer == match.first_dealer
        assert dumps(again) == text
        outcome = replay(again)
        assert outcome.finished
        assert [o.result for o in outcome.hands] == [h.result for h in match.hands]
        assert outcome.standing == match.standing()
        assert outcome.losers == match.sheet.losers()
        assert [o.sheet_row for o in outcome.hands if o.sheet_row is not None] == match.sheet.rows


def test_unfinished_match_records_replay_to_the_same_point() -> None:
    match = Match(RULE_SETS["pagat"], 4, seed=9)
    play_match(match, random.Random(9), max_actions=57)
    assert not match.is_over
    outcome = replay(loads(dumps(record_of_match(match))))
    assert not outcome.finished
    assert outcome.standing == match.standing()
    assert len(outcome.hands) == sum(h.result is not None for h in match.hands)


def test_dump_and_load_through_a_real_file(tmp_path: Path, good_match: Match) -> None:
    record = record_of_match(good_match, seats=[{"name": "Anna"}, {"name": "Bert"}, {"name": "Cor", "bot": "random"}])
    path = tmp_path / "match.troef.json"
    with path.open("w", encoding="utf-8") as fp:
        dump(record, fp)
    text = path.read_text(encoding="utf-8")
    assert text.endswith("\n")
    assert json.loads(text)["seats"][2] == {"name": "Cor", "bot": "random"}
    with path.open(encoding="utf-8") as fp:
        again = load(fp)
    assert again == record
    assert replay(again).standing == good_match.standing()


def test_meta_round_trips(good_match: Match) -> None:
    record = dataclasses.replace(record_of_match(good_match), meta={"event": "club night"})
    assert json.loads(dumps(record))["meta"] == {"event": "club night"}
    assert loads(dumps(record)) == record


# ---------------------------------------------------------------------- malformed records


def _set(path: tuple[str | int, ...], value: object) -> Callable[[Json], None]:
    def change(data: Json) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def _drop(key: str) -> Callable[[Json], None]:
    def change(data: Json) -> None:
        del data[key]

    return change


def _cards_of_seat(data: Json, seat: int) -> list[str]:
    cards: list[str] = data["hands"][0]["deal"]["hands"][str(seat)].split()
    return cards


def _bad_card(data: Json) -> None:
    cards = _cards_of_seat(data, 0)
    data["hands"][0]["deal"]["hands"]["0"] = " ".join(["Xh", *cards[1:]])


def _bad_suit(data: Json) -> None:
    cards = _cards_of_seat(data, 0)
    data["hands"][0]["deal"]["hands"]["0"] = " ".join(["7q", *cards[1:]])


def _card_twice_in_one_place(data: Json) -> None:
    cards = _cards_of_seat(data, 0)
    data["hands"][0]["deal"]["hands"]["0"] = " ".join([cards[1], *cards[1:]])


def _card_dealt_twice(data: Json) -> None:
    cards = _cards_of_seat(data, 0)
    data["hands"][0]["deal"]["hands"]["0"] = " ".join([_cards_of_seat(data, 1)[0], *cards[1:]])


def _card_missing(data: Json) -> None:
    data["hands"][0]["deal"]["hands"]["0"] = " ".join(_cards_of_seat(data, 0)[1:])


def _hand_too_big(data: Json) -> None:
    moved = _cards_of_seat(data, 1)[0]
    data["hands"][0]["deal"]["hands"]["1"] = " ".join(_cards_of_seat(data, 1)[1:])
    data["hands"][0]["deal"]["hands"]["0"] = " ".join([*_cards_of_seat(data, 0), moved])


def _centre_too_big(data: Json) -> None:
    deal = data["hands"][0]["deal"]
    sleepers = deal["sleepers"].split()
    deal["open"] = " ".join([*deal["open"].split(), sleepers[0]])
    deal["sleepers"] = " ".join(sleepers[1:])


def _cards_to_nobody(data: Json) -> None:
    data["hands"][0]["deal"]["hands"]["5"] = "7h"


def _repeated_seat(data: Json) -> None:
    deal = data["hands"][0]["deal"]
    data["hands"][0]["seats"] = [0, 0, 1]
    deal["sleepers"] = " ".join([deal["sleepers"], deal["hands"].pop("2")])


MALFORMED: list[tuple[str, Callable[[Json], None] | str, str]] = [
    ("not JSON", "{this is not json", "not valid JSON: Expecting property name enclosed in double quotes at line 1"),
    ("empty file", "", "not valid JSON"),
    ("a JSON array", "[1, 2, 3]", "a record must be a JSON object"),
    ("wrong format name", _set(("format",), "pbn"), "not a troef record (the 'format' field must be 'troef-record')"),
    ("no format", _drop("format"), "not a troef record"),
    ("newer version", _set(("version",), 2), "record version 2 is newer than this troef reads (1)"),
    ("version zero", _set(("version",), 0), "the record has no valid 'version'"),
    ("version text", _set(("version",), "1"), "the record has no valid 'version'"),
    ("wrong game", _set(("game",), "klaverjas"), "this is a record of 'klaverjas', not 'bonaken'"),
    ("wrong kind", _set(("kind",), "tournament"), "record 'kind' must be 'hand' or 'match'"),
    ("no rules", _drop("rules"), "record: missing field 'rules'"),
    ("rules not an object", _set(("rules",), "nk"), "record: field 'rules' has the wrong type"),
    ("rules without preset", _set(("rules",), {"switches": {}}), "rules must be an object with a 'preset'"),
    (
        "unknown preset",
        _set(("rules", "preset"), "bridge"),
        "unknown rules preset 'bridge'; choose one of nk, pagat, hazerswoude",
    ),
    ("unknown switch", _set(("rules", "switches"), {"jokers": True}), "unknown rule switch(es): jokers"),
    ("switches not an object", _set(("rules", "switches"), [1]), "rules 'switches' must be an object"),
    (
        "bad switch value",
        _set(("rules", "switches"), {"min_bid": 7}),
        "min_bid must be a positive multiple of 5, not 7",
    ),
    ("bad deal script", _set(("rules", "switches"), {"layouts": [[3, "3 X 3"]]}), "bad token 'X' in deal script"),
    ("seats not a list", _set(("seats",), {"0": "Anna"}), "record: field 'seats' has the wrong type"),
    ("seat not an object", _set(("seats", 0), "Anna"), "record: every seat must be an object"),
    ("first dealer not a number", _set(("first_dealer",), "0"), "record: field 'first_dealer' has the wrong type"),
    ("seed not a number", _set(("seed",), 1.5), "record: 'seed' must be an integer"),
    ("no hands", _drop("hands"), "record: missing field 'hands'"),
    ("hand not an object", _set(("hands", 0), [1]), "hand 1: must be an object"),
    ("hand without dealer", _set(("hands", 0), {"seats": [0, 1, 2]}), "hand 1: missing field 'dealer'"),
    ("seat out of the table", _set(("hands", 0, "seats"), [0, 1, 7]), "hand 1: seats must be seat numbers from 0 to 2"),
    ("cards to a seat not playing", _cards_to_nobody, "hand 1: cards dealt to '5', who is not playing"),
    ("cards not text", _set(("hands", 0, "deal", "open"), ["Jh"]), "hand 1, open cards: cards must be a string"),
    ("bad card text", _bad_card, "hand 1, seat 0: 'Xh': unknown rank 'X'; use 7 8 9 10 J Q K A"),
    ("bad suit letter", _bad_suit, "hand 1, seat 0: '7q': unknown suit 'q'"),
    ("a second copy of a card", _set(("hands", 0, "deal", "open"), "Jh'"), "hand 1: the deal does not account"),
    ("a card twice in one place", _card_twice_in_one_place, "names a card more than once"),
    ("a card dealt twice", _card_dealt_twice, "hand 1: a card is dealt twice"),
    ("missing cards", _card_missing, "hand 1: the deal does not account for all 32 cards"),
    ("wrong hand size", _hand_too_big, "hand 1: seat 0 must have 6 cards, not 7"),
    ("wrong centre size", _centre_too_big, "hand 1: the centre must hold 2 open and 1 closed cards"),
    ("no actions", _set(("hands", 0, "actions"), None), "hand 1: field 'actions' has the wrong type"),
    ("action as text", _set(("hands", 0, "actions", 0), "pass"), 'hand 1, action 1: must be [seat, "action text"]'),
    ("action of one item", _set(("hands", 0, "actions", 1), [0]), 'hand 1, action 2: must be [seat, "action text"]'),
    ("action seat as text", _set(("hands", 0, "actions", 0), ["1", "pass"]), 'must be [seat, "action text"]'),
    ("action text as a number", _set(("hands", 0, "actions", 0), [1, 75]), 'must be [seat, "action text"]'),
    ("action of three items", _set(("hands", 0, "actions", 0), [1, "bid", "75"]), 'must be [seat, "action text"]'),
    ("unparsable action", _set(("hands", 0, "actions", 0), [1, "fold"]), "hand 1, action 1: 'fold' is not an action"),
    ("bad card in action", _set(("hands", 0, "actions", 0), [1, "play 11h"]), "hand 1, action 1: 'play 11h': "),
    ("bad bid number", _set(("hands", 0, "actions", 0), [1, "bid misere 20"]), "misere takes no roem"),
    ("hand record of two hands", _set(("kind",), "hand"), "a hand record holds exactly one hand"),
    ("version true", _set(("version",), True), "the record has no valid 'version'"),
    ("meta not an object", _set(("meta",), 5), "record: 'meta' must be an object"),
    ("first dealer off the table", _set(("first_dealer",), 3), "record: 'first_dealer' must be a seat from 0 to 2"),
    ("dealer off the table", _set(("hands", 0, "dealer"), 3), "hand 1: the dealer must be a seat from 0 to 2"),
    ("negative dealer", _set(("hands", 0, "dealer"), -1), "hand 1: the dealer must be a seat from 0 to 2"),
    ("seat repeated", _repeated_seat, "hand 1: a seat is listed twice"),
    ("action seat true", _set(("hands", 0, "actions", 0, 0), True), 'hand 1, action 1: must be [seat, "action text"]'),
    (
        "roem table with an unknown field",
        _set(("rules", "switches"), {"roem": {"jokers": 10}}),
        "bad rule switch value: RoemTable.__init__() got an unexpected keyword argument 'jokers'",
    ),
    (
        "roem switch not a table",
        _set(("rules", "switches"), {"roem": 5}),
        "the 'roem' switch must be an object of roem values",
    ),
    (
        "layouts as text",
        _set(("rules", "switches"), {"layouts": "3 O2 C1 3"}),
        "the 'layouts' switch must be a list of [players, \"deal script\"]",
    ),
    (
        "layouts with a bad player count",
        _set(("rules", "switches"), {"layouts": [["two", "3 O2 C1 3"]]}),
        "the 'layouts' switch must be a list of [players, \"deal script\"]",
    ),
    ("players as text", _set(("rules", "switches"), {"players": "234"}), "the 'players' switch must be a list"),
    ("min bid missing", _set(("rules", "switches"), {"min_bid": None}), "bad rule switch value: "),
]


@pytest.mark.parametrize(("case", "change", "message"), MALFORMED, ids=[m[0] for m in MALFORMED])
def test_malformed_records_raise_record_error(
    good: Json, case: str, change: Callable[[Json], None] | str, message: str
) -> None:
    if isinstance(change, str):
        assert_record_error(change, message)
        return
    change(good)
    error = assert_record_error(good, message)
    assert isinstance(error, ValueError)


# ---------------------------------------------------------------------- tampered replays


def _position_of_a_play(data: Json, hand: int, nth: int) -> int:
    plays = [i for i, (_, text) in enumerate(data["hands"][hand]["actions"]) if text.startswith("play ")]
    return plays[nth]


def test_an_illegal_card_play_is_named_with_hand_position_and_reason(good: Json, good_match: Match) -> None:
    pos = _position_of_a_play(good, 1, 2)
    seat = good["hands"][1]["actions"][pos][0]
    before = DealState(good_match.rules, good_match.hands[1].deal)
    for _, action in good_match.hands[1].history[:pos]:
        before.apply(action)
    assert before.to_act == seat
    card = card_str(next(c for c in range(32) if not before.hands[seat] >> c & 1))
    good["hands"][1]["actions"][pos][1] = f"play {card}"
    record = loads(json.dumps(good))
    with pytest.raises(ReplayError) as info:
        replay(record)
    error = info.value
    assert (error.hand, error.position, error.action) == (1, pos, f"play {card}")
    assert error.reason == f"you do not hold {card}"
    assert str(error) == f"hand 2, action {pos + 1} (play {card}): you do not hold {card}"


def test_a_card_played_against_the_rules_is_named() -> None:
    """Not following suit: the first position of a match where the player holds a card he may not play."""
    for seed in range(20):
        match = finished_match("pagat", 3, seed)
        for index, hand in enumerate(match.hands):
            probe = DealState(match.rules, hand.deal)
            for pos, (seat, action) in enumerate(hand.history):
                if isinstance(action, Play) and probe.phase == Phase.PLAY:
                    legal = {a for a in probe.legal_actions() if isinstance(a, Play)}
                    wrong = [c for c in cards_of(probe.hands[seat]) if Play(c) not in legal]
                    if wrong:
                        data: Json = json.loads(dumps(record_of_match(match)))
                        data["hands"][index]["actions"][pos][1] = f"play {card_str(wrong[0])}"
                        with pytest.raises(ReplayError) as info:
                            replay(loads(json.dumps(data)))
                        assert (info.value.hand, info.value.position) == (index, pos)
                        assert info.value.reason == probe.check(Play(wrong[0]))
                        assert info.value.reason.startswith(("you must follow", "you must play a trump"))
                        return
                probe.apply(action)
    raise AssertionError("no position with a held but illegal card in 20 matches")


def test_a_wrong_seat_is_named_with_hand_position_and_reason(good: Json) -> None:
    pos = _position_of_a_play(good, 1, 1)
    seat, text = good["hands"][1]["actions"][pos]
    wrong = (seat + 1) % len(good["seats"])
    good["hands"][1]["actions"][pos][0] = wrong
    with pytest.raises(ReplayError) as info:
        replay(loads(json.dumps(good)))
    error = info.value
    assert (error.hand, error.position, error.action) == (1, pos, text)
    assert error.reason == f"it is seat {seat}'s turn, not seat {wrong}'s"


def test_an_action_after_the_hand_is_over_is_named() -> None:
    data: Json = json.loads(dumps(record_of_hand(good_hand_finished())))
    n = len(data["hands"][0]["actions"])
    data["hands"][0]["actions"].append([0, "pass"])
    with pytest.raises(ReplayError) as info:
        replay(loads(json.dumps(data)))
    assert (info.value.hand, info.value.position, info.value.action) == (0, n, "pass")
    assert info.value.reason == "the hand is already over"


def good_hand_finished() -> DealState:
    hand = DealState.new(RULE_SETS["pagat"], 4, dealer=0, seed=8)
    play_out(hand, random.Random(8))
    return hand


def test_an_illegal_bid_in_a_hand_record_is_named() -> None:
    hand = DealState.new(RULE_SETS["nk"], 4, dealer=0, seed=8)
    data: Json = json.loads(dumps(record_of_hand(hand)))
    data["hands"][0]["actions"] = [[1, "bid 75"], [2, "bid 70"]]
    with pytest.raises(ReplayError) as info:
        replay(loads(json.dumps(data)))
    assert (info.value.hand, info.value.position) == (0, 1)
    assert info.value.reason == "the bid must be higher than 75"
    assert str(info.value) == "hand 1, action 2 (bid 70): the bid must be higher than 75"


def test_a_match_record_that_ends_too_early_is_a_record_error(good: Json) -> None:
    del good["hands"][1:]
    with pytest.raises(RecordError, match="the record ends before the match does"):
        replay(loads(json.dumps(good)))


def test_a_match_record_with_the_wrong_dealer_is_a_record_error(good: Json) -> None:
    good["hands"][1]["dealer"] = (good["hands"][1]["dealer"] + 1) % len(good["seats"])
    with pytest.raises(RecordError, match=r"hand 2: the record deals from seat \d"):
        replay(loads(json.dumps(good)))


def test_a_match_record_with_hands_after_the_end_is_a_record_error(good: Json) -> None:
    good["hands"].append(copy.deepcopy(good["hands"][-1]))
    with pytest.raises(RecordError, match="the match was already over"):
        replay(loads(json.dumps(good)))


def test_a_record_is_a_frozen_value(good_match: Match) -> None:
    record = record_of_match(good_match)
    assert isinstance(record, Record)
    with pytest.raises(dataclasses.FrozenInstanceError):
        record.kind = "hand"  # type: ignore[misc]
