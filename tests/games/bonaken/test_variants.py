"""Every rule switch changes what it should (the pagat variants, the Limpt-Bogmans bundle, records of rules)."""

from __future__ import annotations

import json

import pytest

from tests.games.bonaken.helpers import (
    allowed,
    cards,
    declare,
    finish,
    hand_result,
    legal_texts,
    make_hand,
    phase,
    play,
    refused,
    result_of,
    suit,
)
from troef.cards import CardSet
from troef.core.errors import RecordError
from troef.games.bonaken.actions import Bid, BidKind, parse_action
from troef.games.bonaken.bidding import bid_rank
from troef.games.bonaken.match import Match, ScoreSheet, Status, bid_points
from troef.games.bonaken.roem import best_roem
from troef.games.bonaken.rules import CentreLayout, RoemTable, Rules, limpt_bogmans, preset
from troef.games.bonaken.state import DealState, Phase

PAGAT = preset("pagat")


def fresh(rules: Rules, players: int = 4) -> DealState:
    return DealState.new(rules, players=players, dealer=players - 1, seed=9)


def rank(text: str, rules: Rules, players: int = 4) -> int:
    bid = parse_action(text)
    assert isinstance(bid, Bid)
    return bid_rank(bid, rules, players)


# --------------------------------------------------------------------------- bidding switches


def test_min_bid_25() -> None:
    assert "bid 20" in legal_texts(fresh(PAGAT))
    hand = fresh(preset("pagat", min_bid=25))
    assert "the lowest number bid is 25" in refused(hand, "bid 20")
    play(hand, "bid 25")


@pytest.mark.parametrize("min_bid", [0, -5, 22])
def test_min_bid_must_be_a_positive_multiple_of_five(min_bid: int) -> None:
    with pytest.raises(RecordError, match="multiple of 5"):
        preset("pagat", min_bid=min_bid)


def test_high_misere_zwabber_with_four_or_more_players() -> None:
    rules = preset("pagat", high_misere_zwabber_from=4)
    for players in (4, 5):
        hand = fresh(rules, players)
        play(hand, "bid 100")
        assert "bid misere" in legal_texts(hand)
        play(hand, "bid misere")
        refused(hand, "bid 100")
        play(hand, "bid 105", "bid 125", "bid zwabber")
        refused(hand, "bid 125")
        play(hand, "bid 130")
    # three players: the usual places between 70 and 75 and between 100 and 105
    hand = fresh(rules, 3)
    play(hand, "bid 75")
    refused(hand, "bid misere")
    play(hand, "bid 105")
    refused(hand, "bid zwabber")
    assert rank("bid misere", rules, 3) == rank("bid misere", PAGAT, 3)
    assert rank("bid misere", rules, 4) > rank("bid 100", rules, 4) > rank("bid misere", PAGAT, 4)


def test_zwabber_with_roem() -> None:
    hand = fresh(PAGAT)
    play(hand, "bid zwabber")
    assert "bid zwabber 20" not in legal_texts(hand)
    assert "not a bid with these rules" in refused(hand, "bid zwabber 20")
    rules = preset("pagat", zwabber_with_roem=True)
    hand = fresh(rules)
    play(hand, "bid zwabber")
    assert "bid zwabber 20" in legal_texts(hand)
    play(hand, "bid zwabber 20")
    refused(hand, "bid zwabber")
    # directly above plain zwabber, below the next number bid
    assert rank("bid zwabber", rules) < rank("bid zwabber 20", rules) < rank("bid zwabber 50", rules)
    assert rank("bid zwabber 220", rules) < rank("bid 105", rules)


def test_zwabber_with_roem_declares_roem_without_trump() -> None:
    rules = preset("pagat", zwabber_with_roem=True)
    hand = make_hand(rules, {0: "7s 8s 9s As Ah Ad"}, table=4)
    declare(hand, "bid zwabber 20", trump=None, roem=None)
    assert hand.phase == Phase.ROEM and hand.trump == -1
    assert hand.declarable_roem() == [0, 20]


