"""Illegal actions: each is refused with a message a player understands, and the state is left exactly as it was."""

from __future__ import annotations

import random

import pytest

from tests.games.bonaken.common import RULE_SETS, build_hand, play_match, play_out, snapshot
from troef.core.errors import IllegalActionError, NotationError
from troef.games.bonaken.actions import PASS, parse_action
from troef.games.bonaken.match import Match
from troef.games.bonaken.rules import preset
from troef.games.bonaken.state import DealState, Phase

#: nk, four players, dealer 3: seat 0 bids first. Ad Kd open, Qd blind; Jh 8d 9d 10d Ac sleep.
NK_DEAL = {
    0: "Ah Kh Qh 7c 8c 7s",
    1: "Jd 9c 10c 9s 10s 8s",
    2: "7d Jc Qc Js Qs Kc",
    3: "10h 9h 8h 7h Ks As",
}


def nk_hand() -> DealState:
    return build_hand(RULE_SETS["nk"], NK_DEAL, open="Ad Kd", closed="Qd", dealer=3)


def act(hand: DealState, *texts: str) -> DealState:
    for text in texts:
        hand.apply(parse_action(text))
    return hand


def refuse(hand: DealState, text: str, message: str, code: str | None = None) -> None:
    """``text`` is refused by check and apply with exactly ``message``; the hand is unchanged."""
    action = parse_action(text)
    before = snapshot(hand)
    assert hand.check(action) == message
    assert not hand.is_legal(action)
    assert action not in hand.legal_actions()
    with pytest.raises(IllegalActionError) as info:
        hand.apply(action)
    assert str(info.value) == message
    if code is not None:
        assert info.value.code == code
    after = snapshot(hand)
    assert after == before, f"changed: {[k for k in before if before[k] != after[k]]}"


def declarer_to_lead(trump: str, bid: str = "bid 25") -> DealState:
    """Seat 0 declares ``bid``, lays the centre away, names ``trump`` and declares no roem: seat 0 leads."""
    return act(
        nk_hand(), bid, "pass", "pass", "pass", "discard Ad", "discard Kd", "discard Qd", f"trump {trump}", "roem 0"
    )


# ---------------------------------------------------------------------- play


def test_playing_a_card_you_do_not_hold() -> None:
    hand = declarer_to_lead("h")
    refuse(hand, "play 7h", "you do not hold 7h", "not_held")
    refuse(hand, "play Jd", "you do not hold Jd", "not_held")
    act(hand, "play Ah")
    refuse(hand, "play Ah", "you do not hold Ah", "not_held")  # already played, and not seat 1's


def test_not_following_suit_without_trump() -> None:
    hand = act(nk_hand(), "bid zwabber", "pass", "pass", "pass", "discard Ad", "discard Kd", "discard Qd")
    assert hand.phase == Phase.PLAY and hand.trump == -1
    act(hand, "play Ah", "play 9c", "play Jc")
    refuse(hand, "play Ks", "you must follow hearts", "follow")


def test_not_following_suit_with_trump() -> None:
    hand = act(declarer_to_lead("d"), "play Ah", "play 9c", "play Jc")
    refuse(hand, "play Ks", "you must follow hearts (or play a trump)", "follow_or_trump")


def test_not_playing_a_trump_on_a_trump_lead() -> None:
    hand = act(declarer_to_lead("h"), "play Ah", "play 9c", "play Jc")
    refuse(hand, "play Ks", "you must play a trump (hearts)", "follow_trump")


def test_undertrumping() -> None:
    hand = act(declarer_to_lead("d"), "play Ah", "play Jd")
    refuse(hand, "play 7d", "you may not undertrump", "undertrump")


def test_not_overtrumping_on_a_trump_lead() -> None:
    """hazerswoude 2.5 rule 4: on a trump lead beat the highest trump if you can."""
    hand = build_hand(
        RULE_SETS["hazerswoude"],
        {0: "Ah Kh 7c 8c 7s 8s", 1: "9h 7h 9c 10c 9s 10s", 2: "Jc Qc Kc Ac Js Qs", 3: "7d 8d 9d 10d Jd Qd"},
        open="Kd Ad",
        closed="Ks As",
        dealer=3,
    )
    act(hand, "bid 30", "pass", "pass", "pass", "discard Kd", "discard Ad", "discard Ks", "discard As", "trump h")
    act(hand, "roem 0", "play Ah")
    refuse(hand, "play 7h", "you must play a higher trump", "overtrump")


