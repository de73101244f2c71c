"""The 80 rules of the Stichting Bonaken Nederland (preset ``nk``), one test per rule the engine implements.

Each test is named after the rule it checks (``shared/rules/bonaken-nk-reglement-nl.txt``).
Seats are numbered clockwise; with dealer 3 seat 0 bids first.
"""

from __future__ import annotations

from itertools import pairwise

import pytest

from tests.games.bonaken.helpers import (
    allowed,
    card,
    cards,
    declare,
    finish,
    hand_result,
    holding,
    legal_texts,
    make_hand,
    phase,
    play,
    refused,
    result_of,
    suit,
)
from troef.cards import PIQUET_DECK, CardSet, mask_of, rank_of
from troef.core.chance import GameRandom
from troef.games.bonaken.actions import Bid, parse_action
from troef.games.bonaken.bidding import bid_rank
from troef.games.bonaken.deal import deal_cards
from troef.games.bonaken.match import Match, ScoreSheet, Status
from troef.games.bonaken.play import PLAIN_POINTS, TRUMP_POINTS, TRUMP_POWER, card_points, points_of
from troef.games.bonaken.result import Reason
from troef.games.bonaken.roem import best_roem, roem_options
from troef.games.bonaken.rules import Rules, preset
from troef.games.bonaken.state import DealState, Phase

NK = preset("nk")

# A deal used by several play tests (dealer 3, seat 0 bids first). With the
# exchange below, seat 0 keeps 7h 8h 9h Jh 8d 9d and lays 7c 8c 7d away.
PLAIN_DEAL = {
    0: "Jh 7c 8c 7d 8d 9d",
    1: "Ac Kc Qc 10c 7s 8s",
    2: "Ad Kd Qd 10d 9s 10s",
    3: "As Ks Qs Js 9c Jc",
}
PLAIN_OPEN, PLAIN_BLIND, PLAIN_AWAY = "7h 8h", "9h", "7c 8c 7d"

# A deal for misère: nobody holds a spade, the centre holds three.
MISERE_DEAL = {
    0: "7h 8h 7c 8c 7d 8d",
    1: "9h 10h 9c 10c 9d 10d",
    2: "Jh Qh Jc Qc Jd Qd",
    3: "Kh Ah Kc Ac Kd Ad",
}
MISERE_OPEN, MISERE_BLIND = "7s 8s", "9s"


def rank(text: str) -> int:
    """The rank of a bid in a four-player nk hand."""
    bid = parse_action(text)
    assert isinstance(bid, Bid)
    return bid_rank(bid, NK, 4)


def plain_hand(bid: str = "bid 25", trump: str | None = "h", roem: str | None = "roem 0") -> DealState:
    hand = make_hand(NK, PLAIN_DEAL, open=PLAIN_OPEN, closed=PLAIN_BLIND)
    return declare(hand, bid, lay_away=PLAIN_AWAY, trump=trump, roem=roem)


def misere_hand(dealer: int = 3) -> DealState:
    return make_hand(NK, MISERE_DEAL, open=MISERE_OPEN, closed=MISERE_BLIND, dealer=dealer)


def two_player_trick(rules: Rules, trump: str, lead: str, follow: str) -> int:
    """Seat 0 declares with ``trump``, leads ``lead``; seat 1 plays ``follow``: who wins the trick?

    Both hold besides high cards of the suits not led, so both plays are legal
    and the hand cannot be decided before the first trick.
    """
    led = card(lead) // 8
    spare = [c for s in range(4) if s != led for c in range(s * 8 + 7, s * 8 - 1, -1)]
    spare = [c for c in spare if c != card(follow)]
    text = [str(CardSet.of(spare[i : i + 5])) for i in (0, 5)]
    centre = spare[10:13]
    hand = make_hand(
        rules,
        {0: f"{lead} {text[0]}", 1: f"{follow} {text[1]}"},
        open=str(CardSet.of(centre[:2])),
        closed=str(CardSet.of(centre[2:])),
        dealer=1,
    )
    declare(hand, "bid 25", trump=trump)
    play(hand, f"play {lead}", f"play {follow}")
    return hand.tricks[0][1]


# --------------------------------------------------------------------------- cards (rules 3, 4, 25)


def test_rule_03_thirty_two_cards() -> None:
    hand = DealState.new(NK, players=4, dealer=0, seed=11)
    deal = hand.deal
    every = deal.open | deal.closed | deal.sleepers
    for mask in deal.hands:
        every |= mask
    assert every == PIQUET_DECK


def test_rule_04_card_points() -> None:
    ranks = ["7", "8", "9", "10", "J", "Q", "K", "A"]
    as_trump = {r: card_points(card(r + "h"), suit("h")) for r in ranks}
    plain = {r: card_points(card(r + "h"), suit("s")) for r in ranks}
    assert as_trump == {"J": 20, "9": 14, "A": 11, "K": 3, "Q": 2, "10": 10, "8": 0, "7": 0}
    assert plain == {"A": 11, "K": 3, "Q": 2, "J": 1, "10": 10, "9": 0, "8": 0, "7": 0}
    assert card_points(card("Jh"), -1) == 1  # no trump: the right half of the table
    for trump in range(4):
        assert points_of(PIQUET_DECK, trump) == 141
    assert sum(PLAIN_POINTS) * 3 + sum(TRUMP_POINTS) == 141


def test_rule_04_points_counted_in_won_tricks() -> None:
    hand = plain_hand()
    play(hand, "play Jh", "play 7s", "play 9s", "play 9c")
    assert hand.points[0] == 20  # trump jack 20, the rest nothing
    play(hand, "play 9h", "play 8s", "play Qd", "play Jc")
    assert result_of(hand).card_points == 20 + 14 + 2 + 1


def test_rule_25_card_order() -> None:
    trump_order = ["J", "9", "A", "K", "Q", "10", "8", "7"]
    powers = [TRUMP_POWER[rank_of(card(r + "h"))] for r in trump_order]
    assert powers == sorted(powers, reverse=True)
    plain_order = ["A", "K", "Q", "J", "10", "9", "8", "7"]
    for high, low in pairwise(trump_order):
        assert two_player_trick(NK, "h", low + "h", high + "h") == 1, f"trump {high} beats {low}"
        assert two_player_trick(NK, "h", high + "h", low + "h") == 0, f"trump {high} beats {low}"
    for high, low in pairwise(plain_order):
        assert two_player_trick(NK, "h", low + "c", high + "c") == 1, f"{high} beats {low}"
        assert two_player_trick(NK, "h", high + "c", low + "c") == 0, f"{high} beats {low}"