def test_misere_trump_single() -> None:
    deal = {0: "7h 8h 7c 8c 7d 8d"}
    hand = declare(make_hand(PAGAT, deal, table=4), "bid misere", trump=None, roem=None)
    assert hand.phase == Phase.PLAY and hand.trump == -1
    rules = preset("pagat", misere_trump="single")
    hand = declare(make_hand(rules, deal, table=4), "bid misere", trump=None, roem=None)
    assert hand.phase == Phase.TRUMP
    play(hand, "trump s")
    assert phase(hand) == Phase.PLAY and hand.trump == suit("s")
    # with several misère players there is no trump all the same
    hand = make_hand(rules, deal, table=4)
    play(hand, "bid misere", "bid misere", "pass", "pass")
    play(hand, *["any"] * 8)
    assert hand.phase == Phase.PLAY and hand.trump == -1


def test_compulsory_overtrumping_variant() -> None:
    rules = preset("pagat", overtrump_on_trump_lead=True, undertrump="unless_only_trumps")
    # a trump led must be beaten if possible
    assert allowed(PAGAT, "9h 7h 8c", led="h", trump="h", high="Ah") == CardSet.parse("7h 9h")
    assert allowed(rules, "9h 7h 8c", led="h", trump="h", high="Ah") == CardSet.parse("9h")
    assert allowed(rules, "Kh 7h 8c", led="h", trump="h", high="Ah") == CardSet.parse("7h Kh")
    # a trumped side suit: no lower trump unless the hand holds nothing but trumps
    assert allowed(PAGAT, "Qh 7d", led="c", trump="h", high="9h") == CardSet.parse("Qh 7d")
    assert allowed(rules, "Qh 7d", led="c", trump="h", high="9h") == CardSet.parse("7d")
    assert allowed(rules, "Qh Jh 7d", led="c", trump="h", high="9h") == CardSet.parse("Jh 7d")
    assert allowed(rules, "Qh 7h", led="c", trump="h", high="9h") == CardSet.parse("7h Qh")
    assert allowed(rules, "Qh Jh", led="c", trump="h", high="9h") == CardSet.parse("Qh Jh")
    # ... where the nk rule would forbid the lower trump: the higher one is there
    assert allowed(preset("nk"), "Qh Jh", led="c", trump="h", high="9h") == CardSet.parse("Jh")


def test_compulsory_overtrumping_in_a_hand() -> None:
    rules = preset("pagat", overtrump_on_trump_lead=True, undertrump="unless_only_trumps")
    deal = {0: "Ah 7c 8c 9c 10c Jc", 1: "9h 7h 7d 8d 9d 10d"}
    hand = declare(make_hand(rules, deal, table=4), "bid 25", trump="h")
    play(hand, "play Ah")
    assert "you must play a higher trump" in refused(hand, "play 7h")
    play(hand, "play 9h")


def test_six_card_sequence_worth() -> None:
    six = cards("7s 8s 9s 10s Js Qs")
    assert best_roem(six, suit("h"), PAGAT.roem)[0] == 200
    rules = preset("pagat", roem=RoemTable(seq6=100, combine="pagat"))
    assert best_roem(six, suit("h"), rules.roem)[0] == 100
    assert best_roem(cards("7s 8s 9s 10s Js"), suit("h"), rules.roem)[0] == 100


# the declarer (seat 0) holds the top trumps; 25 is made after the second trick
WINNING_DEAL = {
    0: "Jh 9h Ah Kh 7c 7d",
    1: "Ac Kc Qc 10c 7s 8s",
    2: "Ad Kd Qd 10d 9s 10s",
    3: "As Ks Qs Js 9c Jc",
}


@pytest.mark.parametrize("stop", [False, True])
def test_stop_when_decided(stop: bool) -> None:
    rules = preset("pagat", stop_when_decided=stop)
    hand = declare(make_hand(rules, WINNING_DEAL, open="8c 9d", closed="8d Jd"), "bid 25", trump="h")
    play(hand, "play Jh", "play 7s", "play 9s", "play 9c", "play 9h", "play 8s", "play Qd", "play Jc")
    assert hand.is_over is stop
    assert result_of(finish(hand)).won == {0: True}


