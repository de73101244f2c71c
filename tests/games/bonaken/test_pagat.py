"""The pagat description of Boonaken (preset ``pagat``): its worked examples and rules.

The German text (``shared/rules/bonaken-pagat-de.txt``) rules where the English one is vaguer.
"""

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
    make_deal,
    make_hand,
    phase,
    play,
    refused,
    result_of,
    suit,
)
from troef.cards import CardSet
from troef.games.bonaken.match import Match, ScoreSheet, Status, next_match_first_dealer
from troef.games.bonaken.result import Reason
from troef.games.bonaken.roem import best_roem
from troef.games.bonaken.rules import preset
from troef.games.bonaken.state import DealState, Phase

PAGAT = preset("pagat")


# --------------------------------------------------------------------------- "Roem und Stuk"


def test_king_queen_jack_ten_of_trumps_is_70() -> None:
    assert best_roem(cards("Kh Qh Jh 10h"), suit("h"), PAGAT.roem)[0] == 70
    assert best_roem(cards("Kh Qh Jh 10h"), suit("c"), PAGAT.roem)[0] == 50


def test_four_aces_with_stuk_is_140() -> None:
    # the ace of trumps counts in the four aces and in the A-K-Q sequence, K-Q as stuk
    assert best_roem(cards("Ah Ad Ac As Kh Qh"), suit("h"), PAGAT.roem)[0] == 140


def test_a_card_is_in_one_sequence_only() -> None:
    # seven hearts in a row would be 200 + 20 with two overlapping sequences; six cards: one sequence
    assert best_roem(cards("7h 8h 9h 10h Jh Qh"), suit("s"), PAGAT.roem)[0] == 200
    assert best_roem(cards("7h 8h 9h 7d 8d 9d"), suit("s"), PAGAT.roem)[0] == 40


@pytest.mark.parametrize(
    ("held", "value"),
    [
        ("7s 8s 9s", 20),
        ("7s 8s 9s 10s", 50),
        ("7s 8s 9s 10s Js", 100),
        ("7s 8s 9s 10s Js Qs", 200),
        ("Jh Jd Jc Js", 200),
        ("Qh Qd Qc Qs", 100),
        ("Kh Kd Kc Ks", 100),
        ("Ah Ad Ac As", 100),
        ("9h 9d 9c 9s", 0),
        ("Kd Qd", 20),
    ],
)
def test_roem_table(held: str, value: int) -> None:
    assert best_roem(cards(held), suit("d"), PAGAT.roem)[0] == value


def test_roem_declared_below_the_bid_95_with_queen_to_eight_of_trumps() -> None:
    hand = make_hand(PAGAT, {0: "Qh Jh 10h 9h 8h 7c"}, table=4)
    declare(hand, "bid 95", trump="h", roem=None)
    assert hand.declarable_roem() == [0, 20, 50]
    reason = refused(hand, "roem 100")
    assert "lower than your bid of 95" in reason and "0, 20, 50" in reason
    play(hand, "roem 50")
    assert hand.roem_declared == 50


@pytest.mark.parametrize(("bid", "may"), [("bid 100", False), ("bid 105", True)])
def test_four_aces_only_declared_above_100(bid: str, may: bool) -> None:
    hand = make_hand(PAGAT, {0: "Ah Ad Ac As 7c 9d"}, table=4)
    declare(hand, bid, trump="s", roem=None)
    assert (100 in hand.declarable_roem()) is may


# --------------------------------------------------------------------------- "Die Reizung"


def fresh(players: int = 4) -> DealState:
    return DealState.new(PAGAT, players=players, dealer=players - 1, seed=7)


def test_any_multiple_of_five() -> None:
    hand = fresh()
    assert "bid 5" in legal_texts(hand)
    assert "multiple of 5" in refused(hand, "bid 12")
    play(hand, "bid 5")


def test_boonaak_220_is_the_highest_bid() -> None:
    hand = fresh()
    assert "bid bonaak 220" in legal_texts(hand)
    assert "bid bonaak 230" not in legal_texts(hand)
    refused(hand, "bid bonaak 230")
    play(hand, "bid bonaak 220")
    assert legal_texts(hand) == ["pass"]
    # A-K-Q-J-10-9 in one suit: 200 for the sequence and 20 for stuk
    assert best_roem(cards("Ah Kh Qh Jh 10h 9h"), suit("h"), PAGAT.roem)[0] == 220


def test_bonaak_ranks_above_every_number_and_roem_ranks_higher() -> None:
    hand = fresh()
    play(hand, "bid 360", "bid bonaak")  # no plain bonaak needed first in pagat
    refused(hand, "bid 360")
    play(hand, "bid bonaak 20", "bid bonaak 50")
    refused(hand, "bid bonaak 20")