def test_rule_25_trump_beats_any_plain_card_and_off_suit_never_wins() -> None:
    assert two_player_trick(NK, "h", "Ac", "7h") == 1  # the lowest trump beats the led ace
    assert two_player_trick(NK, "h", "7c", "Ad") == 0  # a discard of another suit never wins
    assert two_player_trick(NK, "h", "10c", "Kc") == 1  # the king beats the ten, worth more


# --------------------------------------------------------------------------- dealing (rules 5, 6, 8)


def test_rule_05_first_dealer_by_lot_and_next_dealer_is_declarer() -> None:
    assert NK.first_dealer_by_lot and NK.next_dealer == "declarer"
    for seed in range(12):
        match = Match(NK, players=4, seed=seed)
        lot = match.lot
        # replay the draw: everybody draws, the highest rank deals, ties draw again
        contenders = [0, 1, 2, 3]
        pos = 0
        while True:
            drawn = dict(lot[pos : pos + len(contenders)])
            assert sorted(drawn) == contenders
            pos += len(contenders)
            top = max(rank_of(c) for c in drawn.values())
            contenders = sorted(s for s, c in drawn.items() if rank_of(c) == top)
            if len(contenders) == 1:
                break
        assert pos == len(lot)
        assert match.first_dealer == contenders[0] == match.hand.deal.dealer
    # seed 5 draws two jacks first: seats 0 and 1 draw again
    assert len(Match(NK, players=4, seed=5).lot) == 6


def test_rule_05_next_dealer_is_the_declarer() -> None:
    match = Match(NK, players=4, seed=3, first_dealer=0)
    play(match, "pass", "bid 25", "pass", "pass")  # seat 2 goes
    assert match.hand.declarers == (2,)
    finish(match)
    assert match.hand.deal.dealer == 2
    assert match.hand.to_act == 3


def test_rule_05_next_dealer_is_the_first_misere_player() -> None:
    match = Match(NK, players=4, seed=4, first_dealer=1)
    play(match, "pass", "bid misere", "bid misere", "pass")  # seats 3 and 0 play misère
    assert match.hand.declarers == (3, 0)
    finish(match)
    assert len(match.hands) == 2
    assert match.hand.deal.dealer == 3


def test_rule_06_deal_three_three_two_open_one_blind() -> None:
    assert NK.layout(4).script == "3 O2 C1 3"
    for seed in range(6):
        deck = GameRandom(seed).shuffled(range(32))
        deal = deal_cards(NK, 4, (0, 1, 2, 3), 2, GameRandom(seed))
        order = [3, 0, 1, 2]  # from the left of dealer 2, clockwise
        for i, seat in enumerate(order):
            first, second = deck[3 * i : 3 * i + 3], deck[15 + 3 * i : 18 + 3 * i]
            assert deal.hands[seat] == mask_of(first + second)
        assert deal.open == mask_of(deck[12:14])
        assert deal.closed == mask_of(deck[14:15])
        assert deal.sleepers == mask_of(deck[27:])
        assert deal.sleepers.bit_count() == 5


@pytest.mark.parametrize(("players", "sleepers"), [(4, 5), (3, 11), (2, 17)])
def test_rule_06_the_rest_sleeps(players: int, sleepers: int) -> None:
    hand = DealState.new(NK, players=players, dealer=0, seed=players)
    assert [hand.deal.hands[s].bit_count() for s in range(players)] == [6] * players
    assert hand.deal.open.bit_count() == 2
    assert hand.deal.closed.bit_count() == 1
    assert hand.deal.sleepers.bit_count() == sleepers


def test_rule_08_left_of_dealer_bids_first() -> None:
    for dealer in range(4):
        assert DealState.new(NK, players=4, dealer=dealer, seed=1).to_act == (dealer + 1) % 4
    # a seat that is out of the match is skipped
    hand = make_hand(NK, {0: "7h 8h 9h 10h Jh Qh"}, dealer=1, table=4, seats=(0, 1, 3))
    assert hand.to_act == 3


# --------------------------------------------------------------------------- bidding (rules 9-21)


def test_rule_09_pass_is_final() -> None:
    hand = make_hand(NK, {}, dealer=3, table=4)
    play(hand, "pass", "bid 25", "pass", "bid 30")
    assert hand.to_act == 1  # seat 0 and 2 passed: they are not asked again
    play(hand, "bid 35")
    assert hand.to_act == 3
    play(hand, "bid 40", "bid 45")
    assert hand.to_act == 3
    play(hand, "pass")
    assert hand.phase == Phase.EXCHANGE and hand.declarers == (1,)
    assert [seat for seat, _ in hand.bids] == [0, 1, 2, 3, 1, 3, 1, 3]


def test_rule_09_all_pass_is_a_redeal() -> None:
    hand = play(make_hand(NK, {}, table=4), "pass", "pass", "pass", "pass")
    assert result_of(hand).redeal and result_of(hand).contract is None


def test_rule_12_multiple_of_five_min_25() -> None:
    hand = make_hand(NK, {}, table=4)
    assert "the lowest number bid is 25" in refused(hand, "bid 20")
    assert "multiple of 5" in refused(hand, "bid 27")
    numbers = [int(t[4:]) for t in legal_texts(hand) if t[4:].isdigit()]
    assert numbers[0] == 25
    assert all(n % 5 == 0 for n in numbers)
    assert numbers == list(range(25, numbers[-1] + 1, 5))
    play(hand, "bid 25")


def test_rule_17_higher_bid_needed() -> None:
    hand = make_hand(NK, {}, table=4)
    play(hand, "bid 40")
    assert "higher than 40" in refused(hand, "bid 40")
    refused(hand, "bid 35")
    play(hand, "bid 45")


def test_rule_17_misere_may_be_joined() -> None:
    hand = make_hand(NK, {}, table=4)
    play(hand, "bid misere")
    assert "bid misere" in legal_texts(hand)
    refused(hand, "bid 100")
    play(hand, "bid misere", "bid misere")
    assert hand.misere_group == [0, 1, 2]


def test_rule_17_no_misere_over_a_higher_bid() -> None:
    hand = make_hand(NK, {}, table=4)
    play(hand, "bid misere", "bid 105")
    assert "bid misere" not in legal_texts(hand)
    refused(hand, "bid misere")