def test_next_dealer_declarer() -> None:
    for rules, dealer in ((PAGAT, 1), (preset("pagat", next_dealer="declarer"), 3)):
        match = Match(rules, players=4, seed=2, first_dealer=0)
        play(match, "pass", "pass", "bid 25", "pass")  # seat 3 goes
        finish(match)
        assert match.hand.deal.dealer == dealer


def test_next_dealer_first_misere_player() -> None:
    match = Match(preset("pagat", next_dealer="declarer"), players=4, seed=2, first_dealer=0)
    play(match, "pass", "bid misere", "bid misere", "pass")  # seats 2 and 3
    finish(match)
    assert match.hand.deal.dealer == 2


# --------------------------------------------------------------------------- layouts


ONE_DOWN_TWO_UP = tuple((n, CentreLayout("3 C1 3 O2")) for n in (2, 3, 4))


def test_one_down_two_up_layout() -> None:
    rules = preset("pagat", players=(2, 3, 4), layouts=ONE_DOWN_TWO_UP)
    for players, sleepers in ((2, 17), (3, 11), (4, 5)):
        layout = rules.layout(players)
        assert (layout.hand, layout.closed, layout.open, layout.sleepers(players)) == (6, 1, 2, sleepers)
        hand = DealState.new(rules, players=players, dealer=0, seed=1)
        assert hand.deal.closed.bit_count() == 1 and hand.deal.open.bit_count() == 2
    hand = make_hand(rules, {0: "7h 8h 7c 8c 7d 8d"}, open="Ah Kh", closed="Ac", table=4)
    play(hand, "bid 25", "pass", "pass", "pass")
    assert hand.exchange_need == 3 and len(CardSet(hand.hands[0])) == 9


def test_layouts_must_cover_every_number_of_players() -> None:
    with pytest.raises(RecordError, match="every allowed number of players needs a centre layout"):
        preset("pagat", layouts=((4, CentreLayout("3 C1 3 O2")),))
    rules = preset("pagat", players=(4,), layouts=((4, CentreLayout("3 C1 3 O2")),))
    assert rules.players == (4,)
    with pytest.raises(RecordError, match="no deal for 3 players"):
        rules.layout(3)
    with pytest.raises(RecordError, match="are for 4 players, not 3"):
        Match(rules, players=3, seed=1)


def test_layout_may_not_need_more_than_32_cards() -> None:
    with pytest.raises(RecordError, match="more than 32 cards"):
        preset("pagat", layouts=tuple((n, CentreLayout("3 3 O2")) for n in (2, 3, 4, 5, 6, 7)))


def test_bad_layout_script_is_refused() -> None:
    with pytest.raises(RecordError, match="bad token"):
        _ = CentreLayout("3 X2 3").steps


# --------------------------------------------------------------------------- seven players


def test_seven_compulsory_misere() -> None:
    rules = preset("pagat", seven_compulsory_misere=True)
    match = Match(rules, players=7, seed=4, first_dealer=0)
    assert legal_texts(match.hand) == ["bid misere"]
    assert "everybody must bid misère" in refused(match.hand, "pass")
    refused(match.hand, "bid 25")
    play(match, *["bid misere"] * 7)
    assert match.hand.declarers == (1, 2, 3, 4, 5, 6, 0)
    finish(match)
    assert len(match.hands) == 2
    assert "pass" in legal_texts(match.hand)  # only the first hand
    # without the switch, the first hand of seven is bid freely
    assert "pass" in legal_texts(Match(PAGAT, players=7, seed=4, first_dealer=0).hand)


def test_compulsory_misere_only_with_seven() -> None:
    rules = preset("pagat", seven_compulsory_misere=True)
    assert "pass" in legal_texts(Match(rules, players=6, seed=4, first_dealer=0).hand)


# --------------------------------------------------------------------------- point scoring


def test_points5_values() -> None:
    def points(text: str) -> int:
        bid = parse_action(text)
        assert isinstance(bid, Bid)
        return bid_points(bid, "points5")

    assert [points(t) for t in ("bid 25", "bid 45", "bid 50", "bid 70", "bid 75", "bid 140")] == [1, 1, 2, 2, 3, 3]
    assert points("bid misere") == points("bid zwabber") == 5


