"""Bonaken as played in Hazerswoude Rijndijk (preset ``hazerswoude``, "Leuke kaartspelen" section 2)."""

from __future__ import annotations

import pytest

from tests.games.bonaken.helpers import (
    allowed,
    cards,
    contest_hand,
    declare,
    finish,
    hand_result,
    legal_texts,
    make_hand,
    play,
    refused,
    result_of,
    suit,
)
from troef.cards import CardSet
from troef.games.bonaken.match import ScoreSheet, Status
from troef.games.bonaken.roem import best_roem, roem_options
from troef.games.bonaken.rules import preset
from troef.games.bonaken.state import DealState, Phase

HZ = preset("hazerswoude")


def fresh(players: int = 4) -> DealState:
    return DealState.new(HZ, players=players, dealer=players - 1, seed=3)


# --------------------------------------------------------------------------- 2.1 the deal


@pytest.mark.parametrize(
    ("players", "per_player", "closed", "open_", "sleepers"),
    [(2, 6, 2, 2, 16), (3, 6, 2, 2, 10), (4, 6, 2, 2, 4), (5, 6, 1, 1, 0), (6, 5, 1, 1, 0), (7, 4, 2, 2, 0)],
)
def test_table_2_1_deal_layouts(players: int, per_player: int, closed: int, open_: int, sleepers: int) -> None:
    layout = HZ.layout(players)
    assert (layout.hand, layout.closed, layout.open, layout.sleepers(players)) == (per_player, closed, open_, sleepers)
    hand = fresh(players)
    deal = hand.deal
    assert [deal.hands[s].bit_count() for s in range(players)] == [per_player] * players
    assert (deal.closed.bit_count(), deal.open.bit_count(), deal.sleepers.bit_count()) == (closed, open_, sleepers)


def test_2_2_the_player_after_the_dealer_bids_first() -> None:
    assert DealState.new(HZ, players=5, dealer=2, seed=1).to_act == 3


# --------------------------------------------------------------------------- table 2.2 the bids


def test_table_2_2_number_bids_from_30() -> None:
    hand = fresh()
    assert "the lowest number bid is 30" in refused(hand, "bid 25")
    assert "bid 30" in legal_texts(hand) and "bid 25" not in legal_texts(hand)
    play(hand, "bid 30", "bid 35")


def test_table_2_2_misere_is_worth_75() -> None:
    hand = fresh()
    play(hand, "bid 70", "bid misere")
    assert "the bid must be higher than misère" in refused(hand, "bid 75")
    play(hand, "bid 80")
    hand = fresh()
    play(hand, "bid 75")
    refused(hand, "bid misere")


def test_table_2_2_double_misere_is_worth_100() -> None:
    hand = fresh()
    play(hand, "bid misere", "bid misere")  # "ik ga mee"
    assert "double misère" in refused(hand, "bid 100")
    refused(hand, "bid zwabber")  # zwabber is worth 100 too
    assert "bid misere" in legal_texts(hand)
    play(hand, "bid 105")
    refused(hand, "bid misere")
    play(hand, "pass", "pass", "pass")
    assert hand.declarers == (2,)


def test_table_2_2_double_misere_played_by_both() -> None:
    hand = fresh()
    play(hand, "bid misere", "bid misere", "pass", "pass")
    assert hand.declarers == (0, 1)
    assert result_of(finish(hand)).contract_name == "double misère"


def test_table_2_2_three_misere_fixes_it() -> None:
    hand = fresh()
    play(hand, "bid misere", "pass", "bid misere")  # passes in between are ignored: double misère
    refused(hand, "bid 100")
    play(hand, "bid misere")
    assert hand.declarers == (0, 2, 3) and hand.phase == Phase.EXCHANGE
    hand = fresh(5)
    play(hand, "bid misere", "bid misere", "bid misere")
    assert legal_texts(hand) == ["pass", "bid misere"]
    refused(hand, "bid bonaak")
    play(hand, "bid misere", "pass")
    assert hand.declarers == (0, 1, 2, 3)