def test_rule_18_bid_order() -> None:
    hand = make_hand(NK, {}, table=4)
    play(hand, "bid 100", "bid misere")
    refused(hand, "bid 100")
    play(hand, "bid 105")
    refused(hand, "bid misere")
    play(hand, "bid 125", "bid zwabber")
    refused(hand, "bid 125")
    play(hand, "bid 130", "bid 360")  # the highest number bid
    assert "bid bonaak" in legal_texts(hand)
    play(hand, "bid bonaak")
    refused(hand, "bid 360")
    play(hand, "bid bonaak 20")
    refused(hand, "bid bonaak")
    refused(hand, "bid bonaak 20")
    play(hand, "bid bonaak 40")


def test_rule_18_bid_ranks() -> None:
    ladder = ["bid 25", "bid 100", "bid misere", "bid 105", "bid 125", "bid zwabber", "bid 130", "bid 360"]
    ladder += ["bid bonaak", "bid bonaak 20", "bid bonaak 220"]
    ranks = [rank(t) for t in ladder]
    assert ranks == sorted(ranks) and len(set(ranks)) == len(ranks)


def test_rule_19_bonaak_roem_only_after_plain_bonaak() -> None:
    hand = make_hand(NK, {}, table=4)
    reason = refused(hand, "bid bonaak 20")
    assert "bonaak with roem may only follow a bid of bonaak" in reason
    assert not any(t.startswith("bid bonaak ") for t in legal_texts(hand))
    play(hand, "bid 50")
    refused(hand, "bid bonaak 20")
    play(hand, "bid bonaak")
    assert "bid bonaak 20" in legal_texts(hand)
    play(hand, "bid bonaak 20")


def test_rule_20_last_bidder_goes() -> None:
    hand = make_hand(NK, PLAIN_DEAL, open=PLAIN_OPEN, closed=PLAIN_BLIND)
    play(hand, "bid 30", "bid 35", "pass", "pass", "pass")
    assert hand.declarers == (1,)
    assert hand.contract == parse_action("bid 35")
    assert hand.phase == Phase.EXCHANGE and hand.to_act == 1


def test_rule_21_two_misere_players() -> None:
    hand = misere_hand()
    play(hand, "bid misere", "pass", "bid misere", "pass")
    assert hand.declarers == (0, 2)
    assert hand.contract == parse_action("bid misere")
    play(hand, "discard 7s", "discard 8s", "discard 9s", "discard 7s", "discard 8s", "discard 9s")
    result = result_of(finish(hand))
    assert set(result.won) == {0, 2}


def test_rule_21_three_misere_players_in_bidding_order() -> None:
    hand = misere_hand(dealer=1)
    play(hand, "bid misere", "pass", "bid misere", "bid misere")  # seats 2, 3, 0, 1
    assert hand.declarers == (2, 0, 1)


# --------------------------------------------------------------------------- play (rules 23-29)


def test_rule_23_exchange_three() -> None:
    hand = make_hand(NK, PLAIN_DEAL, open=PLAIN_OPEN, closed=PLAIN_BLIND)
    play(hand, "bid 25", "pass", "pass", "pass")
    assert hand.phase == Phase.EXCHANGE
    assert holding(hand, 0) == CardSet.parse("7h 8h 9h Jh 7d 8d 9d 7c 8c")
    assert "lay away 3 more" in refused(hand, "play 7c")
    assert "do not hold" in refused(hand, "discard Ac")
    play(hand, "discard 7c", "discard 8c")
    assert hand.phase == Phase.EXCHANGE
    play(hand, "discard 7d")
    assert phase(hand) == Phase.TRUMP
    assert holding(hand, 0) == CardSet.parse("7h 8h 9h Jh 8d 9d")
    assert hand.out & cards("7c 8c 7d") == cards("7c 8c 7d")


def test_rule_24_declarer_leads_and_trick_winner_leads_next() -> None:
    deal = {
        0: "Ah Kh Qh 7c 8c 9c",
        1: "7h 8h Ac Kc 7d 8d",
        2: "9h 10h Qc Jc 9d 10d",
        3: "Jh Ad Kd Qd Jd 7s",
    }
    hand = declare(make_hand(NK, deal, open="10c As", closed="Ks"), trump="s")
    assert hand.phase == Phase.PLAY and hand.to_act == 0
    play(hand, "play Ah", "play 7h", "play 9h", "play Jh")
    assert hand.tricks[0][1] == 0 and hand.to_act == 0  # the ace of a plain suit beats its jack
    play(hand, "play 7c", "play Ac", "play Qc", "play 7s")
    assert hand.tricks[1][1] == 3 and hand.to_act == 3  # a trump beats the led ace
    assert hand.points[3] == 11 + 2


def test_rule_24_play_goes_clockwise_from_the_leader() -> None:
    hand = plain_hand()
    seen = []
    for text in ("play Jh", "play 7s", "play 9s", "play 9c"):
        seen.append(hand.to_act)
        play(hand, text)
    assert seen == [0, 1, 2, 3]


def test_rule_26_trump_must_be_followed() -> None:
    assert allowed(NK, "7h 8c 7d", led="h", trump="h", high="Ah") == CardSet.parse("7h")
    assert allowed(NK, "8c 7d", led="h", trump="h", high="Ah") == CardSet.parse("8c 7d")


def test_rule_26_trump_jack_may_be_kept() -> None:
    # the jack as only trump: any card
    assert allowed(NK, "Jh 8c 7d", led="h", trump="h", high="Ah") == CardSet.parse("Jh 8c 7d")
    # with other trumps: a trump, but not necessarily the jack
    assert allowed(NK, "Jh 7h 8c", led="h", trump="h", high="Ah") == CardSet.parse("Jh 7h")


def test_rule_26_trump_jack_kept_in_a_hand() -> None:
    deal = {0: "Ah Kh 7c 8c 9c 10c", 1: "Jh Ac Kc 7d 8d 9d", 2: "Qc Jc 10d Jd Qd Kd", 3: "Ad 7s 8s 9s 10s Js"}
    hand = declare(make_hand(NK, deal, open="Qs Ks", closed="As"), trump="h")
    play(hand, "play Ah", "play 7d")  # seat 1 keeps his jack back
    assert hand.current_trick == [(0, card("Ah")), (1, card("7d"))]


def test_rule_26_no_overtrump_duty() -> None:
    assert allowed(NK, "9h 7h 8c", led="h", trump="h", high="Ah") == CardSet.parse("7h 9h")
    assert not NK.overtrump_on_trump_lead


def test_rule_27_may_trump_instead_of_following() -> None:
    assert allowed(NK, "8c Qh 7d", led="c", trump="h") == CardSet.parse("Qh 8c")