def test_points5_race() -> None:
    rules = preset("pagat", scoring="points5")
    sheet = ScoreSheet(rules, 3)
    assert sheet.points == [5, 5, 5]
    sheet.record(hand_result(0, True, contract="bid 75"), sheet.active)
    sheet.record(hand_result(1, False, contract="bid 50"), sheet.active)
    assert sheet.points == [2, 7, 5]
    sheet.record(hand_result(0, True, contract="bid 50"), sheet.active)
    assert sheet.points[0] == 0 and sheet.status(0) == Status.ERUIT and not sheet.over
    sheet.record(hand_result(1, False, contract="bid 75"), sheet.active)
    assert sheet.points[1] == 10 and not sheet.over
    sheet.record(hand_result(1, False, contract="bid 25"), sheet.active)
    assert sheet.points[1] == 11 and sheet.over and sheet.losers() == (1,)


def test_limpt_bogmans_layout_and_bids() -> None:
    rules = limpt_bogmans()
    assert rules.min_bid == 25 and rules.scoring == "limpt_bogmans"
    for players in rules.players:
        layout = rules.layout(players)
        assert (layout.hand, layout.open, layout.closed) == (5, 2, 0)
    hand = fresh(rules)
    texts = legal_texts(hand)
    assert "bid misere" not in texts and "bid zwabber" not in texts
    assert "misère is not played" in refused(hand, "bid misere")
    assert "zwabber is not played" in refused(hand, "bid zwabber")
    refused(hand, "bid 20")
    assert texts[-1] == "bid open-bonaak"  # the top bid
    play(hand, "bid bonaak 220", "bid open-bonaak")
    assert legal_texts(hand) == ["pass"]
    assert "open bonaak is not played" in refused(fresh(PAGAT), "bid open-bonaak")


def test_limpt_bogmans_number_bidder_may_not_bid_bonaak() -> None:
    hand = fresh(limpt_bogmans())
    play(hand, "bid 25", "bid 30", "bid 35", "bid 40")
    assert hand.to_act == 0
    assert not any("bonaak" in t for t in legal_texts(hand))
    assert "after bidding a number you may not bid bonaak" in refused(hand, "bid bonaak")
    refused(hand, "bid open-bonaak")
    hand = fresh(limpt_bogmans())
    play(hand, "bid 25", "bid bonaak", "pass", "pass")  # seat 1 never bid a number
    assert legal_texts(hand) == ["pass"]  # seat 0 has nothing left to bid
    refused(hand, "bid bonaak 50")
    # the pagat rules have no such restriction
    hand = fresh(PAGAT)
    play(hand, "bid 25", "bid bonaak", "pass", "pass")
    assert "bid bonaak 50" in legal_texts(hand)


def test_limpt_bogmans_no_centre_cards_in_bonaak() -> None:
    rules = limpt_bogmans()
    deal = {0: "Jh 9h Ah Kh Qh"}
    hand = make_hand(rules, deal, open="Ac Kc", table=4)
    play(hand, "bid bonaak", "pass", "pass", "pass")
    assert hand.phase == Phase.TRUMP
    assert CardSet(hand.hands[0]) == CardSet.parse("Jh 9h Ah Kh Qh")
    assert hand.out & cards("Ac Kc") == cards("Ac Kc")
    hand = make_hand(rules, deal, open="Ac Kc", table=4)
    play(hand, "bid open-bonaak", "pass", "pass", "pass")
    assert hand.phase == Phase.TRUMP and len(CardSet(hand.hands[0])) == 5
    # a number bid takes the two open cards and lays two away
    hand = make_hand(rules, deal, open="Ac Kc", table=4)
    play(hand, "bid 25", "pass", "pass", "pass")
    assert hand.phase == Phase.EXCHANGE and len(CardSet(hand.hands[0])) == 7