def test_bonaak_with_roem_may_be_bid_at_once() -> None:
    hand = fresh()
    play(hand, "bid bonaak 50")


def test_misere_between_70_and_75() -> None:
    hand = fresh()
    play(hand, "bid 70")
    assert "bid misere" in legal_texts(hand)
    play(hand, "bid misere")
    refused(hand, "bid 70")
    play(hand, "bid 75")
    assert "bid misere" not in legal_texts(hand)
    refused(hand, "bid misere")


def test_zwabber_between_100_and_105() -> None:
    hand = fresh()
    play(hand, "bid 100", "bid zwabber")
    refused(hand, "bid 100")
    play(hand, "bid 105")
    refused(hand, "bid zwabber")


def test_after_two_misere_bids_only_misere_or_pass() -> None:
    hand = fresh()
    play(hand, "bid misere", "bid misere")
    assert legal_texts(hand) == ["pass", "bid misere"]
    assert "only misère or pass" in refused(hand, "bid 75")
    refused(hand, "bid bonaak")
    play(hand, "pass", "bid misere")
    assert hand.declarers == (0, 1, 3)


def test_a_single_misere_overbid_by_75() -> None:
    hand = fresh()
    play(hand, "bid misere")
    assert "bid 75" in legal_texts(hand) and "bid 70" not in legal_texts(hand)
    play(hand, "bid 75")
    refused(hand, "bid misere")  # no more misère after the overbid
    play(hand, "pass", "pass", "pass")
    assert hand.declarers == (1,)


def test_misere_needs_no_trump_and_has_none() -> None:
    deal = {0: "7h 8h 7c 8c 7d 8d"}
    hand = make_hand(PAGAT, deal, table=4)
    declare(hand, "bid misere", trump=None, roem=None)
    assert hand.phase == Phase.PLAY and hand.trump == -1


def test_zwabber_has_no_trump() -> None:
    hand = make_hand(PAGAT, {0: "Ah Kh Ac Kc Ad Kd"}, table=4)
    declare(hand, "bid zwabber", trump=None, roem=None)
    assert hand.phase == Phase.PLAY and hand.trump == -1


# --------------------------------------------------------------------------- the exchange and the play


def test_declarer_takes_four_centre_cards_and_lays_four_away() -> None:
    hand = make_hand(PAGAT, {0: "7h 8h 7c 8c 7d 8d"}, open="Ah Kh", closed="Ac Kc", table=4)
    play(hand, "bid 25", "pass", "pass", "pass")
    assert len(CardSet(hand.hands[0])) == 10
    play(hand, "discard 7h", "discard 8h", "discard 7c")
    assert hand.phase == Phase.EXCHANGE
    play(hand, "discard 8c")
    assert phase(hand) == Phase.TRUMP
    assert CardSet(hand.hands[0]) == CardSet.parse("Ah Kh Ac Kc 7d 8d")


def test_misere_players_pass_the_laid_away_cards_on() -> None:
    hand = make_hand(PAGAT, {0: "7h 8h 7c 8c 7d 8d"}, open="Ah Kh", closed="Ac Kc", table=4)
    play(hand, "bid misere", "bid misere", "pass", "pass")
    play(hand, "discard Ah", "discard Kh", "discard Ac", "discard Kc")
    assert hand.to_act == 1 and hand.received[1] == cards("Ah Kh Ac Kc")
    assert len(CardSet(hand.hands[1])) == 10


def test_trump_led_must_follow_trump_unless_jack_is_the_only_trump() -> None:
    assert allowed(PAGAT, "Jh 7c 8d", led="h", trump="h", high="Ah") == CardSet.parse("Jh 7c 8d")
    assert allowed(PAGAT, "Jh 7h 8d", led="h", trump="h", high="Ah") == CardSet.parse("7h Jh")
    assert allowed(PAGAT, "9h 7h 8d", led="h", trump="h", high="Ah") == CardSet.parse("7h 9h")
    assert allowed(PAGAT, "7c 8d", led="h", trump="h", high="Ah") == CardSet.parse("7c 8d")


def test_suit_led_follow_or_trump_even_holding_the_suit() -> None:
    assert allowed(PAGAT, "8c Qh 7d", led="c", trump="h") == CardSet.parse("Qh 8c")
    assert allowed(PAGAT, "Qh 7d", led="c", trump="h") == CardSet.parse("Qh 7d")
    # pagat says nothing against undertrumping
    assert allowed(PAGAT, "8c Qh 7d", led="c", trump="h", high="9h") == CardSet.parse("Qh 8c")
    assert allowed(PAGAT, "Qh 7d", led="c", trump="h", high="9h") == CardSet.parse("Qh 7d")