def test_rule_27_no_voluntary_undertrump() -> None:
    # clubs led and trumped with the nine: the queen of trumps would be an undertrump
    assert allowed(NK, "8c Qh Jh 7d", led="c", trump="h", high="9h") == CardSet.parse("Jh 8c")
    assert allowed(NK, "8c Qh", led="c", trump="h", high="9h") == CardSet.parse("8c")


def test_rule_27_no_voluntary_undertrump_in_a_hand() -> None:
    deal = {0: "7c Ac Kc Ad Kd Qd", 1: "9h 7d 8d 9d 10d Jd", 2: "8c Qh Jh 7s 8s 9s"}
    hand = make_hand(NK, deal, open="10s Js", closed="Qs", dealer=2)
    declare(hand, trump="h")
    play(hand, "play 7c", "play 9h")
    assert "you may not undertrump" in refused(hand, "play Qh")
    play(hand, "play Jh")
    assert hand.tricks[0][1] == 2


def test_rule_28_void_any_card_but_no_undertrump() -> None:
    assert allowed(NK, "Qh 7d 8s", led="c", trump="h") == CardSet.parse("Qh 7d 8s")
    assert allowed(NK, "Qh 7d 8s", led="c", trump="h", high="9h") == CardSet.parse("7d 8s")
    assert allowed(NK, "Qh Jh 7d", led="c", trump="h", high="9h") == CardSet.parse("Jh 7d")


def test_rule_28_forced_undertrump_allowed() -> None:
    # nothing but lower trumps: undertrumping is not voluntary
    assert allowed(NK, "Qh 7h", led="c", trump="h", high="9h") == CardSet.parse("7h Qh")


def test_rule_29_no_trump_follow_suit() -> None:
    assert allowed(NK, "8c Ah 7d", led="c", trump=None) == CardSet.parse("8c")
    assert allowed(NK, "Ah 7d", led="c", trump=None) == CardSet.parse("Ah 7d")


def test_rule_29_zwabber_follows_suit() -> None:
    hand = plain_hand("bid zwabber", trump=None, roem=None)
    assert hand.trump == -1 and hand.phase == Phase.PLAY
    play(hand, "play 8d")
    assert holding(hand, 1) == CardSet.parse("Qc 10c Kc Ac 7s 8s")
    play(hand, "play 7s")  # void in diamonds: anything
    assert "must follow diamonds" in refused(hand, "play 10s")


# --------------------------------------------------------------------------- winning and losing (rules 30-34)


def test_rule_30_only_the_declarer_wins_or_loses() -> None:
    hand = plain_hand()
    play(hand, "play Jh", "play 7s", "play 9s", "play 9c", "play 9h", "play 8s", "play Qd", "play Jc")
    assert result_of(hand).won == {0: True}


def test_rule_31_hand_ends_when_certain_made() -> None:
    hand = plain_hand("bid 25")
    play(hand, "play Jh", "play 7s", "play 9s", "play 9c")
    assert not hand.is_over and hand.points[0] == 20
    play(hand, "play 9h", "play 8s", "play Qd", "play Jc")
    result = result_of(hand)
    assert result.won == {0: True} and result.reasons == {0: Reason.MADE}
    assert result.tricks_played == 2


def test_rule_31_hand_ends_when_certain_failed() -> None:
    hand = plain_hand("bid 100")
    # 114 card points are in play; the opponents take 11 in the first trick
    play(hand, "play 8d", "play 7s", "play Ad", "play 9c")
    assert not hand.is_over and hand.to_act == 2
    # ... and 11 more: at most 92 are left for the declarer
    play(hand, "play 10d", "play Jc", "play 9d", "play 8s")
    result = result_of(hand)
    assert result.won == {0: False} and result.reasons == {0: Reason.SHORT}
    assert result.tricks_played == 2


def test_rule_31_stuk_still_to_come_keeps_the_hand_open() -> None:
    # two players; only Kh (3) and Qh (2) carry points: 20 roem + 5 + stuk 20 can just make 45
    deal = {0: "Kh Qh 7h 7c 8c 9c", 1: "7d 8d 9d 7s 8s 9s"}
    hand = declare(make_hand(NK, deal, open="8h 10s", closed="Jd", dealer=1), "bid 45", roem="roem 20")
    assert not hand.is_over
    play(hand, "stuk", "play Kh", "play 7d", "play Qh", "play 8d")
    assert result_of(hand).won == {0: True} and result_of(hand).total == 45


def test_rule_31_stuk_that_may_not_be_declared_does_not_keep_the_hand_open() -> None:
    # bid 40 with 20 roem declared: stuk would make the roem 40, not below the bid (rule 49),
    # so at most 20 + 5 card points can be made: lost before the first card
    deal = {0: "Kh Qh 7h 7c 8c 9c", 1: "7d 8d 9d 7s 8s 9s"}
    hand = declare(make_hand(NK, deal, open="8h 10s", closed="Jd", dealer=1), "bid 40", roem="roem 20")
    assert "stuk" not in legal_texts(hand)
    assert hand.is_over


def test_rule_31_hand_lost_before_the_first_card() -> None:
    # 114 card points are in play and no roem: 115 cannot be made
    hand = plain_hand("bid 115")
    assert result_of(hand).won == {0: False}
    assert result_of(hand).tricks_played == 0


def test_rule_32_number_bid_made_with_points() -> None:
    # seat 0 holds 7h 8h 9h of trumps: a sequence of three, 20 roem
    hand = plain_hand("bid 45", roem="roem 20")
    assert hand.roem_counted == 20
    play(hand, "play Jh", "play 7s", "play 9s", "play 9c")
    assert not hand.is_over  # 20 + 20 roem < 45
    play(hand, "play 9h", "play 8s", "play Qd", "play Jc")
    result = result_of(hand)
    assert result.card_points == 37 and result.total == 57
    assert result.won == {0: True}


def test_rule_32_without_roem_the_same_cards_do_not_make_it() -> None:
    hand = plain_hand("bid 45", roem="roem 0")
    play(hand, "play Jh", "play 7s", "play 9s", "play 9c", "play 9h", "play 8s", "play Qd", "play Jc")
    assert not hand.is_over and hand.points[0] == 37


def test_rule_33_zwabber_lost_on_first_opponent_trick() -> None:
    hand = plain_hand("bid zwabber", trump=None, roem=None)
    play(hand, "play 8d", "play 7s", "play Ad", "play 9c")
    result = result_of(hand)
    assert result.won == {0: False} and result.reasons == {0: Reason.LOST_A_TRICK}
    assert result.tricks_played == 1 and result.trump == -1