def test_table_2_2_zwabber_is_worth_100() -> None:
    hand = fresh()
    play(hand, "bid 95", "bid zwabber")
    refused(hand, "bid 100")
    play(hand, "bid 105")
    hand = fresh()
    play(hand, "bid 100")
    refused(hand, "bid zwabber")


def test_table_2_2_bonaak_is_worth_141() -> None:
    hand = fresh()
    play(hand, "bid 140", "bid bonaak")
    refused(hand, "bid 140")
    play(hand, "bid 145")
    refused(hand, "bid bonaak")


def test_table_2_2_bonaak_xx_is_141_plus_xx() -> None:
    hand = fresh()
    play(hand, "bid bonaak 20")  # no plain bonaak needed first
    refused(hand, "bid 160")  # bonaak 20 is worth 161
    play(hand, "bid 165")
    refused(hand, "bid bonaak 20")
    play(hand, "bid bonaak 30", "bid bonaak 40")


# --------------------------------------------------------------------------- table 2.3 roem


@pytest.mark.parametrize(
    ("held", "trump", "value"),
    [
        ("9h 10h Jh", "s", 20),  # driekaart
        ("9h 10h Jh Qh", "s", 50),  # vierkaart
        ("8h 9h 10h Jh Qh", "s", 100),  # vijfkaart
        ("8h 9h 10h Jh Qh Kh", "s", 100),  # zeskaart
        ("Kh Qh", "h", 20),  # stuk
        ("Qh Qd Qc Qs", "s", 100),  # vier plaatjes
        ("Kh Kd Kc Ks", "s", 100),
        ("Ah Ad Ac As", "s", 100),
        ("9h 9d 9c 9s", "s", 150),  # vier negens
        ("Jh Jd Jc Js", "s", 200),  # vier boeren
    ],
)
def test_table_2_3_roem(held: str, trump: str, value: int) -> None:
    assert best_roem(cards(held), suit(trump), HZ.roem)[0] == value


def test_table_2_3_one_combination_per_card() -> None:
    # hearts 9 and 10 with all jacks: 20 or 200, never 220
    options = roem_options(cards("9h 10h Jh Jd Jc Js"), suit("s"), HZ.roem)
    assert set(options) == {0, 20, 200}
    assert best_roem(cards("9h 10h Jh Jd Jc Js"), suit("h"), HZ.roem)[0] == 200


def test_table_2_3_stuk_counts_aside() -> None:
    # 10-J-Q-K of hearts: 50, and 70 with hearts trump
    assert best_roem(cards("10h Jh Qh Kh"), suit("s"), HZ.roem)[0] == 50
    assert best_roem(cards("10h Jh Qh Kh"), suit("h"), HZ.roem)[0] == 70
    assert best_roem(cards("Qh Qd Qc Qs Kh"), suit("h"), HZ.roem)[0] == 120


# --------------------------------------------------------------------------- 2.3 roem in tricks and the contest


def test_roem_falling_in_the_declarers_tricks_counts() -> None:
    deal = {
        0: "Ac Jh 9h 7d 8d 7s",
        1: "Kc 9d 10d Jd Qd Kd",
        2: "Qc Ad 8s 9s 10s Js",
        3: "Qs Ks As 7h 8h 10h",
    }
    hand = declare(make_hand(HZ, deal, open="Ah Kh", closed="7c 8c"), "bid 30", trump="h")
    play(hand, "play Ac", "play Kc", "play Qc", "play Qs")  # A-K-Q of clubs in seat 0's trick
    assert hand.tricks[0][1] == 0
    assert hand.trick_roem == 20
    result = result_of(finish(hand))
    assert result.trick_roem >= 20
    assert result.total == result.card_points + result.roem_counted + result.trick_roem