def test_misere_and_zwabber_follow_suit_without_trump() -> None:
    assert allowed(PAGAT, "8c Qh 7d", led="c", trump=None) == CardSet.parse("8c")
    assert allowed(PAGAT, "Qh 7d", led="c", trump=None) == CardSet.parse("Qh 7d")


def test_leading_without_naming_trump_makes_the_led_suit_trump() -> None:
    hand = make_hand(PAGAT, {0: "Jh 9h Ah 7c 8c 7d"}, table=4)
    declare(hand, "bid 25", trump=None, roem=None)
    play(hand, "play 7c")
    assert hand.trump == suit("c")


# the declarer (seat 0) holds the top trumps; 25 is made after the second trick
WINNING_DEAL = {
    0: "Jh 9h Ah Kh 7c 7d",
    1: "Ac Kc Qc 10c 7s 8s",
    2: "Ad Kd Qd 10d 9s 10s",
    3: "As Ks Qs Js 9c Jc",
}


def test_hand_ends_after_all_tricks() -> None:
    hand = make_hand(PAGAT, WINNING_DEAL, open="8c 9d", closed="8d Jd")
    declare(hand, "bid 25", trump="h")
    play(hand, "play Jh", "play 7s", "play 9s", "play 9c", "play 9h", "play 8s", "play Qd", "play Jc")
    assert hand.points[0] >= 25
    assert not hand.is_over  # no early end in pagat
    result = result_of(finish(hand))
    assert result.tricks_played == 6 and result.won == {0: True}


def test_a_broken_misere_is_played_out() -> None:
    hand = make_hand(PAGAT, WINNING_DEAL, open="8c 9d", closed="8d Jd")
    declare(hand, "bid misere", trump=None, roem=None)
    play(hand, "play Jh", "play 7s", "play 9s", "play 9c")  # no trump: the jack of hearts wins
    assert hand.tricks[0][1] == 0 and not hand.is_over
    result = result_of(finish(hand))
    assert result.tricks_played == 6
    assert result.won == {0: False} and result.reasons == {0: Reason.TOOK_A_TRICK}


# --------------------------------------------------------------------------- the roem contest


def contest(declarer: str, opponent: str) -> DealState:
    """Seat 0 declares 20 roem over a bid of 40 (hearts trump); seat 2 holds ``opponent``."""
    return contest_hand(PAGAT, declarer, opponent)


def test_contest_opponent_with_more_roem_cancels() -> None:
    hand = contest("7s 8s 9s Ah 10h Jh", "7d 8d 9d 10d Qc Ac")  # 20 against 50
    assert hand.roem_declared == 20 and hand.roem_counted == 0
    assert [(seat, value) for seat, value, _ in hand.contest] == [(2, 50)]


def test_contest_equal_value_equal_top_card_cancels() -> None:
    hand = contest("7s 8s 9s Ah 10h Jh", "7d 8d 9d Qc Ac Qd")  # 7-8-9 against 7-8-9
    assert hand.roem_counted == 0


def test_contest_equal_value_higher_top_card_cancels() -> None:
    hand = contest("7s 8s 9s Ah 10h Jh", "8d 9d 10d Qc Ac Qd")  # 7-8-9 against 8-9-10
    assert hand.roem_counted == 0


def test_contest_declarers_higher_top_card_stands() -> None:
    hand = contest("8s 9s 10s Ah 10h Jh", "7d 8d 9d Qc Ac Qd")  # 8-9-10 against 7-8-9
    assert hand.roem_counted == 20
    assert [(seat, value) for seat, value, _ in hand.contest] == [(2, 20)]


def test_contest_opponent_with_less_keeps_quiet() -> None:
    hand = contest("7s 8s 9s Ah 10h Jh", "7d 9d Qc Ac Qd 10d")
    assert hand.roem_counted == 20 and hand.contest == []


def test_cancelled_roem_does_not_count_towards_the_bid() -> None:
    hand = contest("7s 8s 9s Ah 10h Jh", "7d 8d 9d 10d Qc Ac")
    result = result_of(finish(hand))
    assert result.roem_counted == 0
    assert result.total == result.card_points
    assert result.won == {0: result.card_points >= 40}


def test_bonaak_roem_is_never_cancelled() -> None:
    deal = {0: "Ah Kh Qh Jh 10h 9h", 2: "7s 8s 9s 10s Js Qs"}  # seat 2 holds 200
    hand = make_hand(PAGAT, deal, table=4)
    declare(hand, "bid bonaak 50", trump="h", roem="roem 120")
    assert hand.roem_counted == 120 and hand.contest == []