def test_rule_33_bonaak_lost_on_first_opponent_trick() -> None:
    hand = plain_hand("bid bonaak", trump="h", roem=None)
    assert hand.phase == Phase.PLAY and hand.trump == suit("h")
    play(hand, "play Jh", "play 7s", "play 9s", "play 9c")
    assert not hand.is_over
    play(hand, "play 8d", "play 8s", "play Ad", "play Jc")
    result = result_of(hand)
    assert result.won == {0: False} and result.reasons == {0: Reason.LOST_A_TRICK}
    assert result.tricks_played == 2


def test_rule_34_misere_lost_on_trick() -> None:
    hand = plain_hand("bid misere", trump="h", roem=None)
    play(hand, "play Jh", "play 7s", "play 9s", "play 9c")
    result = result_of(hand)
    assert result.won == {0: False} and result.reasons == {0: Reason.TOOK_A_TRICK}
    assert result.tricks_played == 1


def test_rule_15_lone_misere_player_names_trump() -> None:
    hand = make_hand(NK, PLAIN_DEAL, open=PLAIN_OPEN, closed=PLAIN_BLIND)
    declare(hand, "bid misere", lay_away=PLAIN_AWAY, trump=None)
    assert hand.phase == Phase.TRUMP and hand.to_act == 0
    assert "trump s" in legal_texts(hand)


# --------------------------------------------------------------------------- misère by several (rules 35-38)


def test_rule_35_misere_cards_passed_on() -> None:
    hand = misere_hand()
    play(hand, "bid misere", "bid misere", "pass", "pass")
    assert hand.phase == Phase.EXCHANGE and hand.to_act == 0
    assert holding(hand, 0) == CardSet.parse("7h 8h 7d 8d 7c 8c 7s 8s 9s")
    assert len(CardSet(hand.hands[1])) == 6  # the second has not picked up anything
    play(hand, "discard 7s", "discard 8s", "discard 7h")
    assert hand.to_act == 1
    assert hand.received[1] == cards("7s 8s 7h")
    assert holding(hand, 1) == CardSet.parse("7h 9h 10h 9d 10d 9c 10c 7s 8s")
    assert holding(hand, 0) == CardSet.parse("8h 7d 8d 7c 8c 9s")
    play(hand, "discard 10h", "discard 10d", "discard 10c")
    assert phase(hand) == Phase.PLAY
    assert hand.out & cards("10h 10d 10c") == cards("10h 10d 10c")
    assert holding(hand, 1) == CardSet.parse("7h 9h 9d 9c 7s 8s")


def test_rule_35_three_misere_players_pass_on_in_turn() -> None:
    hand = misere_hand()
    play(hand, "bid misere", "bid misere", "bid misere", "pass")
    play(hand, "discard 7s", "discard 8s", "discard 9s")
    assert hand.to_act == 1 and hand.received[1] == cards("7s 8s 9s")
    play(hand, "discard 9h", "discard 9c", "discard 9d")
    assert hand.to_act == 2 and hand.received[2] == cards("9h 9c 9d")
    play(hand, "discard 9h", "discard 9c", "discard 9d")
    assert hand.phase == Phase.PLAY and hand.to_act == 0


def test_rule_36_first_misere_player_leads() -> None:
    hand = misere_hand(dealer=1)
    play(hand, "pass", "bid misere", "bid misere", "pass")  # seat 3 first, then seat 0
    assert hand.declarers == (3, 0)
    play(hand, "discard 7s", "discard 8s", "discard 9s", "discard 7s", "discard 8s", "discard 9s")
    assert hand.phase == Phase.PLAY and hand.to_act == 3


def test_rule_37_multi_misere_no_trump() -> None:
    hand = misere_hand()
    play(hand, "bid misere", "bid misere", "pass", "pass")
    play(hand, "discard 7s", "discard 8s", "discard 7h", "discard 10h", "discard 10d", "discard 10c")
    assert hand.phase == Phase.PLAY and hand.trump == -1
    assert "trump h" not in legal_texts(hand)
    # seat 2 (void in spades) plays a heart: no trump, so it cannot win
    play(hand, "play 9s", "play 7s", "play Jh", "play Kh")
    assert hand.tricks[0][1] == 0


def test_rule_38_play_continues_for_other_misere_players() -> None:
    hand = misere_hand()
    play(hand, "bid misere", "bid misere", "pass", "pass")
    play(hand, "discard 7s", "discard 8s", "discard 7h", "discard 10h", "discard 10d", "discard 10c")
    play(hand, "play 9s", "play 7s", "play Jh", "play Kh")  # seat 0 takes a trick: lost
    assert not hand.is_over
    assert hand.outcomes == {0: False}
    play(hand, "play 8h", "play 7h", "play Qh", "play Ah")
    play(hand, "play Kc", "play 7c", "play 9c", "play Jc")
    play(hand, "play Kd", "play 7d", "play 9d", "play Jd")
    play(hand, "play Ac", "play 8c", "play 9h", "play Qc")
    play(hand, "play Ad", "play 8d", "play 8s", "play Qd")
    result = result_of(hand)
    assert result.tricks_played == 6
    assert result.won == {0: False, 1: True}
    assert result.reasons == {0: Reason.TOOK_A_TRICK, 1: Reason.NO_TRICK}


def test_rule_38_hand_ends_when_the_last_misere_player_takes_a_trick() -> None:
    deal = {
        0: "9s 7h 8h 7c 8c 7d",
        1: "8s Ah 9h 9c 9d 10d",
        2: "Jh Qh Jc Qc Jd Qd",
        3: "Kh 10h Kc Ac Kd Ad",
    }
    hand = make_hand(NK, deal, open="Js Qs", closed="Ks")
    play(hand, "bid misere", "bid misere", "pass", "pass")
    play(hand, "discard Js", "discard Qs", "discard Ks", "discard Js", "discard Qs", "discard Ks")
    play(hand, "play 9s", "play 8s", "play Jh", "play Kh")  # seat 0 takes a trick
    assert hand.outcomes == {0: False} and not hand.is_over
    play(hand, "play 7h", "play Ah", "play Qh", "play 10h")  # seat 1 takes one too
    result = result_of(hand)
    assert result.tricks_played == 2
    assert result.won == {0: False, 1: False}


# --------------------------------------------------------------------------- roem (rules 39-50)