def test_roem_falling_in_an_opponents_trick_does_not_count() -> None:
    deal = {
        0: "Kc Jh 9h 7d 8d 7s",
        1: "Ac 9d 10d Jd Qd Kd",
        2: "Qc Ad 8s 9s 10s Js",
        3: "Qs Ks As 7h 8h 10h",
    }
    hand = declare(make_hand(HZ, deal, open="Ah Kh", closed="7c 8c"), "bid 30", trump="h")
    play(hand, "play Kc", "play Ac", "play Qc", "play Qs")
    assert hand.tricks[0][1] == 1
    assert hand.trick_roem == 0


# trump hearts: seat 0 leads the ace, seats 1 and 2 must follow with the king and the queen
TRUMP_TRICK_DEAL = {
    0: "Ah 7c 8c 9c 10c Jc",
    1: "Kh 7d 8d 9d 10d Jd",
    2: "Qh 7s 8s 9s 10s Js",
    3: "Qc Kc Ac Qd Kd Ad",
}


def test_trump_sequence_falling_in_a_trick_counts() -> None:
    hand = make_hand(HZ, TRUMP_TRICK_DEAL, open="Qs Ks", closed="As 7h")
    declare(hand, "bid 30", trump="h")
    play(hand, "play Ah", "play Kh", "play Qh", "play Qc")
    assert hand.tricks[0][1] == 0
    assert hand.trick_roem >= 20  # A-K-Q of hearts


def test_stuk_is_not_roem_falling_from_two_hands() -> None:
    # stuk is the trump king and queen in one hand (2.3 "hetzelfde als bij klaverjassen";
    # see also section 3.2 on stuk in the hand); in one trick they always come from two players
    hand = make_hand(HZ, TRUMP_TRICK_DEAL, open="Qs Ks", closed="As 7h")
    declare(hand, "bid 30", trump="h")
    play(hand, "play Ah", "play Kh", "play Qh", "play Qc")
    assert hand.trick_roem == 20


def contest(declarer: str, opponent: str) -> DealState:
    """Seat 0 declares 20 roem over a bid of 40 (hearts trump); seat 2 holds ``opponent``."""
    return contest_hand(HZ, declarer, opponent)


def test_contest_opponent_with_more_roem_cancels() -> None:
    assert contest("7s 8s 9s Ah 10h Jh", "7d 8d 9d 10d Qc Ac").roem_counted == 0


def test_contest_equal_value_decided_by_top_card() -> None:
    assert contest("7s 8s 9s Ah 10h Jh", "8d 9d 10d Qc Ac Qd").roem_counted == 0  # 9 against 10
    assert contest("8s 9s 10s Ah 10h Jh", "7d 8d 9d Qc Ac Qd").roem_counted == 20  # 10 against 9


def test_contest_full_tie_goes_to_the_declarer() -> None:
    hand = contest("7s 8s 9s Ah 10h Jh", "7d 8d 9d Qc Ac Qd")  # 7-8-9 against 7-8-9
    assert hand.roem_counted == 20
    assert [(seat, value) for seat, value, _ in hand.contest] == [(2, 20)]


def test_contest_less_roem_keeps_quiet() -> None:
    hand = contest("7s 8s 9s Ah 10h Jh", "7d 9d Qc Ac Qd 10d")
    assert hand.roem_counted == 20 and hand.contest == []


def test_roem_may_reach_the_bid() -> None:
    # hazerswoude has no rule that roem must stay below the bid
    hand = make_hand(HZ, {0: "7s 8s 9s 10s Js 7c"}, table=4)
    declare(hand, "bid 30", trump="h", roem=None)
    assert 100 in hand.declarable_roem()


# --------------------------------------------------------------------------- 2.5 the play


def test_jack_may_always_be_kept() -> None:
    assert allowed(HZ, "Jh 7c 8d", led="h", trump="h", high="Ah") == CardSet.parse("Jh 7c 8d")
    assert allowed(HZ, "Jh 7h 8d", led="h", trump="h", high="Ah") == CardSet.parse("7h Jh")