def test_stuk() -> None:
    hand = declarer_to_lead("h")
    assert parse_action("stuk") in hand.legal_actions()
    stuk = declarer_to_lead("h")
    act(stuk, "stuk")
    refuse(stuk, "play 7c", "you declared stuk: play the king or queen of trumps", "stuk_card")
    refuse(stuk, "stuk", "you cannot declare stuk now", "no_stuk")
    act(hand, "play Ah")
    refuse(hand, "stuk", "you cannot declare stuk now", "no_stuk")


# ---------------------------------------------------------------------- bidding


def test_bidding_too_low() -> None:
    hand = act(nk_hand(), "bid 75")
    refuse(hand, "bid 75", "the bid must be higher than 75", "too_low")
    refuse(hand, "bid 70", "the bid must be higher than 75", "too_low")
    act(hand, "bid 105")
    refuse(hand, "bid misere", "misère is not higher than 105", "misere_too_low")


def test_bids_that_are_not_bids_of_the_rules() -> None:
    hand = nk_hand()
    refuse(hand, "bid 20", "the lowest number bid is 25", "bid_min")
    refuse(hand, "bid 5", "the lowest number bid is 25", "bid_min")
    refuse(hand, "bid 27", "a number bid must be a multiple of 5", "bid_step")
    refuse(hand, "bid 365", "the highest number bid is 360", "bid_max")
    refuse(hand, "bid zwabber 20", "zwabber with that roem is not a bid with these rules", "zwabber_roem")
    refuse(hand, "bid bonaak 25", "bonaak 25 is not a bid with these rules", "bonaak_value")
    refuse(
        hand,
        "bid bonaak 50 six",
        "a six-card claim is only made over a five-card sequence of equal value",
        "six_card",
    )
    refuse(hand, "bid open-bonaak", "open bonaak is not played with these rules", "no_open_bonaak")
    refuse(hand, "bid bonaak 50", "bonaak with roem may only follow a bid of bonaak", "bonaak_roem_first")


def test_bids_the_variant_does_not_play() -> None:
    rules = RULE_SETS["limpt_bogmans"]
    hand = build_hand(rules, {0: "Jh 9h Ah Kh Qh", 1: "7c 8c 9c 10c Jc", 2: "7d 8d 9d 10d Jd"}, open="Kc Ac", dealer=2)
    refuse(hand, "bid misere", "misère is not played with these rules", "no_misere")
    refuse(hand, "bid zwabber", "zwabber is not played with these rules", "no_zwabber")
    act(hand, "bid 25", "bid 30", "pass")
    assert hand.to_act == 0
    refuse(hand, "bid bonaak", "after bidding a number you may not bid bonaak", "no_bonaak")
    refuse(hand, "bid open-bonaak", "after bidding a number you may not bid bonaak", "no_bonaak")


def test_after_two_miseres_only_misere_or_pass() -> None:
    hand = build_hand(
        RULE_SETS["pagat"],
        {0: "7h 8h 9h 7d 8d 9d", 1: "7c 8c 9c 7s 8s 9s", 2: "Ah Kh Ad Kd Ac Kc"},
        open="As Ks",
        closed="Qh Qd",
        dealer=2,
    )
    act(hand, "bid misere", "bid misere")
    refuse(hand, "bid 100", "after 2 misère bids only misère or pass may follow", "misere_locked")
    refuse(hand, "bid bonaak", "after 2 misère bids only misère or pass may follow", "misere_locked")


def test_compulsory_misere_in_the_first_hand_of_seven() -> None:
    match = Match(preset("pagat", seven_compulsory_misere=True), players=7, seed=1, first_dealer=0)
    hand = match.hand
    assert hand.compulsory_misere and [a.text() for a in hand.legal_actions()] == ["bid misere"]
    refuse(hand, "pass", "everybody must bid misère in the first hand with seven players", "compulsory_misere")
    before = snapshot(hand)
    with pytest.raises(IllegalActionError, match="everybody must bid misère"):
        match.apply(PASS)
    assert snapshot(match.hand) == before and len(match.hands) == 1


# ---------------------------------------------------------------------- roem