# Seat 0 holds K-Q-J of hearts and 7-8-9 of clubs; seat 1 four aces; seat 3 a five-card sequence.
ROEM_DEAL = {
    0: "Kh Qh Jh 7c 8c 9c",
    1: "Ah Ad Ac As 7d 8d",
    2: "10h 9h 10d 9d Jd Qd",
    3: "Kd 7s 8s 9s 10s Js",
}
ROEM_OPEN, ROEM_BLIND = "7h 8h", "Jc"


def roem_hand(bid: str, roem: str | None = None) -> DealState:
    hand = make_hand(NK, ROEM_DEAL, open=ROEM_OPEN, closed=ROEM_BLIND)
    return declare(hand, bid, trump="h", roem=roem)


def test_rule_40_roem_counts_towards_a_number_bid() -> None:
    hand = roem_hand("bid 50", roem="roem 40")
    assert hand.roem_counted == 40


def test_rule_43_card_not_in_set_and_sequence() -> None:
    # Q-J-10 of hearts is a sequence and Qh is in the four queens: one or the other
    assert set(roem_options(cards("Qh Qd Qc Qs Jh 10h"), suit("s"), NK.roem)) == {0, 20, 100}
    assert best_roem(cards("Qh Qd Qc Qs Jh 10h"), suit("s"), NK.roem)[0] == 100
    # four aces with K-Q of trumps: the set and stuk (120), not also the A-K-Q sequence
    assert best_roem(cards("Ah Ad Ac As Kh Qh"), suit("h"), NK.roem)[0] == 120
    assert NK.roem.combine == "exclusive"


def test_rule_44_sequence_with_king_queen_counts_stuk() -> None:
    assert best_roem(cards("Kh Qh Jh"), suit("h"), NK.roem)[0] == 40
    assert best_roem(cards("Kh Qh Jh"), suit("s"), NK.roem)[0] == 20
    assert best_roem(cards("Qh Qd Qc Qs Kh"), suit("h"), NK.roem)[0] == 120  # four queens and the trump king
    assert best_roem(cards("Kh Kd Kc Ks Qh"), suit("h"), NK.roem)[0] == 120  # four kings and the trump queen
    assert best_roem(cards("Kh Kd Kc Ks Qh"), suit("d"), NK.roem)[0] == 100


def test_rule_46_roem_declared_at_first_lead() -> None:
    hand = make_hand(NK, ROEM_DEAL, open=ROEM_OPEN, closed=ROEM_BLIND)
    declare(hand, "bid 50", trump="h", roem=None)
    assert hand.phase == Phase.ROEM and hand.to_act == 0
    assert "declare your roem first" in refused(hand, "play Kh")
    assert hand.declarable_roem() == [0, 20, 40]
    play(hand, "roem 20")
    assert phase(hand) == Phase.PLAY and hand.roem_counted == 20


def test_rule_46_roem_at_first_lead_and_stuk_when_played() -> None:
    hand = roem_hand("bid 50", roem="roem 20")  # the clubs sequence; stuk not yet shown
    assert "stuk" in legal_texts(hand)
    play(hand, "stuk")
    assert "you declared stuk" in refused(hand, "play 7c")
    play(hand, "play Kh")
    assert hand.roem_counted == 40


def test_rule_46_stuk_only_with_its_first_card() -> None:
    hand = roem_hand("bid 50", roem="roem 0")
    play(hand, "play Qh", "play Ah", "play 9h", "play 7s")  # seat 2 wins with the nine
    assert hand.to_act == 2
    play(hand, "play 10d", "play Kd")
    assert hand.to_act == 0
    assert "stuk" not in legal_texts(hand)
    refused(hand, "stuk")
    assert hand.roem_counted == 0


def test_rule_46_stuk_also_bound_by_rule_49() -> None:
    hand = roem_hand("bid 50", roem="roem 40")  # two sequences; stuk would make 60
    assert "stuk" not in legal_texts(hand)
    assert "cannot declare stuk" in refused(hand, "stuk")


def test_rule_46_no_counter_roem() -> None:
    hand = roem_hand("bid 50", roem="roem 20")  # seat 1 holds four aces (100)
    assert hand.roem_counted == 20
    assert hand.contest == []
    assert NK.roem_contest == "none"


def test_rule_47_roem_in_tricks_does_not_count() -> None:
    deal = {
        0: "Ac Jh 9h 7d 8d 7s",
        1: "Kc 9d 10d Jd Qd Kd",
        2: "Qc Ad 8s 9s 10s Js",
        3: "Qs Ks As 7h 8h 10h",
    }
    hand = declare(make_hand(NK, deal, open="Ah Kh", closed="7c"), trump="h")
    play(hand, "play Ac", "play Kc", "play Qc", "play Qs")  # A-K-Q of clubs fall in seat 0's trick
    assert hand.tricks[0][1] == 0
    assert hand.points[0] == 11 + 3 + 2 + 2
    assert hand.trick_roem == 0


@pytest.mark.parametrize(
    ("held", "trump", "value"),
    [
        ("Kh Qh", "h", 20),  # stuk
        ("Kh Qh", "s", 0),  # king and queen of a plain suit
        ("7s 8s 9s", "h", 20),  # a sequence of three
        ("Kh Qh Jh", "h", 40),  # ... with stuk
        ("7s 8s 9s 7d 8d 9d", "h", 40),  # two sequences of three
        ("7s 8s 9s Kh Qh Jh", "h", 60),  # ... with stuk
        ("7s 8s 9s 10s", "h", 50),  # a sequence of four
        ("Kh Qh Jh 10h", "h", 70),  # ... with stuk
        ("7s 8s 9s 10s Js", "h", 100),  # a sequence of five
        ("Ah Kh Qh Jh 10h", "h", 120),  # ... with stuk
        ("7s 8s 9s 10s Js Qs", "h", 100),  # a sequence of six
        ("Ah Kh Qh Jh 10h 9h", "h", 120),  # ... with stuk
        ("Qh Qd Qc Qs", "h", 100),  # four queens
        ("Kh Kd Kc Ks", "h", 100),  # four kings
        ("Ah Ad Ac As", "h", 100),  # four aces
        ("Ah Ad Ac As Kh Qh", "h", 120),  # ... with stuk
        ("Jh Jd Jc Js", "h", 200),  # four jacks
        ("Jh Jd Jc Js Kh Qh", "h", 220),  # ... with stuk
        ("9h 9d 9c 9s", "h", 0),  # four nines are no roem in nk
        ("7h 8h 10h Jh", "s", 0),  # no sequence with a gap
        ("Jh 9h Ah", "h", 0),  # trump order J-9-A is not a sequence (rule 42)
    ],
)
def test_rule_48_roem_table(held: str, trump: str, value: int) -> None:
    assert best_roem(cards(held), suit(trump), NK.roem)[0] == value


