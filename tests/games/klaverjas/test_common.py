"""The common klaverjas rules of the presets ``amsterdam`` and ``rotterdam``, and the switches."""

from __future__ import annotations

import random

import pytest

from tests.games.klaverjas.helpers import act, cards, legal_texts, make_deal, phase, refused, result
from troef.core.errors import RecordError
from troef.games.klaverjas.match import Match
from troef.games.klaverjas.roem import trick_roem
from troef.games.klaverjas.rules import preset
from troef.games.klaverjas.scoring import goes_nat, score_deal
from troef.games.klaverjas.state import Phase

AMSTERDAM = preset("amsterdam")

# seat 0 holds hearts, so hearts as trump take every trick for side 0
HEARTS = {
    0: "Jh 9h Ah 10h Kh Qh 8h 7h",
    1: "7d 8d 9d 10d Jd Qd Kd Ad",
    2: "7c 8c 9c 10c Jc Qc Kc Ac",
    3: "7s 8s 9s 10s Js Qs Ks As",
}


def test_common_roem_values() -> None:
    assert trick_roem(cards("7h 8h 9h Ad"), AMSTERDAM) == 20
    assert trick_roem(cards("7h 8h 9h 10h"), AMSTERDAM) == 50
    assert trick_roem(cards("10h 10d 10c 10s"), AMSTERDAM) == 100  # four equal cards
    assert trick_roem(cards("Jh Jd Jc Js"), AMSTERDAM) == 200
    assert trick_roem(cards("9h 9d 9c 9s"), AMSTERDAM) == 0  # four nines only in Kraken's table 2.3
    assert trick_roem(cards("Kh Qh Ad 7c"), AMSTERDAM) == 0  # stuk is a holding, never a trick's


def test_common_roem_counts_for_the_side_that_wins_the_trick() -> None:
    hands = {
        0: "7h 8d 7c 8c 9c 7s 8s 9s",
        1: "8h 9d 10c Jc Qc 10s Js Qs",
        2: "9h 10d Kc Ac Ks As Jh Qh",
        3: "Ah 7d Jd Qd Kd Ad Kh 10h",
    }
    deal = act(make_deal(AMSTERDAM, hands, dealer=3), "trump c", "play 7h", "play 8h", "play 9h", "play Ah")
    assert deal.roem == [0, 20]  # 7-8-9 of hearts fell in a trick that seat 3 (side 1) won


def test_common_stuk_counted_automatically() -> None:
    deal = act(make_deal(AMSTERDAM, HEARTS, dealer=3), "trump h")
    assert "stuk" not in legal_texts(deal)
    assert refused(deal, "stuk") == "stuk counts by itself in these rules when its holder plays both cards"
    act(deal, "play Kh", "play 7d", "play 7c", "play 7s")
    assert deal.stuk_counted == [0, 0]
    act(deal, "play Qh")
    assert deal.stuk_counted == [20, 0]


def test_common_pit_is_100_extra() -> None:
    deal = act(make_deal(AMSTERDAM, HEARTS, dealer=3), "trump h")
    while not deal.is_over:
        deal.apply(deal.legal_actions()[0])
    assert deal.result is not None and deal.result.pit == 0
    assert deal.result.roem[0] == 100 + 20 + deal.result.trick_roem[0]  # pit, stuk, four-of-a-kinds
    score = score_deal(deal.result, AMSTERDAM)
    assert score.points == (162 + deal.result.roem[0], 0)


def test_common_nat_other_side_takes_all_points_and_roem() -> None:
    score = score_deal(result(cards=(70, 92), roem=(40, 20), nat=True), AMSTERDAM)
    assert score.points == (0, 162 + 60)


def test_common_playing_side_must_score_more() -> None:
    # cards plus roem: 81 against 81 is not more, so nat
    assert goes_nat((81, 81), 0) and not goes_nat((91, 71), 0) and goes_nat((71, 91), 0)
    assert goes_nat((71 + 20, 91), 0) and not goes_nat((71 + 40, 91), 0)


def test_common_made_each_side_its_points() -> None:
    assert score_deal(result(cards=(100, 62), roem=(20, 0)), AMSTERDAM).points == (120, 62)