def test_trumping_always_allowed() -> None:
    assert allowed(HZ, "8c Qh 7d", led="c", trump="h") == CardSet.parse("Qh 8c")


def test_following_suit_compulsory_otherwise() -> None:
    assert allowed(HZ, "8c 7d", led="c", trump="h") == CardSet.parse("8c")


def test_undertrumping_only_when_forced() -> None:
    assert allowed(HZ, "8c Qh 7d", led="c", trump="h", high="9h") == CardSet.parse("8c")
    assert allowed(HZ, "Qh 7d", led="c", trump="h", high="9h") == CardSet.parse("7d")
    assert allowed(HZ, "Qh 7h", led="c", trump="h", high="9h") == CardSet.parse("7h Qh")
    assert allowed(HZ, "Qh Jh", led="c", trump="h", high="9h") == CardSet.parse("Jh")


def test_trump_lead_must_be_beaten_if_possible() -> None:
    # the engine reads 2.5 rule 4 for trump leads too (as in klaverjassen)
    assert allowed(HZ, "Ah 7h 8c", led="h", trump="h", high="10h") == CardSet.parse("Ah")
    assert allowed(HZ, "8h 7h 8c", led="h", trump="h", high="10h") == CardSet.parse("7h 8h")


def test_hand_is_played_out() -> None:
    deal = {0: "Jh 9h Ah Kh 7c 7d"}
    hand = make_hand(HZ, deal, table=4)
    declare(hand, "bid 30", trump="h")
    result = result_of(finish(hand))
    assert result.tricks_played == 6


# --------------------------------------------------------------------------- 2.6 the score


def test_first_to_two_minuses_loses() -> None:
    sheet = ScoreSheet(HZ, 4)
    sheet.record(hand_result(1, False), sheet.active)
    sheet.record(hand_result(1, True), sheet.active)
    assert sheet.status(1) == Status.WIP and not sheet.over
    sheet.record(hand_result(1, False), sheet.active)
    assert sheet.over and sheet.losers() == (1,)


def test_two_pluses_is_safe() -> None:
    sheet = ScoreSheet(HZ, 4)
    sheet.record(hand_result(2, True), sheet.active)
    sheet.record(hand_result(2, True), sheet.active)
    assert sheet.status(2) == Status.ERUIT and 2 not in sheet.active and not sheet.over


def test_passing_players_get_no_mark_with_three_or_more() -> None:
    sheet = ScoreSheet(HZ, 3)
    sheet.record(hand_result(0, True), (0, 1, 2))
    assert (sheet.plus, sheet.minus) == ([1, 0, 0], [0, 0, 0])


def test_two_player_hand_gives_the_opponent_the_opposite_mark() -> None:
    sheet = ScoreSheet(HZ, 3)
    sheet.record(hand_result(1, True), sheet.active)
    sheet.record(hand_result(1, True), sheet.active)
    assert sheet.active == (0, 2)
    sheet.record(hand_result(2, True), sheet.active)
    assert (sheet.plus[2], sheet.minus[0]) == (1, 1)
    sheet.record(hand_result(2, False), sheet.active)
    assert (sheet.plus[0], sheet.minus[2]) == (1, 1)
    assert not sheet.over
    sheet.record(hand_result(0, True), sheet.active)  # seat 0 out with two pluses, seat 2 loses
    assert sheet.over and sheet.losers() == (2,)
    assert sheet.status(0) == Status.ERUIT


def test_two_player_double_misere_gives_each_his_own_mark() -> None:
    sheet = ScoreSheet(HZ, 2)
    sheet.record(hand_result((0, 1), {0: True, 1: False}, contract="bid misere"), sheet.active)
    assert (sheet.plus, sheet.minus) == ([1, 0], [0, 1])