def test_rule_49_roem_below_bid_lower_value_may_be_chosen() -> None:
    deal = {0: "7s 8s 9s 10s Js 7c"}
    hand = declare(make_hand(NK, deal, table=4), "bid 100", trump="h", roem=None)
    assert hand.declarable_roem() == [0, 20, 50]  # a five holds a four and a three
    reason = refused(hand, "roem 100")
    assert "roem must be lower than your bid of 100" in reason
    assert "you may declare 0, 20, 50" in reason
    assert "do not hold" in refused(hand, "roem 70")
    play(hand, "roem 50")
    assert hand.roem_counted == 50


def test_rule_49_bid_above_the_roem() -> None:
    deal = {0: "7s 8s 9s 10s Js 7c"}
    hand = declare(make_hand(NK, deal, table=4), "bid 105", trump="h", roem=None)
    assert hand.declarable_roem() == [0, 20, 50, 100]
    play(hand, "roem 100")
    assert hand.roem_counted == 100


def test_rule_50_six_card_sequence_over_five() -> None:
    hand = make_hand(NK, {}, table=4)
    play(hand, "bid bonaak", "bid bonaak 100")
    assert "bid bonaak 100 six" in legal_texts(hand)
    refused(hand, "bid bonaak 100")
    play(hand, "bid bonaak 100 six")
    refused(hand, "bid bonaak 100 six")
    assert "bid bonaak 120" in legal_texts(hand)
    play(hand, "bid bonaak 120", "bid bonaak 120 six")
    assert rank("bid bonaak 100") < rank("bid bonaak 100 six") < rank("bid bonaak 110")


def test_rule_50_only_sequences_of_equal_value() -> None:
    hand = make_hand(NK, {}, table=4)
    play(hand, "bid bonaak", "bid bonaak 50")
    assert "bid bonaak 50 six" not in legal_texts(hand)
    assert "six-card" in refused(hand, "bid bonaak 50 six")


def test_rule_50_six_claim_needs_a_six_card_sequence() -> None:
    deal = {
        0: "7c 8c 9c 10c Jc 7d",
        1: "Ah Kh Qh Jh 10h As",  # a five-card sequence, no six
        2: "8d 9d 10d Jd Qd Kd",
        3: "Ad Qc Kc Ac 7s 8s",
    }
    hand = make_hand(NK, deal, open="9s 10s", closed="Js")
    play(hand, "bid bonaak", "bid bonaak 100 six", "pass", "pass", "pass")
    assert hand.declarers == (1,)
    if not hand.is_over:
        declare_rest = ("discard 9s", "discard 10s", "discard Js", "trump h", "roem 100")
        play(hand, *declare_rest)
    # nk rule 31: without the six-card sequence the claim is lost before a card is played
    result = result_of(hand)
    assert result.won == {1: False}
    assert result.tricks_played == 0


# --------------------------------------------------------------------------- the score of a match (rules 51-59)


def sheet_after(events: list[tuple[tuple[int, ...] | int, bool]], rules: Rules = NK) -> ScoreSheet:
    """A 4-seat score sheet after hands with these (declarers, won) results."""
    sheet = ScoreSheet(rules, 4)
    for declarers, won in events:
        contract = "bid misere" if isinstance(declarers, tuple) and len(declarers) > 1 else "bid 25"
        sheet.record(hand_result(declarers, won, contract=contract), sheet.active)
    return sheet


def test_rule_52_two_losses_erin() -> None:
    sheet = sheet_after([(2, False)])
    assert sheet.status(2) == Status.KROM and 2 in sheet.active
    sheet = sheet_after([(2, False), (1, True), (2, False)])
    assert sheet.status(2) == Status.ERIN
    assert sheet.minus[2] == 2 and sheet.active == (0, 1, 3)
    assert sheet.last_out == (2,)
    assert not sheet.over
    assert sheet.table_points()[2] == 0


def test_rule_53_two_wins_eruit() -> None:
    sheet = sheet_after([(1, True), (0, False), (1, True)])
    assert sheet.status(1) == Status.ERUIT
    assert sheet.active == (0, 2, 3) and sheet.last_out == (1,)
    assert sheet.eruit_groups == [(1,)]


def test_rule_54_55_56_table_points_joint_misere() -> None:
    # rule 54: two misère players out together first score 10 each; rule 56: the next 4
    sheet = sheet_after([((0, 1), True), ((0, 1), True), (2, True), (2, True)])
    assert sheet.eruit_groups == [(0, 1), (2,)]
    assert sheet.over
    assert sheet.table_points() == {0: 10, 1: 10, 2: 4, 3: 1}


def test_rule_55_joint_misere_second() -> None:
    sheet = sheet_after([(3, True), (3, True), ((0, 1), True), ((0, 1), True)])
    assert sheet.table_points() == {3: 10, 0: 8, 1: 8, 2: 1}


def test_rule_54_three_misere_players_out_first() -> None:
    sheet = sheet_after([((0, 1, 2), True), ((0, 1, 2), True)])
    assert sheet.over
    assert sheet.table_points() == {0: 10, 1: 10, 2: 10, 3: 1}


def test_rule_54_to_56_places_in_order() -> None:
    sheet = sheet_after([(0, True), (1, True), (0, True), (2, True), (1, True), (2, True)])
    assert sheet.table_points() == {0: 10, 1: 8, 2: 4, 3: 1}


@pytest.mark.parametrize(
    ("events", "points"),
    [
        # three out as winners: the last one scores 1
        ([(0, True), (0, True), (1, True), (1, True), (2, True), (2, True)], {0: 10, 1: 8, 2: 4, 3: 1}),
        # two out as winners, one erin: 4
        ([(0, True), (0, True), (1, False), (1, False), (2, True), (2, True)], {0: 10, 1: 0, 2: 8, 3: 4}),
        # one out as winner, two erin: 8
        ([(0, False), (0, False), (1, True), (1, True), (2, False), (2, False)], {0: 0, 1: 10, 2: 0, 3: 8}),
        # three erin: 10
        ([(0, False), (0, False), (1, False), (1, False), (2, False), (2, False)], {0: 0, 1: 0, 2: 0, 3: 10}),
    ],
)
def test_rule_57_last_player_points(events: list[tuple[tuple[int, ...] | int, bool]], points: dict[int, int]) -> None:
    sheet = sheet_after(events)
    assert sheet.over and sheet.active == (3,)
    assert sheet.table_points() == points