def test_limpt_bogmans_points_race() -> None:
    def points(text: str) -> int:
        bid = parse_action(text)
        assert isinstance(bid, Bid)
        return bid_points(bid, "limpt_bogmans")

    table = {25: 1, 45: 1, 50: 2, 70: 2, 75: 3, 95: 3, 100: 5, 120: 5, 125: 6, 200: 6}
    assert {v: points(f"bid {v}") for v in table} == table
    assert points("bid bonaak") == points("bid bonaak 50") == 5
    assert bid_points(Bid(BidKind.OPEN_BONAAK), "limpt_bogmans") == 10
    sheet = ScoreSheet(limpt_bogmans(), 3)
    sheet.record(hand_result(0, True, contract="bid 100"), sheet.active)
    assert sheet.points[0] == 0 and sheet.status(0) == Status.ERUIT
    sheet.record(hand_result(1, False, contract="bid 50"), sheet.active)
    assert sheet.points[1] == 7 and not sheet.over
    sheet.record(hand_result(1, False, contract="bid 75"), sheet.active)
    assert sheet.points[1] == 10 and sheet.over and sheet.losers() == (1,)


def test_limpt_bogmans_open_bonaak_decides_the_match() -> None:
    sheet = ScoreSheet(limpt_bogmans(), 4)
    sheet.record(hand_result(2, False, contract="bid open-bonaak"), sheet.active)
    assert sheet.over and sheet.losers() == (2,)
    sheet = ScoreSheet(limpt_bogmans(), 4)
    sheet.record(hand_result(2, True, contract="bid open-bonaak"), sheet.active)
    assert sheet.status(2) == Status.ERUIT


# --------------------------------------------------------------------------- rules as records


@pytest.mark.parametrize(
    "rules",
    [
        preset("nk"),
        preset("pagat"),
        preset("hazerswoude"),
        preset("pagat", min_bid=25, zwabber_with_roem=True, roem=RoemTable(seq6=100, combine="pagat")),
        preset("pagat", players=(2, 3, 4), layouts=ONE_DOWN_TWO_UP),
        limpt_bogmans(),
    ],
)
def test_rules_to_dict_from_dict_round_trip(rules: Rules) -> None:
    data = rules.to_dict()
    assert Rules.from_dict(data) == rules
    assert Rules.from_dict(json.loads(json.dumps(data))) == rules


def test_rules_to_dict_lists_only_changed_switches() -> None:
    assert preset("nk").to_dict() == {"preset": "nk", "switches": {}}
    assert preset("pagat", min_bid=25).to_dict() == {"preset": "pagat", "switches": {"min_bid": 25}}


def test_unknown_switch_names_rejected() -> None:
    with pytest.raises(RecordError, match="unknown rule switch"):
        preset("nk", min_bet=25)
    with pytest.raises(RecordError, match="min_bet"):
        Rules.from_dict({"preset": "nk", "switches": {"min_bet": 25}})
    with pytest.raises(RecordError, match="unknown rules preset"):
        preset("leimuiden")
    with pytest.raises(RecordError):
        Rules.from_dict({"switches": {}})
    with pytest.raises(RecordError):
        Rules.from_dict({"preset": "nk", "switches": [1]})
    with pytest.raises(RecordError):
        preset("nk", preset="pagat")  # the preset name is not a switch


def test_rules_are_frozen() -> None:
    rules = preset("nk")
    with pytest.raises(AttributeError):
        setattr(rules, "min_bid", 30)  # noqa: B010


def test_equal_rule_requests_share_one_rules_object_and_different_ones_do_not() -> None:
    assert preset("pagat", min_bid=25) is preset("pagat", min_bid=25)
    assert preset("pagat", min_bid=25) is not preset("pagat", min_bid=30)
    assert preset("pagat", min_bid=25).min_bid == 25 and preset("pagat", min_bid=30).min_bid == 30
    # a bool and an int of equal value and hash stay apart: the int is refused although the bool was remembered
    assert preset("nk", misere=True).misere is True
    with pytest.raises(RecordError, match="rule switch 'misere' must be of type bool, not int"):
        preset("nk", misere=1)
    # values from JSON that cannot be hashed (lists) still make rules, each time anew
    layouts = [[n, script] for n, script in ((n, layout.script) for n, layout in PAGAT.layouts)]
    made = preset("pagat", layouts=layouts)
    assert made == PAGAT and made is not preset("pagat", layouts=layouts)
    # a bad value is refused every time, never remembered
    for _ in range(2):
        with pytest.raises(RecordError):
            preset("pagat", min_bid=23)