def test_roem_not_held() -> None:
    hand = act(nk_hand(), "bid 25", "pass", "pass", "pass", "discard Ad", "discard Kd", "discard Qd", "trump h")
    assert hand.phase == Phase.ROEM and hand.declarable_roem() == [0, 20]
    refuse(hand, "roem 30", "you do not hold 30 roem; you may declare 0, 20", "roem_not_held")
    refuse(hand, "roem 100", "you do not hold 100 roem; you may declare 0, 20", "roem_not_held")


def test_roem_not_below_the_bid() -> None:
    """A-K-Q of trumps with stuk is 40 roem: too much for a bid of 25 (nk rule 49)."""
    hand = act(nk_hand(), "bid 25", "pass", "pass", "pass", "discard Ad", "discard Kd", "discard Qd", "trump h")
    refuse(hand, "roem 40", "roem must be lower than your bid of 25; you may declare 0, 20", "roem_not_below_bid")


# ---------------------------------------------------------------------- phases


def test_discarding_during_the_bidding() -> None:
    hand = nk_hand()
    refuse(hand, "discard Ah", "it is time to bid or pass", "bid_or_pass")
    refuse(hand, "play Ah", "it is time to bid or pass", "bid_or_pass")
    refuse(hand, "trump h", "it is time to bid or pass", "bid_or_pass")
    refuse(hand, "roem 0", "it is time to bid or pass", "bid_or_pass")


def test_actions_of_the_wrong_phase_after_the_bidding() -> None:
    hand = act(nk_hand(), "bid 25", "pass", "pass", "pass")
    refuse(hand, "play Ah", "first lay away 3 more cards", "lay_away_first")
    refuse(hand, "pass", "first lay away 3 more cards", "lay_away_first")
    refuse(hand, "discard 7h", "you do not hold 7h", "not_held")
    act(hand, "discard Ad")
    refuse(hand, "bid 30", "first lay away 2 more cards", "lay_away_first")
    act(hand, "discard Kd", "discard Qd")
    refuse(hand, "bid 30", "name the trump suit first (or lead a card: its suit becomes trump)", "trump_first")
    refuse(hand, "roem 0", "name the trump suit first (or lead a card: its suit becomes trump)", "trump_first")
    refuse(hand, "play 9h", "you do not hold 9h", "not_held")
    act(hand, "trump h")
    refuse(hand, "play Ah", "declare your roem first ('roem 0' for none)", "roem_first")
    act(hand, "roem 0")
    refuse(hand, "bid 30", "it is time to play a card", "play_a_card")
    refuse(hand, "discard Ah", "it is time to play a card", "play_a_card")


def test_passing_on_in_a_misere_chain() -> None:
    hand = build_hand(
        RULE_SETS["pagat"],
        {0: "7h 8h 9h 7d 8d 9d", 1: "7c 8c 9c 7s 8s 9s", 2: "Ah Kh Ad Kd Ac Kc"},
        open="As Ks",
        closed="Qh Qd",
        dealer=2,
    )
    act(hand, "bid misere", "bid misere", "pass")
    refuse(hand, "play 7h", "first pass on 4 more cards", "pass_on_first")


def test_acting_after_the_hand_is_over() -> None:
    hand = nk_hand()
    play_out(hand, random.Random(5))
    assert hand.is_over and hand.legal_actions() == []
    for text in ("pass", "bid 25", "play Ah", "discard Ah", "trump h", "roem 0", "stuk"):
        refuse(hand, text, "the hand is over", "hand_over")


def test_acting_after_the_match_is_over() -> None:
    match = Match(RULE_SETS["pagat"], players=3, seed=4)
    play_match(match, random.Random(4))
    assert match.is_over and match.check(PASS) == "the match is over"
    before = snapshot(match.hand)
    hands = len(match.hands)
    with pytest.raises(IllegalActionError) as info:
        match.apply(PASS)
    assert str(info.value) == "the match is over" and info.value.code == "match_over"
    assert snapshot(match.hand) == before and len(match.hands) == hands


@pytest.mark.parametrize("text", ["bid ٣٠", "bid ３０", "roem ٢٠", "bid bonaak ٥٠", "bid 3\u0660"])
def test_numbers_in_other_scripts_are_not_read(text: str) -> None:
    """An action has one spelling: ASCII digits (str.isdigit and int() would also read "٣٠" as 30)."""
    with pytest.raises(NotationError):
        parse_action(text)
    assert parse_action("bid 30").text() == "bid 30"