# --------------------------------------------------------------------------- dealing


@pytest.mark.parametrize(
    ("players", "hand_size", "closed", "open_", "sleepers"),
    [(2, 6, 2, 2, 16), (3, 6, 2, 2, 10), (4, 6, 2, 2, 4), (5, 6, 0, 2, 0), (6, 5, 0, 2, 0), (7, 4, 2, 2, 0)],
)
def test_deal_layouts(players: int, hand_size: int, closed: int, open_: int, sleepers: int) -> None:
    layout = PAGAT.layout(players)
    assert (layout.hand, layout.closed, layout.open, layout.sleepers(players)) == (hand_size, closed, open_, sleepers)
    hand = DealState.new(PAGAT, players=players, dealer=0, seed=players)
    assert all(hand.deal.hands[s].bit_count() == hand_size for s in range(players))
    assert hand.deal.closed.bit_count() == closed and hand.deal.open.bit_count() == open_
    assert hand.deal.sleepers.bit_count() == sleepers
    assert hand.n_tricks == hand_size


def test_four_players_two_down_after_the_first_round() -> None:
    assert PAGAT.layout(4).script == "3 C2 3 O2"
    assert PAGAT.layout(5).script == "3 O1 3 O1"


def winning_deal_for(seat: int) -> dict[int, str]:
    """The winning deal turned so that ``seat`` holds the declarer's cards."""
    return {(seat + i) % 4: WINNING_DEAL[i] for i in range(4)}


def test_deal_passes_left_skipping_players_who_are_out() -> None:
    # seat 2 wins twice and is out; he would have dealt the third hand: seat 3 deals
    deals = iter(
        [
            make_deal(PAGAT, winning_deal_for(2), open="8c 9d", closed="8d Jd", dealer=0),
            make_deal(PAGAT, winning_deal_for(2), open="8c 9d", closed="8d Jd", dealer=1),
            make_deal(PAGAT, {}, dealer=3, table=4, seats=(0, 1, 3)),
        ]
    )
    match = Match(PAGAT, players=4, seed=1, first_dealer=0, deals=deals)
    play(match, "pass")  # seat 1
    declare(match, "bid 25", trump="h")  # seat 2
    finish(match)
    assert match.sheet.status(2) == Status.RECHT
    assert match.hand.deal.dealer == 1
    declare(match, "bid 25", trump="h")  # seat 2 bids first
    finish(match)
    assert match.sheet.status(2) == Status.ERUIT
    assert match.hand.deal.dealer == 3 and match.hand.seats == (0, 1, 3)
    assert match.hand.to_act == 0


# --------------------------------------------------------------------------- "Die Anschrift"


def test_two_pluses_out_two_minuses_lose_and_end_the_match() -> None:
    sheet = ScoreSheet(PAGAT, 4)
    sheet.record(hand_result(0, True), sheet.active)
    sheet.record(hand_result(1, False), sheet.active)
    assert sheet.status(0) == Status.RECHT and sheet.status(1) == Status.KROM
    sheet.record(hand_result(0, True), sheet.active)
    assert sheet.status(0) == Status.ERUIT and not sheet.over
    sheet.record(hand_result(1, True), sheet.active)
    assert sheet.status(1) == Status.WIP  # a plus does not cancel a minus
    sheet.record(hand_result(2, False), sheet.active)
    assert not sheet.over
    sheet.record(hand_result(2, False), sheet.active)
    assert sheet.over and sheet.losers() == (2,)
    assert sheet.status(2) == Status.ERIN


def test_last_player_left_loses() -> None:
    sheet = ScoreSheet(PAGAT, 3)
    for seat in (0, 0, 1, 1):
        sheet.record(hand_result(seat, True), sheet.active)
    assert sheet.over and sheet.losers() == (2,)


def test_several_misere_players_each_get_a_mark() -> None:
    sheet = ScoreSheet(PAGAT, 4)
    sheet.record(hand_result((0, 1, 2), {0: True, 1: False, 2: True}, contract="bid misere"), sheet.active)
    assert (sheet.plus, sheet.minus) == ([1, 0, 1, 0], [0, 1, 0, 0])
    assert sheet.status(3) == Status.SUF


def test_next_match_the_player_right_of_the_loser_deals() -> None:
    assert next_match_first_dealer(2, 4) == 1
    assert next_match_first_dealer(0, 4) == 3


def test_the_deal_passes_left() -> None:
    match = Match(PAGAT, players=4, seed=5, first_dealer=2)
    play(match, "pass", "bid 25", "pass", "pass")
    finish(match)
    assert match.hand.deal.dealer == 3