def test_rule_58_match_end() -> None:
    sheet = sheet_after([(0, True), (0, True), (1, False), (1, False)])
    assert not sheet.over  # two players left
    sheet.record(hand_result(2, True), sheet.active)
    assert not sheet.over
    sheet.record(hand_result(2, True), sheet.active)
    assert sheet.over and sheet.active == (3,)


def test_rule_58_match_ends_when_everyone_is_in_or_out() -> None:
    sheet = sheet_after([(0, True), (0, True), (1, False), (1, False), ((2, 3), True), ((2, 3), True)])
    assert sheet.over and sheet.active == ()
    assert sheet.table_points() == {0: 10, 1: 0, 2: 8, 3: 8}


def test_rule_59_statuses() -> None:
    sheet = ScoreSheet(NK, 4)
    assert [sheet.status(s) for s in range(4)] == [Status.SUF] * 4
    steps: list[tuple[int, bool, Status]] = [
        (0, False, Status.KROM),
        (1, True, Status.RECHT),
        (0, True, Status.WIP),
        (1, False, Status.WIP),
        (2, True, Status.RECHT),
        (2, True, Status.ERUIT),
        (3, False, Status.KROM),
        (3, False, Status.ERIN),
    ]
    for seat, won, status in steps:
        sheet.record(hand_result(seat, won), sheet.active)
        assert sheet.status(seat) == status
    assert [s.value for s in Status] == ["suf", "krom", "recht", "wip", "eruit", "erin"]


# --------------------------------------------------------------------------- false roem (rules 66-69)

# Seat 0 holds four jacks; seat 1 A-K-Q of hearts and no more roem, even with any blind card
# than A-K-Q-J of trumps (70).
FALSE_DEAL = {
    0: "Jh Jd Jc Js 7h 8h",
    1: "Ah Kh Qh 7c 8d 9s",
    2: "9h 10h 9d 10d 9c 10c",
    3: "Ad Kd Qd Ac Kc Qc",
}
FALSE_OPEN, FALSE_BLIND = "7d 8s", "7s"


def false_hand() -> DealState:
    return make_hand(NK, FALSE_DEAL, open=FALSE_OPEN, closed=FALSE_BLIND)


def test_rule_66_69_false_roem() -> None:
    hand = false_hand()
    play(hand, "bid bonaak", "bid bonaak 100", "pass", "pass", "pass")
    result = result_of(hand)  # the declarer is erin: nothing is played
    assert result.false_roem == (1,)
    assert result.won == {1: False} and result.reasons == {1: Reason.FALSE_ROEM}
    assert result.tricks_played == 0
    sheet = ScoreSheet(NK, 4)
    sheet.record(hand_result(1, True), sheet.active)
    assert sheet.status(1) == Status.RECHT
    sheet.record(result, sheet.active)
    assert sheet.status(1) == Status.ERIN  # rule 66: even from recht


def test_rule_66_false_roem_of_a_player_who_is_outbid() -> None:
    hand = false_hand()
    play(hand, "bid bonaak", "bid bonaak 100", "pass", "pass", "bid bonaak 200", "pass")
    assert hand.declarers == (0,) and hand.phase == Phase.EXCHANGE
    result = result_of(finish(hand))
    assert result.false_roem == (1,)
    assert 0 not in result.false_roem
    sheet = ScoreSheet(NK, 4)
    sheet.record(result, sheet.active)
    assert sheet.status(1) == Status.ERIN
    assert sheet.status(0) in (Status.RECHT, Status.KROM)


def test_rule_69_speculating_on_the_blind_card_is_not_false() -> None:
    hand = false_hand()
    # the blind card could be the jack of hearts: A-K-Q-J of trumps is 70
    play(hand, "bid bonaak", "bid bonaak 70", "pass", "pass", "pass")
    assert hand.declarers == (1,) and hand.phase == Phase.EXCHANGE
    result = result_of(finish(hand))
    assert result.false_roem == ()
    assert result.won == {1: False} and result.reasons == {1: Reason.ROEM_SHORT}


def test_rule_67_high_number_bid_needs_roem() -> None:
    # no roem within reach: no sequence, four or stuk even with one more card
    deal = {0: "7h Jh 8d Ad 9c 10s"}
    hand = make_hand(NK, deal, open="Ac 7s", table=4)
    play(hand, "bid 150", "pass", "pass", "pass")
    assert result_of(hand).false_roem == (0,)
    hand = make_hand(NK, deal, open="Ac 7s", table=4)
    play(hand, "bid 140", "pass", "pass", "pass")  # below 145: never false roem
    assert hand.false_roem == [] and hand.phase == Phase.EXCHANGE


# --------------------------------------------------------------------------- leading without trump (rule 75)


def test_rule_75_led_suit_becomes_trump() -> None:
    hand = plain_hand("bid 25", trump=None, roem=None)
    assert hand.phase == Phase.TRUMP
    play(hand, "play 8d")
    assert hand.trump == suit("d")
    assert phase(hand) == Phase.PLAY and hand.current_trick == [(0, card("8d"))]
    assert hand.roem_declared == 0 and hand.to_act == 1


def test_rule_75_lone_misere_without_trump_loses() -> None:
    hand = plain_hand("bid misere", trump=None, roem=None)
    assert hand.phase == Phase.TRUMP
    play(hand, "play 8d")
    result = result_of(hand)
    assert result.won == {0: False} and result.reasons == {0: Reason.NO_TRUMP_MISERE}


def test_nk_rule_5_first_misere_player_deals() -> None:
    """nk rule 5 with rules 35, 52 and 53: when two misère players go out together, the first bidder deals."""
    match = Match(NK, players=4, seed=4, first_dealer=1)
    match.sheet.plus[1] = match.sheet.plus[2] = 1  # both need one more plus to go out (eruit)
    play(match, "bid misere", "pass", "pass", "bid misere")  # seat 2 bids misère first, seat 1 joins
    hand = match.hand
    assert hand.declarers == (2, 1)
    # the misère is won by both (no trick taken): the hand's result as the engine would write it
    hand.result = hand_result((2, 1), True, contract="bid misere")
    match._after_hand(hand)
    assert match.sheet.status(1) == match.sheet.status(2) == Status.ERUIT
    assert len(match.hands) == 2
    assert match.hand.deal.dealer == 2  # the first misère player (rule 35), not seat 1