def test_common_verplicht_player_after_dealer_names_trump() -> None:
    deal = make_deal(AMSTERDAM, HEARTS, dealer=1)
    assert deal.to_act == 2 and legal_texts(deal) == ["trump h", "trump d", "trump c", "trump s"]


def test_common_vrij_each_may_play_or_pass() -> None:
    rules = preset("amsterdam", who_plays="vrij")
    deal = make_deal(rules, HEARTS, dealer=3)
    act(deal, "pass", "pass", "pass")
    assert deal.to_act == 3 and "pass" in legal_texts(deal)
    act(deal, "trump s")
    # seat 3 plays with spades; the player after the dealer (seat 0) leads
    assert deal.declarer == 3 and deal.phase == Phase.PLAY and deal.to_act == 0


def test_common_vrij_all_pass_player_after_dealer_must_play() -> None:
    deal = act(make_deal(preset("amsterdam", who_plays="vrij"), HEARTS, dealer=3), "pass", "pass", "pass", "pass")
    assert deal.to_act == 0 and "pass" not in legal_texts(deal)
    assert refused(deal, "pass") == "everybody passed: the player after the dealer must play now"


def test_common_claim_switch_forgotten_roem_is_lost() -> None:
    rules = preset("amsterdam", roem_counting="claim")
    hands = {
        0: "7h 8d 7c 8c 9c 7s 8s 9s",
        1: "8h 9d 10c Jc Qc 10s Js Qs",
        2: "9h 10d Kc Ac Ks As Jh Qh",
        3: "Ah 7d Jd Qd Kd Ad Kh 10h",
    }
    deal = act(make_deal(rules, hands, dealer=3), "trump c", "play 7h", "play 8h", "play 9h", "play Ah")
    assert deal.phase == Phase.CLAIM and deal.to_act == 3 and legal_texts(deal) == ["claim", "turn"]
    act(deal, "turn")
    assert deal.roem == [0, 0] and phase(deal) == Phase.PLAY
    claimed = act(make_deal(rules, hands, dealer=3), "trump c", "play 7h", "play 8h", "play 9h", "play Ah", "claim")
    assert claimed.roem == [0, 20]


def test_common_claim_switch_stuk_must_be_declared() -> None:
    deal = act(make_deal(preset("amsterdam", roem_counting="claim"), HEARTS, dealer=3), "trump h")
    assert "stuk" in legal_texts(deal)
    act(deal, "stuk", "play Kh")
    assert deal.stuk_counted == [20, 0]


def test_common_match_of_16_deals() -> None:
    match = Match(AMSTERDAM, seed=1)
    chooser = random.Random(1)
    while not match.is_over:
        legal = match.legal_actions()
        match.apply(legal[chooser.randrange(len(legal))])
    assert len(match.sheet.rows) == 16
    dealers = [row.dealer for row in match.sheet.rows]
    assert dealers == [(match.first_dealer + i) % 4 for i in range(16)]  # the deal passes clockwise
    assert match.sheet.points == [sum(r.score.points[s] for r in match.sheet.rows) for s in (0, 1)]
    assert match.check(legal[0]) == "the match is over"


def test_common_match_to_1500_switch() -> None:
    rules = preset("rotterdam", match_end="points")
    match = Match(rules, seed=2)
    chooser = random.Random(2)
    while not match.is_over:
        legal = match.legal_actions()
        match.apply(legal[chooser.randrange(len(legal))])
    points = match.sheet.points
    assert max(points) >= 1500
    before = match.sheet.rows[-2].points
    assert max(before) < 1500  # it ended at the first deal that reached 1500
    assert match.sheet.winner() == (0 if points[0] > points[1] else 1)


@pytest.mark.parametrize(
    ("switches", "message"),
    [
        ({"follow": "paris"}, "rule switch 'follow' must be one of amsterdam, rotterdam, not 'paris'"),
        ({"deals": "16"}, "rule switch 'deals' must be of type int, not str"),
        ({"bogus": 1}, "unknown rule switch(es): bogus"),
        ({"kraak_quota": 4, "who_plays": "vrij"}, "a kraak quota needs 'verplicht' play"),
    ],
)
def test_switches_are_checked(switches: dict[str, object], message: str) -> None:
    with pytest.raises(RecordError, match=message.replace("(", r"\(").replace(")", r"\)")):
        preset("kraken", **switches)
