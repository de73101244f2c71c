"""The rule-based Binokel player (``heuristic``): each test is a play a club player would never get wrong."""

from __future__ import annotations

from tests.games.binokel.bots_helpers import deal_with, position, view
from tests.games.binokel.helpers import RULES, act
from troef.cards import card_str
from troef.core.bot import Bot
from troef.games.binokel.game import GAME
from troef.games.binokel.heuristic import HeuristicBot, heuristic_action
from troef.games.binokel.meld import meld_value
from troef.games.binokel.state import DealState

HEARTS, DIAMONDS, CLUBS, SPADES = 0, 1, 2, 3
BINOKEL = GAME

#: Seat 3 holds two trumps (hearts) and two aces among low cards without meld; seat 1 will win the bid
#: with a heart marriage and nine, the ace of diamonds and three jacks.
PARTNER = "Ah 10h As Ac 9d 9c 9s Jc Js Qc Qd 10d"
DECLARER = "Kh Qh Jh 9h Ad 9d' Jd' 9c' Jc' 9s' Js' Kc"


def _exchange_round() -> DealState:
    r = DealState(RULES, deal_with({1: DECLARER, 3: PARTNER}))
    act(r, "bid 250", "pass", "pass", "pass", "trump h")
    return r


def _kinds(cards: list[int]) -> set[str]:
    return {card_str(c & 31) for c in cards}


def test_partner_passes_trumps_and_aces_to_the_bid_winner() -> None:
    r = _exchange_round()
    bot = HeuristicBot(1)
    for _ in range(4):
        act(r, bot.act(view(r, 3)).text())
    assert _kinds(r.given) == {"Ah", "10h", "As", "Ac"}


def test_bid_winner_passes_back_safe_cards_keeping_meld_trumps_and_aces() -> None:
    r = _exchange_round()
    bot = HeuristicBot(1)
    for _ in range(4):
        act(r, bot.act(view(r, 3)).text())
    before = meld_value(r.hands[1], HEARTS)  # sequence, trump nine, aces around, jacks around
    for _ in range(4):
        act(r, bot.act(view(r, 1)).text())
    back = [c & 31 for c in r.returned]
    assert all(c >> 3 != HEARTS for c in back), "passed back a trump"
    assert all(c & 7 != 7 for c in back), "passed back an ace"
    assert meld_value(r.hands[1], HEARTS) == before, "broke his own meld"
    assert _kinds(r.returned) == {"9d", "9c", "9s", "Kc"}


def _bid_up(bot: Bot, hand: str, stop: int) -> list[tuple[int, str]]:
    """Seat 0 (dealer) holds ``hand``; its partner passes, the opponents raise by 20 until ``stop``."""
    r = DealState(RULES, deal_with({0: hand}))
    act(r, "bid 250", "pass")  # seat 1 bids, seat 2 (the partner) passes
    answers = []
    high = 250
    while r.to_act == 3 and high + 20 <= stop:
        high += 20
        act(r, f"bid {high}")  # seat 3
        answer = bot.act(view(r, 0)).text()
        answers.append((high, answer))
        act(r, answer)
        if answer == "pass":
            break
        high = int(answer.split()[1])
        high += 20
        act(r, f"bid {high}")  # seat 1
    return answers


def test_bieten_never_passes_while_its_meld_alone_reaches_the_next_bid() -> None:
    # all eight aces: 1000 in meld, whatever the tricks
    answers = _bid_up(HeuristicBot(1), "Ah Ah' Ad Ad' Ac Ac' As As' 9h 9d 9c 9s", stop=900)
    assert answers and all(a != "pass" for _, a in answers), answers


def test_raises_its_partner_only_with_a_much_better_hand() -> None:
    r = DealState(RULES, deal_with({3: "9h Jh 9d Jd' 9c Jc 9s Js Qh Qd Kc Ks"}))
    act(r, "bid 250", "pass")  # seat 1 (seat 3's partner) bids, seat 2 passes
    assert heuristic_action(view(r, 3)).text() == "pass"


def test_smears_a_point_card_on_the_partners_trick() -> None:
    # spades trump; the partner (seat 2) leads the ace of hearts, seat 3 follows low; seat 0 has no heart, no spade
    r = position({0: "Kd 9d Jc", 1: "9h' Jh Qh", 2: "", 3: ""}, SPADES, declarer=0, leader=2, trick="Ah 9h")
    assert heuristic_action(view(r, 0)).text() == "play Kd"


def test_takes_no_points_onto_an_opponents_trick() -> None:
    r = position({0: "Kd 9d Jc", 1: "9h' Jh Qh", 2: "", 3: ""}, SPADES, declarer=0, leader=3, trick="Ah")
    assert heuristic_action(view(r, 0)).text() in ("play 9d", "play Jc")


def test_does_not_lead_its_trump_ace_for_nothing() -> None:
    # seat 1 defends (seat 0 bid) and leads: the trump ace stays for later
    r = position({1: "As 9h Jd Qc", 0: "9c", 2: "9d", 3: "Jh"}, SPADES, declarer=0, leader=1)
    assert heuristic_action(view(r, 1)).text() != "play As"


def test_leads_a_side_ace_before_low_cards() -> None:
    r = position({1: "Ad 9h Jd Qc", 0: "9c", 2: "9d", 3: "Jh"}, SPADES, declarer=0, leader=1)
    assert heuristic_action(view(r, 1)).text() == "play Ad"


def test_keeps_count_a_ten_is_top_once_both_aces_are_played() -> None:
    # both aces of spades fell in the first trick (hearts trump): the ten of spades now wins
    r = position(
        {0: "10s 9d Kd", 1: "Qs Jd Qd", 2: "9s' Jd' Qd'", 3: "Ks 9c Jc"},
        HEARTS,
        declarer=0,
        leader=0,
        earlier=((0, "As As' 9s Js"),),
    )
    assert heuristic_action(view(r, 0)).text() == "play 10s"


def test_without_the_count_a_ten_is_not_led_into_an_ace() -> None:
    r = position({0: "10s 9d Kd", 1: "Qs Jd Qd", 2: "9s' Jd' Qd'", 3: "Ks 9c Jc"}, HEARTS, declarer=0, leader=0)
    assert heuristic_action(view(r, 0)).text() != "play 10s"


def test_ueberreizen_concedes_a_contract_out_of_reach() -> None:
    r = position({0: "Ah 9d Kd"}, HEARTS, declarer=0, leader=0, bid=600)
    r.played = []
    v = view(r, 0)
    assert "concede" in v.legal
    assert heuristic_action(v).text() == "concede"


def test_every_action_is_legal_across_seeded_full_games() -> None:
    for seed in (1, 2):
        match = BINOKEL.new_match("cardgames", seed=seed, switches={"target": 1000})
        bots = [BINOKEL.make_bot("heuristic" if s % 2 == 0 else "random", seed * 10 + s) for s in range(4)]
        while not match.is_over:
            seat = match.to_act
            v = BINOKEL.view(match, seat)
            action = bots[seat].act(v)
            assert action.text() in v.legal
            BINOKEL.apply(match, action)
        assert match.winner == 0, "the heuristic side should beat random players"
